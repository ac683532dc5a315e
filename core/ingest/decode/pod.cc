// Pod: metadata and owners, the spec (containers and their requests,
// tolerations, affinity, topology spread) and the status that scheduling reads.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/api/pod_requests.h"
#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;
using decode::ReadLabelSelector;
using decode::ReadNodeSelectorTerm;
using decode::ReadTolerations;

namespace {

// Mirrors maxContainerRestarts: the most restarts of a container, and of
// a sidecar (an init container whose restartPolicy is Always).
void ReadRestarts(const decode::Json& spec, const decode::Json& status,
                  decode::Reader& r, Pod& pod) {
  using decode::Json;
  using decode::Reader;
  auto most = [&](std::string_view key, const std::vector<std::string>* only) {
    int32_t n = 0;
    const Json* list = r.Array(status, key, FieldPath("status").Child(key));
    for (size_t i = 0; list && i < list->size(); ++i) {
      const Json& c = (*list)[i];
      if (!c.is_object()) continue;
      FieldPath p = FieldPath("status").Child(key).Index(i);
      if (only) {
        std::string name = r.String(c, "name", p.Child("name")).value_or("");
        if (std::find(only->begin(), only->end(), name) == only->end()) {
          continue;
        }
      }
      n = std::max<int32_t>(
          n,
          static_cast<int32_t>(r.Integer(c, "restartCount",
                                         p.Child("restartCount"), 0, INT32_MAX)
                                   .value_or(0)));
    }
    return n;
  };
  std::vector<std::string> sidecars;
  if (const Json* init = Reader::Member(spec, "initContainers")) {
    for (size_t i = 0; init->is_array() && i < init->size(); ++i) {
      const Json& c = (*init)[i];
      if (!c.is_object() || !c.contains("name") || !c["name"].is_string() ||
          !c.contains("restartPolicy") || c["restartPolicy"] != "Always") {
        continue;
      }
      sidecars.push_back(c["name"].get<std::string>());
    }
  }
  pod.restarts = most("containerStatuses", nullptr);
  pod.sidecar_restarts = most("initContainerStatuses", &sidecars);
}

}  // namespace

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::PodFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName namespace uid labels annotations "
      "ownerReferences creationTimestamp deletionTimestamp finalizers} "
      "spec{nodeName schedulerName priority priorityClassName preemptionPolicy "
      "runtimeClassName "
      "schedulingGroup workloadRef "
      "terminationGracePeriodSeconds activeDeadlineSeconds "
      "containers{name resources ports restartPolicy} "
      "initContainers{name resources ports restartPolicy} overhead resources "
      "nodeSelector tolerations affinity topologySpreadConstraints "
      "volumes{name persistentVolumeClaim}} "
      "status{startTime nominatedNodeName phase conditions "
      "containerStatuses{restartCount} "
      "initContainerStatuses{name restartCount}}"));
  return *rule;
}

namespace {

using decode::Json;
using decode::Reader;

// The quantities of a resource list (requests, limits) that parse; the
// reader has reported the others.
QuantityList ParsedQuantities(ResourceTable& table, const Json* list) {
  QuantityList out;
  if (!list || !list->is_object()) return out;
  for (auto it = list->begin(); it != list->end(); ++it) {
    std::string text = it->is_string()   ? it->get<std::string>()
                       : it->is_number() ? it->dump()
                                         : std::string();
    if (std::optional<Quantity> q = Quantity::Parse(text)) {
      out.Set(ResourceQuantity{table.Intern(it.key()), q->millis(),
                               FormatOf(text)});
    }
  }
  return out;
}

void ReadContainerSpecs(ResourceTable& table, const Json& spec,
                        std::string_view key, std::vector<ContainerSpec>& out) {
  const Json* list = Reader::Member(spec, key);
  if (!list || !list->is_array()) return;
  for (const Json& c : *list) {
    if (!c.is_object()) continue;
    ContainerSpec container;
    container.init = key == "initContainers";
    if (const Json* name = Reader::Member(c, "name");
        name && name->is_string()) {
      container.name = name->get<std::string>();
    }
    const Json* policy = Reader::Member(c, "restartPolicy");
    container.restartable = container.init && policy && *policy == "Always";
    if (const Json* res = Reader::Member(c, "resources")) {
      container.requests =
          ParsedQuantities(table, Reader::Member(*res, "requests"));
      container.limits =
          ParsedQuantities(table, Reader::Member(*res, "limits"));
      // SetDefaults_Pod: a limit without a request sets the request.
      for (const ResourceQuantity& q : container.limits.items) {
        if (!container.requests.Find(q.id)) container.requests.Set(q);
      }
    }
    out.push_back(std::move(container));
  }
}

}  // namespace

