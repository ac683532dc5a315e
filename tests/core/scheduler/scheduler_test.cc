#include "core/scheduler/scheduler.h"

#include <cstdio>
#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json Created(Json pod, const std::string& time) {
  pod["metadata"]["creationTimestamp"] = time;
  return pod;
}
Json NominatedTo(Json pod, const std::string& node) {
  pod["status"]["nominatedNodeName"] = node;
  return pod;
}
}  // namespace

TEST_CASE("Scheduler: the queue pops by priority, then by creation time") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"8"}),
      Created(PendingPod("late", {"1"}, 5), "2024-01-01T00:00:09Z"),
      Created(PendingPod("early", {"1"}, 5), "2024-01-01T00:00:01Z"),
      PendingPod("urgent", {"1"}, 50)));
  CHECK(Outcomes(r) == std::vector<std::string>{"urgent Scheduled n1",
                                                "early Scheduled n1",
                                                "late Scheduled n1"});
}

TEST_CASE(
    "Scheduler: a nominated pod is retried after its victims are gone and "
    "binds there") {
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                       PendingPod("web", {"1"}, 100)));
  CHECK(Outcomes(r) ==
        std::vector<std::string>{"web Nominated n1", "web Scheduled n1"});
  CHECK(r.attempts[1].attempt == 2);
  CHECK(r.attempts[1].trace[0].step == "nominated-node");
}

TEST_CASE("Scheduler: each cycle sees the effects of the one before") {
  // Two preemptors, one node's worth of victims each.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      RunningPod("la", "a", {"1"}, 1), RunningPod("lb", "b", {"1"}, 2),
      Created(PendingPod("first", {"1"}, 100), "2024-01-01T00:00:01Z"),
      Created(PendingPod("second", {"1"}, 100), "2024-01-01T00:00:02Z")));
  // la leaves 30 s after first's preemption, which moves every pod that
  // NodeResourcesFit rejected: second is retried too, while lb is still
  // terminating on its nominated node b (not eligible to preempt again),
  // and binds a second later, once lb is gone.
  CHECK(Outcomes(r) ==
        std::vector<std::string>{"first Nominated a", "second Nominated b",
                                 "first Scheduled a", "second Unschedulable",
                                 "second Scheduled b"});
  CHECK(r.attempts[2].time_ms - r.attempts[0].time_ms == 30'000);
  CHECK(r.attempts[4].time_ms - r.attempts[1].time_ms == 30'000);
}

TEST_CASE(
    "Scheduler: a lower-priority pending pod cannot take room a nominated pod "
    "freed") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"1"}), RunningPod("victim", "n1", {"1"}, 1),
      PendingPod("web", {"1"}, 100),
      Created(PendingPod("sneaky", {"1"}, 50), "2024-01-01T00:00:00Z")));
  CHECK(Outcomes(r) == std::vector<std::string>{"web Nominated n1",
                                                "web Scheduled n1",
                                                "sneaky Unschedulable"});
}

TEST_CASE(
    "Scheduler: the fit is scored and of two tied nodes the first in the "
    "snapshot's order wins here") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("idle2", {"4", "8Gi"}), NodeWith("idle", {"4", "8Gi"}),
      NodeWith("busy", {"4", "8Gi"}),
      RunningPod("load", "busy", {"3", "6Gi"}, 1),
      PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& a = FirstAttempt(r, "web");
  // By name: busy, idle, idle2. The heap's root (busy) takes its left child.
  CHECK(NodeName(r, a) == "idle");
  CHECK(a.scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit",
                                      "NodeResourcesBalancedAllocation"});
  CHECK(NodeIn(r, a, "idle").score->total ==
        NodeIn(r, a, "idle2").score->total);
}

TEST_CASE(
    "Scheduler: nodes tied at the top score go to the top of selectHost's "
    "heap, which need not be the first of them") {
  // By name n1 (busiest), n2 (busy), n3, n4: the heap sifts n4 up past n2
  // first, and the root then takes n4 over n3 (equal, so the left child).
  // Upstream's answer (the oracle, v1.35.4): n4.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n3", {"4"}), NodeWith("n4", {"4"}), NodeWith("n2", {"4"}),
      NodeWith("n1", {"4"}), RunningPod("busy1", "n1", {"2"}, 1),
      RunningPod("busy2", "n2", {"1"}, 1), PendingPod("web", {"1"}, 1)));
  CHECK(NodeName(r, FirstAttempt(r, "web")) == "n4");
}

