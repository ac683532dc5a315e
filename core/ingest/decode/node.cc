// Node: labels (kubernetes.io/hostname added), unschedulable, taints and
// allocatable (else capacity) resources.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::kEffects;
using decode::ParseEffect;
using decode::Quoted;

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::NodeFields() {
  static const FieldRule* rule = new FieldRule(
      FieldRule::Parse("metadata{name generateName labels creationTimestamp} "
                       "spec{unschedulable "
                       "taints} status{allocatable capacity}"));
  return *rule;
}

void Decoder::DecodeNode(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = ClusterMetadata(obj, r);
  if (!metadata) return;
  const Json empty = Json::object();
  const Json* meta = metadata->meta;
  Node node;
  node.name = std::move(metadata->name);
  if (!FirstOfItsName(r, node.ref(),
                      "; names must be unique, this one is ignored")) {
    return;
  }
  node.line = r.line();
  node.document = r.document();
  node.range = r.range();
  node.creation_time = r.Time(*meta, "creationTimestamp",
                              FieldPath("metadata.creationTimestamp"));
  node.index = static_cast<ObjectIndex>(scenario_.nodes.size());
  auto labels = r.StringMap(*meta, "labels", FieldPath("metadata.labels"));
  bool has_hostname = std::any_of(labels.begin(), labels.end(), [](auto& l) {
    return l.first == "kubernetes.io/hostname";
  });
  if (!has_hostname) labels.emplace_back("kubernetes.io/hostname", node.name);
  node.labels = Labels(std::move(labels));

  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  node.unschedulable =
      r.Bool(*spec, "unschedulable", FieldPath("spec.unschedulable"))
          .value_or(false);
  if (const Json* taints = r.Array(*spec, "taints", FieldPath("spec.taints"))) {
    for (size_t i = 0; i < taints->size(); ++i) {
      const Json& t = (*taints)[i];
      FieldPath p = FieldPath("spec.taints").Index(i);
      if (!t.is_object()) {
        r.Error(p, "must be an object with key, value and effect");
        continue;
      }
      Taint taint;
      taint.key = r.String(t, "key", p.Child("key")).value_or("");
      taint.value = r.String(t, "value", p.Child("value")).value_or("");
      std::optional<std::string> effect =
          r.String(t, "effect", p.Child("effect"));
      std::optional<TaintEffect> parsed =
          effect ? ParseEffect(*effect) : std::nullopt;
      if (taint.key.empty()) {
        r.Error(p.Child("key"), "is required");
        continue;
      }
      if (!parsed) {
        r.Error(p.Child("effect"), (effect ? "unknown effect " + Quoted(*effect)
                                           : std::string("is required")) +
                                       "; " + kEffects);
        continue;
      }
      taint.effect = *parsed;
      node.taints.push_back(std::move(taint));
    }
  }

  const Json* status = r.Object(obj, "status", FieldPath("status"));
  const bool no_status = !Reader::Member(obj, "status");
  if (!status) status = &empty;
  node.allocatable = Resources::FromMillis(ReadAllocatable(*status, r));
  const char* from = Reader::Member(*status, "allocatable") ? "allocatable"
                     : Reader::Member(*status, "capacity")  ? "capacity"
                                                            : nullptr;
  const Json* listed = from ? Reader::Member(*status, from) : nullptr;
  bool has_pods = false;
  for (const char* key : {"allocatable", "capacity"}) {
    if (const Json* m = Reader::Member(*status, key)) {
      has_pods = has_pods || (m->is_object() && m->contains("pods"));
    }
  }
  // kubelet always reports pods (110 by default); hand-written nodes may
  // not. A node that reports nothing has room for nothing.
  if (listed && !has_pods) node.allocatable.Set(kPods, 110);
  if (no_status) {
    r.Warn(FieldPath("status"),
           "is missing, and with it allocatable: the node has room for "
           "nothing, as kube-scheduler sees a node that reports no "
           "allocatable resources (no cpu, no memory, 0 pods): no pod fits "
           "on it")
        .cause = "node-allocatable";
  } else {
    WarnOfMissingResources(listed, from, has_pods, r);
  }
  scenario_.nodes.push_back(std::move(node));
}

Resources Decoder::ReadAllocatable(const Json& status, Reader& r) {
  std::optional<Resources> alloc =
      r.ResourceList(scenario_.resources, status, "allocatable",
                     FieldPath("status.allocatable"));
  if (!alloc) {
    alloc = r.ResourceList(scenario_.resources, status, "capacity",
                           FieldPath("status.capacity"));
  }
  return alloc.value_or(Resources());
}

void Decoder::WarnOfMissingResources(const Json* listed, const char* from,
                                     bool has_pods, Reader& r) {
  // Mirrors NodeInfo.SetNode: kube-scheduler counts status.allocatable
  // alone; a node without it has room for nothing (0 pods).
  if (!listed) {
    r.Warn(FieldPath("status.allocatable"),
           "is missing (and so is status.capacity): the node has room for "
           "nothing, as kube-scheduler sees a node that reports no "
           "allocatable resources (no cpu, no memory, 0 pods): no pod fits "
           "on it")
        .cause = "node-allocatable";
    return;
  }
  const std::string base = std::string("status.") + from;
  if (std::string_view(from) == "capacity") {
    r.Warn(FieldPath("status.allocatable"),
           "is missing; podsim reads status.capacity instead (kube-scheduler "
           "reads allocatable alone, and would fit no pod on this node)")
        .cause = "node-allocatable";
  }
  if (!listed->is_object()) return;  // reported as a bad resource list
  // Said once the pods are known, and only of what some pod requests: the
  // scenarios of kube-scheduler's own tests give nodes cpu and pods alone.
  for (const char* name : {"cpu", "memory"}) {
    if (listed->contains(name)) continue;
    FieldPath path = FieldPath(base).Child(name);
    missing_resources_.push_back({.object = r.object(),
                                  .resource = name,
                                  .path = path.str(),
                                  .line = r.line(),
                                  .document = r.document()});
  }
  if (listed->contains("pods")) return;
  r.Warn(FieldPath(base).Child("pods"),
         has_pods ? std::string("is missing: the node has room for no pod "
                                "(0 pods; status.capacity's are not read)")
                  : std::string("is missing; podsim gives the node 110 pods, "
                                "kubelet's default (kube-scheduler would "
                                "count 0 and fit no pod on it)"))
      .cause = "node-allocatable:pods";
}

void Decoder::WarnOfMissingRequested() {
  bool requested[2] = {over_cluster_, over_cluster_};  // cpu, memory
  auto add = [&](const Pod& pod) {
    requested[0] = requested[0] || pod.requests.Get(kCpu) > 0;
    requested[1] = requested[1] || pod.requests.Get(kMemory) > 0;
  };
  for (const Pod& pod : scenario_.pods) add(pod);
  for (const Controller& c : scenario_.controllers) {
    if (c.pod_template) add(*c.pod_template);
  }
  for (const MissingResource& m : missing_resources_) {
    if (!requested[m.resource == "cpu" ? 0 : 1]) continue;
    result_.diagnostics
        .Add(Severity::kWarning, m.object, FieldPath(m.path), m.line,
             "is missing: the node has no " + m.resource +
                 " to give, and no pod that requests " + m.resource +
                 " fits on it",
             m.document)
        .cause = "node-allocatable:" + m.resource;
  }
}

}  // namespace podsim
