// The simulation loop: the run's set-up from the scenario, then between
// the cycles the clock's timers (the queue's, and the victims' deletions
// landing and grace periods ending, as the scheduler's event handlers see
// them) and the controllers; the cycle itself is in schedule_one.cc.
#include "core/scheduler/scheduler.h"

#include <algorithm>
#include <utility>

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;
// A cap that ends the simulation should retries never settle.
constexpr size_t kAttemptsPerPendingPod = 8;

int64_t Millis(int64_t seconds) { return seconds * kSecond; }

}  // namespace

Scheduler::Scheduler(Scenario& scenario, const SchedulerOptions& options,
                     Diagnostics& diagnostics)
    : scenario_(scenario),
      options_(options),
      diagnostics_(diagnostics),
      cluster_(scenario),
      recorder_(clock_, options.max_events),
      terminations_(clock_),
      queue_(scenario, *options.profile, clock_, recorder_),
      input_pods_(scenario.pods.size()),
      attempts_per_pod_(scenario.pods.size(), 0) {
  Setup();
}

void Scheduler::Setup() {
  const std::vector<ObjectIndex> pending = PlaceInputPods();
  pending_pods_ = pending.size();
  StartClock();
  if (options_.decision) {
    decisions_ = pending;
    return;
  }
  ScheduleInputTerminations();
  QueueInputPods(pending);
  if (options_.controllers) {
    // The controllers run from the start: what their objects want and
    // their pods lack is created now. The pods they create are appended to
    // the scenario only between cycles, when no cycle holds a reference to
    // a pod.
    controllers_ = std::make_unique<ControllerManager>(
        scenario_, cluster_, clock_, queue_, terminations_, recorder_,
        diagnostics_);
    controllers_->Run();
  }
}

std::vector<ObjectIndex> Scheduler::PlaceInputPods() {
  std::vector<ObjectIndex> pending;
  std::vector<std::pair<ObjectIndex, ObjectIndex>> bound;  // pod, node
  for (const Pod& pod : scenario_.pods) {
    if (!pod.admitted) continue;
    if (pod.phase == "Succeeded" || pod.phase == "Failed") continue;
    if (pod.bound()) {
      const ObjectIndex n = InputPodNode(pod);
      if (n != kNoNode) bound.emplace_back(pod.index, n);
      continue;
    }
    if (pod.scheduler_name != kDefaultScheduler) {
      Warn(pod, "spec.schedulerName",
           "schedulerName \"" + pod.scheduler_name +
               "\" is not default-scheduler; the pod is left pending");
      continue;
    }
    if (pod.terminating) {
      Warn(pod, "metadata.deletionTimestamp",
           "the pod is being deleted; the scheduler skips it");
      continue;
    }
    if (!pod.nominated_node_name.empty()) NominateInputPod(pod);
    pending.push_back(pod.index);
  }
  // The cache adds the bound pods as the informer first lists them, which
  // orders the pods on each node.
  std::stable_sort(bound.begin(), bound.end(), [&](auto a, auto b) {
    return ListedBefore(cluster_.pod(a.first), cluster_.pod(b.first));
  });
  for (auto [p, n] : bound) cluster_.Bind(p, n);
  return pending;
}

ObjectIndex Scheduler::InputPodNode(const Pod& pod) {
  ObjectIndex n = cluster_.FindNode(pod.node_name);
  if (n == kNoNode) {
    Diagnostic& d =
        Warn(pod, "spec.nodeName",
             "bound to node \"" + pod.node_name +
                 "\", which is not in the scenario; add that Node or remove "
                 "spec.nodeName to make the pod pending",
             Severity::kError);
    diagnostics_.NamesMissing(d,
                              ObjectRef{"Node", "", pod.node_name}.Describe());
  }
  return n;
}

void Scheduler::NominateInputPod(const Pod& pod) {
  ObjectIndex n = cluster_.FindNode(pod.nominated_node_name);
  if (n == kNoNode) {
    Diagnostic& d = Warn(pod, "status.nominatedNodeName",
                         "nominated to node \"" + pod.nominated_node_name +
                             "\", which is not in the scenario; the "
                             "nomination is ignored");
    diagnostics_.NamesMissing(
        d, ObjectRef{"Node", "", pod.nominated_node_name}.Describe());
    return;
  }
  cluster_.Nominate(pod.index, n);
}

