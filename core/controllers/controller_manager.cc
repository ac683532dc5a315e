#include "core/controllers/controller_manager.h"

#include <algorithm>
#include <string>

#include "core/controllers/disruption.h"
#include "core/framework/preemption/pdb.h"

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;

int64_t Millis(int64_t seconds) { return seconds * kSecond; }

// Returns whether a pod of the input that the run neither places nor
// queues is no pod of its controller. One admission refused does not
// exist; one being deleted is not active (controller.FilterActivePods; an
// unscheduled pod's deletion is immediate). One bound to a node the input
// lacks, or pending for another scheduler, is an active replica: its
// controller creates nothing for it.
bool GoneForControllers(const Pod& pod) {
  return !pod.admitted || pod.terminating;
}

// Returns whether pod waits for a scheduler other than podsim's: no one
// in the run binds it (default-scheduler skips it), it stays pending.
bool OtherSchedulers(const Pod& pod) {
  return pod.scheduler_name != kDefaultScheduler;
}

}  // namespace

ControllerManager::ControllerManager(Scenario& scenario, Cluster& cluster,
                                     Clock& clock, SchedulingQueue& queue,
                                     Terminations& terminations,
                                     TimelineRecorder& recorder,
                                     Diagnostics& diagnostics)
    : scenario_(scenario),
      cluster_(cluster),
      clock_(clock),
      queue_(queue),
      terminations_(terminations),
      recorder_(recorder),
      diagnostics_(diagnostics),
      controllers_(scenario),
      quota_(scenario) {
  recorder_.timeline().controllers = true;
  quota_retry_.resize(controllers_.workloads().size());
  if (!quota_.empty()) {
    for (const Pod& pod : scenario_.pods) {
      if (pod.admitted) quota_.Charge(pod);
    }
  }
  disruption_controller_ = !controllers_.workloads().empty();
  for (const Pod& pod : scenario_.pods) {
    const bool placed = cluster_.NodeOf(pod.index) != kNoNode;
    if (!placed && !queue_.Contains(pod.index) && GoneForControllers(pod)) {
      controllers_.OnIgnored(pod.index);
    }
  }
  pdb_pods_.assign(scenario_.pdbs.size(), {});
  for (size_t p = 0; p < scenario_.pod_pdbs.size(); ++p) {
    for (int j : scenario_.pod_pdbs[p]) {
      pdb_pods_[j].push_back(static_cast<ObjectIndex>(p));
    }
  }
}

void ControllerManager::Run() {
  std::vector<ControllerAction> actions = controllers_.Reconcile(clock_.now());
  // slowStartBatch: after a refused creation, a controller creates no more
  // pods in this sync.
  std::vector<int> refused;
  for (ControllerAction& action : actions) {
    if (action.kind == ControllerAction::Kind::kCreate) {
      if (std::find(refused.begin(), refused.end(), action.workload) !=
          refused.end()) {
        controllers_.OnCreateRefused(action, "");
      } else if (!AddCreatedPod(action)) {
        refused.push_back(action.workload);
      }
      continue;
    }
    if (action.kind == ControllerAction::Kind::kSync) {
      clock_.SetTimer(action.at_ms, Timer::kControllerSync, action.workload);
      continue;
    }
    DeletePod(action.pod);
    Timeline& timeline = recorder_.timeline();
    if (timeline.deleted_by.size() <= static_cast<size_t>(action.pod)) {
      timeline.deleted_by.resize(scenario_.pods.size(), -1);
    }
    timeline.deleted_by[action.pod] = action.workload;
    const int64_t gone_ms = terminations_.GoneAt(action.pod);
    if (QueueEvent* e = recorder_.Record(QueueEventKind::kDeleted, action.pod,
                                         cluster_.NodeOf(action.pod),
                                         gone_ms >= 0 ? gone_ms : 0)) {
      e->workload = action.workload;
    }
  }
  Timeline& timeline = recorder_.timeline();
  if (controllers_.capped() && !timeline.controllers_capped) {
    timeline.controllers_capped = true;
    diagnostics_.Add(Severity::kWarning, "", FieldPath(), 0,
                     "the workload controllers created " +
                         std::to_string(controllers_.created()) +
                         " pods and stopped there: the cascade of "
                         "replacements did not settle");
  }
}

void ControllerManager::OnBound(ObjectIndex p) {
  // The kubelet starts a bound pod at once (docs/workloads.md, Readiness):
  // its status.startTime is the binding's moment, which the preemption's
  // GetPodStartTime reads (a pod without one counts as started "now").
  scenario_.pods[p].start_time = clock_.now() / kSecond;
  controllers_.OnBound(p, cluster_.node(cluster_.NodeOf(p)).name, clock_.now());
  UpdatePdbs(p);
}

