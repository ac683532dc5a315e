#include "core/config/profile.h"

#include "core/framework/preemption/preemption.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json Tainted(Json node) {
  node["spec"]["taints"] =
      Json::array({{{"key", "dedicated"}, {"effect", "NoSchedule"}}});
  return node;
}
Json NominatedTo(Json pod, const std::string& node) {
  pod["status"]["nominatedNodeName"] = node;
  return pod;
}
}  // namespace

TEST_CASE("Profile: the known profiles and their versions") {
  CHECK(CurrentProfile().name == "current");
  CHECK(CurrentProfile().kubernetes_version == "1.37");
  REQUIRE(FindProfile("v1.14") != nullptr);
  CHECK(FindProfile("v1.14")->kubernetes_version == "1.14");
  CHECK(FindProfile("v1.99") == nullptr);
  CHECK(FindProfile("v1.35")->kubernetes_version == "1.35.4");
  CHECK(ProfileNames() == "current, v1.35, v1.31, v1.14");
  SimulationResult r = RunAs("v1.99", ScenarioWith(NodeWith("n1", {"1"})));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{": profile: unknown profile \"v1.99\" (known: "
                                 "current, v1.35, v1.31, v1.14)"});
  CHECK(r.attempts.empty());
}

TEST_CASE("Profile: every switch differs between current and v1.14") {
  const Profile& a = CurrentProfile();
  const Profile& b = *FindProfile("v1.14");
  for (const ProfileSwitch& s : ProfileSwitches()) {
    CAPTURE(s.name);
    CHECK_FALSE(s.same(a, b));
    Profile h = a;
    s.copy(h, b);
    CHECK(s.same(h, b));
    CHECK(s.describe(a) != s.describe(b));
  }
}

TEST_CASE(
    "Profile v1.31: every switch it sets apart from v1.35 has two texts") {
  const Profile& now = *FindProfile("v1.35");
  const Profile& v131 = *FindProfile("v1.31");
  CHECK(v131.kubernetes_version == "1.31.14");
  std::vector<std::string_view> differ;
  for (const ProfileSwitch& s : ProfileSwitches()) {
    CAPTURE(s.name);
    if (s.same(now, v131)) continue;
    differ.push_back(s.name);
    CHECK(s.describe(now) != s.describe(v131));
  }
  CHECK(differ == std::vector<std::string_view>{
                      "pod-level resources", "failure reasons",
                      "sidecar host ports", "sidecar non-zero requests",
                      "request above allocatable", "nodes without candidate",
                      "event message", "terminating victims", "requeueing"});
}

TEST_CASE(
    "Profile v1.31: the taint reason names the first untolerated taint, and "
    "no DRA clause") {
  Json gpu = NodeWith("node-b", {"4"});
  gpu["spec"]["taints"] = Json::array(
      {{{"key", "soft"}, {"value", "x"}, {"effect", "PreferNoSchedule"}},
       {{"key", "dedicated"}, {"value", "gpu"}, {"effect", "NoSchedule"}}});
  std::string text = ScenarioWith(NodeWith("node-a", {"4"}), gpu,
                                  RunningPod("busy", "node-a", {"3"}, 0),
                                  PendingPod("web", {"2"}, 0));
  SimulationResult old = RunAs("v1.31", text);
  CHECK(FilterOf(old, "web", "node-b") ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had "
        "untolerated taint {dedicated: gpu}");
  CHECK(FirstAttempt(old, "web").message ==
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had "
        "untolerated taint {dedicated: gpu}. preemption: 0/2 nodes are "
        "available: 1 No preemption victims found for incoming pod, 1 "
        "Preemption is not helpful for scheduling.");
  CHECK(FirstAttempt(Run(text), "web").message ==
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had "
        "untolerated taint(s). preemption: 0/2 "
        "nodes are available: 1 No preemption victims found for incoming "
        "pod, 1 Preemption is not helpful for scheduling.");
}

