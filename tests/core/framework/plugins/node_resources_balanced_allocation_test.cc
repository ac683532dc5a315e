#include "core/framework/plugins/node_resources_balanced_allocation.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "NodeResourcesBalancedAllocation: Score favours a node whose cpu and "
    "memory would be used alike") {
  SimulationResult r =
      Run(ScenarioWith(NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}),
                       RunningPod("load", "a", {"1", "3Gi"}, 1),
                       PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  // a: fractions 0.5 and 1.0 -> std 0.25 -> 75. b: 0.25 and 0.25 -> 100.
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesBalancedAllocation") ==
        75);
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesBalancedAllocation") ==
        100);
}

TEST_CASE(
    "NodeResourcesBalancedAllocation: Score caps a fraction above 1 and "
    "skips a resource the node lacks") {
  Scenario s = Run(ScenarioWith(NodeWith("full", {"1", "4Gi"}),
                                NodeWith("cpu-only", {"4"}),
                                PendingPod("web", {"2", "1Gi"}, 1)))
                   .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const Pod& web = s.pods[PodIndex(s, "web")];
  // full: cpu 2/1 -> 1, memory 0.25: std 0.375 -> 62.
  CHECK(ScoreNodeResourcesBalancedAllocation(cluster, web,
                                             NodeIndex(s, "full")) == 62);
  // cpu-only: one fraction, no spread -> 100.
  CHECK(ScoreNodeResourcesBalancedAllocation(cluster, web,
                                             NodeIndex(s, "cpu-only")) == 100);
}

}  // namespace podsim
