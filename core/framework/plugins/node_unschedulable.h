// The NodeUnschedulable plugin: a cordoned node (spec.unschedulable) takes
// only the pods that tolerate its node.kubernetes.io/unschedulable taint.
#pragma once

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors NodeUnschedulable.Filter (v1.14's CheckNodeUnschedulable): when n
// is cordoned and the pod does not tolerate it, makes status the plugin's
// UnschedulableAndUnresolvable failure with the profile's reason.
void FilterNodeUnschedulable(const CycleState& state, ObjectIndex n,
                             Status& status);

}  // namespace podsim
