#include "core/controllers/workloads.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/api/generated_names.h"
#include "core/api/object_ref.h"
#include "core/controllers/pod_ranking.h"
#include "core/framework/plugins/node_affinity.h"
#include "core/framework/plugins/pod_topology_spread.h"
#include "core/framework/plugins/taint_toleration.h"

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;

// Mirrors GetScaledValueFromIntOrPercent.
int32_t Scaled(const IntOrPercent& v, int32_t total, bool round_up) {
  if (!v.is_percent) return v.value;
  int64_t product = static_cast<int64_t>(v.value) * total;
  return static_cast<int32_t>(round_up ? (product + 99) / 100 : product / 100);
}

const OwnerReference* ControllerRef(const Pod& pod) {
  for (const OwnerReference& o : pod.owners) {
    if (o.controller) return &o;
  }
  return nullptr;
}

// Returns helper.DefaultSelector for a pod that workload w creates: its
// controller's selector, or for a ReplicaSet a Deployment's rollout made,
// the Deployment's selector and the pod-template-hash label the
// Deployment controller adds to it; empty for other kinds and for a
// controller the input lacks (the scheduler's listers would lack it too).
LabelSelector DefaultSelectorOf(const Scenario& scenario,
                                const std::vector<Workload>& workloads, int w) {
  const Workload& wl = workloads[w];
  if (wl.controller >= 0)
    return DefaultSelector(scenario.controllers[wl.controller]);
  LabelSelector out;
  out.is_nil = false;
  if (wl.kind != "ReplicaSet" || !wl.created_by_run || wl.parent < 0 ||
      workloads[wl.parent].controller < 0) {
    return out;
  }
  const Controller& deployment =
      scenario.controllers[workloads[wl.parent].controller];
  out.requirements = deployment.selector.requirements;
  out.requirements.push_back({.key = std::string(kPodTemplateHashLabel),
                              .op = SelectorOp::kIn,
                              .values = {deployment.template_hash}});
  return out;
}

// The tolerations the DaemonSet controller adds to its pods
// (AddOrUpdateDaemonPodTolerations), network-unavailable aside: podsim does
// not read hostNetwork.
void AddDaemonTolerations(Pod& pod) {
  const std::pair<const char*, TaintEffect> kAdded[] = {
      {"node.kubernetes.io/not-ready", TaintEffect::kNoExecute},
      {"node.kubernetes.io/unreachable", TaintEffect::kNoExecute},
      {"node.kubernetes.io/disk-pressure", TaintEffect::kNoSchedule},
      {"node.kubernetes.io/memory-pressure", TaintEffect::kNoSchedule},
      {"node.kubernetes.io/pid-pressure", TaintEffect::kNoSchedule},
      {"node.kubernetes.io/unschedulable", TaintEffect::kNoSchedule},
  };
  for (const auto& [key, effect] : kAdded) {
    Toleration t;
    t.key = key;
    t.exists = true;
    t.effect = effect;
    pod.tolerations.push_back(std::move(t));
  }
}

// The node a DaemonSet's pod is for: where it runs, or the node its
// required affinity pins (ReplaceDaemonSetPodNodeNameNodeAffinity).
std::string DaemonNodeOf(const Pod& pod) {
  if (pod.bound()) return pod.node_name;
  if (pod.required_node_affinity && pod.required_node_affinity->size() == 1) {
    for (const Requirement& r : (*pod.required_node_affinity)[0].match_fields) {
      if (r.key == "metadata.name" && r.op == SelectorOp::kIn &&
          r.values.size() == 1) {
        return r.values[0];
      }
    }
  }
  return "";
}

// The ordinal in a StatefulSet pod's name ("web-2" is 2), or -1.
int OrdinalOf(const std::string& set, const std::string& pod) {
  if (pod.size() <= set.size() + 1 || pod.compare(0, set.size(), set) != 0 ||
      pod[set.size()] != '-') {
    return -1;
  }
  int n = 0;
  for (size_t i = set.size() + 1; i < pod.size(); ++i) {
    if (pod[i] < '0' || pod[i] > '9' || n > 1'000'000) return -1;
    n = n * 10 + (pod[i] - '0');
  }
  return n;
}

}  // namespace

int32_t DeploymentMaxSurge(const Controller& deployment) {
  if (deployment.recreate) return 0;
  return Scaled(deployment.max_surge, deployment.replicas, true);
}