TEST_CASE(
    "Profile v1.31: a request above the node's allocatable is Unschedulable, "
    "so the node is dry-run") {
  std::string text = ScenarioWith(NodeWith("node-a", {"4"}),
                                  RunningPod("small", "node-a", {"1"}, 0),
                                  PendingPod("big", {"8"}, 1000));
  SimulationResult old = RunAs("v1.31", text);
  CHECK(FilterOf(old, "big", "node-a") ==
        "Unschedulable NodeResourcesFit: Insufficient cpu");
  const Attempt& a = FirstAttempt(old, "big");
  CHECK(a.preemption.potential_nodes == 1);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes "
        "are available: 1 Insufficient cpu.");
  SimulationResult now = Run(text);
  CHECK(FilterOf(now, "big", "node-a") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Insufficient cpu");
  CHECK(FirstAttempt(now, "big").preemption.potential_nodes == 0);
}

TEST_CASE(
    "Profile v1.31: pod-level resources are dropped, with a warning; the "
    "containers' requests count") {
  Json pending = PendingPod("web", {"500m"}, 1000);
  pending["spec"]["resources"]["requests"]["cpu"] = "2";
  std::string text =
      ScenarioWith(NodeWith("node-a", {"4"}),
                   RunningPod("low", "node-a", {"3"}, 0), pending);
  SimulationResult old = RunAs("v1.31", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK(a.outcome == Outcome::kScheduled);
  CHECK(a.victims.empty());
  CHECK(DiagnosticTexts(old) ==
        std::vector<std::string>{
            "Pod default/web: spec.resources: ignored under profile v1.31: "
            "Kubernetes 1.31.14 drops pod-level resources (PodLevelResources "
            "came in v1.34); the containers' requests count"});
  SimulationResult now = Run(text);
  CHECK(FirstAttempt(now, "web").outcome == Outcome::kNominated);
  CHECK(VictimNames(now, FirstAttempt(now, "web")) ==
        std::vector<std::string>{"low"});
  CHECK(DiagnosticTexts(now).empty());
}

TEST_CASE("Profile v1.31: NodePorts does not check sidecars' hostPorts") {
  Json running = RunningPod("low", "node-a", {"1"}, 0);
  running["spec"]["containers"][0]["ports"] =
      Json::array({{{"containerPort", 80}, {"hostPort", 8080}}});
  Json pending = PendingPod("high", {"1"}, 1000);
  pending["spec"]["initContainers"] = Json::array(
      {{{"name", "proxy"},
        {"image", "registry.k8s.io/pause:3.10"},
        {"restartPolicy", "Always"},
        {"ports",
         Json::array({{{"containerPort", 80}, {"hostPort", 8080}}})}}});
  std::string text = ScenarioWith(NodeWith("node-a", {"4"}), running, pending);
  SimulationResult v131 = RunAs("v1.31", text);
  CHECK(FirstAttempt(v131, "high").outcome == Outcome::kScheduled);
  SimulationResult now = Run(text);
  CHECK(FilterOf(now, "high", "node-a") ==
        "Unschedulable NodePorts: node(s) didn't have free ports for the "
        "requested pod ports");
  CHECK(VictimNames(now, FirstAttempt(now, "high")) ==
        std::vector<std::string>{"low"});
}

TEST_CASE(
    "Profile v1.31: victims already terminating are deleted again and lower "
    "nominations cleared") {
  Json leaving = RunningPod("leaving", "node-a", {"4"}, 10);
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:10:00Z";
  leaving["metadata"]["creationTimestamp"] = "2024-01-01T00:00:00Z";
  std::string text =
      ScenarioWith(NodeWith("node-a", {"4"}), leaving,
                   NominatedTo(PendingPod("mid", {"4"}, 50), "node-a"),
                   PendingPod("high", {"4"}, 100));
  SimulationResult v131 = RunAs("v1.31", text);
  const Attempt& old = FirstAttempt(v131, "high");
  CHECK(old.outcome == Outcome::kNominated);
  REQUIRE(old.victims.size() == 1);
  CHECK(old.victims[0].already_terminating);
  CHECK(old.cleared_nominations.size() == 1);
  SimulationResult current = Run(text);
  const Attempt& now = FirstAttempt(current, "high");
  CHECK(now.outcome == Outcome::kNominated);
  CHECK(now.cleared_nominations.empty());
}

TEST_CASE(
    "Profile v1.14: predicate reasons, GeneralPredicates first, and "
    "the FitError alone") {
  std::string text = ScenarioWith(Tainted(NodeWith("n1", {"1", "", "1"})),
                                  RunningPod("peer", "n1", {"1"}, 100),
                                  PendingPod("web", {"1"}, 100));
  SimulationResult now = Run(text);
  SimulationResult old = RunAs("v1.14", text);
  CHECK(FilterOf(now, "web", "n1") ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had "
        "untolerated taint(s)");
  // GeneralPredicates (resources, then ports and selector) run before the
  // taint predicate and report every failure they find.
  CHECK(FilterOf(old, "web", "n1") ==
        "Unschedulable NodeResourcesFit: Insufficient pods, Insufficient cpu");
  CHECK(FirstAttempt(old, "web").message ==
        "0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient pods.");
  CHECK(old.profile->kubernetes_version == "1.14");
}

TEST_CASE("Profile v1.14: inter-pod affinity reports the umbrella reason too") {
  Json pending = PendingPod("web", {"100m"}, 100);
  pending["metadata"]["labels"] = {{"app", "web"}};
  pending["spec"]["affinity"]["podAntiAffinity"]
         ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array(
             {{{"labelSelector", {{"matchLabels", {{"app", "web"}}}}},
               {"topologyKey", "kubernetes.io/hostname"}}});
  std::string text = ScenarioWith(
      NodeWith("n1", {"1"}, {{"kubernetes.io/hostname", "n1"}}),
      Labelled(RunningPod("other", "n1", {"100m"}, 100), "web"), pending);
  CHECK(FilterOf(RunAs("v1.14", text), "web", "n1") ==
        "Unschedulable InterPodAffinity: node(s) didn't match pod "
        "affinity/anti-affinity, node(s) didn't match pod anti-affinity rules");
  CHECK(FilterOf(Run(text), "web", "n1") ==
        "Unschedulable InterPodAffinity: node(s) didn't match pod "
        "anti-affinity rules");
}

TEST_CASE("Profile v1.14: potential nodes come from the unresolvable list") {
  // The taint is never reached: "Insufficient cpu" is resolvable, so v1.14
  // dry-runs the node, where the taint then fails it.
  std::string text = ScenarioWith(Tainted(NodeWith("n1", {"1"})),
                                  RunningPod("low", "n1", {"1"}, 1),
                                  PendingPod("web", {"1"}, 100));
  SimulationResult old = RunAs("v1.14", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK(a.preemption.potential_nodes == 1);
  CHECK(NodeIn(old, a, "n1").verdict == Verdict::kDoesNotFit);
  CHECK(NodeIn(old, a, "n1").preemption.Message() ==
        "node(s) had taints that the pod didn't tolerate");
  const Attempt& b = FirstAttempt(Run(text), "web");
  CHECK(b.preemption.potential_nodes == 0);
  // A reason on the list keeps the node out.
  std::string selector = ScenarioWith(
      NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1), [] {
        Json p = PendingPod("web", {"1"}, 100);
        p["spec"]["nodeSelector"] = {{"disk", "ssd"}};
        return p;
      }());
  SimulationResult sel = RunAs("v1.14", selector);
  CHECK(FirstAttempt(sel, "web").preemption.potential_nodes == 0);
  CHECK(NodeIn(sel, FirstAttempt(sel, "web"), "n1").trace.front().text ==
        "Not tried: \"node(s) didn't match node selector\" is on v1.14's list "
        "of failures that evicting pods cannot fix.");
}

TEST_CASE("Profile v1.14: preemptionPolicy does not exist yet") {
  Json pending = PendingPod("web", {"1"}, 100);
  pending["spec"]["preemptionPolicy"] = "Never";
  std::string text = ScenarioWith(NodeWith("n1", {"1"}),
                                  RunningPod("low", "n1", {"1"}, 1), pending);
  CHECK(FirstAttempt(Run(text), "web").outcome == Outcome::kUnschedulable);
  SimulationResult old = RunAs("v1.14", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK(a.outcome == Outcome::kNominated);
  CHECK(a.trace.front().text ==
        "preemptionPolicy: Never is ignored: the field came in v1.15.");
}

TEST_CASE(
    "Profile v1.14: any terminating lower-priority pod on the "
    "nominated node blocks preemption") {
  Json leaving = RunningPod("leaving", "n1", {"1"}, 1);
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), NodeWith("n2", {"1"}), leaving,
                   RunningPod("low", "n2", {"1"}, 1),
                   NominatedTo(PendingPod("web", {"1"}, 100), "n1"));
  // Current: only a pod terminating *by preemption* blocks.
  CHECK(FirstAttempt(Run(text), "web").outcome == Outcome::kNominated);
  SimulationResult old = RunAs("v1.14", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK_FALSE(a.preemption.eligible);
  CHECK(a.message == "0/2 nodes are available: 2 Insufficient cpu.");
}

TEST_CASE("Profile v1.14: every potential node is dry-run, no sampling") {
  // numCandidates is 1: current stops at the first candidate it meets.
  std::string text = ScenarioWith(
      SchedulerConfigWith(0, 1), NodeWith("n1", {"1"}), NodeWith("n2", {"1"}),
      RunningPod("mid", "n1", {"1"}, 50), RunningPod("low", "n2", {"1"}, 10),
      PendingPod("web", {"1"}, 100));
  const Attempt& now = FirstAttempt(Run(text), "web");
  CHECK(now.preemption.num_candidates == 1);
  CHECK(now.preemption.candidate_count == 1);
  SimulationResult old = RunAs("v1.14", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK(a.preemption.candidate_count == 2);
  CHECK(NodeName(old, a) == "n2");
  CHECK(VictimNames(old, a) == std::vector<std::string>{"low"});
}

TEST_CASE("Profile v1.14: no shortcut for a node without lower-priority pods") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("peer", "n1", {"1"}, 100),
                   PendingPod("web", {"1"}, 100));
  SimulationResult old = RunAs("v1.14", text);
  const NodeResult& n1 = NodeIn(old, FirstAttempt(old, "web"), "n1");
  CHECK(n1.verdict == Verdict::kDoesNotFit);
  CHECK(n1.preemption.Message() == "Insufficient cpu");
  SimulationResult now = Run(text);
  CHECK(NodeIn(now, FirstAttempt(now, "web"), "n1").verdict ==
        Verdict::kNoVictims);
}

