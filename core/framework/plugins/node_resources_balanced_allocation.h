// The NodeResourcesBalancedAllocation plugin: the node whose cpu and memory
// would be used most evenly scores highest.
#pragma once

#include <cstdint>

#include "core/framework/node_info.h"

namespace podsim {

// Mirrors BalancedAllocation.Score (balancedResourceScorer on the real
// requests, useRequested): 100 times one minus the standard deviation of
// the cpu and memory fractions n would have in use; with change (v1.37),
// 50 + (50 + that - the same without the pod) / 2. Returns 0 to 100.
int64_t ScoreNodeResourcesBalancedAllocation(const Cluster& cluster,
                                             const Pod& pod, ObjectIndex n,
                                             bool change);

}  // namespace podsim