PodSpecResources Decoder::ReadSpecResources(ResourceTable& table,
                                            const Json& spec) {
  PodSpecResources out;
  ReadContainerSpecs(table, spec, "containers", out.containers);
  ReadContainerSpecs(table, spec, "initContainers", out.containers);
  if (const Json* res = Reader::Member(spec, "resources")) {
    if (const Json* requests = Reader::Member(*res, "requests")) {
      out.pod_requests = ParsedQuantities(table, requests);
    }
    if (const Json* limits = Reader::Member(*res, "limits")) {
      out.pod_limits = ParsedQuantities(table, limits);
    }
  }
  if (const Json* overhead = Reader::Member(spec, "overhead")) {
    out.overhead = ParsedQuantities(table, overhead);
  }
  return out;
}

std::vector<OwnerReference> Decoder::DecodeOwners(const Json& meta, Reader& r) {
  std::vector<OwnerReference> owners;
  FieldPath path("metadata.ownerReferences");
  const Json* refs = r.Array(meta, "ownerReferences", path);
  if (!refs) return owners;
  for (size_t i = 0; i < refs->size(); ++i) {
    const Json& ref = (*refs)[i];
    if (!ref.is_object()) {
      r.Error(path.Index(i), "must be an object with kind and name");
      continue;
    }
    OwnerReference owner;
    owner.kind =
        r.String(ref, "kind", path.Index(i).Child("kind")).value_or("");
    owner.name =
        r.String(ref, "name", path.Index(i).Child("name")).value_or("");
    owner.controller =
        r.Bool(ref, "controller", path.Index(i).Child("controller"))
            .value_or(false);
    owners.push_back(std::move(owner));
  }
  return owners;
}

void Decoder::DecodePod(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  const Json empty = Json::object();
  const Json* meta = metadata->meta;
  Pod pod;
  pod.name = std::move(metadata->name);
  pod.ns = std::move(metadata->ns);
  pod.key = pod.ref().Key();
  if (!FirstOfItsName(r, pod.ref(), kUniqueInNamespace)) return;
  pod.line = r.line();
  pod.document = r.document();
  pod.range = r.range();
  pod.index = static_cast<ObjectIndex>(scenario_.pods.size());
  pod.uid = r.String(*meta, "uid", FieldPath("metadata.uid")).value_or("");
  if (pod.uid.empty()) pod.uid = pod.key;
  pod.labels =
      Labels(r.StringMap(*meta, "labels", FieldPath("metadata.labels")));
  pod.deletion_cost = decode::ReadDeletionCost(r, *meta, FieldPath("metadata"));
  pod.owners = DecodeOwners(*meta, r);
  if (const Json* spec = Reader::Member(obj, "spec")) {
    for (const char* field : {"schedulingGroup", "workloadRef"}) {
      if (!Reader::Member(*spec, field)) continue;
      r.Warn(FieldPath("spec").Child(field),
             "the pod's group (gang scheduling, kube-scheduler 1.37's "
             "GenericWorkload, off by default) is not modelled: podsim "
             "schedules and preempts the pod alone");
    }
  }
  if (const Json* finalizers = Reader::Member(*meta, "finalizers")) {
    for (size_t i = 0; finalizers->is_array() && i < finalizers->size(); ++i) {
      const Json& f = (*finalizers)[i];
      if (f.is_string() && f.get<std::string>() == kJobTrackingFinalizer)
        pod.job_tracking_finalizer = true;
    }
  }
  pod.creation_time = r.Time(*meta, "creationTimestamp",
                             FieldPath("metadata.creationTimestamp"));
  if (Reader::Member(*meta, "deletionTimestamp")) {
    // The deadline by which the kubelet has stopped the pod.
    pod.deletion_time = r.Time(*meta, "deletionTimestamp",
                               FieldPath("metadata.deletionTimestamp"));
    pod.terminating = pod.deletion_time.has_value();
  }

  PodResourceSpec resources;
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) {
    r.Error(FieldPath("spec"), "is required; a pod needs spec.containers");
    spec = &empty;
  }
  DecodePodSpec(*spec, r, pod, resources);
  SetPodRequests(resources, pod);

  const Json* status = r.Object(obj, "status", FieldPath("status"));
  if (!status) status = &empty;
  pod.start_time = r.Time(*status, "startTime", FieldPath("status.startTime"));
  pod.nominated_node_name = r.String(*status, "nominatedNodeName",
                                     FieldPath("status.nominatedNodeName"))
                                .value_or("");
  pod.phase =
      r.String(*status, "phase", FieldPath("status.phase")).value_or("");
  if (const Json* conditions =
          r.Array(*status, "conditions", FieldPath("status.conditions"))) {
    bool first_disruption_target = true;
    for (size_t i = 0; i < conditions->size(); ++i) {
      const Json& c = (*conditions)[i];
      FieldPath p = FieldPath("status.conditions").Index(i);
      if (!c.is_object()) {
        r.Error(p, "must be an object with type and status");
        continue;
      }
      std::string type = r.String(c, "type", p.Child("type")).value_or("");
      std::string value = r.String(c, "status", p.Child("status")).value_or("");
      if (type == "Ready") {
        pod.ready = value == "True";
        // podReadyTime: the True condition's lastTransitionTime.
        if (*pod.ready && Reader::Member(c, "lastTransitionTime")) {
          pod.ready_time =
              r.Time(c, "lastTransitionTime", p.Child("lastTransitionTime"));
        }
      }
      if (type == "DisruptionTarget" && first_disruption_target) {
        first_disruption_target = false;
        pod.preempted_by_scheduler =
            value == "True" &&
            r.String(c, "reason", p.Child("reason")).value_or("") ==
                "PreemptionByScheduler";
      }
    }
  }
  ReadRestarts(*spec, *status, r, pod);
  scenario_.pods.push_back(std::move(pod));
}

