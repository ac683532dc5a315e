// The controllers beside the scheduler, as kube-controller-manager runs
// them: the workload controllers (workloads.h) create and delete pods as
// theirs are bound, preempted and gone, and the disruption controller keeps
// the budgets' status (disruption.h). The manager runs them on the
// simulated clock and carries out what they do on the cluster, the
// scheduling queue and the timeline.
#pragma once

#include <cstdint>
#include <vector>

#include "core/admission/resource_quota.h"
#include "core/api/objects.h"
#include "core/base/diagnostics.h"
#include "core/controllers/workloads.h"
#include "core/framework/node_info.h"
#include "core/framework/trace.h"
#include "core/queue/clock.h"
#include "core/queue/scheduling_queue.h"
#include "core/queue/terminations.h"
#include "core/queue/timeline_recorder.h"

namespace podsim {

class ControllerManager {
 public:
  // Finds the scenario's workloads and the pods each owns; of the pods that
  // neither cluster places nor queue holds, a pending pod being deleted and
  // one admission refused are no pods of theirs, while one bound to a node
  // the input lacks or pending for another scheduler stays an active
  // replica. The disruption controller runs when
  // there are workloads: a scenario of bare pods keeps its budgets as
  // given or computed at the start, as upstream's scheduler tests (no
  // controller manager) see them. REQUIRES: the scenario's pods are placed
  // and queued, and every argument outlives the manager.
  ControllerManager(Scenario& scenario, Cluster& cluster, Clock& clock,
                    SchedulingQueue& queue, Terminations& terminations,
                    TimelineRecorder& recorder, Diagnostics& diagnostics);

  // Runs the controllers whose pods changed and carries out what they do:
  // a pod created is appended to the scenario and queued, a pod deleted
  // leaves (a bound one after its grace period), the budgets of the pods
  // that changed are updated. REQUIRES: no one holds a reference to a pod
  // of the scenario (between the scheduling cycles).
  void Run();

  // The scheduler bound pod p.
  void OnBound(ObjectIndex p);
  // The scheduler preempted pod p: it got its deletionTimestamp.
  void OnPreempted(ObjectIndex p);
  // Pod p left its node.
  void OnGone(ObjectIndex p);
  // The delayed sync of workload w a controller asked for is due.
  void SyncDue(int w) { controllers_.SyncDue(w); }

  // Returns what each workload wanted and got (the run is over).
  std::vector<WorkloadOutcome> Outcomes() const;

 private:
  // Appends the pod a kCreate action built to the scenario (its PDBs and
  // claims indexed as the input's pods have them), and queues it; returns
  // false when the API server refuses it (a ResourceQuota).
  bool AddCreatedPod(ControllerAction& action);
  // The API server refused the pod of a kCreate action: its controller
  // hears so (FailedCreate) and retries with its rate limiter's backoff.
  void RefuseCreate(const ControllerAction& action,
                    const QuotaLedger::Refusal& refusal);
  // A pod left namespace ns: the workloads a quota of ns refused retry at
  // their next backoff step.
  void QuotaFreed(const std::string& ns);
  // Says once per workload w that the pods it creates (as pod) wait for
  // another scheduler.
  void WarnOtherScheduler(int w, const Pod& pod);
  // A kDelete action: a bound pod leaves after its grace period, a
  // pending one at once.
  void DeletePod(ObjectIndex p);
  // Mirrors the disruption controller's trySync for the budgets that
  // select p, after p changed.
  void UpdatePdbs(ObjectIndex p);

  Scenario& scenario_;
  Cluster& cluster_;
  Clock& clock_;  // and its timers for delayed syncs
  SchedulingQueue& queue_;
  Terminations& terminations_;
  TimelineRecorder& recorder_;
  Diagnostics& diagnostics_;
  WorkloadControllers controllers_;
  // By PDB: the pods it selects.
  std::vector<std::vector<ObjectIndex>> pdb_pods_;
  bool disruption_controller_ = false;  // UpdatePdbs recomputes budgets
  std::vector<int>
      other_scheduler_warned_;  // workloads WarnOtherScheduler told
  // The quotas' usage: the pods there, and those created in the run.
  QuotaLedger quota_;
  // By workload a quota refused: its failures in a row (its rate limiter's
  // count), when it last tried, and whether it waits for a pod to go.
  struct QuotaRetry {
    int failures = 0;
    int64_t last_ms = 0;
    bool waiting = false;
  };
  std::vector<QuotaRetry> quota_retry_;
  std::vector<int> quota_waiting_;  // the workloads waiting, by refusal
};

}  // namespace podsim