void Scheduler::StartClock() {
  // The clock starts at the latest time on the cluster's objects (bound
  // pods' creation and start, nodes' and PDBs' creation), so that a months
  // old dump works; pods created later arrive later.
  std::optional<int64_t> latest_object;
  auto see = [&](const std::optional<int64_t>& seconds) {
    if (seconds)
      latest_object = std::max(latest_object.value_or(*seconds), *seconds);
  };
  for (const Node& node : scenario_.nodes) see(node.creation_time);
  for (const PodDisruptionBudget& pdb : scenario_.pdbs) see(pdb.creation_time);
  for (const Pod& pod : scenario_.pods) {
    if (cluster_.NodeOf(pod.index) == kNoNode) continue;  // not placed
    see(pod.creation_time);
    see(pod.start_time);
  }
  Timeline& timeline = recorder_.timeline();
  timeline.start_found = latest_object.has_value();
  timeline.start_given = options_.start_ms.has_value();
  clock_.Set(options_.start_ms ? *options_.start_ms
                               : Millis(latest_object.value_or(0)));
  timeline.start_ms = clock_.now();
  queue_.Run();
}

void Scheduler::ScheduleInputTerminations() {
  // A pod terminating in the input leaves at its deadline; one already
  // past it leaves a second after the start (the kubelet is overdue), so
  // that the first cycles see it as the input shows it.
  for (const Pod& pod : scenario_.pods) {
    if (!pod.terminating || !pod.bound() ||
        cluster_.NodeOf(pod.index) == kNoNode)
      continue;
    terminations_.LeaveAt(pod.index,
                          std::max(Millis(pod.deletion_time.value_or(0)),
                                   clock_.now() + kSecond));
  }
}

void Scheduler::QueueInputPods(const std::vector<ObjectIndex>& pending) {
  // Pods without creationTimestamp were queued after the others, in input
  // order. A pod created after the start arrives then.
  int64_t latest_created = 0;
  for (ObjectIndex p : pending) {
    const std::optional<int64_t>& created = cluster_.pod(p).creation_time;
    if (created) latest_created = std::max(latest_created, *created);
  }
  const int64_t unstamped = Millis(latest_created) + 1;
  for (ObjectIndex p : pending) {
    const Pod& pod = cluster_.pod(p);
    const int64_t timestamp =
        pod.creation_time ? Millis(*pod.creation_time) : unstamped;
    if (pod.creation_time && timestamp > clock_.now()) {
      queue_.AddAt(p, timestamp);
      continue;
    }
    queue_.Add(p, timestamp);
    recorder_.Record(QueueEventKind::kArrive, p);
  }
}

bool Scheduler::Next(Attempt& attempt) {
  if (options_.decision) {
    if (next_decision_ == decisions_.size()) return false;
    attempt = SchedulingCycle(decisions_[next_decision_++]);
    attempt.time_ms = clock_.now();
    attempt.events_before =
        static_cast<int64_t>(recorder_.timeline().events.size());
    return true;
  }
  for (;;) {
    FireTimers();
    if (controllers_) {
      controllers_->Run();
      // The Job controller has counted the pods its finalizer held.
      if (SweepFinalized()) controllers_->Run();
    }
    if (StopRetries()) return false;
    if (std::optional<ObjectIndex> p = queue_.Pop()) {
      ScheduleOne(*p, attempt);
      return true;
    }
    if (!AdvanceClock()) return false;
  }
}

bool Scheduler::StopRetries() {
  // Each pod to schedule, the input's and those the controllers created,
  // adds to the cap.
  const size_t pods = pending_pods_ + 1 + scenario_.pods.size() - input_pods_;
  const int64_t limit = static_cast<int64_t>(kAttemptsPerPendingPod * pods);
  if (attempts_made_ < limit || !queue_.HasActiveOrBackoff()) return false;
  diagnostics_.Add(Severity::kWarning, "", FieldPath(), 0,
                   "stopped after " + std::to_string(attempts_made_) +
                       " scheduling attempts; some pods were still being "
                       "retried");
  queue_.Close();
  clock_.ClearTimers();
  return true;
}