void Decoder::DecodePodSpec(const Json& spec, Reader& r, Pod& pod,
                            PodResourceSpec& resources) {
  pod.node_name =
      r.String(spec, "nodeName", FieldPath("spec.nodeName")).value_or("");
  if (std::optional<std::string> s =
          r.String(spec, "schedulerName", FieldPath("spec.schedulerName"))) {
    if (!s->empty()) pod.scheduler_name = *s;
  }
  if (std::optional<int64_t> p = r.Integer(
          spec, "priority", FieldPath("spec.priority"), INT32_MIN, INT32_MAX)) {
    pod.spec_priority = static_cast<int32_t>(*p);
  }
  // IsTerminating, for a quota's Terminating and NotTerminating scopes (the
  // API requires a positive number).
  if (r.Integer(spec, "activeDeadlineSeconds",
                FieldPath("spec.activeDeadlineSeconds"), 1, INT64_MAX)) {
    pod.active_deadline = true;
  }
  // The API's validation: a non-negative number of seconds.
  if (std::optional<int64_t> grace = r.Integer(
          spec, "terminationGracePeriodSeconds",
          FieldPath("spec.terminationGracePeriodSeconds"), 0, INT32_MAX)) {
    pod.termination_grace_seconds = *grace;
  }
  pod.priority_class_name =
      r.String(spec, "priorityClassName", FieldPath("spec.priorityClassName"))
          .value_or("");
  if (std::optional<std::string> policy = r.String(
          spec, "preemptionPolicy", FieldPath("spec.preemptionPolicy"))) {
    if (*policy == "Never") {
      pod.spec_preemption_policy = PreemptionPolicy::kNever;
    } else if (*policy == "PreemptLowerPriority") {
      pod.spec_preemption_policy = PreemptionPolicy::kPreemptLowerPriority;
    } else {
      r.Error(FieldPath("spec.preemptionPolicy"),
              "unknown policy " + Quoted(*policy) +
                  "; valid: PreemptLowerPriority, Never");
    }
  }
  DecodeContainers(spec, "containers", r, pod, resources.containers);
  if (resources.containers.empty() && !Reader::Member(spec, "containers")) {
    r.Error(FieldPath("spec.containers"),
            "is required; a pod needs at least one container");
  }
  DecodeContainers(spec, "initContainers", r, pod, resources.init_containers);
  resources.overhead = r.ResourceList(scenario_.resources, spec, "overhead",
                                      FieldPath("spec.overhead"));
  if (const Json* res =
          r.Object(spec, "resources", FieldPath("spec.resources"))) {
    resources.pod_level = r.ResourceList(scenario_.resources, *res, "requests",
                                         FieldPath("spec.resources.requests"));
    resources.pod_level_limits =
        r.ResourceList(scenario_.resources, *res, "limits",
                       FieldPath("spec.resources.limits"));
  }
  if (!pod.bound()) {
    pod.spec_resources = std::make_shared<const PodSpecResources>(
        ReadSpecResources(scenario_.resources, spec));
  }
  pod.node_selector =
      r.StringMap(spec, "nodeSelector", FieldPath("spec.nodeSelector"));
  pod.runtime_class_name =
      r.String(spec, "runtimeClassName", FieldPath("spec.runtimeClassName"))
          .value_or("");

  pod.tolerations =
      ReadTolerations(r, spec, "tolerations", FieldPath("spec.tolerations"));
  DecodeAffinity(spec, r, pod);
  DecodeSpread(spec, r, pod);
  DecodeVolumes(spec, r, pod);
}

