// The Job controller's rules that are not its sync (pkg/controller/job):
// which podFailurePolicy rule a failed pod matches (pod_failure_policy.go),
// the backoff before a Job creates pods again after failures
// (backoff_utils.go), the status a preempted pod ends with, and the order
// in which a Job deletes active pods (activePodsForRemoval).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

// DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff, in ms.
inline constexpr int64_t kJobPodFailureBackOffMs = 10'000;
inline constexpr int64_t kMaxJobPodFailureBackOffMs = 600'000;

// A failed pod's status as matchPodFailurePolicy reads it.
struct FailedPodStatus {
  struct Container {
    std::string name;
    std::optional<int32_t> exit_code;  // state.terminated.exitCode; none: not
                                       // terminated
  };
  std::vector<std::pair<std::string, std::string>> conditions;  // type, status
  std::vector<Container> containers;
  std::vector<Container> init_containers;
};

// What matchPodFailurePolicy decides for a failed pod: whether the failure
// counts toward backoffLimit, and the action of the rule that matched
// (none: no rule did).
struct PodFailureMatch {
  bool count = true;
  std::optional<PodFailurePolicyRule::Action> action;
};

// Mirrors matchPodFailurePolicy: the first rule that matches decides, an
// onExitCodes rule by a terminated container's non-zero exit code
// (containers first, then init containers), an onPodConditions rule by a
// condition of the pod with the pattern's type and status. FailIndex counts
// (JobBackoffLimitPerIndex is on). Without a policy (null), it counts.
PodFailureMatch MatchPodFailurePolicy(
    const std::vector<PodFailurePolicyRule>* policy,
    const FailedPodStatus& pod);

// The status a pod of job c ends with once the scheduler preempted it and
// the kubelet killed it: the DisruptionTarget condition the scheduler adds,
// the conditions the kubelet sets on a terminated pod (Ready and
// ContainersReady False, PodScheduled and Initialized True), and every
// container of the template terminated by SIGKILL (exit code 137): podsim's
// containers do not act on SIGTERM.
FailedPodStatus PreemptedPodStatus(const Controller& c);

// The Job controller's record of failures for its backoff (backoffRecord):
// the failures since the last success (no pod succeeds in podsim, so all of
// the run's) and when the last one happened. A failure counts at the
// moment the controller sees it (unstamped until its next sync).
struct JobBackoff {
  int32_t failures = 0;
  int64_t last_failure_ms = 0;
  int32_t unstamped = 0;  // failures seen since the Job last synced
  int64_t sync_at = -1;   // the resync requested last (enqueueSyncJobWithDelay)
};

// Mirrors getRemainingTimeForFailuresCount: 10 s doubled per failure after
// the first, at most 10 minutes, less the time since the last failure.
int64_t RemainingBackoffMs(const JobBackoff& b, int64_t now_ms,
                           int64_t base_ms = kJobPodFailureBackOffMs,
                           int64_t max_ms = kMaxJobPodFailureBackOffMs);

// What controller.ActivePods sorts a Job's active pods by.
struct ActivePodRank {
  bool assigned = false;
  int phase = 0;  // Pending 0 < Unknown 1 < Running 2
  bool ready = false;
  std::optional<int64_t> created;  // creationTimestamp, seconds
  ObjectIndex index = 0;
};

// Mirrors controller.ActivePods.Less: unassigned first, then the earlier
// phase, not ready before ready, then the newer creationTimestamp (none
// first); podsim tracks no ready time nor restarts. Ties: the later pod.
bool ActivePodsLess(const ActivePodRank& a, const ActivePodRank& b);

}  // namespace podsim