TEST_CASE("Scheduler: the snapshot takes one node of each zone in turn") {
  // Added by name: a-1 (z1), a-2 (z1), b-1 (z2); listed a-1, b-1, a-2. With
  // a-1 busy, b-1 and a-2 tie and the heap's root takes b-1 (upstream: b-1).
  const Json z1 = {{"topology.kubernetes.io/zone", "z1"}};
  const Json z2 = {{"topology.kubernetes.io/zone", "z2"}};
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a-2", {"4"}, z1), NodeWith("b-1", {"4"}, z2),
      NodeWith("a-1", {"4"}, z1), RunningPod("busy", "a-1", {"2"}, 1),
      PendingPod("web", {"1"}, 1)));
  CHECK(NodeName(r, FirstAttempt(r, "web")) == "b-1");
}

TEST_CASE(
    "Scheduler: a pod bound to a node that does not exist is an error and left "
    "out") {
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}),
                                        RunningPod("ghost", "n9", {"1"}, 1),
                                        PendingPod("web", {"1"}, 1)));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/ghost: spec.nodeName: bound to node \"n9\", which is "
            "not in the scenario; add that Node or remove spec.nodeName to "
            "make the pod pending"});
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Scheduler: the actuate step names the pods whose nomination it "
    "cleared") {
  Json waiting = NominatedTo(PendingPod("waiting", {"2"}, 50), "n1");
  Json later = NominatedTo(PendingPod("later", {"2"}, 40), "n1");
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                       waiting, PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.trace.back().step == "actuate");
  CHECK(a.trace.back().text ==
        "Nominated n1; deleted 1 victim(s); it keeps its room on the node for "
        "30 s (its grace period) while the pod waits nominated; cleared "
        "the nomination of "
        "waiting (priority 50): it was nominated to n1 with a lower priority "
        "and may no longer fit there, so it goes back to the queue to find a "
        "node again.");
  SimulationResult two =
      Run(ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                       waiting, later, PendingPod("web", {"1"}, 100)));
  CHECK(FirstAttempt(two, "web").trace.back().text ==
        "Nominated n1; deleted 1 victim(s); it keeps its room on the node for "
        "30 s (its grace period) while the pod waits nominated; cleared "
        "the nominations of "
        "waiting (priority 50), later (priority 40): they were nominated to "
        "n1 with a lower priority and may no longer fit there, so they go "
        "back to the queue to find a node again.");
}

TEST_CASE(
    "Scheduler: a plain-words step explains the PostFilter part of the "
    "message, which stays verbatim") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("peer", "n1", {"1"}, 100),
                   PendingPod("web", {"1"}, 100));
  // v1.35: DynamicResources' PostFilter still spoke (#140222, v1.37).
  SimulationResult r = RunAs("v1.35", text);
  const Attempt& now = FirstAttempt(r, "web");
  CHECK(now.message ==
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: 0/1 nodes are available: 1 No preemption "
        "victims found for incoming pod.");
  CHECK(now.trace.back().step == "postfilter");
  CHECK(now.trace.back().text ==
        "The message ends with what the PostFilter plugins said, in order: "
        "\"no new claims to deallocate\" is the DynamicResources plugin, "
        "which could free devices claimed by other pods but has nothing to "
        "free for a pod without resource claims; \"preemption: ...\" is "
        "DefaultPreemption, saying why evicting lower-priority pods cannot "
        "make room.");
  // v1.14's message is the FitError alone: nothing to explain.
  SimulationResult old = RunAs("v1.14", text);
  for (const TraceStep& t : FirstAttempt(old, "web").trace) {
    CHECK(t.step != "postfilter");
  }
}

TEST_CASE("Scheduler: v1.14's score step speaks of predicates") {
  std::string text = ScenarioWith(NodeWith("n1", {"2"}), NodeWith("n2", {"4"}),
                                  PendingPod("web", {"1"}, 1));
  SimulationResult r = Run(text);
  CHECK(FirstAttempt(r, "web").trace.back().text.starts_with(
      "2 nodes pass the filters; n2 "));
  SimulationResult old = RunAs("v1.14", text);
  const std::string& said = FirstAttempt(old, "web").trace.back().text;
  CHECK(said.starts_with("2 nodes pass the predicates; n2 scores highest ("));
  CHECK(said.ends_with(
      "), scored by today's plugins: v1.14's priority functions are not "
      "modelled."));
  SimulationResult one =
      RunAs("v1.14",
            ScenarioWith(NodeWith("n1", {"1"}), PendingPod("web", {"1"}, 1)));
  CHECK(FirstAttempt(one, "web").trace.back().text ==
        "Only n1 passes the predicates: chosen without scoring.");
}

