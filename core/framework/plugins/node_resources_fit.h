// The NodeResourcesFit plugin: a pod's requests must fit in what the node
// has left (Filter); with the default LeastAllocated strategy, the node
// with the most left scores highest (Score).
#pragma once

#include <cstdint>

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors NodeResourcesFit.Filter (v1.14's PodFitsResources): adds every
// insufficient resource of n to status ("Too many pods" first), as an
// Unschedulable failure of the plugin, or UnschedulableAndUnresolvable
// when a request is above the node's allocatable and the profile says so
// (#131345, v1.34).
void FilterNodeResourcesFit(const CycleState& state, ObjectIndex n,
                            Status& status);

// Mirrors NodeResourcesFit.Score with the LeastAllocated scorer: cpu and
// memory weighted 1 each, on requests with the non-zero defaults; the
// pod's own without its pod-level requests, as upstream's scorer counts
// them. Returns 0 to 100.
int64_t ScoreNodeResourcesFit(const Cluster& cluster, const Pod& pod,
                              ObjectIndex n);

}  // namespace podsim
