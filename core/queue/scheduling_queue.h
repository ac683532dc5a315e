// The scheduling queue, mirroring pkg/scheduler/backend/queue's
// PriorityQueue: activeQ by priority then arrival, backoffQ, and the
// unschedulable pool, whose pods move on the cluster events that may help
// them (queueing hints) or when its flush finds them waiting past the
// timeout; all on the simulated clock.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "core/api/objects.h"
#include "core/config/profile.h"
#include "core/queue/clock.h"
#include "core/queue/queueing_hints.h"
#include "core/queue/timeline_recorder.h"

namespace podsim {

class SchedulingQueue {
 public:
  // Orders pods by their priority in scenario and backs them off as its
  // KubeSchedulerConfiguration says, under profile's semantics; records
  // what it does with recorder. REQUIRES: the four outlive the queue.
  SchedulingQueue(const Scenario& scenario, const Profile& profile,
                  Clock& clock, TimelineRecorder& recorder);

  // Mirrors PriorityQueue.Run: the 1 s backoff flush and the 30 s flush of
  // the unschedulable pool tick from the clock's time now.
  void Run();

  // Mirrors PriorityQueue.Add: pod p goes to activeQ, ordered by
  // timestamp_ms (when it was created or queued) after its priority.
  void Add(ObjectIndex p, int64_t timestamp_ms);
  // Adds pod p to activeQ, ordered by time_ms, when the clock reaches
  // time_ms: the pod is created then (recorded as its arrival). REQUIRES:
  // time_ms is later than now.
  void AddAt(ObjectIndex p, int64_t time_ms);
  // Returns whether pod p is queued: arriving, or in one of the queues.
  bool Contains(ObjectIndex p) const;
  // Mirrors PriorityQueue.Pop. Returns activeQ's head, taken out of it; with
  // activeQ empty and SchedulerPopFromBackoffQ (v1.33+), backoffQ's; or
  // nullopt when there is neither.
  std::optional<ObjectIndex> Pop();
  // Returns whether activeQ or backoffQ holds a pod (one that is retried
  // without an event).
  bool HasActiveOrBackoff() const {
    return !active_.empty() || !backoff_.empty();
  }
  // Mirrors AddUnschedulableIfNotPresent: pod p failed its cycle, its
  // attempts-th, rejected by the plugins rejectors. The cycle took no
  // simulated time, so no event arrived during it: the pod waits in the
  // unschedulable pool for one that may help it, its backoff counted from
  // now.
  void AddUnschedulable(ObjectIndex p, int attempts,
                        UnschedulablePlugins rejectors);
  // Mirrors Evaluator.preempting under asynchronous preemption: from the
  // cycle in which pod p preempted (prepareCandidateAsync) until its last
  // victim's deletion has landed (IsPodRunningPreemption), DefaultPreemption's
  // PreEnqueue holds it back: an event or flush that would move it leaves it
  // in the pool, gated, and a gated pod only moves on a pod's deletion that
  // a rejecting plugin's hint says may help it.
  void StartPreemption(ObjectIndex p);
  void FinishPreemption(ObjectIndex p);
  // The cycle's API calls are done: pod p's failure counts as seeing every
  // change so far (the flush's rule: seen[pod] after the oracle's drain).
  void SeenChanges(ObjectIndex p);
  // Mirrors MoveAllToActiveOrBackoffQueue: the pods in the pool for which
  // a plugin that rejected them says Queue for change (HintSaysQueue) move
  // to backoffQ, or to activeQ when their backoff is over. For a
  // nomination's change only pods of lower or equal priority than the
  // changed pod are looked at (getLEPriorityPreCheck). Every event is a
  // change a flush may retry a pod for.
  void MoveAllToActiveOrBackoffQueue(const PodChange& change) {
    MoveAll(change, /*counts=*/true);
  }
  // Mirrors updatePodInSchedulingQueue for a pod's own status update after
  // its failed cycle: its nomination was cleared or moved to another node
  // (hasNominatedNodeNameChanged), so the pods of lower or equal priority,
  // itself among them, may fit where it was nominated. Unlike a preemption
  // clearing another pod's nomination, it is no change for the flush.
  void OwnNominationChanged(ObjectIndex p) {
    MoveAll({.event = ClusterEvent::kNominationChanged, .pod = p},
            /*counts=*/false);
  }
  // Mirrors PriorityQueue.Delete: pod p leaves whichever queue holds it.
  void Delete(ObjectIndex p);
  // Acts on a due timer of the queue's: an arrival, a backoff's end, the
  // pool's flush looking at a pod. REQUIRES: due.timer is kArrive,
  // kBackoffDone or kFlush.
  void OnTimer(const DueTimer& due);
  // Returns whether a timer of the queue's changes nothing: its pod has
  // moved on since it was set (or a flush would leave it where it is).
  bool Stale(const DueTimer& due) const;
  // Mirrors PriorityQueue.Close: activeQ and backoffQ are emptied (the run
  // stops).
  void Close();

