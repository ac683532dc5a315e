#include "core/queue/queueing_hints.h"

#include "core/config/plugins.h"

namespace podsim {

UnschedulablePlugins RejectingPlugins(const NodeToStatus& statuses,
                                      int num_nodes) {
  auto bit = [](const Status& s) -> UnschedulablePlugins {
    if (s.ok()) return 0;
    if (s.plugin() == kNodeResourcesFit) return kRejectsFit;
    if (s.plugin() == kNodePorts) return kRejectsPorts;
    if (s.plugin() == kInterPodAffinity) return kRejectsAffinity;
    if (s.plugin() == kPodTopologySpread) return kRejectsSpread;
    if (s.plugin() == kVolumeRestrictions && s.code() == Code::kUnschedulable) {
      return kRejectsVolumes;
    }
    return kRejectsOther;
  };
  UnschedulablePlugins bits = bit(statuses.absent);
  // Plugin names are the filters' constants: the same pointer, the same
  // plugin, so most nodes cost one comparison.
  const char* last = nullptr;
  UnschedulablePlugins last_bit = 0;
  for (int n = 0; n < num_nodes; ++n) {
    const Status& s = statuses.Get(n);
    if (s.ok()) continue;
    if (s.plugin().data() != last) {
      last = s.plugin().data();
      last_bit = bit(s);
    }
    bits |= last_bit;
  }
  return bits;
}

UnschedulablePlugins HelpedBy(const Profile& profile, ClusterEvent event) {
  constexpr UnschedulablePlugins kNeighbours =
      kRejectsFit | kRejectsPorts | kRejectsAffinity | kRejectsSpread;
  if (profile.requeue == Requeue::kRegisteredEvents) {
    // Hints off (v1.31): every hint reads Queue, so a pod moves when a
    // plugin that rejected it registered the event.
    switch (event) {
      case ClusterEvent::kAssignedPodDelete:
        // Pod/Delete: NodeResourcesFit, NodePorts, InterPodAffinity,
        // PodTopologySpread and VolumeRestrictions.
        return kNeighbours | kRejectsVolumes;
      case ClusterEvent::kAssignedPodAdd:
        // AssignedPodAdded keeps pods with a matching affinity term or
        // rejected by PodTopologySpread; both plugins register Pod/Add.
        return kRejectsAffinity | kRejectsSpread;
      case ClusterEvent::kNominationCleared:
        // An unscheduled pod's update moves only that pod (Update).
      case ClusterEvent::kPodTerminating:
        // assignedPodOtherUpdate: no plugin registers that action.
        return 0;
    }
  }
  if (profile.requeue == Requeue::kMoveAll) {
    // v1.14: a deleted pod moves every waiting pod (MoveAllToActiveQueue);
    // an assigned pod added or updated, those with affinity terms
    // (AssignedPodAdded/Updated); a pending pod's nomination, none.
    switch (event) {
      case ClusterEvent::kAssignedPodDelete:
        return ~UnschedulablePlugins{0};
      case ClusterEvent::kNominationCleared:
        return 0;
      case ClusterEvent::kAssignedPodAdd:
      case ClusterEvent::kPodTerminating:
        return kRejectsAffinity | kRejectsSpread;
    }
  }
  switch (event) {
    case ClusterEvent::kAssignedPodDelete:  // room, ports, domains free up
      // VolumeRestrictions' isSchedulableAfterPodDeleted: a ReadWriteOncePod
      // claim may be free.
      return kNeighbours | kRejectsVolumes;
    case ClusterEvent::kNominationCleared:  // the nominated-pods pass changes
      return kNeighbours;
    case ClusterEvent::kAssignedPodAdd:  // affinity, spreading may be met
      return kRejectsAffinity | kRejectsSpread;
    case ClusterEvent::kPodTerminating:  // spreading skips terminating pods
      return kRejectsSpread;
  }
  return kNeighbours;
}

}  // namespace podsim
