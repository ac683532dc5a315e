// Workload controllers: Deployment, ReplicaSet, StatefulSet, DaemonSet, Job
// and ReplicationController. Their scale (for PodDisruptionBudgets), their
// selector, their strategy and their pod template, decoded as a pod of the
// controller would be, with the labels the controller adds.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "core/api/generated_names.h"
#include "core/api/pod_requests.h"
#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;
using decode::ReadIntOrPercent;
using decode::ReadLabelSelector;

namespace {

// The Deployment controller's annotations on a ReplicaSet, read as
// getNonNegativeInt32FromAnnotation reads them (strconv.ParseUint).
void ReadReplicasAnnotations(const decode::Json& meta, decode::Reader& r,
                             Controller& c) {
  for (const auto& [key, value] :
       r.StringMap(meta, "annotations", FieldPath("metadata.annotations"))) {
    std::optional<int32_t>* into = nullptr;
    if (key == "deployment.kubernetes.io/desired-replicas") {
      into = &c.desired_replicas_annotation;
    } else if (key == "deployment.kubernetes.io/max-replicas") {
      into = &c.max_replicas_annotation;
    }
    if (!into) continue;
    uint32_t v = 0;
    auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec == std::errc() && end == value.data() + value.size() &&
        !value.empty() && value[0] != '-' && v <= INT32_MAX) {
      *into = static_cast<int32_t>(v);
    }
  }
}

}  // namespace

bool Decoder::IsWorkloadKind(std::string_view kind) {
  return kind == "Deployment" || kind == "ReplicaSet" ||
         kind == "StatefulSet" || kind == "DaemonSet" || kind == "Job" ||
         kind == "ReplicationController";
}

// What this reader reads; the builder drops every other field unbuilt. The
// template is kept whole: a change to any of its fields (an image) is a new
// revision of a Deployment.
const FieldRule& Decoder::ControllerFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName namespace uid ownerReferences "
      "creationTimestamp annotations} "
      "spec{replicas parallelism completions backoffLimit podFailurePolicy "
      "podReplacementPolicy podManagementPolicy strategy selector template "
      "suspend} "
      "status{succeeded failed}"));
  return *rule;
}

void Decoder::DecodeController(const Json& obj, Reader& r,
                               const std::string& kind) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  const Json empty = Json::object();
  const Json* meta = metadata->meta;
  Controller c;
  c.kind = kind;
  c.name = std::move(metadata->name);
  c.ns = std::move(metadata->ns);
  if (!FirstOfItsName(r, c.ref(), kUniqueInNamespace)) return;
  c.line = r.line();
  c.document = r.document();
  c.range = r.range();
  c.uid = r.String(*meta, "uid", FieldPath("metadata.uid")).value_or("");
  if (c.uid.empty()) c.uid = c.ref().UniqueKey();
  c.owners = DecodeOwners(*meta, r);
  c.creation_time = r.Time(*meta, "creationTimestamp",
                           FieldPath("metadata.creationTimestamp"));
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  FieldPath sp("spec");
  const bool job = kind == "Job";
  if (job) {
    c.replicas = static_cast<int32_t>(
        r.Integer(*spec, "parallelism", sp.Child("parallelism"), 0, INT32_MAX)
            .value_or(1));
    if (std::optional<int64_t> n = r.Integer(
            *spec, "completions", sp.Child("completions"), 0, INT32_MAX)) {
      c.completions = static_cast<int32_t>(*n);
    }
    c.backoff_limit = static_cast<int32_t>(
        r.Integer(*spec, "backoffLimit", sp.Child("backoffLimit"), 0, INT32_MAX)
            .value_or(6));
    DecodeJobPolicies(*spec, r, c);
    c.suspended = r.Bool(*spec, "suspend", sp.Child("suspend")).value_or(false);
  } else if (kind != "DaemonSet") {
    c.replicas = static_cast<int32_t>(
        r.Integer(*spec, "replicas", sp.Child("replicas"), 0, INT32_MAX)
            .value_or(1));
  }
  if (kind == "ReplicationController") {
    // A plain map; without one, the template's labels.
    std::vector<std::pair<std::string, std::string>> map =
        r.StringMap(*spec, "selector", sp.Child("selector"));
    if (!map.empty()) {
      c.selector.is_nil = false;
      for (auto& [k, v] : map)
        c.selector.requirements.push_back({k, SelectorOp::kIn, {v}});
    }
  } else {
    c.selector = ReadLabelSelector(r, *spec, "selector", sp.Child("selector"));
  }
  if (kind == "Deployment") DecodeStrategy(*spec, r, c);
  if (kind == "ReplicaSet") ReadReplicasAnnotations(*meta, r, c);
  if (kind == "StatefulSet") {
    std::string policy =
        r.String(*spec, "podManagementPolicy", sp.Child("podManagementPolicy"))
            .value_or("OrderedReady");
    if (policy != "OrderedReady" && policy != "Parallel") {
      r.Error(sp.Child("podManagementPolicy"),
              "unknown policy " + Quoted(policy) +
                  "; valid: OrderedReady, Parallel");
    }
    c.parallel = policy == "Parallel";
  }
  if (kind == "DaemonSet") DecodeTemplateGeneration(*meta, r, c);
  if (const Json* status = r.Object(obj, "status", FieldPath("status"))) {
    c.succeeded = static_cast<int32_t>(r.Integer(*status, "succeeded",
                                                 FieldPath("status.succeeded"),
                                                 0, INT32_MAX)
                                           .value_or(0));
    c.failed = static_cast<int32_t>(
        r.Integer(*status, "failed", FieldPath("status.failed"), 0, INT32_MAX)
            .value_or(0));
  }
  if (const Json* tmpl = r.Object(*spec, "template", sp.Child("template"))) {
    DecodeTemplate(*tmpl, r, c);
  } else if (kind != "ReplicaSet" && kind != "ReplicationController") {
    // A dump's ReplicaSets may come without templates (kubectl's custom
    // columns); the others create pods only from theirs.
    r.Error(sp.Child("template"),
            "is required; a " + kind + " creates its pods from it");
  }
  scenario_.controllers.push_back(std::move(c));
}