  // Mirrors calculateBackoffDuration. Returns the backoff after a pod's
  // attempts-th failed attempt: the initial backoff, doubled per attempt
  // after the first, up to the max.
  int64_t BackoffDuration(int attempts) const;

 private:
  // Where a pod is (QueuedPodInfo's queue).
  enum class Place : uint8_t {
    kNone,           // not queued: bound, being scheduled, deleted, left out
    kArriving,       // created later than now
    kActive,         // activeQ
    kBackoff,        // backoffQ
    kUnschedulable,  // the unschedulable pool
  };
  // What the queue keeps of a pod (QueuedPodInfo).
  struct QueuedPod {
    Place place = Place::kNone;
    int64_t timestamp = 0;      // when it last entered the queue (orders it)
    int64_t backoff_until = 0;  // when its backoff ends
    UnschedulablePlugins rejectors = 0;  // the plugins that rejected it
    uint64_t changes_seen = 0;           // cluster events when it last failed
    bool parked = false;  // a flush would change nothing: not armed
    // The order its timestamp was taken in, among equal timestamps.
    int64_t stamp_sequence = 0;
    bool preempting = false;  // its preemption's API calls are running
    // PreEnqueue held it back (QueuedPodInfo.GatingPlugin is
    // DefaultPreemption): only a pod's deletion moves it.
    bool gated = false;
    // v1.37: the last flush that found it gated (FlushTimestamp), 0 if
    // none since it failed.
    int64_t flush_time = 0;
  };
  // activeQ: (-priority, timestamp, stamp sequence, pod).
  using ActiveKey = std::tuple<int64_t, int64_t, int64_t, ObjectIndex>;
  // backoffQ: (window or expiry, -priority or 0, timestamp, stamp sequence,
  // pod).
  using BackoffKey =
      std::tuple<int64_t, int64_t, int64_t, int64_t, ObjectIndex>;

  QueuedPod& Enter(ObjectIndex p);  // p's entry, for a pod new to the queue
  // Sets q's timestamp (QueuedPodInfo.Timestamp), which orders it in
  // activeQ and backoffQ after its priority.
  void Stamp(QueuedPod& q, int64_t timestamp_ms);
  void AddActive(ObjectIndex p);
  void AddBackoff(ObjectIndex p);
  void MoveToActiveOrBackoff(ObjectIndex p, QueueEventKind why);
  // When the flush counts q's time in the pool from: its last failure, or
  // from v1.37 the last flush that found it gated if later.
  int64_t LastFailed(const QueuedPod& q) const;
  // Whether the flush passes over q: it has left the pool, waits for a
  // change, or is gated and the flush re-checks no gated pod (before v1.37).
  bool FlushSkips(const QueuedPod& q) const;
  // MoveAllToActiveOrBackoffQueue; counts: whether the event is a change a
  // flush may retry a pod for.
  void MoveAll(const PodChange& change, bool counts);
  // Mirrors runPreEnqueuePlugins before a move: returns whether pod p may
  // move; a pod whose preemption still runs stays in the pool, gated.
  bool PassesPreEnqueue(ObjectIndex p);
  void Leave(ObjectIndex p);  // out of whichever queue holds it
  ActiveKey ActiveKeyOf(ObjectIndex p) const;
  BackoffKey BackoffKeyOf(ObjectIndex p) const;
  // Returns when a backoff ending at expiry lets the pod go.
  int64_t BackoffRelease(int64_t expiry) const;
  // Sets the flush's timer for pod p, in the pool: the first tick after
  // its timeout.
  void ArmFlush(ObjectIndex p);
  // The pool's flush looks at pod p (flushUnschedulablePodsLeftover).
  void Flush(ObjectIndex p);

  const Scenario& scenario_;
  const Profile& profile_;
  Clock& clock_;
  TimelineRecorder& recorder_;
  int64_t start_ms_ = 0;  // when the tickers started (Run)
  std::set<ActiveKey> active_;
  std::set<BackoffKey> backoff_;
  std::vector<QueuedPod> queued_;           // by pod
  std::vector<ObjectIndex> unschedulable_;  // the pool, in arrival order
  std::vector<ObjectIndex> parked_;  // pool pods a flush would not change
  uint64_t changes_ = 0;  // cluster events (binds, deletions, nominations)
  int64_t sequence_ = 0;
};

}  // namespace podsim