TEST_CASE("Profile v1.14: victims ordered by priority only") {
  // Equal priorities: current reprieves the older pod first and evicts the
  // newer; v1.14 keeps node order and reprieves the first listed.
  std::string text = ScenarioWith(
      NodeWith("n1", {"2"}),
      Started(RunningPod("newer", "n1", {"1"}, 1), "2024-01-02T00:00:00Z"),
      Started(RunningPod("older", "n1", {"1"}, 1), "2024-01-01T00:00:00Z"),
      PendingPod("web", {"1"}, 100));
  SimulationResult now = Run(text);
  CHECK(VictimNames(now, FirstAttempt(now, "web")) ==
        std::vector<std::string>{"newer"});
  SimulationResult old = RunAs("v1.14", text);
  CHECK(VictimNames(old, FirstAttempt(old, "web")) ==
        std::vector<std::string>{"older"});
}

TEST_CASE(
    "Profile v1.14: PDB violated only when it allows no disruption; "
    "victims not re-sorted") {
  // Two pods under one PDB allowing 1: current spends it on the first and
  // flags the second; v1.14 sees an allowance above 0 and flags neither.
  std::string text = ScenarioWith(
      NodeWith("n1", {"3"}), Labelled(RunningPod("a", "n1", {"1"}, 20), "db"),
      Labelled(RunningPod("b", "n1", {"1"}, 10), "db"),
      RunningPod("c", "n1", {"1"}, 30), PdbWith("db", {{"app", "db"}}, 1),
      PendingPod("web", {"3"}, 100));
  SimulationResult now = Run(text);
  const Attempt& an = FirstAttempt(now, "web");
  CHECK(an.pdb_violations == 1);
  CHECK(VictimNames(now, an) == std::vector<std::string>{"c", "a", "b"});
  SimulationResult old = RunAs("v1.14", text);
  CHECK(FirstAttempt(old, "web").pdb_violations == 0);
  // With an exhausted budget v1.14 flags both and lists them first.
  std::string exhausted = ScenarioWith(
      NodeWith("n1", {"3"}), Labelled(RunningPod("a", "n1", {"1"}, 20), "db"),
      Labelled(RunningPod("b", "n1", {"1"}, 10), "db"),
      RunningPod("c", "n1", {"1"}, 30), PdbWith("db", {{"app", "db"}}, 0),
      PendingPod("web", {"3"}, 100));
  SimulationResult x = RunAs("v1.14", exhausted);
  CHECK(FirstAttempt(x, "web").pdb_violations == 2);
  CHECK(VictimNames(x, FirstAttempt(x, "web")) ==
        std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("Profile v1.14: four pick criteria; a zero-victim node at once") {
  Scenario scenario;
  for (const char* name : {"x", "y"}) {
    Pod pod;
    pod.name = name;
    pod.index = static_cast<ObjectIndex>(scenario.pods.size());
    scenario.pods.push_back(pod);
  }
  scenario.pods[0].start_time = 100;
  scenario.pods[1].start_time = 200;
  for (const char* name : {"n1", "n2", "n3"}) {
    Node node;
    node.name = name;
    node.index = static_cast<ObjectIndex>(scenario.nodes.size());
    scenario.nodes.push_back(node);
  }
  Cluster cluster(scenario);
  std::vector<Victim> on_n1 = {{0, 0, 5, false}};
  std::vector<Victim> on_n2 = {{1, 1, 5, false}};
  std::vector<Victim> none;
  auto candidate = [&](ObjectIndex node, const std::vector<Victim>& victims) {
    return CandidateRef{node, &victims, 0, ScoreCandidate(cluster, victims, 0)};
  };
  std::vector<CandidateRef> tied = {candidate(0, on_n1), candidate(1, on_n2)};
  const Profile& old = *FindProfile("v1.14");
  // Current: the latest start time of the top victims wins (n2).
  std::vector<SelectionStep> steps;
  CHECK(PickOneNode(CurrentProfile(), tied, &steps)->node == 1);
  CHECK(steps.size() == 5);
  steps.clear();
  CHECK(PickOneNode(old, tied, &steps)->node == 0);
  CHECK(steps.back().criterion == "first in node order (final tie)");
  // v1.14 takes a node that needs no victims before any criterion.
  std::vector<CandidateRef> with_free = {candidate(0, on_n1),
                                         candidate(2, none)};
  steps.clear();
  CHECK(PickOneNode(old, with_free, &steps)->node == 2);
  CHECK(steps.front().criterion == "needs no victims (taken at once)");
}

TEST_CASE("PickOneNode: the same node with and without its record") {
  // Candidates on many nodes, in a shuffled order, whose scores tie often:
  // the one-pass pick must agree with the criterion-by-criterion one.
  std::vector<Victim> none;
  std::vector<Victim> one = {{0, 0, 5, false}};
  uint64_t x = 12345;
  auto next = [&](int range) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int64_t>((x >> 33) % static_cast<uint64_t>(range));
  };
  for (const Profile* profile : AllProfiles()) {
    for (int round = 0; round < 200; ++round) {
      // Distinct nodes, out of order.
      std::vector<ObjectIndex> nodes(2 + next(30));
      for (size_t i = 0; i < nodes.size(); ++i) {
        nodes[i] = static_cast<ObjectIndex>(i);
        std::swap(nodes[i], nodes[next(static_cast<int>(i) + 1)]);
      }
      std::vector<CandidateRef> candidates;
      for (ObjectIndex node : nodes) {
        CandidateRef c{node, next(8) == 0 ? &none : &one, 0, {}};
        for (int64_t& score : c.scores) score = next(3);
        candidates.push_back(c);
      }
      std::vector<SelectionStep> steps;
      const CandidateRef* recorded = PickOneNode(*profile, candidates, &steps);
      const CandidateRef* unrecorded =
          PickOneNode(*profile, candidates, nullptr);
      CHECK(recorded == unrecorded);
    }
  }
}

TEST_CASE("Profile v1.14: the nomination stays when no candidate is found") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("peer", "n1", {"1"}, 100),
                   NominatedTo(PendingPod("web", {"1"}, 100), "n1"));
  const Attempt& now = FirstAttempt(Run(text), "web");
  CHECK(now.preemption.nomination_cleared);
  SimulationResult old = RunAs("v1.14", text);
  const Attempt& a = FirstAttempt(old, "web");
  CHECK_FALSE(a.preemption.nomination_cleared);
  CHECK(a.trace.back().text ==
        "The nomination of n1 is kept: no candidate was found, and v1.14 "
        "clears it only when no node might help.");
}

