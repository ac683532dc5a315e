// The Job controller's rules on their own (core/controllers/job.h): the
// podFailurePolicy's matching, the backoff's remaining time and the order
// active pods are deleted in. Tables translated from upstream's
// pod_failure_policy_test.go and backoff_utils_test.go.
#include "core/controllers/job.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
namespace {

using Action = PodFailurePolicyRule::Action;

PodFailurePolicyRule ExitCodes(Action action, bool in,
                               std::vector<int32_t> values,
                               std::optional<std::string> container = {}) {
  PodFailurePolicyRule rule;
  rule.action = action;
  rule.on_exit_codes = true;
  rule.exit_codes_in = in;
  rule.exit_codes = std::move(values);
  rule.container_name = std::move(container);
  return rule;
}

PodFailurePolicyRule Conditions(Action action, const std::string& type,
                                const std::string& status = "True") {
  PodFailurePolicyRule rule;
  rule.action = action;
  rule.on_pod_conditions = {{type, status}};
  return rule;
}

FailedPodStatus Exited(std::vector<FailedPodStatus::Container> containers) {
  FailedPodStatus status;
  status.containers = std::move(containers);
  return status;
}

FailedPodStatus WithCondition(const std::string& type,
                              const std::string& status) {
  FailedPodStatus pod;
  pod.conditions = {{type, status}};
  return pod;
}

}  // namespace

