#include "core/controllers/disruption.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "core/api/object_ref.h"
#include "core/controllers/workloads.h"

namespace podsim {
namespace {

// Mirrors GetScaledValueFromIntOrPercent with roundUp.
int64_t Scaled(const IntOrPercent& v, int64_t total) {
  if (!v.is_percent) return v.value;
  return (static_cast<int64_t>(v.value) * total + 99) / 100;
}

const OwnerReference* ControllerOf(const std::vector<OwnerReference>& owners) {
  for (const OwnerReference& o : owners) {
    if (o.controller) return &o;
  }
  return nullptr;
}

const Controller* FindController(const Scenario& scenario,
                                 const std::string& kind, const std::string& ns,
                                 const std::string& name) {
  for (const Controller& c : scenario.controllers) {
    if (c.kind == kind && c.ns == ns && c.name == name) return &c;
  }
  return nullptr;
}

// The controller a pod counts against and its scale, as getExpectedScale's
// finders find it; or why the sync fails.
struct ScaleOfPod {
  std::string controller;  // its identity (upstream: its UID)
  int64_t scale = 0;
  std::string error;  // the sync fails: failSafe
};

ScaleOfPod Failed(std::string error) {
  return {.controller = "", .scale = 0, .error = std::move(error)};
}

// Mirrors getScaleController for a kind none of the typed finders takes:
// the scale subresource, which a DaemonSet, a Job or a Node lacks.
ScaleOfPod ScaleOfOtherKind(const Scenario& scenario, const Pod& pod,
                            const OwnerReference& ref) {
  static const std::map<std::string, std::string> kResources = {
      {"DaemonSet", "daemonsets.apps"},
      {"Job", "jobs.batch"},
      {"CronJob", "cronjobs.batch"},
      {"Node", "nodes"}};
  if (auto it = kResources.find(ref.kind); it != kResources.end()) {
    return Failed(it->second + " does not implement the scale subresource");
  }
  if (ref.kind == "Deployment") {
    // deployments.apps has a scale: the Deployment's, when it is there.
    if (const Controller* c =
            FindController(scenario, ref.kind, pod.ns, ref.name)) {
      return {.controller = c->ref().UniqueKey(),
              .scale = c->replicas,
              .error = ""};
    }
    return Failed("found no controllers for pod \"" + pod.name + "\"");
  }
  // A kind podsim does not know (a custom resource): upstream maps it and
  // reads its scale subresource, if it has one; podsim cannot.
  return Failed("no scale known for kind \"" + ref.kind +
                "\" (the controller of pod \"" + pod.name + "\")");
}

// Mirrors getExpectedScale's finders, in their order: getPodDeployment (a
// ReplicaSet whose controller is a Deployment counts the Deployment's
// replicas; this takes the ReplicaSets a rollout creates and those a
// pods-only dump names after a Deployment of the input),
// getPodReplicationController, getPodReplicaSet and getPodStatefulSet (the
// object's replicas), then getScaleController. A ReplicaSet,
// ReplicationController or StatefulSet the input lacks has the scale
// podsim rebuilt it with (its pods active at the start).
ScaleOfPod ScaleOf(const Scenario& scenario, const WorkloadControllers& wc,
                   const Pod& pod, const OwnerReference& ref) {
  const int w = wc.OwnerOf(pod.index);
  if (w < 0 || ref.kind == "DaemonSet" || ref.kind == "Job") {
    return ScaleOfOtherKind(scenario, pod, ref);
  }
  const std::vector<Workload>& workloads = wc.workloads();
  const Workload* wl = &workloads[w];
  if (wl->kind == "ReplicaSet" && wl->parent >= 0) wl = &workloads[wl->parent];
  const int64_t scale = wl->controller >= 0
                            ? scenario.controllers[wl->controller].replicas
                            : wl->wanted;
  return {.controller = wl->ref().UniqueKey(), .scale = scale, .error = ""};
}

// What getExpectedScale adds up: each distinct controller's scale.
struct ExpectedScale {
  int64_t expected = 0;
  size_t controllers = 0;
  int unmanaged = 0;  // pods without a controller, skipped
  std::string error;  // the first pod's controller without a scale
};

// Mirrors getExpectedScale.
ExpectedScale ExpectedScaleOf(const Scenario& scenario,
                              const WorkloadControllers& wc,
                              const std::vector<const Pod*>& pods) {
  ExpectedScale out;
  std::map<std::string, int64_t> scales;
  for (const Pod* pod : pods) {
    const OwnerReference* owner = ControllerOf(pod->owners);
    if (!owner) {
      ++out.unmanaged;
      continue;
    }
    ScaleOfPod s = ScaleOf(scenario, wc, *pod, *owner);
    if (!s.error.empty()) {
      out.error = std::move(s.error);
      return out;
    }
    scales[s.controller] = s.scale;
  }
  for (const auto& [id, scale] : scales) out.expected += scale;
  out.controllers = scales.size();
  return out;
}

// Returns whether getExpectedPodCount reads the controllers' scale: for
// maxUnavailable and a percentage minAvailable.
bool NeedsScale(const PodDisruptionBudget& pdb) {
  return pdb.max_unavailable ||
         (pdb.min_available && pdb.min_available->is_percent);
}

bool IsHealthy(const Pod& pod, const PodDisruptionBudget& pdb) {
  if (pod.terminating) return false;
  if (std::find(pdb.disrupted_pods.begin(), pdb.disrupted_pods.end(),
                pod.name) != pdb.disrupted_pods.end()) {
    return false;
  }
  // Mirrors podutil.IsPodReady: only a Ready condition that is True. A pod
  // written without status (no conditions) is not healthy, bound or not.
  return pod.ready.value_or(false);
}

// What the disruption controller derives from a budget's spec and the pods
// it selects: how many pods it expects, how many must stay healthy, and
// how, in words; or why its sync fails.
struct Desired {
  int64_t expected = 0;
  int64_t desired = 0;
  std::string how;
  std::string error;  // getExpectedScale failed: failSafe
};

std::string Percent(const IntOrPercent& v) {
  return std::to_string(v.value) + (v.is_percent ? "%" : "");
}

// Mirrors getExpectedPodCount for maxUnavailable and a percentage
// minAvailable: the expected pods are the controllers' scale.
Desired DesiredByScale(const Scenario& scenario, const WorkloadControllers& wc,
                       const PodDisruptionBudget& pdb,
                       const std::vector<const Pod*>& pods) {
  Desired d;
  d.how = pdb.max_unavailable
              ? "maxUnavailable " + Percent(*pdb.max_unavailable)
              : "minAvailable " + Percent(*pdb.min_available);
  ExpectedScale scale = ExpectedScaleOf(scenario, wc, pods);
  if (!scale.error.empty()) {
    d.error = std::move(scale.error);
    return d;
  }
  d.expected = scale.expected;
  if (pdb.max_unavailable) {
    d.desired = std::max<int64_t>(
        0, d.expected - Scaled(*pdb.max_unavailable, d.expected));
  } else {
    d.desired = Scaled(*pdb.min_available, d.expected);
  }
  d.how += " of " + std::to_string(d.expected) + " expected pods (" +
           std::to_string(scale.controllers) + " controller(s)";
  if (scale.unmanaged > 0) {
    d.how += ", " + std::to_string(scale.unmanaged) +
             " pod(s) without a controller skipped";
  }
  d.how += ")";
  return d;
}

// REQUIRES: wc is set when NeedsScale(pdb).
Desired DesiredOf(const Scenario& scenario, const WorkloadControllers* wc,
                  const PodDisruptionBudget& pdb,
                  const std::vector<const Pod*>& pods) {
  if (NeedsScale(pdb)) return DesiredByScale(scenario, *wc, pdb, pods);
  Desired d;
  // An integer minAvailable counts the pods selected, whatever runs them.
  d.expected = static_cast<int64_t>(pods.size());
  if (pdb.min_available) {
    d.desired = pdb.min_available->value;
    d.how = "minAvailable " + std::to_string(d.desired) + " of " +
            std::to_string(d.expected) + " matching pods";
  } else {
    d.how = "neither minAvailable nor maxUnavailable set";
  }
  return d;
}

// A budget that expects no pods never allows a disruption, nor one whose
// sync failed.
int32_t DesiredHealthy(const Desired& d) {
  return d.expected <= 0 || !d.error.empty()
             ? std::numeric_limits<int32_t>::max() / 2
             : static_cast<int32_t>(d.desired);
}

// The budget's status as the disruption controller writes it: trySync's
// (updatePdbStatus), or failSafe's when getExpectedPodCount fails.
void WriteStatus(PodDisruptionBudget& pdb, const Desired& d,
                 const std::vector<const Pod*>& pods) {
  pdb.desired_healthy = DesiredHealthy(d);
  if (!d.error.empty()) {
    pdb.disruptions_allowed = 0;
    pdb.status_explanation =
        "computed as the disruption controller would: " + d.how +
        ": getExpectedScale fails (" + d.error +
        "), so failSafe sets disruptionsAllowed 0 and the condition "
        "DisruptionAllowed=False, reason SyncFailed";
    return;
  }
  int64_t healthy = std::count_if(pods.begin(), pods.end(), [&](const Pod* p) {
    return IsHealthy(*p, pdb);
  });
  int64_t allowed = healthy - d.desired;
  std::string rule;
  if (d.expected <= 0) {
    allowed = 0;
    rule = " (no expected pods, so none)";
  } else if (allowed < 0) {
    allowed = 0;
  }
  pdb.disruptions_allowed = static_cast<int32_t>(allowed);
  pdb.status_explanation =
      "computed as the disruption controller would: " + d.how + " -> " +
      std::to_string(d.desired) + " must stay healthy; " +
      std::to_string(healthy) + " healthy now -> disruptionsAllowed " +
      std::to_string(allowed) + rule;
}

}  // namespace

int32_t DesiredHealthy(const Scenario& scenario, const WorkloadControllers& wc,
                       const PodDisruptionBudget& pdb,
                       const std::vector<ObjectIndex>& pods) {
  std::vector<const Pod*> selected;
  selected.reserve(pods.size());
  for (ObjectIndex p : pods) selected.push_back(&scenario.pods[p]);
  return DesiredHealthy(DesiredOf(scenario, &wc, pdb, selected));
}

void ComputePdbStatus(Scenario& scenario) {
  // The workloads as the controllers see them, for the controllers the
  // input lacks; built only when a budget reads a scale.
  std::optional<WorkloadControllers> wc;
  for (PodDisruptionBudget& pdb : scenario.pdbs) {
    if (pdb.has_status) {
      // A dump's budgets carry their status; what they keep healthy is
      // derived only if the run changes their pods (DesiredHealthy).
      pdb.disruptions_allowed_at_start = pdb.disruptions_allowed;
      pdb.status_explanation = "status.disruptionsAllowed " +
                               std::to_string(pdb.disruptions_allowed) +
                               " as given";
      continue;
    }
    // Mirrors getPodsForPdb: every pod the selector matches, terminating
    // and finished ones too (policy/v1: an empty selector selects every pod
    // in the namespace).
    std::vector<const Pod*> pods;
    for (const Pod& pod : scenario.pods) {
      if (pod.ns == pdb.ns && !pdb.selector.is_nil &&
          pdb.selector.Matches(pod.labels)) {
        pods.push_back(&pod);
      }
    }
    if (!wc && NeedsScale(pdb)) wc.emplace(scenario);
    WriteStatus(pdb, DesiredOf(scenario, wc ? &*wc : nullptr, pdb, pods), pods);
    pdb.disruptions_allowed_at_start = pdb.disruptions_allowed;
  }
}

}  // namespace podsim