void Decoder::DecodeContainers(const Json& spec, std::string_view key,
                               Reader& r, Pod& pod,
                               std::vector<ContainerRequests>& out) {
  FieldPath path = FieldPath("spec").Child(key);
  const Json* list = r.Array(spec, key, path);
  if (!list) return;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& c = (*list)[i];
    FieldPath p = path.Index(i);
    if (!c.is_object()) {
      r.Error(p, "must be an object (a container with name, image, resources)");
      continue;
    }
    ContainerRequests container;
    if (const Json* res = r.Object(c, "resources", p.Child("resources"))) {
      FieldPath rp = p.Child("resources");
      Resources requests = r.ResourceList(scenario_.resources, *res, "requests",
                                          rp.Child("requests"))
                               .value_or(Resources());
      // API defaulting: a limit without a request sets the request.
      if (const Json* limits = r.Object(*res, "limits", rp.Child("limits"))) {
        const Json* req_map = Reader::Member(*res, "requests");
        for (auto it = limits->begin(); it != limits->end(); ++it) {
          std::optional<Quantity> q =
              r.QuantityValue(*it, rp.Child("limits").Child(it.key()));
          if (!q) continue;
          const ResourceId id = scenario_.resources.Intern(it.key());
          container.limits.Set(id, q->millis());
          bool requested =
              req_map && req_map->is_object() && req_map->contains(it.key());
          if (!requested) requests.Set(id, q->millis());
        }
      }
      container.requests = requests;
    }
    if (key == "initContainers") {
      std::optional<std::string> policy =
          r.String(c, "restartPolicy", p.Child("restartPolicy"));
      if (policy && *policy != "Always") {
        r.Error(p.Child("restartPolicy"),
                "unsupported value " + Quoted(*policy) +
                    "; init containers allow only Always (a sidecar)");
      }
      container.restartable = policy && *policy == "Always";
    }
    if (const Json* ports = r.Array(c, "ports", p.Child("ports"))) {
      for (size_t j = 0; j < ports->size(); ++j) {
        const Json& port = (*ports)[j];
        FieldPath pp = p.Child("ports").Index(j);
        if (!port.is_object()) {
          r.Error(pp, "must be an object with containerPort");
          continue;
        }
        std::optional<int64_t> host =
            r.Integer(port, "hostPort", pp.Child("hostPort"), 0, 65535);
        std::string protocol =
            r.String(port, "protocol", pp.Child("protocol")).value_or("TCP");
        if (protocol != "TCP" && protocol != "UDP" && protocol != "SCTP") {
          r.Error(pp.Child("protocol"), "unknown protocol " + Quoted(protocol) +
                                            "; valid: TCP, UDP, SCTP");
          continue;
        }
        // Mirrors schedutil.GetHostPorts: regular and sidecar containers.
        bool counts = key == "containers" || container.restartable;
        if (host && *host > 0 && counts) {
          pod.host_ports.push_back(
              {r.String(port, "hostIP", pp.Child("hostIP")).value_or(""),
               protocol, static_cast<int32_t>(*host), container.restartable});
        }
      }
    }
    out.push_back(std::move(container));
  }
}

std::vector<PodAffinityTerm>* Decoder::RequiredTerms(Pod& pod, TermList list) {
  switch (list) {
    case TermList::kAffinity:
      return &pod.required_affinity;
    case TermList::kAntiAffinity:
      return &pod.required_anti_affinity;
    default:
      return nullptr;
  }
}