WorkloadControllers::WorkloadControllers(const Scenario& scenario)
    : scenario_(scenario) {
  const size_t n = scenario.pods.size();
  owner_.assign(n, -1);
  state_.assign(n, State::kPending);
  deleting_.assign(n, 0);
  bound_node_.assign(n, "");
  bound_ms_.assign(n, -1);
  for (const Pod& pod : scenario.pods) {
    State& s = state_[pod.index];
    if (pod.phase == "Succeeded" || pod.phase == "Failed") {
      s = State::kDone;
    } else if (pod.terminating) {
      s = State::kTerminating;
    } else if (pod.bound()) {
      s = State::kBound;
    }
  }
  std::map<std::string, int> by_name;  // "<kind>/<ns>/<name>"
  for (size_t i = 0; i < scenario.controllers.size(); ++i) {
    const Controller& c = scenario.controllers[i];
    Workload w;
    w.kind = c.kind;
    w.ns = c.ns;
    w.name = c.name;
    w.controller = static_cast<int>(i);
    w.pod_template = c.pod_template;
    w.wanted = c.replicas;
    w.spec_replicas = c.replicas;
    w.applied = c.applied;
    w.failed = c.kind == "Job" && c.failed > c.backoff_limit;
    if (c.kind == "DaemonSet") w.wanted = 0;
    by_name[c.ref().UniqueKey()] = AddWorkload(std::move(w));
  }
  // Pods join the controller their reference names; one the input lacks is
  // a workload of its own, built from its pods' specs.
  for (const Pod& pod : scenario.pods) {
    const OwnerReference* ref = ControllerRef(pod);
    if (!ref) continue;
    static const std::unordered_set<std::string> kKinds = {
        "ReplicaSet", "StatefulSet", "DaemonSet", "Job",
        "ReplicationController"};
    if (!kKinds.count(ref->kind)) continue;
    std::string key = ObjectRef{ref->kind, pod.ns, ref->name}.UniqueKey();
    auto it = by_name.find(key);
    if (it == by_name.end()) {
      Workload w;
      w.kind = ref->kind;
      w.ns = pod.ns;
      w.name = ref->name;
      w.wanted = 0;
      it = by_name.emplace(key, AddWorkload(std::move(w))).first;
    }
    Own(it->second, pod.index);
  }
  // Orphans matching a selector are adopted (ClaimPods), Jobs aside.
  for (const Pod& pod : scenario.pods) {
    if (ControllerRef(pod) || owner_[pod.index] >= 0) continue;
    for (size_t w = 0; w < workloads_.size(); ++w) {
      const Workload& wl = workloads_[w];
      if (wl.controller < 0 || wl.kind == "Job" || wl.kind == "Deployment" ||
          wl.ns != pod.ns)
        continue;
      const LabelSelector& sel = scenario.controllers[wl.controller].selector;
      if (sel.is_nil || sel.empty() || !sel.Matches(pod.labels)) continue;
      Own(static_cast<int>(w), pod.index);
      break;
    }
  }
  for (size_t w = 0; w < workloads_.size(); ++w) {
    Workload& wl = workloads_[w];
    if (wl.controller < 0) {
      // Its scale is what runs now: podsim replaces what it loses.
      int32_t active = 0;
      for (ObjectIndex p : wl.pods) active += Active(p) ? 1 : 0;
      wl.wanted = wl.spec_replicas = active;
    }
    for (ObjectIndex p : wl.pods) {
      wl.running_before += state_[p] == State::kBound ? 1 : 0;
    }
  }
  for (size_t w = 0; w < workloads_.size(); ++w) {
    if (workloads_[w].kind == "Deployment")
      SetUpDeployment(static_cast<int>(w));
  }
  dirty_.assign(workloads_.size(), 1);
  dirty_count_ = workloads_.size();
}

int WorkloadControllers::AddWorkload(Workload w) {
  workloads_.push_back(std::move(w));
  return static_cast<int>(workloads_.size()) - 1;
}

void WorkloadControllers::Own(int w, ObjectIndex p) {
  owner_[p] = w;
  workloads_[w].pods.push_back(p);
}

