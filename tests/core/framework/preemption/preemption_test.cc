#include "core/framework/preemption/preemption.h"

#include <cstdio>
#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "Preemption: reprieves higher-priority pods first and keeps victims "
    "minimal") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2"}), RunningPod("low", "n1", {"1"}, 10),
      RunningPod("mid", "n1", {"1"}, 20), PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kNominated);
  CHECK(VictimNames(r, a) == std::vector<std::string>{"low"});
  std::vector<std::string> steps;
  for (const TraceStep& t : NodeIn(r, a, "n1").trace)
    steps.push_back(t.step + ": " + t.text);
  CHECK(steps ==
        std::vector<std::string>{
            "remove-lower-priority: Removed 2 pod(s) of lower priority: low "
            "(priority 10), "
            "mid (priority 20).",
            "filter-without-lower-priority: Without them the pod fits.",
            "pdb-classify: No PodDisruptionBudget would be violated by "
            "evicting any of them.",
            "reprieve: Put mid back: the pod still fits.",
            "reprieve: Put low back: the pod no longer fits (Insufficient "
            "cpu), so low is a "
            "victim.",
            "result: Candidate: evict 1 pod(s): low (priority 10); 0 PDB "
            "violation(s)."});
}

TEST_CASE("Preemption: equal priority is never preempted") {
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}),
                                        RunningPod("peer", "n1", {"1"}, 100),
                                        PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(NodeIn(r, a, "n1").verdict == Verdict::kNoVictims);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: 0/1 "
        "nodes are available: 1 No preemption victims found for incoming pod.");
}

TEST_CASE(
    "Preemption: preemptionPolicy Never keeps the pod from evicting anyone") {
  Json pod = PendingPod("polite", {"1"}, 100);
  pod["spec"]["preemptionPolicy"] = "Never";
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1), pod));
  const Attempt& a = FirstAttempt(r, "polite");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK_FALSE(a.preemption.eligible);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: not "
        "eligible due to preemptionPolicy=Never.");
}

TEST_CASE("Preemption: a node whose failure is unresolvable is not tried") {
  Json tainted = NodeWith("n1", {"1"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "k"}, {"effect", "NoSchedule"}}});
  SimulationResult r =
      Run(ScenarioWith(tainted, RunningPod("low", "n1", {"1"}, 1),
                       PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(NodeIn(r, a, "n1").verdict == Verdict::kNotHelpful);
  CHECK(a.preemption.potential_nodes == 0);
}

TEST_CASE("Preemption: even without lower-priority pods the pod may not fit") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2"}), RunningPod("high", "n1", {"1500m"}, 500),
      RunningPod("low", "n1", {"500m"}, 1), PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(NodeIn(r, a, "n1").verdict == Verdict::kDoesNotFit);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: 0/1 "
        "nodes are available: 1 Insufficient cpu.");
}

TEST_CASE("Preemption: a PDB steers the choice of victims within a node") {
  // Either pod frees enough; the protected one is reprieved first.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2"}),
      Labelled(RunningPod("guarded", "n1", {"1"}, 10), "db"),
      RunningPod("free", "n1", {"1"}, 20), PdbWith("db", {{"app", "db"}}, 0),
      PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(VictimNames(r, a) == std::vector<std::string>{"free"});
  CHECK(a.pdb_violations == 0);
}

TEST_CASE("Preemption: a PDB is violated as a last resort and counted") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"1"}),
      Labelled(RunningPod("guarded", "n1", {"1"}, 10), "db"),
      PdbWith("db", {{"app", "db"}}, 0), PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(VictimNames(r, a) == std::vector<std::string>{"guarded"});
  CHECK(a.pdb_violations == 1);
  CHECK(a.victims[0].pdb_violation);
}

