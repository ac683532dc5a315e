// Workload controllers on the simulated clock: the pods the ReplicaSet,
// Deployment, StatefulSet, DaemonSet and Job controllers create and delete
// as their pods are bound, preempted and gone (pkg/controller). The queue
// tells them what happened to pods; they answer with the pods to create
// (a replacement names the pod it replaces) and to delete.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/api/generated_names.h"
#include "core/api/object_ref.h"
#include "core/api/objects.h"
#include "core/base/diagnostics.h"
#include "core/controllers/deployment_scale.h"
#include "core/controllers/job.h"
#include "core/framework/trace.h"

namespace podsim {

// The most pods the controllers create in one run; past it they stop and
// say so (a cascade that would not settle).
inline constexpr int kMaxCreatedPods = 20'000;

// What a controller does to one pod.
struct ControllerAction {
  // kSync: the workload's controller asks to run again at at_ms (a Job
  // whose backoff ends then: enqueueSyncJobWithDelay).
  enum class Kind : uint8_t { kCreate, kDelete, kSync };
  Kind kind = Kind::kCreate;
  int workload = -1;  // index into WorkloadControllers::workloads()
  // kCreate: the pod it replaces (a victim), or -1; kDelete: the pod.
  ObjectIndex pod = -1;
  std::shared_ptr<Pod> created;  // kCreate: the new pod, without its index
  int64_t at_ms = 0;             // kCreate, kSync: when
};

// One workload as its controller runs it: an object of the input, a
// ReplicaSet a Deployment creates, or a controller the input lacks but its
// pods name (built from the pods' own spec).
struct Workload {
  std::string kind;
  std::string ns;
  std::string name;
  int controller = -1;  // index into Scenario::controllers, or -1
  int parent = -1;      // a ReplicaSet's Deployment (a workload index)
  std::vector<int> replica_sets;            // a Deployment's, the new one first
  std::shared_ptr<const Pod> pod_template;  // admitted; null: creates none
  int32_t wanted = 0;           // the object's replicas (the user's intent)
  int32_t spec_replicas = 0;    // a ReplicaSet's current scale
  bool applied = false;         // from the change (--apply)
  bool created_by_run = false;  // a ReplicaSet a Deployment's rollout made
  // A Deployment's ReplicaSet: its desired-replicas and max-replicas
  // annotations (nullopt: none), and its creationTimestamp (Unix ms; a set
  // the run creates has one once its Deployment first scales it).
  std::optional<int32_t> desired_annotation;
  std::optional<int32_t> max_annotation;
  std::optional<int64_t> created_ms;
  bool failed = false;            // a Job past its backoffLimit
  int32_t failures = 0;           // a Job's failed pods, as counted
  std::vector<ObjectIndex> pods;  // every pod it owns, in creation order
  int created = 0;                // pods it created in this run
  // Pods it lost to someone else (preemption): the next pod it creates
  // replaces the first.
  std::vector<ObjectIndex> lost;
  int lost_total = 0;            // pods it lost over the run
  int refused = 0;               // creations admission refused
  std::string failed_create;     // the last refusal's FailedCreate message
  int64_t refused_at_sync = -1;  // the Reconcile that last counted one
  int running_before = 0;        // bound and not terminating at the start

  ObjectRef ref() const { return {kind, ns, name}; }
};

// Mirrors deploymentutil.MaxSurge: a RollingUpdate Deployment's maxSurge
// of its replicas (rounded up); 0 under Recreate.
int32_t DeploymentMaxSurge(const Controller& deployment);

class WorkloadControllers {
 public:
  // Finds every workload of the scenario and the pods each owns (by
  // controller reference, or adopted by selector). REQUIRES: the scenario
  // was admitted, and outlives this.
  explicit WorkloadControllers(const Scenario& scenario);

  const std::vector<Workload>& workloads() const { return workloads_; }
  // Returns whether pod p is still there: not gone, not finished.
  bool Live(ObjectIndex p) const {
    return state_[p] != State::kGone && state_[p] != State::kDone;
  }
  // Returns the workload that owns pod p, or -1.
  int OwnerOf(ObjectIndex p) const {
    return p < static_cast<ObjectIndex>(owner_.size()) ? owner_[p] : -1;
  }

  // What happened to a pod, as the queue saw it. The scheduler bound p to
  // node at now_ms (the kubelet has it Running and Ready then).
  void OnBound(ObjectIndex p, std::string_view node = {}, int64_t now_ms = -1);
  // The scheduler preempted p: it got its deletionTimestamp.
  void OnPreempted(ObjectIndex p);
  // The queue leaves p out (bound to a node the input lacks, another
  // scheduler's, pending but being deleted): it counts as gone.
  void OnIgnored(ObjectIndex p);
  void OnGone(ObjectIndex p);
  // The queue added pod p for a kCreate action of workload w.
  void OnCreated(ObjectIndex p, int w);
  // The API server refused the pod of a kCreate action (a quota): it does
  // not exist, and the pod it replaces is still to replace. message is the
  // FailedCreate event's.
  void OnCreateRefused(const ControllerAction& action, std::string message);
  // The time a kSync action of workload w asked for has come.
  void SyncDue(int w) { MarkDirty(w); }

