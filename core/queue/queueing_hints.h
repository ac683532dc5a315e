// Queueing hints: which cluster events may help a pod waiting in the
// unschedulable pool, by the plugins that rejected it. Upstream's
// framework.ClusterEvent, the plugins' EventsToRegister and their
// QueueingHintFns, reduced to the events and plugins a run has.
#pragma once

#include <cstdint>

#include "core/config/profile.h"
#include "core/framework/status.h"

namespace podsim {

// Cluster events that may help pods in the unschedulable pool.
enum class ClusterEvent : uint8_t {
  kAssignedPodDelete,  // a pod left its node
  kAssignedPodAdd,     // a pod was bound
  kNominationCleared,  // a nominated pod lost its nomination
  kPodTerminating,     // a pod got its deletionTimestamp
};

// The plugins that rejected a pod (QueuedPodInfo.UnschedulablePlugins), as
// bits.
using UnschedulablePlugins = uint32_t;
inline constexpr UnschedulablePlugins kRejectsFit = 1;       // NodeResourcesFit
inline constexpr UnschedulablePlugins kRejectsPorts = 2;     // NodePorts
inline constexpr UnschedulablePlugins kRejectsAffinity = 4;  // InterPodAffinity
inline constexpr UnschedulablePlugins kRejectsSpread = 8;  // PodTopologySpread
inline constexpr UnschedulablePlugins kRejectsOther = 16;  // node-only plugins
// VolumeRestrictions' ReadWriteOncePod conflict (not a missing claim).
inline constexpr UnschedulablePlugins kRejectsVolumes = 32;

// Returns the plugins that rejected the pod on some node of num_nodes, or
// on every node (statuses.absent).
UnschedulablePlugins RejectingPlugins(const NodeToStatus& statuses,
                                      int num_nodes);

// Returns the plugins whose queueing hints say Queue for event under the
// profile's requeueing (Profile::requeue): a pod one of them rejected may
// fit after it.
UnschedulablePlugins HelpedBy(const Profile& profile, ClusterEvent event);

}  // namespace podsim
