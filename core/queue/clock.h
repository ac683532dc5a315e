// The simulated clock the scheduling queue runs on, and its timers: when a
// pod arrives, a victim's deletion lands or it leaves its node, a backoff
// ends, the unschedulable pool is flushed. Stands in for the fake clock
// upstream's queue takes (k8s.io/utils/clock/testing) and the goroutines
// that wait on it.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <tuple>

#include "core/api/objects.h"

namespace podsim {

// What a timer is for.
enum class Timer : uint8_t {
  kArrive,       // a pod created later than now reaches the queue
  kDeleteLands,  // a victim's deletion reaches the API server
  kGone,         // a terminating pod leaves its node
  kBackoffDone,  // a pod's backoff ends
  kFlush,        // the unschedulable pool's flush looks at a pod
  // A controller's delayed sync (the Job's backoff ends); "pod" is the
  // workload's index.
  kControllerSync,
};

// A timer that is due: what for, which pod, set for when.
struct DueTimer {
  int64_t time_ms = 0;
  Timer timer = Timer::kArrive;
  ObjectIndex pod = -1;
};

class Clock {
 public:
  // Unix milliseconds.
  int64_t now() const { return now_; }
  // Sets the time, forward or back (the run's start).
  void Set(int64_t now_ms) { now_ = now_ms; }
  // Moves the time on by ms (what a cycle's API calls took).
  void Advance(int64_t ms) { now_ += ms; }

  // Sets a timer for pod p at time_ms. Timers fire by time, then in the
  // order they were set.
  void SetTimer(int64_t time_ms, Timer timer, ObjectIndex p);
  // Returns the earliest timer due at or before now, taking it off; or
  // nullopt when none is due.
  std::optional<DueTimer> PopDue();
  // Drops the earliest timers while stale(timer) says they change nothing,
  // then moves the time on to the earliest left, if it is later. Returns
  // false when no timer is left.
  template <typename Stale>
  bool AdvanceToNextTimer(Stale stale) {
    while (!timers_.empty() && stale(Due(*timers_.begin()))) {
      timers_.erase(timers_.begin());
    }
    if (timers_.empty()) return false;
    if (std::get<0>(*timers_.begin()) > now_) {
      now_ = std::get<0>(*timers_.begin());
    }
    return true;
  }
  // Drops every timer (the run stops).
  void ClearTimers() { timers_.clear(); }

 private:
  // (time, sequence, timer, pod): by time, then as set.
  using Key = std::tuple<int64_t, uint64_t, Timer, ObjectIndex>;
  static DueTimer Due(const Key& key) {
    return {.time_ms = std::get<0>(key),
            .timer = std::get<2>(key),
            .pod = std::get<3>(key)};
  }

  int64_t now_ = 0;
  uint64_t sequence_ = 0;
  std::set<Key> timers_;
};

}  // namespace podsim
