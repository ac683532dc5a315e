// The scheduler's loop on the simulated clock, end to end: where it
// starts, arrivals, victims' grace periods, backoff, queueing hints and the
// unschedulable pool's flush (core/scheduler/scheduler.cc over
// core/queue/).
#include <string>
#include <vector>

#include "core/output/result_json.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

constexpr int64_t kStart = 1714550400'000;  // 2024-05-01T08:00:00Z

// "<+seconds> <pod> <outcome>[ <node>]" per attempt.
std::vector<std::string> Times(const SimulationResult& r) {
  std::vector<std::string> out;
  for (const Attempt& a : r.attempts) {
    int64_t ms = a.time_ms - r.timeline.start_ms;
    out.push_back("+" +
                  (ms % 1000 ? std::to_string(ms) + "ms"
                             : std::to_string(ms / 1000) + "s") +
                  " " + r.scenario.pods[a.pod].name + " " +
                  std::string(ToString(a.outcome)) +
                  (a.node >= 0 ? " " + r.scenario.nodes[a.node].name : ""));
  }
  return out;
}

Json Grace(Json pod, int seconds) {
  pod["spec"]["terminationGracePeriodSeconds"] = seconds;
  return pod;
}

Json CreatedAt(Json pod, const std::string& time) {
  pod["metadata"]["creationTimestamp"] = time;
  return pod;
}

SimulationResult RunFrom(const std::string& text,
                         const std::string& profile = "") {
  SimulateOptions options;
  options.start_ms = kStart;
  options.profile = profile;
  return Simulate(text, options);
}

}  // namespace

TEST_CASE(
    "Queue: the clock starts at the latest time on the cluster's objects, "
    "and pods created later arrive then") {
  Json node = NodeWith("n1", {"2"});
  node["metadata"]["creationTimestamp"] = "2024-05-01T07:00:00Z";
  Json running = RunningPod("old", "n1", {"1"}, 1);
  running["status"]["startTime"] = "2024-05-01T08:00:00Z";
  SimulationResult r = Run(ScenarioWith(
      node, running,
      CreatedAt(PendingPod("early", {"500m"}, 10), "2024-05-01T07:30:00Z"),
      CreatedAt(PendingPod("late", {"500m"}, 10), "2024-05-01T08:05:00Z")));
  CHECK(r.timeline.start_ms == kStart);
  CHECK(r.timeline.start_found);
  CHECK(Times(r) == std::vector<std::string>{"+0s early Scheduled n1",
                                             "+300s late Scheduled n1"});
}