TEST_CASE(
    "Job: matchPodFailurePolicy - the first matching rule decides, "
    "onExitCodes and onPodConditions alike (TestMatchPodFailurePolicy)") {
  struct Row {
    const char* name;  // upstream's case name
    std::vector<PodFailurePolicyRule> rules;
    FailedPodStatus pod;
    bool count;
    std::optional<Action> action;
  };
  const Row rows[] = {
      {"no policy rules", {}, Exited({{"main-container", 2}}), true, {}},
      {"ignore rule matched for exit codes",
       {ExitCodes(Action::kIgnore, true, {1, 2, 3})},
       Exited({{"main-container", 2}}),
       false,
       Action::kIgnore},
      {"ignore rule matched on negative exit codes - needed for Windows "
       "support",
       {ExitCodes(Action::kIgnore, true, {-1073741790, -1073741791})},
       Exited({{"main-container", -1073741790}}),
       false,
       Action::kIgnore},
      {"FailJob rule matched for exit codes",
       {ExitCodes(Action::kFailJob, true, {1, 2, 3})},
       Exited({{"main-container", 2}}),
       true,
       Action::kFailJob},
      {"successful containers are skipped by the rules",
       {ExitCodes(Action::kFailJob, false, {111})},
       [] {
         FailedPodStatus s = Exited({{"main-container", 0}});
         s.init_containers = {{"init-container", 0}};
         return s;
       }(),
       true,
       {}},
      {"FailIndex rule matched for exit codes; JobBackoffLimitPerIndex "
       "enabled",
       {ExitCodes(Action::kFailIndex, true, {1, 2, 3})},
       Exited({{"main-container", 2}}),
       true,
       Action::kFailIndex},
      {"pod failure policy with NotIn operator and value 0",
       {ExitCodes(Action::kFailJob, false, {0})},
       Exited({{"main-container", 1}, {"side-container", 0}}),
       true,
       Action::kFailJob},
      {"second jobfail rule matched for exit codes",
       {ExitCodes(Action::kCount, true, {1, 2, 3}),
        ExitCodes(Action::kFailJob, false, {1, 2, 3})},
       Exited({{"main-container", 42}}),
       true,
       Action::kFailJob},
      {"count rule matched for exit codes",
       {ExitCodes(Action::kCount, true, {1, 2, 3})},
       Exited({{"foo", 2}}),
       true,
       Action::kCount},
      {"ignore rule matched for pod conditions",
       {Conditions(Action::kIgnore, "DisruptionTarget")},
       WithCondition("DisruptionTarget", "True"),
       false,
       Action::kIgnore},
      {"ignore rule matches by the status=False",
       {Conditions(Action::kIgnore, "ResourceLimitExceeded", "False")},
       WithCondition("ResourceLimitExceeded", "False"),
       false,
       Action::kIgnore},
      {"ignore rule does not match when status for pattern is False, but "
       "actual True",
       {Conditions(Action::kIgnore, "DisruptionTarget", "False")},
       WithCondition("DisruptionTarget", "True"),
       true,
       {}},
      {"default - do not match condition with status=False",
       {Conditions(Action::kIgnore, "DisruptionTarget")},
       WithCondition("DisruptionTarget", "False"),
       true,
       {}},
      {"job fail rule matched for pod conditions",
       {Conditions(Action::kFailJob, "DisruptionTarget")},
       WithCondition("DisruptionTarget", "True"),
       true,
       Action::kFailJob},
      {"count rule matched for pod conditions",
       {Conditions(Action::kCount, "DisruptionTarget")},
       WithCondition("DisruptionTarget", "True"),
       true,
       Action::kCount},
      {"no rule matched",
       {ExitCodes(Action::kCount, false, {8}),
        ExitCodes(Action::kFailJob, true, {1}),
        Conditions(Action::kIgnore, "DisruptionTarget")},
       [] {
         FailedPodStatus s = Exited({{"foo", 8}});
         s.conditions = {{"OtherType", "True"}};
         return s;
       }(),
       true,
       {}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    const PodFailureMatch got = MatchPodFailurePolicy(&row.rules, row.pod);
    CHECK(got.count == row.count);
    CHECK(got.action == row.action);
  }
}

TEST_CASE(
    "Job: a container not yet terminated and a rule naming another "
    "container match no exit code (getMatchingContainerFromList)") {
  const std::vector<PodFailurePolicyRule> rules = {
      ExitCodes(Action::kFailJob, true, {2}, "main")};
  CHECK_FALSE(MatchPodFailurePolicy(&rules, Exited({{"main", std::nullopt}}))
                  .action.has_value());
  CHECK_FALSE(
      MatchPodFailurePolicy(&rules, Exited({{"side", 2}})).action.has_value());
  CHECK(MatchPodFailurePolicy(&rules, Exited({{"main", 2}})).action ==
        Action::kFailJob);
  // Init containers are looked at after the containers.
  FailedPodStatus init;
  init.init_containers = {{"main", 2}};
  CHECK(MatchPodFailurePolicy(&rules, init).action == Action::kFailJob);
}

TEST_CASE(
    "Job: a preempted pod ends with DisruptionTarget and its containers "
    "killed (exit code 137), so rules match in order over both") {
  Controller c;
  c.container_names = {"main", "side"};
  const FailedPodStatus preempted = PreemptedPodStatus(c);
  struct Row {
    const char* name;
    std::vector<PodFailurePolicyRule> rules;
    bool count;
    std::optional<Action> action;
  };
  const Row rows[] = {
      {"Ignore DisruptionTarget",
       {Conditions(Action::kIgnore, "DisruptionTarget")},
       false,
       Action::kIgnore},
      {"an exit-code rule first: FailJob on NotIn [0] sees 137",
       {ExitCodes(Action::kFailJob, false, {0}),
        Conditions(Action::kIgnore, "DisruptionTarget")},
       true,
       Action::kFailJob},
      {"an exit-code rule first that does not match: In [42]",
       {ExitCodes(Action::kFailJob, true, {42}, "main"),
        Conditions(Action::kIgnore, "DisruptionTarget")},
       false,
       Action::kIgnore},
      {"Count before Ignore",
       {Conditions(Action::kCount, "DisruptionTarget"),
        Conditions(Action::kIgnore, "DisruptionTarget")},
       true,
       Action::kCount},
      {"Ignore by exit code 137 of a named container",
       {ExitCodes(Action::kIgnore, true, {137}, "side")},
       false,
       Action::kIgnore},
      {"a Ready=False condition the kubelet set",
       {Conditions(Action::kFailJob, "Ready", "False")},
       true,
       Action::kFailJob},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    const PodFailureMatch got = MatchPodFailurePolicy(&row.rules, preempted);
    CHECK(got.count == row.count);
    CHECK(got.action == row.action);
  }
}

TEST_CASE(
    "Job: getRemainingTime - the backoff for the failures since the last "
    "success, less the time since the last (TestGetRemainingBackoffTime)") {
  struct Row {
    const char* name;
    int32_t failures;
    int64_t since_failure_s;
    int64_t want_s;
  };
  // defaultBackoff 5 s, maxBackoff 700 s, as upstream's table sets them.
  const Row rows[] = {
      {"no failures", 0, 0, 0},
      {"one failure; current time and failure time are same", 1, 0, 5},
      {"one failure; current time == 1 second + failure time", 1, 1, 4},
      {"one failure; current time == expected backoff time", 1, 5, 0},
      {"one failure; current time == expected backoff time + 1 Second", 1, 6,
       0},
      {"three failures; current time and failure time are same", 3, 0, 20},
      {"eight failures; current time and failure time are same; backoff not "
       "exceeding maxBackoff",
       8, 0, 640},
      {"nine failures; current time and failure time are same; backoff "
       "exceeding maxBackoff",
       9, 0, 700},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    JobBackoff b;
    b.failures = row.failures;
    b.last_failure_ms = 1'000'000;
    CHECK(RemainingBackoffMs(b, 1'000'000 + row.since_failure_s * 1000, 5000,
                             700'000) == row.want_s * 1000);
  }
  // The defaults: 10 s doubling, at most 10 minutes.
  JobBackoff many;
  many.failures = 12;
  CHECK(RemainingBackoffMs(many, 0) == 600'000);
}

TEST_CASE(
    "Job: controller.ActivePods ranks unassigned first, then phase, then "
    "not ready, then the newer creationTimestamp") {
  const ActivePodRank bound_old{
      .assigned = true, .phase = 2, .ready = true, .created = 100, .index = 0};
  const ActivePodRank bound_new{
      .assigned = true, .phase = 2, .ready = true, .created = 200, .index = 1};
  const ActivePodRank unready{
      .assigned = true, .phase = 2, .ready = false, .created = 50, .index = 2};
  const ActivePodRank pending_phase{
      .assigned = true, .phase = 0, .ready = true, .created = 10, .index = 3};
  const ActivePodRank unassigned{
      .assigned = false, .phase = 0, .ready = false, .created = 5, .index = 4};
  std::vector<ActivePodRank> pods = {bound_old, bound_new, unready,
                                     pending_phase, unassigned};
  std::sort(pods.begin(), pods.end(), ActivePodsLess);
  std::vector<ObjectIndex> order;
  for (const ActivePodRank& p : pods) order.push_back(p.index);
  CHECK(order == std::vector<ObjectIndex>{4, 3, 2, 1, 0});
  // No creationTimestamp comes first (afterOrZero).
  const ActivePodRank unstamped{
      .assigned = true, .phase = 2, .ready = true, .index = 5};
  CHECK(ActivePodsLess(unstamped, bound_new));
}

}  // namespace podsim
