// The scheduling queue and cycle, on a simulated clock: pods to schedule
// arrive, pop in priority order, and each cycle filters (nominated node
// first), scores or preempts; victims keep their room for their grace
// period, failed pods back off or wait for an event that may help them.
// The queue's timing lives in scheduling_queue.cc, the cycle in
// scheduler.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/base/diagnostics.h"
#include "core/controllers/workloads.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"
#include "core/framework/preemption/preemption.h"
#include "core/framework/runtime/node_cache.h"
#include "core/framework/trace.h"
#include "core/queue/clock.h"

namespace podsim {

struct SchedulerOptions {
  std::optional<uint64_t> seed;  // random candidate offsets when set
  // Attempts record every node's filter result and dry-run trace while the
  // node entries so far stay within this budget (the first attempt always).
  int64_t detail_budget = 10'000;
  // When set, only this attempt (0-based, in order) is detailed.
  std::optional<int> detail_attempt;
  // When set (a pod key, "<namespace>/<name>"; a pod a workload creates as
  // the clock runs too), only this pod's first attempt is detailed and the
  // run stops right after it: nothing later can change that attempt
  // (podsim reduce).
  std::string focus_pod;
  // The release whose semantics to mirror. REQUIRES: outlives the queue.
  const Profile* profile = &CurrentProfile();
  // The clock's start, Unix milliseconds; by default the latest time on
  // the cluster's objects.
  std::optional<int64_t> start_ms;
  // The most queue events the timeline keeps; the rest are counted.
  int64_t max_events = kMaxTimelineEvents;
  // How long each API call of a preemption takes (deleting a victim); 0:
  // none. With asynchronous preemption the calls run beside the cycles;
  // without it, the cycle waits for them.
  int64_t api_latency_ms = 0;
  // Workload controllers act on the clock: they create the pods of
  // Deployments, StatefulSets, DaemonSets and Jobs, replace the pods their
  // controllers lose to preemption, and the disruption controller keeps
  // PodDisruptionBudgets' status up to date (core/controllers/workloads.h).
  bool controllers = true;
};

// The scheduling queue: one cycle per call, each seeing the effects of the
// ones before. Pods the controllers create are appended to the scenario.
// REQUIRES: the scenario was admitted and its PDB statuses computed, and it
// outlives the queue.
class SchedulingQueue {
 public:
  SchedulingQueue(Scenario& scenario, const SchedulerOptions& options,
                  Diagnostics& diagnostics);

  // Runs the next scheduling cycle into attempt, moving the clock on to
  // it. Returns false once every pending pod is bound or waits with nothing
  // left that could retry it.
  bool Next(Attempt& attempt);
  // The clock and what happened on it so far.
  const Timeline& timeline() const { return timeline_; }
  // Returns the timeline, with what each workload got (the run is over).
  Timeline TakeTimeline();

 private:
  // Where a pod to schedule is (QueuedPodInfo's queue).
  enum class Place : uint8_t {
    kNone,           // bound in the input, or left out
    kArriving,       // created later than now
    kActive,         // activeQ
    kBackoff,        // backoffQ
    kUnschedulable,  // the unschedulable pool
    kDone,           // bound
  };
  // What the queue keeps of a pod to schedule.
  struct QueuedPod {
    Place place = Place::kNone;
    int64_t timestamp = 0;      // when it last entered the queue (orders it)
    int attempts = 0;           // cycles run for it
    int64_t backoff_until = 0;  // when its backoff ends
    uint32_t rejectors = 0;     // plugins that rejected it (kRejects*)
    uint64_t changes_seen = 0;  // cluster changes when it last failed
    bool parked = false;        // a flush would change nothing: not armed
    int64_t key_sequence = 0;   // its key's sequence in activeQ or backoffQ
    // Asynchronous preemption: until its last victim's deletion lands, no
    // event moves the preemptor (DefaultPreemption's PreEnqueue).
    int64_t gated_until = 0;
  };
  // Cluster events that may help pods in the unschedulable pool.
  enum class ClusterEvent : uint8_t {
    kAssignedPodDelete,  // a pod left its node
    kAssignedPodAdd,     // a pod was bound
    kNominationCleared,  // a nominated pod lost its nomination
    kPodTerminating,     // a pod got its deletionTimestamp
  };
  // Which plugins rejected a pod, as QueuedPod::rejectors bits.
  static constexpr uint32_t kRejectsFit = 1;       // NodeResourcesFit
  static constexpr uint32_t kRejectsPorts = 2;     // NodePorts
  static constexpr uint32_t kRejectsAffinity = 4;  // InterPodAffinity
  static constexpr uint32_t kRejectsSpread = 8;    // PodTopologySpread
  static constexpr uint32_t kRejectsOther = 16;    // node-only plugins
  // VolumeRestrictions' ReadWriteOncePod conflict (not a missing claim).
  static constexpr uint32_t kRejectsVolumes = 32;
  using QueueKey = std::tuple<int64_t, int64_t, int64_t, ObjectIndex>;
  // backoffQ: (window or expiry, -priority or 0, timestamp, sequence, pod).
  using BackoffKey =
      std::tuple<int64_t, int64_t, int64_t, int64_t, ObjectIndex>;

