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

namespace {

// One row of upstream's TestPreferredAffinity and
// TestPreferredAffinityWithHardPodAffinitySymmetricWeight
// (interpodaffinity/scoring_test.go): the pod "p" scored on every node.
// Upstream's namespaces subteam1.team1 ... are spelled with dashes here
// (a namespace name has no dots).
struct AffinityScoreCase {
  std::string name;
  Json pod;
  std::vector<Json> pods;
  std::vector<Json> nodes;
  std::optional<std::vector<int64_t>> want;  // nullopt: PreScore skips
};

Json LabelOf(const std::string& key, const std::string& value) {
  return {{key, value}};
}
// A term on security by region or az: In values, or an expression list.
Json Term(Json expressions, const std::string& key) {
  return {{"labelSelector", {{"matchExpressions", std::move(expressions)}}},
          {"topologyKey", key}};
}
Json SecurityIn(Json values) {
  return Json::array({{{"key", "security"},
                       {"operator", "In"},
                       {"values", std::move(values)}}});
}
Json Weighted(int weight, Json term) {
  return {{"weight", weight}, {"podAffinityTerm", std::move(term)}};
}
// An affinity with preferred podAffinity and podAntiAffinity terms.
Json Preferred(Json affinity_terms, Json anti_terms = Json::array()) {
  Json out = Json::object();
  if (!affinity_terms.empty()) {
    out["podAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"] =
        std::move(affinity_terms);
  }
  if (!anti_terms.empty()) {
    out["podAntiAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"] =
        std::move(anti_terms);
  }
  return out;
}
// A pod named name on node (or pending, for ""), in ns, with labels and
// affinity.
Json AffinityPod(const std::string& name, const std::string& node, Json labels,
                 Json affinity = nullptr, const std::string& ns = "default") {
  Json pod = node.empty() ? PendingPod(name, {"100m"}, 1)
                          : RunningPod(name, node, {"100m"}, 1);
  pod["metadata"]["namespace"] = ns;
  if (!labels.is_null()) pod["metadata"]["labels"] = std::move(labels);
  if (!affinity.is_null()) pod["spec"]["affinity"] = std::move(affinity);
  return pod;
}
Json Namespace(const std::string& name, const std::string& team) {
  return {{"apiVersion", "v1"},
          {"kind", "Namespace"},
          {"metadata", {{"name", name}, {"labels", {{"team", team}}}}}};
}

// Returns InterPodAffinity's normalized scores of "p" on every node, or
// nullopt when its PreScore skips.
std::optional<std::vector<int64_t>> AffinityScores(const AffinityScoreCase& c) {
  Json list = Json::array({Namespace("subteam1-team1", "team1"),
                           Namespace("subteam2-team1", "team1"),
                           Namespace("subteam1-team2", "team2"),
                           Namespace("subteam2-team2", "team2")});
  for (const auto* group : {&c.nodes, &c.pods}) {
    for (const Json& o : *group) list.push_back(o);
  }
  list.push_back(c.pod);
  return PreScoredScores(list, c.nodes, ScoreInterPodAffinity);
}

}  // namespace

