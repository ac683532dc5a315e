// Queueing hints on their own (core/queue/queueing_hints.h): which plugins
// rejected a pod, which of them registered each cluster event, per
// profile, and what their hint functions say about the pod that changed.
#include "core/queue/queueing_hints.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/config/plugins.h"
#include "core/config/profile.h"

namespace podsim {
namespace {

const Profile& Named(const char* name) {
  const Profile* profile = FindProfile(name);
  REQUIRE(profile != nullptr);
  return *profile;
}

LabelSelector AppIs(const std::string& app) {
  return {.is_nil = false, .requirements = {{"app", SelectorOp::kIn, {app}}}};
}

// Pods for the hints to look at: the waiting pod "web" (index 0) and the
// pods that change, each added by a test.
struct Pods {
  Scenario scenario;

  Pods() { Add("web"); }
  Pod& Add(const std::string& name, const std::string& app = "") {
    Pod& pod = scenario.pods.emplace_back();
    pod.name = name;
    pod.index = static_cast<ObjectIndex>(scenario.pods.size()) - 1;
    if (!app.empty()) pod.labels = Labels({{std::string("app"), app}});
    return pod;
  }
  Pod& web() { return scenario.pods[0]; }
  // Returns whether rejectors' hints say Queue for web when event is about
  // pod changed.
  bool Queue(ClusterEvent event, ObjectIndex changed,
             UnschedulablePlugins rejectors,
             const Profile& profile = CurrentProfile()) const {
    return HintSaysQueue(scenario, profile, {.event = event, .pod = changed}, 0,
                         rejectors);
  }
};

}  // namespace

TEST_CASE("Queueing hints: the rejecting plugins are read off every node") {
  NodeToStatus statuses(3);
  statuses.Set(0, Status(Code::kUnschedulable, kNodeResourcesFit));
  statuses.Set(2, Status(Code::kUnschedulable, kInterPodAffinity));
  CHECK(RejectingPlugins(statuses, 3) == (kRejectsFit | kRejectsAffinity));
  // A node-level plugin (taints) is "other".
  statuses.Set(1,
               Status(Code::kUnschedulableAndUnresolvable, kTaintToleration));
  CHECK((RejectingPlugins(statuses, 3) & kRejectsOther) != 0);
  // VolumeRestrictions, for a claim in use or a missing claim.
  NodeToStatus volumes(1);
  volumes.Set(0, Status(Code::kUnschedulable, kVolumeRestrictions));
  CHECK(RejectingPlugins(volumes, 1) == kRejectsVolumes);
  volumes.Set(0,
              Status(Code::kUnschedulableAndUnresolvable, kVolumeRestrictions));
  CHECK(RejectingPlugins(volumes, 1) == kRejectsVolumes);
  // A PreFilter rejection stands for every node (absent).
  NodeToStatus prefilter(2, Status(Code::kUnschedulable, kPodTopologySpread));
  CHECK(RejectingPlugins(prefilter, 2) == kRejectsSpread);
}

TEST_CASE(
    "Queueing hints: the events each plugin registered, with hints on "
    "(current)") {
  const Profile& current = CurrentProfile();
  const UnschedulablePlugins deletion = kRejectsFit | kRejectsPorts |
                                        kRejectsAffinity | kRejectsSpread |
                                        kRejectsVolumes;
  CHECK(HelpedBy(current, ClusterEvent::kAssignedPodDelete) == deletion);
  // A nomination's change is Pod/Delete too.
  CHECK(HelpedBy(current, ClusterEvent::kNominationChanged) == deletion);
  CHECK(HelpedBy(current, ClusterEvent::kAssignedPodAdd) ==
        (kRejectsAffinity | kRejectsSpread));
  // A deletionTimestamp is a general Pod/Update: no plugin registers one.
  CHECK(HelpedBy(current, ClusterEvent::kPodTerminating) == 0);
  // Node-level rejections wait for the flush: no pod event helps them.
  for (ClusterEvent e :
       {ClusterEvent::kAssignedPodDelete, ClusterEvent::kNominationChanged,
        ClusterEvent::kAssignedPodAdd, ClusterEvent::kPodTerminating}) {
    CHECK((HelpedBy(current, e) & kRejectsOther) == 0);
  }
}

TEST_CASE(
    "Queueing hints: v1.31 moves by registered events, v1.14 moves all on a "
    "deletion") {
  const Profile& v131 = Named("v1.31");
  CHECK(HelpedBy(v131, ClusterEvent::kNominationChanged) == 0);
  CHECK(HelpedBy(v131, ClusterEvent::kPodTerminating) == 0);
  CHECK(HelpedBy(v131, ClusterEvent::kAssignedPodAdd) ==
        (kRejectsAffinity | kRejectsSpread));
  const Profile& v114 = Named("v1.14");
  CHECK(HelpedBy(v114, ClusterEvent::kAssignedPodDelete) ==
        ~UnschedulablePlugins{0});
  CHECK(HelpedBy(v114, ClusterEvent::kNominationChanged) == 0);
  // Without hints, the pod that changed does not matter.
  Pods pods;
  const ObjectIndex plain = pods.Add("plain").index;
  CHECK(HintSaysQueue(pods.scenario, v131,
                      {.event = ClusterEvent::kAssignedPodDelete, .pod = plain},
                      0, kRejectsPorts));
}

TEST_CASE(
    "Queueing hints: NodeResourcesFit queues on any deletion of a bound or "
    "nominated pod") {
  Pods pods;
  const ObjectIndex other = pods.Add("other").index;
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, other, kRejectsFit));
  CHECK(pods.Queue(ClusterEvent::kNominationChanged, other, kRejectsFit));
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodAdd, other, kRejectsFit));
  CHECK_FALSE(pods.Queue(ClusterEvent::kPodTerminating, other, kRejectsFit));
}

