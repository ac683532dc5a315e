#include "core/framework/runtime/framework.h"

#include <algorithm>
#include <optional>
#include <span>
#include <utility>

#include "core/framework/plugins/node_affinity.h"
#include "core/framework/plugins/node_ports.h"
#include "core/framework/plugins/node_resources_balanced_allocation.h"
#include "core/framework/plugins/node_resources_fit.h"
#include "core/framework/plugins/node_unschedulable.h"
#include "core/framework/plugins/taint_toleration.h"
#include "core/framework/runtime/predicates.h"

namespace podsim {
namespace {

// Mirrors one Filter plugin of RunFilterPlugins on node n: adds its verdict
// to status.
void RunFilterPlugin(Plugin plugin, const CycleState& state, ObjectIndex n,
                     Status& status) {
  switch (plugin) {
    case Plugin::kNodeUnschedulable:
      FilterNodeUnschedulable(state, n, status);
      break;
    case Plugin::kNodeName:
      break;  // passes: a pod being scheduled has no spec.nodeName
    case Plugin::kTaintToleration:
      FilterTaintToleration(state, n, status);
      break;
    case Plugin::kNodeAffinity:
      FilterNodeAffinity(state, n, status);
      break;
    case Plugin::kNodePorts:
      FilterNodePorts(state, n, status);
      break;
    case Plugin::kNodeResourcesFit:
      FilterNodeResourcesFit(state, n, status);
      break;
    // A plugin with PreFilter state whose PreFilter skipped passes without
    // a call; most pods skip all three.
    case Plugin::kVolumeRestrictions:
      if (state.Wrote(plugin)) FilterVolumeRestrictions(state, n, status);
      break;
    case Plugin::kPodTopologySpread:
      if (state.Wrote(plugin)) FilterPodTopologySpread(state, n, status);
      break;
    case Plugin::kInterPodAffinity:
      if (state.Wrote(plugin)) FilterInterPodAffinity(state, n, status);
      break;
    default:
      break;  // not a filter podsim runs
  }
}

// Mirrors v1.14's podFitsOnNode: its predicates as the plugins that became
// them (Predicates()), those the profile disables left out. A failure ends
// the run once its predicate is done: GeneralPredicates runs every part,
// the status keeping the code and plugin today's filters would give the
// worst of them (NodePorts and NodeAffinity say how).
void RunPredicates(const CycleState& state, ObjectIndex n, Status& status) {
  const ProfilePlugins& plugins = state.cluster().scenario().config.plugins;
  const std::span<const Predicate> predicates = Predicates();
  for (size_t i = 0; i < predicates.size(); ++i) {
    const Predicate& p = predicates[i];
    if (plugins.Runs(ExtensionPoint::kFilter, p.plugin)) {
      RunFilterPlugin(p.plugin, state, n, status);
    }
    const bool predicate_goes_on =
        p.general && i + 1 < predicates.size() && predicates[i + 1].general;
    if (!status.ok() && !predicate_goes_on) return;
  }
}

// Returns the Status of a PreFilter plugin that can reject the pod or narrow
// the nodes (NodeAffinity's narrowing goes into state).
Status RunPreFilterPlugin(Plugin plugin, CycleState& state) {
  switch (plugin) {
    case Plugin::kNodeAffinity: {
      if (!state.profile().node_affinity_prefilter) return Status();
      std::optional<std::vector<ObjectIndex>> nodes;
      Status status = PreFilterNodeAffinity(state, nodes);
      if (nodes) state.set_prefilter_nodes(std::move(*nodes));
      return status;
    }
    // VolumeRestrictions' PreFilter looks every claim up; VolumeBinding's
    // does too, after it.
    case Plugin::kVolumeRestrictions:
    case Plugin::kVolumeBinding:
      return LookUpClaims(state, plugin);
    default:
      return Status();
  }
}

}  // namespace

void RunPreFilterPlugins(CycleState& state) {
  const ProfilePlugins& plugins = state.cluster().scenario().config.plugins;
  // 1) The plugins that can reject the pod or narrow the nodes, in order; a
  // rejection ends PreFilter (UnschedulableAndUnresolvable).
  for (Plugin plugin : plugins.Order(ExtensionPoint::kPreFilter)) {
    Status status = RunPreFilterPlugin(plugin, state);
    if (!status.ok()) {
      state.set_prefilter_status(std::move(status));
      return;
    }
  }
  // 2) The state of the Filter plugins that keep one.
  auto filters = [&](Plugin plugin) {
    return plugins.Runs(ExtensionPoint::kFilter, plugin);
  };
  if (filters(Plugin::kPodTopologySpread)) PreFilterPodTopologySpread(state);
  if (filters(Plugin::kInterPodAffinity)) PreFilterInterPodAffinity(state);
  if (filters(Plugin::kVolumeRestrictions)) PreFilterVolumeRestrictions(state);
}

Status RunFilterPlugins(const CycleState& state, ObjectIndex n) {
  // Every path returns this one object: the dry run filters a node after
  // each pod it puts back, and no status is copied or moved on the way.
  Status status;
  if (state.profile().predicate_order) {
    RunPredicates(state, n, status);
    return status;
  }
  const ProfilePlugins& plugins = state.cluster().scenario().config.plugins;
  for (Plugin plugin : plugins.Order(ExtensionPoint::kFilter)) {
    RunFilterPlugin(plugin, state, n, status);
    if (!status.ok()) return status;
  }
  // Volume filters other than the ReadWriteOncePod rule pass: those volumes
  // are out of scope.
  return status;
}

Status RunFiltersWithNominatedPods(CycleState& state, Cluster& cluster,
                                   ObjectIndex n) {
  const Pod& p = cluster.pod(state.pod());
  // Nominated pods of equal or higher priority, not yet bound.
  auto counts = [&](ObjectIndex q) {
    const Pod& other = cluster.pod(q);
    return q != state.pod() && other.uid != p.uid &&
           other.priority >= p.priority && cluster.NodeOf(q) == kNoNode;
  };
  const std::vector<ObjectIndex>& nominated = cluster.NominatedPods(n);
  if (std::none_of(nominated.begin(), nominated.end(), counts)) {
    return RunFilterPlugins(state, n);
  }
  // The list does not change while pods are added: nominations are kept
  // apart from the node's pods.
  int added = 0;
  for (ObjectIndex q : nominated) {
    if (!counts(q)) continue;
    cluster.AddPod(q, n);
    RunPreFilterExtensionAddPod(state, q, n);
    ++added;
  }
  Status pass1 = RunFilterPlugins(state, n);
  // Added last, removed first: each is the node's last listed pod then, so
  // its removal leaves the others where they were.
  for (auto it = nominated.rbegin(); added > 0; ++it) {
    if (cluster.NodeOf(*it) != n) continue;  // not added above
    RunPreFilterExtensionRemovePod(state, *it, n);
    cluster.RemovePod(*it);
    --added;
  }
  if (!pass1.ok()) return pass1;
  return RunFilterPlugins(state, n);
}

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
    taint[i] = ScoreTaintToleration(pod, node);
    affinity[i] = ScoreNodeAffinity(pod, node);
    least[i] = ScoreNodeResourcesFit(cluster, pod, feasible[i]);
    balanced[i] =
        ScoreNodeResourcesBalancedAllocation(cluster, pod, feasible[i]);
  }
  // TaintToleration's and NodeAffinity's NormalizeScore.
  DefaultNormalizeScore(true, taint);
  DefaultNormalizeScore(false, affinity);

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
