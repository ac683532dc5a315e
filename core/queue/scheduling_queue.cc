#include "core/queue/scheduling_queue.h"

#include <algorithm>
#include <cassert>

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;
// flushUnschedulablePodsLeftover runs every 30 s.
constexpr int64_t kFlushPeriod = 30 * kSecond;

int64_t Millis(int64_t seconds) { return seconds * kSecond; }

}  // namespace

SchedulingQueue::SchedulingQueue(const Scenario& scenario,
                                 const Profile& profile, Clock& clock,
                                 TimelineRecorder& recorder)
    : scenario_(scenario),
      profile_(profile),
      clock_(clock),
      recorder_(recorder),
      queued_(scenario.pods.size()) {}

void SchedulingQueue::Run() { start_ms_ = clock_.now(); }

SchedulingQueue::QueuedPod& SchedulingQueue::Enter(ObjectIndex p) {
  if (static_cast<size_t>(p) >= queued_.size()) {
    queued_.resize(static_cast<size_t>(p) + 1);
  }
  return queued_[p];
}

void SchedulingQueue::Stamp(QueuedPod& q, int64_t timestamp_ms) {
  // Upstream's timestamps are the fake clock's, a step apart for each
  // event at one moment: pods stamped at the same millisecond keep the
  // order they were stamped in, wherever they move later.
  q.timestamp = timestamp_ms;
  q.stamp_sequence = sequence_++;
}

void SchedulingQueue::Add(ObjectIndex p, int64_t timestamp_ms) {
  Stamp(Enter(p), timestamp_ms);
  AddActive(p);
}

void SchedulingQueue::AddAt(ObjectIndex p, int64_t time_ms) {
  QueuedPod& q = Enter(p);
  Stamp(q, time_ms);
  q.place = Place::kArriving;
  clock_.SetTimer(time_ms, Timer::kArrive, p);
}

bool SchedulingQueue::Contains(ObjectIndex p) const {
  return static_cast<size_t>(p) < queued_.size() &&
         queued_[p].place != Place::kNone;
}

std::optional<ObjectIndex> SchedulingQueue::Pop() {
  std::optional<ObjectIndex> p;
  if (!active_.empty()) {
    p = std::get<3>(*active_.begin());
  } else if (profile_.pop_from_backoff && !backoff_.empty()) {
    // SchedulerPopFromBackoffQ: nothing else to do, so no need to wait.
    p = std::get<4>(*backoff_.begin());
  }
  if (p) Leave(*p);
  return p;
}

SchedulingQueue::ActiveKey SchedulingQueue::ActiveKeyOf(ObjectIndex p) const {
  const QueuedPod& q = queued_[p];
  return {-int64_t{scenario_.pods[p].priority}, q.timestamp, q.stamp_sequence,
          p};
}

void SchedulingQueue::AddActive(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  q.place = Place::kActive;
  active_.insert(ActiveKeyOf(p));
}

int64_t SchedulingQueue::BackoffDuration(int attempts) const {
  const int64_t max = Millis(scenario_.config.pod_max_backoff_seconds);
  int64_t duration = Millis(scenario_.config.pod_initial_backoff_seconds);
  for (int i = 1; i < attempts; ++i) {
    if (duration > max - duration) return max;
    duration += duration;
  }
  return std::min(duration, max);
}

int64_t SchedulingQueue::BackoffRelease(int64_t expiry) const {
  if (profile_.pop_from_backoff) {
    // v1.33+: expiries are truncated to the second; the pod leaves at the
    // first whole-second tick after its window.
    return (expiry / kSecond + 1) * kSecond;
  }
  // The 1 s flush ticker, started with the clock.
  return start_ms_ + (expiry - start_ms_ + kSecond - 1) / kSecond * kSecond;
}

void SchedulingQueue::AddBackoff(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  q.place = Place::kBackoff;
  backoff_.insert(BackoffKeyOf(p));
  const int64_t release = BackoffRelease(q.backoff_until);
  clock_.SetTimer(release, Timer::kBackoffDone, p);
  recorder_.Record(QueueEventKind::kBackoff, p, kNoNode, release);
}