TEST_CASE(
    "Queueing hints: NodePorts queues when the deleted pod held a port the "
    "pod wants") {
  Pods pods;
  pods.web().host_ports = {{.ip = "", .protocol = "TCP", .port = 8080}};
  Pod& same = pods.Add("same");
  same.host_ports = {{.ip = "10.0.0.1", .protocol = "TCP", .port = 8080}};
  Pod& udp = pods.Add("udp");
  udp.host_ports = {{.ip = "", .protocol = "UDP", .port = 8080}};
  const ObjectIndex none = pods.Add("none").index;
  CHECK(
      pods.Queue(ClusterEvent::kAssignedPodDelete, same.index, kRejectsPorts));
  CHECK(
      pods.Queue(ClusterEvent::kNominationChanged, same.index, kRejectsPorts));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodDelete, udp.index, kRejectsPorts));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodDelete, none, kRejectsPorts));
  // Either plugin may say Queue.
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, none,
                   kRejectsPorts | kRejectsFit));
}

TEST_CASE(
    "Queueing hints: InterPodAffinity queues on a bound pod its affinity "
    "matches, or the deletion of one its anti-affinity matches") {
  Pods pods;
  pods.web().required_affinity = {
      {.selector = AppIs("db"), .namespaces = {"default"}}};
  pods.web().required_anti_affinity = {
      {.selector = AppIs("noisy"), .namespaces = {"default"}}};
  const ObjectIndex db = pods.Add("db", "db").index;
  const ObjectIndex noisy = pods.Add("noisy", "noisy").index;
  Pod& elsewhere = pods.Add("elsewhere", "db");
  elsewhere.ns = "team-a";
  CHECK(pods.Queue(ClusterEvent::kAssignedPodAdd, db, kRejectsAffinity));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodAdd, noisy, kRejectsAffinity));
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodAdd, elsewhere.index,
                         kRejectsAffinity));
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, noisy, kRejectsAffinity));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodDelete, db, kRejectsAffinity));
  // v1.35: a pod that is not bound (a nomination's change) helps no one.
  // v1.37 (isSchedulableAfterAssignedPodChange): a nominated pod's
  // deletion counts like a bound one's.
  const Profile& v135 = *FindProfile("v1.35");
  CHECK_FALSE(pods.Queue(ClusterEvent::kNominationChanged, noisy,
                         kRejectsAffinity, v135));
  CHECK(pods.Queue(ClusterEvent::kNominationChanged, noisy, kRejectsAffinity));
  // v1.35: without terms no pod matches them all, and a placed pod's
  // anti-affinity against web is not looked at. v1.37 looks at it.
  pods.web().required_anti_affinity.clear();
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodDelete, noisy,
                         kRejectsAffinity, v135));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodDelete, noisy, kRejectsAffinity));
  pods.Add("guard", "guard").required_anti_affinity = {
      {.selector = AppIs("web"), .namespaces = {"default"}}};
  const ObjectIndex guard = pods.scenario.pods.size() - 1;
  pods.web().labels = Labels({{std::string("app"), std::string("web")}});
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodDelete, guard,
                         kRejectsAffinity, v135));
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, guard, kRejectsAffinity));
}

TEST_CASE(
    "Queueing hints: PodTopologySpread queues on a pod of its namespace its "
    "DoNotSchedule selectors match, or on its own nomination") {
  Pods pods;
  pods.web().labels = Labels({{std::string("app"), std::string("web")}});
  pods.web().spread_constraints = {{.topology_key = "zone",
                                    .do_not_schedule = true,
                                    .selector = AppIs("web")},
                                   {.topology_key = "zone",
                                    .do_not_schedule = false,
                                    .selector = AppIs("db")}};
  const ObjectIndex web2 = pods.Add("web-2", "web").index;
  const ObjectIndex db = pods.Add("db", "db").index;
  Pod& elsewhere = pods.Add("elsewhere", "web");
  elsewhere.ns = "team-a";
  CHECK(pods.Queue(ClusterEvent::kAssignedPodAdd, web2, kRejectsSpread));
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, web2, kRejectsSpread));
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodDelete, db, kRejectsSpread));
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodDelete, elsewhere.index,
                         kRejectsSpread));
  CHECK_FALSE(pods.Queue(ClusterEvent::kPodTerminating, web2, kRejectsSpread));
  // Another pending pod's nomination is no bound pod; web's own is.
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kNominationChanged, web2, kRejectsSpread));
  CHECK(pods.Queue(ClusterEvent::kNominationChanged, 0, kRejectsSpread));
}

TEST_CASE(
    "Queueing hints: VolumeRestrictions queues on the deletion of a pod of "
    "its namespace that names one of its claims") {
  Pods pods;
  pods.web().claims = {"data"};
  Pod& holder = pods.Add("holder");
  holder.claims = {"logs", "data"};
  Pod& elsewhere = pods.Add("elsewhere");
  elsewhere.claims = {"data"};
  elsewhere.ns = "team-a";
  const ObjectIndex none = pods.Add("none").index;
  CHECK(pods.Queue(ClusterEvent::kAssignedPodDelete, holder.index,
                   kRejectsVolumes));
  CHECK(pods.Queue(ClusterEvent::kNominationChanged, holder.index,
                   kRejectsVolumes));
  CHECK_FALSE(pods.Queue(ClusterEvent::kAssignedPodDelete, elsewhere.index,
                         kRejectsVolumes));
  CHECK_FALSE(
      pods.Queue(ClusterEvent::kAssignedPodDelete, none, kRejectsVolumes));
}

}  // namespace podsim
