// The scheduler on a simulated clock: pods pop from the scheduling queue
// (core/queue/) in priority order, and each cycle filters (nominated node
// first), scores or preempts; victims keep their room for their grace
// period, failed pods go back to the queue, and the controllers
// (core/controllers/) act between the cycles. The loop and its event
// handlers live in scheduler.cc, one scheduling cycle in schedule_one.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/base/diagnostics.h"
#include "core/controllers/controller_manager.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"
#include "core/framework/preemption/preemption.h"
#include "core/framework/runtime/node_cache.h"
#include "core/framework/trace.h"
#include "core/queue/clock.h"
#include "core/queue/queueing_hints.h"
#include "core/queue/scheduling_queue.h"
#include "core/queue/terminations.h"
#include "core/queue/timeline_recorder.h"

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
  // The release whose semantics to mirror. REQUIRES: outlives the
  // scheduler.
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
  // The decision level: each pending pod's first scheduling cycle against
  // the input as it stands, in input order, the way upstream's unit tests
  // call the framework (and the oracle's --decision). Nothing a cycle does
  // is applied (no binding, nomination, deletion or cleared nomination), and
  // there is no queue, clock movement or controller.
  bool decision = false;
};

// The scheduler: one scheduling cycle per call, each seeing the effects of
// the ones before. Pods the controllers create are appended to the
// scenario. REQUIRES: the scenario was admitted and its PDB statuses
// computed, and it outlives the scheduler.
class Scheduler {
 public:
  Scheduler(Scenario& scenario, const SchedulerOptions& options,
            Diagnostics& diagnostics);

  // Runs the next scheduling cycle into attempt, moving the clock on to
  // it. Returns false once every pending pod is bound or waits with nothing
  // left that could retry it.
  bool Next(Attempt& attempt);
  // The clock and what happened on it so far.
  const Timeline& timeline() const { return recorder_.timeline(); }
  // Returns the timeline, with what each workload got (the run is over).
  Timeline TakeTimeline();

 private:
  // Sets the run up from the scenario, as the informers seed the cache
  // and the queue: the steps below, in order (scheduler.cc).
  void Setup();
  // Binds the input's bound pods, in the order the informer lists them
  // (ListedBefore), and nominates its pending ones. Returns the pods to
  // schedule, in input order: not those finished, refused by admission,
  // another scheduler's or being deleted.
  std::vector<ObjectIndex> PlaceInputPods();
  // Returns the node a bound input pod is bound to, or reports it missing
  // and returns kNoNode.
  ObjectIndex InputPodNode(const Pod& pod);
  // Nominates a pending input pod to its node, or reports the node missing.
  void NominateInputPod(const Pod& pod);
  // Starts the clock at options_.start_ms or the latest time on the
  // cluster's objects, and the queue's tickers with it.
  void StartClock();
  // Sets when each pod terminating in the input leaves its node.
  void ScheduleInputTerminations();
  // Queues the pending pods: activeQ now, or on arrival when created later.
  void QueueInputPods(const std::vector<ObjectIndex>& pending);

  // Between the cycles (scheduler.cc): what the clock brings, as the
  // scheduler's event handlers see it.
  void FireTimers();  // every timer due at or before now
  // Moves the clock on to the next timer that changes something. Returns
  // false when none is left.
  bool AdvanceClock();
  // A victim's deletion reaches the API server: it is terminating.
  void DeletionLanded(ObjectIndex p);
  // When pod p is the last victim a preemption deletes, its deletion ends
  // the preemptor's preemption (asynchronous preemption).
  void EndPreemptionOnLastVictim(ObjectIndex p);
  // A victim whose deletion landed and has no grace period leaves now.
  void LeaveIfNoGracePeriod(ObjectIndex p);
  void Gone(ObjectIndex p);  // a terminating pod leaves its node
  // With the controllers on, whether pod p carries the Job's tracking
  // finalizer, which holds it after its kubelet is done.
  bool HeldByFinalizer(ObjectIndex p) const;
  // Pod p's time is up: it leaves now, or once the controllers have run.
  void GoneOrHeld(ObjectIndex p);
  // The held pods leave. Returns whether there were any.
  bool SweepFinalized();
  // Returns whether the run has made as many attempts as it may while
  // pods are still being retried; then it says so and stops the queue.
  bool StopRetries();