void Decoder::DecodeTemplateGeneration(const Json& meta, Reader& r,
                                       Controller& c) {
  // Mirrors Convert_v1_DaemonSet_To_apps_DaemonSet (the annotation is
  // spec.templateGeneration) and the strategy's PrepareForCreate (below 1,
  // or absent, it is 1).
  constexpr std::string_view kKey = "deprecated.daemonset.template.generation";
  FieldPath path = FieldPath("metadata.annotations").Child(kKey);
  for (const auto& [k, v] :
       r.StringMap(meta, "annotations", FieldPath("metadata.annotations"))) {
    if (k != kKey) continue;
    int64_t n = 0;
    const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (v.empty() || error != std::errc() || end != v.data() + v.size()) {
      r.Error(path, Quoted(v) +
                        " is not an integer; the API server refuses the "
                        "DaemonSet (it converts the annotation to "
                        "spec.templateGeneration)");
      return;
    }
    c.template_generation = std::max<int64_t>(n, 1);
  }
}

void Decoder::DecodeStrategy(const Json& spec, Reader& r, Controller& c) {
  FieldPath path("spec.strategy");
  const Json* strategy = r.Object(spec, "strategy", path);
  if (!strategy) return;
  std::string type =
      r.String(*strategy, "type", path.Child("type")).value_or("RollingUpdate");
  if (type != "RollingUpdate" && type != "Recreate") {
    r.Error(path.Child("type"), "unknown strategy " + Quoted(type) +
                                    "; valid: RollingUpdate, Recreate");
    return;
  }
  c.recreate = type == "Recreate";
  FieldPath rp = path.Child("rollingUpdate");
  const Json* rolling = r.Object(*strategy, "rollingUpdate", rp);
  if (!rolling) return;
  if (c.recreate) {
    r.Error(rp, "may not be set when the strategy type is Recreate");
    return;
  }
  if (auto surge =
          ReadIntOrPercent(r, *rolling, "maxSurge", rp.Child("maxSurge"))) {
    c.max_surge = *surge;
  }
  if (auto unavailable = ReadIntOrPercent(r, *rolling, "maxUnavailable",
                                          rp.Child("maxUnavailable"))) {
    c.max_unavailable = *unavailable;
  }
  if (c.max_surge.value == 0 && c.max_unavailable.value == 0) {
    // The API's validation (ValidateRollingUpdateDeployment).
    r.Error(rp.Child("maxUnavailable"),
            "may not be 0 when maxSurge is 0; a rolling update could never "
            "move");
    c.max_unavailable = {false, 1};
  }
}

