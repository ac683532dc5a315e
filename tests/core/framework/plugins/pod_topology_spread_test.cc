#include "core/framework/plugins/pod_topology_spread.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("PodTopologySpread: Filter counts matching pods per domain") {
  auto spread = [](Json pod) {
    pod["metadata"]["labels"] = {{"app", "web"}};
    pod["spec"]["topologySpreadConstraints"] =
        Json::array({{{"maxSkew", 1},
                      {"topologyKey", "zone"},
                      {"whenUnsatisfiable", "DoNotSchedule"},
                      {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
    return pod;
  };
  Json labelled = RunningPod("a1", "a", {"100m"}, 1);
  labelled["metadata"]["labels"] = {{"app", "web"}};
  SimulationResult r = Run(
      ScenarioWith(NodeWith("a", {"4"}, {{"zone", "za"}}),
                   NodeWith("b", {"4"}, {{"zone", "zb"}}), NodeWith("c", {"4"}),
                   labelled, spread(PendingPod("web", {"100m"}, 1))));
  CHECK(FilterOf(r, "web", "a") ==
        "Unschedulable PodTopologySpread: node(s) didn't match pod topology "
        "spread constraints");
  CHECK(FilterOf(r, "web", "c") ==
        "UnschedulableAndUnresolvable PodTopologySpread: node(s) didn't match "
        "pod topology spread "
        "constraints (missing required label)");
  CHECK(NodeName(r, FirstAttempt(r, "web")) == "b");
}

TEST_CASE(
    "PodTopologySpread: AddPod and RemovePod move a matching pod's count "
    "between domains") {
  Json web = Labelled(PendingPod("web", {"100m"}, 1), "web");
  web["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "zone"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  Json elsewhere = Labelled(RunningPod("elsewhere", "b", {"100m"}, 1), "web");
  elsewhere["metadata"]["namespace"] = "other";
  Scenario s =
      Run(ScenarioWith(NodeWith("a", {"4"}, {{"zone", "za"}}),
                       NodeWith("b", {"4"}, {{"zone", "zb"}}),
                       Labelled(RunningPod("a1", "a", {"100m"}, 1), "web"),
                       elsewhere, web, PendingPod("plain", {"1"}, 1)))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const ObjectIndex a = NodeIndex(s, "a"), b = NodeIndex(s, "b");
  const ObjectIndex a1 = PodIndex(s, "a1");
  CycleState state(cluster, PodIndex(s, "web"));
  PreFilterPodTopologySpread(state);
  REQUIRE(state.Wrote(Plugin::kPodTopologySpread));
  auto fits = [&](ObjectIndex n) {
    Status status;
    FilterPodTopologySpread(state, n, status);
    return status.ok();
  };
  // za holds a1, zb nothing of web's namespace: only zb keeps the skew.
  CHECK_FALSE(fits(a));
  CHECK(fits(b));
  UpdatePodTopologySpread(state, a1, a, -1);
  CHECK(fits(a));
  UpdatePodTopologySpread(state, a1, b, +1);
  CHECK(fits(a));
  CHECK_FALSE(fits(b));
  // Another namespace's pod does not count.
  UpdatePodTopologySpread(state, PodIndex(s, "elsewhere"), a, +1);
  CHECK(fits(a));
  // No DoNotSchedule constraint, or a profile before the plugin (v1.16):
  // nothing to keep (Skip).
  CycleState plain(cluster, PodIndex(s, "plain"));
  PreFilterPodTopologySpread(plain);
  CHECK_FALSE(plain.Wrote(Plugin::kPodTopologySpread));
  CycleState old(cluster, PodIndex(s, "web"), *FindProfile("v1.14"));
  PreFilterPodTopologySpread(old);
  CHECK_FALSE(old.Wrote(Plugin::kPodTopologySpread));
}

}  // namespace podsim
