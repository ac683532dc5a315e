#include "core/framework/plugins/node_resources_balanced_allocation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/framework/node_score.h"

namespace podsim {

namespace {

// Mirrors balancedResourceScore: 1 - the standard deviation of the cpu and
// memory fractions, times MaxNodeScore; with the pod's requests added when
// with_pod.
int64_t BalanceScore(const Node& node, const NodeInfo& info, const Pod& pod,
                     bool with_pod) {
  std::vector<double> fractions;
  for (ResourceId id : {kCpu, kMemory}) {
    int64_t alloc = node.allocatable.Get(id);
    if (alloc == 0) continue;
    const int64_t requested =
        info.requested.Get(id) + (with_pod ? pod.requests.Get(id) : 0);
    double f = static_cast<double>(requested) / static_cast<double>(alloc);
    fractions.push_back(std::min(f, 1.0));
  }
  double std_dev = 0;
  if (fractions.size() == 2)
    std_dev = std::abs((fractions[0] - fractions[1]) / 2);
  return static_cast<int64_t>((1 - std_dev) * kMaxNodeScore);
}

}  // namespace

int64_t ScoreNodeResourcesBalancedAllocation(const Cluster& cluster,
                                             const Pod& pod, ObjectIndex n,
                                             bool change) {
  const Node& node = cluster.node(n);
  const NodeInfo& info = cluster.info(n);
  const int64_t with_pod = BalanceScore(node, info, pod, true);
  if (!change) return with_pod;
  // balancedResourceScorer (v1.37): the improvement the pod brings, moved
  // back into [MaxNodeScore/2, MaxNodeScore] with Go's integer division.
  const int64_t without_pod = BalanceScore(node, info, pod, false);
  return kMaxNodeScore / 2 + (kMaxNodeScore / 2 + with_pod - without_pod) / 2;
}

}  // namespace podsim
