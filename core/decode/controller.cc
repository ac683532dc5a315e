// Deployment, ReplicaSet, StatefulSet and ReplicationController: name,
// owners and spec.replicas.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/decode/decoder.h"

namespace podsim {

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::ControllerFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name namespace ownerReferences} spec{replicas}"));
  return *rule;
}

void Decoder::DecodeController(const Json& obj, Reader& r,
                               const std::string& kind) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  Controller c;
  c.kind = kind;
  c.name = *name;
  c.ns = r.String(*meta, "namespace", FieldPath("metadata.namespace"))
             .value_or("default");
  if (c.ns.empty()) c.ns = "default";
  r.SetObject(kind + " " + c.ns + "/" + c.name);
  c.owners = DecodeOwners(*meta, r);
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (spec) {
    c.replicas = static_cast<int32_t>(
        r.Integer(*spec, "replicas", FieldPath("spec.replicas"), 0, INT32_MAX)
            .value_or(1));
  }
  scenario_.controllers.push_back(std::move(c));
}

}  // namespace podsim
