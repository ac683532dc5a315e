// The TaintToleration plugin: a node's NoSchedule and NoExecute taints keep
// off the pods that do not tolerate them (Filter); its PreferNoSchedule
// taints count against it (Score).
#pragma once

#include <cstdint>

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors v1helper.TolerationsTolerateTaint for NoSchedule/NoExecute taints:
// returns the first untolerated one, or nullptr.
const Taint* FirstUntoleratedTaint(const Pod& pod, const Node& node);

// Mirrors TaintToleration.Filter (v1.14's PodToleratesNodeTaints): when a
// NoSchedule or NoExecute taint of n is not tolerated, makes status the
// plugin's UnschedulableAndUnresolvable failure; before #134740 the reason
// names the taint (FilterReasons::names_taint).
void FilterTaintToleration(const CycleState& state, ObjectIndex n,
                           Status& status);

// Mirrors TaintToleration.Score: returns how many of node's PreferNoSchedule
// taints the pod does not tolerate (fewer is better; NormalizeScore
// reverses it).
int64_t ScoreTaintToleration(const Pod& pod, const Node& node);

}  // namespace podsim
