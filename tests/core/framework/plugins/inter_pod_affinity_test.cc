#include "core/framework/plugins/inter_pod_affinity.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "InterPodAffinity: Filter checks affinity, anti-affinity, then existing "
    "anti-affinity") {
  Json db = RunningPod("db", "a", {"100m"}, 1);
  db["metadata"]["labels"] = {{"app", "db"}};
  Json term = {{"labelSelector", {{"matchLabels", {{"app", "db"}}}}},
               {"topologyKey", "kubernetes.io/hostname"}};
  Json near = PendingPod("near", {"100m"}, 1);
  near["spec"]["affinity"]["podAffinity"]
      ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array({term});
  Json far = PendingPod("far", {"100m"}, 1);
  far["spec"]["affinity"]["podAntiAffinity"]
     ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array({term});
  Json loner = RunningPod("loner", "b", {"100m"}, 1);
  loner["spec"]["affinity"]["podAntiAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] =
           Json::array({{{"labelSelector", {{"matchLabels", {{"app", "web"}}}}},
                         {"topologyKey", "kubernetes.io/hostname"}}});
  Json web = PendingPod("web", {"100m"}, 1);
  web["metadata"]["labels"] = {{"app", "web"}};
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"4"}), NodeWith("b", {"4"}), db, loner, near, far, web));
  CHECK(FilterOf(r, "near", "b") ==
        "UnschedulableAndUnresolvable InterPodAffinity: node(s) didn't match "
        "pod affinity rules");
  CHECK(FilterOf(r, "far", "a") ==
        "Unschedulable InterPodAffinity: node(s) didn't match pod "
        "anti-affinity rules");
  CHECK(FilterOf(r, "web", "b") ==
        "Unschedulable InterPodAffinity: node(s) didn't satisfy existing pods "
        "anti-affinity rules");
  CHECK(NodeName(r, FirstAttempt(r, "near")) == "a");
  CHECK(NodeName(r, FirstAttempt(r, "far")) == "b");
}

TEST_CASE(
    "InterPodAffinity: PreFilter finds the pods its own terms match through "
    "In requirements, and looks at every pod otherwise") {
  auto labelled = [](Json pod, Json labels) {
    pod["metadata"]["labels"] = std::move(labels);
    return pod;
  };
  auto expression = [](const std::string& op, Json values) {
    Json e = {{"key", "app"}, {"operator", op}};
    if (!values.is_null()) e["values"] = std::move(values);
    return e;
  };
  auto term = [](Json expressions) {
    return Json{
        {"labelSelector", {{"matchExpressions", std::move(expressions)}}},
        {"topologyKey", "kubernetes.io/hostname"}};
  };
  // In with two values: the pods of either value count, no other.
  Json picky = PendingPod("picky", {"100m"}, 1);
  picky["spec"]["affinity"]["podAntiAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array({term(
           Json::array({expression("In", Json::array({"web", "api"}))}))});
  // Exists has no value to look up: every pod is looked at.
  Json choosy = PendingPod("choosy", {"100m"}, 1);
  choosy["spec"]["affinity"]["podAntiAffinity"]
        ["requiredDuringSchedulingIgnoredDuringExecution"] =
            Json::array({term(Json::array({expression("Exists", nullptr)}))});
  // Affinity counts a pod matching every term: In finds web and db, NotIn
  // then drops web.
  Json affine = PendingPod("affine", {"100m"}, 1);
  affine["spec"]["affinity"]["podAffinity"]
        ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array(
            {term(Json::array({expression("In", Json::array({"db", "web"}))})),
             term(Json::array({expression("NotIn", Json::array({"web"}))}))});
  SimulationResult r = Run(ScenarioWith(
      NodeWith("a", {"4"}), NodeWith("b", {"4"}), NodeWith("c", {"4"}),
      NodeWith("d", {"4"}),
      labelled(RunningPod("x", "a", {"100m"}, 1), {{"app", "web"}}),
      labelled(RunningPod("y", "b", {"100m"}, 1), {{"app", "api"}}),
      labelled(RunningPod("z", "c", {"100m"}, 1), {{"app", "db"}}),
      labelled(RunningPod("w", "d", {"100m"}, 1), {{"tier", "front"}}), picky,
      choosy, affine));
  const std::string anti =
      "Unschedulable InterPodAffinity: node(s) didn't match pod "
      "anti-affinity rules";
  const std::string affinity =
      "UnschedulableAndUnresolvable InterPodAffinity: node(s) didn't match "
      "pod affinity rules";
  CHECK(FilterOf(r, "picky", "a") == anti);
  CHECK(FilterOf(r, "picky", "b") == anti);
  CHECK(FilterOf(r, "picky", "c") == "Success : ");
  CHECK(FilterOf(r, "picky", "d") == "Success : ");
  CHECK(FilterOf(r, "choosy", "a") == anti);
  CHECK(FilterOf(r, "choosy", "c") == anti);
  CHECK(FilterOf(r, "choosy", "d") == "Success : ");
  CHECK(FilterOf(r, "affine", "a") == affinity);
  CHECK(FilterOf(r, "affine", "c") == "Success : ");
  CHECK(FilterOf(r, "affine", "d") == affinity);
  CHECK(NodeName(r, FirstAttempt(r, "affine")) == "c");
}