std::vector<WeightedPodAffinityTerm>* Decoder::PreferredTerms(Pod& pod,
                                                              TermList list) {
  switch (list) {
    case TermList::kPreferredAffinity:
      return &pod.preferred_affinity;
    case TermList::kPreferredAntiAffinity:
      return &pod.preferred_anti_affinity;
    default:
      return nullptr;
  }
}

std::optional<PodAffinityTerm> Decoder::DecodePodAffinityTerm(
    const Json& t, const FieldPath& p, Reader& r, const Pod& pod, TermList list,
    size_t index) {
  PodAffinityTerm term;
  term.selector =
      ReadLabelSelector(r, t, "labelSelector", p.Child("labelSelector"));
  term.topology_key =
      r.String(t, "topologyKey", p.Child("topologyKey")).value_or("");
  if (term.topology_key.empty()) {
    r.Error(p.Child("topologyKey"),
            "is required, e.g. kubernetes.io/hostname or "
            "topology.kubernetes.io/zone");
    return std::nullopt;
  }
  // matchLabelKeys / mismatchLabelKeys merge the pod's own label values in.
  for (const char* field : {"matchLabelKeys", "mismatchLabelKeys"}) {
    if (const Json* keys = r.Array(t, field, p.Child(field))) {
      for (const Json& k : *keys) {
        if (!k.is_string()) continue;
        const std::string* v = pod.labels.Find(k.get_ref<const std::string&>());
        if (!v) continue;
        if (term.selector.is_nil) continue;
        term.selector.requirements.push_back(
            {k.get<std::string>(),
             std::string_view(field) == "matchLabelKeys" ? SelectorOp::kIn
                                                         : SelectorOp::kNotIn,
             {*v}});
      }
    }
  }
  if (const Json* nss = r.Array(t, "namespaces", p.Child("namespaces"))) {
    for (const Json& ns : *nss) {
      if (ns.is_string()) term.namespaces.push_back(ns.get<std::string>());
    }
  }
  LabelSelector ns_selector = ReadLabelSelector(r, t, "namespaceSelector",
                                                p.Child("namespaceSelector"));
  if (!ns_selector.is_nil) {
    if (ns_selector.empty()) {
      term.all_namespaces = true;
    } else {
      namespace_selectors_.push_back(
          {pod.index, template_owner_, list, index, std::move(ns_selector)});
    }
  } else if (term.namespaces.empty()) {
    term.namespaces.push_back(pod.ns);
  }
  return term;
}

void Decoder::DecodePodAffinityTerms(const Json& obj, const FieldPath& path,
                                     Reader& r, TermList list, Pod& pod) {
  std::vector<PodAffinityTerm>* required = RequiredTerms(pod, list);
  std::vector<WeightedPodAffinityTerm>* preferred = PreferredTerms(pod, list);
  const char* field = required
                          ? "requiredDuringSchedulingIgnoredDuringExecution"
                          : "preferredDuringSchedulingIgnoredDuringExecution";
  const FieldPath lp = path.Child(field);
  const Json* terms = r.Array(obj, field, lp);
  if (!terms) return;
  for (size_t i = 0; i < terms->size(); ++i) {
    const Json& t = (*terms)[i];
    const FieldPath p = lp.Index(i);
    // crossNamespacePodAffinityTerm: namespaces or a namespaceSelector (a
    // quota's CrossNamespacePodAffinity scope).
    const Json* term_of = required ? &t : Reader::Member(t, "podAffinityTerm");
    if (term_of && term_of->is_object()) {
      const Json* nss = Reader::Member(*term_of, "namespaces");
      const Json* sel = Reader::Member(*term_of, "namespaceSelector");
      if ((nss && nss->is_array() && !nss->empty()) ||
          (sel && !sel->is_null())) {
        pod.cross_namespace_affinity = true;
      }
    }
    if (required) {
      if (!t.is_object()) {
        r.Error(p, "must be an object with labelSelector and topologyKey");
        continue;
      }
      std::optional<PodAffinityTerm> term =
          DecodePodAffinityTerm(t, p, r, pod, list, required->size());
      if (term) required->push_back(std::move(*term));
      continue;
    }
    if (!t.is_object()) {
      r.Error(p, "must be an object with weight and podAffinityTerm");
      continue;
    }
    std::optional<int64_t> weight =
        r.Integer(t, "weight", p.Child("weight"), 1, 100);
    const Json* term_json =
        r.Object(t, "podAffinityTerm", p.Child("podAffinityTerm"));
    if (!weight || !term_json) {
      if (!Reader::Member(t, "weight")) {
        r.Error(p.Child("weight"), "is required (1 to 100)");
      }
      if (!Reader::Member(t, "podAffinityTerm")) {
        r.Error(p.Child("podAffinityTerm"),
                "is required: the term with labelSelector and topologyKey");
      }
      continue;
    }
    std::optional<PodAffinityTerm> term =
        DecodePodAffinityTerm(*term_json, p.Child("podAffinityTerm"), r, pod,
                              list, preferred->size());
    if (term) {
      preferred->push_back(
          {.weight = static_cast<int32_t>(*weight), .term = std::move(*term)});
    }
  }
}

