#include "core/framework/plugins/scoring.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
int64_t PluginScoreOf(const NodeResult& n, std::string_view plugin) {
  for (const PluginScore& p : n.score->plugins) {
    if (p.plugin == plugin) return p.score;
  }
  return -1;
}
}  // namespace

TEST_CASE(
    "Scoring: LeastAllocated and BalancedAllocation follow the upstream "
    "formulas") {
  SimulationResult r =
      Run(ScenarioWith(NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}),
                       RunningPod("load", "a", {"1", "3Gi"}, 1),
                       PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  const NodeResult& a = NodeIn(r, at, "a");
  const NodeResult& b = NodeIn(r, at, "b");
  // a: cpu (4-2)/4 -> 50, memory (4-4)/4 -> 0: (50+0)/2 = 25.
  CHECK(PluginScoreOf(a, "NodeResourcesFit") == 25);
  // a: fractions 0.5 and 1.0 -> std 0.25 -> 75. b: 0.25 and 0.25 -> 100.
  CHECK(PluginScoreOf(a, "NodeResourcesBalancedAllocation") == 75);
  CHECK(PluginScoreOf(b, "NodeResourcesBalancedAllocation") == 100);
  CHECK(PluginScoreOf(b, "NodeResourcesFit") == 75);
  CHECK(NodeName(r, at) == "b");
}

TEST_CASE(
    "Scoring: untolerated PreferNoSchedule taints count against a node, weight "
    "3") {
  Json soft = NodeWith("soft", {"4"});
  soft["spec"]["taints"] =
      Json::array({{{"key", "spot"}, {"effect", "PreferNoSchedule"}}});
  SimulationResult r = Run(ScenarioWith(soft, NodeWith("plain", {"4"}),
                                        PendingPod("web", {"1"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  CHECK(PluginScoreOf(NodeIn(r, at, "soft"), "TaintToleration") == 0);
  CHECK(PluginScoreOf(NodeIn(r, at, "plain"), "TaintToleration") == 300);
  CHECK(NodeName(r, at) == "plain");
}

TEST_CASE(
    "Scoring: preferred node affinity adds its normalized weight, times 2") {
  Json pod = PendingPod("web", {"1"}, 1);
  pod["spec"]["affinity"]["nodeAffinity"]
     ["preferredDuringSchedulingIgnoredDuringExecution"] = Json::array(
         {{{"weight", 30},
           {"preference",
            {{"matchExpressions", Json::array({{{"key", "disk"},
                                                {"operator", "In"},
                                                {"values", {"ssd"}}}})}}}}});
  SimulationResult r =
      Run(ScenarioWith(NodeWith("hdd", {"4"}, {{"disk", "hdd"}}),
                       NodeWith("ssd", {"4"}, {{"disk", "ssd"}}), pod));
  const Attempt& at = FirstAttempt(r, "web");
  CHECK(PluginScoreOf(NodeIn(r, at, "ssd"), "NodeAffinity") == 200);
  CHECK(PluginScoreOf(NodeIn(r, at, "hdd"), "NodeAffinity") == 0);
  CHECK(NodeName(r, at) == "ssd");
}

TEST_CASE("Scoring: a pod requesting nothing skips BalancedAllocation") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"4"}), NodeWith("b", {"4"}), PendingPod("web", {}, 1)));
  CHECK(FirstAttempt(r, "web").scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit"});
}

TEST_CASE("Scoring: the profile's score plugins and weights") {
  Json config = SchedulerPluginsWith(
      {{"multiPoint",
        {{"enabled", {{{"name", "NodeResourcesFit"}, {"weight", 4}}}}}},
       {"score",
        {{"disabled", {{{"name", "NodeResourcesBalancedAllocation"}}}}}}});
  SimulationResult r = Run(ScenarioWith(
      config, NodeWith("a", {"4", "4Gi"}), NodeWith("b", {"4", "4Gi"}),
      RunningPod("load", "a", {"1", "3Gi"}, 1),
      PendingPod("web", {"1", "1Gi"}, 1)));
  const Attempt& at = FirstAttempt(r, "web");
  CHECK(at.scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit"});
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") == 4 * 25);
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit") == 4 * 75);
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesBalancedAllocation") ==
        -1);
}

}  // namespace podsim
