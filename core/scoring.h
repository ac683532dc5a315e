// Default scoring for the nodes a pod fits: NodeResourcesFit
// (LeastAllocated), NodeResourcesBalancedAllocation, TaintToleration and
// NodeAffinity preferred terms, with upstream weights and normalization.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "core/node_info.h"

namespace podsim {

struct PluginScore {
  std::string_view plugin;
  int64_t score = 0;  // normalized (0-100) times the plugin weight
};

struct NodeScore {
  ObjectIndex node = kNoNode;
  int64_t total = 0;
  std::vector<PluginScore> plugins;
};

// Scores each feasible node, in the order given. Returns the plugins that
// ran in scored_plugins (a plugin whose PreScore skips is left out).
std::vector<NodeScore> ScoreNodes(
    const Cluster& cluster, ObjectIndex pod,
    const std::vector<ObjectIndex>& feasible,
    std::vector<std::string_view>& scored_plugins);

}  // namespace podsim
