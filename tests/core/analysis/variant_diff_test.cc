#include "core/analysis/variant_diff.h"

#include "core/output/result_json.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

std::vector<std::string> ChangedObjects(const VariantDiff& d) {
  std::vector<std::string> out;
  for (const ObjectChange& c : d.objects) {
    out.push_back(std::string(c.change) + " " + c.object);
  }
  return out;
}

std::vector<std::string> Flipping(const VariantDiff& d,
                                  const VariantDifference& difference) {
  std::vector<std::string> out;
  for (size_t i : difference.changes) out.push_back(d.objects[i].object);
  return out;
}

Json WithClass(Json pod, const std::string& class_name) {
  pod["spec"].erase("priority");
  pod["spec"]["priorityClassName"] = class_name;
  return pod;
}

}  // namespace

TEST_CASE("VariantDiff: identical variants give no differences") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("web", {"1"}, 100));
  VariantDiff d = DiffVariants(text, text);
  CHECK(d.objects.empty());
  CHECK(d.differences.empty());
  CHECK(d.tried == 0);
  std::string json = ToJson(d);
  CHECK(json.find("\"kind\":\"VariantDiff\"") != std::string::npos);
  CHECK(json.find("\"differences\":[]") != std::string::npos);
}

TEST_CASE("VariantDiff: the same objects written as YAML and JSON are equal") {
  std::string json =
      ScenarioWith(NodeWith("n1", {"1"}), PendingPod("web", {"1"}, 100));
  std::string yaml =
      "# the same, in YAML, with a field the engine does not read\n"
      "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels: {}\n"
      "  annotations: {note: ignored}\n"
      "status:\n  allocatable: {cpu: \"1\", pods: \"110\"}\n---\n"
      "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default, "
      "uid: web}\nspec:\n  priority: 100\n  containers:\n  - name: c\n"
      "    image: registry.k8s.io/pause:3.10\n"
      "    resources: {requests: {cpu: \"1\"}}\nstatus: {phase: Pending}\n";
  VariantDiff d = DiffVariants(json, yaml);
  CHECK(ChangedObjects(d) == std::vector<std::string>{});
  CHECK(d.differences.empty());
}

