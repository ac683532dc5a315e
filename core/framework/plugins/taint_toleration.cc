#include "core/framework/plugins/taint_toleration.h"

#include <algorithm>
#include <string>

namespace podsim {

const Taint* FirstUntoleratedTaint(const Pod& pod, const Node& node) {
  for (const Taint& taint : node.taints) {
    if (taint.effect == TaintEffect::kPreferNoSchedule) continue;
    bool tolerated =
        std::any_of(pod.tolerations.begin(), pod.tolerations.end(),
                    [&](const Toleration& t) { return t.Tolerates(taint); });
    if (!tolerated) return &taint;
  }
  return nullptr;
}

void FilterTaintToleration(const CycleState& state, ObjectIndex n,
                           Status& status) {
  const Cluster& cluster = state.cluster();
  const Taint* taint =
      FirstUntoleratedTaint(cluster.pod(state.pod()), cluster.node(n));
  if (!taint) return;
  const FilterReasons& reasons = state.profile().reasons;
  if (!reasons.names_taint) {
    status.Reject(Code::kUnschedulableAndUnresolvable, kTaintToleration,
                  reasons.taint);
    return;
  }
  status = Status::Owned(Code::kUnschedulableAndUnresolvable, kTaintToleration,
                         std::string(reasons.taint) + " {" + taint->key + ": " +
                             taint->value + "}");
}

int64_t ScoreTaintToleration(const Pod& pod, const Node& node) {
  int64_t count = 0;
  for (const Taint& taint : node.taints) {
    if (taint.effect != TaintEffect::kPreferNoSchedule) continue;
    bool tolerated = std::any_of(
        pod.tolerations.begin(), pod.tolerations.end(),
        [&](const Toleration& t) {
          return (!t.effect || *t.effect == TaintEffect::kPreferNoSchedule) &&
                 t.Tolerates(taint);
        });
    if (!tolerated) ++count;
  }
  return count;
}

}  // namespace podsim
