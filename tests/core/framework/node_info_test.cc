#include "core/framework/node_info.h"

#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
using namespace testing;
namespace {

using Indices = std::vector<ObjectIndex>;

// The scenario of objects, as decoded (and admitted) for a run.
Scenario ScenarioOf(const std::string& text) { return Run(text).scenario; }

ObjectIndex PodNamed(const Scenario& s, const std::string& name) {
  for (const Pod& p : s.pods) {
    if (p.name == name) return p.index;
  }
  FAIL("no pod " << name);
  return -1;
}

}  // namespace

TEST_CASE("Cluster: nodes start empty and are found by name") {
  Scenario s =
      ScenarioOf(ScenarioWith(NodeWith("n1", {"2"}), NodeWith("n2", {"2"}),
                              RunningPod("a", "n1", {"1"}, 0)));
  Cluster cluster(s);
  CHECK(cluster.num_nodes() == 2);
  CHECK(cluster.FindNode("n1") == 0);
  CHECK(cluster.FindNode("n2") == 1);
  CHECK(cluster.FindNode("n3") == kNoNode);
  CHECK(cluster.info(1).node == 1);
  CHECK(cluster.info(0).pods.empty());
  CHECK(cluster.info(0).requested.Get(kCpu) == 0);
  // The cluster binds nothing itself: the scheduler binds the input's pods.
  CHECK(cluster.NodeOf(PodNamed(s, "a")) == kNoNode);
  CHECK(cluster.version(0) != cluster.version(1));
}

TEST_CASE("Cluster: Bind and Delete change the node's sums and version") {
  Scenario s = ScenarioOf(
      ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
                   PendingPod("a", {"1", "1Gi"}, 0),
                   PendingPod("b", {"500m"}, 0), PendingPod("bare", {}, 0)));
  Cluster cluster(s);
  const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b"),
                    bare = PodNamed(s, "bare");
  const uint64_t v0 = cluster.version(0), v1 = cluster.version(1);

  cluster.Bind(a, 0);
  cluster.Bind(b, 0);
  cluster.Bind(bare, 0);
  const NodeInfo& info = cluster.info(0);
  CHECK(info.pods == Indices{a, b, bare});
  CHECK(info.requested.Get(kCpu) == 1500);
  CHECK(info.requested.Get(kMemory) == int64_t{1} << 30);
  // A request not given counts 100m of cpu or 200Mi of memory for scoring.
  CHECK(info.nonzero_cpu == 1600);
  CHECK(info.nonzero_memory == (int64_t{1} << 30) + (int64_t{400} << 20));
  CHECK(cluster.NodeOf(a) == 0);
  const uint64_t bound = cluster.version(0);
  CHECK(bound != v0);
  CHECK(cluster.version(1) == v1);

  cluster.Delete(a);
  // NodeInfo.RemovePod: the last pod takes the removed one's place.
  CHECK(info.pods == Indices{bare, b});
  CHECK(info.requested.Get(kCpu) == 500);
  CHECK(info.requested.Get(kMemory) == 0);
  CHECK(info.nonzero_cpu == 600);
  CHECK(cluster.NodeOf(a) == kNoNode);
  const uint64_t deleted = cluster.version(0);
  CHECK(deleted != bound);

  SUBCASE("deleting a pod on no node changes nothing") {
    cluster.Delete(a);
    CHECK(cluster.version(0) == deleted);
    CHECK(info.pods == Indices{bare, b});
  }
}

TEST_CASE(
    "Cluster: a pod whose deletion starts moves to the end of its node's "
    "pods, the last one taking its place, as the scheduler cache's update "
    "does") {
  Scenario s = ScenarioOf(
      ScenarioWith(NodeWith("n1", {"4"}), PendingPod("a", {"1"}, 0),
                   PendingPod("b", {"1"}, 0), PendingPod("c", {"1"}, 0),
                   PendingPod("d", {"1"}, 0)));
  Cluster cluster(s);
  const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b"),
                    c = PodNamed(s, "c"), d = PodNamed(s, "d");
  for (ObjectIndex p : {a, b, c, d}) cluster.Bind(p, 0);
  const uint64_t version = cluster.version(0);
  cluster.MarkPreempted(b);
  CHECK(cluster.info(0).pods == Indices{a, d, c, b});
  CHECK(cluster.version(0) != version);
  cluster.MarkTerminating(a);
  CHECK(cluster.info(0).pods == Indices{b, d, c, a});
  cluster.Delete(b);
  CHECK(cluster.info(0).pods == Indices{a, d, c});
}

