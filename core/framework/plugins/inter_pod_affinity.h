// The InterPodAffinity plugin: the pod's own required affinity and
// anti-affinity towards the pods already placed, and their anti-affinity
// towards it, counted per topology domain (Filter); the preferred terms
// both ways and the placed pods' required affinity, weighed per domain
// (Score).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

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

// Mirrors InterPodAffinity's PreScore, Score and NormalizeScore over the
// feasible nodes, with the plugin's default arguments (hardPodAffinityWeight
// 1, ignorePreferredTermsOfExistingPods false). A domain gains the weight
// of each preferred affinity term of the pod that a placed pod there
// matches, and of each preferred affinity term of a placed pod there that
// the pod matches (hardPodAffinityWeight for a required one); preferred
// anti-affinity terms take their weight off the same way. Returns false
// when PreScore skips (no term matched anywhere); otherwise sets scores[i]
// to feasible[i]'s normalized score, 0 to kMaxNodeScore.
bool ScoreInterPodAffinity(const CycleState& state,
                           std::span<const ObjectIndex> feasible,
                           std::vector<int64_t>& scores);

}  // namespace podsim
