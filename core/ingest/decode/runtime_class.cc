// RuntimeClass (node.k8s.io/v1): handler, overhead.podFixed and scheduling
// (nodeSelector, tolerations), what admission adds to a pod that names it.
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::ReadTolerations;

const FieldRule& Decoder::RuntimeClassFields() {
  static const FieldRule* rule = new FieldRule(
      FieldRule::Parse("metadata{name generateName} handler overhead{podFixed} "
                       "scheduling{nodeSelector tolerations}"));
  return *rule;
}

void Decoder::DecodeRuntimeClass(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = ClusterMetadata(obj, r);
  if (!metadata) return;
  RuntimeClass rc;
  rc.name = std::move(metadata->name);
  if (!FirstOfItsName(r, rc.ref(), "; this one is ignored")) return;
  rc.line = r.line();
  rc.document = r.document();
  rc.range = r.range();
  rc.handler = r.String(obj, "handler", FieldPath("handler")).value_or("");
  if (rc.handler.empty() && !Reader::Member(obj, "handler")) {
    r.Error(FieldPath("handler"),
            "is required: the CRI handler that runs the pods, e.g. runc");
  }
  if (const Json* overhead = r.Object(obj, "overhead", FieldPath("overhead"))) {
    rc.overhead = r.Quantities(scenario_.resources, *overhead, "podFixed",
                               FieldPath("overhead.podFixed"));
  }
  if (const Json* scheduling =
          r.Object(obj, "scheduling", FieldPath("scheduling"))) {
    rc.has_scheduling = true;
    rc.node_selector = r.StringMap(*scheduling, "nodeSelector",
                                   FieldPath("scheduling.nodeSelector"));
    rc.tolerations = ReadTolerations(r, *scheduling, "tolerations",
                                     FieldPath("scheduling.tolerations"));
  }
  scenario_.runtime_classes.push_back(std::move(rc));
}

}  // namespace podsim