TEST_CASE("Profile v1.14: the nominated node is not tried first") {
  // n2 is nominated but n1 is emptier and scores higher.
  std::string text =
      ScenarioWith(NodeWith("n1", {"4", "8Gi"}), NodeWith("n2", {"4", "8Gi"}),
                   RunningPod("busy", "n2", {"2", "4Gi"}, 0),
                   NominatedTo(PendingPod("web", {"1", "1Gi"}, 100), "n2"));
  SimulationResult now = Run(text);
  CHECK(NodeName(now, FirstAttempt(now, "web")) == "n2");
  SimulationResult old = RunAs("v1.14", text);
  CHECK(NodeName(old, FirstAttempt(old, "web")) == "n1");
}

TEST_CASE("Profile v1.14: no PodTopologySpread, and a warning says so") {
  Json pending = PendingPod("web", {"100m"}, 100);
  pending["metadata"]["labels"] = {{"app", "web"}};
  pending["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "zone"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  std::string text = ScenarioWith(
      NodeWith("n1", {"1"}, {{"zone", "a"}}), NodeWith("n2", {"1"}),
      Labelled(RunningPod("w1", "n1", {"100m"}, 0), "web"), pending);
  SimulationResult old = RunAs("v1.14", text);
  CHECK(FirstAttempt(old, "web").outcome == Outcome::kScheduled);
  CHECK(DiagnosticTexts(old) ==
        std::vector<std::string>{
            "Pod default/web: spec.topologySpreadConstraints: ignored under "
            "profile v1.14: PodTopologySpread came in v1.16"});
  CHECK(FilterOf(Run(text), "web", "n2") ==
        "UnschedulableAndUnresolvable PodTopologySpread: node(s) didn't match "
        "pod topology spread constraints (missing required label)");
}

