// Runs the profile's plugins for one pod, as upstream's frameworkImpl does
// (runtime/framework.go): PreFilter, the PreFilterExtensions, Filter on a
// node with and without the pods nominated to it, and Score. Under v1.14's
// profile the filters run as its predicates did (predicates.h).
#pragma once

#include <string_view>
#include <vector>

#include "core/framework/cycle_state.h"
#include "core/framework/node_score.h"
#include "core/framework/plugins/inter_pod_affinity.h"
#include "core/framework/plugins/pod_topology_spread.h"
#include "core/framework/plugins/volume_restrictions.h"

namespace podsim {

// Mirrors RunPreFilterPlugins: the PreFilter plugins that can reject the
// pod or narrow the nodes run in the profile's order, a rejection ending
// PreFilter (state.prefilter_status()); then the Filter plugins that keep
// PreFilter state write it into state. A Filter plugin whose PreFilter the
// profile disables writes it too: podsim filters as if it had run (the
// profile's notes say that kube-scheduler's Filter would fail).
void RunPreFilterPlugins(CycleState& state);

// Mirrors updateWithPod of every plugin that wrote PreFilter state: counts
// pod p, on node n, in (delta +1) or out (-1). Most pods neither spread,
// use inter-pod affinity nor a ReadWriteOncePod claim in use: then no
// plugin wrote state, and the dry run's many calls cost a branch each.
inline void RunPreFilterExtensions(CycleState& state, ObjectIndex p,
                                   ObjectIndex n, int delta) {
  if (!state.WroteAny()) return;
  if (state.Wrote(Plugin::kVolumeRestrictions)) {
    UpdateVolumeRestrictions(state, p, delta);
  }
  if (state.Wrote(Plugin::kPodTopologySpread)) {
    UpdatePodTopologySpread(state, p, n, delta);
  }
  if (state.Wrote(Plugin::kInterPodAffinity)) {
    UpdateInterPodAffinity(state, p, n, delta);
  }
}

// Mirrors RunPreFilterExtensionAddPod and RemovePod for a pod on node n.
inline void RunPreFilterExtensionAddPod(CycleState& state, ObjectIndex p,
                                        ObjectIndex n) {
  RunPreFilterExtensions(state, p, n, +1);
}
inline void RunPreFilterExtensionRemovePod(CycleState& state, ObjectIndex p,
                                           ObjectIndex n) {
  RunPreFilterExtensions(state, p, n, -1);
}

// Mirrors RunFilterPlugins on node n as the cluster is now: the profile's
// Filter plugins in its order (upstream's by default), stopping at the
// first failure; under Profile::predicate_order, as v1.14's predicates
// (Predicates()). Plugins whose PreFilter skipped do not run.
// REQUIRES: RunPreFilterPlugins ran on state and passed.
Status RunFilterPlugins(const CycleState& state, ObjectIndex n);

// Mirrors RunFilterPluginsWithNominatedPods: pass 1 with the pods nominated
// to n whose priority is >= the pod's, pass 2 without them if any were
// added and pass 1 passed. Changes the cluster and state only for the call.
Status RunFiltersWithNominatedPods(CycleState& state, Cluster& cluster,
                                   ObjectIndex n);

// Mirrors prioritizeNodes (RunPreScorePlugins, RunScorePlugins) over the
// profile's Score plugins that podsim runs (NodeResourcesFit with
// LeastAllocated, NodeResourcesBalancedAllocation, TaintToleration,
// NodeAffinity, PodTopologySpread, InterPodAffinity): scores each feasible
// node, in the order given, with the profile's weights and the plugins'
// normalization. Returns the plugins that ran in scored_plugins, in the
// profile's order (a plugin whose PreScore skips is left out).
std::vector<NodeScore> ScoreNodes(
    const CycleState& state, const std::vector<ObjectIndex>& feasible,
    std::vector<std::string_view>& scored_plugins);

}  // namespace podsim