TEST_CASE("Scheduler: with no nodes every pod is unschedulable") {
  SimulationResult r = Run(ScenarioWith(PendingPod("web", {"1"}, 1)));
  CHECK(FirstAttempt(r, "web").message ==
        "no nodes available to schedule pods");
}

TEST_CASE(
    "Scheduler: pods of other schedulers and terminal pods are not scheduled") {
  Json other = PendingPod("other", {"1"}, 1);
  other["spec"]["schedulerName"] = "volcano";
  Json done = RunningPod("done", "n1", {"1"}, 1);
  done["status"]["phase"] = "Succeeded";
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}), other, done,
                                        PendingPod("web", {"1"}, 1)));
  CHECK(Outcomes(r) == std::vector<std::string>{"web Scheduled n1"});
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/other: spec.schedulerName: schedulerName \"volcano\" "
            "is not default-scheduler; the pod is left pending"});
}

std::string PodsBoundInTurn() {
  return ScenarioWith(
      NodeWith("n1", {"4"}),
      Created(PendingPod("p1", {"1"}, 1), "2024-05-01T08:00:01Z"),
      Created(PendingPod("p2", {"1"}, 1), "2024-05-01T08:00:02Z"),
      Created(PendingPod("p3", {"1"}, 1), "2024-05-01T08:00:03Z"),
      Created(PendingPod("p4", {"1"}, 1), "2024-05-01T08:00:04Z"),
      Created(PendingPod("hi", {"1"}, 10), "2024-05-01T08:01:00Z"));
}

TEST_CASE(
    "Scheduler: without the kubelet (controllers off), pods bound in the run "
    "have no start time: v1.37 evicts the last bound, v1.35's sort puts it "
    "first and evicts the first") {
  // p1..p4 bind in turn, filling n1; hi needs one pod's room. v1.37 reads
  // each victim's "now" once, in the node's order, so p1 is reprieved first
  // and p4 is the victim. v1.35 reads it at each comparison, so every
  // comparison says "more important" and the insertion sort reverses them:
  // p1 is the victim. Upstream's answers (the oracle's run level without
  // --controllers) at v1.37.2 and v1.35.4.
  SimulateOptions options;
  options.controllers = false;
  SimulationResult r = Simulate(PodsBoundInTurn(), options);
  CHECK(VictimNames(r, FirstAttempt(r, "hi")) ==
        std::vector<std::string>{"p4"});
  options.profile = "v1.35";
  r = Simulate(PodsBoundInTurn(), options);
  CHECK(VictimNames(r, FirstAttempt(r, "hi")) ==
        std::vector<std::string>{"p1"});
}

TEST_CASE(
    "Scheduler: with the controllers on, the kubelet starts a bound pod at "
    "once, so the pod bound last is the youngest and the victim") {
  // The oracle's --controllers run sets status.startTime at the binding
  // (oracle/controllers.go, running); GetPodStartTime reads it.
  SimulationResult r = Run(PodsBoundInTurn());
  CHECK(VictimNames(r, FirstAttempt(r, "hi")) ==
        std::vector<std::string>{"p4"});
}

TEST_CASE(
    "Scheduler: a victim's update moves the node's last pod into its place, "
    "which orders the next preemption's equal victims") {
  // h1 evicts b (priority 0): b moves to the end and d takes its place, so
  // the node holds a, d, c. When h2 needs room, a, c and d are equal and d
  // is reprieved before c: c is the victim (upstream's answer), where the
  // input's order would have made it d.
  const std::string start = "2024-05-01T08:00:00Z";
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), Started(RunningPod("a", "n1", {"1"}, 1), start),
      Started(RunningPod("b", "n1", {"1"}, 0), start),
      Started(RunningPod("c", "n1", {"1"}, 1), start),
      Started(RunningPod("d", "n1", {"1"}, 1), start),
      Created(PendingPod("h1", {"1"}, 10), "2024-05-01T08:00:10Z"),
      Created(PendingPod("h2", {"1"}, 5), "2024-05-01T08:01:00Z")));
  CHECK(VictimNames(r, FirstAttempt(r, "h1")) == std::vector<std::string>{"b"});
  CHECK(VictimNames(r, FirstAttempt(r, "h2")) == std::vector<std::string>{"c"});
}

