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

// Mirrors one Score plugin of RunScorePlugins with its PreScore and
// NormalizeScore: returns false when its PreScore skips; otherwise sets
// scores[i] to feasible[i]'s normalized score.
bool RunScorePlugin(Plugin plugin, const CycleState& state,
                    const std::vector<ObjectIndex>& feasible,
                    std::vector<int64_t>& scores) {
  const Cluster& cluster = state.cluster();
  const Pod& pod = cluster.pod(state.pod());
  scores.assign(feasible.size(), 0);
  switch (plugin) {
    case Plugin::kTaintToleration:
      for (size_t i = 0; i < feasible.size(); ++i) {
        scores[i] = ScoreTaintToleration(pod, cluster.node(feasible[i]));
      }
      DefaultNormalizeScore(true, scores);
      return true;
    case Plugin::kNodeAffinity:
      if (pod.preferred_node_affinity.empty()) return false;
      for (size_t i = 0; i < feasible.size(); ++i) {
        scores[i] = ScoreNodeAffinity(pod, cluster.node(feasible[i]));
      }
      DefaultNormalizeScore(false, scores);
      return true;
    case Plugin::kNodeResourcesFit:
      for (size_t i = 0; i < feasible.size(); ++i) {
        scores[i] = ScoreNodeResourcesFit(cluster, pod, feasible[i]);
      }
      return true;
    case Plugin::kPodTopologySpread:
      return ScorePodTopologySpread(state, feasible, scores);
    case Plugin::kInterPodAffinity:
      return ScoreInterPodAffinity(state, feasible, scores);
    case Plugin::kNodeResourcesBalancedAllocation:
      if (pod.requests.Get(kCpu) == 0 && pod.requests.Get(kMemory) == 0) {
        return false;
      }
      for (size_t i = 0; i < feasible.size(); ++i) {
        scores[i] = ScoreNodeResourcesBalancedAllocation(
            cluster, pod, feasible[i],
            state.profile().balanced_allocation_change);
      }
      return true;
    default:
      return false;  // not a score plugin podsim runs
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
    const CycleState& state, const std::vector<ObjectIndex>& feasible,
    std::vector<std::string_view>& scored_plugins) {
  const ProfilePlugins& plugins = state.cluster().scenario().config.plugins;
  std::vector<NodeScore> out(feasible.size());
  for (size_t i = 0; i < feasible.size(); ++i) out[i].node = feasible[i];
  scored_plugins.clear();
  std::vector<int64_t> scores;
  // The profile's score plugins in its order, each weighted (by default
  // TaintToleration 3, NodeAffinity 2, NodeResourcesFit 1, PodTopologySpread
  // 2, InterPodAffinity 2, NodeResourcesBalancedAllocation 1); a plugin
  // whose PreScore skips is left out.
  for (Plugin plugin : plugins.Order(ExtensionPoint::kScore)) {
    if (!RunScorePlugin(plugin, state, feasible, scores)) continue;
    const std::string_view name = NameOf(plugin);
    const int64_t weight = plugins.Weight(plugin);
    scored_plugins.push_back(name);
    for (size_t i = 0; i < feasible.size(); ++i) {
      out[i].plugins.push_back({name, weight * scores[i]});
      out[i].total += weight * scores[i];
    }
  }
  return out;
}

}  // namespace podsim
