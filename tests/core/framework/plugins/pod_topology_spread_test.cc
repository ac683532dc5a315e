#include "core/framework/plugins/pod_topology_spread.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("PodTopologySpread: Filter counts matching pods per domain") {
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
    "PodTopologySpread: AddPod and RemovePod move a matching pod's count "
    "between domains") {
  Json web = Labelled(PendingPod("web", {"100m"}, 1), "web");
  web["spec"]["topologySpreadConstraints"] =
      Json::array({{{"maxSkew", 1},
                    {"topologyKey", "zone"},
                    {"whenUnsatisfiable", "DoNotSchedule"},
                    {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  Json elsewhere = Labelled(RunningPod("elsewhere", "b", {"100m"}, 1), "web");
  elsewhere["metadata"]["namespace"] = "other";
  Scenario s =
      Run(ScenarioWith(NodeWith("a", {"4"}, {{"zone", "za"}}),
                       NodeWith("b", {"4"}, {{"zone", "zb"}}),
                       Labelled(RunningPod("a1", "a", {"100m"}, 1), "web"),
                       elsewhere, web, PendingPod("plain", {"1"}, 1)))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const ObjectIndex a = NodeIndex(s, "a"), b = NodeIndex(s, "b");
  const ObjectIndex a1 = PodIndex(s, "a1");
  CycleState state(cluster, PodIndex(s, "web"));
  PreFilterPodTopologySpread(state);
  REQUIRE(state.Wrote(Plugin::kPodTopologySpread));
  auto fits = [&](ObjectIndex n) {
    Status status;
    FilterPodTopologySpread(state, n, status);
    return status.ok();
  };
  // za holds a1, zb nothing of web's namespace: only zb keeps the skew.
  CHECK_FALSE(fits(a));
  CHECK(fits(b));
  UpdatePodTopologySpread(state, a1, a, -1);
  CHECK(fits(a));
  UpdatePodTopologySpread(state, a1, b, +1);
  CHECK(fits(a));
  CHECK_FALSE(fits(b));
  // Another namespace's pod does not count.
  UpdatePodTopologySpread(state, PodIndex(s, "elsewhere"), a, +1);
  CHECK(fits(a));
  // No DoNotSchedule constraint, or a profile before the plugin (v1.16):
  // nothing to keep (Skip).
  CycleState plain(cluster, PodIndex(s, "plain"));
  PreFilterPodTopologySpread(plain);
  CHECK_FALSE(plain.Wrote(Plugin::kPodTopologySpread));
  CycleState old(cluster, PodIndex(s, "web"), *FindProfile("v1.14"));
  PreFilterPodTopologySpread(old);
  CHECK_FALSE(old.Wrote(Plugin::kPodTopologySpread));
}

namespace {

// One row of upstream's TestPodTopologySpreadScore
// (podtopologyspread/scoring_test.go): the pod "p" scored on nodes, the
// feasible ones in order, with failed in the cluster but not feasible.
struct SpreadScoreCase {
  std::string name;
  Json pod;
  std::vector<Json> existing;
  std::vector<Json> nodes;
  std::vector<Json> failed = {};
  std::vector<Json> objects = {};
  std::vector<int64_t> want;
};

Json LabelledNode(const std::string& name, Json labels) {
  return NodeWith(name, {"4"}, std::move(labels));
}
Json HostNode(const std::string& name) {
  return LabelledNode(name, {{"kubernetes.io/hostname", name}});
}
Json ZoneNode(const std::string& name, const std::string& zone) {
  return LabelledNode(name, {{"zone", zone}, {"kubernetes.io/hostname", name}});
}
// A pod placed on node with labels (by default foo="").
Json Placed(const std::string& name, const std::string& node,
            Json labels = {{"foo", ""}}) {
  Json pod = RunningPod(name, node, {"100m"}, 1);
  pod["metadata"]["labels"] = std::move(labels);
  return pod;
}
Json Exists(const std::string& key) {
  return {{"matchExpressions",
           Json::array({{{"key", key}, {"operator", "Exists"}}})}};
}
// st.MakePod().SpreadConstraint(maxSkew, key, ScheduleAnyway, selector).
Json Soft(int max_skew, const std::string& key, Json selector) {
  Json c = {{"maxSkew", max_skew},
            {"topologyKey", key},
            {"whenUnsatisfiable", "ScheduleAnyway"}};
  if (!selector.is_null()) c["labelSelector"] = std::move(selector);
  return c;
}
// The pod "p" with labels and constraints.
Json Incoming(Json labels, Json constraints) {
  Json pod = PendingPod("p", {"100m"}, 1);
  pod["metadata"]["labels"] = std::move(labels);
  if (!constraints.empty()) {
    pod["spec"]["topologySpreadConstraints"] = std::move(constraints);
  }
  return pod;
}

// Returns PodTopologySpread's normalized scores of "p" on c.nodes, or
// nullopt when its PreScore skips.
std::optional<std::vector<int64_t>> SpreadScores(const SpreadScoreCase& c) {
  Json list = Json::array();
  for (const auto* group : {&c.nodes, &c.failed, &c.existing, &c.objects}) {
    for (const Json& o : *group) list.push_back(o);
  }
  list.push_back(c.pod);
  return PreScoredScores(list, c.nodes, ScorePodTopologySpread);
}

}  // namespace

TEST_CASE(
    "PodTopologySpread: Score reproduces upstream's "
    "TestPodTopologySpreadScore") {
  const Json foo = Exists("foo"), bar = Exists("bar");
  const Json foo_labels = {{"foo", ""}};
  const Json foo_bar = {{"foo", ""}, {"bar", ""}};
  const Json node_foo = Json::array({Soft(1, "kubernetes.io/hostname", foo)});
  Json taint = LabelledNode("node-c", {{"node", "node-c"}});
  taint["spec"]["taints"] =
      Json::array({{{"key", "node.kubernetes.io/unschedulable"},
                    {"effect", "NoSchedule"}}});
  Json honor_taints = Soft(1, "node", foo);
  honor_taints["nodeTaintsPolicy"] = "Honor";
  Json ignore_affinity = Soft(1, "node", foo);
  ignore_affinity["nodeAffinityPolicy"] = "Ignore";
  Json selector_pod = Incoming(foo_labels, Json::array({Soft(1, "node", foo)}));
  selector_pod["spec"]["nodeSelector"] = {{"foo", ""}};
  Json ignoring_pod = Incoming(foo_labels, Json::array({ignore_affinity}));
  ignoring_pod["spec"]["nodeSelector"] = {{"foo", ""}};
  const std::vector<Json> policy_nodes = {
      LabelledNode("node-a", {{"node", "node-a"}, {"foo", ""}}),
      LabelledNode("node-b", {{"node", "node-b"}, {"foo", ""}}),
      LabelledNode("node-c", {{"node", "node-c"}})};
  const std::vector<Json> policy_pods = {
      Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
      Placed("p-b1", "node-b"), Placed("p-c1", "node-c")};
  Json terminating = Placed("p-a", "node-a");
  terminating["metadata"]["deletionTimestamp"] = "2024-05-01T08:00:00Z";
  Json other_ns = Placed("p-a1", "node-a");
  other_ns["metadata"]["namespace"] = "ns1";
  // matchLabelKeys over an empty labelSelector, and over a non-empty one.
  Json keys_zone = Soft(1, "zone", Json::object());
  keys_zone["matchLabelKeys"] = {"foo"};
  Json keys_host = Soft(1, "kubernetes.io/hostname", Json::object());
  keys_host["matchLabelKeys"] = {"bar"};
  Json keys_bar = Soft(1, "kubernetes.io/hostname", bar);
  keys_bar["matchLabelKeys"] = {"baz"};
  const std::vector<Json> four_zones = {
      ZoneNode("node-a", "zone1"), ZoneNode("node-b", "zone1"),
      ZoneNode("node-c", "zone2"), ZoneNode("node-d", "zone2")};
  // Upstream's service selecting foo="" becomes a ReplicaSet here: podsim
  // reads no Services.
  Json replica_set = {
      {"apiVersion", "apps/v1"},
      {"kind", "ReplicaSet"},
      {"metadata", {{"name", "rs"}, {"namespace", "default"}}},
      {"spec",
       {{"replicas", 1}, {"selector", {{"matchLabels", {{"foo", ""}}}}}}}};
  Json owned = Incoming(foo_labels, Json::array());
  owned["metadata"]["ownerReferences"] =
      Json::array({{{"apiVersion", "apps/v1"},
                    {"kind", "ReplicaSet"},
                    {"name", "rs"},
                    {"uid", "rs"},
                    {"controller", true}}});
  const std::vector<SpreadScoreCase> cases = {
      {.name = "one constraint on node, no existing pods",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {100, 100}},
      {.name = "one constraint on node, only one node is candidate",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b")},
       .nodes = {HostNode("node-a")},
       .failed = {HostNode("node-b")},
       .want = {100}},
      {.name = "one constraint on node, all nodes have the same number of "
               "matching pods",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {Placed("p-a1", "node-a"), Placed("p-b1", "node-b")},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {100, 100}},
      {.name = "one constraint on node, all 4 nodes are candidates",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-d1", "node-d"),
                    Placed("p-d2", "node-d"), Placed("p-d3", "node-d")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-c"),
                 HostNode("node-d")},
       .want = {20, 60, 100, 0}},
      {.name = "one constraint on node, null selector",
       .pod = Incoming(foo_labels,
                       Json::array({Soft(1, "kubernetes.io/hostname", {})})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-d1", "node-d"),
                    Placed("p-d2", "node-d"), Placed("p-d3", "node-d")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-c"),
                 HostNode("node-d")},
       .want = {100, 100, 100, 100}},
      {.name = "one constraint on node, all 4 nodes are candidates, maxSkew=2",
       .pod = Incoming(foo_labels,
                       Json::array({Soft(2, "kubernetes.io/hostname", foo)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-d1", "node-d"),
                    Placed("p-d2", "node-d"), Placed("p-d3", "node-d")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-c"),
                 HostNode("node-d")},
       .want = {33, 66, 100, 16}},
      {.name = "one constraint on node, all 4 nodes are candidates, maxSkew=3",
       .pod = Incoming(foo_labels,
                       Json::array({Soft(3, "kubernetes.io/hostname", foo)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-a3", "node-a"), Placed("p-a4", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b"),
                    Placed("p-b3", "node-b"), Placed("p-c1", "node-c"),
                    Placed("p-c2", "node-c"), Placed("p-d1", "node-d")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-c"),
                 HostNode("node-d")},
       .want = {44, 66, 77, 100}},
      {.name = "system defaulting, nodes don't have zone, pods match the "
               "ReplicaSet",
       .pod = owned,
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-a3", "node-a"), Placed("p-a4", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b"),
                    Placed("p-b3", "node-b"), Placed("p-c1", "node-c"),
                    Placed("p-c2", "node-c"), Placed("p-d1", "node-d")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-c"),
                 HostNode("node-d")},
       .objects = {replica_set},
       .want = {44, 66, 77, 100}},
      {.name = "one constraint on node, 3 out of 4 nodes are candidates",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-a3", "node-a"), Placed("p-a4", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b"),
                    Placed("p-x1", "node-x"), Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y"), Placed("p-y3", "node-y")},
       .nodes = {HostNode("node-a"), HostNode("node-b"), HostNode("node-x")},
       .failed = {HostNode("node-y")},
       .want = {33, 83, 100}},
      // podsim labels every node with its hostname, as the kubelet does:
      // the key here is "node".
      {.name = "one constraint on node, 3 out of 4 nodes are candidates, one "
               "node doesn't match topology key",
       .pod = Incoming(foo_labels, Json::array({Soft(1, "node", foo)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-a3", "node-a"), Placed("p-a4", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b"),
                    Placed("p-x1", "node-x"), Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y"), Placed("p-y3", "node-y")},
       .nodes = {LabelledNode("node-a", {{"node", "node-a"}}),
                 LabelledNode("node-b", {{"n", "node-b"}}),
                 LabelledNode("node-x", {{"node", "node-x"}})},
       .failed = {LabelledNode("node-y", {{"node", "node-y"}})},
       .want = {16, 0, 100}},
      {.name = "one constraint on zone, 3 out of 4 nodes are candidates",
       .pod = Incoming(foo_labels, Json::array({Soft(1, "zone", foo)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-a3", "node-a"), Placed("p-a4", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b"),
                    Placed("p-x1", "node-x"), Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y"), Placed("p-y3", "node-y")},
       .nodes = {ZoneNode("node-a", "zone1"), ZoneNode("node-b", "zone1"),
                 ZoneNode("node-x", "zone2")},
       .failed = {ZoneNode("node-y", "zone2")},
       .want = {75, 75, 100}},
      {.name = "two Constraints on zone and node, 2 out of 4 nodes are "
               "candidates",
       .pod = Incoming(foo_labels,
                       Json::array({Soft(1, "zone", foo),
                                    Soft(1, "kubernetes.io/hostname", foo)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-x1", "node-x"),
                    Placed("p-x2", "node-x"), Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y"), Placed("p-y3", "node-y"),
                    Placed("p-y4", "node-y")},
       .nodes = {ZoneNode("node-a", "zone1"), ZoneNode("node-x", "zone2")},
       .failed = {ZoneNode("node-b", "zone1"), ZoneNode("node-y", "zone2")},
       .want = {100, 63}},
      {.name = "two Constraints on zone, 2 out of 4 nodes are candidates",
       .pod = Incoming(
           foo_bar, Json::array({Soft(1, "zone", foo), Soft(1, "zone", bar)})),
       .existing = {Placed("p-a1", "node-a", foo_bar), Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b", foo_bar), Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y", foo_bar),
                    Placed("p-y3", "node-y")},
       .nodes = {LabelledNode("node-a", {{"zone", "zone1"}}),
                 LabelledNode("node-x", {{"zone", "zone2"}})},
       .failed = {LabelledNode("node-b", {{"zone", "zone1"}}),
                  LabelledNode("node-y", {{"zone", "zone2"}})},
       .want = {85, 100}},
      {.name =
           "two Constraints on zone and node, with different labelSelectors",
       .pod = Incoming(foo_bar,
                       Json::array({Soft(1, "zone", foo),
                                    Soft(1, "kubernetes.io/hostname", bar)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-b1", "node-b", foo_bar),
                    Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y", {{"bar", ""}})},
       .nodes = {ZoneNode("node-a", "zone1"), ZoneNode("node-b", "zone1"),
                 ZoneNode("node-x", "zone2"), ZoneNode("node-y", "zone2")},
       .want = {60, 20, 100, 60}},
      {.name =
           "two Constraints on zone and node, with different labelSelectors, "
           "some nodes have 0 pods",
       .pod = Incoming(foo_bar,
                       Json::array({Soft(1, "zone", foo),
                                    Soft(1, "kubernetes.io/hostname", bar)})),
       .existing = {Placed("p-b1", "node-b", {{"bar", ""}}),
                    Placed("p-x1", "node-x"),
                    Placed("p-y1", "node-y", foo_bar)},
       .nodes = {ZoneNode("node-a", "zone1"), ZoneNode("node-b", "zone1"),
                 ZoneNode("node-x", "zone2"), ZoneNode("node-y", "zone2")},
       .want = {100, 60, 40, 0}},
      {.name =
           "two Constraints on zone and node, with different labelSelectors, "
           "3 out of 4 nodes are candidates",
       .pod = Incoming(foo_bar,
                       Json::array({Soft(1, "zone", foo),
                                    Soft(1, "kubernetes.io/hostname", bar)})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-b1", "node-b", foo_bar),
                    Placed("p-y1", "node-y"),
                    Placed("p-y2", "node-y", {{"bar", ""}})},
       .nodes = {ZoneNode("node-a", "zone1"), ZoneNode("node-b", "zone1"),
                 ZoneNode("node-x", "zone2")},
       .failed = {ZoneNode("node-y", "zone2")},
       .want = {50, 25, 100}},
      {.name = "existing pods in a different namespace do not count",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {other_ns, Placed("p-a2", "node-a"),
                    Placed("p-b1", "node-b"), Placed("p-b2", "node-b")},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {100, 33}},
      {.name = "terminating Pods should be excluded",
       .pod = Incoming(foo_labels, node_foo),
       .existing = {terminating, Placed("p-b", "node-b")},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {100, 0}},
      {.name = "NodeAffinityPolicy honoed with labelSelectors",
       .pod = selector_pod,
       .existing = policy_pods,
       .nodes = policy_nodes,
       .want = {0, 33, 100}},
      {.name = "NodeAffinityPolicy ignored with labelSelectors",
       .pod = ignoring_pod,
       .existing = policy_pods,
       .nodes = policy_nodes,
       .want = {66, 100, 100}},
      {.name = "NodeTaintsPolicy honored",
       .pod = Incoming(foo_labels, Json::array({honor_taints})),
       .existing = policy_pods,
       .nodes = {LabelledNode("node-a", {{"node", "node-a"}}),
                 LabelledNode("node-b", {{"node", "node-b"}}), taint},
       .want = {0, 33, 100}},
      {.name = "NodeTaintsPolicy ignored",
       .pod = Incoming(foo_labels, Json::array({Soft(1, "node", foo)})),
       .existing = policy_pods,
       .nodes = {LabelledNode("node-a", {{"node", "node-a"}}),
                 LabelledNode("node-b", {{"node", "node-b"}}), taint},
       .want = {66, 100, 100}},
      {.name = "matchLabelKeys ANDed with LabelSelector when LabelSelector is "
               "empty",
       .pod = Incoming(foo_bar, Json::array({keys_zone, keys_host})),
       .existing = {Placed("p-a1", "node-a"), Placed("p-b1", "node-b", foo_bar),
                    Placed("p-y1", "node-c"),
                    Placed("p-y2", "node-c", {{"bar", ""}})},
       .nodes = four_zones,
       .want = {60, 20, 60, 100}},
      {.name =
           "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't "
           "empty",
       .pod = Incoming({{"foo", ""}, {"bar", ""}, {"baz", ""}},
                       Json::array({Soft(1, "zone", foo), keys_bar})),
       .existing = {Placed("p-a1", "node-a"),
                    Placed("p-b1", "node-b",
                           {{"foo", ""}, {"bar", ""}, {"baz", ""}}),
                    Placed("p-c1", "node-c"),
                    Placed("p-c2", "node-c", {{"bar", ""}}),
                    Placed("p-d3", "node-c", {{"bar", ""}, {"baz", ""}})},
       .nodes = four_zones,
       .want = {60, 20, 60, 100}},
  };
  for (const SpreadScoreCase& c : cases) {
    CAPTURE(c.name);
    std::optional<std::vector<int64_t>> got = SpreadScores(c);
    REQUIRE(got);
    CHECK(*got == c.want);
  }
}

TEST_CASE(
    "PodTopologySpread: Score skips a pod with no ScheduleAnyway constraint, "
    "and one with none at all that no ReplicaSet, StatefulSet or "
    "ReplicationController of the input controls") {
  auto owned_by = [](const std::string& kind, const std::string& name) {
    Json pod = Incoming({{"foo", ""}}, Json::array());
    pod["metadata"]["ownerReferences"] =
        Json::array({{{"apiVersion", kind == "Job" ? "batch/v1" : "apps/v1"},
                      {"kind", kind},
                      {"name", name},
                      {"uid", name},
                      {"controller", true}}});
    return pod;
  };
  Json hard = Soft(1, "kubernetes.io/hostname", Exists("foo"));
  hard["whenUnsatisfiable"] = "DoNotSchedule";
  Json job = {{"apiVersion", "batch/v1"},
              {"kind", "Job"},
              {"metadata", {{"name", "train"}, {"namespace", "default"}}},
              {"spec",
               {{"selector", {{"matchLabels", {{"foo", ""}}}}},
                {"template",
                 {{"metadata", {{"labels", {{"foo", ""}}}}},
                  {"spec",
                   {{"restartPolicy", "Never"},
                    {"containers",
                     Json::array({{{"name", "c"}, {"image", "x"}}})}}}}}}}};
  const std::vector<SpreadScoreCase> cases = {
      {.name = "only a DoNotSchedule constraint",
       .pod = Incoming({{"foo", ""}}, Json::array({hard})),
       .existing = {},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {}},
      {.name = "no constraint, no controller",
       .pod = Incoming({{"foo", ""}}, Json::array()),
       .existing = {},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {}},
      {.name = "a ReplicaSet the input lacks",
       .pod = owned_by("ReplicaSet", "gone"),
       .existing = {},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .want = {}},
      {.name = "a Job",
       .pod = owned_by("Job", "train"),
       .existing = {},
       .nodes = {HostNode("node-a"), HostNode("node-b")},
       .objects = {job},
       .want = {}},
  };
  for (const SpreadScoreCase& c : cases) {
    CAPTURE(c.name);
    CHECK_FALSE(SpreadScores(c));
  }
  // v1.14 had no PodTopologySpread: a ScheduleAnyway constraint scores
  // nothing there.
  Scenario s =
      Run(ScenarioWith(HostNode("node-a"), HostNode("node-b"),
                       Incoming({{"foo", ""}},
                                Json::array({Soft(1, "kubernetes.io/hostname",
                                                  Exists("foo"))}))))
          .scenario;
  Cluster cluster(s);
  const std::vector<ObjectIndex> feasible = {NodeIndex(s, "node-a"),
                                             NodeIndex(s, "node-b")};
  std::vector<int64_t> scores;
  CHECK(ScorePodTopologySpread(CycleState(cluster, PodIndex(s, "p")), feasible,
                               scores));
  CHECK_FALSE(ScorePodTopologySpread(
      CycleState(cluster, PodIndex(s, "p"), *FindProfile("v1.14")), feasible,
      scores));
}

TEST_CASE(
    "PodTopologySpread: the system's default constraints spread a "
    "Deployment's pods by hostname") {
  Json deployment = {
      {"apiVersion", "apps/v1"},
      {"kind", "Deployment"},
      {"metadata", {{"name", "web"}, {"namespace", "default"}}},
      {"spec",
       {{"replicas", 2},
        {"selector", {{"matchLabels", {{"app", "web"}}}}},
        {"template",
         {{"metadata", {{"labels", {{"app", "web"}}}}},
          {"spec",
           {{"containers",
             Json::array(
                 {{{"name", "c"},
                   {"image", "x"},
                   {"resources", {{"requests", {{"cpu", "100m"}}}}}}})}}}}}}}};
  // NodeResourcesFit alone would put both on the bigger node.
  SimulationResult r = Run(ScenarioWith(
      NodeWith("big", {"16"}, {{"kubernetes.io/hostname", "big"}}),
      NodeWith("small", {"4"}, {{"kubernetes.io/hostname", "small"}}),
      deployment));
  REQUIRE(r.attempts.size() == 2);
  CHECK(NodeName(r, r.attempts[0]) == "big");
  CHECK(NodeName(r, r.attempts[1]) == "small");
  const Attempt& second = r.attempts[1];
  // Hostname (maxSkew 3): big 1*log(4)+2 rounds to 3, small 2: normalized
  // 66 and 100, doubled. The nodes have no zone, which only the pod's own
  // constraints would require.
  CHECK(PluginScoreOf(NodeIn(r, second, "big"), "PodTopologySpread") == 132);
  CHECK(PluginScoreOf(NodeIn(r, second, "small"), "PodTopologySpread") == 200);
}

TEST_CASE(
    "PodTopologySpread: PreFilter counts no placed pod for an empty "
    "labelSelector (countPodsMatchSelector), AddPod does") {
  Json any = Soft(1, "kubernetes.io/hostname", Json::object());
  any["whenUnsatisfiable"] = "DoNotSchedule";
  Scenario s =
      Run(ScenarioWith(HostNode("node-a"), HostNode("node-b"),
                       Placed("p-a1", "node-a"), Placed("p-a2", "node-a"),
                       Incoming({{"foo", ""}}, Json::array({any}))))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  CycleState state(cluster, PodIndex(s, "p"));
  PreFilterPodTopologySpread(state);
  REQUIRE(state.Wrote(Plugin::kPodTopologySpread));
  auto fits = [&](const std::string& node) {
    Status status;
    FilterPodTopologySpread(state, NodeIndex(s, node), status);
    return status.ok();
  };
  CHECK(fits("node-a"));
  CHECK(fits("node-b"));
  // updateWithPod matches the selector itself: everything.
  UpdatePodTopologySpread(state, PodIndex(s, "p-a1"), NodeIndex(s, "node-a"),
                          +1);
  UpdatePodTopologySpread(state, PodIndex(s, "p-a2"), NodeIndex(s, "node-a"),
                          +1);
  CHECK_FALSE(fits("node-a"));
}

}  // namespace podsim