TEST_CASE(
    "InterPodAffinity: the first pod of a self-affine group may go anywhere") {
  Json first = PendingPod("first", {"100m"}, 1);
  first["metadata"]["labels"] = {{"app", "cache"}};
  first["spec"]["affinity"]["podAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array(
           {{{"labelSelector", {{"matchLabels", {{"app", "cache"}}}}},
             {"topologyKey", "kubernetes.io/hostname"}}});
  SimulationResult r = Run(ScenarioWith(NodeWith("a", {"4"}), first));
  CHECK(FirstAttempt(r, "first").outcome == Outcome::kScheduled);
}

namespace {

// A required (anti-)affinity term towards app=<app> pods, by zone.
Json ZoneTerm(const std::string& app) {
  return Json::array({{{"labelSelector", {{"matchLabels", {{"app", app}}}}},
                       {"topologyKey", "zone"}}});
}

}  // namespace

TEST_CASE(
    "InterPodAffinity: AddPod and RemovePod count a pod in and out of its "
    "domain, for the pod's terms and for the placed pod's") {
  Json far = PendingPod("far", {"100m"}, 1);
  far["spec"]["affinity"]["podAntiAffinity"]
     ["requiredDuringSchedulingIgnoredDuringExecution"] = ZoneTerm("db");
  Json loner = RunningPod("loner", "b", {"100m"}, 1);
  loner["spec"]["affinity"]["podAntiAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = ZoneTerm("web");
  Scenario s =
      Run(ScenarioWith(NodeWith("a", {"4"}, {{"zone", "za"}}),
                       NodeWith("b", {"4"}, {{"zone", "zb"}}),
                       Labelled(RunningPod("db", "a", {"100m"}, 1), "db"),
                       loner, far,
                       Labelled(PendingPod("web", {"100m"}, 1), "web"),
                       PendingPod("plain", {"100m"}, 1)))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const ObjectIndex a = NodeIndex(s, "a"), b = NodeIndex(s, "b");
  auto filter = [&](const CycleState& state, ObjectIndex n) {
    Status status;
    FilterInterPodAffinity(state, n, status);
    return StatusLine(status);
  };
  const std::string anti =
      "Unschedulable InterPodAffinity: node(s) didn't match pod "
      "anti-affinity rules";
  CycleState state(cluster, PodIndex(s, "far"));
  PreFilterInterPodAffinity(state);
  REQUIRE(state.Wrote(Plugin::kInterPodAffinity));
  CHECK(filter(state, a) == anti);
  CHECK(filter(state, b) == "Success : ");
  UpdateInterPodAffinity(state, PodIndex(s, "db"), a, -1);
  CHECK(filter(state, a) == "Success : ");
  UpdateInterPodAffinity(state, PodIndex(s, "db"), b, +1);
  CHECK(filter(state, b) == anti);

  CycleState web(cluster, PodIndex(s, "web"));
  PreFilterInterPodAffinity(web);
  REQUIRE(web.Wrote(Plugin::kInterPodAffinity));
  CHECK(filter(web, b) ==
        "Unschedulable InterPodAffinity: node(s) didn't satisfy existing pods "
        "anti-affinity rules");
  UpdateInterPodAffinity(web, PodIndex(s, "loner"), b, -1);
  CHECK(filter(web, b) == "Success : ");

  // No terms of its own and no placed pod's against it: Skip.
  CycleState plain(cluster, PodIndex(s, "plain"));
  PreFilterInterPodAffinity(plain);
  CHECK_FALSE(plain.Wrote(Plugin::kInterPodAffinity));
}

TEST_CASE(
    "InterPodAffinity: v1.14 checks placed pods' anti-affinity first, under "
    "an umbrella reason") {
  Json loner = RunningPod("loner", "b", {"100m"}, 1);
  loner["spec"]["affinity"]["podAntiAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = ZoneTerm("web");
  Json near = Labelled(PendingPod("near", {"100m"}, 1), "web");
  near["spec"]["affinity"]["podAffinity"]
      ["requiredDuringSchedulingIgnoredDuringExecution"] = ZoneTerm("db");
  Scenario s =
      Run(ScenarioWith(NodeWith("a", {"4"}, {{"zone", "za"}}),
                       NodeWith("b", {"4"}, {{"zone", "zb"}}),
                       Labelled(RunningPod("db", "a", {"100m"}, 1), "db"),
                       loner, near))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  auto filter = [&](const Profile& profile) {
    CycleState state(cluster, PodIndex(s, "near"), profile);
    PreFilterInterPodAffinity(state);
    Status status;
    FilterInterPodAffinity(state, NodeIndex(s, "b"), status);
    return StatusLine(status);
  };
  CHECK(filter(CurrentProfile()) ==
        "UnschedulableAndUnresolvable InterPodAffinity: node(s) didn't match "
        "pod affinity rules");
  CHECK(filter(*FindProfile("v1.14")) ==
        "Unschedulable InterPodAffinity: node(s) didn't match pod "
        "affinity/anti-affinity, node(s) didn't satisfy existing pods "
        "anti-affinity rules");
}

}  // namespace podsim