TEST_CASE(
    "Queue: a victim keeps its room for its grace period; the preemptor "
    "binds when it is gone") {
  SimulationResult r = RunFrom(ScenarioWith(
      NodeWith("n1", {"1"}), Grace(RunningPod("low", "n1", {"1"}, 1), 10),
      PendingPod("web", {"1"}, 100)));
  CHECK(Times(r) == std::vector<std::string>{"+0s web Nominated n1",
                                             "+10s web Scheduled n1"});
  REQUIRE(r.attempts[0].victims.size() == 1);
  CHECK(r.attempts[0].victims[0].gone_ms == kStart + 10'000);
  CHECK_FALSE(r.attempts[0].victims[0].already_terminating);
}

TEST_CASE(
    "Queue: without a grace period the victim leaves at once; the preemptor "
    "is popped from backoffQ at once (v1.33+), and waits out its backoff "
    "in v1.14") {
  std::string text = ScenarioWith(NodeWith("n1", {"1"}),
                                  Grace(RunningPod("low", "n1", {"1"}, 1), 0),
                                  PendingPod("web", {"1"}, 100));
  CHECK(
      Times(RunFrom(text)) ==
      std::vector<std::string>{"+0s web Nominated n1", "+0s web Scheduled n1"});
  CHECK(
      Times(RunFrom(text, "v1.14")) ==
      std::vector<std::string>{"+0s web Nominated n1", "+1s web Scheduled n1"});
}

TEST_CASE(
    "Queue: a victim without a grace period that is not the last leaves the "
    "preemptor gated until another pod's deletion") {
  // Upstream deletes the victims in order (prepareCandidateAsync) and
  // DefaultPreemption's PreEnqueue holds the preemptor until the last one's
  // deletion: quick's departure finds web still preempting, and web waits
  // for slow's at +30 s. With quick last, its departure ends the preemption
  // and moves web at once, to a retry that slow's grace period defeats.
  // The oracle (upstream v1.35) answers both the same.
  auto scenario = [](int first_grace, int last_grace) {
    // The victims, most important first: quick (priority 2), then slow.
    return ScenarioWith(NodeWith("n1", {"2"}),
                        Grace(RunningPod("quick", "n1", {"1"}, 2), first_grace),
                        Grace(RunningPod("slow", "n1", {"1"}, 1), last_grace),
                        PendingPod("web", {"2"}, 100));
  };
  SimulationResult first = RunFrom(scenario(0, 30));
  CHECK(Times(first) == std::vector<std::string>{"+0s web Nominated n1",
                                                 "+30s web Scheduled n1"});
  std::vector<std::string> events;
  for (const QueueEvent& e : first.timeline.events) {
    events.push_back(std::to_string((e.time_ms - kStart) / 1000) + " " +
                     std::string(ToString(e.kind)) + " " +
                     first.scenario.pods[e.pod].name);
  }
  CHECK(events ==
        std::vector<std::string>{"0 arrive web", "0 terminating quick",
                                 "0 terminating slow", "0 unschedulable web",
                                 "0 gone quick", "0 gated web", "30 gone slow",
                                 "30 active web"});
  CHECK(Times(RunFrom(scenario(30, 0))) ==
        std::vector<std::string>{"+0s web Nominated n1",
                                 "+0s web Unschedulable",
                                 "+30s web Scheduled n1"});
}

TEST_CASE(
    "Queue: a gated preemptor whose last victim's departure helps no "
    "rejecting plugin stays pending: the flush skips it (v1.35.4)") {
  // web wants host port 81 (porty's, no grace period) and is kept out by
  // hater's anti-affinity. porty leaves while web's preemption runs: the
  // NodePorts hint gates web. hater's departure at +30 s helps neither
  // NodePorts (no port) nor InterPodAffinity (web has no anti-affinity
  // term), and the flush's event does not match a gated pod's
  // GatingPluginEvents. The oracle (upstream v1.35.4) agrees.
  auto ports = [](Json pod, int port) {
    pod["spec"]["containers"][0]["ports"] =
        Json::array({{{"containerPort", port}, {"hostPort", port}}});
    return pod;
  };
  Json hater = Grace(RunningPod("hater", "n1", {"100m"}, 1), 30);
  hater["spec"]["affinity"]["podAntiAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] =
           Json::array({{{"labelSelector", {{"matchLabels", {{"app", "web"}}}}},
                         {"topologyKey", "kubernetes.io/hostname"}}});
  SimulationResult r = RunFrom(
      ScenarioWith(
          NodeWith("n1", {"4"}, {{"kubernetes.io/hostname", "n1"}}),
          ports(Grace(RunningPod("porty", "n1", {"100m"}, 2), 0), 81), hater,
          ports(Labelled(PendingPod("web", {"100m"}, 100), "web"), 81),
          CreatedAt(PendingPod("late", {"100m"}, 0), "2024-05-01T08:02:00Z")),
      "v1.35");
  CHECK(Times(r) == std::vector<std::string>{"+0s web Nominated n1",
                                             "+120s late Scheduled n1"});
}

TEST_CASE(
    "Queue: a preemptor gated by its first victim's departure, whose last "
    "victim's helps no rejecting plugin, waits for the v1.37 flush") {
  // NodePorts rejects web on n1 (porty holds port 81; NodeResourcesFit
  // would too, but Filter stops at the first plugin), and web needs slow's
  // CPU as well: both are victims, porty deleted first. porty leaves at
  // once while web's preemption runs, and NodePorts' hint gates web;
  // slow's departure at +30 s holds no port. v1.35.4 leaves web gated for
  // good; v1.37.2's flush re-checks it once it has waited 5 minutes
  // (flushUnschedulableEntitiesLeftover, #139162). The oracle agrees at
  // both releases.
  Json porty = Grace(RunningPod("porty", "n1", {"100m"}, 2), 0);
  porty["spec"]["containers"][0]["ports"] =
      Json::array({{{"containerPort", 81}, {"hostPort", 81}}});
  Json web = PendingPod("web", {"500m"}, 100);
  web["spec"]["containers"][0]["ports"] =
      Json::array({{{"containerPort", 81}, {"hostPort", 81}}});
  const std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), porty,
                   Grace(RunningPod("slow", "n1", {"800m"}, 1), 30), web);
  CHECK(Times(RunFrom(text, "v1.35")) ==
        std::vector<std::string>{"+0s web Nominated n1"});
  CHECK(Times(RunFrom(text)) ==
        std::vector<std::string>{"+0s web Nominated n1",
                                 "+330s web Scheduled n1"});
}

