#include "core/analysis/compare.h"

#include "core/output/result_json.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("Compare: no difference when both profiles decide alike") {
  std::string text =
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("web", {"1"}, 100));
  Comparison c = Compare(text, CurrentProfile(), *FindProfile("v1.14"));
  CHECK(c.differences.empty());
  CHECK(c.a.profile->name == "current");
  CHECK(c.b.profile->name == "v1.14");
}

TEST_CASE("Compare: names the decision on each side and the rule") {
  Json pending = PendingPod("web", {"1"}, 100);
  pending["spec"]["preemptionPolicy"] = "Never";
  std::string text = ScenarioWith(NodeWith("n1", {"1"}),
                                  RunningPod("low", "n1", {"1"}, 1), pending);
  Comparison c = Compare(text, CurrentProfile(), *FindProfile("v1.14"));
  REQUIRE(c.differences.size() == 1);
  const Difference& d = c.differences[0];
  CHECK(d.pod == "default/web");
  CHECK(d.kind == "decision");
  CHECK(d.a.outcome == Outcome::kUnschedulable);
  CHECK(d.b == PodDecision{Outcome::kNominated, "n1", {"default/low"}});
  REQUIRE(d.rules.size() == 1);
  CHECK(d.rules[0].name == "preemptionPolicy");
  CHECK(d.rules[0].text ==
        "v1.14 has no preemptionPolicy (it came in v1.15): every pod may "
        "preempt; current honours preemptionPolicy: Never.");
  CHECK_FALSE(d.together);
  std::string json = ToJson(c);
  CHECK(json.find("\"kind\":\"Comparison\"") != std::string::npos);
  CHECK(json.find("\"switch\":\"preemptionPolicy\"") != std::string::npos);
}

TEST_CASE("Compare: victim order explains different victims") {
  // Equal priorities: current evicts the newer pod, v1.14 the first listed.
  auto started = [](Json pod, const std::string& t) {
    pod["status"]["startTime"] = t;
    return pod;
  };
  std::string text = ScenarioWith(
      NodeWith("n1", {"2"}),
      started(RunningPod("newer", "n1", {"1"}, 1), "2024-01-02T00:00:00Z"),
      started(RunningPod("older", "n1", {"1"}, 1), "2024-01-01T00:00:00Z"),
      PendingPod("web", {"1"}, 100));
  Comparison c = Compare(text, CurrentProfile(), *FindProfile("v1.14"));
  REQUIRE(c.differences.size() == 1);
  CHECK(c.differences[0].a.victims ==
        std::vector<std::string>{"default/newer"});
  CHECK(c.differences[0].b.victims ==
        std::vector<std::string>{"default/older"});
  REQUIRE(c.differences[0].rules.size() == 1);
  CHECK(c.differences[0].rules[0].name == "victim order");
}

TEST_CASE(
    "Compare: by default the current profile against the oldest, or against "
    "the one named") {
  auto names = [](std::string_view against) {
    auto [a, b] = ComparedProfiles(against);
    return std::pair{std::string(a->name), b ? std::string(b->name) : "-"};
  };
  CHECK(names("") == std::pair<std::string, std::string>{"current", "v1.14"});
  CHECK(names("current") ==
        std::pair<std::string, std::string>{"current", "v1.14"});
  CHECK(names("v1.31") ==
        std::pair<std::string, std::string>{"current", "v1.31"});
  CHECK(names("v1.14") ==
        std::pair<std::string, std::string>{"current", "v1.14"});
  CHECK(names("v9") == std::pair<std::string, std::string>{"current", "-"});
}

}  // namespace podsim
