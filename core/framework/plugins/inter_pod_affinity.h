// The InterPodAffinity plugin's required terms: the pod's own affinity and
// anti-affinity towards the pods already placed, and their anti-affinity
// towards it, counted per topology domain.
#pragma once

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors InterPodAffinity.PreFilter: counts, per topology pair, the placed
// pods whose anti-affinity the pod matches and the placed pods the pod's
// own terms match, and writes them as the plugin's entry. Writes nothing
// (Skip) when the pod has no required terms and no placed pod's
// anti-affinity matches it.
void PreFilterInterPodAffinity(CycleState& state);

// Mirrors InterPodAffinity.AddPod (delta +1) and RemovePod (-1),
// preFilterState.updateWithPod: counts other, on node n, in or out.
// REQUIRES: the plugin wrote its entry.
void UpdateInterPodAffinity(CycleState& state, ObjectIndex other, ObjectIndex n,
                            int delta);

// Mirrors InterPodAffinity.Filter: makes status the plugin's failure when
// the pod's affinity finds no match in n's domain
// (UnschedulableAndUnresolvable), its anti-affinity finds one, or a placed
// pod's anti-affinity rules it out (Unschedulable). v1.14's
// MatchInterPodAffinity (Profile::predicate_order) checks the placed pods'
// anti-affinity first, and its reasons follow an umbrella reason.
// REQUIRES: the plugin wrote its entry.
void FilterInterPodAffinity(const CycleState& state, ObjectIndex n,
                            Status& status);

}  // namespace podsim
