#include "core/admission/admission.h"

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/admission/limit_ranger.h"
#include "core/admission/resource_quota.h"
#include "core/admission/runtime_class.h"
#include "core/api/object_ref.h"

namespace podsim {
namespace {

// How a diagnostic names the PriorityClass called name.
std::string ClassObject(const std::string& name) {
  return ObjectRef{"PriorityClass", "", name}.Describe();
}

void AddSystemClasses(Scenario& scenario, Diagnostics& diagnostics) {
  struct Builtin {
    const char* name;
    int32_t value;
  };
  for (Builtin b :
       {Builtin{"system-cluster-critical", kSystemCriticalPriority},
        Builtin{"system-node-critical", kSystemCriticalPriority + 1000}}) {
    auto it = std::find_if(
        scenario.priority_classes.begin(), scenario.priority_classes.end(),
        [&](const PriorityClass& pc) { return pc.name == b.name; });
    if (it != scenario.priority_classes.end()) {
      if (it->value != b.value || it->global_default) {
        diagnostics.Add(Severity::kError, it->ref().Describe(),
                        FieldPath("value"), it->line,
                        "priority class names with 'system-' prefix are "
                        "reserved for system use only; " +
                            std::string(b.name) + " must have value " +
                            std::to_string(b.value) +
                            " and globalDefault false",
                        it->document);
        it->value = b.value;
        it->global_default = false;
      }
      it->built_in = true;
      continue;
    }
    PriorityClass pc;
    pc.name = b.name;
    pc.value = b.value;
    pc.built_in = true;
    scenario.priority_classes.push_back(pc);
  }
}

void ValidateClasses(Scenario& scenario, Diagnostics& diagnostics) {
  auto& classes = scenario.priority_classes;
  auto invalid = [&](const PriorityClass& pc) {
    std::string object = pc.ref().Describe();
    if (!pc.built_in && pc.name.rfind("system-", 0) == 0) {
      diagnostics.Add(Severity::kError, object, FieldPath("metadata.name"),
                      pc.line,
                      "priority class names with 'system-' prefix are "
                      "reserved for system use only; known system classes: "
                      "system-cluster-critical, system-node-critical",
                      pc.document);
      return true;
    }
    if (!pc.built_in && pc.value > kHighestUserDefinablePriority) {
      diagnostics.Add(Severity::kError, object, FieldPath("value"), pc.line,
                      "maximum allowed value of a user defined priority is "
                      "1000000000, not " +
                          std::to_string(pc.value),
                      pc.document);
      return true;
    }
    return false;
  };
  classes.erase(std::remove_if(classes.begin(), classes.end(), invalid),
                classes.end());
  const PriorityClass* default_class = nullptr;
  for (PriorityClass& pc : classes) {
    if (!pc.global_default) continue;
    if (!default_class) {
      default_class = &pc;
      continue;
    }
    diagnostics.Add(Severity::kError, pc.ref().Describe(),
                    FieldPath("globalDefault"), pc.line,
                    default_class->ref().Describe() +
                        " is already marked as default. Only one default "
                        "can exist",
                    pc.document);
    pc.global_default = false;
  }
}

std::string KnownClasses(const Scenario& scenario) {
  std::vector<std::string> names;
  for (const PriorityClass& pc : scenario.priority_classes) {
    names.push_back(pc.name);
  }
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The admission plugins that read other objects, run on the pods the API
// server admits in the run: those not bound in the input, and each
// workload's template (its pods are alike).
class ObjectAdmission {
 public:
  ObjectAdmission(const Scenario& scenario, Diagnostics& diagnostics)
      : scenario_(scenario), diagnostics_(diagnostics) {
    for (const LimitRange& lr : scenario.limit_ranges) {
      ranges_[lr.ns].push_back(&lr);
    }
    for (const RuntimeClass& rc : scenario.runtime_classes) {
      classes_[rc.name] = &rc;
    }
  }

  // Admits pod (a template as object, its fields under prefix): what the
  // plugins change goes into the pod, a refusal is an error and leaves it
  // out (admitted false; refusal() says why).
  void Admit(Pod& pod, const std::string& object, const std::string& prefix) {
    PodSpecResources spec = *pod.spec_resources;
    const std::vector<const LimitRange*>& ranges = RangesOf(pod.ns);
    std::vector<AdmissionNote> notes;
    // The mutating phase, in the API server's order (LimitRanger, Priority
    // before this, RuntimeClass), then the validating one.
    notes = LimitRangerDefaults(ranges, scenario_.resources, spec);
    const RuntimeClass* rc = nullptr;
    bool checks_overhead = true;
    if (!pod.runtime_class_name.empty()) {
      auto it = classes_.find(pod.runtime_class_name);
      if (it != classes_.end()) {
        rc = it->second;
        const std::string error =
            RuntimeClassAdmit(*rc, scenario_.resources, pod, spec, notes);
        if (!error.empty()) {
          return Refuse(pod, object, prefix + "spec.runtimeClassName", error,
                        rc->ref().Describe());
        }
      } else if (!pod.spec_priority && !scenario_.runtime_classes.empty()) {
        return Refuse(
            pod, object, prefix + "spec.runtimeClassName",
            "pod rejected: RuntimeClass \"" + pod.runtime_class_name +
                "\" not found",
            "RuntimeClass " + pod.runtime_class_name + " is not in the input");
      } else {
        // Stored by an API server (spec.priority is set), it was admitted
        // then; in an input without RuntimeClasses, they were left out.
        diagnostics_.Add(
            Severity::kWarning, object,
            FieldPath(prefix + "spec.runtimeClassName"), pod.line,
            "RuntimeClass " + pod.runtime_class_name + " is not in the input" +
                (pod.spec_priority
                     ? std::string(", and the pod was admitted when it was "
                                   "stored")
                     : std::string(", which holds no RuntimeClass (kubectl "
                                   "get runtimeclasses lists them)")) +
                ": simulated with the pod's overhead, node selector and "
                "tolerations as given; the API server refuses a new pod "
                "naming a missing class",
            pod.document);
        checks_overhead = false;
      }
    }
    LimitRangerOutcome limits;
    LimitRangerValidate(ranges, scenario_.resources, spec, limits);
    if (!limits.error.empty()) {
      return Refuse(pod, object, prefix + "spec.containers", limits.error,
                    limits.refused_by);
    }
    if (checks_overhead) CheckOverhead(rc, spec, pod, object, prefix);
    if (!notes.empty()) {
      SetPodRequests(ToRequestSpec(spec), pod);
      pod.spec_resources = std::make_shared<const PodSpecResources>(spec);
      for (AdmissionNote& note : notes) {
        pod.admission_notes.push_back(std::move(note));
      }
    }
  }

  const std::string& refusal() const { return refusal_; }

 private:
  const std::vector<const LimitRange*>& RangesOf(const std::string& ns) const {
    static const std::vector<const LimitRange*> kNone;
    auto it = ranges_.find(ns);
    return it == ranges_.end() ? kNone : it->second;
  }

  // RuntimeClass's Validate. A pod with spec.overhead and no RuntimeClass
  // is refused by the API server, but such pods are common in hand-made
  // scenarios: warned, and simulated with the overhead as given.
  void CheckOverhead(const RuntimeClass* rc, const PodSpecResources& spec,
                     Pod& pod, const std::string& object,
                     const std::string& prefix) {
    const std::string error = RuntimeClassValidate(rc, spec);
    if (error.empty()) return;
    if (rc) {
      return Refuse(pod, object, prefix + "spec.overhead", error,
                    rc->ref().Describe());
    }
    diagnostics_.Add(Severity::kWarning, object,
                     FieldPath(prefix + "spec.overhead"), pod.line,
                     "set without spec.runtimeClassName: the API server "
                     "refuses such a pod when it is created (\"" +
                         error + "\"); simulated with the overhead as given",
                     pod.document);
  }

  void Refuse(Pod& pod, const std::string& object, const std::string& path,
              const std::string& error, const std::string& by) {
    refusal_ = error;
    diagnostics_.Add(Severity::kError, object, FieldPath(path), pod.line,
                     "pods \"" + pod.name + "\" is forbidden: " + error + " (" +
                         by +
                         "; the API server refuses the pod, so it is left "
                         "out)",
                     pod.document);
    pod.admitted = false;
  }

  const Scenario& scenario_;
  Diagnostics& diagnostics_;
  std::string refusal_;  // the last refusal's reason
  std::unordered_map<std::string, std::vector<const LimitRange*>> ranges_;
  std::unordered_map<std::string, const RuntimeClass*> classes_;
};

// Returns whether the input's pod was created before the run: bound, or
// stored by an API server (it has spec.priority). ResourceQuota counts it
// and does not admit it again.
bool Stored(const Pod& pod) { return pod.bound() || pod.spec_priority; }

// ResourceQuota, the last validating plugin: the quotas count the pods
// that exist, then admit the new ones in input order. A template is
// checked for the containers its quotas require; its pods' usage is
// admitted when its controller creates them (core/controllers).
void AdmitQuotas(Scenario& scenario, Diagnostics& diagnostics) {
  QuotaLedger ledger(scenario);
  if (ledger.empty()) return;
  for (const Pod& pod : scenario.pods) {
    if (pod.admitted && Stored(pod)) ledger.Charge(pod);
  }
  auto refuse = [&](Pod& pod, const std::string& object,
                    const std::string& prefix,
                    const QuotaLedger::Refusal& refusal) {
    diagnostics.Add(Severity::kError, object,
                    FieldPath(prefix + "spec.containers"), pod.line,
                    "pods \"" + pod.name +
                        "\" is forbidden: " + refusal.message + " (" +
                        refusal.quota->ref().Describe() +
                        "; the API server refuses the pod, so it is left "
                        "out)",
                    pod.document);
    pod.admitted = false;
  };
  for (Pod& pod : scenario.pods) {
    if (!pod.admitted || Stored(pod)) continue;
    if (auto refusal = ledger.Admit(pod, pod.spec_resources.get())) {
      refuse(pod, pod.ref().Describe(), "", *refusal);
    }
  }
  for (Controller& c : scenario.controllers) {
    if (!c.pod_template || !c.pod_template->spec_resources) continue;
    for (const ResourceQuota& q : scenario.resource_quotas) {
      if (q.ns != c.pod_template->ns || !QuotaMatches(q, *c.pod_template)) {
        continue;
      }
      const std::string error = QuotaConstraints(
          PodQuotaResources(q), *c.pod_template->spec_resources);
      if (error.empty()) continue;
      auto pod = std::make_shared<Pod>(*c.pod_template);
      c.template_refused = "failed quota: " + q.name + ": " + error;
      refuse(*pod, c.ref().Describe(), "spec.template.",
             {c.template_refused, &q});
      c.pod_template.reset();
      break;
    }
  }
}

void AdmitWithObjects(Scenario& scenario, Diagnostics& diagnostics) {
  ObjectAdmission admission(scenario, diagnostics);
  for (Pod& pod : scenario.pods) {
    if (!pod.admitted || pod.bound() || !pod.spec_resources) continue;
    admission.Admit(pod, pod.ref().Describe(), "");
  }
  for (Controller& c : scenario.controllers) {
    if (!c.pod_template || !c.pod_template->spec_resources) continue;
    auto pod = std::make_shared<Pod>(*c.pod_template);
    admission.Admit(*pod, c.ref().Describe(), "spec.template.");
    if (pod->admitted) {
      c.pod_template = std::move(pod);
    } else {
      c.pod_template.reset();
      c.template_refused = admission.refusal();
    }
  }
  AdmitQuotas(scenario, diagnostics);
}

}  // namespace

void Admit(Scenario& scenario, Diagnostics& diagnostics) {
  AddSystemClasses(scenario, diagnostics);
  ValidateClasses(scenario, diagnostics);

  const PriorityClass* global_default = nullptr;
  for (const PriorityClass& pc : scenario.priority_classes) {
    if (pc.global_default &&
        (!global_default || pc.value < global_default->value)) {
      global_default = &pc;
    }
  }
  auto find_class = [&](const std::string& name) -> const PriorityClass* {
    for (const PriorityClass& pc : scenario.priority_classes) {
      if (pc.name == name) return &pc;
    }
    return nullptr;
  };

  // A refused pod gets admitted = false (it is left out); refusal says why.
  std::string refusal;
  auto admit = [&](Pod& pod, const std::string& object,
                   const std::string& prefix) {
    const PriorityClass* pc = pod.priority_class_name.empty()
                                  ? nullptr
                                  : find_class(pod.priority_class_name);
    FieldPath class_path(prefix + "spec.priorityClassName");
    if (pod.spec_priority) {
      // Already stored by an API server: keep its values as they are.
      pod.priority = *pod.spec_priority;
      pod.preemption_policy = pod.spec_preemption_policy.value_or(
          PreemptionPolicy::kPreemptLowerPriority);
      if (!pod.priority_class_name.empty() && !pc) {
        Diagnostic& d = diagnostics.Add(
            Severity::kWarning, object, class_path, pod.line,
            "no PriorityClass with name " + pod.priority_class_name +
                " was found; an API server would have rejected "
                "this pod; simulated with spec.priority " +
                std::to_string(pod.priority),
            pod.document);
        diagnostics.NamesMissing(d, ClassObject(pod.priority_class_name));
      } else if (pc && pc->value != pod.priority) {
        diagnostics.Add(Severity::kWarning, object,
                        FieldPath(prefix + "spec.priority"), pod.line,
                        "spec.priority " + std::to_string(pod.priority) +
                            " differs from PriorityClass " + pc->name + " (" +
                            std::to_string(pc->value) +
                            "); an API server would have rejected this pod; "
                            "simulated with spec.priority",
                        pod.document);
      }
      return;
    }
    // 1) No class named: the global default, if any.
    if (pod.priority_class_name.empty()) {
      if (global_default) {
        pod.priority = global_default->value;
        pod.priority_class_name = global_default->name;
        pc = global_default;
      } else {
        pod.priority = 0;
        pod.preemption_policy = pod.spec_preemption_policy.value_or(
            PreemptionPolicy::kPreemptLowerPriority);
        return;
      }
    } else if (!pc) {
      // 2) The named class must exist.
      refusal = "no PriorityClass with name " + pod.priority_class_name +
                " was found";
      Diagnostic& d =
          diagnostics.Add(Severity::kError, object, class_path, pod.line,
                          "pods \"" + pod.name + "\" is forbidden: " + refusal +
                              " (known: " + KnownClasses(scenario) + ")",
                          pod.document);
      diagnostics.NamesMissing(d, ClassObject(pod.priority_class_name));
      pod.admitted = false;
      return;
    } else {
      pod.priority = pc->value;
    }
    // 4) The class's preemption policy wins; a different one is Forbidden.
    if (pod.spec_preemption_policy &&
        *pod.spec_preemption_policy != pc->preemption_policy) {
      refusal = std::string("the string value of PreemptionPolicy (") +
                ToString(*pod.spec_preemption_policy) +
                ") must not be provided in pod spec; priority admission "
                "controller computed " +
                ToString(pc->preemption_policy) +
                " from the given PriorityClass name";
      diagnostics.Add(Severity::kError, object,
                      FieldPath(prefix + "spec.preemptionPolicy"), pod.line,
                      "pods \"" + pod.name + "\" is forbidden: " + refusal,
                      pod.document);
      pod.admitted = false;
      return;
    }
    pod.preemption_policy = pc->preemption_policy;
  };
  for (Pod& pod : scenario.pods) admit(pod, pod.ref().Describe(), "");
  // Pod templates go through admission as their pods will; a template
  // admission refuses creates no pods.
  for (Controller& c : scenario.controllers) {
    if (!c.pod_template) continue;
    auto pod = std::make_shared<Pod>(*c.pod_template);
    admit(*pod, c.ref().Describe(), "spec.template.");
    if (pod->admitted) {
      c.pod_template = std::move(pod);
    } else {
      c.pod_template.reset();
      c.template_refused = refusal;
    }
  }
  AdmitWithObjects(scenario, diagnostics);
}

}  // namespace podsim
