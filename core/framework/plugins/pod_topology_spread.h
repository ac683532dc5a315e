// The PodTopologySpread plugin's DoNotSchedule constraints: a node is
// ruled out when placing the pod there would skew the count of matching
// pods across the constraint's domains beyond maxSkew.
#pragma once

#include "core/framework/cycle_state.h"

namespace podsim {

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

}  // namespace podsim