  // Sets the queue up from the scenario: the steps below, in order
  // (scheduling_queue.cc).
  void Setup();
  // Binds the input's bound pods and nominates its pending ones. Returns
  // the pods to schedule, in input order: not those finished, refused by
  // admission, another scheduler's or being deleted.
  std::vector<ObjectIndex> PlaceInputPods();
  // Binds a bound input pod to its node, or reports the node missing.
  void BindInputPod(const Pod& pod);
  // Nominates a pending input pod to its node, or reports the node missing.
  void NominateInputPod(const Pod& pod);
  // Starts the clock at options_.start_ms or the latest time on the
  // cluster's objects, and caps the attempts by the pending pods.
  void StartClock(const std::vector<ObjectIndex>& pending);
  // Sets when each pod terminating in the input leaves its node.
  void ScheduleInputTerminations();
  // Queues the pending pods: activeQ now, or on arrival when created later.
  void QueueInputPods(const std::vector<ObjectIndex>& pending);
  // Starts the workload and disruption controllers and runs them once.
  void StartControllers();
  // Queue moves (scheduling_queue.cc).
  void AddActive(ObjectIndex p);
  void AddBackoff(ObjectIndex p);
  void AddUnschedulable(ObjectIndex p, const Attempt& attempt);
  void MoveToActiveOrBackoff(ObjectIndex p, QueueEventKind why);
  void OnClusterEvent(ClusterEvent event);
  void Leave(ObjectIndex p);  // out of whichever queue holds it
  BackoffKey BackoffKeyOf(ObjectIndex p) const;
  void FireTimers();  // every timer due at or before now
  bool AdvanceClock();
  void ArmFlush(ObjectIndex p);
  int64_t BackoffDuration(int attempts) const;
  int64_t BackoffRelease(int64_t expiry) const;
  // Returns the event recorded, or nullptr past max_events.
  QueueEvent* Record(QueueEventKind kind, ObjectIndex p, ObjectIndex node = -1,
                     int64_t until_ms = 0);
  // The plugins whose queueing hints say Queue for an event.
  uint32_t HelpedBy(ClusterEvent event) const;
  // Deletes a preemption's victims: each keeps its room until its grace
  // period ends (one already terminating keeps its deadline). Returns
  // whether preemption goes on to clear lower-priority nominations: from
  // v1.34, not when every victim was already terminating.
  bool StartTerminating(Attempt& attempt);
  // After a cycle: the pod goes back to the queue or is done, and the
  // cycle's effects move the pods they may help.
  void AfterCycle(ObjectIndex p, Attempt& attempt);
  void Gone(ObjectIndex p);  // a terminating pod leaves its node

  // Workload controllers (scheduling_queue.cc): runs those whose pods
  // changed and carries out what they do.
  void RunControllers();
  void AddCreatedPod(ControllerAction& action);
  void DeleteByController(ObjectIndex p);
  // The disruption controller: the budgets that select p, after p changed.
  void UpdatePdbs(ObjectIndex p);

