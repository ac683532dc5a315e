// The VolumeRestrictions plugin's ReadWriteOncePod rule and the claims it
// reads: each pod's PersistentVolumeClaims resolved against the input, the
// conflicting references its PreFilter counts, and its reasons.
#pragma once

#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/node_info.h"
#include "core/objects.h"
#include "core/profile.h"

namespace podsim {

inline constexpr std::string_view kVolumeRestrictions = "VolumeRestrictions";
inline constexpr std::string_view kVolumeBinding = "VolumeBinding";

// Mirrors ErrReasonReadWriteOncePodConflict.
inline constexpr std::string_view kReasonReadWriteOncePodConflict =
    "node has pod using PersistentVolumeClaim with the same name and "
    "ReadWriteOncePod access mode";

// Sets each pod's read_write_once_pod_claims and missing_claim from the
// scenario's PersistentVolumeClaims, and warns, for pending pods, of a claim
// the input lacks and of a claim VolumeBinding would still have to bind.
// When the input holds no PersistentVolumeClaim at all (a dump taken
// without them), claims are taken to exist and not to be ReadWriteOncePod,
// with one warning.
void ResolveClaims(Scenario& scenario, const Profile& profile,
                   Diagnostics& diagnostics);

// Mirrors VolumeRestrictions.calPreFilterState: the number of the pod's
// ReadWriteOncePod claims that a pod bound in the cluster uses (at most one
// each).
int CountClaimsInUse(const Cluster& cluster, const Pod& pod);

// Mirrors preFilterState.conflictingPVCRefCountForPod: how many of other's
// volumes name one of pod's ReadWriteOncePod claims. Like upstream, by claim
// name alone, whatever other's namespace.
int ConflictingClaimRefs(const Pod& pod, const Pod& other);

// Mirrors the NotFound error of the PVC lister that VolumeRestrictions' and
// VolumeBinding's PreFilter return: persistentvolumeclaim "<name>" not found.
std::string ClaimNotFound(const std::string& claim);

}  // namespace podsim