TEST_CASE(
    "Preemption: each tie-break criterion decides when the ones before tie") {
  struct Row {
    const char* name;
    std::string scenario;
    const char* winner;
    size_t criteria_used;
  };
  const Row rows[] = {
      {"fewest PDB violations",
       ScenarioWith(NodeWith("a", {"1"}), NodeWith("b", {"1"}),
                    Labelled(RunningPod("pa", "a", {"1"}, 1), "db"),
                    RunningPod("pb", "b", {"1"}, 5),
                    PdbWith("db", {{"app", "db"}}, 0),
                    PendingPod("web", {"1"}, 100)),
       "b", 1},
      {"lowest highest-priority victim",
       ScenarioWith(NodeWith("a", {"1"}), NodeWith("b", {"1"}),
                    RunningPod("pa", "a", {"1"}, 5),
                    RunningPod("pb", "b", {"1"}, 1),
                    PendingPod("web", {"1"}, 100)),
       "b", 2},
      {"lowest sum of priorities",
       ScenarioWith(
           NodeWith("a", {"2"}), NodeWith("b", {"2"}),
           RunningPod("a1", "a", {"1"}, 5), RunningPod("a2", "a", {"1"}, 5),
           RunningPod("b1", "b", {"1"}, 5), RunningPod("b2", "b", {"1"}, 1),
           PendingPod("web", {"2"}, 100)),
       "b", 3},
      // Sums tie only when a victim's priority offsets the 2^31 per victim.
      {"fewest victims",
       ScenarioWith(NodeWith("a", {"2"}), NodeWith("b", {"2"}),
                    RunningPod("a1", "a", {"1"}, INT32_MIN),
                    RunningPod("a2", "a", {"1"}, 5),
                    RunningPod("b1", "b", {"2"}, 5),
                    PendingPod("web", {"2"}, 100)),
       "b", 4},
      {"latest start time",
       ScenarioWith(
           NodeWith("a", {"1"}), NodeWith("b", {"1"}),
           Started(RunningPod("pa", "a", {"1"}, 5), "2024-01-01T00:00:05Z"),
           Started(RunningPod("pb", "b", {"1"}, 5), "2024-01-01T00:00:09Z"),
           PendingPod("web", {"1"}, 100)),
       "b", 5},
      {"final tie to the first node",
       ScenarioWith(NodeWith("a", {"1"}), NodeWith("b", {"1"}),
                    RunningPod("pa", "a", {"1"}, 5),
                    RunningPod("pb", "b", {"1"}, 5),
                    PendingPod("web", {"1"}, 100)),
       "a", 6},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    SimulationResult r = Run(row.scenario);
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(NodeName(r, a) == row.winner);
    CHECK(a.selection.size() == row.criteria_used);
  }
}

