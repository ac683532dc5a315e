// PersistentVolumeClaim: its access modes, for VolumeRestrictions'
// ReadWriteOncePod rule, and its phase.
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::ClaimFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName namespace} spec{accessModes} status{phase}"));
  return *rule;
}

void Decoder::DecodeClaim(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  const Json empty = Json::object();
  PersistentVolumeClaim claim;
  claim.name = std::move(metadata->name);
  claim.ns = std::move(metadata->ns);
  if (!FirstOfItsName(r, claim.ref(), "; this one is ignored")) return;
  claim.line = r.line();
  claim.document = r.document();
  claim.range = r.range();
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  FieldPath modes_path("spec.accessModes");
  if (const Json* modes = r.Array(*spec, "accessModes", modes_path)) {
    for (size_t i = 0; i < modes->size(); ++i) {
      const Json& mode = (*modes)[i];
      if (!mode.is_string()) {
        r.Error(modes_path.Index(i),
                "must be a string: ReadWriteOnce, ReadOnlyMany, "
                "ReadWriteMany or ReadWriteOncePod");
        continue;
      }
      const std::string& m = mode.get_ref<const std::string&>();
      if (m == "ReadWriteOncePod") {
        claim.read_write_once_pod = true;
      } else if (m != "ReadWriteOnce" && m != "ReadOnlyMany" &&
                 m != "ReadWriteMany") {
        r.Error(modes_path.Index(i),
                "unsupported access mode " + Quoted(m) +
                    "; valid: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, "
                    "ReadWriteOncePod");
      }
    }
    // Mirrors ValidatePersistentVolumeClaimSpec.
    if (claim.read_write_once_pod && modes->size() > 1) {
      r.Error(modes_path,
              "may not use ReadWriteOncePod with other access modes; the API "
              "server refuses the claim (podsim reads it as "
              "ReadWriteOncePod)");
    }
  }
  if (const Json* status = r.Object(obj, "status", FieldPath("status"))) {
    claim.phase =
        r.String(*status, "phase", FieldPath("status.phase")).value_or("");
  }
  scenario_.claims.push_back(std::move(claim));
}

}  // namespace podsim