  // One scheduling cycle (scheduler.cc), in upstream's steps.
  bool Detailed(int attempt, ObjectIndex pod) const;
  // Mirrors scheduleOne and schedulingCycle. Returns the attempt of pod p:
  // bound to the host SchedulePod finds or, when no node fits, what the
  // PostFilter plugins (DefaultPreemption) did. AfterCycle requeues it.
  Attempt ScheduleOne(ObjectIndex p);
  // Returns a new attempt of pod p, counted, with a result per node when
  // it is detailed.
  Attempt NewAttempt(ObjectIndex p);
  // Mirrors schedulePod. Returns the node to bind the pod to: the
  // nominated node, the only feasible one or the highest-scoring one; or
  // nullopt when no node fits (statuses say why).
  std::optional<ObjectIndex> SchedulePod(CycleState& state, Attempt& attempt,
                                         NodeToStatus& statuses,
                                         NodeCache::Shape* cache);
  // What findNodesThatFitPod found.
  struct FeasibleNodes {
    std::vector<ObjectIndex> nodes;
    bool nominated = false;  // the nominated node passed: no other was tried
  };
  // Mirrors findNodesThatFitPod: a PreFilter rejection fits no node, else
  // the nominated node is tried first, then every node. Fills statuses and
  // the per-node results.
  FeasibleNodes FindNodesThatFitPod(CycleState& state, Attempt& attempt,
                                    NodeToStatus& statuses,
                                    NodeCache::Shape* cache);
  // Mirrors evaluateNominatedNode. Returns whether the pod's nominated node
  // passes every filter; the trace says either way.
  bool EvaluateNominatedNode(CycleState& state, Attempt& attempt,
                             ObjectIndex nominated);
  // Mirrors findNodesThatPassFilters. Returns the feasible nodes, from
  // where the last cycle stopped; fills statuses and the per-node results.
  std::vector<ObjectIndex> FindNodesThatPassFilters(CycleState& state,
                                                    Attempt& attempt,
                                                    NodeToStatus& statuses,
                                                    NodeCache::Shape* cache);
  // Binds the pod to node n (assume, then the binding cycle) and clears
  // its nomination.
  void Bind(Attempt& attempt, ObjectIndex n);
  // Mirrors schedulingCycle's failure path through RunPostFilterPlugins:
  // notes the plugins that rejected the pod, then preempts, nominating a
  // node, or leaves the pod unschedulable.
  void RunPostFilterPlugins(CycleState& state, Attempt& attempt,
                            const NodeToStatus& statuses,
                            NodeCache::Shape* cache);
  // Mirrors Evaluator.prepareCandidate after the pod is nominated to
  // attempt.node: deletes the victims and clears lower-priority
  // nominations there.
  void PrepareCandidate(Attempt& attempt, std::string fit_error);
  // Returns the actuate step's text (without its final period); acts:
  // whether the preemption deleted victims and cleared nominations.
  std::string ActuationText(const Attempt& attempt, bool acts) const;
  // When preemption finds no candidate: the pod stays unschedulable with
  // the FitError and, from v1.23, the PostFilter message.
  void FailPreemption(Attempt& attempt, const Status& preemption,
                      bool clears_nomination, std::string fit_error);
  // Keeps or clears the pod's nomination to node nominated after a failed
  // preemption, as the evaluator decided (clears_nomination).
  void KeepOrClearNomination(Attempt& attempt, ObjectIndex nominated,
                             bool clears_nomination);
  // The plugins that rejected a pod on some node, as kRejects* bits.
  uint32_t Rejectors(const NodeToStatus& statuses) const;
  // "; they keep their room until ... (30 s, their grace period)".
  std::string VictimTimes(const Attempt& attempt) const;
  Diagnostic& Warn(const Pod& pod, const std::string& path, std::string message,
                   Severity severity = Severity::kWarning) {
    return diagnostics_.Add(severity, "Pod " + pod.key, FieldPath(path),
                            pod.line, std::move(message), pod.document);
  }

  Scenario& scenario_;
  const SchedulerOptions options_;
  Diagnostics& diagnostics_;
  Cluster cluster_;
  std::set<QueueKey> active_;  // (-priority, timestamp, sequence, pod)
  std::set<BackoffKey> backoff_;
  std::vector<QueuedPod> queued_;  // per pod of the scenario
  std::vector<int64_t> gone_at_;   // when a terminating pod leaves, or -1
  std::vector<ObjectIndex> unschedulable_;  // the pool, in arrival order
  std::vector<ObjectIndex> parked_;  // pool pods a flush would not change
  std::vector<int> attempts_per_pod_;
  std::unique_ptr<WorkloadControllers> controllers_;
  // By PDB: the pods it selects, and how many must stay healthy.
  std::vector<std::vector<ObjectIndex>> pdb_pods_;
  bool disruption_controller_ = false;  // UpdatePdbs recomputes budgets
  Timeline timeline_;
  Clock clock_;                // the simulated clock and its timers
  int64_t cycle_cost_ms_ = 0;  // what this cycle spent on API calls
  uint64_t changes_ = 0;  // cluster changes (binds, deletions, nominations)
  int64_t sequence_ = 0;
  int next_start_node_ = 0;
  int attempts_made_ = 0;
  int64_t attempt_limit_ = 0;
  int64_t detailed_entries_ = 0;
  NodeCache cache_;
  // Per-cycle filter statuses and the evaluator's working space, reused
  // across cycles.
  NodeToStatus filter_statuses_{0};
  PreemptionScratch preemption_scratch_{0};
};

// Runs the queue until every pending pod is bound or stays unschedulable.
// Bound pods in the scenario are placed first; pods that cannot be placed
// (unknown node) get a diagnostic and stay out of the simulation.
// REQUIRES: the scenario was admitted and its PDB statuses computed.
struct SchedulerRun {
  std::vector<Attempt> attempts;
  Timeline timeline;
};
SchedulerRun RunScheduler(Scenario& scenario, const SchedulerOptions& options,
                          Diagnostics& diagnostics);

}  // namespace podsim
