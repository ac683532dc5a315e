// The disruption controller: a budget's status computed from the pods it
// selects, when the input gives none (core/controllers/disruption.cc).
#include "core/controllers/disruption.h"

#include <optional>
#include <string>

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
// A controller object of kind in default, with spec.replicas when given.
Json ControllerObject(const std::string& kind, const std::string& name,
                      std::optional<int> replicas = std::nullopt) {
  Json c = {{"apiVersion", kind == "Job" ? "batch/v1" : "apps/v1"},
            {"kind", kind},
            {"metadata", {{"name", name}, {"namespace", "default"}}},
            {"spec", Json::object()}};
  if (replicas) c["spec"]["replicas"] = *replicas;
  return c;
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

TEST_CASE(
    "PDB: maxUnavailable over a DaemonSet's pods fails safe (getExpectedScale "
    "ends in getScaleController: no scale subresource); an integer "
    "minAvailable counts them") {
  auto pods = [](Json pdb) {
    return ScenarioWith(
        NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
        ControllerObject("DaemonSet", "agent"),
        Ready(Owned(Labelled(RunningPod("a1", "n1", {"1"}, 1), "agent"),
                    "DaemonSet", "agent")),
        Ready(Owned(Labelled(RunningPod("a2", "n2", {"1"}, 1), "agent"),
                    "DaemonSet", "agent")),
        pdb);
  };
  Json by_scale = PdbWith("agent", {{"app", "agent"}}, std::nullopt);
  by_scale["spec"]["maxUnavailable"] = 1;
  SimulationResult r = Run(pods(by_scale));
  const PodDisruptionBudget& p = r.scenario.pdbs[0];
  // Mirrors failSafe: disruptionsAllowed 0, DisruptionAllowed=False
  // SyncFailed with getScaleController's error.
  CHECK(p.disruptions_allowed_at_start == 0);
  CHECK(p.disruptions_allowed == 0);
  CHECK(p.status_explanation ==
        "computed as the disruption controller would: maxUnavailable 1: "
        "getExpectedScale fails (daemonsets.apps does not implement the "
        "scale subresource), so failSafe sets disruptionsAllowed 0 and the "
        "condition DisruptionAllowed=False, reason SyncFailed");
  // A percentage minAvailable reads the scale too; a Job has none either.
  Json percent = PdbWith("agent", {{"app", "agent"}}, std::nullopt);
  percent["spec"]["minAvailable"] = "50%";
  CHECK(Run(pods(percent)).scenario.pdbs[0].disruptions_allowed == 0);
  SimulationResult job = Run(ScenarioWith(
      NodeWith("n1", {"4"}), ControllerObject("Job", "batch"),
      Ready(Owned(Labelled(RunningPod("b1", "n1", {"1"}, 1), "agent"), "Job",
                  "batch")),
      percent));
  CHECK(job.scenario.pdbs[0].disruptions_allowed == 0);
  CHECK(job.scenario.pdbs[0].status_explanation.find(
            "(jobs.batch does not implement the scale subresource)") !=
        std::string::npos);
  // getExpectedPodCount: an integer minAvailable counts the pods selected.
  Json integer = PdbWith("agent", {{"app", "agent"}}, std::nullopt);
  integer["spec"]["minAvailable"] = 1;
  CHECK(Run(pods(integer)).scenario.pdbs[0].disruptions_allowed == 1);
}

TEST_CASE(
    "PDB: a pod of a controller kind podsim does not know fails safe "
    "(upstream TestUnsupportedControllerPod); a naked pod is skipped "
    "(TestNakedPod)") {
  Json pdb = PdbWith("db", {{"app", "db"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = "28%";
  Json pod = Ready(Labelled(RunningPod("naked", "n1", {"1"}, 1), "db"));
  // TestNakedPod: getExpectedScale skips it (unmanagedPods), so the budget
  // expects no pods and allows nothing.
  SimulationResult naked = Run(ScenarioWith(NodeWith("n1", {"4"}), pod, pdb));
  CHECK(naked.scenario.pdbs[0].disruptions_allowed == 0);
  CHECK(naked.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 28% of 0 "
        "expected pods (0 controller(s), 1 pod(s) without a controller "
        "skipped) -> 0 must stay healthy; 1 healthy now -> disruptionsAllowed "
        "0 (no expected pods, so none)");
  // TestUnsupportedControllerPod: a TestWorkload of apps.test.io.
  pod["metadata"]["ownerReferences"] =
      Json::array({{{"apiVersion", "apps.test.io/v1"},
                    {"kind", "TestWorkload"},
                    {"name", "fake-controller"},
                    {"uid", "b7329742-8daa-493a-8881-6ca07139172b"},
                    {"controller", true}}});
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"4"}), pod, pdb));
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);
  CHECK(r.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 28%: "
        "getExpectedScale fails (no scale known for kind \"TestWorkload\" "
        "(the controller of pod \"naked\")), so failSafe sets "
        "disruptionsAllowed 0 and the condition DisruptionAllowed=False, "
        "reason SyncFailed");
}

