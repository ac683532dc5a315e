// Default scoring for the nodes a pod fits: NodeResourcesFit
// (LeastAllocated), NodeResourcesBalancedAllocation, TaintToleration and
// NodeAffinity preferred terms, with upstream weights and normalization.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "core/framework/node_info.h"
#include "core/framework/node_score.h"

namespace podsim {

// Scores each feasible node, in the order given. Returns the plugins that
// ran in scored_plugins (a plugin whose PreScore skips is left out).
std::vector<NodeScore> ScoreNodes(
    const Cluster& cluster, ObjectIndex pod,
    const std::vector<ObjectIndex>& feasible,
    std::vector<std::string_view>& scored_plugins);

}  // namespace podsim
