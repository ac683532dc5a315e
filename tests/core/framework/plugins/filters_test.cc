#include "core/framework/plugins/filters.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "Filters: NodeUnschedulable rejects cordoned nodes unless tolerated") {
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

TEST_CASE(
    "Filters: TaintToleration rejects untolerated NoSchedule and NoExecute "
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

TEST_CASE("Filters: NodeAffinity checks nodeSelector and required terms") {
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
    "Filters: NodeAffinity terms pinned to node names narrow the nodes in "
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
        "no new claims to deallocate, preemption: 0/2 nodes are available: 2 "
        "Preemption is not helpful for scheduling.");
}

TEST_CASE(
    "Filters: NodePorts finds host port conflicts by protocol and address") {
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
    "Filters: NodeResourcesFit lists every shortage; beyond allocatable is "
    "unresolvable") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"2", "2Gi", "1"}),
      RunningPod("old", "n1", {"1", "1Gi"}, 1),
      PendingPod("web", {"1500m", "1500Mi"}, 1), PendingPod("huge", {"3"}, 1)));
  CHECK(FilterOf(r, "web", "n1") ==
        "Unschedulable NodeResourcesFit: Too many pods, Insufficient cpu, "
        "Insufficient memory");
  CHECK(FilterOf(r, "huge", "n1") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Too many pods, "
        "Insufficient cpu");
}

TEST_CASE("Filters: extended resources are checked like cpu") {
  Json node = NodeWith("n1", {"4"});
  node["status"]["allocatable"]["nvidia.com/gpu"] = "1";
  Json pod = PendingPod("train", {"1"}, 1);
  pod["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = 2;
  SimulationResult r = Run(ScenarioWith(node, pod));
  CHECK(FilterOf(r, "train", "n1") ==
        "UnschedulableAndUnresolvable NodeResourcesFit: Insufficient "
        "nvidia.com/gpu");
}

TEST_CASE("Filters: PodTopologySpread counts matching pods per domain") {
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
    "Filters: InterPodAffinity checks affinity, anti-affinity, then existing "
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
    "Filters: InterPodAffinity finds the pods its own terms match through "
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

TEST_CASE("Filters: the first pod of a self-affine group may go anywhere") {
  Json first = PendingPod("first", {"100m"}, 1);
  first["metadata"]["labels"] = {{"app", "cache"}};
  first["spec"]["affinity"]["podAffinity"]
       ["requiredDuringSchedulingIgnoredDuringExecution"] = Json::array(
           {{{"labelSelector", {{"matchLabels", {{"app", "cache"}}}}},
             {"topologyKey", "kubernetes.io/hostname"}}});
  SimulationResult r = Run(ScenarioWith(NodeWith("a", {"4"}), first));
  CHECK(FirstAttempt(r, "first").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Filters: pods nominated with equal or higher priority hold their room") {
  Json nominated = PendingPod("big", {"800m"}, 100);
  nominated["status"]["nominatedNodeName"] = "n1";
  nominated["metadata"]["creationTimestamp"] = "2024-01-01T00:00:10Z";
  Json low = PendingPod("low", {"500m"}, 1);
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}), nominated, low));
  // big is bound first (higher priority); then low does not fit.
  CHECK(FirstAttempt(r, "big").outcome == Outcome::kScheduled);
  CHECK(FirstAttempt(r, "low").outcome == Outcome::kUnschedulable);
}

TEST_CASE("Filters: a higher-priority pod ignores lower-priority nominations") {
  Json nominated = PendingPod("low", {"800m"}, 1);
  nominated["status"]["nominatedNodeName"] = "n1";
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"1"}), nominated,
                                        PendingPod("high", {"500m"}, 100)));
  CHECK(r.attempts[0].outcome == Outcome::kScheduled);
  CHECK(r.scenario.pods[r.attempts[0].pod].name == "high");
  CHECK(FirstAttempt(r, "low").message ==
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to "
        "deallocate, preemption: "
        "0/1 nodes are available: 1 No preemption victims found for incoming "
        "pod.");
}

TEST_CASE("Filters: PredicateName gives v1.14's name for a failed filter") {
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

TEST_CASE(
    "Filters: VolumeRestrictions rejects every node while a ReadWriteOncePod "
    "claim is in use") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
      ClaimWith("solo", {"ReadWriteOncePod"}),
      ClaimWith("shared", {"ReadWriteOnce"}),
      UsingClaims(RunningPod("holder", "n1", {"1"}, 100), {"solo", "shared"}),
      UsingClaims(PendingPod("web", {"1"}, 100), {"solo"}),
      UsingClaims(PendingPod("reader", {"1"}, 100), {"shared"})));
  for (const char* node : {"n1", "n2"}) {
    CHECK(FilterOf(r, "web", node) ==
          "Unschedulable VolumeRestrictions: node(s) unavailable due to "
          "PersistentVolumeClaim with ReadWriteOncePod access mode already "
          "in-use by another pod");
  }
  // ReadWriteOnce is the node's business (the kubelet's), not the
  // scheduler's.
  CHECK(FirstAttempt(r, "reader").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Filters: a claim the input lacks is rejected at PreFilter, with "
    "upstream's text") {
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}), ClaimWith("other", {"ReadWriteOnce"}),
                   UsingClaims(PendingPod("web", {"1"}, 100), {"data"})));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(FilterOf(r, "web", "n1") ==
        "UnschedulableAndUnresolvable VolumeRestrictions: "
        "persistentvolumeclaim \"data\" not found");
  CHECK(a.message ==
        "0/1 nodes are available: persistentvolumeclaim \"data\" not found. "
        "no new claims to deallocate, preemption: 0/1 nodes are available: 1 "
        "Preemption is not helpful for scheduling.");
  SUBCASE(
      "VolumeBinding's PreFilter rejects it when VolumeRestrictions is off") {
    SimulationResult off = Run(ScenarioWith(
        SchedulerPluginsWith(
            {{"multiPoint",
              {{"disabled", {{{"name", "VolumeRestrictions"}}}}}}}),
        NodeWith("n1", {"4"}), ClaimWith("other", {"ReadWriteOnce"}),
        UsingClaims(PendingPod("web", {"1"}, 100), {"data"})));
    CHECK(FilterOf(off, "web", "n1") ==
          "UnschedulableAndUnresolvable VolumeBinding: "
          "persistentvolumeclaim \"data\" not found");
  }
}

TEST_CASE("Filters: a filter the profile disables does not run") {
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

TEST_CASE("Filters: the profile's order decides which failure is reported") {
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

}  // namespace podsim