void Scheduler::FireTimers() {
  while (std::optional<DueTimer> due = clock_.PopDue()) {
    switch (due->timer) {
      case Timer::kDeleteLands:
        DeletionLanded(due->pod);
        break;
      case Timer::kGone:
        GoneOrHeld(due->pod);
        break;
      case Timer::kArrive:
      case Timer::kBackoffDone:
      case Timer::kFlush:
        queue_.OnTimer(*due);
        break;
      case Timer::kControllerSync:
        if (controllers_) controllers_->SyncDue(due->pod);
        break;
    }
  }
}

bool Scheduler::AdvanceClock() {
  // Timers whose pod has moved on since they were set change nothing.
  return clock_.AdvanceToNextTimer([&](const DueTimer& due) {
    switch (due.timer) {
      case Timer::kGone:
      case Timer::kDeleteLands:
        return !terminations_.Leaving(due.pod);
      case Timer::kArrive:
      case Timer::kBackoffDone:
      case Timer::kFlush:
        return queue_.Stale(due);
      case Timer::kControllerSync:
        return !controllers_;
    }
    return false;
  });
}

void Scheduler::DeletionLanded(ObjectIndex p) {
  if (!terminations_.Leaving(p) || cluster_.Terminating(p)) return;
  EndPreemptionOnLastVictim(p);
  cluster_.MarkPreempted(p);
  terminations_.DeletionLanded(p);
  recorder_.Record(QueueEventKind::kTerminating, p, cluster_.NodeOf(p),
                   terminations_.GoneAt(p));
  queue_.MoveAllToActiveOrBackoffQueue(
      {.event = ClusterEvent::kPodTerminating, .pod = p});
  if (controllers_) controllers_->OnPreempted(p);
  LeaveIfNoGracePeriod(p);
}

void Scheduler::EndPreemptionOnLastVictim(ObjectIndex p) {
  auto it = preemption_ends_with_.find(p);
  if (it == preemption_ends_with_.end()) return;
  // IsPodRunningPreemption: the last victim being deleted ends it.
  queue_.FinishPreemption(it->second);
  preemption_ends_with_.erase(it);
}

void Scheduler::LeaveIfNoGracePeriod(ObjectIndex p) {
  // The API server removes a pod without a grace period at once: its
  // deletion is an event before the preemption's next call.
  if (terminations_.Leaving(p) && terminations_.GoneAt(p) <= clock_.now()) {
    GoneOrHeld(p);
  }
}

bool Scheduler::HeldByFinalizer(ObjectIndex p) const {
  return controllers_ && scenario_.pods[p].job_tracking_finalizer;
}

void Scheduler::GoneOrHeld(ObjectIndex p) {
  // A Job's pod stays, failed, once its kubelet is done, until the Job
  // controller has counted it and removed its finalizer; then the API
  // server lets it go (the oracle's terminated and sweep).
  if (HeldByFinalizer(p)) {
    if (terminations_.Leaving(p) &&
        std::find(held_.begin(), held_.end(), p) == held_.end())
      held_.push_back(p);
    return;
  }
  Gone(p);
}

bool Scheduler::SweepFinalized() {
  if (held_.empty()) return false;
  std::vector<ObjectIndex> held;
  held.swap(held_);
  for (ObjectIndex p : held) Gone(p);
  return true;
}

void Scheduler::Gone(ObjectIndex p) {
  if (!terminations_.Gone(p)) return;
  ObjectIndex node = cluster_.NodeOf(p);
  cluster_.Delete(p);
  recorder_.Record(QueueEventKind::kGone, p, node);
  queue_.MoveAllToActiveOrBackoffQueue(
      {.event = ClusterEvent::kAssignedPodDelete, .pod = p});
  if (controllers_) controllers_->OnGone(p);
}

Timeline Scheduler::TakeTimeline() {
  Timeline timeline = recorder_.Take();
  if (controllers_) {
    for (WorkloadOutcome& outcome : controllers_->Outcomes()) {
      timeline.workloads.push_back(std::move(outcome));
    }
  }
  return timeline;
}

SchedulerRun RunScheduler(Scenario& scenario, const SchedulerOptions& options,
                          Diagnostics& diagnostics) {
  Scheduler scheduler(scenario, options, diagnostics);
  SchedulerRun run;
  Attempt attempt;
  while (scheduler.Next(attempt)) {
    const bool focus = !options.focus_pod.empty() &&
                       scenario.pods[attempt.pod].key == options.focus_pod;
    run.attempts.push_back(std::move(attempt));
    if (focus) break;
  }
  run.timeline = scheduler.TakeTimeline();
  return run;
}

}  // namespace podsim
