#include "core/framework/plugins/node_resources_balanced_allocation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/framework/node_score.h"

namespace podsim {

int64_t ScoreNodeResourcesBalancedAllocation(const Cluster& cluster,
                                             const Pod& pod, ObjectIndex n) {
  const Node& node = cluster.node(n);
  const NodeInfo& info = cluster.info(n);
  std::vector<double> fractions;
  for (ResourceId id : {kCpu, kMemory}) {
    int64_t alloc = node.allocatable.Get(id);
    if (alloc == 0) continue;
    double f =
        static_cast<double>(info.requested.Get(id) + pod.requests.Get(id)) /
        static_cast<double>(alloc);
    fractions.push_back(std::min(f, 1.0));
  }
  double std_dev = 0;
  if (fractions.size() == 2)
    std_dev = std::abs((fractions[0] - fractions[1]) / 2);
  return static_cast<int64_t>((1 - std_dev) * kMaxNodeScore);
}

}  // namespace podsim
