// PodDisruptionBudget: selector, minAvailable or maxUnavailable, and the
// status fields (disruptionsAllowed, disruptedPods) when present.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;
using decode::ReadIntOrPercent;
using decode::ReadLabelSelector;

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::PdbFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName namespace creationTimestamp} "
      "spec{selector minAvailable maxUnavailable} "
      "status{disruptionsAllowed disruptedPods}"));
  return *rule;
}

void Decoder::DecodePdb(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  const Json empty = Json::object();
  const Json* meta = metadata->meta;
  PodDisruptionBudget pdb;
  pdb.name = std::move(metadata->name);
  pdb.ns = std::move(metadata->ns);
  if (!FirstOfItsName(r, pdb.ref(), "; this one is ignored")) return;
  pdb.line = r.line();
  pdb.document = r.document();
  pdb.range = r.range();
  pdb.creation_time = r.Time(*meta, "creationTimestamp",
                             FieldPath("metadata.creationTimestamp"));
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  pdb.selector =
      ReadLabelSelector(r, *spec, "selector", FieldPath("spec.selector"));
  pdb.min_available = ReadIntOrPercent(r, *spec, "minAvailable",
                                       FieldPath("spec.minAvailable"));
  pdb.max_unavailable = ReadIntOrPercent(r, *spec, "maxUnavailable",
                                         FieldPath("spec.maxUnavailable"));
  if (pdb.min_available && pdb.max_unavailable) {
    r.Error(FieldPath("spec"),
            "minAvailable and maxUnavailable cannot be both set; keep one");
  }
  const Json* status = r.Object(obj, "status", FieldPath("status"));
  if (status) {
    if (std::optional<int64_t> allowed =
            r.Integer(*status, "disruptionsAllowed",
                      FieldPath("status.disruptionsAllowed"), 0, INT32_MAX)) {
      pdb.has_status = true;
      pdb.disruptions_allowed = static_cast<int32_t>(*allowed);
    }
    if (const Json* disrupted = r.Object(*status, "disruptedPods",
                                         FieldPath("status.disruptedPods"))) {
      for (auto it = disrupted->begin(); it != disrupted->end(); ++it) {
        pdb.disrupted_pods.push_back(it.key());
      }
    }
  }
  scenario_.pdbs.push_back(std::move(pdb));
}

}  // namespace podsim
