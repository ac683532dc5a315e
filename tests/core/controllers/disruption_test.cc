// The disruption controller: a budget's status computed from the pods it
// selects, when the input gives none (core/controllers/disruption.cc).
#include "core/controllers/disruption.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json Owned(Json pod, const std::string& kind, const std::string& name) {
  pod["metadata"]["ownerReferences"] = Json::array({{{"kind", kind},
                                                     {"name", name},
                                                     {"controller", true},
                                                     {"apiVersion", "apps/v1"},
                                                     {"uid", name}}});
  return pod;
}
Json Ready(Json pod) {
  pod["status"]["conditions"] =
      Json::array({{{"type", "Ready"}, {"status", "True"}}});
  return pod;
}
}  // namespace

TEST_CASE("PDB: without status, minAvailable counts healthy matching pods") {
  Json pdb = PdbWith("db", {{"app", "db"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = 2;
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}),
      Ready(Labelled(RunningPod("a", "n1", {"1"}, 1), "db")),
      Ready(Labelled(RunningPod("b", "n1", {"1"}, 1), "db")),
      Ready(Labelled(RunningPod("c", "n1", {"1"}, 1), "db")), pdb));
  const PodDisruptionBudget& p = r.scenario.pdbs[0];
  CHECK(p.disruptions_allowed == 1);
  CHECK(p.status_explanation ==
        "computed as the disruption controller would: minAvailable 2 of 3 "
        "matching pods -> 2 must "
        "stay healthy; 3 healthy now -> disruptionsAllowed 1");
}

TEST_CASE("PDB: without status, maxUnavailable uses the controllers' scale") {
  Json rs = {{"apiVersion", "apps/v1"},
             {"kind", "ReplicaSet"},
             {"metadata", {{"name", "web-abc"}, {"namespace", "default"}}},
             {"spec", {{"replicas", 4}}}};
  Json pdb = PdbWith("web", {{"app", "web"}}, std::nullopt);
  pdb["spec"]["maxUnavailable"] = "50%";
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), rs,
      Ready(Owned(Labelled(RunningPod("w1", "n1", {"1"}, 1), "web"),
                  "ReplicaSet", "web-abc")),
      Ready(Owned(Labelled(RunningPod("w2", "n1", {"1"}, 1), "web"),
                  "ReplicaSet", "web-abc")),
      Ready(Owned(Labelled(RunningPod("w3", "n1", {"1"}, 1), "web"),
                  "ReplicaSet", "web-abc")),
      pdb));
  // expected 4, desired healthy 4 - ceil(50% of 4) = 2, healthy 3 -> 1 allowed.
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 1);
  CHECK(r.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: maxUnavailable 50% of 4 "
        "expected pods (1 "
        "controller(s)) -> 2 must stay healthy; 3 healthy now -> "
        "disruptionsAllowed 1");
}

TEST_CASE("PDB: a pod that is not Ready or is terminating is not healthy") {
  Json unready = Labelled(RunningPod("a", "n1", {"1"}, 1), "db");
  unready["status"]["conditions"] =
      Json::array({{{"type", "Ready"}, {"status", "False"}}});
  Json leaving = Labelled(RunningPod("b", "n1", {"1"}, 1), "db");
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  Json pdb = PdbWith("db", {{"app", "db"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = 0;
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"4"}), unready, leaving, pdb));
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);
}

TEST_CASE(
    "PDB: a pod without a Ready condition is not healthy, as "
    "podutil.IsPodReady reads it") {
  // Two running pods written without status and one Ready: minAvailable 1
  // leaves 1 - 1 = 0 disruptions (the old rule counted all three: 2).
  Json pdb = PdbWith("db", {{"app", "db"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = 1;
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), Labelled(RunningPod("a", "n1", {"1"}, 1), "db"),
      Labelled(RunningPod("b", "n1", {"1"}, 1), "db"),
      Ready(Labelled(RunningPod("c", "n1", {"1"}, 1), "db")), pdb));
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);
  CHECK(r.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 1 of 3 "
        "matching pods -> 1 must stay healthy; 1 healthy now -> "
        "disruptionsAllowed 0");
}

}  // namespace podsim