TEST_CASE(
    "Queue: a higher-priority pod that arrives during the grace period takes "
    "the room; the preemptor then finds none") {
  SimulationResult r = RunFrom(ScenarioWith(
      NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
      PendingPod("web", {"1"}, 100),
      CreatedAt(PendingPod("vip", {"1"}, 1000), "2024-05-01T08:00:10Z")));
  // web's failed preemption clears its nomination; that update is an
  // assigned pod's deletion to the pods of lower or equal priority, web
  // itself among them (updatePodInSchedulingQueue): NodeResourcesFit's hint
  // retries it at once. The oracle (upstream v1.35) agrees.
  CHECK(Times(r) == std::vector<std::string>{
                        "+0s web Nominated n1", "+10s vip Nominated n1",
                        "+30s vip Scheduled n1", "+30s web Unschedulable",
                        "+30s web Unschedulable"});
  CHECK(r.attempts[3].preemption.nomination_cleared);
  CHECK_FALSE(r.attempts[4].preemption.nomination_cleared);
  // vip chose the victim web's preemption had already deleted: no second
  // deletion, and web's nomination is not cleared (v1.34+).
  const Attempt& vip = r.attempts[1];
  REQUIRE(vip.victims.size() == 1);
  CHECK(vip.victims[0].already_terminating);
  CHECK(vip.victims[0].gone_ms == kStart + 30'000);
  CHECK(vip.cleared_nominations.empty());
  // v1.14 deletes it again and clears web's lower nomination.
  SimulationResult old = RunFrom(
      ScenarioWith(
          NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
          PendingPod("web", {"1"}, 100),
          CreatedAt(PendingPod("vip", {"1"}, 1000), "2024-05-01T08:00:10Z")),
      "v1.14");
  CHECK(old.attempts[1].cleared_nominations.size() == 1);
}

TEST_CASE(
    "Queue: a retry before the victims are gone is not eligible and keeps "
    "the nomination") {
  // Two preemptors for two nodes; the first's victim leaves at +30 s and
  // moves both; the second's own victim is still terminating then.
  SimulationResult r = RunFrom(ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      RunningPod("la", "a", {"1"}, 1),
      Grace(RunningPod("lb", "b", {"1"}, 2), 40),
      CreatedAt(PendingPod("first", {"1"}, 100), "2024-05-01T07:00:00Z"),
      CreatedAt(PendingPod("second", {"1"}, 100), "2024-05-01T07:00:01Z")));
  CHECK(Times(r) == std::vector<std::string>{
                        "+0s first Nominated a", "+0s second Nominated b",
                        "+30s first Scheduled a", "+30s second Unschedulable",
                        "+40s second Scheduled b"});
  CHECK(r.attempts[3].preemption.status_message ==
        "preemption: not eligible due to a "
        "terminating pod on the nominated node.");
}

