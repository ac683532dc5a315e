// The Job controller's sync on the simulated clock
// (pkg/controller/job/job_controller.go): WorkloadControllers::SyncJob
// mirrors syncJob and manageJob for NonIndexed Jobs; the rules it applies
// are job.h's.
#include <algorithm>
#include <vector>

#include "core/controllers/job.h"
#include "core/controllers/workloads.h"

namespace podsim {

const Controller* WorkloadControllers::JobOf(int w) const {
  const Workload& wl = workloads_[w];
  if (wl.kind != "Job" || wl.controller < 0) return nullptr;
  return &scenario_.controllers[wl.controller];
}

void WorkloadControllers::CountFailure(int w) {
  // Every failure enters the backoff record (newBackoffRecord takes all new
  // failed pods); backoffLimit counts those the policy does not ignore
  // (nonIgnoredFailedPodsCount), and a FailJob rule fails the Job at once
  // (getFailJobMessage, reason PodFailurePolicy).
  Workload& job = workloads_[w];
  const Controller& c = scenario_.controllers[job.controller];
  ++BackoffOf(w).unstamped;
  const PodFailureMatch match = MatchPodFailurePolicy(
      c.pod_failure_policy ? &*c.pod_failure_policy : nullptr,
      PreemptedPodStatus(c));
  if (match.action == PodFailurePolicyRule::Action::kFailJob) {
    job.failed = true;
  }
  if (!match.count) return;
  ++job.failures;
  if (c.failed + job.failures > c.backoff_limit) job.failed = true;
}

JobBackoff& WorkloadControllers::BackoffOf(int w) {
  if (job_backoff_.size() <= static_cast<size_t>(w)) {
    job_backoff_.resize(workloads_.size());
  }
  return job_backoff_[w];
}

std::vector<ObjectIndex> WorkloadControllers::ActivePodsForRemoval(
    std::vector<ObjectIndex> active, size_t n) const {
  auto rank = [&](ObjectIndex p) {
    const Pod& pod = scenario_.pods[p];
    const bool assigned = state_[p] == State::kBound;
    // As the input gives them for a pod bound there; a pod bound in the run
    // is Running and Ready once bound.
    int phase = assigned ? 2 : 0;
    if (assigned && pod.bound() && pod.phase == "Pending") phase = 0;
    if (assigned && pod.bound() && pod.phase == "Unknown") phase = 1;
    return ActivePodRank{.assigned = assigned,
                         .phase = phase,
                         .ready = assigned && pod.ready.value_or(!pod.bound()),
                         .created = pod.creation_time,
                         .index = p};
  };
  std::sort(active.begin(), active.end(), [&](ObjectIndex a, ObjectIndex b) {
    return ActivePodsLess(rank(a), rank(b));
  });
  active.resize(std::min(n, active.size()));
  return active;
}

int32_t WorkloadControllers::JobWantActive(int w, int32_t active) const {
  // manageJob's wantActive: parallelism, within the completions left; with
  // no completions, what runs once one pod succeeded.
  const Workload& job = workloads_[w];
  const Controller* c =
      job.controller >= 0 ? &scenario_.controllers[job.controller] : nullptr;
  if (!c) return job.wanted;
  if (!c->completions) return c->succeeded > 0 ? active : job.wanted;
  return std::clamp(*c->completions - c->succeeded, 0, job.wanted);
}

void WorkloadControllers::SyncJob(int w, int64_t now,
                                  std::vector<ControllerAction>& out) {
  // Mirrors syncJob and manageJob for NonIndexed Jobs.
  Workload& job = workloads_[w];
  JobBackoff& backoff = BackoffOf(w);
  if (backoff.unstamped > 0) {  // newBackoffRecord
    backoff.failures += backoff.unstamped;
    backoff.last_failure_ms = now;
    backoff.unstamped = 0;
  }
  std::vector<ObjectIndex> active;
  int32_t terminating = 0;
  for (ObjectIndex p : job.pods) {
    if (Active(p)) active.push_back(p);
    terminating += state_[p] == State::kTerminating;
  }
  const Controller* c = JobOf(w);
  if (job.failed) {
    // A failed Job's active pods are deleted (deleteActivePods).
    for (ObjectIndex p : active) Delete(w, p, out);
    return;
  }
  const auto n = static_cast<int32_t>(active.size());
  // A suspended Job deletes all its active pods; one above wantActive the
  // surplus (activePodsForRemoval); either creates none in that sync.
  const int32_t want = c && c->suspended ? 0 : JobWantActive(w, n);
  if (n > want) {
    for (ObjectIndex p : ActivePodsForRemoval(active, n - want)) {
      Delete(w, p, out);
    }
    return;
  }
  // podReplacementPolicy Failed counts terminating pods until they are gone.
  const int32_t diff =
      want - n - (c && c->replace_when_failed ? terminating : 0);
  if (diff <= 0) return;
  // One backoff for the Job's creations (getRemainingTime): it syncs again
  // when the backoff ends (enqueueSyncJobWithDelay) and creates then.
  if (int64_t remaining = RemainingBackoffMs(backoff, now); remaining > 0) {
    if (backoff.sync_at != now + remaining) {
      backoff.sync_at = now + remaining;
      out.push_back(
          {ControllerAction::Kind::kSync, w, -1, nullptr, backoff.sync_at});
    }
    return;
  }
  for (int32_t i = 0; i < diff; ++i) Create(w, "", now, out);
}

}  // namespace podsim
