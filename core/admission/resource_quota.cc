#include "core/admission/resource_quota.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

namespace podsim {
namespace {

constexpr int64_t kOne = 1000;  // one, in milli-units

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// helper.IsNativeResource: no domain, or one of kubernetes.io.
bool Native(std::string_view name) {
  return name.find('/') == std::string_view::npos ||
         name.find("kubernetes.io/") != std::string_view::npos;
}

// isExtendedResourceNameForQuota: "requests." and an extended resource,
// or DRA's implicit device-class resource.
bool ExtendedForQuota(std::string_view name) {
  const bool implicit =
      StartsWith(name, "requests.deviceclass.resource.kubernetes.io/");
  return (!Native(name) || implicit) && StartsWith(name, "requests.");
}

// The pods evaluator's podResources.
bool PodResource(std::string_view name) {
  for (std::string_view r :
       {"count/pods", "cpu", "memory", "ephemeral-storage", "requests.cpu",
        "requests.memory", "requests.ephemeral-storage", "limits.cpu",
        "limits.memory", "limits.ephemeral-storage", "pods"}) {
    if (name == r) return true;
  }
  return false;
}

// validationSet: what a quota requires each container to state.
bool Validated(std::string_view name) {
  for (std::string_view r : {"cpu", "memory", "requests.cpu", "requests.memory",
                             "limits.cpu", "limits.memory"}) {
    if (name == r) return true;
  }
  return false;
}

// podComputeUsageHelper's names for a container's or pod's requests and
// limits, as a set (Constraints reads which names are there).
std::set<std::string> UsageNames(const QuantityList& requests,
                                 const QuantityList& limits) {
  std::set<std::string> names{"pods"};
  if (requests.Find(kCpu)) names.insert({"cpu", "requests.cpu"});
  if (limits.Find(kCpu)) names.insert("limits.cpu");
  if (requests.Find(kMemory)) names.insert({"memory", "requests.memory"});
  if (limits.Find(kMemory)) names.insert("limits.memory");
  return names;
}

// Whether every scope requirement of quota selects pod (none: all do).
bool ScopesSelect(const ResourceQuota& quota, const Pod& pod) {
  for (const QuotaScopeRequirement& scope : quota.scopes) {
    if (!PodMatchesScope(scope, pod)) return false;
  }
  return true;
}

const QuotaAmount* HardOf(const ResourceQuota& quota, std::string_view name) {
  for (const QuotaAmount& a : quota.hard) {
    if (a.resource == name) return &a;
  }
  return nullptr;
}

// prettyPrint of amounts by name (sorted), each in the format the quota's
// hard amount for it was written in.
std::string PrettyPrint(const ResourceQuota& quota,
                        const std::map<std::string, int64_t>& amounts) {
  std::string out;
  for (const auto& [name, millis] : amounts) {
    const QuotaAmount* hard = HardOf(quota, name);
    out += (out.empty() ? "" : ",") + name + "=" +
           CanonicalQuantity(millis,
                             hard ? hard->format : QuantityFormat::kDecimalSI);
  }
  return out;
}

}  // namespace

UsageKey UsageKeyOf(std::string_view name, const ResourceTable& table) {
  using What = UsageKey::What;
  if (name == "count/pods") return {What::kCountPods};
  if (name == "pods") return {What::kPods};
  if (name == "cpu" || name == "requests.cpu") return {What::kCpuRequest};
  if (name == "memory" || name == "requests.memory") {
    return {What::kMemoryRequest};
  }
  if (name == "ephemeral-storage" || name == "requests.ephemeral-storage") {
    return {What::kEphemeralRequest};
  }
  if (name == "limits.cpu") return {What::kCpuLimit};
  if (name == "limits.memory") return {What::kMemoryLimit};
  if (name == "limits.ephemeral-storage") return {What::kEphemeralLimit};
  // hugepages-<size> and requests.hugepages-<size>; requests.<extended>.
  std::string_view resource = name;
  const bool requests = StartsWith(name, "requests.");
  if (requests) resource.remove_prefix(std::string_view("requests.").size());
  const bool hugepages = StartsWith(resource, "hugepages-");
  if (hugepages || (requests && ExtendedForQuota(name))) {
    const ResourceId id = table.Find(resource);
    if (id >= 0) return {What::kRequest, id};
  }
  return {What::kNothing};
}

int64_t PodQuotaAmount(const Pod& pod, UsageKey key) {
  using What = UsageKey::What;
  if (key.what == What::kCountPods) return kOne;
  // QuotaV1Pod: a pod in a terminal phase counts only as an object.
  if (pod.phase == "Succeeded" || pod.phase == "Failed") return 0;
  switch (key.what) {
    case What::kPods:
      return kOne;
    case What::kCpuRequest:
      return pod.requests.Get(kCpu);  // millicores: milli-units already
    case What::kMemoryRequest:
      return pod.quota.requests_memory;
    case What::kEphemeralRequest:
      return pod.quota.requests_ephemeral_storage;
    case What::kCpuLimit:
      return pod.quota.limits_cpu;
    case What::kMemoryLimit:
      return pod.quota.limits_memory;
    case What::kEphemeralLimit:
      return pod.quota.limits_ephemeral_storage;
    case What::kRequest:  // whole units (extended resources are whole)
      return pod.requests.Get(key.id) * kOne;
    default:
      return 0;
  }
}

QuotaUsage PodQuotaUsage(const Pod& pod, const ResourceTable& table) {
  std::vector<std::string> names = {"count/pods",
                                    "pods",
                                    "cpu",
                                    "requests.cpu",
                                    "memory",
                                    "requests.memory",
                                    "ephemeral-storage",
                                    "requests.ephemeral-storage",
                                    "limits.cpu",
                                    "limits.memory",
                                    "limits.ephemeral-storage"};
  for (ResourceId id = kPods + 1; id < pod.requests.size(); ++id) {
    const std::string& name = table.Name(id);
    if (StartsWith(name, "hugepages-")) names.push_back(name);
    names.push_back("requests." + name);
  }
  std::sort(names.begin(), names.end());
  QuotaUsage out;
  for (const std::string& name : names) {
    const int64_t millis = PodQuotaAmount(pod, UsageKeyOf(name, table));
    if (millis != 0) out.emplace_back(name, millis);
  }
  return out;
}

bool PodMatchesScope(const QuotaScopeRequirement& scope, const Pod& pod) {
  const std::string& s = scope.scope;
  if (s == "Terminating") return pod.active_deadline;
  if (s == "NotTerminating") return !pod.active_deadline;
  if (s == "BestEffort") return pod.quota.best_effort;
  if (s == "NotBestEffort") return !pod.quota.best_effort;
  if (s == "CrossNamespacePodAffinity") return pod.cross_namespace_affinity;
  if (s != "PriorityClass") return false;
  // podMatchesSelector: the label selector {PriorityClass: <class>} over
  // the pod's class name, none when it names no class.
  const bool has = !pod.priority_class_name.empty();
  const bool in =
      has && std::find(scope.values.begin(), scope.values.end(),
                       pod.priority_class_name) != scope.values.end();
  if (scope.op == "Exists") return has;
  if (scope.op == "DoesNotExist") return !has;
  if (scope.op == "In") return in;
  if (scope.op == "NotIn") return !in;
  return false;
}

std::vector<std::string> PodQuotaResources(const ResourceQuota& quota) {
  std::vector<std::string> out;
  for (const QuotaAmount& a : quota.hard) {
    const std::string& name = a.resource;
    if (PodResource(name) || StartsWith(name, "hugepages-") ||
        StartsWith(name, "requests.hugepages-") || ExtendedForQuota(name)) {
      out.push_back(name);
    }
  }
  return out;
}

bool QuotaMatches(const ResourceQuota& quota, const Pod& pod) {
  return !PodQuotaResources(quota).empty() && ScopesSelect(quota, pod);
}

std::string QuotaConstraints(const std::vector<std::string>& required,
                             const PodSpecResources& spec) {
  // With pod-level cpu or memory, containers need not state theirs.
  for (const auto* level : {&spec.pod_requests, &spec.pod_limits}) {
    if (*level && ((*level)->Find(kCpu) || (*level)->Find(kMemory))) {
      return "";
    }
  }
  std::set<std::string> wanted;
  for (const std::string& r : required) {
    if (Validated(r)) wanted.insert(r);
  }
  std::map<std::string, std::set<std::string>> missing;  // resource: names
  for (bool init : {false, true}) {
    for (const ContainerSpec& c : spec.containers) {
      if (c.init != init) continue;
      const std::set<std::string> have = UsageNames(c.requests, c.limits);
      for (const std::string& r : wanted) {
        if (!have.count(r)) missing[r].insert(c.name);
      }
    }
  }
  if (missing.empty()) return "";
  std::string out = "must specify ";
  bool first = true;
  for (const auto& [resource, containers] : missing) {
    out += (first ? "" : "; ") + resource + " for: ";
    first = false;
    bool first_name = true;
    for (const std::string& name : containers) {
      out += (first_name ? "" : ",") + name;
      first_name = false;
    }
  }
  return out;
}

QuotaLedger::QuotaLedger(const Scenario& scenario) {
  for (const ResourceQuota& q : scenario.resource_quotas) {
    Entry e{&q, PodQuotaResources(q), {}, {}, {}};
    for (const std::string& name : e.resources) {
      e.keys.push_back(UsageKeyOf(name, scenario.resources));
      e.hard.push_back(HardOf(q, name)->millis);
    }
    e.used.assign(e.resources.size(), 0);
    if (!e.resources.empty()) by_ns_[q.ns].push_back(entries_.size());
    entries_.push_back(std::move(e));
  }
}

bool QuotaLedger::Applies(const Pod& pod) const {
  return by_ns_.count(pod.ns) > 0;
}

void QuotaLedger::Add(const Pod& pod, int64_t sign) {
  auto it = by_ns_.find(pod.ns);
  if (it == by_ns_.end()) return;
  for (size_t index : it->second) {
    Entry& e = entries_[index];
    if (!ScopesSelect(*e.quota, pod)) continue;
    for (size_t i = 0; i < e.keys.size(); ++i) {
      e.used[i] += sign * PodQuotaAmount(pod, e.keys[i]);
    }
  }
}

void QuotaLedger::Charge(const Pod& pod) { Add(pod, 1); }
void QuotaLedger::Release(const Pod& pod) { Add(pod, -1); }

std::optional<QuotaLedger::Refusal> QuotaLedger::Admit(
    const Pod& pod, const PodSpecResources* spec) {
  auto it = by_ns_.find(pod.ns);
  if (it == by_ns_.end()) return std::nullopt;
  std::vector<const Entry*> interesting;
  for (size_t index : it->second) {
    const Entry& e = entries_[index];
    if (!ScopesSelect(*e.quota, pod)) continue;
    if (spec) {
      const std::string error = QuotaConstraints(e.resources, *spec);
      if (!error.empty()) {
        return Refusal{"failed quota: " + e.quota->name + ": " + error,
                       e.quota};
      }
    }
    interesting.push_back(&e);
  }
  for (const Entry* e : interesting) {
    std::map<std::string, int64_t> requested, used, hard;
    for (size_t i = 0; i < e->keys.size(); ++i) {
      const int64_t millis = PodQuotaAmount(pod, e->keys[i]);
      if (millis == 0 || e->used[i] + millis <= e->hard[i]) continue;
      requested[e->resources[i]] = millis;
      used[e->resources[i]] = e->used[i];
      hard[e->resources[i]] = e->hard[i];
    }
    if (requested.empty()) continue;
    return Refusal{"exceeded quota: " + e->quota->name +
                       ", requested: " + PrettyPrint(*e->quota, requested) +
                       ", used: " + PrettyPrint(*e->quota, used) +
                       ", limited: " + PrettyPrint(*e->quota, hard),
                   e->quota};
  }
  Charge(pod);
  return std::nullopt;
}

int64_t QuotaLedger::Used(const ResourceQuota& quota,
                          const std::string& resource) const {
  for (const Entry& e : entries_) {
    if (e.quota != &quota) continue;
    for (size_t i = 0; i < e.resources.size(); ++i) {
      if (e.resources[i] == resource) return e.used[i];
    }
  }
  return 0;
}

void QuotaLedger::SetUsed(const ResourceQuota& quota,
                          const std::string& resource, int64_t millis) {
  for (Entry& e : entries_) {
    if (e.quota != &quota) continue;
    for (size_t i = 0; i < e.resources.size(); ++i) {
      if (e.resources[i] == resource) e.used[i] = millis;
    }
  }
}

}  // namespace podsim