TEST_CASE(
    "Queue: a pod only node-level plugins reject waits for the 5-minute "
    "flush, and only when the cluster changed since it failed") {
  Json tainted = NodeWith("t", {"4"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "dedicated"}, {"effect", "NoSchedule"}}});
  // stuck fits nowhere (a taint, a node selector); web's preemption
  // changes the cluster, which a retry of stuck may see.
  Json stuck = PendingPod("stuck", {"1"}, 0);
  stuck["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  SimulationResult r = RunFrom(ScenarioWith(
      tainted, NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
      PendingPod("web", {"1"}, 100), stuck));
  CHECK(Times(r) == std::vector<std::string>{
                        "+0s web Nominated n1", "+0s stuck Unschedulable",
                        "+30s web Scheduled n1", "+330s stuck Unschedulable"});
  // Nothing changes after its retry: it is not retried again.
  SimulationResult still = RunFrom(ScenarioWith(tainted, stuck));
  CHECK(Times(still) == std::vector<std::string>{"+0s stuck Unschedulable"});
}

TEST_CASE(
    "Queue: a pod's deletionTimestamp moves no waiting pod; its departure "
    "moves those a rejecting plugin's hint says it may help") {
  // spready is rejected by PodTopologySpread on n2 and NodeResourcesFit on
  // n1. When web's victim starts terminating at +5 s, the update is a
  // general Pod/Update (current) or assignedPodOtherUpdate (v1.31), which
  // no plugin registers; its departure at +35 s moves spready
  // (NodeResourcesFit's hint, isSchedulableAfterPodEvent) after web, which
  // binds first. The oracle (upstream v1.35) agrees.
  Json spready = Labelled(PendingPod("spready", {"100m"}, 0), "x");
  spready["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "hostname"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "x"}}}}}}});
  std::string text = ScenarioWith(
      NodeWith("n1", {"2"}, {{"hostname", "n1"}}),
      NodeWith("n2", {"4"}, {{"hostname", "n2"}}),
      RunningPod("low", "n1", {"2"}, 1),
      Labelled(RunningPod("x1", "n2", {"1500m"}, 5), "x"),
      Labelled(RunningPod("x2", "n2", {"1500m"}, 5), "x"), spready,
      CreatedAt(PendingPod("web", {"2"}, 100), "2024-05-01T08:00:05Z"));
  const std::vector<std::string> want = {
      "+0s spready Unschedulable", "+5s web Nominated n1",
      "+35s web Scheduled n1", "+35s spready Unschedulable"};
  CHECK(Times(RunFrom(text)) == want);
  CHECK(Times(RunFrom(text, "v1.31")) == want);
}

TEST_CASE(
    "Queue: in v1.31 a deletion moves no pod that only node-level plugins "
    "rejected; v1.14 moves every pod") {
  Json stuck = PendingPod("stuck", {"1"}, 0);
  stuck["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("web", {"1"}, 100), stuck);
  CHECK(Times(RunFrom(text, "v1.31")) ==
        std::vector<std::string>{
            "+0s web Nominated n1", "+0s stuck Unschedulable",
            "+30s web Scheduled n1", "+330s stuck Unschedulable"});
  CHECK(Times(RunFrom(text, "v1.14")) ==
        std::vector<std::string>{
            "+0s web Nominated n1", "+0s stuck Unschedulable",
            "+30s web Scheduled n1", "+30s stuck Unschedulable"});
}

TEST_CASE(
    "Queue: a pod rejected for a ReadWriteOncePod claim moves when a pod "
    "leaves") {
  // VolumeRestrictions' hint (isSchedulableAfterPodDeleted): the victim's
  // departure at +30 s moves the preemptor, not the 5-minute flush.
  SimulationResult r = RunFrom(ScenarioWith(
      NodeWith("n1", {"4"}), ClaimWith("solo", {"ReadWriteOncePod"}),
      UsingClaims(RunningPod("holder", "n1", {"1"}, 1), {"solo"}),
      UsingClaims(PendingPod("web", {"1"}, 100), {"solo"})));
  CHECK(Times(r) == std::vector<std::string>{"+0s web Nominated n1",
                                             "+30s web Scheduled n1"});
}

TEST_CASE("Queue: the backoff comes from the KubeSchedulerConfiguration") {
  // 2 s initial backoff; v1.14 waits it out before the retry (the victim,
  // without a grace period, is gone at once).
  Json config = SchedulerConfigWith(10, 100);
  config["podInitialBackoffSeconds"] = 2;
  config["podMaxBackoffSeconds"] = 3;
  SimulationResult r =
      RunFrom(ScenarioWith(config, NodeWith("n1", {"1"}),
                           Grace(RunningPod("low", "n1", {"1"}, 1), 0),
                           PendingPod("web", {"1"}, 100)),
              "v1.14");
  CHECK(Times(r) == std::vector<std::string>{"+0s web Nominated n1",
                                             "+2s web Scheduled n1"});
  CHECK(r.scenario.config.pod_max_backoff_seconds == 3);
  SimulationResult bad = Run(ScenarioWith(
      [] {
        Json c = SchedulerConfigWith(10, 100);
        c["podInitialBackoffSeconds"] = 5;
        c["podMaxBackoffSeconds"] = 2;
        return c;
      }(),
      NodeWith("n1", {"1"})));
  CHECK(DiagnosticTexts(bad).size() == 1);
}

TEST_CASE(
    "Queue: the backoff doubles with each failed attempt, up to the max") {
  // web never fits on n1; each pod leaving n2 moves it while it still backs
  // off, so it waits in backoffQ for 4 s, then 8 s, then the 10 s cap from
  // the cycle it failed in (calculateBackoffDuration).
  Json config = SchedulerConfigWith(10, 100);
  config["podInitialBackoffSeconds"] = 4;
  config["podMaxBackoffSeconds"] = 10;
  Json web = PendingPod("web", {"2"}, 0);
  web["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  std::vector<Json> objects = {config, NodeWith("n1", {"1"}, {{"disk", "ssd"}}),
                               NodeWith("n2", {"8"}), web};
  const char* kLeaving[] = {"2024-05-01T08:00:01Z", "2024-05-01T08:00:05Z",
                            "2024-05-01T08:00:13Z"};
  for (int i = 0; i < 3; ++i) {
    Json leaving = RunningPod("leaving-" + std::to_string(i), "n2", {"1"}, 0);
    leaving["metadata"]["deletionTimestamp"] = kLeaving[i];
    objects.push_back(leaving);
  }
  SimulationResult r = RunFrom(Json(objects).dump());
  std::vector<int64_t> waits;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind != QueueEventKind::kBackoff) continue;
    const Attempt* failed = nullptr;
    for (const Attempt& a : r.attempts) {
      if (a.time_ms < e.time_ms) failed = &a;  // the cycle it failed in
    }
    REQUIRE(failed != nullptr);
    waits.push_back((e.until_ms - failed->time_ms) / 1000);
  }
  // Whole-second windows (v1.33+) may add up to a second to each.
  REQUIRE(waits.size() == 3);
  CHECK(waits[0] >= 4);
  CHECK(waits[0] <= 5);
  CHECK(waits[1] >= 8);
  CHECK(waits[1] <= 9);
  CHECK(waits[2] >= 10);
  CHECK(waits[2] <= 11);
}

