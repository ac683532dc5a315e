// The scheduling queue's timing, mirroring pkg/scheduler/backend/queue:
// activeQ by priority then arrival, backoffQ, the unschedulable pool moved
// by the cluster events that may help its pods (queueing hints) and flushed
// after its timeout, on a simulated clock that also runs the victims'
// grace periods. The cycle itself is in scheduler.cc.
#include <algorithm>

#include "core/controllers/disruption.h"
#include "core/framework/preemption/pdb.h"
#include "core/scheduler/scheduler.h"

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;
// flushUnschedulablePodsLeftover runs every 30 s.
constexpr int64_t kFlushPeriod = 30 * kSecond;
// A cap that ends the simulation should retries never settle.
constexpr size_t kAttemptsPerPendingPod = 8;

int64_t Millis(int64_t seconds) { return seconds * kSecond; }

}  // namespace

uint32_t SchedulingQueue::HelpedBy(ClusterEvent event) const {
  constexpr uint32_t kNeighbours =
      kRejectsFit | kRejectsPorts | kRejectsAffinity | kRejectsSpread;
  if (options_.profile->requeue == Requeue::kRegisteredEvents) {
    // Hints off (v1.31): every hint reads Queue, so a pod moves when a
    // plugin that rejected it registered the event.
    switch (event) {
      case ClusterEvent::kAssignedPodDelete:
        // Pod/Delete: NodeResourcesFit, NodePorts, InterPodAffinity,
        // PodTopologySpread and VolumeRestrictions.
        return kNeighbours | kRejectsVolumes;
      case ClusterEvent::kAssignedPodAdd:
        // AssignedPodAdded keeps pods with a matching affinity term or
        // rejected by PodTopologySpread; both plugins register Pod/Add.
        return kRejectsAffinity | kRejectsSpread;
      case ClusterEvent::kNominationCleared:
        // An unscheduled pod's update moves only that pod (Update).
      case ClusterEvent::kPodTerminating:
        // assignedPodOtherUpdate: no plugin registers that action.
        return 0;
    }
  }
  if (options_.profile->requeue == Requeue::kMoveAll) {
    // v1.14: a deleted pod moves every waiting pod (MoveAllToActiveQueue);
    // an assigned pod added or updated, those with affinity terms
    // (AssignedPodAdded/Updated); a pending pod's nomination, none.
    switch (event) {
      case ClusterEvent::kAssignedPodDelete:
        return ~uint32_t{0};
      case ClusterEvent::kNominationCleared:
        return 0;
      case ClusterEvent::kAssignedPodAdd:
      case ClusterEvent::kPodTerminating:
        return kRejectsAffinity | kRejectsSpread;
    }
  }
  switch (event) {
    case ClusterEvent::kAssignedPodDelete:  // room, ports, domains free up
      // VolumeRestrictions' isSchedulableAfterPodDeleted: a ReadWriteOncePod
      // claim may be free.
      return kNeighbours | kRejectsVolumes;
    case ClusterEvent::kNominationCleared:  // the nominated-pods pass changes
      return kNeighbours;
    case ClusterEvent::kAssignedPodAdd:  // affinity, spreading may be met
      return kRejectsAffinity | kRejectsSpread;
    case ClusterEvent::kPodTerminating:  // spreading skips terminating pods
      return kRejectsSpread;
  }
  return kNeighbours;
}

void SchedulingQueue::Setup() {
  queued_.assign(scenario_.pods.size(), QueuedPod{});
  gone_at_.assign(scenario_.pods.size(), -1);
  const std::vector<ObjectIndex> pending = PlaceInputPods();
  StartClock(pending);
  ScheduleInputTerminations();
  QueueInputPods(pending);
  if (options_.controllers) StartControllers();
}

