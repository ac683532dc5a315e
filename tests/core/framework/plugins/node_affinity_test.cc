#include "core/framework/plugins/node_affinity.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("NodeAffinity: Filter checks nodeSelector and required terms") {
  Json pod = PendingPod("web", {"1"}, 1);
  pod["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  Json affine = PendingPod("affine", {"1"}, 1);
  affine["spec"]["affinity"]["nodeAffinity"]
        ["requiredDuringSchedulingIgnoredDuringExecution"] = {
            {"nodeSelectorTerms",
             Json::array({{{"matchExpressions",
                            Json::array({{{"key", "zone"},
                                          {"operator", "In"},
                                          {"values", {"b"}}}})}}})}};
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}, {{"disk", "hdd"}, {"zone", "a"}}), pod, affine));
  CHECK(FilterOf(r, "web", "n1") ==
        "UnschedulableAndUnresolvable NodeAffinity: node(s) didn't match Pod's "
        "node affinity/selector");
  CHECK(FilterOf(r, "affine", "n1") ==
        "UnschedulableAndUnresolvable NodeAffinity: node(s) didn't match Pod's "
        "node affinity/selector");
}

TEST_CASE(
    "NodeAffinity: terms pinned to node names narrow the nodes in "
    "PreFilter") {
  Json pod = PendingPod("web", {"8"}, 1);
  pod["spec"]["affinity"]["nodeAffinity"]
     ["requiredDuringSchedulingIgnoredDuringExecution"] = {
         {"nodeSelectorTerms",
          Json::array(
              {{{"matchFields", Json::array({{{"key", "metadata.name"},
                                              {"operator", "In"},
                                              {"values", {"n1"}}}})}}})}};
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"1"}), NodeWith("n2", {"1"}), pod));
  CHECK(FirstAttempt(r, "web").message ==
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy "
        "plugin(s) [NodeAffinity]. "
        "preemption: 0/2 nodes are available: 2 "
        "Preemption is not helpful for scheduling.");
}

TEST_CASE(
    "NodeAffinity: PreFilter narrows to the nodes every term pins by name, "
    "and rejects terms that pin none") {
  auto pinned = [](const std::string& name, Json terms) {
    Json pod = PendingPod(name, {"1"}, 1);
    pod["spec"]["affinity"]["nodeAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = {
           {"nodeSelectorTerms", std::move(terms)}};
    return pod;
  };
  auto name_in = [](Json names) {
    return Json{{"key", "metadata.name"},
                {"operator", "In"},
                {"values", std::move(names)}};
  };
  Json zone = {{"key", "zone"}, {"operator", "In"}, {"values", {"a"}}};
  Scenario s =
      Run(ScenarioWith(
              NodeWith("n1", {"1"}), NodeWith("n2", {"1"}),
              NodeWith("n3", {"1"}),
              pinned("two",
                     Json::array(
                         {{{"matchFields",
                            Json::array({name_in({"n3", "gone"})})}},
                          {{"matchFields", Json::array({name_in({"n1"})})}}})),
              pinned("none", Json::array({{{"matchFields",
                                            Json::array({name_in({"n1"}),
                                                         name_in({"n2"})})}}})),
              pinned("labels",
                     Json::array(
                         {{{"matchFields", Json::array({name_in({"n1"})})}},
                          {{"matchExpressions", Json::array({zone})}}})),
              PendingPod("free", {"1"}, 1)))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  auto prefilter = [&](const std::string& pod,
                       std::optional<std::vector<ObjectIndex>>& nodes) {
    CycleState state(cluster, PodIndex(s, pod));
    return StatusLine(PreFilterNodeAffinity(state, nodes));
  };
  std::optional<std::vector<ObjectIndex>> nodes;
  CHECK(prefilter("two", nodes) == "Success : ");
  CHECK(nodes == std::vector<ObjectIndex>{0, 2});
  nodes.reset();
  CHECK(prefilter("none", nodes) ==
        "UnschedulableAndUnresolvable NodeAffinity: pod affinity terms "
        "conflict");
  for (const char* pod : {"labels", "free"}) {
    CAPTURE(pod);
    nodes.reset();
    CHECK(prefilter(pod, nodes) == "Success : ");
    CHECK_FALSE(nodes.has_value());
  }
}

TEST_CASE(
    "NodeAffinity: Score adds the weights of the preferred terms a node "
    "matches, normalized, times 2") {
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

}  // namespace podsim