TEST_CASE(
    "Queue: a pod terminating in the input leaves at its deletionTimestamp, "
    "or a second after the start when that has passed") {
  Json leaving = RunningPod("leaving", "n1", {"1"}, 1);
  leaving["metadata"]["deletionTimestamp"] = "2024-05-01T08:00:20Z";
  SimulationResult r = RunFrom(ScenarioWith(NodeWith("n1", {"1"}), leaving,
                                            PendingPod("web", {"1"}, 0)));
  // web (priority 0) cannot preempt leaving (1); it binds once leaving is
  // gone.
  CHECK(Times(r) == std::vector<std::string>{"+0s web Unschedulable",
                                             "+20s web Scheduled n1"});
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  SimulationResult overdue = RunFrom(ScenarioWith(
      NodeWith("n1", {"1"}), leaving, PendingPod("web", {"1"}, 0)));
  CHECK(Times(overdue) == std::vector<std::string>{"+0s web Unschedulable",
                                                   "+1s web Scheduled n1"});
}

TEST_CASE("Queue: the timeline lists what happened between the cycles") {
  SimulationResult r = RunFrom(ScenarioWith(NodeWith("n1", {"1"}),
                                            RunningPod("low", "n1", {"1"}, 1),
                                            PendingPod("web", {"1"}, 100)));
  std::vector<std::string> events;
  for (const QueueEvent& e : r.timeline.events) {
    events.push_back(std::to_string((e.time_ms - kStart) / 1000) + " " +
                     std::string(ToString(e.kind)) + " " +
                     r.scenario.pods[e.pod].name);
  }
  CHECK(events == std::vector<std::string>{"0 arrive web", "0 terminating low",
                                           "0 unschedulable web", "30 gone low",
                                           "30 active web"});
  CHECK(r.timeline.end_ms == kStart + 30'000);
  CHECK(r.timeline.start_given);
  CHECK(r.timeline.events_dropped == 0);

  // Past max_events the timeline counts the events it does not keep, and
  // the clock still ends at the last one.
  SimulateOptions capped;
  capped.start_ms = kStart;
  capped.max_events = 2;
  SimulationResult few = Simulate(
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("web", {"1"}, 100)),
      capped);
  CHECK(few.timeline.events.size() == 2);
  CHECK(few.timeline.events_dropped == 3);
  CHECK(few.timeline.end_ms == kStart + 30'000);
  CHECK(ToJson(few).find("\"eventsDropped\":3") != std::string::npos);
}

}  // namespace podsim

