#include "core/framework/plugins/volume_restrictions.h"

#include <algorithm>
#include <cassert>
#include <memory>
#include <unordered_map>

namespace podsim {
namespace {

// Mirrors preFilterState: the pod's claims, of which read_write_once_pod
// counts, and the references to them of pods in the cluster.
struct VolumeRestrictionsState : StateData {
  static constexpr Plugin kPlugin = Plugin::kVolumeRestrictions;
  const PodClaims* claims = nullptr;
  int claims_in_use = 0;
};

}  // namespace

void ResolveClaims(Scenario& scenario, const Profile& profile,
                   Diagnostics& diagnostics) {
  std::unordered_map<std::string, const PersistentVolumeClaim*> by_key;
  for (const PersistentVolumeClaim& c : scenario.claims) {
    by_key.emplace(c.ref().Key(), &c);
  }
  const bool checked = profile.read_write_once_pod;
  int pods_with_claims = 0;
  scenario.pod_claims.clear();
  for (const Pod& pod : scenario.pods) {
    if (pod.claims.empty()) continue;
    const bool pending = pod.admitted && !pod.bound() &&
                         pod.phase != "Succeeded" && pod.phase != "Failed";
    pods_with_claims += pending ? 1 : 0;
    if (scenario.claims.empty()) continue;
    PodClaims& found = scenario.pod_claims[pod.index];
    for (size_t i = 0; i < pod.claims.size(); ++i) {
      const std::string& name = pod.claims[i];
      const ObjectRef claim_ref{"PersistentVolumeClaim", pod.ns, name};
      auto it = by_key.find(claim_ref.Key());
      FieldPath path = FieldPath("spec.volumes")
                           .Index(i)
                           .Child("persistentVolumeClaim.claimName");
      if (it == by_key.end()) {
        if (found.missing.empty()) found.missing = name;
        if (!pending || !checked) continue;
        const ProfilePlugins& plugins = scenario.config.plugins;
        const bool rejected =
            plugins.Runs(ExtensionPoint::kPreFilter,
                         Plugin::kVolumeRestrictions) ||
            plugins.Runs(ExtensionPoint::kPreFilter, Plugin::kVolumeBinding);
        Diagnostic& d = diagnostics.Add(
            Severity::kWarning, pod.ref().Describe(), path, pod.line,
            claim_ref.Describe() + " is not in the input; " +
                (rejected ? "kube-scheduler's PreFilter (VolumeRestrictions, "
                            "else VolumeBinding) rejects the pod (" +
                                ClaimNotFound(name) + ") until the claim exists"
                          : std::string("neither VolumeRestrictions nor "
                                        "VolumeBinding runs at preFilter in "
                                        "this profile, so nothing checks it")),
            pod.document);
        diagnostics.NamesMissing(d, claim_ref.Describe());
        continue;
      }
      const PersistentVolumeClaim& claim = *it->second;
      if (claim.read_write_once_pod &&
          std::find(found.read_write_once_pod.begin(),
                    found.read_write_once_pod.end(),
                    name) == found.read_write_once_pod.end()) {
        found.read_write_once_pod.push_back(name);
      }
      if (pending && (claim.phase == "Pending" || claim.phase == "Lost")) {
        diagnostics.Add(
            Severity::kWarning, pod.ref().Describe(), path, pod.line,
            claim_ref.Describe() + " is " + claim.phase +
                "; podsim does not model VolumeBinding, which binds a claim "
                "or rejects the pod, and treats the claim as bound to a "
                "volume every node can reach",
            pod.document);
      }
    }
  }
  if (scenario.claims.empty() && pods_with_claims > 0) {
    diagnostics.Add(
        Severity::kWarning, "", FieldPath(), 0,
        std::to_string(pods_with_claims) +
            (pods_with_claims == 1 ? " pending pod names"
                                   : " pending pods name") +
            " PersistentVolumeClaims, but the input holds none; podsim "
            "takes each claim to exist and not to be ReadWriteOncePod (add "
            "them, e.g. kubectl get pvc -A -o yaml, to check the "
            "ReadWriteOncePod rule)");
  }
}

const PodClaims* ClaimsOf(const Scenario& scenario, ObjectIndex pod) {
  auto it = scenario.pod_claims.find(pod);
  return it == scenario.pod_claims.end() ? nullptr : &it->second;
}

int CountClaimsInUse(const Cluster& cluster, const Pod& pod,
                     const std::vector<std::string>& read_write_once_pod) {
  int count = 0;
  for (const std::string& claim : read_write_once_pod) {
    // Mirrors StorageInfos().IsPVCUsedByPods: any pod on a node, by
    // namespace and name.
    for (const Pod& other : cluster.scenario().pods) {
      if (other.ns != pod.ns || cluster.NodeOf(other.index) == kNoNode) {
        continue;
      }
      if (std::find(other.claims.begin(), other.claims.end(), claim) !=
          other.claims.end()) {
        ++count;
        break;
      }
    }
  }
  return count;
}

int ConflictingClaimRefs(const std::vector<std::string>& read_write_once_pod,
                         const Pod& other) {
  int conflicts = 0;
  for (const std::string& claim : other.claims) {
    if (std::find(read_write_once_pod.begin(), read_write_once_pod.end(),
                  claim) != read_write_once_pod.end()) {
      ++conflicts;
    }
  }
  return conflicts;
}

Status LookUpClaims(const CycleState& state, Plugin plugin) {
  if (!state.profile().read_write_once_pod) return Status();
  const PodClaims* claims = ClaimsOf(state.cluster().scenario(), state.pod());
  if (!claims || claims->missing.empty()) return Status();
  return Status::Owned(Code::kUnschedulableAndUnresolvable, NameOf(plugin),
                       ClaimNotFound(claims->missing));
}

void PreFilterVolumeRestrictions(CycleState& state) {
  if (!state.profile().read_write_once_pod) return;
  const Cluster& cluster = state.cluster();
  const PodClaims* claims = ClaimsOf(cluster.scenario(), state.pod());
  if (!claims || claims->read_write_once_pod.empty()) return;
  const int in_use = CountClaimsInUse(cluster, cluster.pod(state.pod()),
                                      claims->read_write_once_pod);
  if (in_use == 0) return;
  auto entry = std::make_unique<VolumeRestrictionsState>();
  entry->claims = claims;
  entry->claims_in_use = in_use;
  state.Write(std::move(entry));
}

void UpdateVolumeRestrictions(CycleState& state, ObjectIndex other, int delta) {
  VolumeRestrictionsState* entry = state.Read<VolumeRestrictionsState>();
  assert(entry);
  entry->claims_in_use +=
      delta * ConflictingClaimRefs(entry->claims->read_write_once_pod,
                                   state.cluster().pod(other));
}

void FilterVolumeRestrictions(const CycleState& state, ObjectIndex /*n*/,
                              Status& status) {
  const VolumeRestrictionsState* entry = state.Read<VolumeRestrictionsState>();
  assert(entry);
  if (entry->claims_in_use > 0) {
    status.Reject(Code::kUnschedulable, kVolumeRestrictions,
                  state.profile().reasons.read_write_once_pod_conflict);
  }
}

std::string ClaimNotFound(const std::string& claim) {
  return "persistentvolumeclaim \"" + claim + "\" not found";
}

}  // namespace podsim
