// A cluster loaded once, with scenarios laid over it: the same decisions as
// simulating both texts together, objects of the same name replaced.
#include "core/analysis/loaded_cluster.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("LoadedCluster: a scenario over a cluster decides as both together") {
  std::string cluster = ScenarioWith(
      NodeWith("n1", {"2"}), NodeWith("n2", {"2"}),
      RunningPod("low", "n1", {"2"}, 1), RunningPod("mid", "n2", {"2"}, 5));
  std::string scenario = ScenarioWith(PendingPod("web", {"1"}, 10));
  LoadedCluster loaded(Decode(cluster));
  SimulationResult over = loaded.Simulate(scenario);
  SimulationResult together = Simulate(cluster + "\n" + scenario);
  REQUIRE(over.attempts.size() == together.attempts.size());
  for (size_t i = 0; i < over.attempts.size(); ++i) {
    CHECK(over.attempts[i].outcome == together.attempts[i].outcome);
    CHECK(over.attempts[i].node == together.attempts[i].node);
  }
  CHECK(over.attempts[0].outcome == Outcome::kNominated);
  CHECK(over.attempts[0].victims.size() == 1);
  // The cluster is untouched: a second scenario starts from it again.
  CHECK(loaded.scenario().pods.size() == 2);
}

TEST_CASE("LoadedCluster: an object of the same kind and name replaces it") {
  LoadedCluster loaded(Decode(
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1))));
  // n1 grows to 2 cpu in the scenario: the pending pod fits, nobody goes.
  SimulationResult r = loaded.Simulate(
      ScenarioWith(NodeWith("n1", {"2"}), PendingPod("web", {"1"}, 10)));
  REQUIRE(r.attempts.size() == 1);
  CHECK(r.attempts[0].outcome == Outcome::kScheduled);
  CHECK(r.scenario.nodes.size() == 1);
  CHECK(loaded.scenario().nodes[0].allocatable.Get(kCpu) == 1000);
}

TEST_CASE(
    "LoadedCluster: an empty cluster says so; an empty scenario over it does "
    "not") {
  LoadedCluster empty(Decode(""));
  REQUIRE(empty.diagnostics().items().size() == 1);
  CHECK(empty.diagnostics().items()[0].message.starts_with(
      "the input holds no Kubernetes objects;"));
  CHECK(empty.Simulate("").diagnostics.items().empty());
  LoadedCluster loaded(Decode(ScenarioWith(NodeWith("n1", {"1"}))));
  CHECK(loaded.diagnostics().items().empty());
  CHECK(loaded.Simulate("").diagnostics.items().empty());
  CHECK(loaded.Simulate("# no objects yet\n").diagnostics.items().empty());
}

TEST_CASE(
    "LoadedCluster: a diagnostic about the scenario's scheduler configuration "
    "is the scenario's, not the cluster's") {
  LoadedCluster loaded(Decode(ScenarioWith(NodeWith("n1", {"1"}))));
  SimulationResult r = loaded.Simulate(
      "apiVersion: kubescheduler.config.k8s.io/v1\n"
      "kind: KubeSchedulerConfiguration\n"
      "profiles:\n"
      "- schedulerName: default-scheduler\n"
      "  bogus: 1\n");
  REQUIRE_FALSE(r.diagnostics.items().empty());
  for (const Diagnostic& d : r.diagnostics.items()) {
    CHECK(d.object == "KubeSchedulerConfiguration");
    CHECK_FALSE(d.in_cluster);
  }
}

}  // namespace podsim

namespace podsim {
using namespace testing;

TEST_CASE(
    "LoadedCluster: a ResourceQuota of the cluster admits the scenario's "
    "pods, and the scenario's quota of the same name replaces it") {
  auto quota = [](const std::string& pods) {
    return Json{{"apiVersion", "v1"},
                {"kind", "ResourceQuota"},
                {"metadata", {{"name", "cap"}, {"namespace", "default"}}},
                {"spec", {{"hard", {{"pods", pods}}}}}};
  };
  LoadedCluster loaded(Decode(ScenarioWith(
      NodeWith("n1", {"4"}), RunningPod("low", "n1", {"1"}, 1), quota("1"))));
  // The cluster's quota is used up: the scenario's new pod (no
  // spec.priority: not stored yet) is refused.
  SimulationResult refused =
      loaded.Simulate(ScenarioWith(PendingPod("web", {"1"}, std::nullopt)));
  CHECK(refused.scenario.pods.size() == 2);
  CHECK(refused.attempts.empty());
  // The scenario raises it: the pod is admitted and scheduled.
  SimulationResult raised = loaded.Simulate(
      ScenarioWith(PendingPod("web", {"1"}, std::nullopt), quota("2")));
  REQUIRE(raised.attempts.size() == 1);
  CHECK(raised.attempts[0].outcome == Outcome::kScheduled);
  CHECK(loaded.scenario().resource_quotas.size() == 1);
}

}  // namespace podsim
