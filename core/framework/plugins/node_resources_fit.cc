#include "core/framework/plugins/node_resources_fit.h"

#include <utility>

#include "core/framework/node_score.h"

namespace podsim {
namespace {

// Mirrors leastRequestedScore.
int64_t LeastRequested(int64_t requested, int64_t capacity) {
  if (capacity == 0 || requested > capacity) return 0;
  return (capacity - requested) * kMaxNodeScore / capacity;
}

}  // namespace

void FilterNodeResourcesFit(const CycleState& state, ObjectIndex n,
                            Status& status) {
  const Cluster& cluster = state.cluster();
  const Profile& profile = state.profile();
  const FilterReasons& reasons = profile.reasons;
  const Pod& pod = cluster.pod(state.pod());
  const Node& node = cluster.node(n);
  const NodeInfo& info = cluster.info(n);
  const ResourceTable& table = cluster.scenario().resources;
  const int reasons_before = status.num_reasons();
  bool unresolvable = false;
  if (static_cast<int64_t>(info.pods.size()) + 1 >
      node.allocatable.Get(kPods)) {
    status.AddReason(reasons.too_many_pods);
  }
  // A pod without requests fits any node's resources (upstream returns
  // early); amounts of zero are skipped below in any case.
  for (ResourceId id = 0; id < pod.requests.size(); ++id) {
    int64_t want = pod.requests.Get(id);
    if (id == kPods || want <= 0) continue;
    int64_t alloc = node.allocatable.Get(id);
    if (want > alloc - info.requested.Get(id)) {
      status.AddReason(table.InsufficientReason(id));
      unresolvable = unresolvable ||
                     (profile.unresolvable_over_allocatable && want > alloc);
    }
  }
  if (status.num_reasons() == reasons_before) return;
  status.set_code(unresolvable ? Code::kUnschedulableAndUnresolvable
                               : Code::kUnschedulable);
  status.set_plugin(kNodeResourcesFit);
}

int64_t ScoreNodeResourcesFit(const Cluster& cluster, const Pod& pod,
                              ObjectIndex n) {
  const Node& node = cluster.node(n);
  const NodeInfo& info = cluster.info(n);
  // The scorer NodeResourcesFit builds (nodeResourceStrategyTypeMap in
  // fit.go, v1.35) never sets enablePodLevelResources, so
  // resourceAllocationScorer.calculatePodResourceRequest skips the pod's
  // pod-level requests: its containers' sums with the defaults count. The
  // node's pods count with theirs (PodInfo.CalculateResource).
  const int64_t pod_cpu = pod.without_pod_level
                              ? pod.without_pod_level->nonzero_cpu
                              : pod.nonzero_cpu;
  const int64_t pod_memory = pod.without_pod_level
                                 ? pod.without_pod_level->nonzero_memory
                                 : pod.nonzero_memory;
  int64_t sum = 0;
  int64_t weights = 0;
  const std::pair<int64_t, int64_t> resources[] = {
      {node.allocatable.Get(kCpu), info.nonzero_cpu + pod_cpu},
      {node.allocatable.Get(kMemory), info.nonzero_memory + pod_memory}};
  for (auto [alloc, requested] : resources) {
    if (alloc == 0) continue;
    sum += LeastRequested(requested, alloc);
    ++weights;
  }
  return weights == 0 ? 0 : sum / weights;
}

}  // namespace podsim