void Decoder::DecodeAffinity(const Json& spec, Reader& r, Pod& pod) {
  FieldPath path("spec.affinity");
  const Json* affinity = r.Object(spec, "affinity", path);
  if (!affinity) return;
  if (const Json* na =
          r.Object(*affinity, "nodeAffinity", path.Child("nodeAffinity"))) {
    FieldPath np = path.Child("nodeAffinity");
    FieldPath rp = np.Child("requiredDuringSchedulingIgnoredDuringExecution");
    if (const Json* req = r.Object(
            *na, "requiredDuringSchedulingIgnoredDuringExecution", rp)) {
      std::vector<NodeSelectorTerm> terms;
      if (const Json* list = r.Array(*req, "nodeSelectorTerms",
                                     rp.Child("nodeSelectorTerms"))) {
        for (size_t i = 0; i < list->size(); ++i) {
          if (!(*list)[i].is_object()) {
            r.Error(rp.Child("nodeSelectorTerms").Index(i),
                    "must be an object with matchExpressions or matchFields");
            continue;
          }
          terms.push_back(ReadNodeSelectorTerm(
              r, (*list)[i], rp.Child("nodeSelectorTerms").Index(i)));
        }
      }
      if (terms.empty()) {
        r.Error(rp.Child("nodeSelectorTerms"),
                "must have at least one term with matchExpressions or "
                "matchFields");
      }
      pod.required_node_affinity = std::move(terms);
    }
    FieldPath pp = np.Child("preferredDuringSchedulingIgnoredDuringExecution");
    if (const Json* list = r.Array(
            *na, "preferredDuringSchedulingIgnoredDuringExecution", pp)) {
      for (size_t i = 0; i < list->size(); ++i) {
        const Json& e = (*list)[i];
        if (!e.is_object()) {
          r.Error(pp.Index(i), "must be an object with weight and preference");
          continue;
        }
        std::optional<int64_t> weight =
            r.Integer(e, "weight", pp.Index(i).Child("weight"), 1, 100);
        const Json* pref =
            r.Object(e, "preference", pp.Index(i).Child("preference"));
        if (!weight || !pref) {
          if (!Reader::Member(e, "weight")) {
            r.Error(pp.Index(i).Child("weight"), "is required (1 to 100)");
          }
          continue;
        }
        pod.preferred_node_affinity.push_back(
            {static_cast<int32_t>(*weight),
             ReadNodeSelectorTerm(r, *pref, pp.Index(i).Child("preference"))});
      }
    }
  }
  const FieldPath affinity_path = path.Child("podAffinity");
  if (const Json* pa = r.Object(*affinity, "podAffinity", affinity_path)) {
    DecodePodAffinityTerms(*pa, affinity_path, r, TermList::kAffinity, pod);
    DecodePodAffinityTerms(*pa, affinity_path, r, TermList::kPreferredAffinity,
                           pod);
  }
  const FieldPath anti_path = path.Child("podAntiAffinity");
  if (const Json* pa = r.Object(*affinity, "podAntiAffinity", anti_path)) {
    DecodePodAffinityTerms(*pa, anti_path, r, TermList::kAntiAffinity, pod);
    DecodePodAffinityTerms(*pa, anti_path, r, TermList::kPreferredAntiAffinity,
                           pod);
  }
}

