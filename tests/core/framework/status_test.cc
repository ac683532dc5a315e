#include "core/framework/status.h"

#include "tests/builders.h"

namespace podsim {

TEST_CASE("FitError: counts reasons per node and sorts the parts as strings") {
  NodeToStatus statuses(12);
  for (int n = 0; n < 10; ++n) {
    statuses.Set(n, Status::Make(Code::kUnschedulable, "NodeResourcesFit",
                                 "Insufficient cpu"));
  }
  statuses.Set(
      10, Status::Make(Code::kUnschedulableAndUnresolvable, "TaintToleration",
                       "node(s) had untolerated taint(s)"));
  statuses.Set(
      11, Status::Make(Code::kUnschedulableAndUnresolvable, "TaintToleration",
                       "node(s) had untolerated taint(s)"));
  // "10 ..." sorts before "2 ...", as Go's sort.Strings does.
  CHECK(FitErrorMessage(statuses, "", "") ==
        "0/12 nodes are available: 10 Insufficient cpu, 2 node(s) had "
        "untolerated taint(s).");
}

TEST_CASE("FitError: absent nodes count under the absent status") {
  NodeToStatus statuses(
      3, Status::Make(Code::kUnschedulableAndUnresolvable, "",
                      "Preemption is not helpful for scheduling"));
  statuses.Set(
      1, Status::Make(Code::kUnschedulableAndUnresolvable, "DefaultPreemption",
                      "No preemption victims found for incoming pod"));
  CHECK(FitErrorMessage(statuses, "", "") ==
        "0/3 nodes are available: 1 No preemption victims found for incoming "
        "pod, 2 Preemption is "
        "not helpful for scheduling.");
}

TEST_CASE(
    "FitError: a PreFilter message replaces the node list; PostFilter is "
    "appended") {
  NodeToStatus statuses(2);
  CHECK(FitErrorMessage(statuses, "pod affinity terms conflict",
                        "preemption: x") ==
        "0/2 nodes are available: pod affinity terms conflict. preemption: x");
}

TEST_CASE(
    "Status: Reject makes it the plugin's failure, its reason after any "
    "earlier") {
  Status status;
  status.Reject(Code::kUnschedulable, "NodePorts", "ports");
  CHECK(status.code() == Code::kUnschedulable);
  CHECK(status.plugin() == "NodePorts");
  CHECK(status.Message() == "ports");
  status.Reject(Code::kUnschedulableAndUnresolvable, "NodeAffinity",
                "selector");
  CHECK(status.code() == Code::kUnschedulableAndUnresolvable);
  CHECK(status.plugin() == "NodeAffinity");
  CHECK(status.Message() == "ports, selector");
}

}  // namespace podsim