TEST_CASE(
    "Preemption: the sum criterion offsets priorities so negative ones never "
    "look cheaper") {
  // a: one victim at -10; b: two victims at -10 each. Sums: a -2147483638, b
  // twice that.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"2"}), NodeWith("b", {"2"}),
      RunningPod("a1", "a", {"2"}, -10), RunningPod("b1", "b", {"1"}, -10),
      RunningPod("b2", "b", {"1"}, -10), PendingPod("web", {"2"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(NodeName(r, a) == "a");
  CHECK(a.selection[2].criterion == "lowest sum of victim priorities");
  CHECK(a.selection[2].scores ==
        std::vector<std::pair<ObjectIndex, int64_t>>{{0, -2147483638LL},
                                                     {1, -2 * 2147483638LL}});
}

namespace {
// Each candidate's display text, then its value, as "node: text = value".
std::vector<std::string> Cells(const SimulationResult& r,
                               const SelectionStep& step) {
  std::vector<std::string> out;
  for (size_t i = 0; i < step.scores.size(); ++i) {
    out.push_back(r.scenario.nodes[step.scores[i].first].name + ": " +
                  step.display[i] + " = " +
                  (step.values[i] ? std::to_string(*step.values[i]) : "none"));
  }
  return out;
}
}  // namespace

TEST_CASE(
    "Preemption: the selection table shows what a person compares, not the "
    "scores") {
  // Criteria 1 to 3: no PDB violated, top victims tie at 50, sums 90 vs 51.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"2"}), NodeWith("b", {"2"}),
      RunningPod("a1", "a", {"1"}, 50), RunningPod("a2", "a", {"1"}, 40),
      RunningPod("b1", "b", {"1"}, 50), RunningPod("b2", "b", {"1"}, 1),
      PendingPod("web", {"2"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  REQUIRE(a.selection.size() == 3);
  CHECK(Cells(r, a.selection[0]) ==
        std::vector<std::string>{"a: 0 PDB violations = 0",
                                 "b: 0 PDB violations = 0"});
  CHECK(Cells(r, a.selection[1]) ==
        std::vector<std::string>{"a: highest victim priority 50 = 50",
                                 "b: highest victim priority 50 = 50"});
  CHECK(Cells(r, a.selection[2]) ==
        std::vector<std::string>{"a: sum 90 = 90", "b: sum 51 = 51"});
  // The raw scores stay as the criterion compares them.
  CHECK(a.selection[2].scores ==
        std::vector<std::pair<ObjectIndex, int64_t>>{
            {0, -(90 + 2 * 2147483648LL)}, {1, -(51 + 2 * 2147483648LL)}});
  CHECK(a.selection[2].kept == std::vector<ObjectIndex>{1});
  for (const SelectionStep& step : a.selection) CHECK(step.note.empty());
}

TEST_CASE(
    "Preemption: the table counts PDB violations and victims, and says when "
    "the 2^31 per victim decides") {
  SUBCASE("PDB violations") {
    SimulationResult r = Run(ScenarioWith(
        NodeWith("a", {"1"}), NodeWith("b", {"1"}),
        Labelled(RunningPod("pa", "a", {"1"}, 1), "db"),
        RunningPod("pb", "b", {"1"}, 5), PdbWith("db", {{"app", "db"}}, 0),
        PendingPod("web", {"1"}, 100)));
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(Cells(r, a.selection[0]) ==
          std::vector<std::string>{"a: 1 PDB violation = 1",
                                   "b: 0 PDB violations = 0"});
  }
  SUBCASE("fewest victims, after sums tied by the offset") {
    SimulationResult r = Run(ScenarioWith(
        NodeWith("a", {"2"}), NodeWith("b", {"2"}),
        RunningPod("a1", "a", {"1"}, INT32_MIN),
        RunningPod("a2", "a", {"1"}, 5), RunningPod("b1", "b", {"2"}, 5),
        PendingPod("web", {"2"}, 100)));
    const Attempt& a = FirstAttempt(r, "web");
    REQUIRE(a.selection.size() == 4);
    CHECK(
        Cells(r, a.selection[2]) ==
        std::vector<std::string>{"a: sum -2147483643 + 2 × 2^31 = -2147483643",
                                 "b: sum 5 + 1 × 2^31 = 5"});
    CHECK(a.selection[2].note ==
          "Each victim counts its priority plus 2^31, as kube-scheduler adds "
          "it so that negative priorities never make more victims look "
          "cheaper; the victim counts differ here, so the 2^31s do not "
          "cancel.");
    CHECK(Cells(r, a.selection[3]) ==
          std::vector<std::string>{"a: 2 victims = 2", "b: 1 victim = 1"});
  }
}

TEST_CASE(
    "Preemption: start times read as RFC 3339, and a missing one as now") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}), NodeWith("c", {"1"}),
      Started(RunningPod("pa", "a", {"1"}, 5), "2000-02-29T12:34:56Z"),
      Started(RunningPod("pb", "b", {"1"}, 5), "2024-05-01T08:00:00Z"),
      RunningPod("pc", "c", {"1"}, 5), PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  REQUIRE(a.selection.size() == 5);
  CHECK(Cells(r, a.selection[4]) ==
        std::vector<std::string>{"a: started 2000-02-29T12:34:56Z = 951827696",
                                 "b: started 2024-05-01T08:00:00Z = 1714550400",
                                 "c: no startTime (counts as now) = none"});
  CHECK(a.selection[4].kept == std::vector<ObjectIndex>{2});
  CHECK(a.selection[4].note ==
        "A victim without status.startTime counts as started now: later "
        "than any start time given.");
}

TEST_CASE("Preemption: a final tie says how upstream would break it") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      RunningPod("pa", "a", {"1"}, 5), RunningPod("pb", "b", {"1"}, 5),
      PendingPod("web", {"1"}, 100)));
  const SelectionStep& tie = FirstAttempt(r, "web").selection.back();
  CHECK(tie.criterion == "first in node order (final tie)");
  CHECK(tie.display.empty());
  CHECK(tie.values.empty());
  CHECK(tie.note ==
        "Still tied after every criterion: kube-scheduler takes the first "
        "candidate it meets, in Go map order, so any of them; podsim takes the "
        "first in node order.");
}