TEST_CASE(
    "InterPodAffinity: Score reproduces upstream's TestPreferredAffinity") {
  const Json china = LabelOf("region", "China"),
             india = LabelOf("region", "India");
  const Json az1 = LabelOf("az", "az1"), az2 = LabelOf("az", "az2");
  const Json china_az1 = {{"region", "China"}, {"az", "az1"}};
  const Json s1 = LabelOf("security", "S1"), s2 = LabelOf("security", "S2");
  const Json stay_s1 =
      Preferred(Json::array({Weighted(5, Term(SecurityIn({"S1"}), "region"))}));
  const Json stay_s2 =
      Preferred(Json::array({Weighted(6, Term(SecurityIn({"S2"}), "region"))}));
  const Json affinity3 = Preferred(Json::array(
      {Weighted(8, Term(Json::array({{{"key", "security"},
                                      {"operator", "NotIn"},
                                      {"values", {"S1"}}},
                                     {{"key", "security"},
                                      {"operator", "In"},
                                      {"values", {"S2"}}}}),
                        "region")),
       Weighted(2,
                Term(Json::array(
                         {{{"key", "security"}, {"operator", "Exists"}},
                          {{"key", "wrongkey"}, {"operator", "DoesNotExist"}}}),
                     "region"))}));
  Json hard = Json::object();
  hard["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] =
      Json::array(
          {Term(SecurityIn({"S1", "value2"}), "region"),
           Term(Json::array(
                    {{{"key", "security"}, {"operator", "Exists"}},
                     {{"key", "wrongkey"}, {"operator", "DoesNotExist"}}}),
                "region")});
  const Json away_s1 =
      Preferred(Json::array(),
                Json::array({Weighted(5, Term(SecurityIn({"S1"}), "az"))}));
  const Json away_s2 =
      Preferred(Json::array(),
                Json::array({Weighted(5, Term(SecurityIn({"S2"}), "az"))}));
  const Json stay_s1_away_s2 =
      Preferred(Json::array({Weighted(8, Term(SecurityIn({"S1"}), "region"))}),
                Json::array({Weighted(5, Term(SecurityIn({"S2"}), "az"))}));
  Json namespaced = Term(SecurityIn({"S1"}), "region");
  namespaced["namespaces"] = {"subteam2-team2"};
  namespaced["namespaceSelector"] = {
      {"matchExpressions",
       Json::array(
           {{{"key", "team"}, {"operator", "In"}, {"values", {"team1"}}}})}};
  const Json affinity_ns = Preferred(Json::array({Weighted(5, namespaced)}));
  const Json anti_ns =
      Preferred(Json::array(), Json::array({Weighted(5, namespaced)}));
  auto node = [](const std::string& name, const Json& labels) {
    return NodeWith(name, {"4"}, labels);
  };
  const std::vector<AffinityScoreCase> cases = {
      {.name = "all nodes are same priority as Affinity is nil",
       .pod = AffinityPod("p", "", s1),
       .pods = {},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::nullopt},
      {.name =
           "Affinity: pod that matches topology key & pods in nodes will get "
           "high score comparing to others which doesn't match either pods "
           "in nodes or in topology key",
       .pod = AffinityPod("p", "", s1, stay_s1),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s2),
                AffinityPod("e3", "node3", s1)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{100, 0, 0}},
      {.name =
           "All the nodes that have the same topology key & label value with "
           "one of them has an existing pod that match the affinity rules, "
           "have the same score",
       .pod = AffinityPod("p", "", nullptr, stay_s1),
       .pods = {AffinityPod("e1", "node1", s1)},
       .nodes = {node("node1", china), node("node2", china_az1),
                 node("node3", india)},
       .want = std::vector<int64_t>{100, 100, 0}},
      {.name = "Affinity: nodes in one region has more matching pods comparing "
               "to other region, so the region which has more matches will get "
               "high score",
       .pod = AffinityPod("p", "", s1, stay_s2),
       .pods = {AffinityPod("e1", "node1", s2), AffinityPod("e2", "node1", s2),
                AffinityPod("e3", "node2", s2), AffinityPod("e4", "node3", s2),
                AffinityPod("e5", "node4", s2), AffinityPod("e6", "node5", s2)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", china), node("node4", china),
                 node("node5", india)},
       .want = std::vector<int64_t>{100, 0, 100, 100, 0}},
      {.name =
           "Affinity: different Label operators and values for pod affinity "
           "scheduling preference, including some match failures",
       .pod = AffinityPod("p", "", s1, affinity3),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s2),
                AffinityPod("e3", "node3", s1)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{20, 100, 0}},
      {.name =
           "Affinity symmetry: considered only the "
           "preferredDuringSchedulingIgnoredDuringExecution in pod affinity "
           "symmetry",
       .pod = AffinityPod("p", "", s2),
       .pods = {AffinityPod("e1", "node1", s1, stay_s1),
                AffinityPod("e2", "node2", s2, stay_s2)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{0, 100, 0}},
      {.name = "Affinity symmetry with namespace selector",
       .pod = AffinityPod("p", "", s1, nullptr, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, affinity_ns),
                AffinityPod("e2", "node2", s2, stay_s2)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{100, 0, 0}},
      {.name = "AntiAffinity symmetry with namespace selector",
       .pod = AffinityPod("p", "", s1, nullptr, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, anti_ns),
                AffinityPod("e2", "node2", s2, stay_s2)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{0, 100, 100}},
      {.name = "Affinity symmetry: considered RequiredDuringScheduling"
               "IgnoredDuringExecution in pod affinity symmetry",
       .pod = AffinityPod("p", "", s1),
       .pods = {AffinityPod("e1", "node1", s1, hard),
                AffinityPod("e2", "node2", s2, hard)},
       .nodes = {node("node1", china), node("node2", india),
                 node("node3", az1)},
       .want = std::vector<int64_t>{100, 100, 0}},
      {.name = "Anti Affinity: pod that does not match existing pods in node "
               "will get high score",
       .pod = AffinityPod("p", "", s1, away_s1),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s2)},
       .nodes = {node("node1", az1), node("node2", china)},
       .want = std::vector<int64_t>{0, 100}},
      {.name =
           "Anti Affinity: pod that does not match topology key & match the "
           "pods in nodes will get higher score comparing to others",
       .pod = AffinityPod("p", "", s1, away_s1),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s1)},
       .nodes = {node("node1", az1), node("node2", china)},
       .want = std::vector<int64_t>{0, 100}},
      {.name = "Anti Affinity: one node has more matching pods comparing to "
               "other node, so the node which has more unmatches will get high "
               "score",
       .pod = AffinityPod("p", "", s1, away_s1),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node1", s1),
                AffinityPod("e3", "node2", s2)},
       .nodes = {node("node1", az1), node("node2", india)},
       .want = std::vector<int64_t>{0, 100}},
      {.name =
           "Anti Affinity symmetry: the existing pods in node which has anti "
           "affinity match will get high score",
       .pod = AffinityPod("p", "", s2),
       .pods = {AffinityPod("e1", "node1", s1, away_s2),
                AffinityPod("e2", "node2", s2, away_s1)},
       .nodes = {node("node1", az1), node("node2", az2)},
       .want = std::vector<int64_t>{0, 100}},
      {.name = "Affinity and Anti Affinity: considered only "
               "preferredDuringSchedulingIgnoredDuringExecution in both pod "
               "affinity & anti affinity",
       .pod = AffinityPod("p", "", s1, stay_s1_away_s2),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s1)},
       .nodes = {node("node1", china), node("node2", az1)},
       .want = std::vector<int64_t>{100, 0}},
      {.name = "Affinity and Anti Affinity: considering both affinity and "
               "anti-affinity, the pod to schedule and existing pods have the "
               "same labels",
       .pod = AffinityPod("p", "", s1, stay_s1_away_s2),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node1", s1),
                AffinityPod("e3", "node2", s1), AffinityPod("e4", "node3", s1),
                AffinityPod("e5", "node3", s1), AffinityPod("e6", "node4", s1),
                AffinityPod("e7", "node5", s1)},
       .nodes = {node("node1", china_az1), node("node2", india),
                 node("node3", china), node("node4", china),
                 node("node5", india)},
       .want = std::vector<int64_t>{100, 0, 100, 100, 0}},
      {.name = "Affinity and Anti Affinity and symmetry: considered only "
               "preferredDuringSchedulingIgnoredDuringExecution in both pod "
               "affinity & anti affinity & symmetry",
       .pod = AffinityPod("p", "", s1, stay_s1_away_s2),
       .pods = {AffinityPod("e1", "node1", s1), AffinityPod("e2", "node2", s2),
                AffinityPod("e3", "node3", nullptr, stay_s1_away_s2),
                AffinityPod("e4", "node4", nullptr, away_s1)},
       .nodes = {node("node1", china), node("node2", az1), node("node3", india),
                 node("node4", az2)},
       .want = std::vector<int64_t>{100, 0, 100, 0}},
      {.name = "Avoid panic when partial nodes in a topology don't have pods "
               "with affinity",
       .pod = AffinityPod("p", "", s1),
       .pods = {AffinityPod("e1", "node1", s1),
                AffinityPod("e2", "node2", nullptr, stay_s1_away_s2)},
       .nodes = {node("node1", china), node("node2", china)},
       .want = std::vector<int64_t>{0, 0}},
      {.name = "Affinity with pods matching NamespaceSelector",
       .pod = AffinityPod("p", "", s1, affinity_ns, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e2", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e3", "node1", s1, nullptr, "subteam1-team2"),
                AffinityPod("e4", "node2", s1, nullptr, "subteam2-team1")},
       .nodes = {node("node1", china), node("node2", india)},
       .want = std::vector<int64_t>{100, 0}},
      {.name = "Affinity with pods matching both NamespaceSelector and "
               "Namespaces fields",
       .pod = AffinityPod("p", "", s1, affinity_ns, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e2", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e3", "node1", s1, nullptr, "subteam2-team2"),
                AffinityPod("e4", "node2", s1, nullptr, "subteam2-team1")},
       .nodes = {node("node1", china), node("node2", india)},
       .want = std::vector<int64_t>{100, 0}},
      {.name = "Anti-affinity with pods matching NamespaceSelector",
       .pod = AffinityPod("p", "", s1, anti_ns, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e2", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e3", "node1", s1, nullptr, "subteam1-team2"),
                AffinityPod("e4", "node2", s1, nullptr, "subteam2-team1")},
       .nodes = {node("node1", china), node("node2", india)},
       .want = std::vector<int64_t>{0, 100}},
      {.name = "Anti-affinity with pods matching both NamespaceSelector and "
               "Namespaces fields",
       .pod = AffinityPod("p", "", s1, anti_ns, "subteam1-team1"),
       .pods = {AffinityPod("e1", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e2", "node1", s1, nullptr, "subteam1-team1"),
                AffinityPod("e3", "node1", s1, nullptr, "subteam2-team2"),
                AffinityPod("e4", "node2", s1, nullptr, "subteam2-team1")},
       .nodes = {node("node1", china), node("node2", india)},
       .want = std::vector<int64_t>{0, 100}},
      {.name = "Do not ignore preferred terms of existing pods",
       .pod = AffinityPod("p", "", s2),
       .pods = {AffinityPod("e1", "node1", s1, stay_s1_away_s2),
                AffinityPod("e2", "node2", s2, stay_s2)},
       .nodes = {node("node1", china), node("node2", india)},
       .want = std::vector<int64_t>{0, 100}},
  };
  for (const AffinityScoreCase& c : cases) {
    CAPTURE(c.name);
    CHECK(AffinityScores(c) == c.want);
  }
}

