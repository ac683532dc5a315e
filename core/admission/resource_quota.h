// ResourceQuota admission: what a pod uses of its namespace's quotas and
// whether a new pod fits under them. Mirrors the quota admission plugin
// (apiserver's plugin/resourcequota, CheckRequest on create) with the pods
// evaluator (pkg/quota/v1/evaluator/core/pods.go).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/api/container_resources.h"
#include "core/api/objects.h"

namespace podsim {

// A pod's usage as PodUsageFunc measures it: amounts in milli-units by the
// quota's resource names ("pods", "requests.cpu", "limits.memory"), sorted
// by name, zero amounts left out.
using QuotaUsage = std::vector<std::pair<std::string, int64_t>>;
QuotaUsage PodQuotaUsage(const Pod& pod, const ResourceTable& table);

// One name of a quota's spec.hard, resolved to what of a pod it counts
// (kRequest: the request of resource id; kNothing: nothing pods use).
struct UsageKey {
  enum class What : uint8_t {
    kNothing,
    kCountPods,
    kPods,
    kCpuRequest,
    kMemoryRequest,
    kEphemeralRequest,
    kCpuLimit,
    kMemoryLimit,
    kEphemeralLimit,
    kRequest,
  };
  What what = What::kNothing;
  ResourceId id = -1;
};
UsageKey UsageKeyOf(std::string_view name, const ResourceTable& table);
// What pod uses of key, in milli-units (PodUsageFunc for one name).
int64_t PodQuotaAmount(const Pod& pod, UsageKey key);

// Mirrors podMatchesScopeFunc: whether pod falls in one scope requirement.
bool PodMatchesScope(const QuotaScopeRequirement& scope, const Pod& pod);

// Mirrors the pods evaluator's MatchingResources: the names of quota's
// spec.hard that pods use.
std::vector<std::string> PodQuotaResources(const ResourceQuota& quota);

// Mirrors generic.Matches: quota limits something pods use, and every
// scope requirement selects pod.
bool QuotaMatches(const ResourceQuota& quota, const Pod& pod);

// Mirrors the pods evaluator's Constraints: a quota on cpu or memory
// requires each container to request (or limit) it. Returns "" or
// upstream's "must specify ..." text.
std::string QuotaConstraints(const std::vector<std::string>& required,
                             const PodSpecResources& spec);

// The usage of a scenario's quotas (status.used, recomputed from the pods)
// and the admission of the pods created against it.
class QuotaLedger {
 public:
  // No usage yet: Charge the pods that exist. REQUIRES: scenario's quotas
  // outlive the ledger.
  explicit QuotaLedger(const Scenario& scenario);

  bool empty() const { return entries_.empty(); }
  // Whether a quota of pod's namespace may count it.
  bool Applies(const Pod& pod) const;

  // Counts a pod that exists (bound, or stored by an API server) in every
  // quota that matches it; Release takes it out again (it is gone).
  void Charge(const Pod& pod);
  void Release(const Pod& pod);

  // CheckRequest for the creation of pod (spec: its containers as
  // admitted, or null for none to check): returns nullopt and counts the
  // pod when every quota that matches it has room, or the refusal of the
  // first that has not (in input order): upstream's "exceeded quota: ..."
  // or "failed quota: ..." text and the quota.
  struct Refusal {
    std::string message;
    const ResourceQuota* quota = nullptr;
  };
  std::optional<Refusal> Admit(const Pod& pod, const PodSpecResources* spec);

  // What quota's status.used holds now for resource (milli-units).
  int64_t Used(const ResourceQuota& quota, const std::string& resource) const;
  // Sets it, as a quota object's status.used gives it (upstream's cases
  // start from such a status). A resource quota does not limit is ignored.
  void SetUsed(const ResourceQuota& quota, const std::string& resource,
               int64_t millis);

 private:
  struct Entry {
    const ResourceQuota* quota;
    std::vector<std::string> resources;  // PodQuotaResources
    std::vector<UsageKey> keys;          // by resources' index
    std::vector<int64_t> hard;           // by resources' index
    std::vector<int64_t> used;           // by resources' index
  };
  void Add(const Pod& pod, int64_t sign);

  std::vector<Entry> entries_;
  // By namespace: its quotas' entries that pods use, in input order.
  std::unordered_map<std::string, std::vector<size_t>> by_ns_;
};

}  // namespace podsim
