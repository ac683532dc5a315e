#include "core/framework/plugins/node_ports.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "NodePorts: Filter finds host port conflicts by protocol and address") {
  auto with_port = [](Json pod, int port, const std::string& protocol,
                      const std::string& ip) {
    pod["spec"]["containers"][0]["ports"] =
        Json::array({{{"containerPort", 80},
                      {"hostPort", port},
                      {"protocol", protocol},
                      {"hostIP", ip}}});
    return pod;
  };
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}),
      with_port(RunningPod("old", "n1", {"1"}, 1), 8080, "TCP", "10.0.0.1"),
      with_port(PendingPod("same", {"1"}, 1), 8080, "TCP", ""),
      with_port(PendingPod("udp", {"1"}, 1), 8080, "UDP", ""),
      with_port(PendingPod("other-ip", {"1"}, 1), 8080, "TCP", "10.0.0.2")));
  CHECK(FilterOf(r, "same", "n1") ==
        "Unschedulable NodePorts: node(s) didn't have free ports for the "
        "requested pod ports");
  CHECK(FirstAttempt(r, "udp").outcome == Outcome::kScheduled);
  CHECK(FirstAttempt(r, "other-ip").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "NodePorts: Filter adds its reason to an earlier failure, keeping that "
    "failure's code and plugin (GeneralPredicates)") {
  Json web = PendingPod("web", {"1"}, 1);
  web["spec"]["containers"][0]["ports"] =
      Json::array({{{"containerPort", 80}, {"hostPort", 8080}}});
  Json old = RunningPod("old", "n1", {"1"}, 1);
  old["spec"]["containers"][0]["ports"] = web["spec"]["containers"][0]["ports"];
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"4"}), old, web))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  CycleState state(cluster, PodIndex(s, "web"));
  Status free;
  FilterNodePorts(state, NodeIndex(s, "n2"), free);
  CHECK(free.ok());
  Status alone;
  FilterNodePorts(state, NodeIndex(s, "n1"), alone);
  CHECK(StatusLine(alone) ==
        "Unschedulable NodePorts: node(s) didn't have free ports for the "
        "requested pod ports");
  Status after = Status::Make(Code::kUnschedulableAndUnresolvable,
                              "NodeResourcesFit", "Insufficient cpu");
  FilterNodePorts(state, NodeIndex(s, "n1"), after);
  CHECK(StatusLine(after) ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Insufficient cpu, "
        "node(s) didn't have free ports for the requested pod ports");
}

}  // namespace podsim
