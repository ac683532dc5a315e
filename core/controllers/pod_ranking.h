// Which pods a ReplicaSet's scale-down deletes first: the ranking of
// controller.ActivePodsWithRanks (pkg/controller/controller_utils.go) and
// getPodsToDelete (pkg/controller/replicaset/replica_set.go), on podsim's
// clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace podsim {

// A pod as ActivePodsWithRanks.Less reads it. Times are Unix milliseconds;
// nullopt is Go's zero time.
struct RankedPod {
  std::string_view node;   // spec.nodeName; "" when unassigned
  std::string_view phase;  // status.phase
  bool ready = false;      // podutil.IsPodReady
  int32_t deletion_cost = 0;
  // Active related pods on the pod's node
  // (getPodsRankedByRelatedPodsOnSameNode).
  int rank = 0;
  std::optional<int64_t> ready_ms;  // the Ready condition's transition
  int32_t restarts = 0;             // maxContainerRestarts
  int32_t sidecar_restarts = 0;
  std::optional<int64_t> created_ms;  // metadata.creationTimestamp
  std::string_view uid;
};

// Mirrors logarithmicRankDiff: the difference of the base-2 logarithms of
// the nanoseconds from t1 and from t2 to now (-1 for a time not before now).
int64_t LogarithmicRankDiff(int64_t t1_ms, int64_t t2_ms, int64_t now_ms);

// Mirrors ActivePodsWithRanks.Less with PodDeletionCost and
// LogarithmicScaleDown on (both GA): whether a is to be deleted before b.
bool DeleteBefore(const RankedPod& a, const RankedPod& b, int64_t now_ms);

// Mirrors getPodsToDelete: the indices into pods of the diff to delete.
// Every pod when diff is their number (unsorted, as upstream); else the
// first diff after sorting by DeleteBefore. Go's sort.Sort is not stable
// and upstream's pods come in its informer's order, so it leaves pods
// that tie in every key in no particular order; podsim sorts stably, so
// tied pods go in the order given.
std::vector<size_t> PodsToDelete(const std::vector<RankedPod>& pods,
                                 size_t diff, int64_t now_ms);

}  // namespace podsim