TEST_CASE(
    "Cluster: a pod leaving at once leaves the order at once, and later "
    "updates and binds pass it by") {
  Scenario s = ScenarioOf(
      ScenarioWith(NodeWith("n1", {"8"}), PendingPod("a", {"1"}, 0),
                   PendingPod("b", {"1"}, 0), PendingPod("c", {"1"}, 0),
                   PendingPod("d", {"1"}, 0), PendingPod("e", {"1"}, 0),
                   PendingPod("f", {"1"}, 0), PendingPod("g", {"1"}, 0)));
  Cluster cluster(s);
  const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b"),
                    c = PodNamed(s, "c"), d = PodNamed(s, "d"),
                    e = PodNamed(s, "e"), f = PodNamed(s, "f"),
                    g = PodNamed(s, "g");
  for (ObjectIndex p : {a, b, c, d, e, f}) cluster.Bind(p, 0);
  // b has no grace period: upstream removes it (f takes its place) before
  // d's update, which then swaps d with e, not with b.
  cluster.MarkPreempted(b);
  cluster.LeavesAtOnce(b);
  cluster.MarkPreempted(d);
  cluster.Bind(g, 0);
  CHECK(cluster.info(0).requested.Get(kCpu) == 7000);
  cluster.Delete(b);
  CHECK(cluster.info(0).pods == Indices{a, f, c, e, d, g});
}

TEST_CASE("Cluster: the informer lists pods by namespace, then name") {
  Pod a, b;
  a.ns = "team";
  a.name = "z";
  b.ns = "team-b";
  b.name = "a";
  CHECK(ListedBefore(a, b));
  b.ns = "team";
  CHECK(ListedBefore(b, a));
  CHECK_FALSE(ListedBefore(a, a));
}

TEST_CASE("Cluster: tentative changes move the sums, never the version") {
  Scenario s = ScenarioOf(
      ScenarioWith(NodeWith("n1", {"4"}), PendingPod("a", {"1"}, 0),
                   PendingPod("b", {"2"}, 0), PendingPod("c", {"3"}, 0)));
  Cluster cluster(s);
  const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b"),
                    c = PodNamed(s, "c");
  cluster.Bind(a, 0);
  cluster.Bind(b, 0);
  cluster.Bind(c, 0);
  const uint64_t version = cluster.version(0);
  cluster.RemovePod(a);
  CHECK(cluster.info(0).requested.Get(kCpu) == 5000);
  CHECK(cluster.NodeOf(a) == kNoNode);
  cluster.RemovePod(b);
  cluster.AddPod(a, 0);
  cluster.AddPod(b, 0);
  CHECK(cluster.info(0).requested.Get(kCpu) == 6000);
  CHECK(cluster.info(0).pods == Indices{c, a, b});
  CHECK(cluster.version(0) == version);

  cluster.RestoreOrder(0, {a, b, c});
  CHECK(cluster.info(0).pods == Indices{a, b, c});
  CHECK(cluster.version(0) == version);
}

TEST_CASE("Cluster: nominations keep their order and move both versions") {
  Scenario s = ScenarioOf(
      ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
                   PendingPod("a", {"1"}, 0), PendingPod("b", {"1"}, 0)));
  Cluster cluster(s);
  const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b");
  uint64_t v0 = cluster.version(0), v1 = cluster.version(1);

  cluster.Nominate(b, 0);
  cluster.Nominate(a, 0);
  CHECK(cluster.NominatedPods(0) == Indices{b, a});
  CHECK(cluster.NominatedNodeOf(a) == 0);
  CHECK(cluster.version(0) != v0);
  CHECK(cluster.version(1) == v1);

  v0 = cluster.version(0);
  cluster.Nominate(b, 1);
  CHECK(cluster.NominatedPods(0) == Indices{a});
  CHECK(cluster.NominatedPods(1) == Indices{b});
  CHECK(cluster.version(0) != v0);
  CHECK(cluster.version(1) != v1);

  v1 = cluster.version(1);
  cluster.Nominate(b, kNoNode);
  CHECK(cluster.NominatedPods(1).empty());
  CHECK(cluster.NominatedNodeOf(b) == kNoNode);
  CHECK(cluster.version(1) != v1);
  // The nominated pods' requests are not the node's.
  CHECK(cluster.info(0).requested.Get(kCpu) == 0);
}