namespace {

using decode::Json;
using decode::Reader;

// One rule of spec.podFailurePolicy.rules, as the API validates it: an
// action of FailJob, FailIndex, Ignore or Count, and exactly one of
// onExitCodes (operator In or NotIn over values) and onPodConditions.
std::optional<PodFailurePolicyRule> DecodePodFailureRule(const Json& rule,
                                                         Reader& r,
                                                         const FieldPath& rp) {
  if (!rule.is_object()) {
    r.Error(rp,
            "must be an object with action and onExitCodes or "
            "onPodConditions");
    return std::nullopt;
  }
  PodFailurePolicyRule out;
  const std::string action =
      r.String(rule, "action", rp.Child("action")).value_or("");
  using Action = PodFailurePolicyRule::Action;
  if (action == "FailJob") {
    out.action = Action::kFailJob;
  } else if (action == "FailIndex") {
    out.action = Action::kFailIndex;
  } else if (action == "Ignore") {
    out.action = Action::kIgnore;
  } else if (action == "Count") {
    out.action = Action::kCount;
  } else {
    r.Error(rp.Child("action"), "unknown action " + Quoted(action) +
                                    "; valid: FailJob, FailIndex, Ignore, "
                                    "Count");
    return std::nullopt;
  }
  if (const Json* codes =
          r.Object(rule, "onExitCodes", rp.Child("onExitCodes"))) {
    FieldPath ep = rp.Child("onExitCodes");
    out.on_exit_codes = true;
    out.container_name =
        r.String(*codes, "containerName", ep.Child("containerName"));
    const std::string op =
        r.String(*codes, "operator", ep.Child("operator")).value_or("");
    if (op != "In" && op != "NotIn") {
      r.Error(ep.Child("operator"),
              "unknown operator " + Quoted(op) + "; valid: In, NotIn");
      return std::nullopt;
    }
    out.exit_codes_in = op == "In";
    if (const Json* values = r.Array(*codes, "values", ep.Child("values"))) {
      for (const Json& v : *values) {
        if (v.is_number_integer()) out.exit_codes.push_back(v.get<int32_t>());
      }
    }
    return out;
  }
  const Json* conditions =
      r.Array(rule, "onPodConditions", rp.Child("onPodConditions"));
  if (!conditions) return std::nullopt;
  for (size_t j = 0; j < conditions->size(); ++j) {
    const Json& cond = (*conditions)[j];
    FieldPath cp = rp.Child("onPodConditions").Index(j);
    if (!cond.is_object()) continue;
    out.on_pod_conditions.emplace_back(
        r.String(cond, "type", cp.Child("type")).value_or(""),
        r.String(cond, "status", cp.Child("status")).value_or("True"));
  }
  return out;
}

}  // namespace

void Decoder::DecodeJobPolicies(const Json& spec, Reader& r, Controller& c) {
  FieldPath path("spec.podFailurePolicy");
  const Json* policy = r.Object(spec, "podFailurePolicy", path);
  if (std::optional<std::string> replacement =
          r.String(spec, "podReplacementPolicy",
                   FieldPath("spec.podReplacementPolicy"))) {
    if (*replacement != "TerminatingOrFailed" && *replacement != "Failed") {
      r.Error(FieldPath("spec.podReplacementPolicy"),
              "unknown policy " + Quoted(*replacement) +
                  "; valid: TerminatingOrFailed, Failed");
    }
    c.replace_when_failed = *replacement == "Failed";
  } else {
    // The default is Failed when a podFailurePolicy is set.
    c.replace_when_failed = policy != nullptr;
  }
  if (!policy) return;
  c.pod_failure_policy.emplace();
  if (const Json* rules = r.Array(*policy, "rules", path.Child("rules"))) {
    for (size_t i = 0; i < rules->size(); ++i) {
      if (std::optional<PodFailurePolicyRule> rule = DecodePodFailureRule(
              (*rules)[i], r, path.Child("rules").Index(i))) {
        c.pod_failure_policy->push_back(std::move(*rule));
      }
    }
  }
  // The containers' names, which onExitCodes.containerName names.
  const Json* tmpl = Reader::Member(spec, "template");
  const Json* pod = tmpl ? Reader::Member(*tmpl, "spec") : nullptr;
  const Json* containers = pod ? Reader::Member(*pod, "containers") : nullptr;
  if (!containers || !containers->is_array()) return;
  for (const Json& container : *containers) {
    const Json* name = Reader::Member(container, "name");
    c.container_names.push_back(
        name && name->is_string() ? name->get<std::string>() : "");
  }
}

