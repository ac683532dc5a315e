#include "core/queue/queueing_hints.h"

#include <algorithm>

#include "core/config/plugins.h"
#include "core/framework/plugins/node_ports.h"

namespace podsim {
namespace {

// The events that are a pod's deletion to the hints: Pod/Delete, with the
// pod as it was (bound, or unbound and nominated) as oldObj.
bool DeletesPod(ClusterEvent event) {
  return event == ClusterEvent::kAssignedPodDelete ||
         event == ClusterEvent::kNominationChanged;
}

// Mirrors NodeResourcesFit.isSchedulableAfterPodEvent. Registered for
// Pod/Delete and UpdatePodScaleDown (no pod is resized in a run): a deleted
// pod that was bound or nominated may free room, whatever it requested.
bool FitHint(const PodChange& change) { return DeletesPod(change.event); }

// Mirrors NodePorts.isSchedulableAfterPodDeleted (Pod/Delete): the deleted
// pod, bound or nominated, held a host port the pod wants.
bool PortsHint(const Pod& pod, const Pod& deleted, ClusterEvent event) {
  if (!DeletesPod(event)) return false;
  for (const HostPort& used : deleted.host_ports) {
    for (const HostPort& want : pod.host_ports) {
      if (PortsConflict(want, used)) return true;
    }
  }
  return false;
}

// Mirrors interpodaffinity's podMatchesAllAffinityTerms: no terms match no
// pod.
bool MatchesAllTerms(const std::vector<PodAffinityTerm>& terms,
                     const Pod& other) {
  return !terms.empty() &&
         std::all_of(terms.begin(), terms.end(),
                     [&](const PodAffinityTerm& term) {
                       return term.Matches(other.ns, other.labels);
                     });
}

// Mirrors interpodaffinity's podMatchesAnyAffinityTerms.
bool MatchesAnyTerm(const std::vector<PodAffinityTerm>& terms,
                    const Pod& other) {
  return std::any_of(terms.begin(), terms.end(),
                     [&](const PodAffinityTerm& term) {
                       return term.Matches(other.ns, other.labels);
                     });
}

// Mirrors InterPodAffinity.isSchedulableAfterPodChange (Pod/Add,
// UpdatePodLabel, Delete). A pod that is not bound helps no one; a bound
// pod added helps when it matches all of the pod's affinity terms, one
// deleted when it matches all of its anti-affinity terms. (An existing
// pod's anti-affinity against the pod is not looked at: its deletion does
// not requeue the pod by this plugin.)
bool AffinityHint(const Pod& pod, const Pod& changed, ClusterEvent event,
                  bool any_term) {
  if (any_term && DeletesPod(event)) {
    // isSchedulableAfterAssignedPodChange (v1.37): a deleted pod, bound or
    // nominated, that matches any of the pod's anti-affinity terms, or
    // whose own anti-affinity any term of matches the pod.
    return MatchesAnyTerm(pod.required_anti_affinity, changed) ||
           MatchesAnyTerm(changed.required_anti_affinity, pod);
  }
  switch (event) {
    case ClusterEvent::kAssignedPodAdd:
      return MatchesAllTerms(pod.required_affinity, changed);
    case ClusterEvent::kAssignedPodDelete:
      return MatchesAllTerms(pod.required_anti_affinity, changed);
    case ClusterEvent::kNominationChanged:  // unscheduled: QueueSkip
    case ClusterEvent::kPodTerminating:     // Pod/Update: not registered
      return false;
  }
  return false;
}

// Mirrors PodTopologySpread.isSchedulableAfterPodChange (Pod/Add,
// UpdatePodLabel, UpdatePodToleration, Delete): the pod that changed must
// be the pod itself or a bound pod of its namespace
// (involvedInTopologySpreading), and match the selector of one of the pod's
// DoNotSchedule constraints (podLabelsMatchSpreadConstraints).
bool SpreadHint(const Pod& pod, const Pod& changed, ClusterEvent event) {
  if (event == ClusterEvent::kPodTerminating) return false;
  const bool bound = event != ClusterEvent::kNominationChanged;
  if (changed.index != pod.index && !(bound && changed.ns == pod.ns)) {
    return false;
  }
  return std::any_of(pod.spread_constraints.begin(),
                     pod.spread_constraints.end(),
                     [&](const TopologySpreadConstraint& c) {
                       return c.do_not_schedule && !c.selector.is_nil &&
                              c.selector.Matches(changed.labels);
                     });
}

// Mirrors VolumeRestrictions.isSchedulableAfterPodDeleted (Pod/Delete): the
// deleted pod, in the pod's namespace, named one of its claims (whether it
// was bound or not).
bool VolumesHint(const Pod& pod, const Pod& deleted, ClusterEvent event) {
  if (!DeletesPod(event) || deleted.ns != pod.ns) return false;
  return std::any_of(
      pod.claims.begin(), pod.claims.end(), [&](const std::string& claim) {
        return std::find(deleted.claims.begin(), deleted.claims.end(), claim) !=
               deleted.claims.end();
      });
}

}  // namespace

UnschedulablePlugins RejectingPlugins(const NodeToStatus& statuses,
                                      int num_nodes) {
  auto bit = [](const Status& s) -> UnschedulablePlugins {
    if (s.ok()) return 0;
    if (s.plugin() == kNodeResourcesFit) return kRejectsFit;
    if (s.plugin() == kNodePorts) return kRejectsPorts;
    if (s.plugin() == kInterPodAffinity) return kRejectsAffinity;
    if (s.plugin() == kPodTopologySpread) return kRejectsSpread;
    if (s.plugin() == kVolumeRestrictions) return kRejectsVolumes;
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
      case ClusterEvent::kNominationChanged:
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
      case ClusterEvent::kNominationChanged:
        return 0;
      case ClusterEvent::kAssignedPodAdd:
      case ClusterEvent::kPodTerminating:
        return kRejectsAffinity | kRejectsSpread;
    }
  }
  switch (event) {
    case ClusterEvent::kAssignedPodDelete:
    case ClusterEvent::kNominationChanged:
      // Pod/Delete: the four above and VolumeRestrictions.
      return kNeighbours | kRejectsVolumes;
    case ClusterEvent::kAssignedPodAdd:  // Pod/Add
      return kRejectsAffinity | kRejectsSpread;
    case ClusterEvent::kPodTerminating:
      // Pod/Update, with no specific update type: the plugins register only
      // specific ones (UpdatePodLabel, UpdatePodScaleDown, ...), which a
      // general Update does not match (MatchClusterEvents).
      return 0;
  }
  return 0;
}

bool HintSaysQueue(const Scenario& scenario, const Profile& profile,
                   const PodChange& change, ObjectIndex waiting,
                   UnschedulablePlugins rejectors) {
  const UnschedulablePlugins registered =
      rejectors & HelpedBy(profile, change.event);
  if (registered == 0) return false;
  if (profile.requeue != Requeue::kQueueingHints) return true;
  const Pod& pod = scenario.pods[waiting];
  const Pod& changed = scenario.pods[change.pod];
  return ((registered & kRejectsFit) && FitHint(change)) ||
         ((registered & kRejectsPorts) &&
          PortsHint(pod, changed, change.event)) ||
         ((registered & kRejectsAffinity) &&
          AffinityHint(pod, changed, change.event,
                       profile.anti_affinity_hint_any_term)) ||
         ((registered & kRejectsSpread) &&
          SpreadHint(pod, changed, change.event)) ||
         ((registered & kRejectsVolumes) &&
          VolumesHint(pod, changed, change.event));
}

}  // namespace podsim
