#include "core/framework/runtime/predicates.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("Predicates: PredicateName gives v1.14's name for a failed filter") {
  const FilterReasons& reasons = FindProfile("v1.14")->reasons;
  Json cordoned = NodeWith("cordoned", {"4"});
  cordoned["spec"]["unschedulable"] = true;
  Json tainted = NodeWith("tainted", {"4"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "k"}, {"effect", "NoSchedule"}}});
  Json small = NodeWith("small", {"1"});
  Json web = PendingPod("web", {"2"}, 1);
  web["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  Json ssd = NodeWith("ssd", {"4"}, {{"disk", "ssd"}});
  Json picky = PendingPod("picky", {"2"}, 1);
  picky["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  SimulationResult r =
      RunAs("v1.14", ScenarioWith(cordoned, tainted, small, web));
  auto name = [&](const std::string& node) {
    return PredicateName(NodeIn(r, FirstAttempt(r, "web"), node).filter,
                         reasons);
  };
  CHECK(name("cordoned") == "CheckNodeUnschedulable");
  // GeneralPredicates runs before taints, and reports its parts together.
  CHECK(name("tainted") == "PodMatchNodeSelector");
  CHECK(name("small") == "PodFitsResources, PodMatchNodeSelector");
  SimulationResult ok = RunAs("v1.14", ScenarioWith(ssd, tainted, picky));
  CHECK(PredicateName(NodeIn(ok, FirstAttempt(ok, "picky"), "ssd").filter,
                      reasons) == "");
  Json tolerant_selector = PendingPod("t", {"1"}, 1);
  SimulationResult t = RunAs("v1.14", ScenarioWith(tainted, tolerant_selector));
  CHECK(PredicateName(NodeIn(t, FirstAttempt(t, "t"), "tainted").filter,
                      reasons) == "PodToleratesNodeTaints");
}

TEST_CASE("Predicates: v1.14's order, GeneralPredicates' parts together") {
  std::vector<std::string> names;
  for (const Predicate& p : Predicates()) {
    names.push_back(std::string(NameOf(p.plugin)) + (p.general ? "*" : ""));
  }
  CHECK(names == std::vector<std::string>{
                     "NodeUnschedulable", "NodeResourcesFit*", "NodePorts*",
                     "NodeAffinity*", "TaintToleration", "VolumeRestrictions",
                     "PodTopologySpread", "InterPodAffinity"});
}

}  // namespace podsim