TEST_CASE(
    "PickOneNode: v1.14 reads the first victim's priority, which a "
    "PDB-violating victim can hold") {
  Scenario scenario;
  for (const char* name : {"guarded", "free", "other"}) {
    Pod pod;
    pod.name = name;
    pod.index = static_cast<ObjectIndex>(scenario.pods.size());
    scenario.pods.push_back(pod);
  }
  for (const char* name : {"n1", "n2"}) {
    Node node;
    node.name = name;
    node.index = static_cast<ObjectIndex>(scenario.nodes.size());
    scenario.nodes.push_back(node);
  }
  Cluster cluster(scenario);
  // On n1 the PDB-violating victim stays first, though "free" is higher.
  std::vector<Victim> on_n1 = {{0, 0, 20, true}, {1, 0, 30, false}};
  std::vector<Victim> on_n2 = {{2, 1, 25, false}};
  std::vector<CandidateRef> candidates = {
      {0, &on_n1, 0, ScoreCandidate(cluster, on_n1, 0)},
      {1, &on_n2, 0, ScoreCandidate(cluster, on_n2, 0)}};
  std::vector<SelectionStep> steps;
  CHECK(PickOneNode(*FindProfile("v1.14"), candidates, &steps)->node == 0);
  REQUIRE(steps.size() == 2);
  CHECK(steps[1].display ==
        std::vector<std::string>{"first victim priority 20 (highest 30)",
                                 "highest victim priority 25"});
  CHECK(steps[1].note ==
        "v1.14 reads the first victim's priority as the highest; it keeps "
        "PDB-violating victims first, so the first is not always the "
        "highest.");
}

TEST_CASE(
    "Preemption: the find-candidates step says where the dry run starts, in "
    "plain words") {
  std::string text = ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}), NodeWith("c", {"1"}),
      RunningPod("pa", "a", {"1"}, 1), RunningPod("pb", "b", {"1"}, 1),
      RunningPod("pc", "c", {"1"}, 1), PendingPod("web", {"1"}, 100));
  const std::string intro =
      "3 node(s) might be helped by preemption (their filter status is "
      "Unschedulable, not UnschedulableAndUnresolvable). kube-scheduler "
      "dry-runs them in turn from a random one and stops once it has 3 "
      "candidate(s) (numCandidates); ";
  SUBCASE("without a seed, the first") {
    SimulationResult r = Run(text);
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(a.trace.front().step == "find-candidates");
    CHECK(a.trace.front().text ==
          intro + "without a seed podsim starts at the first, a.");
  }
  SUBCASE("with a seed, the node at the random offset") {
    // SplitMix64(4 ^ (3 << 20) ^ 1) % 3 == 2: web is pod 3, on its first
    // attempt, among 3 potential nodes.
    SimulateOptions options;
    options.seed = 4;
    SimulationResult r = Simulate(text, options);
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(a.preemption.offset == 2);
    CHECK(a.trace.front().text == intro + "with this seed podsim starts at c.");
  }
  SUBCASE("v1.14 dry-runs every potential node") {
    SimulationResult r = RunAs("v1.14", text);
    CHECK(FirstAttempt(r, "web").trace.front().text ==
          "3 node(s) might be helped by preemption (none of their failures "
          "is on v1.14's list of unresolvable ones); v1.14 dry-runs every "
          "one of them (selectNodesForPreemption).");
  }
}