void WorkloadControllers::SetUpDeployment(int d) {
  const Controller& dc = scenario_.controllers[workloads_[d].controller];
  // Its ReplicaSets: those that name it as their controller, and those its
  // pods name (a pods-only dump) by the name a Deployment gives them.
  std::vector<int> sets;
  for (size_t w = 0; w < workloads_.size(); ++w) {
    Workload& rs = workloads_[w];
    if (rs.kind != "ReplicaSet" || rs.ns != dc.ns || rs.parent >= 0) continue;
    bool mine = false;
    if (rs.controller >= 0) {
      for (const OwnerReference& o :
           scenario_.controllers[rs.controller].owners) {
        mine |= o.controller && o.kind == "Deployment" && o.name == dc.name;
      }
    } else {
      mine = rs.name.size() > dc.name.size() + 1 &&
             rs.name.compare(0, dc.name.size() + 1, dc.name + "-") == 0 &&
             rs.name.find('-', dc.name.size() + 1) == std::string::npos;
    }
    if (mine) sets.push_back(static_cast<int>(w));
  }
  // Oldest first (controller.ReplicaSetsByCreationTimestamp), then in input
  // order; sets the input lacks have no time and come last.
  auto created = [&](int w) {
    const Workload& rs = workloads_[w];
    return rs.controller >= 0
               ? scenario_.controllers[rs.controller].creation_time
               : std::nullopt;
  };
  std::stable_sort(sets.begin(), sets.end(), [&](int a, int b) {
    std::optional<int64_t> ta = created(a);
    std::optional<int64_t> tb = created(b);
    if (ta.has_value() != tb.has_value()) return ta.has_value();
    return ta && *ta < *tb;
  });
  // The new ReplicaSet has the Deployment's template (FindNewReplicaSet:
  // the oldest such). A Deployment the change did not alter is settled:
  // the set that runs its pods is new.
  int current = -1;
  for (int w : sets) {
    const Workload& rs = workloads_[w];
    if (rs.controller >= 0 &&
        scenario_.controllers[rs.controller].template_key == dc.template_key) {
      current = w;
      break;
    }
  }
  const bool changed = !dc.replaced_template_key.empty() &&
                       dc.replaced_template_key != dc.template_key;
  if (current < 0 && !changed) {
    for (int w : sets) {
      const Workload& rs = workloads_[w];
      int active = 0;
      for (ObjectIndex p : rs.pods) active += Active(p) ? 1 : 0;
      if (active > 0 || rs.spec_replicas > 0) current = w;
    }
  }
  if (current < 0) {
    Workload rs;
    rs.kind = "ReplicaSet";
    rs.ns = dc.ns;
    rs.name = ReplicaSetNameFor(dc.name, dc.template_hash);
    rs.pod_template = dc.pod_template;
    rs.applied = dc.applied;
    rs.created_by_run = true;
    current = AddWorkload(std::move(rs));
    sets.push_back(current);
  }
  Workload& deployment = workloads_[d];
  deployment.replica_sets.push_back(current);
  for (int w : sets) {
    workloads_[w].parent = d;
    if (!workloads_[w].created_by_run) SetUpAnnotations(dc, workloads_[w]);
    if (w != current) deployment.replica_sets.push_back(w);
    deployment.running_before += workloads_[w].running_before;
  }
  // An old set keeps its template only to count its pods.
  Workload& fresh = workloads_[current];
  if (!fresh.pod_template) fresh.pod_template = dc.pod_template;
}

void WorkloadControllers::SetUpAnnotations(const Controller& deployment,
                                           Workload& rs) const {
  // A set without the annotations has those its Deployment gave it when it
  // last scaled it: its replicas then (the cluster's, under --apply).
  const Controller* object =
      rs.controller >= 0 ? &scenario_.controllers[rs.controller] : nullptr;
  rs.desired_annotation =
      object && object->desired_replicas_annotation
          ? object->desired_replicas_annotation
          : deployment.replaced_replicas.value_or(deployment.replicas);
  rs.max_annotation =
      object && object->max_replicas_annotation
          ? object->max_replicas_annotation
          : deployment.replaced_max_replicas.value_or(
                deployment.replicas + DeploymentMaxSurge(deployment));
  if (object && object->creation_time) {
    rs.created_ms = *object->creation_time * kSecond;
  }
}

void WorkloadControllers::Touch(ObjectIndex p) {
  int w = OwnerOf(p);
  if (w < 0) return;
  MarkDirty(w);
  if (workloads_[w].parent >= 0) MarkDirty(workloads_[w].parent);
}

void WorkloadControllers::OnBound(ObjectIndex p, std::string_view node,
                                  int64_t now_ms) {
  state_[p] = State::kBound;
  bound_node_[p] = node;
  bound_ms_[p] = now_ms;
  Touch(p);
}

void WorkloadControllers::OnPreempted(ObjectIndex p) {
  if (state_[p] == State::kGone) return;
  state_[p] = State::kTerminating;
  int w = OwnerOf(p);
  if (w >= 0 && !deleting_[p]) {
    workloads_[w].lost.push_back(p);
    ++workloads_[w].lost_total;
    // isPodFailed: a deleted pod is a failure at once, unless the Job
    // replaces only failed pods (podReplacementPolicy Failed).
    const Controller* job = JobOf(w);
    if (job && !job->replace_when_failed) CountFailure(w);
  }
  Touch(p);
}

void WorkloadControllers::OnIgnored(ObjectIndex p) {
  if (state_[p] == State::kDone) return;
  state_[p] = State::kGone;
  Touch(p);
}

void WorkloadControllers::OnGone(ObjectIndex p) {
  const bool was_terminating = state_[p] == State::kTerminating;
  state_[p] = State::kGone;
  int w = OwnerOf(p);
  if (w >= 0 && was_terminating && !deleting_[p]) {
    // A Job that replaces only failed pods counts the preempted one when
    // it has failed: once it is gone.
    const Controller* job = JobOf(w);
    if (job && job->replace_when_failed) CountFailure(w);
  }
  Touch(p);
}

void WorkloadControllers::RefusedTemplate(int w, const std::string& name) {
  Workload& wl = workloads_[w];
  // The object whose template admission refused: its own, or (a
  // ReplicaSet of a rollout) its Deployment's.
  int c = wl.controller;
  if (c < 0 && wl.parent >= 0) c = workloads_[wl.parent].controller;
  if (c < 0 || scenario_.controllers[c].template_refused.empty()) return;
  // Each sync tries, and its first creation fails (slowStartBatch).
  if (wl.refused_at_sync == syncs_) return;
  wl.refused_at_sync = syncs_;
  ++wl.refused;
  // Generated names: the API server names the pod by its prefix.
  wl.failed_create =
      "Error creating: pods \"" + (name.empty() ? PodsPrefix(wl.name) : name) +
      "\" is forbidden: " + scenario_.controllers[c].template_refused;
}

