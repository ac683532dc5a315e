#include "core/framework/plugins/node_unschedulable.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("NodeUnschedulable: rejects cordoned nodes unless tolerated") {
  Json cordoned = NodeWith("n1", {"1"});
  cordoned["spec"]["unschedulable"] = true;
  Json tolerant = PendingPod("tolerant", {"1"}, 1);
  tolerant["spec"]["tolerations"] =
      Json::array({{{"key", "node.kubernetes.io/unschedulable"},
                    {"operator", "Exists"},
                    {"effect", "NoSchedule"}}});
  SimulationResult r =
      Run(ScenarioWith(cordoned, PendingPod("web", {"1"}, 1), tolerant));
  CHECK(FilterOf(r, "web", "n1") ==
        "UnschedulableAndUnresolvable NodeUnschedulable: node(s) were "
        "unschedulable");
  CHECK(FirstAttempt(r, "tolerant").outcome == Outcome::kScheduled);
}

TEST_CASE("NodeUnschedulable: Filter passes a node that is not cordoned") {
  Json cordoned = NodeWith("cordoned", {"1"});
  cordoned["spec"]["unschedulable"] = true;
  Scenario s = Run(ScenarioWith(cordoned, NodeWith("open", {"1"}),
                                PendingPod("web", {"1"}, 1)))
                   .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  CycleState state(cluster, PodIndex(s, "web"), *FindProfile("v1.14"));
  Status open;
  FilterNodeUnschedulable(state, NodeIndex(s, "open"), open);
  CHECK(open.ok());
  Status closed;
  FilterNodeUnschedulable(state, NodeIndex(s, "cordoned"), closed);
  CHECK(StatusLine(closed) ==
        "UnschedulableAndUnresolvable NodeUnschedulable: node(s) were "
        "unschedulable");
}

}  // namespace podsim