TEST_CASE("Profile v1.14: no NodeAffinity PreFilter narrowing") {
  Json pending = PendingPod("web", {"100m"}, 100);
  pending["spec"]["affinity"]["nodeAffinity"]
         ["requiredDuringSchedulingIgnoredDuringExecution"]
         ["nodeSelectorTerms"] = Json::array(
             {{{"matchFields", Json::array({{{"key", "metadata.name"},
                                             {"operator", "In"},
                                             {"values", {"gone"}}}})}}});
  std::string text = ScenarioWith(NodeWith("n1", {"1"}), pending);
  CHECK(FirstAttempt(Run(text), "web")
            .message.rfind(
                "0/1 nodes are available: 1 node(s) didn't satisfy plugin(s) "
                "[NodeAffinity].",
                0) == 0);
  CHECK(FirstAttempt(RunAs("v1.14", text), "web").message ==
        "0/1 nodes are available: 1 node(s) didn't match node selector.");
}

// Two budgets over v1 (app: b): a allows 0, b (app In [a, b]) allows 1; v2
// (app: a) is b's only. hi takes both.
constexpr const char* kOverlappingBudgets = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: a, namespace: default, uid: pa}
spec: {maxUnavailable: 0, selector: {matchLabels: {app: b}}}
status: {disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: b, namespace: default, uid: pb}
spec:
  maxUnavailable: 1
  selector: {matchExpressions: [{key: app, operator: In, values: [a, b]}]}