TEST_CASE(
    "Preemption: a seed decides where the sampled dry run starts, so with "
    "one candidate wanted it decides the node and the victim") {
  // Five full nodes, each with one victim; numCandidates is 1 (10% of 5,
  // at least 1), so the dry run stops at the node it starts at. The offset
  // is SplitMix64(seed ^ (5 << 20) ^ 1) % 5 (web is pod 5, on its first
  // attempt): seed 7 gives 2 (c), seed 8 gives 4 (e), seed 10 gives 0 (a).
  std::string text = ScenarioWith(
      SchedulerConfigWith(10, 1), NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      NodeWith("c", {"1"}), NodeWith("d", {"1"}), NodeWith("e", {"1"}),
      RunningPod("pa", "a", {"1"}, 1), RunningPod("pb", "b", {"1"}, 1),
      RunningPod("pc", "c", {"1"}, 1), RunningPod("pd", "d", {"1"}, 1),
      RunningPod("pe", "e", {"1"}, 1), PendingPod("web", {"1"}, 100));
  struct Row {
    const char* name;
    std::optional<uint64_t> seed;
    std::string node;
    std::string victim;
  };
  const Row rows[] = {{"no seed: the first node", std::nullopt, "a", "pa"},
                      {"seed 7", 7, "c", "pc"},
                      {"seed 8", 8, "e", "pe"},
                      {"seed 10", 10, "a", "pa"}};
  for (const Row& row : rows) {
    CAPTURE(row.name);
    SimulateOptions options;
    options.seed = row.seed;
    SimulationResult r = Simulate(text, options);
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(a.outcome == Outcome::kNominated);
    CHECK(NodeName(r, a) == row.node);
    CHECK(VictimNames(r, a) == std::vector<std::string>{row.victim});
    CHECK(a.preemption.num_candidates == 1);
  }
}

TEST_CASE("Preemption: numCandidates mirrors calculateNumCandidates") {
  SchedulerConfig config;  // 10%, at least 100
  CHECK(NumCandidates(5000, config) == 500);
  CHECK(NumCandidates(500, config) == 100);
  CHECK(NumCandidates(50, config) == 50);
  config.min_candidate_nodes_percentage = 40;
  config.min_candidate_nodes_absolute = 1;
  CHECK(NumCandidates(5, config) == 2);
}

TEST_CASE(
    "Preemption: numCandidates 0 drops every candidate; v1.31's FitError "
    "counts only the nodes with a status") {
  // 10% of 3 nodes is 0 and minCandidateNodesAbsolute is 0: every
  // potential node is dry-run and each candidate dropped
  // (candidateList.add past its size). v1.32+ says 0/N of every node
  // (Preempt: NumAllNodes len(allNodes)); v1.31 counts its NodeToStatusMap:
  // the nodes preemption cannot help and the failed dry runs.
  Json tainted = NodeWith("t", {"1"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "k"}, {"effect", "NoSchedule"}}});
  const std::string scenario = ScenarioWith(
      SchedulerConfigWith(10, 0), NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      tainted, RunningPod("pa", "a", {"1"}, 1), RunningPod("pb", "b", {"1"}, 1),
      PendingPod("web", {"1"}, 100));
  const std::string fit =
      "0/3 nodes are available: 1 node(s) had untolerated taint";
  SUBCASE("current") {
    SimulationResult r = Run(scenario);
    const Attempt& a = FirstAttempt(r, "web");
    CHECK(a.preemption.num_candidates == 0);
    CHECK(a.outcome == Outcome::kUnschedulable);
    CHECK(a.message ==
          fit +
              "(s), 2 Insufficient cpu. "
              "preemption: 0/3 nodes are available: 3 Preemption is not "
              "helpful for scheduling.");
  }
  SUBCASE("v1.31") {
    SimulationResult r = RunAs("v1.31", scenario);
    CHECK(FirstAttempt(r, "web").message ==
          fit +
              " {k: }, 2 Insufficient cpu. preemption: 0/1 nodes are "
              "available: 1 Preemption is not helpful for scheduling.");
  }
}