TEST_CASE(
    "PDB: a StatefulSet's pods count its replicas (upstream "
    "TestStatefulSetController)") {
  // minAvailable 34% of a StatefulSet of 3 rounds up to 2: with one pod of
  // it Ready, 0 allowed; with all three, 1.
  Json pdb = PdbWith("db", {{"app", "db"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = "34%";
  auto pod = [](const std::string& name) {
    return Ready(Owned(Labelled(RunningPod(name, "n1", {"1"}, 1), "db"),
                       "StatefulSet", "db"));
  };
  Json set = ControllerObject("StatefulSet", "db", 3);
  SimulationResult one =
      Run(ScenarioWith(NodeWith("n1", {"4"}), set, pod("foobar-0"), pdb));
  CHECK(one.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 34% of 3 "
        "expected pods (1 controller(s)) -> 2 must stay healthy; 1 healthy "
        "now -> disruptionsAllowed 0");
  SimulationResult all =
      Run(ScenarioWith(NodeWith("n1", {"4"}), set, pod("foobar-0"),
                       pod("foobar-1"), pod("foobar-2"), pdb));
  CHECK(all.scenario.pdbs[0].disruptions_allowed_at_start == 1);
}

TEST_CASE(
    "PDB: a ReplicaSet's pods count its Deployment's replicas once, "
    "terminating pods and ReplicaSets the input lacks included "
    "(getPodDeployment)") {
  // A Deployment of 4 mid-rollout, its ReplicaSets named by their pods
  // only: web-old's last pod terminates, web-new runs two. Upstream maps
  // every pod to the Deployment: expected 4, 4 - 1 = 3 must stay healthy.
  auto pod = [](const std::string& name, const std::string& rs) {
    return Ready(Owned(Labelled(RunningPod(name, "n1", {"1"}, 1), "web"),
                       "ReplicaSet", rs));
  };
  Json leaving = pod("web-old-a", "web-old");
  leaving["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  Json pdb = PdbWith("web", {{"app", "web"}}, std::nullopt);
  pdb["spec"]["maxUnavailable"] = 1;
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"8"}), ControllerObject("Deployment", "web", 4), leaving,
      pod("web-new-a", "web-new"), pod("web-new-b", "web-new"), pdb));
  CHECK(r.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: maxUnavailable 1 of 4 "
        "expected pods (1 controller(s)) -> 3 must stay healthy; 2 healthy "
        "now -> disruptionsAllowed 0");
}

TEST_CASE(
    "PDB: the ReplicaSet's scale counts even without a Deployment (upstream "
    "TestReplicaSet); one the input lacks has the scale its pods give it") {
  // TestReplicaSet: minAvailable 20% over one pod of a ReplicaSet of 10:
  // expected 10, desired 2, 1 healthy -> 0.
  Json pdb = PdbWith("web", {{"app", "web"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = "20%";
  Json pod = Ready(Owned(Labelled(RunningPod("pod", "n1", {"1"}, 1), "web"),
                         "ReplicaSet", "web-abc"));
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}),
                   ControllerObject("ReplicaSet", "web-abc", 10), pod, pdb));
  CHECK(r.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 20% of 10 "
        "expected pods (1 controller(s)) -> 2 must stay healthy; 1 healthy "
        "now -> disruptionsAllowed 0");
  // The input lacks the ReplicaSet (a pods-only dump): podsim rebuilds it
  // with its active pods as its scale, 1.
  SimulationResult lacking = Run(ScenarioWith(NodeWith("n1", {"4"}), pod, pdb));
  CHECK(lacking.scenario.pdbs[0].status_explanation ==
        "computed as the disruption controller would: minAvailable 20% of 1 "
        "expected pods (1 controller(s)) -> 1 must stay healthy; 1 healthy "
        "now -> disruptionsAllowed 0");
}

}  // namespace podsim
