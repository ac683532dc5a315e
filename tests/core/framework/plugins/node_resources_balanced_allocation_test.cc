#include "core/framework/plugins/node_resources_balanced_allocation.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "NodeResourcesBalancedAllocation: Score favours a node whose cpu and "
    "memory would be used alike") {
  // v1.35's scorer, the balance with the pod placed (current scores the
  // change, below).
  SimulationResult r =
      RunAs("v1.35", ScenarioWith(NodeWith("a", {"4", "4Gi"}),
                                  NodeWith("b", {"4", "4Gi"}),
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
  CHECK(ScoreNodeResourcesBalancedAllocation(cluster, web, NodeIndex(s, "full"),
                                             false) == 62);
  // cpu-only: one fraction, no spread -> 100.
  CHECK(ScoreNodeResourcesBalancedAllocation(
            cluster, web, NodeIndex(s, "cpu-only"), false) == 100);
}

TEST_CASE(
    "NodeResourcesBalancedAllocation: v1.37 scores the change in balance "
    "(TestNodeResourcesBalancedAllocation, v1.37.2)") {
  // "resources requested, pods scheduled with resources": node1 cpu 30% ->
  // 60%, memory 0% -> 25%, balance 85 -> 82: 73; node2 cpu 30% -> 60%,
  // memory 25% -> 50%, 97 -> 95: 74.
  Scenario s = Run(ScenarioWith(NodeWith("node1", {"10", "20000"}),
                                NodeWith("node2", {"10", "20000"}),
                                RunningPod("e1", "node1", {"3", "0"}, 1),
                                RunningPod("e2", "node2", {"3", "5000"}, 1),
                                PendingPod("web", {"3", "5000"}, 1)))
                   .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const Pod& web = s.pods[PodIndex(s, "web")];
  CHECK(ScoreNodeResourcesBalancedAllocation(
            cluster, web, NodeIndex(s, "node1"), true) == 73);
  CHECK(ScoreNodeResourcesBalancedAllocation(
            cluster, web, NodeIndex(s, "node2"), true) == 74);
  // "nodes to reach min/max score": node1 cpu 100%, memory 0% -> 100%
  // (50 -> 100): 100; node2 memory 0% -> 100% (100 -> 50): 50.
  Scenario m = Run(ScenarioWith(NodeWith("node1", {"3", "5000"}),
                                NodeWith("node2", {"3", "5000"}),
                                RunningPod("e1", "node1", {"3", "0"}, 1),
                                PendingPod("web", {"0", "5000"}, 1)))
                   .scenario;
  Cluster mc(m);
  PlaceInputPods(mc);
  const Pod& mw = m.pods[PodIndex(m, "web")];
  CHECK(ScoreNodeResourcesBalancedAllocation(mc, mw, NodeIndex(m, "node1"),
                                             true) == 100);
  CHECK(ScoreNodeResourcesBalancedAllocation(mc, mw, NodeIndex(m, "node2"),
                                             true) == 50);
}

}  // namespace podsim