void ControllerManager::OnPreempted(ObjectIndex p) {
  controllers_.OnPreempted(p);
  UpdatePdbs(p);
}

void ControllerManager::OnGone(ObjectIndex p) {
  controllers_.OnGone(p);
  UpdatePdbs(p);
  if (quota_.empty()) return;
  quota_.Release(scenario_.pods[p]);
  QuotaFreed(scenario_.pods[p].ns);
}

void ControllerManager::RefuseCreate(const ControllerAction& action,
                                     const QuotaLedger::Refusal& refusal) {
  const int w = action.workload;
  const std::string message = "Error creating: pods \"" + action.created->name +
                              "\" is forbidden: " + refusal.message;
  controllers_.OnCreateRefused(action, message);
  if (QueueEvent* e = recorder_.Record(QueueEventKind::kRefused, -1)) {
    e->workload = w;
    e->other = refusal.quota - scenario_.resource_quotas.data();
  }
  if (quota_retry_.size() <= static_cast<size_t>(w)) {
    quota_retry_.resize(w + 1);
  }
  QuotaRetry& retry = quota_retry_[w];
  ++retry.failures;
  retry.last_ms = clock_.now();
  if (!retry.waiting) quota_waiting_.push_back(w);
  retry.waiting = true;
  const Workload& wl = controllers_.workloads()[w];
  if (wl.refused > 1) return;  // said once per workload
  // A ReplicaSet of a Deployment's rollout is named where its Deployment is.
  int object = wl.controller;
  if (object < 0 && wl.parent >= 0) {
    object = controllers_.workloads()[wl.parent].controller;
  }
  const Controller* c = object >= 0 ? &scenario_.controllers[object] : nullptr;
  diagnostics_.Add(
      Severity::kWarning, wl.ref().Describe(), FieldPath(), c ? c->line : 0,
      "FailedCreate: " + message + " (" + refusal.quota->ref().Describe() +
          "); its controller tries again when its own pods change, or at "
          "its backoff's next step once a pod of the namespace is gone",
      c ? c->document : -1);
}

void ControllerManager::QuotaFreed(const std::string& ns) {
  if (quota_waiting_.empty()) return;
  std::vector<int> waiting;
  waiting.swap(quota_waiting_);
  for (int w : waiting) {
    QuotaRetry& retry = quota_retry_[w];
    const Workload& wl = controllers_.workloads()[w];
    if (!retry.waiting) continue;
    if (wl.ns != ns) {
      quota_waiting_.push_back(w);
      continue;
    }
    // The rate limiter's retries while nothing was freed failed alike:
    // the first that comes now is the next to count. Jobs back off from 1s
    // to 1min, the others from 5ms to 1000s
    // (DefaultControllerRateLimiter).
    const bool job = wl.kind == "Job";
    const int64_t base = job ? 1000 : 5, cap = job ? 60'000 : 1'000'000;
    // The delay after the n-th failure in a row: base * 2^(n-1), at most
    // cap (ItemExponentialFailureRateLimiter).
    auto delay = [&] {
      return std::min(cap, base << std::clamp(retry.failures - 1, 0, 40));
    };
    int64_t at = retry.last_ms + delay();
    while (at < clock_.now()) {
      ++retry.failures;  // a retry that found the quota still full
      at += delay();
    }
    retry.waiting = false;
    clock_.SetTimer(at, Timer::kControllerSync, w);
  }
}

std::vector<WorkloadOutcome> ControllerManager::Outcomes() const {
  std::vector<WorkloadOutcome> outcomes;
  for (size_t w = 0; w < controllers_.workloads().size(); ++w) {
    outcomes.push_back(controllers_.Outcome(static_cast<int>(w)));
  }
  return outcomes;
}

bool ControllerManager::AddCreatedPod(ControllerAction& action) {
  const ObjectIndex p = static_cast<ObjectIndex>(scenario_.pods.size());
  Pod& pod = *action.created;
  if (quota_.Applies(pod)) {
    if (auto refusal = quota_.Admit(pod, pod.spec_resources.get())) {
      RefuseCreate(action, *refusal);
      return false;
    }
  }
  if (static_cast<size_t>(action.workload) < quota_retry_.size()) {
    quota_retry_[action.workload] = {};  // the rate limiter's Forget
  }
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
  controllers_.OnCreated(p, action.workload);
  if (QueueEvent* e =
          recorder_.Record(QueueEventKind::kCreated, p, kNoNode, at)) {
    e->workload = action.workload;
    e->other = action.pod;
  }
  if (OtherSchedulers(scenario_.pods[p])) {
    WarnOtherScheduler(action.workload, scenario_.pods[p]);
  } else if (at > clock_.now()) {
    queue_.AddAt(p, at);
  } else {
    queue_.Add(p, at);
  }
  UpdatePdbs(p);  // a budget may expect one pod more
  return true;
}