TEST_CASE("Preemption: the dry run stops once enough candidates are found") {
  Json config = SchedulerConfigWith(0, 2);
  SimulationResult r = Run(ScenarioWith(
      config, NodeWith("a", {"1"}), NodeWith("b", {"1"}), NodeWith("c", {"1"}),
      RunningPod("pa", "a", {"1"}, 1), RunningPod("pb", "b", {"1"}, 1),
      RunningPod("pc", "c", {"1"}, 1), PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.preemption.num_candidates == 2);
  CHECK(a.preemption.candidates.size() == 2);
  CHECK(NodeIn(r, a, "c").verdict == Verdict::kNotEvaluated);
}

TEST_CASE(
    "Preemption: a terminating victim of an earlier preemption blocks a new "
    "one") {
  Json terminating = RunningPod("old", "n1", {"1"}, 1);
  terminating["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  terminating["status"]["conditions"] =
      Json::array({{{"type", "DisruptionTarget"},
                    {"status", "True"},
                    {"reason", "PreemptionByScheduler"}}});
  Json pod = PendingPod("web", {"1"}, 100);
  pod["status"]["nominatedNodeName"] = "n1";
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"1"}), terminating, pod));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: not "
        "eligible due to a terminating pod on the nominated node.");
  // After the nominated node, which no longer fits, is filtered. (No
  // "postfilter" step: v1.37's message has no DRA clause to explain.)
  REQUIRE(a.trace.size() == 2);
  CHECK(a.trace[1].step == "eligibility");
  CHECK(a.trace[1].text ==
        "The pod may not preempt: not eligible due to a terminating pod on "
        "the nominated node. old (priority 1) is still terminating on n1 "
        "after an earlier preemption: the pod waits for that room rather "
        "than evict more.");
  SimulationResult old =
      RunAs("v1.14", ScenarioWith(NodeWith("n1", {"1"}), terminating, pod));
  CHECK(FirstAttempt(old, "web").trace.front().step == "eligibility");
  CHECK(FirstAttempt(old, "web").trace.front().text ==
        "The pod is not eligible for more preemption: old (priority 1), of "
        "lower priority, is terminating on its nominated node n1, and v1.14 "
        "waits while any such pod is terminating "
        "(podEligibleToPreemptOthers).");
}

TEST_CASE(
    "Preemption: lower-priority pods nominated to the chosen node lose their "
    "nomination") {
  Json waiting = PendingPod("waiting", {"2"}, 50);
  waiting["status"]["nominatedNodeName"] = "n1";
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                       waiting, PendingPod("web", {"1"}, 100)));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kNominated);
  REQUIRE(a.cleared_nominations.size() == 1);
  CHECK(r.scenario.pods[a.cleared_nominations[0]].name == "waiting");
}

TEST_CASE(
    "Preemption: MoreImportantPod orders by priority, then start time, a pod "
    "without one started now") {
  Pod a, b;
  a.priority = 10;
  b.priority = 5;
  CHECK(MoreImportantPod(a, b));
  CHECK_FALSE(MoreImportantPod(b, a));
  b.priority = 10;
  a.start_time = 100;
  b.start_time = 200;
  CHECK(MoreImportantPod(a, b));
  CHECK_FALSE(MoreImportantPod(b, a));
  b.start_time.reset();  // no startTime: newer than any pod with one
  CHECK(MoreImportantPod(a, b));
  CHECK_FALSE(MoreImportantPod(b, a));
  // Neither has one: each is "now" when asked, the first asked earlier.
  a.start_time.reset();
  CHECK(MoreImportantPod(a, b));
  CHECK(MoreImportantPod(b, a));
  // The same start: neither is more important.
  a.start_time = b.start_time = 7;
  CHECK_FALSE(MoreImportantPod(a, b));
  CHECK_FALSE(MoreImportantPod(b, a));
}