void WorkloadControllers::OnCreateRefused(const ControllerAction& action,
                                          std::string message) {
  Workload& wl = workloads_[action.workload];
  --created_;
  --wl.created;
  if (!message.empty()) {
    ++wl.refused;
    wl.failed_create = std::move(message);
  }
  if (action.pod >= 0) wl.lost.insert(wl.lost.begin(), action.pod);
}

void WorkloadControllers::OnCreated(ObjectIndex p, int w) {
  if (owner_.size() <= static_cast<size_t>(p)) {
    owner_.resize(p + 1, -1);
    state_.resize(p + 1, State::kPending);
    deleting_.resize(p + 1, 0);
    bound_node_.resize(p + 1);
    bound_ms_.resize(p + 1, -1);
  }
  owner_[p] = w;
  state_[p] = State::kPending;
  workloads_[w].pods.push_back(p);
}

int WorkloadControllers::Available(int w) const {
  int n = 0;
  for (ObjectIndex p : workloads_[w].pods) n += state_[p] == State::kBound;
  return n;
}

Pod* WorkloadControllers::Create(int w, std::string name, int64_t at,
                                 std::vector<ControllerAction>& out) {
  if (created_ >= kMaxCreatedPods) {
    capped_ = true;
    return nullptr;
  }
  Workload& wl = workloads_[w];
  ObjectIndex replaces = -1;
  if (!wl.lost.empty()) {
    replaces = wl.lost.front();
    wl.lost.erase(wl.lost.begin());
  }
  // A workload the input lacks builds the pod from the one it replaces.
  const Pod* from = wl.pod_template.get();
  if (!from && replaces >= 0) from = &scenario_.pods[replaces];
  if (!from) {
    RefusedTemplate(w, name);
    return nullptr;
  }
  auto pod = std::make_shared<Pod>(*from);
  if (name.empty()) {
    // generateName: "<owner>-" and five random characters, unique.
    if (used_names_.empty()) {
      // Built on the first generated name: most runs create none.
      used_names_.reserve(scenario_.pods.size());
      for (const Pod& p : scenario_.pods) used_names_.insert(p.key);
    }
    // getPodsPrefix, then SimpleNameGenerator: the prefix is cut to 58.
    const std::string prefix = PodsPrefix(wl.name);
    for (int i = 0;; ++i) {
      name = GenerateName(
          prefix, wl.ref().Key() + "#" + std::to_string(wl.created + i));
      if (used_names_.insert(ObjectRef{"Pod", wl.ns, name}.Key()).second) {
        break;
      }
    }
  }
  pod->name = std::move(name);
  pod->ns = wl.ns;
  pod->key = pod->ref().Key();
  pod->uid =
      "podsim-" + NameSuffix(pod->key + "@" + std::to_string(created_), 10);
  pod->owners = {OwnerReference{wl.kind, wl.name, true}};
  pod->default_selector = DefaultSelectorOf(scenario_, workloads_, w);
  pod->applied = wl.applied;
  pod->node_name.clear();
  pod->nominated_node_name.clear();
  pod->terminating = false;
  pod->deletion_time.reset();
  pod->preempted_by_scheduler = false;
  pod->ready.reset();
  pod->ready_time.reset();
  pod->restarts = pod->sidecar_restarts = 0;
  pod->phase.clear();
  pod->start_time.reset();
  // The Job controller creates its pods with its tracking finalizer.
  pod->job_tracking_finalizer = wl.kind == "Job";
  // The stored pod: its priority is the one admission gave the template.
  pod->spec_priority = pod->priority;
  if (wl.kind == "StatefulSet") {
    std::vector<std::pair<std::string, std::string>> labels;
    for (const auto& kv : pod->labels.items()) {
      if (kv.first != "statefulset.kubernetes.io/pod-name" &&
          kv.first != "apps.kubernetes.io/pod-index")
        labels.push_back(kv);
    }
    labels.emplace_back("statefulset.kubernetes.io/pod-name", pod->name);
    labels.emplace_back("apps.kubernetes.io/pod-index",
                        std::to_string(OrdinalOf(wl.name, pod->name)));
    pod->labels = Labels(std::move(labels));
  }
  ++created_;
  ++wl.created;
  Pod* made = pod.get();
  out.push_back(
      {ControllerAction::Kind::kCreate, w, replaces, std::move(pod), at});
  return made;
}

void WorkloadControllers::Delete(int w, ObjectIndex p,
                                 std::vector<ControllerAction>& out) {
  deleting_[p] = 1;
  state_[p] = state_[p] == State::kBound ? State::kTerminating : State::kGone;
  out.push_back({ControllerAction::Kind::kDelete, w, p, nullptr, 0});
}

