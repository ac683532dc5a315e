#include "core/output/result_json.h"

#include <nlohmann/json.hpp>

#include "core/scheduler/simulator.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json Document(const SimulationResult& r) { return Json::parse(ToJson(r)); }
}  // namespace

TEST_CASE(
    "ResultJson: a selection step keeps its scores and adds the words, the "
    "values, the winner and a note") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"2"}), NodeWith("b", {"2"}),
      RunningPod("a1", "a", {"1"}, 50), RunningPod("a2", "a", {"1"}, 40),
      RunningPod("b1", "b", {"1"}, 50), RunningPod("b2", "b", {"1"}, 1),
      PendingPod("web", {"2"}, 100)));
  const Json steps = Document(r)["pods"][0]["selection"];
  REQUIRE(steps.size() == 3);
  CHECK(steps[0] == Json::parse(R"({
    "criterion": "fewest PDB violations",
    "scores": {"a": 0, "b": 0},
    "display": {"a": "0 PDB violations", "b": "0 PDB violations"},
    "values": {"a": 0, "b": 0},
    "kept": ["a", "b"], "winner": null, "note": ""})"));
  CHECK(steps[2] == Json::parse(R"({
    "criterion": "lowest sum of victim priorities",
    "scores": {"a": -4294967386, "b": -4294967347},
    "display": {"a": "sum 90", "b": "sum 51"},
    "values": {"a": 90, "b": 51},
    "kept": ["b"], "winner": "b", "note": ""})"));
}

TEST_CASE("ResultJson: a victim without startTime has a null value") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"1"}), NodeWith("b", {"1"}),
      Started(RunningPod("pa", "a", {"1"}, 5), "2024-05-01T08:00:00Z"),
      RunningPod("pb", "b", {"1"}, 5), PendingPod("web", {"1"}, 100)));
  const Json step = Document(r)["pods"][0]["selection"][4];
  CHECK(step["values"] == Json::parse(R"({"a": 1714550400, "b": null})"));
  CHECK(step["display"]["a"] == "started 2024-05-01T08:00:00Z");
  CHECK(step["winner"] == "b");
}

TEST_CASE("ResultJson: v1.14 statuses name their predicate, current's do not") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("peer", "n1", {"1"}, 100),
                   PendingPod("web", {"1"}, 100));
  const Json old = Document(RunAs("v1.14", text))["pods"][0]["nodes"][0];
  CHECK(old["filter"] == Json::parse(R"({
    "code": "Unschedulable", "plugin": "NodeResourcesFit",
    "reasons": ["Insufficient cpu"], "predicate": "PodFitsResources"})"));
  const Json now = Document(Run(text))["pods"][0]["nodes"][0];
  CHECK_FALSE(now["filter"].contains("predicate"));
  CHECK_FALSE(now["preemption"]["status"].contains("predicate"));
}

TEST_CASE("ResultJson: the cluster picture marks terminating pods") {
  Json leaving = RunningPod("leaving", "n1", {"1"}, 1);
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"2"}), leaving,
                                        RunningPod("staying", "n1", {"1"}, 1)));
  const Json pods = Document(r)["cluster"]["pods"];
  REQUIRE(pods.size() == 2);
  CHECK(pods[0]["pod"] == "default/leaving");
  CHECK(pods[0]["terminating"] == true);
  CHECK(pods[1]["terminating"] == false);
}

TEST_CASE("ResultJson: the compared profiles as two names, null for unknown") {
  CHECK(ComparedProfilesJson("") == R"(["current","v1.14"])");
  CHECK(ComparedProfilesJson("v1.31") == R"(["current","v1.31"])");
  CHECK(ComparedProfilesJson("v9") == R"(["current",null])");
}

}  // namespace podsim
