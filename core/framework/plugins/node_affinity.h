// The NodeAffinity plugin: a pod's nodeSelector and required node affinity
// terms rule nodes out (PreFilter, by node name; Filter, by labels); its
// preferred terms add their weights (Score).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors NodeAffinity's required part: nodeSelector and required terms.
bool MatchesNodeSelectorAndAffinity(const Pod& pod, const Node& node);

// Mirrors NodeAffinity.PreFilter. Returns the plugin's
// UnschedulableAndUnresolvable status when the pod's required terms pin
// metadata.name to no node at all; otherwise Success, with nodes set to the
// nodes they name when every term pins metadata.name (upstream's
// PreFilterResult), left alone when one does not.
Status PreFilterNodeAffinity(const CycleState& state,
                             std::optional<std::vector<ObjectIndex>>& nodes);

// Mirrors NodeAffinity.Filter (v1.14's PodMatchNodeSelector): when n does
// not match, adds the profile's reason to status and makes it the plugin's
// UnschedulableAndUnresolvable failure, the worst of GeneralPredicates'
// parts under v1.14.
void FilterNodeAffinity(const CycleState& state, ObjectIndex n, Status& status);

// Mirrors NodeAffinity.Score: returns the summed weights of the pod's
// preferred terms that node matches.
int64_t ScoreNodeAffinity(const Pod& pod, const Node& node);

}  // namespace podsim