status: {disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2}
---
apiVersion: v1
kind: Pod
metadata: {name: v1, namespace: default, uid: u1, labels: {app: b}, creationTimestamp: "2024-05-01T08:00:00Z"}
spec:
  nodeName: n1
  priorityClassName: low
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running, startTime: "2024-05-01T08:00:00Z"}
---
apiVersion: v1
kind: Pod
metadata: {name: v2, namespace: default, uid: u2, labels: {app: a}, creationTimestamp: "2024-05-01T08:00:00Z"}
spec:
  nodeName: n1
  priorityClassName: low
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running, startTime: "2024-05-01T08:00:01Z"}
---
apiVersion: v1
kind: Pod
metadata: {name: hi, namespace: default, uid: u3, creationTimestamp: "2024-05-01T08:00:05Z"}
spec:
  priorityClassName: high
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
)";

TEST_CASE(
    "Profile current (v1.37): a victim stops at the first budget it "
    "exhausts, and a "
    "nominating preemption says where it found a placement") {
  // Upstream's messages and counts (the oracle, v1.37.2 and v1.35.4): at
  // v1.37 v1 exhausts a and leaves b's room to v2, one violation (upstream
  // lists the budgets in map order, so 1 in 6 askings said 2); at v1.35 v1
  // spends both, two.
  SimulationResult now = Run(kOverlappingBudgets);
  CHECK(FirstAttempt(now, "hi").pdb_violations == 1);
  CHECK(FirstAttempt(now, "hi").message ==
        "0/1 nodes are available: 1 Insufficient cpu. preemption: found a "
        "potential placement for pod on node n1, preempting 2 victims");
  SimulationResult before = RunAs("v1.35", kOverlappingBudgets);
  CHECK(FirstAttempt(before, "hi").pdb_violations == 2);
  CHECK(FirstAttempt(before, "hi").message ==
        "0/1 nodes are available: 1 Insufficient cpu.");
}

