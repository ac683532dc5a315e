// The budgets as the scheduler reads them: which pods violate a PDB when
// evicted (core/framework/preemption/pdb.cc).
#include "core/framework/preemption/pdb.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
std::vector<char> Classify(const SimulationResult& r,
                           const std::vector<std::string>& names) {
  std::vector<ObjectIndex> pods;
  for (const std::string& name : names) {
    for (const Pod& p : r.scenario.pods) {
      if (p.name == name) pods.push_back(p.index);
    }
  }
  std::vector<char> violating;
  std::vector<int64_t> budget;
  ClassifyPdbViolations(r.scenario, pods, PdbViolation::kPerPodBudget,
                        violating, budget);
  return violating;
}
}  // namespace

TEST_CASE(
    "PDB: one budget is spent across pods, so the less important ones "
    "violate") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), Labelled(RunningPod("a", "n1", {"1"}, 3), "db"),
      Labelled(RunningPod("b", "n1", {"1"}, 2), "db"),
      Labelled(RunningPod("c", "n1", {"1"}, 1), "db"),
      PdbWith("db", {{"app", "db"}}, 1)));
  CHECK(Classify(r, {"a", "b", "c"}) == std::vector<char>{0, 1, 1});
}

TEST_CASE("PDB: pods already in disruptedPods do not spend the budget") {
  Json pdb = PdbWith("db", {{"app", "db"}}, 1);
  pdb["status"]["disruptedPods"] = {{"a", "2024-01-01T00:00:00Z"}};
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), Labelled(RunningPod("a", "n1", {"1"}, 3), "db"),
      Labelled(RunningPod("b", "n1", {"1"}, 2), "db"), pdb));
  CHECK(Classify(r, {"a", "b"}) == std::vector<char>{0, 0});
}

TEST_CASE(
    "PDB: label-less pods, other namespaces and empty selectors match "
    "nothing") {
  Json other = Labelled(RunningPod("other", "n1", {"1"}, 1), "db");
  other["metadata"]["namespace"] = "prod";
  Json empty = PdbWith("all", Json::object(), 0);
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}), RunningPod("bare", "n1", {"1"}, 1),
                   other, PdbWith("db", {{"app", "db"}}, 0), empty));
  CHECK(Classify(r, {"bare", "other"}) == std::vector<char>{0, 0});
}

}  // namespace podsim
