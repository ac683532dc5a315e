#include "core/controllers/disruption.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include "core/api/object_ref.h"

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
// how, in words.
struct Desired {
  int64_t expected = 0;
  int64_t desired = 0;
  std::string how;
};

Desired DesiredOf(const Scenario& scenario, const PodDisruptionBudget& pdb,
                  const std::vector<const Pod*>& pods) {
  Desired d;
  bool by_scale = pdb.max_unavailable ||
                  (pdb.min_available && pdb.min_available->is_percent);
  if (by_scale) {
    // Expected pods: the scale of each distinct controller of the pods.
    std::map<std::string, int64_t> scales;
    int unmanaged = 0;
    for (const Pod* pod : pods) {
      const OwnerReference* owner = ControllerOf(pod->owners);
      if (!owner) {
        ++unmanaged;
        continue;
      }
      std::string kind = owner->kind;
      std::string name = owner->name;
      const Controller* c = FindController(scenario, kind, pod->ns, name);
      if (c && kind == "ReplicaSet") {
        if (const OwnerReference* dep_ref = ControllerOf(c->owners)) {
          if (const Controller* dep = FindController(scenario, dep_ref->kind,
                                                     pod->ns, dep_ref->name)) {
            c = dep;
            kind = dep_ref->kind;
            name = dep_ref->name;
          }
        }
      }
      std::string id = ObjectRef{kind, pod->ns, name}.UniqueKey();
      // getExpectedScale finds the scale of ReplicaSets, Deployments,
      // ReplicationControllers and StatefulSets; for others (a DaemonSet, a
      // Job) and controllers the input lacks, podsim counts their pods.
      if (c &&
          (c->kind == "ReplicaSet" || c->kind == "Deployment" ||
           c->kind == "ReplicationController" || c->kind == "StatefulSet")) {
        scales[id] = c->replicas;
      } else {
        ++scales[id];
      }
    }
    for (const auto& [id, scale] : scales) d.expected += scale;
    if (pdb.max_unavailable) {
      d.desired = std::max<int64_t>(
          0, d.expected - Scaled(*pdb.max_unavailable, d.expected));
      d.how = "maxUnavailable " + std::to_string(pdb.max_unavailable->value) +
              (pdb.max_unavailable->is_percent ? "%" : "");
    } else {
      d.desired = Scaled(*pdb.min_available, d.expected);
      d.how = "minAvailable " + std::to_string(pdb.min_available->value) + "%";
    }
    d.how += " of " + std::to_string(d.expected) + " expected pods (" +
             std::to_string(scales.size()) + " controller(s)";
    if (unmanaged > 0) {
      d.how += ", " + std::to_string(unmanaged) +
               " pod(s) without a controller skipped";
    }
    d.how += ")";
  } else if (pdb.min_available) {
    d.desired = pdb.min_available->value;
    d.expected = static_cast<int64_t>(pods.size());
    d.how = "minAvailable " + std::to_string(d.desired) + " of " +
            std::to_string(d.expected) + " matching pods";
  } else {
    d.expected = static_cast<int64_t>(pods.size());
    d.how = "neither minAvailable nor maxUnavailable set";
  }
  return d;
}

// A budget that expects no pods never allows a disruption.
int32_t DesiredHealthy(const Desired& d) {
  return d.expected <= 0 ? std::numeric_limits<int32_t>::max() / 2
                         : static_cast<int32_t>(d.desired);
}

}  // namespace

int32_t DesiredHealthy(const Scenario& scenario, const PodDisruptionBudget& pdb,
                       const std::vector<ObjectIndex>& pods) {
  std::vector<const Pod*> selected;
  selected.reserve(pods.size());
  for (ObjectIndex p : pods) selected.push_back(&scenario.pods[p]);
  return DesiredHealthy(DesiredOf(scenario, pdb, selected));
}

void ComputePdbStatus(Scenario& scenario) {
  for (PodDisruptionBudget& pdb : scenario.pdbs) {
    pdb.disruptions_allowed_at_start = pdb.disruptions_allowed;
    if (pdb.has_status) {
      // A dump's budgets carry their status; what they keep healthy is
      // derived only if the run changes their pods (DesiredHealthy).
      pdb.status_explanation = "status.disruptionsAllowed " +
                               std::to_string(pdb.disruptions_allowed) +
                               " as given";
      continue;
    }
    std::vector<const Pod*> pods;
    for (const Pod& pod : scenario.pods) {
      // policy/v1: an empty selector selects every pod in the namespace.
      if (pod.ns == pdb.ns && !pdb.selector.is_nil &&
          pdb.selector.Matches(pod.labels)) {
        pods.push_back(&pod);
      }
    }
    const Desired d = DesiredOf(scenario, pdb, pods);
    pdb.desired_healthy = DesiredHealthy(d);
    int64_t healthy =
        std::count_if(pods.begin(), pods.end(),
                      [&](const Pod* p) { return IsHealthy(*p, pdb); });
    int64_t allowed = healthy - d.desired;
    std::string rule;
    if (d.expected <= 0) {
      allowed = 0;
      rule = " (no expected pods, so none)";
    } else if (allowed < 0) {
      allowed = 0;
    }
    pdb.disruptions_allowed = static_cast<int32_t>(allowed);
    pdb.disruptions_allowed_at_start = pdb.disruptions_allowed;
    pdb.status_explanation =
        "computed as the disruption controller would: " + d.how + " -> " +
        std::to_string(d.desired) + " must stay healthy; " +
        std::to_string(healthy) + " healthy now -> disruptionsAllowed " +
        std::to_string(allowed) + rule;
  }
}

}  // namespace podsim
