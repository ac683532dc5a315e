#include "core/framework/preemption/pdb.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

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
  // Without a Ready condition, a bound pod that is running (or whose phase
  // is not given) counts as ready: hand-written scenarios rarely carry status.
  if (pod.ready) return *pod.ready;
  return pod.bound() && (pod.phase.empty() || pod.phase == "Running");
}

}  // namespace

bool PdbSelectsForPreemption(const PodDisruptionBudget& pdb, const Pod& pod) {
  if (pdb.ns != pod.ns || pod.labels.empty()) return false;
  if (pdb.selector.is_nil || pdb.selector.empty()) return false;
  return pdb.selector.Matches(pod.labels);
}

namespace {

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
      std::string id = kind + "/" + name;
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

void IndexPdbs(Scenario& scenario) {
  std::unordered_map<std::string, std::vector<int>> by_label;  // "k\x1fv"
  std::vector<int> scan;  // selectors with no single-value In requirement
  for (size_t j = 0; j < scenario.pdbs.size(); ++j) {
    const LabelSelector& sel = scenario.pdbs[j].selector;
    if (sel.is_nil || sel.empty()) continue;  // selects nothing here
    auto it =
        std::find_if(sel.requirements.begin(), sel.requirements.end(),
                     [](const Requirement& r) {
                       return r.op == SelectorOp::kIn && r.values.size() == 1;
                     });
    if (it == sel.requirements.end()) {
      scan.push_back(static_cast<int>(j));
    } else {
      by_label[it->key + '\x1f' + it->values[0]].push_back(static_cast<int>(j));
    }
  }
  scenario.pod_pdbs.assign(scenario.pods.size(), {});
  std::vector<int> candidates;
  for (const Pod& pod : scenario.pods) {
    candidates = scan;
    for (const auto& [key, value] : pod.labels.items()) {
      auto it = by_label.find(key + '\x1f' + value);
      if (it != by_label.end()) {
        candidates.insert(candidates.end(), it->second.begin(),
                          it->second.end());
      }
    }
    std::sort(candidates.begin(), candidates.end());
    for (int j : candidates) {
      if (PdbSelectsForPreemption(scenario.pdbs[j], pod)) {
        scenario.pod_pdbs[pod.index].push_back(j);
      }
    }
  }
}

void ClassifyPdbViolations(const Scenario& scenario,
                           const std::vector<ObjectIndex>& pods,
                           PdbViolation rule, std::vector<char>& violating,
                           std::vector<int64_t>& budget) {
  violating.assign(pods.size(), 0);
  if (scenario.pdbs.empty()) return;
  std::vector<int64_t>& allowed = budget;
  allowed.clear();
  for (const PodDisruptionBudget& pdb : scenario.pdbs) {
    allowed.push_back(pdb.disruptions_allowed);
  }
  const bool indexed = scenario.pod_pdbs.size() == scenario.pods.size();
  for (size_t i = 0; i < pods.size(); ++i) {
    const Pod& pod = scenario.pods[pods[i]];
    auto classify = [&](size_t j) {
      const PodDisruptionBudget& pdb = scenario.pdbs[j];
      if (rule == PdbViolation::kAnyExhaustedBudget) {
        if (pdb.disruptions_allowed <= 0) violating[i] = 1;
        return;
      }
      // Already being evicted: it does not spend the budget again.
      if (std::find(pdb.disrupted_pods.begin(), pdb.disrupted_pods.end(),
                    pod.name) != pdb.disrupted_pods.end()) {
        return;
      }
      if (--allowed[j] < 0) violating[i] = 1;
    };
    if (indexed) {
      for (int j : scenario.pod_pdbs[pod.index]) classify(j);
    } else {
      for (size_t j = 0; j < scenario.pdbs.size(); ++j) {
        if (PdbSelectsForPreemption(scenario.pdbs[j], pod)) classify(j);
      }
    }
  }
}

}  // namespace podsim
