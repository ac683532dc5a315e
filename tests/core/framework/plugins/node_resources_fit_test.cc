#include "core/framework/plugins/node_resources_fit.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "NodeResourcesFit: Filter lists every shortage; beyond allocatable is "
    "unresolvable") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2", "2Gi", "1"}),
      RunningPod("old", "n1", {"1", "1Gi"}, 1),
      PendingPod("web", {"1500m", "1500Mi"}, 1), PendingPod("huge", {"3"}, 1)));
  CHECK(FilterOf(r, "web", "n1") ==
        "Unschedulable NodeResourcesFit: Too many pods, Insufficient cpu, "
        "Insufficient memory");
  CHECK(FilterOf(r, "huge", "n1") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Too many pods, "
        "Insufficient cpu");
}

TEST_CASE("NodeResourcesFit: extended resources are checked like cpu") {
  Json node = NodeWith("n1", {"4"});
  node["status"]["allocatable"]["nvidia.com/gpu"] = "1";
  Json pod = PendingPod("train", {"1"}, 1);
  pod["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = 2;
  SimulationResult r = Run(ScenarioWith(node, pod));
  CHECK(FilterOf(r, "train", "n1") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Insufficient "
        "nvidia.com/gpu");
}

TEST_CASE(
    "NodeResourcesFit: Filter spells and grades shortages as the profile "
    "says") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"2", "2Gi", "1"}),
                       RunningPod("old", "n1", {"1", "1Gi"}, 1),
                       PendingPod("huge", {"3"}, 1), PendingPod("none", {}, 1)))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  auto filter = [&](const std::string& pod, const Profile& profile) {
    CycleState state(cluster, PodIndex(s, pod), profile);
    Status status;
    FilterNodeResourcesFit(state, NodeIndex(s, "n1"), status);
    return StatusLine(status);
  };
  // Before #131345 (v1.34) a request above allocatable is Unschedulable.
  CHECK(filter("huge", *FindProfile("v1.31")) ==
        "Unschedulable NodeResourcesFit: Too many pods, Insufficient cpu");
  CHECK(filter("huge", *FindProfile("v1.14")) ==
        "Unschedulable NodeResourcesFit: Insufficient pods, Insufficient cpu");
  CHECK(filter("none", CurrentProfile()) ==
        "Unschedulable NodeResourcesFit: Too many pods");
}

TEST_CASE("NodeResourcesFit: Score is LeastAllocated over cpu and memory") {
  SimulationResult r =
      Run(ScenarioWith(NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}),
                       RunningPod("load", "a", {"1", "3Gi"}, 1),
                       PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  // a: cpu (4-2)/4 -> 50, memory (4-4)/4 -> 0: (50+0)/2 = 25.
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") == 25);
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit") == 75);
  CHECK(NodeName(r, at) == "b");
}

TEST_CASE(
    "NodeResourcesFit: Score counts a node's sidecars as their pods' "
    "requests do; v1.31 counted them as init containers") {
  // v1.31's calculateResource (framework/types.go) summed the regular
  // containers' non-zero requests and took each init container's, a
  // sidecar's too, as a maximum; #127878 (v1.32) counts the pod's requests
  // with NonMissingContainerRequests, sidecars summed.
  Json sidecar = RunningPod("sidecar", "a", {"500m", "1Gi"}, 1);
  sidecar["spec"]["initContainers"] =
      Json::array({{{"name", "proxy"},
                    {"image", "registry.k8s.io/pause:3.10"},
                    {"restartPolicy", "Always"},
                    {"resources", {{"requests", Requests({"500m", "1Gi"})}}}}});
  const std::string scenario =
      ScenarioWith(NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}),
                   sidecar, RunningPod("plain", "b", {"1", "2Gi"}, 1),
                   PendingPod("web", {"1", "1Gi"}, 1));
  SUBCASE("current") {
    SimulationResult r = Run(scenario);
    const Attempt& at = FirstAttempt(r, "web");
    // Both nodes: cpu (4-2)/4 -> 50, memory (4-3)/4 -> 25.
    CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") == 37);
    CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit") == 37);
  }
  SUBCASE("v1.31") {
    SimulationResult r = RunAs("v1.31", scenario);
    const Attempt& at = FirstAttempt(r, "web");
    // a counts 500m and 1Gi for its pod: cpu (4-1.5)/4 -> 62, memory
    // (4-2)/4 -> 50.
    CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") == 56);
    CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit") == 37);
    CHECK(NodeName(r, at) == "a");
  }
}

TEST_CASE(
    "NodeResourcesFit: Score leaves out the pod's own pod-level requests, not "
    "those of the node's pods") {
  // Upstream's LeastAllocated scorer (nodeResourceStrategyTypeMap in
  // fit.go) is built without enablePodLevelResources, so
  // resourceAllocationScorer.calculatePodResourceRequest skips the scored
  // pod's spec.resources; the node's pods count with theirs
  // (PodInfo.CalculateResource), and so does BalancedAllocation.
  Json load = RunningPod("load", "b", {"1", "1Gi"}, 1);
  load["spec"]["resources"]["requests"]["cpu"] = "2";
  load["spec"]["resources"]["requests"]["memory"] = "2Gi";
  Json web = PendingPod("web", {"1", "1Gi"}, 1);
  web["spec"]["resources"]["requests"]["cpu"] = "2";
  web["spec"]["resources"]["requests"]["memory"] = "1536Mi";
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}), load, web));
  const Attempt& at = FirstAttempt(r, "web");
  // a: cpu (4-1)/4 -> 75, memory (4-1)/4 -> 75 (with 2 and 1.5Gi: 56).
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") == 75);
  // b: cpu (4-2-1)/4 -> 25, memory (4-2-1)/4 -> 25.
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit") == 25);
  // BalancedAllocation reads them: cpu 2/4, memory 1.5/4 -> 100 - 6.25,
  // 93, against an empty node's 100: 50 + (50 + 93 - 100) / 2 = 71 (v1.37
  // scores the change).
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesBalancedAllocation") ==
        71);
}

TEST_CASE(
    "NodeResourcesFit: with pod-level requests, a node's pod counts the "
    "defaults only for what it requests nowhere") {
  // getNonMissingContainerRequests (framework/types.go): the second
  // container asks no memory, but the first does, so no 200Mi default.
  Json mixed = RunningPod("mixed", "c", {"1", "1Gi"}, 1);
  mixed["spec"]["containers"].push_back(
      {{"name", "d"},
       {"image", "registry.k8s.io/pause:3.10"},
       {"resources", {{"requests", {{"cpu", "1"}}}}}});
  mixed["spec"]["resources"]["requests"]["cpu"] = "2";
  SimulationResult r =
      Run(ScenarioWith(NodeWith("c", {"4", "4Gi"}), NodeWith("d", {"1", "1Gi"}),
                       mixed, PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  // cpu (4-2-1)/4 -> 25, memory (4-1-1)/4 -> 50 (with 200Mi more: 45).
  CHECK(PluginScoreOf(NodeIn(r, at, "c"), "NodeResourcesFit") == 37);
}

}  // namespace podsim
