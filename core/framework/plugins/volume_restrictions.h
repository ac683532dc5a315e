// The VolumeRestrictions plugin's ReadWriteOncePod rule and the claims it
// reads: each pod's PersistentVolumeClaims resolved against the input, its
// PreFilter (the claim lookup VolumeBinding's shares, the conflicting
// references it counts), Filter and reasons.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/api/objects.h"
#include "core/base/diagnostics.h"
#include "core/config/plugins.h"
#include "core/config/profile.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"

namespace podsim {

// Fills scenario.pod_claims from the scenario's PersistentVolumeClaims for
// every pod that names claims, and warns, for pending pods, of a claim
// the input lacks and of a claim VolumeBinding would still have to bind.
// When the input holds no PersistentVolumeClaim at all (a dump taken
// without them), claims are taken to exist and not to be ReadWriteOncePod,
// with one warning.
void ResolveClaims(Scenario& scenario, const Profile& profile,
                   Diagnostics& diagnostics);

// Returns what ResolveClaims found of the pod's claims, or nullptr when it
// names none.
const PodClaims* ClaimsOf(const Scenario& scenario, ObjectIndex pod);

// Mirrors VolumeRestrictions.calPreFilterState: the number of pod's
// ReadWriteOncePod claims (read_write_once_pod, its) that a pod bound in the
// cluster uses (at most one each).
int CountClaimsInUse(const Cluster& cluster, const Pod& pod,
                     const std::vector<std::string>& read_write_once_pod);

// Mirrors preFilterState.conflictingPVCRefCountForPod: how many of other's
// volumes name one of the ReadWriteOncePod claims. Like upstream, by claim
// name alone, whatever other's namespace.
int ConflictingClaimRefs(const std::vector<std::string>& read_write_once_pod,
                         const Pod& other);

// Mirrors the claim lookup of VolumeRestrictions' PreFilter, which
// VolumeBinding's PreFilter repeats: returns plugin's
// UnschedulableAndUnresolvable status (ClaimNotFound) when the pod names a
// claim the input lacks, else Success. Profiles before the ReadWriteOncePod
// rule (v1.22) look nothing up.
Status LookUpClaims(const CycleState& state, Plugin plugin);

// Mirrors the rest of VolumeRestrictions.PreFilter: writes the plugin's
// entry, the pod's ReadWriteOncePod claims and how many of them pods in the
// cluster use. Writes nothing (Skip) when the profile predates the rule, the
// pod has no such claim, or none is in use (then, unlike upstream's, the
// entry would not count a nominated pod using one).
void PreFilterVolumeRestrictions(CycleState& state);

// Mirrors VolumeRestrictions.AddPod (delta +1) and RemovePod (-1),
// preFilterState.updateWithPod: counts other's references to the claims.
// REQUIRES: the plugin wrote its entry.
void UpdateVolumeRestrictions(CycleState& state, ObjectIndex other, int delta);

// Mirrors VolumeRestrictions.Filter's satisfyReadWriteOncePod: while a
// ReadWriteOncePod claim of the pod is in use, makes status the plugin's
// Unschedulable failure. The count is the cluster's, so every node gets the
// same verdict. REQUIRES: the plugin wrote its entry.
void FilterVolumeRestrictions(const CycleState& state, ObjectIndex n,
                              Status& status);

// Mirrors the NotFound error of the PVC lister that VolumeRestrictions' and
// VolumeBinding's PreFilter return: persistentvolumeclaim "<name>" not found.
std::string ClaimNotFound(const std::string& claim);

}  // namespace podsim
