#include "core/framework/runtime/node_cache.h"

#include <string>
#include <vector>

#include "core/framework/runtime/framework.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;
namespace {

ObjectIndex PodNamed(const Scenario& s, const std::string& name) {
  for (const Pod& p : s.pods) {
    if (p.name == name) return p.index;
  }
  FAIL("no pod " << name);
  return -1;
}

Json WithSpec(Json pod, const std::string& field, Json value) {
  pod["spec"][field] = std::move(value);
  return pod;
}

}  // namespace

TEST_CASE("NodeCache: alike pods share one entry per node, sized per node") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"1"}), NodeWith("n2", {"1"}),
                       NodeWith("n3", {"1"}), PendingPod("a", {"2"}, 5),
                       PendingPod("b", {"2"}, 5)))
          .scenario;
  Cluster cluster(s);
  NodeCache cache;
  CycleState a(cluster, PodNamed(s, "a"));
  RunPreFilterPlugins(a);
  CycleState b(cluster, PodNamed(s, "b"));
  RunPreFilterPlugins(b);
  NodeCache::Shape* shape = cache.For(a, cluster);
  REQUIRE(shape != nullptr);
  CHECK(shape->filter_version == std::vector<uint64_t>{0, 0, 0});
  CHECK(shape->dry_version == std::vector<uint64_t>{0, 0, 0});
  CHECK(shape->filter.size() == 3);
  CHECK(shape->dry.size() == 3);
  shape->filter_version[1] = cluster.version(1);
  CHECK(cache.For(a, cluster) == shape);
  CHECK(cache.For(b, cluster) == shape);
  // What is stored stays.
  CHECK(shape->filter_version[1] == cluster.version(1));
}

TEST_CASE(
    "NodeCache: pods that Filter or the dry run tell apart do not share") {
  const Json base =
      WithSpec(PendingPod("base", {"1", "1Gi"}, 5), "tolerations",
               Json::array({{{"key", "gpu"}, {"operator", "Exists"}}}));
  struct Row {
    std::string name;
    Json pod;
  };
  const std::vector<Row> rows = {
      {"priority", PendingPod("other", {"1", "1Gi"}, 6)},
      {"a request", PendingPod("other", {"1", "2Gi"}, 5)},
      {"the node selector", WithSpec(PendingPod("other", {"1", "1Gi"}, 5),
                                     "nodeSelector", {{"disk", "ssd"}})},
      {"no toleration", PendingPod("other", {"1", "1Gi"}, 5)},
      {"a toleration's key",
       WithSpec(PendingPod("other", {"1", "1Gi"}, 5), "tolerations",
                Json::array({{{"key", "spot"}, {"operator", "Exists"}}}))},
      {"a toleration's value",
       WithSpec(
           PendingPod("other", {"1", "1Gi"}, 5), "tolerations",
           Json::array(
               {{{"key", "gpu"}, {"operator", "Equal"}, {"value", "yes"}}}))},
      {"a toleration's effect",
       WithSpec(PendingPod("other", {"1", "1Gi"}, 5), "tolerations",
                Json::array({{{"key", "gpu"},
                              {"operator", "Exists"},
                              {"effect", "NoSchedule"}}}))},
      {"required node affinity",
       WithSpec(
           PendingPod("other", {"1", "1Gi"}, 5), "affinity",
           {{"nodeAffinity",
             {{"requiredDuringSchedulingIgnoredDuringExecution",
               {{"nodeSelectorTerms",
                 Json::array({{{"matchExpressions",
                                Json::array({{{"key", "zone"},
                                              {"operator", "In"},
                                              {"values", {"a"}}}})}}})}}}}}})},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Json other = row.pod;
    // Everything else alike: the base's priority and toleration.
    if (row.name != "priority") other["spec"]["priority"] = 5;
    if (row.name.find("toleration") == std::string::npos) {
      other["spec"]["tolerations"] = base["spec"]["tolerations"];
    }
    Scenario s =
        Run(ScenarioWith(NodeWith("n1", {"1"}, {{"zone", "b"}}), base, other))
            .scenario;
    Cluster cluster(s);
    NodeCache cache;
    CycleState first(cluster, PodNamed(s, "base"));
    RunPreFilterPlugins(first);
    CycleState second(cluster, PodNamed(s, "other"));
    RunPreFilterPlugins(second);
    NodeCache::Shape* a = cache.For(first, cluster);
    NodeCache::Shape* b = cache.For(second, cluster);
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(a != b);
  }
  SUBCASE("a host port") {
    Json with_port = PendingPod("other", {"1", "1Gi"}, 5);
    with_port["spec"]["tolerations"] = base["spec"]["tolerations"];
    with_port["spec"]["containers"][0]["ports"] =
        Json::array({{{"containerPort", 80}, {"hostPort", 8080}}});
    Scenario s =
        Run(ScenarioWith(NodeWith("n1", {"1"}), base, with_port)).scenario;
    Cluster cluster(s);
    NodeCache cache;
    CycleState first(cluster, PodNamed(s, "base"));
    RunPreFilterPlugins(first);
    CycleState second(cluster, PodNamed(s, "other"));
    RunPreFilterPlugins(second);
    CHECK(cache.For(first, cluster) != cache.For(second, cluster));
  }
}