namespace {
Json WithUid(Json pod, const std::string& uid) {
  pod["metadata"]["uid"] = uid;
  return pod;
}
}  // namespace

TEST_CASE(
    "Preemption: equal victims keep the node's order, its pods listed by "
    "namespace and name, not input order or UID") {
  // zeta and alpha are equal (priority, start). The cache holds alpha first,
  // so alpha is reprieved first and zeta is the victim (upstream's answer).
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2"}),
      WithUid(
          Started(RunningPod("zeta", "n1", {"1"}, 1), "2024-05-01T08:00:00Z"),
          "1"),
      WithUid(
          Started(RunningPod("alpha", "n1", {"1"}, 1), "2024-05-01T08:00:00Z"),
          "2"),
      PendingPod("web", {"1"}, 10)));
  CHECK(VictimNames(r, FirstAttempt(r, "web")) ==
        std::vector<std::string>{"zeta"});
}

TEST_CASE(
    "Preemption: of two equal victims without a start time, v1.37 reprieves "
    "the one listed first on the node; v1.35 the other") {
  // v1.37's NewVictim reads "now" once per victim, building them in the
  // node's pod order (MoreImportantVictim); v1.35's MoreImportantPod reads
  // it at each comparison, so each is more important than the other and the
  // insertion sort swaps them. The oracle answers b at v1.37.2, a at v1.35.4.
  const std::string text = ScenarioWith(
      NodeWith("n1", {"2"}), RunningPod("a", "n1", {"1"}, 0),
      RunningPod("b", "n1", {"1"}, 0), PendingPod("web", {"1"}, 100));
  SimulationResult current = Run(text);
  CHECK(VictimNames(current, FirstAttempt(current, "web")) ==
        std::vector<std::string>{"b"});
  SimulationResult v135 = RunAs("v1.35", text);
  CHECK(VictimNames(v135, FirstAttempt(v135, "web")) ==
        std::vector<std::string>{"a"});
}

TEST_CASE(
    "Preemption: more than 12 potential victims are sorted as Go's "
    "sort.Slice sorts them, not stably") {
  // 16 pods of one priority, p00..p15, three start times; the node is full
  // and web needs one pod's room, so the victim is the last after the sort.
  // A stable sort would leave p11 last; pdqsort leaves p03 (upstream: p03).
  const int start_second[16] = {1, 0, 0, 2, 2, 2, 0, 0, 0, 2, 2, 2, 1, 1, 0, 0};
  std::vector<Json> objects = {NodeWith("n1", {"16", "64Gi"})};
  for (int i = 15; i >= 0; --i) {
    char name[8], start[32];
    std::snprintf(name, sizeof name, "p%02d", i);
    std::snprintf(start, sizeof start, "2024-05-01T08:00:0%dZ",
                  start_second[i]);
    objects.push_back(Started(RunningPod(name, "n1", {"1", "1Gi"}, 1), start));
  }
  objects.push_back(PendingPod("web", {"1", "1Gi"}, 10));
  Json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", objects}};
  SimulationResult r = Run(list.dump());
  CHECK(VictimNames(r, FirstAttempt(r, "web")) ==
        std::vector<std::string>{"p03"});
}