void WorkloadControllers::SyncReplicaSet(int w, int64_t now,
                                         std::vector<ControllerAction>& out) {
  // Mirrors ReplicaSetController.manageReplicas.
  Workload& rs = workloads_[w];
  std::vector<ObjectIndex> active;
  for (ObjectIndex p : rs.pods) {
    if (Active(p)) active.push_back(p);
  }
  const int32_t diff = static_cast<int32_t>(active.size()) - rs.spec_replicas;
  for (int32_t i = diff; i < 0; ++i) Create(w, "", now, out);
  if (diff <= 0) return;
  for (ObjectIndex p : PodsToDelete(w, active, diff, now)) Delete(w, p, out);
}

std::vector<int> WorkloadControllers::RelatedSets(int w) const {
  const Workload& rs = workloads_[w];
  if (rs.parent >= 0) return workloads_[rs.parent].replica_sets;
  // Without its object, podsim does not know its controller: none.
  if (rs.controller < 0) return {};
  const OwnerReference* owner = nullptr;
  for (const OwnerReference& o : scenario_.controllers[rs.controller].owners) {
    if (o.controller) owner = &o;
  }
  if (!owner) return {};
  std::vector<int> sets;
  for (size_t v = 0; v < workloads_.size(); ++v) {
    const Workload& other = workloads_[v];
    if (other.kind != rs.kind || other.ns != rs.ns || other.controller < 0) {
      continue;
    }
    for (const OwnerReference& o :
         scenario_.controllers[other.controller].owners) {
      if (o.controller && o.kind == owner->kind && o.name == owner->name) {
        sets.push_back(static_cast<int>(v));
      }
    }
  }
  return sets;
}

std::vector<ObjectIndex> WorkloadControllers::PodsToDelete(
    int w, const std::vector<ObjectIndex>& active, int32_t diff,
    int64_t now) const {
  // getPodsRankedByRelatedPodsOnSameNode: the active pods of the related
  // ReplicaSets on each node ("" counts the unassigned ones).
  auto node_of = [&](ObjectIndex p) -> std::string_view {
    if (state_[p] != State::kBound) return "";
    return bound_ms_[p] >= 0 ? std::string_view(bound_node_[p])
                             : std::string_view(scenario_.pods[p].node_name);
  };
  std::unordered_map<std::string_view, int> on_node;
  for (int v : RelatedSets(w)) {
    for (ObjectIndex p : workloads_[v].pods) on_node[node_of(p)] += Active(p);
  }
  // The pods newest first, so that pods that tie in every key go newest
  // first (upstream leaves them in its informer's order).
  std::vector<ObjectIndex> pods(active.rbegin(), active.rend());
  std::vector<RankedPod> ranked;
  for (ObjectIndex p : pods) {
    const Pod& pod = scenario_.pods[p];
    RankedPod r;
    r.node = node_of(p);
    r.phase = pod.phase;
    r.ready = pod.ready.value_or(false);
    r.deletion_cost = pod.deletion_cost;
    r.restarts = pod.restarts;
    r.sidecar_restarts = pod.sidecar_restarts;
    r.uid = pod.uid;
    auto it = on_node.find(r.node);
    r.rank = it == on_node.end() ? 0 : it->second;
    if (pod.ready_time) r.ready_ms = *pod.ready_time * kSecond;
    if (pod.creation_time) r.created_ms = *pod.creation_time * kSecond;
    if (state_[p] == State::kBound && bound_ms_[p] >= 0) {
      // Bound by the run: the kubelet reports it Running and Ready from
      // then on (its condition's time in whole seconds, as stored).
      r.phase = "Running";
      r.ready = true;
      r.ready_ms = bound_ms_[p] / kSecond * kSecond;
    }
    ranked.push_back(r);
  }
  std::vector<ObjectIndex> out;
  for (size_t i : podsim::PodsToDelete(ranked, diff, now))
    out.push_back(pods[i]);
  return out;
}

