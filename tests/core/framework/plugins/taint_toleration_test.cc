#include "core/framework/plugins/taint_toleration.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "TaintToleration: Filter rejects untolerated NoSchedule and NoExecute "
    "taints only") {
  Json tainted = NodeWith("n1", {"1"});
  tainted["spec"]["taints"] = Json::array(
      {{{"key", "gpu"}, {"value", "yes"}, {"effect", "NoSchedule"}}});
  Json soft = NodeWith("n2", {"1"});
  soft["spec"]["taints"] =
      Json::array({{{"key", "spot"}, {"effect", "PreferNoSchedule"}}});
  SimulationResult r =
      Run(ScenarioWith(tainted, soft, PendingPod("web", {"1"}, 1)));
  CHECK(FilterOf(r, "web", "n1") ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had untolerated "
        "taint(s)");
  CHECK(NodeName(r, FirstAttempt(r, "web")) == "n2");
}

TEST_CASE(
    "TaintToleration: Filter names the first untolerated NoSchedule or "
    "NoExecute taint before #134740") {
  Json tainted = NodeWith("n1", {"1"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "spot"}, {"effect", "PreferNoSchedule"}},
                   {{"key", "gpu"}, {"value", "yes"}, {"effect", "NoExecute"}},
                   {{"key", "disk"}, {"effect", "NoSchedule"}}});
  Json gpu = PendingPod("gpu", {"1"}, 1);
  gpu["spec"]["tolerations"] =
      Json::array({{{"key", "gpu"}, {"operator", "Exists"}}});
  Scenario s =
      Run(ScenarioWith(tainted, PendingPod("web", {"1"}, 1), gpu)).scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  auto filter = [&](const std::string& pod, const Profile& profile) {
    CycleState state(cluster, PodIndex(s, pod), profile);
    Status status;
    FilterTaintToleration(state, NodeIndex(s, "n1"), status);
    return StatusLine(status);
  };
  const Profile& v131 = *FindProfile("v1.31");
  CHECK(filter("web", v131) ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had untolerated "
        "taint {gpu: yes}");
  CHECK(filter("gpu", v131) ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had untolerated "
        "taint {disk: }");
  CHECK(filter("web", CurrentProfile()) ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had untolerated "
        "taint(s)");
  CHECK(FirstUntoleratedTaint(s.pods[PodIndex(s, "gpu")], s.nodes[0])->key ==
        "disk");
}

TEST_CASE(
    "TaintToleration: Score counts untolerated PreferNoSchedule taints "
    "against a node, weight 3") {
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

}  // namespace podsim
