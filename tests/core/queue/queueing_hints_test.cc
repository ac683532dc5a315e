// Queueing hints on their own (core/queue/queueing_hints.h): which plugins
// rejected a pod, and which of them each cluster event may help, per
// profile.
#include "core/queue/queueing_hints.h"

#include <doctest/doctest.h>

#include "core/config/plugins.h"
#include "core/config/profile.h"

namespace podsim {
namespace {

const Profile& Named(const char* name) {
  const Profile* profile = FindProfile(name);
  REQUIRE(profile != nullptr);
  return *profile;
}

}  // namespace

TEST_CASE("Queueing hints: the rejecting plugins are read off every node") {
  NodeToStatus statuses(3);
  statuses.Set(0, Status(Code::kUnschedulable, kNodeResourcesFit));
  statuses.Set(2, Status(Code::kUnschedulable, kInterPodAffinity));
  CHECK(RejectingPlugins(statuses, 3) == (kRejectsFit | kRejectsAffinity));
  // A node-level plugin (taints) is "other"; so is a missing claim
  // (VolumeRestrictions unresolvable), but not a claim in use.
  statuses.Set(1,
               Status(Code::kUnschedulableAndUnresolvable, kTaintToleration));
  CHECK((RejectingPlugins(statuses, 3) & kRejectsOther) != 0);
  NodeToStatus volumes(1);
  volumes.Set(0, Status(Code::kUnschedulable, kVolumeRestrictions));
  CHECK(RejectingPlugins(volumes, 1) == kRejectsVolumes);
  volumes.Set(0,
              Status(Code::kUnschedulableAndUnresolvable, kVolumeRestrictions));
  CHECK(RejectingPlugins(volumes, 1) == kRejectsOther);
  // A PreFilter rejection stands for every node (absent).
  NodeToStatus prefilter(2, Status(Code::kUnschedulable, kPodTopologySpread));
  CHECK(RejectingPlugins(prefilter, 2) == kRejectsSpread);
}

TEST_CASE("Queueing hints: what each event may help, with hints on (current)") {
  const Profile& current = CurrentProfile();
  const UnschedulablePlugins neighbours =
      kRejectsFit | kRejectsPorts | kRejectsAffinity | kRejectsSpread;
  CHECK(HelpedBy(current, ClusterEvent::kAssignedPodDelete) ==
        (neighbours | kRejectsVolumes));
  CHECK(HelpedBy(current, ClusterEvent::kNominationCleared) == neighbours);
  CHECK(HelpedBy(current, ClusterEvent::kAssignedPodAdd) ==
        (kRejectsAffinity | kRejectsSpread));
  CHECK(HelpedBy(current, ClusterEvent::kPodTerminating) == kRejectsSpread);
  // Node-level rejections wait for the flush: no pod event helps them.
  for (ClusterEvent e :
       {ClusterEvent::kAssignedPodDelete, ClusterEvent::kNominationCleared,
        ClusterEvent::kAssignedPodAdd, ClusterEvent::kPodTerminating}) {
    CHECK((HelpedBy(current, e) & kRejectsOther) == 0);
  }
}

TEST_CASE(
    "Queueing hints: v1.31 moves by registered events, v1.14 moves all on a "
    "deletion") {
  const Profile& v131 = Named("v1.31");
  CHECK(HelpedBy(v131, ClusterEvent::kNominationCleared) == 0);
  CHECK(HelpedBy(v131, ClusterEvent::kPodTerminating) == 0);
  CHECK(HelpedBy(v131, ClusterEvent::kAssignedPodAdd) ==
        (kRejectsAffinity | kRejectsSpread));
  const Profile& v114 = Named("v1.14");
  CHECK(HelpedBy(v114, ClusterEvent::kAssignedPodDelete) ==
        ~UnschedulablePlugins{0});
  CHECK(HelpedBy(v114, ClusterEvent::kNominationCleared) == 0);
}

}  // namespace podsim