std::vector<ObjectIndex> SchedulingQueue::PlaceInputPods() {
  std::vector<ObjectIndex> pending;
  for (const Pod& pod : scenario_.pods) {
    if (!pod.admitted) continue;
    if (pod.phase == "Succeeded" || pod.phase == "Failed") continue;
    if (pod.bound()) {
      BindInputPod(pod);
      continue;
    }
    if (pod.scheduler_name != "default-scheduler") {
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
  return pending;
}

void SchedulingQueue::BindInputPod(const Pod& pod) {
  ObjectIndex n = cluster_.FindNode(pod.node_name);
  if (n == kNoNode) {
    Diagnostic& d =
        Warn(pod, "spec.nodeName",
             "bound to node \"" + pod.node_name +
                 "\", which is not in the scenario; add that Node or remove "
                 "spec.nodeName to make the pod pending",
             Severity::kError);
    diagnostics_.NamesMissing(d, "Node " + pod.node_name);
    return;
  }
  cluster_.Bind(pod.index, n);
}

void SchedulingQueue::NominateInputPod(const Pod& pod) {
  ObjectIndex n = cluster_.FindNode(pod.nominated_node_name);
  if (n == kNoNode) {
    Diagnostic& d = Warn(pod, "status.nominatedNodeName",
                         "nominated to node \"" + pod.nominated_node_name +
                             "\", which is not in the scenario; the "
                             "nomination is ignored");
    diagnostics_.NamesMissing(d, "Node " + pod.nominated_node_name);
    return;
  }
  cluster_.Nominate(pod.index, n);
}

void SchedulingQueue::StartClock(const std::vector<ObjectIndex>& pending) {
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
  attempt_limit_ =
      static_cast<int64_t>(kAttemptsPerPendingPod * (pending.size() + 1));
  timeline_.start_found = latest_object.has_value();
  timeline_.start_given = options_.start_ms.has_value();
  clock_.Set(options_.start_ms ? *options_.start_ms
                               : Millis(latest_object.value_or(0)));
  timeline_.start_ms = clock_.now();
}

void SchedulingQueue::ScheduleInputTerminations() {
  // A pod terminating in the input leaves at its deadline; one already
  // past it leaves a second after the start (the kubelet is overdue), so
  // that the first cycles see it as the input shows it.
  for (const Pod& pod : scenario_.pods) {
    if (!pod.terminating || !pod.bound() ||
        cluster_.NodeOf(pod.index) == kNoNode)
      continue;
    int64_t deadline =
        std::max(Millis(pod.deletion_time.value_or(0)), clock_.now() + kSecond);
    gone_at_[pod.index] = deadline;
    clock_.SetTimer(deadline, Timer::kGone, pod.index);
  }
}

void SchedulingQueue::QueueInputPods(const std::vector<ObjectIndex>& pending) {
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
    QueuedPod& q = queued_[p];
    q.timestamp = pod.creation_time ? Millis(*pod.creation_time) : unstamped;
    if (pod.creation_time && Millis(*pod.creation_time) > clock_.now()) {
      q.place = Place::kArriving;
      clock_.SetTimer(q.timestamp, Timer::kArrive, p);
      continue;
    }
    AddActive(p);
    Record(QueueEventKind::kArrive, p);
  }
}

void SchedulingQueue::StartControllers() {
  // The controllers run from the start: what their objects want and their
  // pods lack is created now. The pods they create are appended to the
  // scenario only between cycles (RunControllers), when no cycle holds a
  // reference to a pod.
  controllers_ = std::make_unique<WorkloadControllers>(scenario_);
  timeline_.controllers = true;
  // The disruption controller runs beside the workload controllers. A
  // scenario of bare pods keeps its budgets as given or computed at the
  // start, as upstream's scheduler tests (no controller manager) see them.
  disruption_controller_ = !controllers_->workloads().empty();
  // What the queue leaves out (a node the input lacks, another
  // scheduler's pod, a pending pod being deleted, one admission refused)
  // is no pod of theirs.
  for (const Pod& pod : scenario_.pods) {
    const bool placed = cluster_.NodeOf(pod.index) != kNoNode;
    const bool queued = queued_[pod.index].place != Place::kNone;
    if (!placed && !queued) controllers_->OnIgnored(pod.index);
  }
  pdb_pods_.assign(scenario_.pdbs.size(), {});
  for (size_t p = 0; p < scenario_.pod_pdbs.size(); ++p) {
    for (int j : scenario_.pod_pdbs[p]) {
      pdb_pods_[j].push_back(static_cast<ObjectIndex>(p));
    }
  }
  RunControllers();
}

Timeline SchedulingQueue::TakeTimeline() {
  if (controllers_) {
    for (size_t w = 0; w < controllers_->workloads().size(); ++w) {
      timeline_.workloads.push_back(controllers_->Outcome(static_cast<int>(w)));
    }
  }
  return std::move(timeline_);
}

void SchedulingQueue::RunControllers() {
  if (!controllers_) return;
  std::vector<ControllerAction> actions = controllers_->Reconcile(clock_.now());
  for (ControllerAction& action : actions) {
    if (action.kind == ControllerAction::Kind::kCreate) {
      AddCreatedPod(action);
    } else {
      DeleteByController(action.pod);
      if (timeline_.deleted_by.size() <= static_cast<size_t>(action.pod)) {
        timeline_.deleted_by.resize(scenario_.pods.size(), -1);
      }
      timeline_.deleted_by[action.pod] = action.workload;
      if (QueueEvent* e = Record(
              QueueEventKind::kDeleted, action.pod, cluster_.NodeOf(action.pod),
              gone_at_[action.pod] >= 0 ? gone_at_[action.pod] : 0)) {
        e->workload = action.workload;
      }
    }
  }
  if (controllers_->capped() && !timeline_.controllers_capped) {
    timeline_.controllers_capped = true;
    diagnostics_.Add(Severity::kWarning, "", FieldPath(), 0,
                     "the workload controllers created " +
                         std::to_string(controllers_->created()) +
                         " pods and stopped there: the cascade of "
                         "replacements did not settle");
  }
}

void SchedulingQueue::AddCreatedPod(ControllerAction& action) {
  const ObjectIndex p = static_cast<ObjectIndex>(scenario_.pods.size());
  Pod& pod = *action.created;
  pod.index = p;
  const int64_t at = std::max(clock_.now(), action.at_ms);
  pod.creation_time = at / kSecond;
  // PDBs and claims, as the run's other pods have them.
  std::vector<int> pdbs;
  for (size_t j = 0; j < scenario_.pdbs.size(); ++j) {
    if (PdbSelectsForPreemption(scenario_.pdbs[j], pod)) {
      pdbs.push_back(static_cast<int>(j));
    }
  }
  PodClaims claims;
  for (size_t i = 0; i < pod.claims.size(); ++i) {
    bool found = false;
    for (const PersistentVolumeClaim& c : scenario_.claims) {
      if (c.ns != pod.ns || c.name != pod.claims[i]) continue;
      found = true;
      if (c.read_write_once_pod) claims.read_write_once_pod.push_back(c.name);
    }
    if (!found && claims.missing.empty()) claims.missing = pod.claims[i];
  }
  scenario_.pods.push_back(std::move(pod));
  if (!scenario_.pods[p].claims.empty() && !scenario_.claims.empty()) {
    scenario_.pod_claims[p] = std::move(claims);
  }
  if (scenario_.pod_pdbs.size() == static_cast<size_t>(p)) {
    scenario_.pod_pdbs.push_back(pdbs);
  }
  for (int j : pdbs) pdb_pods_[j].push_back(p);
  cluster_.AddCreatedPod(p);
  queued_.push_back(QueuedPod{});
  gone_at_.push_back(-1);
  attempts_per_pod_.push_back(0);
  controllers_->OnCreated(p, action.workload);
  attempt_limit_ += static_cast<int64_t>(kAttemptsPerPendingPod);
  if (QueueEvent* e = Record(QueueEventKind::kCreated, p, kNoNode, at)) {
    e->workload = action.workload;
    e->other = action.pod;
  }
  QueuedPod& q = queued_[p];
  q.timestamp = at;
  if (at > clock_.now()) {
    q.place = Place::kArriving;
    clock_.SetTimer(at, Timer::kArrive, p);
  } else {
    AddActive(p);
  }
  UpdatePdbs(p);  // a budget may expect one pod more
}

void SchedulingQueue::DeleteByController(ObjectIndex p) {
  if (cluster_.NodeOf(p) != kNoNode) {
    // A graceful delete: the pod keeps its room for its grace period.
    if (gone_at_[p] >= 0 || cluster_.Terminating(p)) return;
    gone_at_[p] =
        clock_.now() + Millis(cluster_.pod(p).termination_grace_seconds);
    cluster_.MarkTerminating(p);
    clock_.SetTimer(gone_at_[p], Timer::kGone, p);
    OnClusterEvent(ClusterEvent::kPodTerminating);
    UpdatePdbs(p);
    return;
  }
  // A pending pod is gone at once.
  Leave(p);
  queued_[p].place = Place::kDone;
  if (cluster_.NominatedNodeOf(p) != kNoNode) {
    cluster_.Nominate(p, kNoNode);
    OnClusterEvent(ClusterEvent::kNominationCleared);
  }
}

void SchedulingQueue::UpdatePdbs(ObjectIndex p) {
  // Mirrors the disruption controller's trySync for the budgets that
  // select p: healthy pods (bound, not terminating, not unready) less the
  // ones that must stay healthy.
  if (!disruption_controller_ ||
      static_cast<size_t>(p) >= scenario_.pod_pdbs.size())
    return;
  for (int j : scenario_.pod_pdbs[p]) {
    PodDisruptionBudget& pdb = scenario_.pdbs[j];
    // getExpectedPodCount on every sync: the pods there now.
    std::vector<ObjectIndex> live;
    for (ObjectIndex q : pdb_pods_[j]) {
      if (controllers_->Live(q)) live.push_back(q);
    }
    pdb.desired_healthy = DesiredHealthy(scenario_, pdb, live);
    int64_t healthy = 0;
    for (ObjectIndex q : pdb_pods_[j]) {
      healthy += cluster_.NodeOf(q) != kNoNode && !cluster_.Terminating(q) &&
                 cluster_.pod(q).ready.value_or(true);
    }
    const int32_t allowed = static_cast<int32_t>(
        std::max<int64_t>(0, healthy - pdb.desired_healthy));
    if (allowed == pdb.disruptions_allowed) continue;
    pdb.disruptions_allowed = allowed;
    // Dry runs remembered for the nodes of its pods counted the old budget.
    for (ObjectIndex q : pdb_pods_[j]) {
      if (cluster_.NodeOf(q) != kNoNode) cluster_.Touch(cluster_.NodeOf(q));
    }
    if (QueueEvent* e = Record(QueueEventKind::kPdbStatus, p)) {
      e->workload = j;
      e->other = allowed;
    }
  }
}

QueueEvent* SchedulingQueue::Record(QueueEventKind kind, ObjectIndex p,
                                    ObjectIndex node, int64_t until_ms) {
  timeline_.end_ms = clock_.now();
  if (static_cast<int64_t>(timeline_.events.size()) >= options_.max_events) {
    ++timeline_.events_dropped;
    return nullptr;
  }
  timeline_.events.push_back({.time_ms = clock_.now(),
                              .kind = kind,
                              .pod = p,
                              .node = node,
                              .until_ms = until_ms});
  return &timeline_.events.back();
}

void SchedulingQueue::AddActive(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  q.place = Place::kActive;
  q.key_sequence = sequence_++;
  active_.insert(
      {-int64_t{cluster_.pod(p).priority}, q.timestamp, q.key_sequence, p});
}

int64_t SchedulingQueue::BackoffDuration(int attempts) const {
  // calculateBackoffDuration: the initial backoff, doubled per attempt
  // after the first, up to the max.
  const int64_t max = Millis(scenario_.config.pod_max_backoff_seconds);
  int64_t duration = Millis(scenario_.config.pod_initial_backoff_seconds);
  for (int i = 1; i < attempts; ++i) {
    if (duration > max - duration) return max;
    duration += duration;
  }
  return std::min(duration, max);
}

int64_t SchedulingQueue::BackoffRelease(int64_t expiry) const {
  if (options_.profile->pop_from_backoff) {
    // v1.33+: expiries are truncated to the second; the pod leaves at the
    // first whole-second tick after its window.
    return (expiry / kSecond + 1) * kSecond;
  }
  // The 1 s flush ticker, started with the clock.
  const int64_t start = timeline_.start_ms;
  return start + (expiry - start + kSecond - 1) / kSecond * kSecond;
}

void SchedulingQueue::AddBackoff(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  q.place = Place::kBackoff;
  q.key_sequence = sequence_++;
  backoff_.insert(BackoffKeyOf(p));
  const int64_t release = BackoffRelease(q.backoff_until);
  clock_.SetTimer(release, Timer::kBackoffDone, p);
  Record(QueueEventKind::kBackoff, p, kNoNode, release);
}

SchedulingQueue::BackoffKey SchedulingQueue::BackoffKeyOf(ObjectIndex p) const {
  // v1.33+: whole-second windows, then priority; before, the expiry.
  const QueuedPod& q = queued_[p];
  const bool windows = options_.profile->pop_from_backoff;
  return {windows ? q.backoff_until / kSecond : q.backoff_until,
          windows ? -int64_t{cluster_.pod(p).priority} : 0, q.timestamp,
          q.key_sequence, p};
}

void SchedulingQueue::Leave(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  if (q.place == Place::kActive) {
    active_.erase(
        {-int64_t{cluster_.pod(p).priority}, q.timestamp, q.key_sequence, p});
  } else if (q.place == Place::kBackoff) {
    backoff_.erase(BackoffKeyOf(p));
  } else if (q.place == Place::kUnschedulable) {
    auto drop = [p](std::vector<ObjectIndex>& pool) {
      pool.erase(std::remove(pool.begin(), pool.end(), p), pool.end());
    };
    drop(unschedulable_);
    drop(parked_);
    q.parked = false;
  }
  q.place = Place::kNone;
}

void SchedulingQueue::AddUnschedulable(ObjectIndex p, const Attempt& attempt) {
  // AddUnschedulableIfNotPresent: the cycle took no simulated time, so no
  // event arrived during it; the pod waits in the unschedulable pool for
  // one that may help it, its backoff counted from now.
  QueuedPod& q = queued_[p];
  q.timestamp = clock_.now();
  q.backoff_until = clock_.now() + BackoffDuration(attempt.attempt);
  q.changes_seen = changes_;
  q.place = Place::kUnschedulable;
  q.parked = false;
  unschedulable_.push_back(p);
  Record(QueueEventKind::kUnschedulable, p);
  if (q.gated_until > clock_.now()) {
    Record(QueueEventKind::kGated, p, kNoNode, q.gated_until);
  }
  ArmFlush(p);
}

void SchedulingQueue::ArmFlush(ObjectIndex p) {
  // The flush runs every 30 s from the start and moves pods that waited
  // longer than the timeout.
  const int64_t start = timeline_.start_ms;
  const int64_t due = queued_[p].timestamp +
                      Millis(options_.profile->unschedulable_timeout_seconds);
  int64_t tick = start + ((due - start) / kFlushPeriod + 1) * kFlushPeriod;
  if (tick <= clock_.now())
    tick = start + ((clock_.now() - start) / kFlushPeriod + 1) * kFlushPeriod;
  clock_.SetTimer(tick, Timer::kFlush, p);
}

void SchedulingQueue::MoveToActiveOrBackoff(ObjectIndex p, QueueEventKind why) {
  Leave(p);
  if (clock_.now() < queued_[p].backoff_until) {
    AddBackoff(p);
  } else {
    AddActive(p);
    Record(why, p);
  }
}

void SchedulingQueue::OnClusterEvent(ClusterEvent event) {
  ++changes_;
  // Parked pods may gain from a flush again.
  for (ObjectIndex p : parked_) {
    queued_[p].parked = false;
    ArmFlush(p);
  }
  parked_.clear();
  const uint32_t helped = HelpedBy(event);
  if (std::none_of(
          unschedulable_.begin(), unschedulable_.end(),
          [&](ObjectIndex p) { return queued_[p].rejectors & helped; })) {
    return;
  }
  std::vector<ObjectIndex> moving;
  std::vector<ObjectIndex> staying;
  for (ObjectIndex p : unschedulable_) {
    const bool gated = queued_[p].gated_until > clock_.now();
    (queued_[p].rejectors & helped && !gated ? moving : staying).push_back(p);
  }
  if (moving.empty()) return;
  unschedulable_ = std::move(staying);
  for (ObjectIndex p : moving) {
    queued_[p].place = Place::kNone;  // already out of the pool
    MoveToActiveOrBackoff(p, QueueEventKind::kActive);
  }
}

void SchedulingQueue::Gone(ObjectIndex p) {
  if (gone_at_[p] < 0) return;
  gone_at_[p] = -1;
  ObjectIndex node = cluster_.NodeOf(p);
  cluster_.Delete(p);
  Record(QueueEventKind::kGone, p, node);
  OnClusterEvent(ClusterEvent::kAssignedPodDelete);
  if (controllers_) {
    controllers_->OnGone(p);
    UpdatePdbs(p);
  }
}

void SchedulingQueue::FireTimers() {
  while (std::optional<DueTimer> due = clock_.PopDue()) {
    const ObjectIndex p = due->pod;
    QueuedPod& q = queued_[p];
    switch (due->timer) {
      case Timer::kArrive:
        if (q.place != Place::kArriving) break;
        AddActive(p);
        Record(QueueEventKind::kArrive, p);
        break;
      case Timer::kDeleteLands:
        if (gone_at_[p] < 0 || cluster_.Terminating(p)) break;
        cluster_.MarkPreempted(p);
        clock_.SetTimer(gone_at_[p], Timer::kGone, p);
        Record(QueueEventKind::kTerminating, p, cluster_.NodeOf(p),
               gone_at_[p]);
        OnClusterEvent(ClusterEvent::kPodTerminating);
        if (controllers_) {
          controllers_->OnPreempted(p);
          UpdatePdbs(p);
        }
        break;
      case Timer::kGone:
        Gone(p);
        break;
      case Timer::kBackoffDone:
        if (q.place != Place::kBackoff ||
            clock_.now() < BackoffRelease(q.backoff_until))
          break;
        Leave(p);
        AddActive(p);
        Record(QueueEventKind::kActive, p);
        break;
      case Timer::kFlush: {
        if (q.place != Place::kUnschedulable || q.parked) break;
        if (clock_.now() - q.timestamp <=
            Millis(options_.profile->unschedulable_timeout_seconds))
          break;
        if (q.changes_seen == changes_) {
          // Nothing changed since it failed: a retry would fail the same way.
          q.parked = true;
          parked_.push_back(p);
          break;
        }
        MoveToActiveOrBackoff(p, QueueEventKind::kFlush);
        break;
      }
    }
  }
}

bool SchedulingQueue::AdvanceClock() {
  // Timers whose pod has moved on since they were set change nothing.
  return clock_.AdvanceToNextTimer([&](const DueTimer& due) {
    const ObjectIndex p = due.pod;
    const QueuedPod& q = queued_[p];
    switch (due.timer) {
      case Timer::kArrive:
        return q.place != Place::kArriving;
      case Timer::kGone:
      case Timer::kDeleteLands:
        return gone_at_[p] < 0;
      case Timer::kBackoffDone:
        return q.place != Place::kBackoff;
      case Timer::kFlush:
        return q.place != Place::kUnschedulable || q.parked;
    }
    return false;
  });
}

bool SchedulingQueue::Next(Attempt& attempt) {
  for (;;) {
    FireTimers();
    RunControllers();
    if (attempts_made_ >= attempt_limit_ &&
        (!active_.empty() || !backoff_.empty())) {
      diagnostics_.Add(Severity::kWarning, "", FieldPath(), 0,
                       "stopped after " + std::to_string(attempts_made_) +
                           " scheduling attempts; some pods were still being "
                           "retried");
      active_.clear();
      backoff_.clear();
      clock_.ClearTimers();
      return false;
    }
    ObjectIndex p = kNoNode;
    if (!active_.empty()) {
      p = std::get<3>(*active_.begin());
    } else if (options_.profile->pop_from_backoff && !backoff_.empty()) {
      // SchedulerPopFromBackoffQ: nothing else to do, so no need to wait.
      p = std::get<4>(*backoff_.begin());
    }
    if (p != kNoNode) {
      Leave(p);
      const int64_t events_before =
          static_cast<int64_t>(timeline_.events.size());
      attempt = ScheduleOne(p);
      attempt.time_ms = clock_.now();
      attempt.events_before = events_before;
      AfterCycle(p, attempt);
      clock_.Advance(cycle_cost_ms_);
      cycle_cost_ms_ = 0;
      timeline_.end_ms = clock_.now();
      return true;
    }
    if (!AdvanceClock()) return false;
  }
}

void SchedulingQueue::AfterCycle(ObjectIndex p, Attempt& attempt) {
  QueuedPod& q = queued_[p];
  ++q.attempts;
  if (attempt.outcome == Outcome::kScheduled) {
    q.place = Place::kDone;
    OnClusterEvent(ClusterEvent::kAssignedPodAdd);
    if (controllers_) {
      controllers_->OnBound(p);
      UpdatePdbs(p);
    }
    return;
  }
  if (attempt.outcome == Outcome::kNominated) {
    if (!attempt.victims.empty()) OnClusterEvent(ClusterEvent::kPodTerminating);
    if (!attempt.cleared_nominations.empty()) {
      OnClusterEvent(ClusterEvent::kNominationCleared);
    }
  }
  AddUnschedulable(p, attempt);
}

bool SchedulingQueue::StartTerminating(Attempt& attempt) {
  // With an API latency, a deletion lands that much later: until then the
  // victim runs as before (and another preemption may pick it again).
  const int64_t latency = options_.api_latency_ms;
  bool any_new = attempt.victims.empty();
  for (Victim& v : attempt.victims) {
    if (cluster_.Terminating(v.pod) || gone_at_[v.pod] >= 0) {
      // It keeps its own deadline; an input pod past it leaves at once.
      v.already_terminating = true;
      v.gone_ms = gone_at_[v.pod] >= 0 ? gone_at_[v.pod] : clock_.now();
      continue;
    }
    any_new = true;
    v.gone_ms = clock_.now() + latency +
                Millis(cluster_.pod(v.pod).termination_grace_seconds);
    gone_at_[v.pod] = v.gone_ms;
    if (latency > 0) {
      clock_.SetTimer(clock_.now() + latency, Timer::kDeleteLands, v.pod);
      continue;
    }
    cluster_.MarkPreempted(v.pod);
    clock_.SetTimer(v.gone_ms, Timer::kGone, v.pod);
    Record(QueueEventKind::kTerminating, v.pod, v.node, v.gone_ms);
    if (controllers_) {
      controllers_->OnPreempted(v.pod);
      UpdatePdbs(v.pod);
    }
  }
  if (latency > 0 && any_new && !attempt.victims.empty()) {
    if (options_.profile->async_preemption) {
      // PreEnqueue holds the preemptor back until the last deletion lands.
      queued_[attempt.pod].gated_until = clock_.now() + latency;
    } else {
      // The cycle itself waits for the deletions, one after the other.
      cycle_cost_ms_ = latency * static_cast<int64_t>(attempt.victims.size());
    }
  }
  return any_new || !options_.profile->skips_terminating_victims;
}

}  // namespace podsim