TEST_CASE(
    "Scheduler: a victim without a grace period is removed before the next "
    "victim's update, as upstream deletes them one at a time") {
  // h1 evicts b (no grace period) and d (30 s). Upstream: b's removal puts f
  // in its place, then d's update swaps d with e: a, f, c, e, d. When h2
  // needs 3 cpu, e is reprieved before d, and d is the victim (upstream's
  // answer); with b removed only at the end, d would come before e.
  const std::string start = "2024-05-01T08:00:00Z";
  auto running = [&](const char* name, const char* cpu, int priority) {
    return Started(RunningPod(name, "n1", {cpu}, priority), start);
  };
  Json b = running("b", "2", 0);
  b["spec"]["terminationGracePeriodSeconds"] = 0;
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"10"}), running("a", "3", 1), b, running("c", "1", 1),
      running("d", "2", 0), running("e", "1", 0), running("f", "1", 1),
      Created(PendingPod("h1", {"4"}, 10), "2024-05-01T08:00:10Z"),
      Created(PendingPod("h2", {"3"}, 20), "2024-05-01T08:00:15Z")));
  CHECK(VictimNames(r, FirstAttempt(r, "h1")) ==
        std::vector<std::string>{"b", "d"});
  CHECK(VictimNames(r, FirstAttempt(r, "h2")) == std::vector<std::string>{"d"});
}

namespace {
SimulationResult Decide(const std::string& text) {
  SimulateOptions options;
  options.decision = true;
  return Simulate(text, options);
}
}  // namespace

TEST_CASE(
    "Scheduler: at the decision level each pending pod's cycle sees the "
    "input as it stands") {
  // The run level's test above: there second's cycle sees first's
  // nomination and victims. Here neither is applied, so both pick node a
  // (la, the lower-priority victim) and first's victim is not gone.
  const std::string text = ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      RunningPod("la", "a", {"1"}, 1), RunningPod("lb", "b", {"1"}, 2),
      Created(PendingPod("first", {"1"}, 100), "2024-01-01T00:00:01Z"),
      Created(PendingPod("second", {"1"}, 100), "2024-01-01T00:00:02Z"));
  SimulationResult r = Decide(text);
  CHECK(r.decision);
  CHECK(Outcomes(r) ==
        std::vector<std::string>{"first Nominated a", "second Nominated a"});
  REQUIRE(r.attempts[1].victims.size() == 1);
  CHECK(r.scenario.pods[r.attempts[1].victims[0].pod].name == "la");
  CHECK_FALSE(r.attempts[1].victims[0].already_terminating);
  // Both at the start, with the victim's departure a grace period later.
  CHECK(r.attempts[0].time_ms == r.attempts[1].time_ms);
  CHECK(r.attempts[1].victims[0].gone_ms - r.attempts[1].time_ms == 30'000);
  CHECK(r.timeline.events.empty());
}

TEST_CASE(
    "Scheduler: at the decision level a pod that fits is not bound, so the "
    "next one fits the same room") {
  SimulationResult r =
      Decide(ScenarioWith(NodeWith("n1", {"1"}), PendingPod("one", {"1"}, 5),
                          PendingPod("two", {"1"}, 5)));
  CHECK(Outcomes(r) ==
        std::vector<std::string>{"one Scheduled n1", "two Scheduled n1"});
}

TEST_CASE(
    "Scheduler: at the decision level the input's order is kept and a "
    "cleared nomination is only reported") {
  // nominated (priority 10) waits on n1; web (100) preempts there and would
  // clear it. Then nominated's own cycle still sees its nomination.
  SimulationResult r = Decide(
      ScenarioWith(NodeWith("n1", {"2"}), RunningPod("low", "n1", {"1"}, 1),
                   NominatedTo(PendingPod("nominated", {"1"}, 10), "n1"),
                   PendingPod("web", {"2"}, 100)));
  REQUIRE(r.attempts.size() == 2);
  CHECK(r.scenario.pods[r.attempts[0].pod].name == "nominated");
  CHECK(r.scenario.pods[r.attempts[1].pod].name == "web");
  CHECK(r.attempts[1].outcome == Outcome::kNominated);
  REQUIRE(r.attempts[1].cleared_nominations.size() == 1);
  CHECK(r.scenario.pods[r.attempts[1].cleared_nominations[0]].name ==
        "nominated");
}