  // One scheduling cycle (schedule_one.cc), in upstream's steps.
  // Mirrors scheduleOne: runs pod p's scheduling cycle into attempt, then
  // hands the outcome to the queue (and the controllers); the clock moves
  // on by what the cycle's API calls took.
  void ScheduleOne(ObjectIndex p, Attempt& attempt);
  // Mirrors schedulingCycle. Returns the attempt of pod p: bound to the
  // host SchedulePod finds or, when no node fits, what the PostFilter
  // plugins (DefaultPreemption) did.
  Attempt SchedulingCycle(ObjectIndex p);
  // Mirrors handleSchedulingFailure: the pod goes back to the queue,
  // unschedulable; its status update then moves the pods its nomination's
  // change (from nominated_before) may help (updatePodInSchedulingQueue);
  // a preemption's cleared nominations and deletions move the pods they may
  // help: before it when the cycle made the calls, after it under
  // asynchronous preemption (prepareCandidateAsync).
  void HandleSchedulingFailure(const Attempt& attempt,
                               ObjectIndex nominated_before);
  // Sends each nomination attempt cleared as that pod's change.
  void ClearedNominationsChanged(const Attempt& attempt);
  // Mirrors prepareCandidateAsync's deletions without an API latency: each
  // new victim's deletion lands in turn, the last one ending the
  // preemption; one without a grace period leaves at once.
  void LandDeletions(const Attempt& attempt);
  // Returns whether attempt (0-based, over the run) of pod records every
  // node's result: the options' choice, within the detail budget.
  bool Detailed(int attempt, ObjectIndex pod) const;
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
  // Sets the status of the nodes PreFilter left out (SetAbsentNodesStatus),
  // naming NodeAffinity and the plugin that rejected the nominated node.
  void SetAbsentNodesStatus(Attempt& attempt, NodeToStatus& statuses);
  // Mirrors evaluateNominatedNode. Returns whether the pod's nominated node
  // passes every filter; the trace says either way, and statuses holds its
  // status when it does not.
  bool EvaluateNominatedNode(CycleState& state, Attempt& attempt,
                             NodeToStatus& statuses, ObjectIndex nominated);
  // Mirrors findNodesThatPassFilters. Returns the feasible nodes, walking
  // the snapshot's order from where the last search stopped, up to
  // numFeasibleNodesToFind; fills statuses and the per-node results.
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
  // Deletes a preemption's victims: each keeps its room until its grace
  // period ends (one already terminating keeps its deadline). Returns
  // whether preemption goes on to clear lower-priority nominations: from
  // v1.34, not when every victim was already terminating. Without apply
  // (the decision level) it only sets when each victim would leave.
  bool StartTerminating(Attempt& attempt, bool apply);
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
  // "; they keep their room until ... (30 s, their grace period)".
  std::string VictimTimes(const Attempt& attempt) const;
  Diagnostic& Warn(const Pod& pod, const std::string& path, std::string message,
                   Severity severity = Severity::kWarning) {
    return diagnostics_.Add(severity, pod.ref().Describe(), FieldPath(path),
                            pod.line, std::move(message), pod.document);
  }

  Scenario& scenario_;
  const SchedulerOptions options_;
  Diagnostics& diagnostics_;
  Cluster cluster_;
  Clock clock_;  // the simulated clock and its timers
  TimelineRecorder recorder_;
  Terminations terminations_;
  SchedulingQueue queue_;
  // Job pods done but held by their finalizer until the controllers run.
  std::vector<ObjectIndex> held_;
  std::unique_ptr<ControllerManager> controllers_;  // when options_ say
  const size_t input_pods_;  // the scenario's pods before the controllers'
  size_t pending_pods_ = 0;  // the input's pods to schedule
  // The decision level's pods, in input order, and the next one's place.
  std::vector<ObjectIndex> decisions_;
  size_t next_decision_ = 0;
  std::vector<int> attempts_per_pod_;
  int attempts_made_ = 0;
  int64_t cycle_cost_ms_ = 0;  // what this cycle spent on API calls
  // By victim: the preemptor whose asynchronous preemption ends when its
  // deletion lands (the last new victim).
  std::unordered_map<ObjectIndex, ObjectIndex> preemption_ends_with_;
  // The plugins that rejected the pod in this cycle (queueing hints).
  UnschedulablePlugins unschedulable_plugins_ = 0;
  int next_start_node_ = 0;
  int64_t detailed_entries_ = 0;
  NodeCache cache_;
  // Per-cycle filter statuses and the evaluator's working space, reused
  // across cycles.
  NodeToStatus filter_statuses_{0};
  PreemptionScratch preemption_scratch_{0};
};

// Runs the scheduler until every pending pod is bound or stays
// unschedulable. Bound pods in the scenario are placed first; pods that
// cannot be placed (unknown node) get a diagnostic and stay out of the
// simulation. REQUIRES: the scenario was admitted and its PDB statuses
// computed.
struct SchedulerRun {
  std::vector<Attempt> attempts;
  Timeline timeline;
};
SchedulerRun RunScheduler(Scenario& scenario, const SchedulerOptions& options,
                          Diagnostics& diagnostics);

}  // namespace podsim
