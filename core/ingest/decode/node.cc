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
  static const FieldRule* rule =
      new FieldRule(FieldRule::Parse("metadata{name labels creationTimestamp} "
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
  if (!status) status = &empty;
  std::optional<Resources> alloc =
      r.ResourceList(scenario_.resources, *status, "allocatable",
                     FieldPath("status.allocatable"));
  if (!alloc) {
    alloc = r.ResourceList(scenario_.resources, *status, "capacity",
                           FieldPath("status.capacity"));
  }
  Resources millis = alloc.value_or(Resources());
  node.allocatable = Resources::FromMillis(millis);
  bool has_pods = false;
  for (const char* key : {"allocatable", "capacity"}) {
    if (const Json* m = Reader::Member(*status, key)) {
      has_pods = has_pods || (m->is_object() && m->contains("pods"));
    }
  }
  // kubelet always reports pods (110 by default); hand-written nodes may not.
  if (!has_pods) node.allocatable.Set(kPods, 110);
  scenario_.nodes.push_back(std::move(node));
}

}  // namespace podsim