namespace {
Json OnlyOn(Json pod, const std::string& node) {
  pod["spec"]["affinity"]["nodeAffinity"]
     ["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"] =
         Json::array({{{"matchFields", Json::array({{{"key", "metadata.name"},
                                                     {"operator", "In"},
                                                     {"values", {node}}}})}}});
  return pod;
}
}  // namespace

TEST_CASE(
    "Scheduler: each search starts where the last one stopped, in the "
    "snapshot's order") {
  // first's PreFilter leaves one node (n-c): one node processed, so second's
  // search starts at the snapshot's second node, n-b (upstream: n-b), and
  // all four tie.
  SimulationResult r = Decide(ScenarioWith(
      NodeWith("n-d", {"4"}), NodeWith("n-c", {"4"}), NodeWith("n-b", {"4"}),
      NodeWith("n-a", {"4"}), OnlyOn(PendingPod("first", {"1"}, 1), "n-c"),
      PendingPod("second", {"1"}, 1)));
  CHECK(Outcomes(r) == std::vector<std::string>{"first Scheduled n-c",
                                                "second Scheduled n-b"});
}

TEST_CASE(
    "Scheduler: the search stops at the first feasible node past the number "
    "wanted, and the next one starts after it") {
  // 200 nodes: 100 feasible ones are wanted. node-100 and node-101 are
  // tainted: first does not tolerate them, so its search records both and
  // stops at node-102, 102 nodes processed. second tolerates the taint, so
  // every node ties for it, and it takes the first of its search: node-102.
  std::vector<Json> objects;
  char name[16];
  for (int i = 0; i < 200; ++i) {
    std::snprintf(name, sizeof name, "node-%03d", i);
    Json node = NodeWith(name, {"4"});
    if (i == 100 || i == 101) {
      node["spec"]["taints"] = Json::array(
          {{{"key", "k"}, {"value", "v"}, {"effect", "NoSchedule"}}});
    }
    objects.push_back(node);
  }
  objects.push_back(PendingPod("first", {"1"}, 1));
  Json second = PendingPod("second", {"1"}, 1);
  second["spec"]["tolerations"] = Json::array(
      {{{"key", "k"}, {"operator", "Exists"}, {"effect", "NoSchedule"}}});
  objects.push_back(second);
  Json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", objects}};
  SimulationResult r = Decide(list.dump());
  CHECK(Outcomes(r) == std::vector<std::string>{"first Scheduled node-000",
                                                "second Scheduled node-102"});
}

TEST_CASE(
    "Scheduler: a nominated node that fails keeps its own reason in the "
    "message even where PreFilter left it out") {
  Json pod = NominatedTo(OnlyOn(PendingPod("web", {"3"}, 1), "n2"), "n1");
  SimulationResult r =
      Decide(ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"2"}),
                          NodeWith("n3", {"4"}), pod));
  // Upstream's message (the oracle, v1.35.4).
  CHECK(FirstAttempt(r, "web").message ==
        "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match "
        "Pod's node affinity/selector, 1 node(s) didn't satisfy plugin(s) "
        "[NodeAffinity]. preemption: 0/3 nodes "
        "are available: 3 Preemption is not helpful for scheduling.");
}

TEST_CASE(
    "Scheduler: the nodes PreFilter left out also name the plugin that "
    "rejected the nominated node") {
  // findNodesThatFitPod sets the absent nodes' status after
  // evaluateNominatedNode, whose copy of the diagnosis shares the
  // UnschedulablePlugins set: NodeResourcesFit joins NodeAffinity.
  Json pod = NominatedTo(OnlyOn(PendingPod("web", {"3"}, 1), "n1"), "n1");
  SimulationResult r =
      Decide(ScenarioWith(NodeWith("n1", {"2"}), NodeWith("n2", {"4"}),
                          NodeWith("n3", {"4"}), pod));
  // Upstream's message (the oracle, v1.35.4).
  CHECK(FirstAttempt(r, "web").message ==
        "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't "
        "satisfy plugin(s) [NodeAffinity NodeResourcesFit]. "
        "preemption: 0/3 nodes are available: 3 Preemption is "
        "not helpful for scheduling.");
}

}  // namespace podsim