SchedulingQueue::BackoffKey SchedulingQueue::BackoffKeyOf(ObjectIndex p) const {
  // v1.33+: whole-second windows, then priority; before, the expiry.
  const QueuedPod& q = queued_[p];
  const bool windows = profile_.pop_from_backoff;
  return {windows ? q.backoff_until / kSecond : q.backoff_until,
          windows ? -int64_t{scenario_.pods[p].priority} : 0, q.timestamp,
          q.stamp_sequence, p};
}

void SchedulingQueue::Leave(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  if (q.place == Place::kActive) {
    active_.erase(ActiveKeyOf(p));
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

void SchedulingQueue::Delete(ObjectIndex p) { Leave(p); }

void SchedulingQueue::AddUnschedulable(ObjectIndex p, int attempts,
                                       UnschedulablePlugins rejectors) {
  QueuedPod& q = queued_[p];
  q.rejectors = rejectors;
  Stamp(q, clock_.now());
  q.backoff_until = clock_.now() + BackoffDuration(attempts);
  q.changes_seen = changes_;
  q.place = Place::kUnschedulable;
  q.parked = false;
  unschedulable_.push_back(p);
  q.gated = false;  // it passed PreEnqueue before its cycle
  q.flush_time = 0;
  recorder_.Record(QueueEventKind::kUnschedulable, p);
  ArmFlush(p);
}

void SchedulingQueue::StartPreemption(ObjectIndex p) {
  Enter(p).preempting = true;
}

void SchedulingQueue::FinishPreemption(ObjectIndex p) {
  Enter(p).preempting = false;
}

void SchedulingQueue::SeenChanges(ObjectIndex p) {
  if (queued_[p].place == Place::kUnschedulable) {
    queued_[p].changes_seen = changes_;
  }
}

bool SchedulingQueue::PassesPreEnqueue(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  if (!q.preempting) {
    q.gated = false;
    return true;
  }
  if (!q.gated) recorder_.Record(QueueEventKind::kGated, p);
  q.gated = true;
  if (profile_.flush_moves_gated && q.parked) {
    // From v1.37 the flush re-checks a gated pod whatever changed.
    parked_.erase(std::remove(parked_.begin(), parked_.end(), p),
                  parked_.end());
    q.parked = false;
    ArmFlush(p);
  }
  return false;
}

int64_t SchedulingQueue::LastFailed(const QueuedPod& q) const {
  return profile_.flush_moves_gated ? std::max(q.timestamp, q.flush_time)
                                    : q.timestamp;
}

bool SchedulingQueue::FlushSkips(const QueuedPod& q) const {
  return q.place != Place::kUnschedulable || q.parked ||
         (q.gated && !profile_.flush_moves_gated);
}

void SchedulingQueue::ArmFlush(ObjectIndex p) {
  // The flush runs every 30 s from the start and moves pods that waited
  // longer than the timeout.
  const int64_t start = start_ms_;
  const int64_t due =
      LastFailed(queued_[p]) + Millis(profile_.unschedulable_timeout_seconds);
  int64_t tick = start + ((due - start) / kFlushPeriod + 1) * kFlushPeriod;
  if (tick <= clock_.now())
    tick = start + ((clock_.now() - start) / kFlushPeriod + 1) * kFlushPeriod;
  clock_.SetTimer(tick, Timer::kFlush, p);
}

void SchedulingQueue::MoveToActiveOrBackoff(ObjectIndex p, QueueEventKind why) {
  Leave(p);
  // Mirrors isPodBackingoff: from v1.33 a pod backs off until the
  // whole-second window after its expiry, the one BackoffRelease lets it go
  // in.
  const int64_t backoff_until = profile_.pop_from_backoff
                                    ? BackoffRelease(queued_[p].backoff_until)
                                    : queued_[p].backoff_until;
  if (clock_.now() < backoff_until) {
    AddBackoff(p);
  } else {
    AddActive(p);
    recorder_.Record(why, p);
  }
}

void SchedulingQueue::MoveAll(const PodChange& change, bool counts) {
  if (counts) {
    ++changes_;
    // Parked pods may gain from a flush again.
    for (ObjectIndex p : parked_) {
      queued_[p].parked = false;
      ArmFlush(p);
    }
    parked_.clear();
  }
  if (HelpedBy(profile_, change.event) == 0) return;  // isEventOfInterest
  const bool lower_or_equal = change.event == ClusterEvent::kNominationChanged;
  std::vector<ObjectIndex> moving;
  std::vector<ObjectIndex> staying;
  // A gated pod's plugin (DefaultPreemption) registered Pod/Delete only.
  const bool deletes = change.event == ClusterEvent::kAssignedPodDelete ||
                       change.event == ClusterEvent::kNominationChanged;
  for (ObjectIndex p : unschedulable_) {
    const QueuedPod& q = queued_[p];
    const bool checked =
        !lower_or_equal ||
        scenario_.pods[p].priority <= scenario_.pods[change.pod].priority;
    const bool moves =
        checked && (!q.gated || deletes) &&
        HintSaysQueue(scenario_, profile_, change, p, q.rejectors) &&
        PassesPreEnqueue(p);
    (moves ? moving : staying).push_back(p);
  }
  if (moving.empty()) return;
  unschedulable_ = std::move(staying);
  for (ObjectIndex p : moving) {
    queued_[p].place = Place::kNone;  // already out of the pool
    MoveToActiveOrBackoff(p, QueueEventKind::kActive);
  }
}

void SchedulingQueue::Flush(ObjectIndex p) {
  QueuedPod& q = queued_[p];
  // Up to v1.36 the flush's event is no pod's deletion, the only event
  // DefaultPreemption's gate registers: a gated pod stays. From v1.37 the
  // wildcard event re-checks it (moveEntitiesToActiveOrBackoffQueue).
  if (FlushSkips(q)) return;
  if (clock_.now() - LastFailed(q) <=
      Millis(profile_.unschedulable_timeout_seconds))
    return;
  if (!q.gated && q.changes_seen == changes_) {
    // Nothing changed since it failed: a retry would fail the same way.
    q.parked = true;
    parked_.push_back(p);
    return;
  }
  if (!PassesPreEnqueue(p)) {
    if (profile_.flush_moves_gated) {
      // Still preempting: flushUnschedulableEntitiesLeftover set its flush
      // time, so the next re-check is 5 minutes on.
      q.flush_time = clock_.now();
      ArmFlush(p);
    }
    return;
  }
  MoveToActiveOrBackoff(p, QueueEventKind::kFlush);
}

void SchedulingQueue::OnTimer(const DueTimer& due) {
  const ObjectIndex p = due.pod;
  QueuedPod& q = queued_[p];
  switch (due.timer) {
    case Timer::kArrive:
      if (q.place != Place::kArriving) break;
      AddActive(p);
      recorder_.Record(QueueEventKind::kArrive, p);
      break;
    case Timer::kBackoffDone:
      if (q.place != Place::kBackoff ||
          clock_.now() < BackoffRelease(q.backoff_until))
        break;
      Leave(p);
      AddActive(p);
      recorder_.Record(QueueEventKind::kActive, p);
      break;
    case Timer::kFlush:
      Flush(p);
      break;
    case Timer::kDeleteLands:
    case Timer::kGone:
    case Timer::kControllerSync:
      assert(false && "not a timer of the queue's");
      break;
  }
}

bool SchedulingQueue::Stale(const DueTimer& due) const {
  const QueuedPod& q = queued_[due.pod];
  switch (due.timer) {
    case Timer::kArrive:
      return q.place != Place::kArriving;
    case Timer::kBackoffDone:
      return q.place != Place::kBackoff;
    case Timer::kFlush:
      return FlushSkips(q);
    case Timer::kDeleteLands:
    case Timer::kGone:
    case Timer::kControllerSync:
      break;
  }
  return false;
}

void SchedulingQueue::Close() {
  for (const ActiveKey& key : active_)
    queued_[std::get<3>(key)].place = Place::kNone;
  for (const BackoffKey& key : backoff_) {
    queued_[std::get<4>(key)].place = Place::kNone;
  }
  active_.clear();
  backoff_.clear();
}

}  // namespace podsim