namespace podsim {
using namespace testing;

TEST_CASE(
    "Queue: with an API latency, the victim terminates when its deletion "
    "lands, and the preemptor waits for it") {
  SimulateOptions options;
  options.start_ms = 1714550400'000;
  options.api_latency_ms = 500;
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("web", {"1"}, 100));
  SimulationResult r = Simulate(text, options);
  REQUIRE(r.attempts.size() == 2);
  CHECK(r.attempts[0].victims[0].gone_ms == options.start_ms.value() + 30'500);
  CHECK(r.attempts[1].time_ms == options.start_ms.value() + 30'500);
  std::vector<std::string> events;
  for (const QueueEvent& e : r.timeline.events) {
    events.push_back(std::to_string(e.time_ms - *options.start_ms) + " " +
                     std::string(ToString(e.kind)));
  }
  // No event tried to move it while its deletion was on its way: it was
  // never gated.
  CHECK(events == std::vector<std::string>{"0 arrive", "0 unschedulable",
                                           "500 terminating", "30500 gone",
                                           "30500 active"});
  // v1.14 deletes in the cycle: the clock moves on by the call's latency.
  options.profile = "v1.14";
  SimulationResult old = Simulate(text, options);
  REQUIRE(old.attempts.size() == 2);
  CHECK(old.attempts[1].time_ms == options.start_ms.value() + 30'500);
}

}  // namespace podsim
