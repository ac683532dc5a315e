// The PodTopologySpread plugin: a node is ruled out when placing the pod
// there would skew the count of matching pods across a DoNotSchedule
// constraint's domains beyond maxSkew (Filter); the ScheduleAnyway
// constraints, or the system's default ones, favour the domains with fewer
// matching pods (Score).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors helper.DefaultSelector without Services (podsim reads none): the
// selector of the pods that controller c controls when it is a ReplicaSet,
// StatefulSet or ReplicationController; empty for other kinds.
LabelSelector DefaultSelector(const Controller& c);

// Sets each pod's default_selector to DefaultSelector of the controller its
// controller reference names, when the scenario holds that controller (the
// scheduler's listers would hold it); leaves it empty otherwise.
void ResolveDefaultSelectors(Scenario& scenario);

// Mirrors PodTopologySpread.PreFilter (calPreFilterState): counts, per
// DoNotSchedule constraint of the pod, the matching pods in each domain of
// the nodes that count, and writes them as the plugin's entry. Writes
// nothing (Skip) when the pod has no such constraint or the profile
// predates the plugin (v1.16).
void PreFilterPodTopologySpread(CycleState& state);

// Mirrors PodTopologySpread.AddPod (delta +1) and RemovePod (-1),
// preFilterState.updateWithPod: counts other, on node n, in or out of its
// domains. REQUIRES: the plugin wrote its entry.
void UpdatePodTopologySpread(CycleState& state, ObjectIndex other,
                             ObjectIndex n, int delta);

// Mirrors PodTopologySpread.Filter: makes status the plugin's failure when n
// lacks a constraint's topology key (UnschedulableAndUnresolvable) or the
// pod there would exceed a maxSkew (Unschedulable). REQUIRES: the plugin
// wrote its entry.
void FilterPodTopologySpread(const CycleState& state, ObjectIndex n,
                             Status& status);

// Mirrors PodTopologySpread's PreScore, Score and NormalizeScore over the
// feasible nodes, with the plugin's default arguments (defaultingType
// System): the pod's ScheduleAnyway constraints, or, when it has no
// constraint at all, the system's default ones (hostname maxSkew 3, zone
// maxSkew 5) over its default_selector. Returns false when PreScore skips
// (no such constraint, or the profile predates the plugin); otherwise sets
// scores[i] to feasible[i]'s normalized score, 0 to kMaxNodeScore.
bool ScorePodTopologySpread(const CycleState& state,
                            std::span<const ObjectIndex> feasible,
                            std::vector<int64_t>& scores);

}  // namespace podsim