void Decoder::DecodeSpread(const Json& spec, Reader& r, Pod& pod) {
  FieldPath path("spec.topologySpreadConstraints");
  const Json* list = r.Array(spec, "topologySpreadConstraints", path);
  if (!list) return;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& c = (*list)[i];
    FieldPath p = path.Index(i);
    if (!c.is_object()) {
      r.Error(
          p,
          "must be an object with maxSkew, topologyKey and whenUnsatisfiable");
      continue;
    }
    TopologySpreadConstraint constraint;
    std::optional<int64_t> skew =
        r.Integer(c, "maxSkew", p.Child("maxSkew"), 1, INT32_MAX);
    if (!skew) {
      if (!Reader::Member(c, "maxSkew"))
        r.Error(p.Child("maxSkew"), "is required (at least 1)");
      continue;
    }
    constraint.max_skew = static_cast<int32_t>(*skew);
    constraint.topology_key =
        r.String(c, "topologyKey", p.Child("topologyKey")).value_or("");
    if (constraint.topology_key.empty()) {
      r.Error(p.Child("topologyKey"),
              "is required, e.g. topology.kubernetes.io/zone");
      continue;
    }
    std::string when =
        r.String(c, "whenUnsatisfiable", p.Child("whenUnsatisfiable"))
            .value_or("");
    if (when != "DoNotSchedule" && when != "ScheduleAnyway") {
      r.Error(p.Child("whenUnsatisfiable"),
              (when.empty() ? std::string("is required")
                            : "unknown value " + Quoted(when)) +
                  "; valid: DoNotSchedule, ScheduleAnyway");
      continue;
    }
    constraint.do_not_schedule = when == "DoNotSchedule";
    constraint.selector =
        ReadLabelSelector(r, c, "labelSelector", p.Child("labelSelector"));
    if (const Json* keys =
            r.Array(c, "matchLabelKeys", p.Child("matchLabelKeys"))) {
      for (const Json& k : *keys) {
        if (!k.is_string()) continue;
        const std::string* v = pod.labels.Find(k.get_ref<const std::string&>());
        if (v && !constraint.selector.is_nil) {
          constraint.selector.requirements.push_back(
              {k.get<std::string>(), SelectorOp::kIn, {*v}});
        }
      }
    }
    if (std::optional<int64_t> m =
            r.Integer(c, "minDomains", p.Child("minDomains"), 1, INT32_MAX)) {
      if (!constraint.do_not_schedule) {
        r.Error(p.Child("minDomains"),
                "can only be set when whenUnsatisfiable is DoNotSchedule");
      }
      constraint.min_domains = static_cast<int32_t>(*m);
    }
    for (auto [field, honor_default, out] :
         {std::tuple{"nodeAffinityPolicy", true,
                     &constraint.honor_node_affinity},
          std::tuple{"nodeTaintsPolicy", false,
                     &constraint.honor_node_taints}}) {
      std::string v = r.String(c, field, p.Child(field)).value_or("");
      if (v.empty()) {
        *out = honor_default;
      } else if (v == "Honor" || v == "Ignore") {
        *out = v == "Honor";
      } else {
        r.Error(p.Child(field),
                "unknown policy " + Quoted(v) + "; valid: Honor, Ignore");
      }
    }
    pod.spread_constraints.push_back(std::move(constraint));
  }
}

// Reads the claims of spec.volumes[].persistentVolumeClaim, the only
// volume source the scheduler's VolumeRestrictions reads here.
void Decoder::DecodeVolumes(const Json& spec, Reader& r, Pod& pod) {
  FieldPath path("spec.volumes");
  const Json* list = r.Array(spec, "volumes", path);
  if (!list) return;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& v = (*list)[i];
    if (!v.is_object()) {
      r.Error(path.Index(i), "must be an object with a name and a source");
      continue;
    }
    FieldPath cp = path.Index(i).Child("persistentVolumeClaim");
    const Json* pvc = r.Object(v, "persistentVolumeClaim", cp);
    if (!pvc) continue;
    std::optional<std::string> claim =
        r.String(*pvc, "claimName", cp.Child("claimName"));
    if (!claim || claim->empty()) {
      if (claim || !Reader::Member(*pvc, "claimName")) {
        r.Error(cp.Child("claimName"),
                "is required: the name of a PersistentVolumeClaim in the "
                "pod's namespace");
      }
      continue;
    }
    pod.claims.push_back(std::move(*claim));
  }
}

}  // namespace podsim
