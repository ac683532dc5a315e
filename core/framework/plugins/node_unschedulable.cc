#include "core/framework/plugins/node_unschedulable.h"

#include <algorithm>

namespace podsim {
namespace {

bool ToleratesUnschedulable(const Pod& pod) {
  Taint taint{"node.kubernetes.io/unschedulable", "", TaintEffect::kNoSchedule};
  return std::any_of(pod.tolerations.begin(), pod.tolerations.end(),
                     [&](const Toleration& t) { return t.Tolerates(taint); });
}

}  // namespace

void FilterNodeUnschedulable(const CycleState& state, ObjectIndex n,
                             Status& status) {
  const Cluster& cluster = state.cluster();
  if (cluster.node(n).unschedulable &&
      !ToleratesUnschedulable(cluster.pod(state.pod()))) {
    status.Reject(Code::kUnschedulableAndUnresolvable, kNodeUnschedulable,
                  state.profile().reasons.unschedulable);
  }
}

}  // namespace podsim