// Mirrors DeploymentController.rolloutRolling (reconcileNewReplicaSet, else
// reconcileOldReplicaSets) and rolloutRecreate.
bool WorkloadControllers::SyncDeployment(int d) {
  Workload& dep = workloads_[d];
  const Controller& dc = scenario_.controllers[dep.controller];
  if (dep.replica_sets.empty()) return false;
  // syncDeployment: a scaling event is synced (scaled) before any rollout.
  std::vector<int> ids;
  if (IsScalingEvent(ScaledSetsOf(d, ids), dep.wanted)) {
    return ScaleDeployment(d);
  }
  bool changed = false;
  Workload& fresh = workloads_[dep.replica_sets[0]];
  auto old_running = [&]() {
    for (size_t i = 1; i < dep.replica_sets.size(); ++i) {
      for (ObjectIndex p : workloads_[dep.replica_sets[i]].pods) {
        State s = state_[p];
        if (s == State::kPending || s == State::kBound ||
            s == State::kTerminating)
          return true;
      }
    }
    return false;
  };
  auto set_scale = [&](int w, int32_t scale) {
    if (workloads_[w].spec_replicas != scale) {
      changed |= ScaleReplicaSet(d, w, scale);
    }
  };
  if (dc.recreate) {
    // rolloutRecreate: the old sets to zero, then, once their pods are
    // gone, the new one to full scale.
    bool scaled = false;
    for (size_t i = 1; i < dep.replica_sets.size(); ++i) {
      if (workloads_[dep.replica_sets[i]].spec_replicas > 0) {
        set_scale(dep.replica_sets[i], 0);
        scaled = true;
      }
    }
    if (scaled || old_running()) return changed;
    set_scale(dep.replica_sets[0], dep.wanted);
    return changed;
  }
  // rolloutRolling: reconcileNewReplicaSet, else reconcileOldReplicaSets.
  int32_t surge = Scaled(dc.max_surge, dep.wanted, true);
  int32_t unavailable = Scaled(dc.max_unavailable, dep.wanted, false);
  if (surge == 0 && unavailable == 0) unavailable = 1;  // ResolveFenceposts
  // deploymentutil.MaxUnavailable: at most the replicas, none of none.
  unavailable = dep.wanted == 0 ? 0 : std::min(unavailable, dep.wanted);
  auto total_scale = [&]() {
    int32_t sum = 0;
    for (int w : dep.replica_sets) sum += workloads_[w].spec_replicas;
    return sum;
  };
  if (fresh.spec_replicas > dep.wanted) {
    set_scale(dep.replica_sets[0], dep.wanted);
  } else if (fresh.spec_replicas < dep.wanted) {
    int32_t room = dep.wanted + surge - total_scale();
    if (room > 0) {
      set_scale(dep.replica_sets[0],
                fresh.spec_replicas +
                    std::min(room, dep.wanted - fresh.spec_replicas));
    }
  }
  // A sync that scaled the new set up ends there (rolloutRolling); the
  // ReplicaSet's update brings the next.
  if (changed) return true;
  int32_t old_scale = total_scale() - fresh.spec_replicas;
  if (old_scale == 0) return false;
  const int32_t min_available = dep.wanted - unavailable;
  int32_t new_unavailable =
      fresh.spec_replicas - Available(dep.replica_sets[0]);
  int32_t max_scaled_down = total_scale() - min_available - new_unavailable;
  if (max_scaled_down <= 0) return changed;
  // cleanupUnhealthyReplicas: old pods that are not available go first.
  for (size_t i = 1; i < dep.replica_sets.size() && max_scaled_down > 0; ++i) {
    int w = dep.replica_sets[i];
    int32_t unhealthy = workloads_[w].spec_replicas - Available(w);
    if (unhealthy <= 0) continue;
    int32_t down = std::min(max_scaled_down, unhealthy);
    set_scale(w, workloads_[w].spec_replicas - down);
    max_scaled_down -= down;
  }
  // scaleDownOldReplicaSetsForRollingUpdate.
  int32_t available = 0;
  for (int w : dep.replica_sets) available += Available(w);
  int32_t to_scale_down = available - min_available;
  for (size_t i = 1; i < dep.replica_sets.size() && to_scale_down > 0; ++i) {
    int w = dep.replica_sets[i];
    int32_t down = std::min(workloads_[w].spec_replicas, to_scale_down);
    if (down <= 0) continue;
    set_scale(w, workloads_[w].spec_replicas - down);
    to_scale_down -= down;
  }
  return changed;
}

bool WorkloadControllers::SetExists(int w) const {
  return !workloads_[w].created_by_run ||
         workloads_[w].desired_annotation.has_value();
}

bool WorkloadControllers::ScaleReplicaSet(int d, int w, int32_t scale) {
  const Controller& dc = scenario_.controllers[workloads_[d].controller];
  Workload& rs = workloads_[w];
  const int32_t desired = workloads_[d].wanted;
  const int32_t max = desired + DeploymentMaxSurge(dc);
  const bool scaled = rs.spec_replicas != scale;
  const bool annotated =
      rs.desired_annotation != desired || rs.max_annotation != max;
  // A set the run creates enters the API with its first scale.
  if (!rs.created_ms) rs.created_ms = now_ms_;
  rs.spec_replicas = scale;
  rs.desired_annotation = desired;
  rs.max_annotation = max;
  if (scaled) MarkDirty(w);
  return scaled || annotated;
}

std::vector<ScaledSet> WorkloadControllers::ScaledSetsOf(
    int d, std::vector<int>& ids) const {
  std::vector<ScaledSet> sets;
  ids.clear();
  const std::vector<int>& all = workloads_[d].replica_sets;
  for (size_t i = 0; i < all.size(); ++i) {
    const Workload& rs = workloads_[all[i]];
    if (!SetExists(all[i])) continue;
    ids.push_back(all[i]);
    sets.push_back({.name = rs.name,
                    .created_ms = rs.created_ms,
                    .replicas = rs.spec_replicas,
                    .desired_annotation = rs.desired_annotation,
                    .max_annotation = rs.max_annotation,
                    .available = Available(all[i]),
                    .is_new = i == 0});
  }
  return sets;
}

