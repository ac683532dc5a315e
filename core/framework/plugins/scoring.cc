#include "core/framework/plugins/scoring.h"

#include <algorithm>
#include <cmath>

#include "core/framework/plugins/filters.h"

namespace podsim {
namespace {

constexpr int64_t kMaxNodeScore = 100;

// Mirrors leastRequestedScore.
int64_t LeastRequested(int64_t requested, int64_t capacity) {
  if (capacity == 0 || requested > capacity) return 0;
  return (capacity - requested) * kMaxNodeScore / capacity;
}

// Mirrors the LeastAllocated scorer with cpu and memory weighted 1 each,
// on requests with the non-zero defaults.
int64_t LeastAllocatedScore(const Cluster& cluster, const Pod& pod,
                            ObjectIndex n) {
  const Node& node = cluster.node(n);
  const NodeInfo& info = cluster.info(n);
  int64_t sum = 0;
  int64_t weights = 0;
  const std::pair<int64_t, int64_t> resources[] = {
      {node.allocatable.Get(kCpu), info.nonzero_cpu + pod.nonzero_cpu},
      {node.allocatable.Get(kMemory),
       info.nonzero_memory + pod.nonzero_memory}};
  for (auto [alloc, requested] : resources) {
    if (alloc == 0) continue;
    sum += LeastRequested(requested, alloc);
    ++weights;
  }
  return weights == 0 ? 0 : sum / weights;
}

// Mirrors balancedResourceScorer on the real requests (useRequested).
int64_t BalancedAllocationScore(const Cluster& cluster, const Pod& pod,
                                ObjectIndex n) {
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

int64_t IntolerablePreferNoSchedule(const Pod& pod, const Node& node) {
  int64_t count = 0;
  for (const Taint& taint : node.taints) {
    if (taint.effect != TaintEffect::kPreferNoSchedule) continue;
    bool tolerated = std::any_of(
        pod.tolerations.begin(), pod.tolerations.end(),
        [&](const Toleration& t) {
          return (!t.effect || *t.effect == TaintEffect::kPreferNoSchedule) &&
                 t.Tolerates(taint);
        });
    if (!tolerated) ++count;
  }
  return count;
}

int64_t PreferredAffinity(const Pod& pod, const Node& node) {
  int64_t sum = 0;
  for (const PreferredNodeTerm& t : pod.preferred_node_affinity) {
    if (t.term.Matches(node.labels, node.name)) sum += t.weight;
  }
  return sum;
}

// Mirrors helper.DefaultNormalizeScore.
void Normalize(std::vector<int64_t>& scores, bool reverse) {
  int64_t max = 0;
  for (int64_t s : scores) max = std::max(max, s);
  for (int64_t& s : scores) {
    if (max == 0) {
      s = reverse ? kMaxNodeScore : 0;
      continue;
    }
    s = kMaxNodeScore * s / max;
    if (reverse) s = kMaxNodeScore - s;
  }
}

}  // namespace

std::vector<NodeScore> ScoreNodes(
    const Cluster& cluster, ObjectIndex pod_index,
    const std::vector<ObjectIndex>& feasible,
    std::vector<std::string_view>& scored_plugins) {
  const Pod& pod = cluster.pod(pod_index);
  size_t count = feasible.size();
  std::vector<int64_t> taint(count), affinity(count), least(count),
      balanced(count);
  for (size_t i = 0; i < count; ++i) {
    const Node& node = cluster.node(feasible[i]);
    taint[i] = IntolerablePreferNoSchedule(pod, node);
    affinity[i] = PreferredAffinity(pod, node);
    least[i] = LeastAllocatedScore(cluster, pod, feasible[i]);
    balanced[i] = BalancedAllocationScore(cluster, pod, feasible[i]);
  }
  Normalize(taint, true);
  Normalize(affinity, false);

  // The profile's score plugins and weights (by default 3, 2, 1 and 1); a
  // plugin whose PreScore skips is left out.
  const ProfilePlugins& plugins = cluster.scenario().config.plugins;
  const int64_t taint_weight = plugins.Weight(Plugin::kTaintToleration);
  const int64_t affinity_weight = pod.preferred_node_affinity.empty()
                                      ? 0
                                      : plugins.Weight(Plugin::kNodeAffinity);
  const int64_t fit_weight = plugins.Weight(Plugin::kNodeResourcesFit);
  const int64_t balanced_weight =
      pod.requests.Get(kCpu) != 0 || pod.requests.Get(kMemory) != 0
          ? plugins.Weight(Plugin::kNodeResourcesBalancedAllocation)
          : 0;
  scored_plugins.clear();
  if (taint_weight) scored_plugins.push_back(kTaintToleration);
  if (affinity_weight) scored_plugins.push_back(kNodeAffinity);
  if (fit_weight) scored_plugins.push_back(kNodeResourcesFit);
  if (balanced_weight)
    scored_plugins.push_back(kNodeResourcesBalancedAllocation);

  std::vector<NodeScore> out(count);
  for (size_t i = 0; i < count; ++i) {
    NodeScore& s = out[i];
    s.node = feasible[i];
    if (taint_weight) {
      s.plugins.push_back({kTaintToleration, taint_weight * taint[i]});
    }
    if (affinity_weight) {
      s.plugins.push_back({kNodeAffinity, affinity_weight * affinity[i]});
    }
    if (fit_weight) {
      s.plugins.push_back({kNodeResourcesFit, fit_weight * least[i]});
    }
    if (balanced_weight) {
      s.plugins.push_back(
          {kNodeResourcesBalancedAllocation, balanced_weight * balanced[i]});
    }
    for (const PluginScore& p : s.plugins) s.total += p.score;
  }
  return out;
}

}  // namespace podsim