TEST_CASE(
    "NodeCache: pods whose results depend on other nodes are not cached") {
  Json spread = Labelled(PendingPod("spread", {"1"}, 0), "web");
  spread["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "kubernetes.io/hostname"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  Json anti = Labelled(PendingPod("anti", {"1"}, 0), "db");
  anti["spec"]["affinity"]["podAntiAffinity"]
      ["requiredDuringSchedulingIgnoredDuringExecution"] =
          Json::array({{{"labelSelector", {{"matchLabels", {{"app", "db"}}}}},
                        {"topologyKey", "kubernetes.io/hostname"}}});
  Json pinned = PendingPod("pinned", {"1"}, 0);
  pinned["spec"]["affinity"]["nodeAffinity"]
        ["requiredDuringSchedulingIgnoredDuringExecution"] = {
            {"nodeSelectorTerms",
             Json::array(
                 {{{"matchFields", Json::array({{{"key", "metadata.name"},
                                                 {"operator", "In"},
                                                 {"values", {"n1"}}}})}}})}};
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"1"}), NodeWith("n2", {"1"}), spread,
                       anti, pinned, PendingPod("plain", {"1"}, 0)))
          .scenario;
  Cluster cluster(s);
  NodeCache cache;
  for (const std::string name : {"spread", "anti", "pinned"}) {
    CAPTURE(name);
    CycleState state(cluster, PodNamed(s, name));
    RunPreFilterPlugins(state);
    CHECK(cache.For(state, cluster) == nullptr);
  }
  CycleState plain(cluster, PodNamed(s, "plain"));
  RunPreFilterPlugins(plain);
  CHECK(cache.For(plain, cluster) != nullptr);
}

TEST_CASE("NodeCache: a node's change invalidates what alike pods saw") {
  // Three alike pods for two cores on n1: the first two fit, and the third
  // must see n1 full, not the first one's cached fit.
  SimulationResult r =
      Run(ScenarioWith(NodeWith("n1", {"2"}), PendingPod("a", {"1"}, 0),
                       PendingPod("b", {"1"}, 0), PendingPod("c", {"1"}, 0)));
  CHECK(Outcomes(r) == std::vector<std::string>{"a Scheduled n1",
                                                "b Scheduled n1",
                                                "c Unschedulable"});
  CHECK(FilterOf(r, "c", "n1") ==
        "Unschedulable NodeResourcesFit: Insufficient cpu");
}

TEST_CASE("NodeCache: a cached dry run is what recomputation gives") {
  // Alike preemptors dry-run the same nodes. Without detail the second
  // reads the first's dry runs of the nodes that did not change; a detailed
  // run recomputes every one. Both must decide alike.
  const std::string text = ScenarioWith(
      NodeWith("n1", {"2"}), NodeWith("n2", {"2"}), NodeWith("n3", {"2"}),
      RunningPod("low1", "n1", {"2"}, 0), RunningPod("low2", "n2", {"2"}, 1),
      RunningPod("low3", "n3", {"2"}, 2), PendingPod("high1", {"2"}, 10),
      PendingPod("high2", {"2"}, 10));
  SimulateOptions fast;
  fast.detail_budget = 0;
  SimulationResult cached = Simulate(text, fast);
  SimulationResult detailed = Simulate(text);
  REQUIRE_FALSE(cached.attempts.front().detailed);
  REQUIRE(detailed.attempts.front().detailed);
  CHECK(Outcomes(cached) == Outcomes(detailed));
  REQUIRE(cached.attempts.size() == detailed.attempts.size());
  for (size_t i = 0; i < cached.attempts.size(); ++i) {
    CAPTURE(i);
    CHECK(VictimNames(cached, cached.attempts[i]) ==
          VictimNames(detailed, detailed.attempts[i]));
  }
  // The lowest victims first: high1 takes n1, high2 (n1 now changed) n2.
  CHECK(VictimNames(cached, FirstAttempt(cached, "high1")) ==
        std::vector<std::string>{"low1"});
  CHECK(VictimNames(cached, FirstAttempt(cached, "high2")) ==
        std::vector<std::string>{"low2"});
}

}  // namespace podsim