TEST_CASE(
    "Preemption: a ReadWriteOncePod claim's lower-priority user is the "
    "victim") {
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
                   ClaimWith("solo", {"ReadWriteOncePod"}),
                   RunningPod("bystander", "n1", {"1"}, 10),
                   UsingClaims(RunningPod("holder", "n2", {"1"}, 10), {"solo"}),
                   UsingClaims(PendingPod("web", {"1"}, 100), {"solo"})));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kNominated);
  CHECK(NodeName(r, a) == "n2");
  CHECK(VictimNames(r, a) == std::vector<std::string>{"holder"});
  // On n1 removing the bystander frees nothing: the claim is used on n2.
  CHECK(NodeIn(r, a, "n1").verdict == Verdict::kDoesNotFit);
  // The next attempt finds the claim free.
  CHECK(r.attempts.back().outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Preemption: a ReadWriteOncePod claim held by a higher-priority pod "
    "stays held") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), ClaimWith("solo", {"ReadWriteOncePod"}),
      UsingClaims(RunningPod("holder", "n1", {"1"}, 1000), {"solo"}),
      UsingClaims(PendingPod("web", {"1"}, 100), {"solo"})));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(a.message ==
        "0/1 nodes are available: 1 node(s) unavailable due to "
        "PersistentVolumeClaim with ReadWriteOncePod access mode already "
        "in-use by another pod. preemption: 0/1 "
        "nodes are available: 1 No preemption "
        "victims found for incoming pod.");
}

TEST_CASE("Preemption: a profile without DefaultPreemption never preempts") {
  Json config = SchedulerPluginsWith(
      {{"postFilter", {{"disabled", {{{"name", "DefaultPreemption"}}}}}}});
  Json nominated = PendingPod("web", {"1"}, 100);
  nominated["status"]["nominatedNodeName"] = "n1";
  // v1.35, whose DynamicResources PostFilter still spoke (#140222, v1.37).
  SimulationResult r = RunAs(
      "v1.35", ScenarioWith(config, NodeWith("n1", {"1"}),
                            RunningPod("low", "n1", {"1"}, 10), nominated));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(a.victims.empty());
  CHECK_FALSE(a.preemption.ran);
  CHECK(a.message ==
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate");
  // DynamicResources still ran (its result keeps the nomination).
  CHECK(a.trace.back().text ==
        "DefaultPreemption is not a PostFilter plugin of this profile (the "
        "KubeSchedulerConfiguration's plugins leave it out): no pod is "
        "preempted. The message ends with \"no new claims to deallocate\", "
        "the DynamicResources PostFilter's answer for a pod without resource "
        "claims.");
  SUBCASE("with no PostFilter plugin the message is the FitError alone") {
    Json none = SchedulerPluginsWith(
        {{"postFilter", {{"disabled", {{{"name", "*"}}}}}}});
    SimulationResult n = RunAs(
        "v1.35", ScenarioWith(none, NodeWith("n1", {"1"}),
                              RunningPod("low", "n1", {"1"}, 10), nominated));
    const Attempt& b = FirstAttempt(n, "web");
    CHECK(b.message == "0/1 nodes are available: 1 Insufficient cpu.");
    CHECK(b.trace.back().text ==
          "DefaultPreemption is not a PostFilter plugin of this profile (the "
          "KubeSchedulerConfiguration's plugins leave it out): no pod is "
          "preempted. No PostFilter plugin runs, so the nomination of n1 is "
          "cleared.");
  }
  SUBCASE("DefaultPreemption before DynamicResources orders the message") {
    Json first = SchedulerPluginsWith(
        {{"postFilter", {{"enabled", {{{"name", "DefaultPreemption"}}}}}}});
    SimulationResult f =
        RunAs("v1.35", ScenarioWith(first, NodeWith("n1", {"1"}),
                                    RunningPod("peer", "n1", {"1"}, 100),
                                    PendingPod("web", {"1"}, 100)));
    CHECK(FirstAttempt(f, "web").message ==
          "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 "
          "nodes are available: 1 No preemption victims found for incoming "
          "pod., no new claims to deallocate");
  }
}

}  // namespace podsim
