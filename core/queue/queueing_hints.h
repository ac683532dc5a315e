// Queueing hints: which cluster events may help a pod waiting in the
// unschedulable pool, by the plugins that rejected it. Upstream's
// framework.ClusterEvent, the plugins' EventsToRegister and their
// QueueingHintFns, reduced to the events and plugins a run has.
#pragma once

#include <cstdint>

#include "core/api/objects.h"
#include "core/config/profile.h"
#include "core/framework/status.h"

namespace podsim {

// Cluster events that may help pods in the unschedulable pool.
enum class ClusterEvent : uint8_t {
  kAssignedPodDelete,  // a pod left its node (EventAssignedPodDelete)
  kAssignedPodAdd,     // a pod was bound (EventAssignedPodAdd)
  // A pending pod's nomination was cleared or moved to another node, or a
  // nominated pending pod was deleted: upstream sends EventAssignedPodDelete
  // with the pod as it was (unbound, nominated) to the pods of lower or equal
  // priority (updatePodInSchedulingQueue, deletePodFromSchedulingQueue).
  kNominationChanged,
  // A bound pod got its deletionTimestamp (and DisruptionTarget): an
  // assigned pod's update that no specific update type describes.
  kPodTerminating,
};

// A cluster event and the pod it is about: the pod deleted or whose
// nomination changed (the hints' oldObj), bound (newObj) or updated.
struct PodChange {
  ClusterEvent event = ClusterEvent::kAssignedPodDelete;
  ObjectIndex pod = -1;
};

// The plugins that rejected a pod (QueuedPodInfo.UnschedulablePlugins), as
// bits.
using UnschedulablePlugins = uint32_t;
inline constexpr UnschedulablePlugins kRejectsFit = 1;       // NodeResourcesFit
inline constexpr UnschedulablePlugins kRejectsPorts = 2;     // NodePorts
inline constexpr UnschedulablePlugins kRejectsAffinity = 4;  // InterPodAffinity
inline constexpr UnschedulablePlugins kRejectsSpread = 8;  // PodTopologySpread
inline constexpr UnschedulablePlugins kRejectsOther = 16;  // node-only plugins
// VolumeRestrictions: a ReadWriteOncePod claim in use, or a missing claim.
inline constexpr UnschedulablePlugins kRejectsVolumes = 32;

// Returns the plugins that rejected the pod on some node of num_nodes, or
// on every node (statuses.absent).
UnschedulablePlugins RejectingPlugins(const NodeToStatus& statuses,
                                      int num_nodes);

// Returns the plugins that registered event (EventsToRegister) under the
// profile's requeueing (Profile::requeue). Without queueing hints (v1.31,
// v1.14) every registered event reads as Queue: a pod one of them rejected
// moves. With hints (current) the plugins' QueueingHintFns then look at the
// pod that changed (HintSaysQueue).
UnschedulablePlugins HelpedBy(const Profile& profile, ClusterEvent event);

// Mirrors PriorityQueue.isPodWorthRequeuing for pod waiting, rejected by the
// plugins rejectors: returns whether one of them says Queue for change.
// With queueing hints (current) that is the plugin's QueueingHintFn on the
// pods of scenario (NodeResourcesFit.isSchedulableAfterPodEvent,
// NodePorts.isSchedulableAfterPodDeleted,
// InterPodAffinity.isSchedulableAfterPodChange,
// PodTopologySpread.isSchedulableAfterPodChange,
// VolumeRestrictions.isSchedulableAfterPodDeleted); without, whether it
// registered the event (HelpedBy). The pre-check of a nomination's change
// (lower or equal priority) is the caller's.
bool HintSaysQueue(const Scenario& scenario, const Profile& profile,
                   const PodChange& change, ObjectIndex waiting,
                   UnschedulablePlugins rejectors);

}  // namespace podsim