  // Runs every controller whose pods changed since it last ran; returns
  // what they do, creations with their pods ready to append (their index
  // and creation time are the queue's to set).
  std::vector<ControllerAction> Reconcile(int64_t now_ms);

  // What workload w wanted and got: its scale, its pods running (bound, not
  // terminating) and pending now. A Deployment counts its ReplicaSets' pods.
  WorkloadOutcome Outcome(int w) const;

  // Pods created so far, and whether the cap stopped a controller.
  int created() const { return created_; }
  bool capped() const { return capped_; }

 private:
  enum class State : uint8_t { kPending, kBound, kTerminating, kGone, kDone };
  State StateOf(ObjectIndex p) const { return state_[p]; }
  bool Active(ObjectIndex p) const {
    return state_[p] == State::kPending || state_[p] == State::kBound;
  }
  int AddWorkload(Workload w);
  void Own(int w, ObjectIndex p);
  void Touch(ObjectIndex p);
  void SetUpDeployment(int d);
  // A ReplicaSet of the input: its Deployment's annotations and its time.
  void SetUpAnnotations(const Controller& deployment, Workload& rs) const;

  // Each controller's sync, adding to actions.
  void SyncReplicaSet(int w, int64_t now, std::vector<ControllerAction>& out);
  // Returns whether it changed a ReplicaSet's scale (a sync again follows).
  bool SyncDeployment(int w);
  // deployment_scale.h: syncDeployment's scaling event (isScalingEvent),
  // synced by scale() over Deployment d's ReplicaSets that exist (their
  // workloads in ids). ScaleDeployment returns whether it changed one.
  std::vector<ScaledSet> ScaledSetsOf(int d, std::vector<int>& ids) const;
  bool ScaleDeployment(int d);
  // scaleReplicaSet: ReplicaSet w of Deployment d to scale, with its
  // annotations; returns whether its scale changed.
  bool ScaleReplicaSet(int d, int w, int32_t scale);
  // Whether ReplicaSet w is in the API: of the input, or made by the run
  // and scaled once.
  bool SetExists(int w) const;
  void SyncStatefulSet(int w, int64_t now, std::vector<ControllerAction>& out);
  // A StatefulSet's scale-down of its pods (latest: by ordinal, the newest
  // pod of each) at or past ordinal replicas.
  void ScaleDownStatefulSet(int w, const std::map<int, ObjectIndex>& latest,
                            int32_t replicas, bool ordered,
                            std::vector<ControllerAction>& out);
  void SyncDaemonSet(int w, int64_t now, std::vector<ControllerAction>& out);
  void SyncJob(int w, int64_t now, std::vector<ControllerAction>& out);
  // Adds the creation of a pod of w to out and returns that pod, or
  // nullptr when the cap stops it or there is nothing to build it from.
  Pod* Create(int w, std::string name, int64_t at,
              std::vector<ControllerAction>& out);
  void Delete(int w, ObjectIndex p, std::vector<ControllerAction>& out);
  // pod_ranking.h: the active pods of ReplicaSet w that its scale-down
  // deletes, diff of them (getPodsToDelete).
  std::vector<ObjectIndex> PodsToDelete(int w,
                                        const std::vector<ObjectIndex>& active,
                                        int32_t diff, int64_t now) const;
  // getReplicaSetsWithSameController: the ReplicaSets whose pods rank
  // workload w's (its Deployment's), or none.
  std::vector<int> RelatedSets(int w) const;
  int Available(int w) const;  // bound, not terminating
  // A Job workload whose preempted pods count as failures, or null
  // (core/controllers/job_controller.cc).
  const Controller* JobOf(int w) const;
  // A pod of Job w failed: its backoff record, backoffLimit and the
  // podFailurePolicy.
  void CountFailure(int w);
  JobBackoff& BackoffOf(int w);
  int32_t JobWantActive(int w, int32_t active) const;
  // The first n of active as activePodsForRemoval ranks them.
  std::vector<ObjectIndex> ActivePodsForRemoval(std::vector<ObjectIndex> active,
                                                size_t n) const;

  const Scenario& scenario_;
  std::vector<Workload> workloads_;
  std::vector<int> owner_;    // by pod
  std::vector<State> state_;  // by pod
  // By workload: its pods changed since it last ran; and how many did.
  std::vector<char> dirty_;
  size_t dirty_count_ = 0;
  void MarkDirty(int w);
  bool TakeDirty(size_t w);     // clears w's mark; returns whether it was set
  std::vector<char> deleting_;  // by pod: its controller deleted it
  // By pod: the node the run bound it to, and when (-1: not by the run).
  std::vector<std::string> bound_node_;
  std::vector<int64_t> bound_ms_;
  // Pod keys taken ("<ns>/<name>"), for generated names to avoid.
  std::unordered_set<std::string> used_names_;
  int created_ = 0;
  bool capped_ = false;
  std::vector<JobBackoff> job_backoff_;  // by workload (Jobs')
  int64_t now_ms_ = 0;                   // the time Reconcile runs at
  int64_t syncs_ = 0;                    // Reconcile calls that ran
  // A creation of workload w (as name; "" for a generated one) found no
  // template: when admission refused its template, counts a refused
  // creation (once per sync) with its FailedCreate message.
  void RefusedTemplate(int w, const std::string& name);
};

}  // namespace podsim