bool WorkloadControllers::ScaleDeployment(int d) {
  // Mirrors DeploymentController.sync's scale(): the sets keep their
  // templates; the next sync rolls out.
  const Workload& dep = workloads_[d];
  const Controller& dc = scenario_.controllers[dep.controller];
  std::vector<int> ids;
  std::vector<ScaledSet> sets = ScaledSetsOf(d, ids);
  ScaledDeployment scaled{.replicas = dep.wanted,
                          .max_surge = DeploymentMaxSurge(dc),
                          .rolling = !dc.recreate};
  for (int w : dep.replica_sets) {
    for (ObjectIndex p : workloads_[w].pods)
      scaled.status_replicas += Active(p);
  }
  bool changed = false;
  std::vector<std::optional<int32_t>> scales = ScaleSets(sets, scaled);
  for (size_t i = 0; i < ids.size(); ++i) {
    if (scales[i]) changed |= ScaleReplicaSet(d, ids[i], *scales[i]);
  }
  return changed;
}

void WorkloadControllers::SyncStatefulSet(int w, int64_t now,
                                          std::vector<ControllerAction>& out) {
  // Mirrors StatefulSetControl's ordinal walk: OrderedReady waits for each
  // ordinal to be running and ready (bound, here) before the next, and for
  // a terminating pod to be gone before it is created again.
  Workload& set = workloads_[w];
  std::map<int, ObjectIndex> latest;  // ordinal -> its newest pod
  for (ObjectIndex p : set.pods) {
    int ordinal = OrdinalOf(set.name, scenario_.pods[p].name);
    if (ordinal >= 0) latest[ordinal] = p;
  }
  // podManagementPolicy: a set the input lacks has the API's default,
  // OrderedReady (SetDefaults_StatefulSet).
  const bool ordered =
      set.controller < 0 || !scenario_.controllers[set.controller].parallel;
  int32_t replicas = set.wanted;
  if (set.controller < 0 && !latest.empty()) {
    replicas = std::max(replicas, latest.rbegin()->first + 1);
  }
  for (int i = 0; i < replicas; ++i) {
    auto it = latest.find(i);
    State s = it == latest.end() ? State::kGone : state_[it->second];
    if (s == State::kBound) continue;
    if (s == State::kPending || s == State::kTerminating) {
      if (ordered) return;
      continue;
    }
    if (set.controller < 0) {
      // Without its object, only what it lost comes back.
      if (it == latest.end() || std::find(set.lost.begin(), set.lost.end(),
                                          it->second) == set.lost.end())
        continue;
    }
    // Replace the lost pod of this ordinal, if it was lost.
    if (it != latest.end()) {
      auto lost = std::find(set.lost.begin(), set.lost.end(), it->second);
      if (lost != set.lost.end()) std::rotate(set.lost.begin(), lost, lost + 1);
    }
    Create(w, set.name + "-" + std::to_string(i), now, out);
    if (ordered) return;
  }
  ScaleDownStatefulSet(w, latest, replicas, ordered, out);
}

void WorkloadControllers::ScaleDownStatefulSet(
    int w, const std::map<int, ObjectIndex>& latest, int32_t replicas,
    bool ordered, std::vector<ControllerAction>& out) {
  // Mirrors updateStatefulSet's condemned pods (ordinals at or past
  // replicas) and processCondemned: the highest ordinal first, one at a
  // time when ordered. The first unhealthy one is the lowest condemned
  // ordinal that is not running and ready (the replicas are, when ordered).
  ObjectIndex first_unhealthy = -1;
  for (auto it = latest.lower_bound(replicas); it != latest.end(); ++it) {
    State s = state_[it->second];
    if (s == State::kPending || s == State::kTerminating) {
      first_unhealthy = it->second;
      break;
    }
  }
  for (auto it = latest.rbegin(); it != latest.rend(); ++it) {
    if (it->first < replicas) break;
    const ObjectIndex p = it->second;
    // OrderedReady waits for a condemned pod to be gone.
    if (state_[p] == State::kTerminating && ordered) return;
    if (!Active(p)) continue;
    // ... and for one that is not running and ready, unless it is the
    // first unhealthy pod.
    if (ordered && state_[p] != State::kBound && p != first_unhealthy) return;
    Delete(w, p, out);
    if (ordered) return;
  }
}