// p is kept off n1 by x's anti-affinity; x leaves at +20 s.
constexpr const char* kExistingAntiAffinityLeaves = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: x, namespace: default, uid: ux, labels: {app: x}, creationTimestamp: "2024-05-01T08:00:00Z", deletionTimestamp: "2024-05-01T08:00:20Z"}
spec:
  nodeName: n1
  terminationGracePeriodSeconds: 30
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: p}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running, startTime: "2024-05-01T08:00:00Z"}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default, uid: up, labels: {app: p}, creationTimestamp: "2024-05-01T08:00:05Z"}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
)";

TEST_CASE(
    "Profile current (v1.37): a pod kept off by an existing pod's "
    "anti-affinity is "
    "moved when that pod leaves (isSchedulableAfterAssignedPodChange)") {
  // The oracle: v1.37.2 schedules p at +20 s, when x is gone; v1.35.4's
  // hint looks only at p's own anti-affinity, so p waits for the flush.
  auto scheduled_at = [](const SimulationResult& r) {
    for (const Attempt& a : r.attempts) {
      if (a.outcome == Outcome::kScheduled)
        return (a.time_ms - r.timeline.start_ms) / 1000;
    }
    return int64_t{-1};
  };
  CHECK(scheduled_at(Run(kExistingAntiAffinityLeaves)) == 20);
  CHECK(scheduled_at(RunAs("v1.35", kExistingAntiAffinityLeaves)) == 330);
}

}  // namespace podsim