void ControllerManager::WarnOtherScheduler(int w, const Pod& pod) {
  if (std::find(other_scheduler_warned_.begin(), other_scheduler_warned_.end(),
                w) != other_scheduler_warned_.end())
    return;
  other_scheduler_warned_.push_back(w);
  const Workload& wl = controllers_.workloads()[w];
  const Controller* c =
      wl.controller >= 0 ? &scenario_.controllers[wl.controller] : nullptr;
  diagnostics_.Add(Severity::kWarning, wl.ref().Describe(),
                   FieldPath("spec.template.spec.schedulerName"),
                   c ? c->line : 0,
                   "its pods name schedulerName \"" + pod.scheduler_name +
                       "\", not default-scheduler; the pods it creates are "
                       "left pending, and count as its replicas",
                   c ? c->document : -1);
}

void ControllerManager::DeletePod(ObjectIndex p) {
  if (cluster_.NodeOf(p) != kNoNode) {
    // A graceful delete: the pod keeps its room for its grace period.
    if (terminations_.Leaving(p) || cluster_.Terminating(p)) return;
    cluster_.MarkTerminating(p);
    terminations_.LeaveAt(
        p, clock_.now() + Millis(cluster_.pod(p).termination_grace_seconds));
    queue_.MoveAllToActiveOrBackoffQueue(
        {.event = ClusterEvent::kPodTerminating, .pod = p});
    UpdatePdbs(p);
    return;
  }
  // A pending pod is gone at once.
  queue_.Delete(p);
  if (!quota_.empty()) {
    quota_.Release(scenario_.pods[p]);
    QuotaFreed(scenario_.pods[p].ns);
  }
  if (cluster_.NominatedNodeOf(p) != kNoNode) {
    // deletePodFromSchedulingQueue: a nominated pod's deletion is an
    // assigned pod's for the pods of lower or equal priority.
    cluster_.Nominate(p, kNoNode);
    queue_.MoveAllToActiveOrBackoffQueue(
        {.event = ClusterEvent::kNominationChanged, .pod = p});
  }
}

void ControllerManager::UpdatePdbs(ObjectIndex p) {
  // Healthy pods (bound, not terminating, not unready) less the ones that
  // must stay healthy.
  if (!disruption_controller_ ||
      static_cast<size_t>(p) >= scenario_.pod_pdbs.size())
    return;
  for (int j : scenario_.pod_pdbs[p]) {
    PodDisruptionBudget& pdb = scenario_.pdbs[j];
    // getExpectedPodCount on every sync, over getPodsForPdb's pods: those
    // there now, terminating and finished ones too.
    std::vector<ObjectIndex> listed;
    for (ObjectIndex q : pdb_pods_[j]) {
      const std::string& phase = scenario_.pods[q].phase;
      if (controllers_.Live(q) || phase == "Succeeded" || phase == "Failed") {
        listed.push_back(q);
      }
    }
    pdb.desired_healthy = DesiredHealthy(scenario_, controllers_, pdb, listed);
    int64_t healthy = 0;
    for (ObjectIndex q : pdb_pods_[j]) {
      // Ready as the input gives it (podutil.IsPodReady: a pod bound in the
      // input without a Ready condition is not); a pod bound in the run is
      // Ready once bound, the kubelet having started it.
      const Pod& pod = cluster_.pod(q);
      healthy += cluster_.NodeOf(q) != kNoNode && !cluster_.Terminating(q) &&
                 pod.ready.value_or(!pod.bound());
    }
    const int32_t allowed = static_cast<int32_t>(
        std::max<int64_t>(0, healthy - pdb.desired_healthy));
    if (allowed == pdb.disruptions_allowed) continue;
    pdb.disruptions_allowed = allowed;
    // Dry runs remembered for the nodes of its pods counted the old budget.
    for (ObjectIndex q : pdb_pods_[j]) {
      if (cluster_.NodeOf(q) != kNoNode) cluster_.Touch(cluster_.NodeOf(q));
    }
    if (QueueEvent* e = recorder_.Record(QueueEventKind::kPdbStatus, p)) {
      e->workload = j;
      e->other = allowed;
    }
  }
}

}  // namespace podsim