void WorkloadControllers::SyncDaemonSet(int w, int64_t now,
                                        std::vector<ControllerAction>& out) {
  // Mirrors DaemonSetsController.manage: podsShouldBeOnNode for each node,
  // a node's terminating daemon pod holding its replacement back.
  Workload& ds = workloads_[w];
  std::unordered_map<std::string, int> on_node;  // active or terminating
  for (ObjectIndex p : ds.pods) {
    State s = state_[p];
    if (s == State::kPending || s == State::kBound || s == State::kTerminating)
      ++on_node[DaemonNodeOf(scenario_.pods[p])];
  }
  auto pin = [](Pod& pod, const std::string& node) {
    // ReplaceDaemonSetPodNodeNameNodeAffinity: one term, on the node's name.
    pod.required_node_affinity = std::vector<NodeSelectorTerm>{NodeSelectorTerm{
        {}, {Requirement{"metadata.name", SelectorOp::kIn, {node}}}}};
  };
  if (ds.controller < 0) {
    // Without its object: a lost pod comes back on its node once gone.
    while (!ds.lost.empty()) {
      ObjectIndex p = ds.lost.front();
      if (state_[p] != State::kGone) break;
      std::string node = DaemonNodeOf(scenario_.pods[p]);
      if (on_node[node] > 0) {
        ds.lost.erase(ds.lost.begin());
        continue;
      }
      Pod* made = Create(w, "", now, out);
      if (!made) break;
      // The copy keeps the victim's pin; a bound victim named its node.
      if (!made->required_node_affinity && !node.empty()) pin(*made, node);
      ++on_node[node];
    }
    return;
  }
  if (!ds.pod_template) {
    RefusedTemplate(w, "");  // when admission refused it
    return;
  }
  Pod tolerant = *ds.pod_template;
  AddDaemonTolerations(tolerant);
  ds.wanted = 0;
  for (const Node& node : scenario_.nodes) {
    // NodeShouldRunDaemonPod: the template's nodeName, node affinity and
    // selector, and the taints its pods cannot tolerate (resources are the
    // scheduler's business).
    if ((!tolerant.node_name.empty() && tolerant.node_name != node.name) ||
        !MatchesNodeSelectorAndAffinity(tolerant, node) ||
        FirstUntoleratedTaint(tolerant, node)) {
      continue;
    }
    ++ds.wanted;
    if (on_node[node.name] > 0) continue;
    Pod* made = Create(w, "", now, out);
    if (!made) continue;  // capped: still counted as wanted
    made->tolerations = tolerant.tolerations;
    pin(*made, node.name);
  }
}

WorkloadOutcome WorkloadControllers::Outcome(int w) const {
  const Workload& wl = workloads_[w];
  WorkloadOutcome out;
  out.kind = wl.kind;
  out.ns = wl.ns;
  out.name = wl.name;
  if (wl.parent >= 0) out.parent = workloads_[wl.parent].name;
  out.in_input = wl.controller >= 0;
  out.created_by_run = wl.created_by_run;
  out.applied = wl.applied;
  out.failed = wl.failed;
  out.wanted =
      wl.kind == "ReplicaSet" && wl.parent >= 0 ? wl.spec_replicas : wl.wanted;
  out.running_before = wl.running_before;
  std::vector<int> sets = wl.replica_sets;
  if (sets.empty()) sets.push_back(w);
  for (int s : sets) {
    const Workload& part = workloads_[s];
    for (ObjectIndex p : part.pods) {
      out.running_after += state_[p] == State::kBound;
      out.pending += state_[p] == State::kPending;
    }
    out.created += part.created;
    out.lost += static_cast<int>(part.lost_total);
    out.refused += part.refused;
    if (!part.failed_create.empty()) out.failed_create = part.failed_create;
  }
  return out;
}

void WorkloadControllers::MarkDirty(int w) {
  if (!dirty_[w]) ++dirty_count_;
  dirty_[w] = 1;
}

bool WorkloadControllers::TakeDirty(size_t w) {
  if (!dirty_[w]) return false;
  dirty_[w] = 0;
  --dirty_count_;
  return true;
}

std::vector<ControllerAction> WorkloadControllers::Reconcile(int64_t now_ms) {
  std::vector<ControllerAction> out;
  // The queue asks after every cycle; most cycles change no workload.
  if (dirty_count_ == 0) return out;
  now_ms_ = now_ms;
  ++syncs_;
  // Deployments first: they set their ReplicaSets' scale. A scale change
  // is an update of the ReplicaSet, which syncs its Deployment again
  // (rolloutRolling scales one side per sync), until nothing moves.
  for (int round = 0; round < 64; ++round) {
    bool synced = false;
    for (size_t w = 0; w < workloads_.size(); ++w) {
      if (!dirty_[w] || workloads_[w].kind != "Deployment") continue;
      TakeDirty(w);
      synced = true;
      if (SyncDeployment(static_cast<int>(w))) MarkDirty(static_cast<int>(w));
    }
    if (!synced) break;
  }
  for (size_t w = 0; w < workloads_.size() && dirty_count_ > 0; ++w) {
    if (!TakeDirty(w)) continue;
    const std::string& kind = workloads_[w].kind;
    int i = static_cast<int>(w);
    if (kind == "ReplicaSet" || kind == "ReplicationController") {
      SyncReplicaSet(i, now_ms, out);
    } else if (kind == "StatefulSet") {
      SyncStatefulSet(i, now_ms, out);
    } else if (kind == "DaemonSet") {
      SyncDaemonSet(i, now_ms, out);
    } else if (kind == "Job") {
      SyncJob(i, now_ms, out);
    }
  }
  return out;
}

}  // namespace podsim