TEST_CASE("VariantDiff: a PDB allowing one more disruption flips the victim") {
  auto scenario = [](int allowed) {
    return ScenarioWith(NodeWith("a", {"1"}), NodeWith("b", {"1"}),
                        Labelled(RunningPod("pa", "a", {"1"}, 1), "db"),
                        RunningPod("pb", "b", {"1"}, 5),
                        PdbWith("db", {{"app", "db"}}, allowed),
                        PendingPod("web", {"1"}, 100));
  };
  VariantDiff d = DiffVariants(scenario(0), scenario(1));
  CHECK(ChangedObjects(d) ==
        std::vector<std::string>{"changed PodDisruptionBudget default/db"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  CHECK(w.pod == "default/web");
  CHECK(w.kind == "decision");
  CHECK(w.a == PodDecision{Outcome::kNominated, "b", {"default/pb"}});
  CHECK(w.b == PodDecision{Outcome::kNominated, "a", {"default/pa"}});
  CHECK(w.cause == "single");
  CHECK_FALSE(w.together);
  CHECK(Flipping(d, w) ==
        std::vector<std::string>{"PodDisruptionBudget default/db"});
  CHECK(d.tried == 1);
  std::string json = ToJson(d);
  CHECK(json.find("\"changes\":[\"PodDisruptionBudget default/db\"]") !=
        std::string::npos);
  CHECK(json.find("\"change\":\"changed\"") != std::string::npos);
}

// The running pod's class rises from 100 to 500, above the preemptor's 200.
std::string GuardScenario(int guard_value, int unused_value = 1) {
  return ScenarioWith(
      PriorityClassWith("guard", guard_value), PriorityClassWith("web", 200),
      PriorityClassWith("unused", unused_value), NodeWith("n1", {"1"}),
      WithClass(RunningPod("guarded", "n1", {"1"}, std::nullopt), "guard"),
      WithClass(PendingPod("web", {"1"}, std::nullopt), "web"));
}

TEST_CASE(
    "VariantDiff: a PriorityClass value change flips Nominated to "
    "Unschedulable") {
  VariantDiff d = DiffVariants(GuardScenario(100), GuardScenario(500));
  CHECK(ChangedObjects(d) ==
        std::vector<std::string>{"changed PriorityClass guard"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  CHECK(w.pod == "default/web");
  CHECK(w.a == PodDecision{Outcome::kNominated, "n1", {"default/guarded"}});
  REQUIRE(w.b);
  CHECK(w.b->outcome == Outcome::kUnschedulable);
  CHECK(w.cause == "single");
  CHECK(Flipping(d, w) == std::vector<std::string>{"PriorityClass guard"});
}

TEST_CASE("VariantDiff: of two changes, names the one that flips the pod") {
  VariantDiff d = DiffVariants(GuardScenario(100, 1), GuardScenario(500, 2));
  CHECK(ChangedObjects(d) ==
        std::vector<std::string>{"changed PriorityClass guard",
                                 "changed PriorityClass unused"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  CHECK(w.cause == "single");
  CHECK(Flipping(d, w) == std::vector<std::string>{"PriorityClass guard"});
  CHECK(d.tried == 2);
}

TEST_CASE("VariantDiff: two changes that flip the pod only together") {
  // web needs both running pods gone; each change lowers one of them.
  auto scenario = [](int x, int y) {
    return ScenarioWith(NodeWith("n1", {"2"}), RunningPod("x", "n1", {"1"}, x),
                        RunningPod("y", "n1", {"1"}, y),
                        PendingPod("web", {"2"}, 200));
  };
  VariantDiff d = DiffVariants(scenario(300, 300), scenario(100, 100));
  CHECK(ChangedObjects(d) == std::vector<std::string>{"changed Pod default/x",
                                                      "changed Pod default/y"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  REQUIRE(w.a);
  CHECK(w.a->outcome == Outcome::kUnschedulable);
  CHECK(w.b ==
        PodDecision{Outcome::kNominated, "n1", {"default/x", "default/y"}});
  CHECK(w.cause == "together");
  CHECK(w.together);
  CHECK(w.changes.empty());  // neither moves the pod alone
  CHECK(ToJson(d).find("\"together\":true") != std::string::npos);
}

TEST_CASE("VariantDiff: a pod added in b has no decision in a") {
  std::string a = ScenarioWith(NodeWith("n1", {"1"}));
  std::string b =
      ScenarioWith(NodeWith("n1", {"1"}), PendingPod("web", {"1"}, 100));
  VariantDiff d = DiffVariants(a, b);
  CHECK(ChangedObjects(d) == std::vector<std::string>{"added Pod default/web"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  CHECK_FALSE(w.a);
  CHECK(w.b == PodDecision{Outcome::kScheduled, "n1", {}});
  CHECK(w.cause == "single");
  CHECK(Flipping(d, w) == std::vector<std::string>{"Pod default/web"});
  CHECK(ToJson(d).find("\"a\":null") != std::string::npos);
}

TEST_CASE("VariantDiff: tries at most kMaxSingleChangeRuns changes alone") {
  auto scenario = [](int guard, int extra) {
    Json list = Json::array();
    list.push_back(PriorityClassWith("guard", guard));
    for (int i = 0; i < 25; ++i) {
      list.push_back(PriorityClassWith("c" + std::to_string(i), extra));
    }
    list.push_back(PriorityClassWith("web", 200));
    list.push_back(NodeWith("n1", {"1"}));
    list.push_back(
        WithClass(RunningPod("guarded", "n1", {"1"}, std::nullopt), "guard"));
    list.push_back(WithClass(PendingPod("web", {"1"}, std::nullopt), "web"));
    return list.dump();
  };
  SUBCASE("the flipping change among the first tried") {
    VariantDiff d = DiffVariants(scenario(100, 1), scenario(500, 2));
    CHECK(d.objects.size() == 26);
    CHECK(d.tried == kMaxSingleChangeRuns);
    REQUIRE(d.differences.size() == 1);
    CHECK(d.differences[0].cause == "single");
  }
  SUBCASE("none of the tried flips it: untried, not together") {
    // The guard's class comes last: move it after the 25 others.
    std::string a = scenario(100, 1), b = scenario(500, 2);
    auto last = [](std::string text) {
      Json list = Json::parse(text);
      Json guard = list[0];
      list.erase(list.begin());
      list.push_back(guard);
      return list.dump();
    };
    VariantDiff d = DiffVariants(last(a), last(b));
    CHECK(d.tried == kMaxSingleChangeRuns);
    REQUIRE(d.differences.size() == 1);
    CHECK(d.differences[0].cause == "untried");
    CHECK_FALSE(d.differences[0].together);
  }
}

}  // namespace podsim

namespace podsim {
using namespace testing;

TEST_CASE(
    "VariantDiff: a pod whose first decision agrees but whose final outcome "
    "differs is an outcome difference") {
  // busy (above web's priority) is terminating in a and leaves at +10 s,
  // so web, Unschedulable at first, is bound then; in b busy stays.
  auto scenario = [](bool terminating) {
    Json busy = RunningPod("busy", "n1", {"1"}, 1000);
    busy["metadata"]["creationTimestamp"] = "2024-05-01T08:00:00Z";
    if (terminating) {
      busy["metadata"]["deletionTimestamp"] = "2024-05-01T08:00:10Z";
    }
    return ScenarioWith(NodeWith("n1", {"1"}), busy,
                        PendingPod("web", {"1"}, 100));
  };
  VariantDiff d = DiffVariants(scenario(true), scenario(false));
  CHECK(ChangedObjects(d) ==
        std::vector<std::string>{"changed Pod default/busy"});
  REQUIRE(d.differences.size() == 1);
  const VariantDifference& w = d.differences[0];
  CHECK(w.pod == "default/web");
  CHECK(w.kind == "outcome");
  CHECK(w.a == PodDecision{Outcome::kScheduled, "n1", {}});
  CHECK(w.b == PodDecision{Outcome::kUnschedulable, "", {}});
  CHECK(w.cause == "single");
  CHECK(Flipping(d, w) == std::vector<std::string>{"Pod default/busy"});
  CHECK(ToJson(d).find("\"kind\":\"outcome\"") != std::string::npos);
}

TEST_CASE(
    "VariantDiff: an object repeated in one input is keyed with #2, apart "
    "from the first") {
  auto scenario = [](const std::vector<std::string>& cpus) {
    Json list = Json::array({NodeWith("n1", {"4"})});
    for (const std::string& cpu : cpus) {
      list.push_back(PendingPod("web", {cpu}, 100));
    }
    return list.dump();
  };
  SUBCASE("the second copy changed") {
    VariantDiff d = DiffVariants(scenario({"1", "2"}), scenario({"1", "3"}));
    CHECK(ChangedObjects(d) ==
          std::vector<std::string>{"changed Pod default/web #2"});
  }
  SUBCASE("a second copy added") {
    VariantDiff d = DiffVariants(scenario({"1"}), scenario({"1", "2"}));
    CHECK(ChangedObjects(d) ==
          std::vector<std::string>{"added Pod default/web #2"});
  }
}

TEST_CASE(
    "VariantDiff: a quantity written another way (\"1\" against \"1000m\") "
    "is a changed object that moves no pod") {
  // docs/diff.md: objects compare as the decoder received them, so the
  // spelling is a change; the decisions read the quantity, and agree.
  auto scenario = [](const std::string& cpu) {
    return ScenarioWith(NodeWith("n1", {"2"}),
                        RunningPod("low", "n1", {cpu}, 1),
                        PendingPod("web", {"1"}, 100));
  };
  VariantDiff d = DiffVariants(scenario("1"), scenario("1000m"));
  CHECK(ChangedObjects(d) ==
        std::vector<std::string>{"changed Pod default/low"});
  CHECK(d.differences.empty());
  CHECK(d.tried == 0);
  // low takes 1 cpu of 2 either way: web fits beside it.
  CHECK(DecisionsOf(d.b).first.at("default/web") ==
        PodDecision{Outcome::kScheduled, "n1", {}});
}

}  // namespace podsim