TEST_CASE(
    "InterPodAffinity: Score weighs placed pods' required affinity with "
    "hardPodAffinityWeight (upstream's "
    "TestPreferredAffinityWithHardPodAffinitySymmetricWeight)") {
  Json term =
      Term(Json::array(
               {{{"key", "service"}, {"operator", "In"}, {"values", {"S1"}}}}),
           "region");
  term["namespaces"] = {"default", "subteam2-team2"};
  term["namespaceSelector"] = {
      {"matchExpressions",
       Json::array(
           {{{"key", "team"}, {"operator", "In"}, {"values", {"team1"}}}})}};
  Json hard = Json::object();
  hard["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] =
      Json::array({term});
  const std::vector<Json> nodes = {
      NodeWith("node1", {"4"}, LabelOf("region", "China")),
      NodeWith("node2", {"4"}, LabelOf("region", "India")),
      NodeWith("node3", {"4"}, LabelOf("az", "az1"))};
  const std::vector<Json> pods = {AffinityPod("e1", "node1", nullptr, hard),
                                  AffinityPod("e2", "node2", nullptr, hard)};
  const Json service = LabelOf("service", "S1");
  const std::vector<AffinityScoreCase> cases = {
      {.name = "with default weight",
       .pod = AffinityPod("p", "", service),
       .pods = pods,
       .nodes = nodes,
       .want = std::vector<int64_t>{100, 100, 0}},
      {.name = "with no matching namespace",
       .pod = AffinityPod("p", "", service, nullptr, "subteam1-team2"),
       .pods = pods,
       .nodes = nodes,
       .want = std::nullopt},
      {.name = "with matching NamespaceSelector",
       .pod = AffinityPod("p", "", service, nullptr, "subteam1-team1"),
       .pods = pods,
       .nodes = nodes,
       .want = std::vector<int64_t>{100, 100, 0}},
      {.name = "with matching Namespaces",
       .pod = AffinityPod("p", "", service, nullptr, "subteam2-team2"),
       .pods = pods,
       .nodes = nodes,
       .want = std::vector<int64_t>{100, 100, 0}},
  };
  for (const AffinityScoreCase& c : cases) {
    CAPTURE(c.name);
    CHECK(AffinityScores(c) == c.want);
  }
}

}  // namespace podsim
