#include "core/framework/runtime/framework.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "Framework: pods nominated with equal or higher priority hold their room") {
  Json nominated = PendingPod("big", {"800m"}, 100);
  nominated["status"]["nominatedNodeName"] = "n1";
  nominated["metadata"]["creationTimestamp"] = "2024-01-01T00:00:10Z";
  Json low = PendingPod("low", {"500m"}, 1);
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}), nominated, low));
  // big is bound first (higher priority); then low does not fit.
  CHECK(FirstAttempt(r, "big").outcome == Outcome::kScheduled);
  CHECK(FirstAttempt(r, "low").outcome == Outcome::kUnschedulable);
}

TEST_CASE(
    "Framework: a higher-priority pod ignores lower-priority nominations") {
  Json nominated = PendingPod("low", {"800m"}, 1);
  nominated["status"]["nominatedNodeName"] = "n1";
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}), nominated,
                                        PendingPod("high", {"500m"}, 100)));
  CHECK(r.attempts[0].outcome == Outcome::kScheduled);
  CHECK(r.scenario.pods[r.attempts[0].pod].name == "high");
  CHECK(FirstAttempt(r, "low").message ==
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: "
        "0/1 nodes are available: 1 No preemption victims found for incoming "
        "pod.");
}

TEST_CASE("Framework: a filter the profile disables does not run") {
  Json tainted = NodeWith("n1", {"4"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "gpu"}, {"effect", "NoSchedule"}}});
  Json config = SchedulerPluginsWith(
      {{"filter", {{"disabled", {{{"name", "TaintToleration"}}}}}}});
  SimulationResult r =
      Run(ScenarioWith(config, tainted, PendingPod("web", {"1"}, 1)));
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kScheduled);
  CHECK(r.diagnostics.items().empty());
}

TEST_CASE("Framework: the profile's order decides which failure is reported") {
  Json tainted = NodeWith("n1", {"1"});
  tainted["spec"]["taints"] =
      Json::array({{{"key", "gpu"}, {"effect", "NoSchedule"}}});
  Json big = PendingPod("web", {"2"}, 1);
  SimulationResult by_default = Run(ScenarioWith(tainted, big));
  CHECK(FilterOf(by_default, "web", "n1") ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had "
        "untolerated taint(s)");
  // Enabled at filter, a default plugin runs first there.
  Json config = SchedulerPluginsWith(
      {{"filter", {{"enabled", {{{"name", "NodeResourcesFit"}}}}}}});
  SimulationResult reordered = Run(ScenarioWith(config, tainted, big));
  CHECK(FilterOf(reordered, "web", "n1") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Insufficient cpu");
}

TEST_CASE(
    "Framework: PreFilter ends at a rejection, and otherwise writes the "
    "state of the filters that run") {
  Json spread = Labelled(PendingPod("spread", {"1"}, 1), "web");
  spread["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "kubernetes.io/hostname"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  auto run = [](const std::string& text, const std::string& pod) {
    Scenario s = Run(text).scenario;
    Cluster cluster(s);
    PlaceInputPods(cluster);
    CycleState state(cluster, PodIndex(s, pod));
    RunPreFilterPlugins(state);
    return std::pair{StatusLine(state.prefilter_status()),
                     state.Wrote(Plugin::kPodTopologySpread)};
  };
  CHECK(run(ScenarioWith(NodeWith("n1", {"4"}), spread), "spread") ==
        std::pair{std::string("Success : "), true});
  CHECK(run(ScenarioWith(NodeWith("n1", {"4"}),
                         ClaimWith("other", {"ReadWriteOnce"}),
                         UsingClaims(spread, {"data"})),
            "spread") ==
        std::pair{std::string("UnschedulableAndUnresolvable "
                              "VolumeRestrictions: persistentvolumeclaim "
                              "\"data\" not found"),
                  false});
  // Disabled at filter, the plugin keeps no state.
  CHECK(run(ScenarioWith(
                SchedulerPluginsWith(
                    {{"filter",
                      {{"disabled", {{{"name", "PodTopologySpread"}}}}}}}),
                NodeWith("n1", {"4"}), spread),
            "spread") == std::pair{std::string("Success : "), false});
}

TEST_CASE(
    "Framework: v1.14's predicates run GeneralPredicates' parts together, "
    "then taints") {
  Json node = NodeWith("n1", {"1"});
  node["spec"]["taints"] =
      Json::array({{{"key", "gpu"}, {"effect", "NoSchedule"}}});
  Json ports = Json::array({{{"containerPort", 80}, {"hostPort", 8080}}});
  Json old = RunningPod("old", "n1", {"100m"}, 1);
  old["spec"]["containers"][0]["ports"] = ports;
  Json web = PendingPod("web", {"2"}, 1);
  web["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  web["spec"]["containers"][0]["ports"] = ports;
  Json small = PendingPod("small", {"100m"}, 1);
  Scenario s = Run(ScenarioWith(node, old, web, small)).scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  auto filter = [&](const std::string& pod, const Profile& profile) {
    CycleState state(cluster, PodIndex(s, pod), profile);
    RunPreFilterPlugins(state);
    return StatusLine(RunFilterPlugins(state, NodeIndex(s, "n1")));
  };
  const Profile& v114 = *FindProfile("v1.14");
  CHECK(filter("web", CurrentProfile()) ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had untolerated "
        "taint(s)");
  CHECK(filter("web", v114) ==
        "UnschedulableAndUnresolvable NodeAffinity: Insufficient cpu, node(s) "
        "didn't have free ports for the requested pod ports, node(s) didn't "
        "match node selector");
  CHECK(filter("small", v114) ==
        "UnschedulableAndUnresolvable TaintToleration: node(s) had taints "
        "that the pod didn't tolerate");
}

TEST_CASE(
    "Framework: the nominated-pods pass leaves the cluster and the state as "
    "they were") {
  Json big = PendingPod("big", {"800m"}, 100);
  big["status"]["nominatedNodeName"] = "n1";
  Json far = PendingPod("far", {"100m"}, 100);
  far["metadata"]["labels"] = {{"app", "web"}};
  far["spec"]["affinity"]["podAntiAffinity"]
     ["requiredDuringSchedulingIgnoredDuringExecution"] =
         Json::array({{{"labelSelector", {{"matchLabels", {{"app", "big"}}}}},
                       {"topologyKey", "kubernetes.io/hostname"}}});
  big["metadata"]["labels"] = {{"app", "big"}};
  Scenario s = Run(ScenarioWith(NodeWith("n1", {"1"}), big, far)).scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const ObjectIndex n1 = NodeIndex(s, "n1");
  CycleState state(cluster, PodIndex(s, "far"));
  RunPreFilterPlugins(state);
  // With big nominated there, far's anti-affinity rules n1 out.
  CHECK(StatusLine(RunFiltersWithNominatedPods(state, cluster, n1)) ==
        "Unschedulable InterPodAffinity: node(s) didn't match pod "
        "anti-affinity rules");
  CHECK(cluster.info(n1).pods.empty());
  CHECK(RunFilterPlugins(state, n1).ok());
}

TEST_CASE(
    "Framework: Score leaves out BalancedAllocation for a pod requesting "
    "nothing") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"4"}), NodeWith("b", {"4"}), PendingPod("web", {}, 1)));
  CHECK(FirstAttempt(r, "web").scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit"});
}