TEST_CASE("Cluster: terminating and preempted pods") {
  Json deleting = RunningPod("deleting", "n1", {"1"}, 0);
  deleting["metadata"]["deletionTimestamp"] = "2024-05-01T08:00:00Z";
  Json preempted = RunningPod("preempted", "n1", {"1"}, 0);
  preempted["status"]["conditions"] =
      Json::array({{{"type", "DisruptionTarget"},
                    {"status", "True"},
                    {"reason", "PreemptionByScheduler"}}});
  Scenario s = ScenarioOf(ScenarioWith(
      NodeWith("n1", {"8"}), deleting, preempted,
      RunningPod("a", "n1", {"1"}, 0), RunningPod("b", "n1", {"1"}, 0),
      PendingPod("pending", {"1"}, 0)));
  Cluster cluster(s);
  SUBCASE("as the input says") {
    CHECK(cluster.Terminating(PodNamed(s, "deleting")));
    CHECK_FALSE(cluster.PreemptedByScheduler(PodNamed(s, "deleting")));
    CHECK(cluster.PreemptedByScheduler(PodNamed(s, "preempted")));
    CHECK_FALSE(cluster.Terminating(PodNamed(s, "a")));
  }
  SUBCASE("marked: a bound pod's node moves on") {
    const ObjectIndex a = PodNamed(s, "a"), b = PodNamed(s, "b");
    cluster.Bind(a, 0);
    cluster.Bind(b, 0);
    uint64_t version = cluster.version(0);
    cluster.MarkPreempted(a);
    CHECK(cluster.Terminating(a));
    CHECK(cluster.PreemptedByScheduler(a));
    CHECK(cluster.version(0) != version);
    version = cluster.version(0);
    cluster.MarkTerminating(b);
    CHECK(cluster.Terminating(b));
    CHECK_FALSE(cluster.PreemptedByScheduler(b));
    CHECK(cluster.version(0) != version);
    // A terminating pod keeps its room until deleted.
    CHECK(cluster.info(0).requested.Get(kCpu) == 2000);
  }
  SUBCASE("marked: a pod on no node moves no version") {
    const uint64_t version = cluster.version(0);
    cluster.MarkTerminating(PodNamed(s, "pending"));
    CHECK(cluster.Terminating(PodNamed(s, "pending")));
    CHECK(cluster.version(0) == version);
  }
}

TEST_CASE("Cluster: pods by label, pods created later included") {
  Json anti = Labelled(PendingPod("anti", {"1"}, 0), "db");
  anti["spec"]["affinity"]["podAntiAffinity"]
      ["requiredDuringSchedulingIgnoredDuringExecution"] =
          Json::array({{{"labelSelector", {{"matchLabels", {{"app", "db"}}}}},
                        {"topologyKey", "kubernetes.io/hostname"}}});
  Scenario s = ScenarioOf(ScenarioWith(
      NodeWith("n1", {"8"}), Labelled(PendingPod("w1", {"1"}, 0), "web"), anti,
      Labelled(PendingPod("w2", {"1"}, 0), "web"),
      PendingPod("plain", {"1"}, 0)));
  Cluster cluster(s);
  const ObjectIndex w1 = PodNamed(s, "w1"), w2 = PodNamed(s, "w2");
  CHECK(cluster.PodsWithAntiAffinity() == Indices{PodNamed(s, "anti")});
  CHECK(cluster.PodsLabelled("app", "web") == Indices{w1, w2});
  CHECK(cluster.PodsLabelled("app", "db") == Indices{PodNamed(s, "anti")});
  CHECK(cluster.PodsLabelled("app", "none").empty());
  CHECK(cluster.PodsLabelled("tier", "web").empty());

  // A controller appends a pod: an indexed key takes it in at once, a key
  // indexed later finds it too.
  Pod created = s.pods[w1];
  created.name = "w3";
  created.index = static_cast<ObjectIndex>(s.pods.size());
  s.pods.push_back(created);
  cluster.AddCreatedPod(created.index);
  CHECK(cluster.PodsLabelled("app", "web") == Indices{w1, w2, created.index});
  CHECK(cluster.NodeOf(created.index) == kNoNode);
  CHECK(cluster.NominatedNodeOf(created.index) == kNoNode);
  CHECK_FALSE(cluster.Terminating(created.index));
}

}  // namespace podsim
