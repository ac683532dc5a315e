#include "core/admission/admission.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json ByClass(const std::string& name, const std::string& class_name) {
  Json pod = PendingPod(name, {"1"}, std::nullopt);
  if (!class_name.empty()) pod["spec"]["priorityClassName"] = class_name;
  return pod;
}
}  // namespace

TEST_CASE(
    "Admission: priorityClassName resolves to the class value and policy") {
  Json never = PriorityClassWith("batch", 50);
  never["preemptionPolicy"] = "Never";
  SimulationResult r =
      Run(ScenarioWith(PriorityClassWith("high", 1000), never,
                       ByClass("a", "high"), ByClass("b", "batch")));
  CHECK(r.diagnostics.items().empty());
  CHECK(r.scenario.pods[0].priority == 1000);
  CHECK(r.scenario.pods[1].priority == 50);
  CHECK(r.scenario.pods[1].preemption_policy == PreemptionPolicy::kNever);
}

TEST_CASE(
    "Admission: a pod without a class gets the lowest globalDefault class, or "
    "0") {
  SimulationResult none = Run(ScenarioWith(ByClass("a", "")));
  CHECK(none.scenario.pods[0].priority == 0);
  SimulationResult with_default = Run(
      ScenarioWith(PriorityClassWith("default", 7, true), ByClass("a", "")));
  CHECK(with_default.scenario.pods[0].priority == 7);
  CHECK(with_default.scenario.pods[0].priority_class_name == "default");
}

TEST_CASE("Admission: an unknown class is Forbidden and keeps the pod out") {
  SimulationResult r = Run(
      ScenarioWith(PriorityClassWith("high", 1000), ByClass("web", "gold")));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/web: spec.priorityClassName: pods \"web\" is "
            "forbidden: no PriorityClass "
            "with name gold was found (known: high, system-cluster-critical, "
            "system-node-critical)"});
  CHECK(r.attempts.empty());
}

TEST_CASE(
    "Admission: a stored pod keeps spec.priority, with a warning on "
    "disagreement") {
  Json pod = ByClass("web", "high");
  pod["spec"]["priority"] = 5;
  SimulationResult r = Run(ScenarioWith(PriorityClassWith("high", 1000), pod));
  CHECK(r.scenario.pods[0].priority == 5);
  CHECK(
      DiagnosticTexts(r) ==
      std::vector<std::string>{"Pod default/web: spec.priority: spec.priority "
                               "5 differs from PriorityClass high "
                               "(1000); an API server would have rejected this "
                               "pod; simulated with spec.priority"});
  CHECK(r.diagnostics.items()[0].severity == Severity::kWarning);
}

TEST_CASE(
    "Admission: a different preemptionPolicy than the class's is Forbidden") {
  Json pod = ByClass("web", "high");
  pod["spec"]["preemptionPolicy"] = "Never";
  SimulationResult r = Run(ScenarioWith(PriorityClassWith("high", 1000), pod));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{"Pod default/web: spec.preemptionPolicy: pods "
                                 "\"web\" is forbidden: the string value "
                                 "of PreemptionPolicy (Never) must not be "
                                 "provided in pod spec; priority admission "
                                 "controller computed PreemptLowerPriority "
                                 "from the given PriorityClass name"});
}

TEST_CASE("Admission: PriorityClass validation mirrors the API server") {
  SimulationResult r = Run(ScenarioWith(
      PriorityClassWith("huge", 1'000'000'001),
      PriorityClassWith("first", 1, true), PriorityClassWith("second", 2, true),
      PriorityClassWith("system-mine", 5)));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "PriorityClass huge: value: maximum allowed value of a user "
            "defined priority is "
            "1000000000, not 1000000001",
            "PriorityClass system-mine: metadata.name: priority class names "
            "with 'system-' "
            "prefix are reserved for system use only; known system classes: "
            "system-cluster-critical, system-node-critical",
            "PriorityClass second: globalDefault: PriorityClass first is "
            "already marked as "
            "default. Only one default can exist"});
}

TEST_CASE("Admission: the system classes always exist") {
  SimulationResult r =
      Run(ScenarioWith(ByClass("a", "system-node-critical"),
                       ByClass("b", "system-cluster-critical")));
  CHECK(r.scenario.pods[0].priority == 2'000'001'000);
  CHECK(r.scenario.pods[1].priority == 2'000'000'000);
}

}  // namespace podsim
