// The Job controller's rules (pkg/controller/job): its pod failure policy,
// its backoff and the order it deletes active pods in.
#include "core/controllers/job.h"

#include <algorithm>
#include <vector>

namespace podsim {
namespace {

// Mirrors isOnExitCodesOperatorMatching and getMatchingContainerFromList:
// a terminated container with a non-zero exit code, of the named container
// when the rule names one.
bool MatchesExitCodes(const std::vector<FailedPodStatus::Container>& list,
                      const PodFailurePolicyRule& rule) {
  for (const FailedPodStatus::Container& c : list) {
    if (!c.exit_code || *c.exit_code == 0) continue;
    if (rule.container_name && *rule.container_name != c.name) continue;
    const bool listed =
        std::find(rule.exit_codes.begin(), rule.exit_codes.end(),
                  *c.exit_code) != rule.exit_codes.end();
    if (listed == rule.exit_codes_in) return true;
  }
  return false;
}

// Mirrors matchOnPodConditions.
bool MatchesConditions(const FailedPodStatus& pod,
                       const PodFailurePolicyRule& rule) {
  for (const auto& condition : pod.conditions) {
    for (const auto& pattern : rule.on_pod_conditions) {
      if (condition == pattern) return true;
    }
  }
  return false;
}

}  // namespace

PodFailureMatch MatchPodFailurePolicy(
    const std::vector<PodFailurePolicyRule>* policy,
    const FailedPodStatus& pod) {
  if (!policy) return {};
  for (const PodFailurePolicyRule& rule : *policy) {
    const bool matches = rule.on_exit_codes
                             ? MatchesExitCodes(pod.containers, rule) ||
                                   MatchesExitCodes(pod.init_containers, rule)
                             : MatchesConditions(pod, rule);
    if (!matches) continue;
    return {.count = rule.action != PodFailurePolicyRule::Action::kIgnore,
            .action = rule.action};
  }
  return {};
}

FailedPodStatus PreemptedPodStatus(const Controller& c) {
  FailedPodStatus status;
  status.conditions = {{"PodReadyToStartContainers", "False"},
                       {"Initialized", "True"},
                       {"Ready", "False"},
                       {"ContainersReady", "False"},
                       {"PodScheduled", "True"},
                       {"DisruptionTarget", "True"}};
  for (const std::string& name : c.container_names) {
    status.containers.push_back({name, 137});
  }
  return status;
}

int64_t RemainingBackoffMs(const JobBackoff& b, int64_t now_ms, int64_t base_ms,
                           int64_t max_ms) {
  if (b.failures == 0) return 0;
  int64_t backoff = base_ms;
  for (int i = 1; i < b.failures; ++i) {
    backoff *= 2;
    if (backoff >= max_ms) {
      backoff = max_ms;
      break;
    }
  }
  const int64_t elapsed = now_ms - b.last_failure_ms;
  return backoff < elapsed ? 0 : backoff - elapsed;
}

bool ActivePodsLess(const ActivePodRank& a, const ActivePodRank& b) {
  if (a.assigned != b.assigned) return !a.assigned;
  if (a.phase != b.phase) return a.phase < b.phase;
  if (a.ready != b.ready) return !a.ready;
  if (a.created != b.created) {
    // afterOrZero: none first, then the newer.
    if (!a.created || !b.created) return !a.created;
    return *a.created > *b.created;
  }
  return a.index > b.index;
}

}  // namespace podsim
