#include "core/preemption.h"

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
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: 0/1 "
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
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: not "
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
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: 0/1 "
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

TEST_CASE("Preemption: numCandidates mirrors calculateNumCandidates") {
  SchedulerConfig config;  // 10%, at least 100
  CHECK(NumCandidates(5000, config) == 500);
  CHECK(NumCandidates(500, config) == 100);
  CHECK(NumCandidates(50, config) == 50);
  config.min_candidate_nodes_percentage = 40;
  config.min_candidate_nodes_absolute = 1;
  CHECK(NumCandidates(5, config) == 2);
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
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: not "
        "eligible due to a terminating pod on the nominated node.");
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
    "Preemption: MoreImportantPod orders by priority, start time, input order, "
    "UID") {
  Pod a, b;
  a.priority = 10;
  b.priority = 5;
  CHECK(MoreImportantPod(a, b));
  b.priority = 10;
  a.start_time = 100;
  b.start_time = 200;
  CHECK(MoreImportantPod(a, b));
  b.start_time.reset();  // no startTime: newer than any pod with one
  CHECK(MoreImportantPod(a, b));
  a.start_time.reset();
  a.index = 1;
  b.index = 0;
  CHECK(MoreImportantPod(b, a));
  a.start_time = b.start_time = 7;
  a.uid = std::string(1, 'a');
  b.uid = std::string(1, 'b');
  CHECK(MoreImportantPod(a, b));
}

}  // namespace podsim