TEST_CASE("Framework: Score runs the profile's score plugins and weights") {
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

namespace {

// Two nodes; a holds a pod of app=web, b a bigger pod of another app, so
// that NodeResourcesFit prefers a. The pod web spreads app=web by hostname
// (ScheduleAnyway) and prefers to stay away from app=web pods.
std::string SpreadScenario(Json config) {
  Json web = Labelled(PendingPod("web", {"100m"}, 1), "web");
  web["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "kubernetes.io/hostname"},
                    {"whenUnsatisfiable", "ScheduleAnyway"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  web["spec"]["affinity"]["podAntiAffinity"]
     ["preferredDuringSchedulingIgnoredDuringExecution"] =
         Json::array({{{"weight", 10},
                       {"podAffinityTerm",
                        {{"labelSelector", {{"matchLabels", {{"app", "web"}}}}},
                         {"topologyKey", "kubernetes.io/hostname"}}}}});
  Json list =
      Json::array({NodeWith("a", {"4"}, {{"kubernetes.io/hostname", "a"}}),
                   NodeWith("b", {"4"}, {{"kubernetes.io/hostname", "b"}}),
                   Labelled(RunningPod("web-1", "a", {"100m"}, 1), "web"),
                   Labelled(RunningPod("db-1", "b", {"2"}, 1), "db"), web});
  if (!config.is_null()) list.push_back(std::move(config));
  return list.dump();
}

}  // namespace

TEST_CASE(
    "Framework: Score runs PodTopologySpread and InterPodAffinity, weight 2 "
    "each, in the profile's order") {
  SimulationResult r = Run(SpreadScenario(nullptr));
  const Attempt& at = FirstAttempt(r, "web");
  CHECK(at.scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit",
                                      "PodTopologySpread", "InterPodAffinity",
                                      "NodeResourcesBalancedAllocation"});
  // a holds the one app=web pod: both plugins give it 0 and b 100, doubled.
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "PodTopologySpread") == 0);
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "PodTopologySpread") == 200);
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "InterPodAffinity") == 0);
  CHECK(PluginScoreOf(NodeIn(r, at, "b"), "InterPodAffinity") == 200);
  // They outweigh NodeResourcesFit's preference for the emptier a.
  CHECK(PluginScoreOf(NodeIn(r, at, "a"), "NodeResourcesFit") >
        PluginScoreOf(NodeIn(r, at, "b"), "NodeResourcesFit"));
  CHECK(NodeName(r, at) == "b");
}

TEST_CASE(
    "Framework: a profile disables PodTopologySpread and InterPodAffinity at "
    "score, or weighs them") {
  SimulationResult off = Run(SpreadScenario(
      SchedulerPluginsWith({{"score",
                             {{"disabled",
                               {{{"name", "PodTopologySpread"}},
                                {{"name", "InterPodAffinity"}}}}}}})));
  const Attempt& at = FirstAttempt(off, "web");
  CHECK(at.scored_plugins ==
        std::vector<std::string_view>{"TaintToleration", "NodeResourcesFit",
                                      "NodeResourcesBalancedAllocation"});
  CHECK(NodeName(off, at) == "a");
  SimulationResult weighed = Run(SpreadScenario(SchedulerPluginsWith(
      {{"score",
        {{"enabled", {{{"name", "InterPodAffinity"}, {"weight", 5}}}}}}})));
  const Attempt& w = FirstAttempt(weighed, "web");
  // The entry written at score runs first there (expandMultiPointPlugins).
  CHECK(w.scored_plugins ==
        std::vector<std::string_view>{"InterPodAffinity", "TaintToleration",
                                      "NodeResourcesFit", "PodTopologySpread",
                                      "NodeResourcesBalancedAllocation"});
  CHECK(PluginScoreOf(NodeIn(weighed, w, "b"), "InterPodAffinity") == 500);
  CHECK(PluginScoreOf(NodeIn(weighed, w, "b"), "PodTopologySpread") == 200);
}

}  // namespace podsim