void Decoder::DecodeTemplate(const Json& tmpl, Reader& r, Controller& c) {
  // The key that tells revisions apart: the whole template, without the
  // label a Deployment's ReplicaSets add and the creationTimestamp: null
  // kubectl prints in templates.
  Json keyed = tmpl;
  if (Json* m = keyed.contains("metadata") ? &keyed["metadata"] : nullptr;
      m && m->is_object()) {
    m->erase("creationTimestamp");
    if (m->contains("labels") && (*m)["labels"].is_object()) {
      (*m)["labels"].erase(kPodTemplateHashLabel);
      if ((*m)["labels"].empty()) m->erase("labels");
    }
    if (m->empty()) keyed.erase("metadata");
  }
  c.template_key = keyed.dump(-1, ' ', false, Json::error_handler_t::replace);
  c.template_hash = TemplateHash(c);

  auto pod = std::make_shared<Pod>();
  pod->ns = c.ns;
  pod->name = c.name;
  pod->key = pod->ref().Key();
  pod->line = c.line;
  pod->document = c.document;
  pod->index = -1;
  r.SetPrefix("spec.template");
  const Json empty = Json::object();
  const Json* meta = r.Object(tmpl, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::vector<std::pair<std::string, std::string>> labels =
      r.StringMap(*meta, "labels", FieldPath("metadata.labels"));
  // The labels every pod of this controller gets, so that matchLabelKeys
  // (pod-template-hash, a favourite of topology spreading) sees them.
  for (auto& [k, v] : ControllerPodLabels(c)) {
    bool found = false;
    for (auto& [lk, lv] : labels) {
      if (lk == k) {
        lv = v;
        found = true;
      }
    }
    if (!found) labels.emplace_back(k, v);
  }
  pod->labels = Labels(std::move(labels));
  pod->deletion_cost =
      decode::ReadDeletionCost(r, *meta, FieldPath("metadata"));
  PodResourceSpec resources;
  const Json* spec = r.Object(tmpl, "spec", FieldPath("spec"));
  if (!spec) {
    r.Error(FieldPath("spec"), "is required; a pod needs spec.containers");
    spec = &empty;
  }
  const size_t errors_before = result_.diagnostics.items().size();
  template_owner_ = static_cast<int>(scenario_.controllers.size());
  DecodePodSpec(*spec, r, *pod, resources);
  template_owner_ = -1;
  r.SetPrefix("");
  SetPodRequests(resources, *pod);
  if (!pod->node_name.empty() && c.kind != "DaemonSet") {
    // Pods created with a nodeName skip the scheduler; podsim places
    // only what the scheduler decides.
    r.Warn(FieldPath("spec.template.spec.nodeName"),
           "the template names a node; its pods would skip the scheduler, "
           "and podsim schedules them like the others");
    pod->node_name.clear();
  }
  for (size_t i = errors_before; i < result_.diagnostics.items().size(); ++i) {
    if (result_.diagnostics.items()[i].severity == Severity::kError) {
      return;  // a broken template creates no pods (the API refuses them)
    }
  }
  if (!c.selector.is_nil && !c.selector.Matches(pod->labels)) {
    r.Error(FieldPath("spec.selector"),
            "does not match the template's labels; the API server refuses "
            "such a " +
                c.kind + " (`selector` does not match template `labels`)");
    return;
  }
  if (c.selector.is_nil && c.kind == "ReplicationController") {
    c.selector.is_nil = false;
    for (const auto& [k, v] : pod->labels.items()) {
      c.selector.requirements.push_back({k, SelectorOp::kIn, {v}});
    }
  }
  c.pod_template = std::move(pod);
}

}  // namespace podsim
