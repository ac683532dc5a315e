// Namespace: its labels, for affinity terms' namespaceSelector.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::NamespaceFields() {
  static const FieldRule* rule =
      new FieldRule(FieldRule::Parse("metadata{name generateName labels}"));
  return *rule;
}

void Decoder::DecodeNamespace(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = ClusterMetadata(obj, r);
  if (!metadata) return;
  NamespaceObject ns{.name = std::move(metadata->name),
                     .line = r.line(),
                     .document = r.document(),
                     .range = r.range()};
  r.SetObject(ns.ref().Describe());
  auto labels =
      r.StringMap(*metadata->meta, "labels", FieldPath("metadata.labels"));
  labels.erase(std::remove_if(labels.begin(), labels.end(),
                              [](auto& l) {
                                return l.first == "kubernetes.io/metadata.name";
                              }),
               labels.end());
  labels.emplace_back("kubernetes.io/metadata.name", ns.name);
  scenario_.namespace_labels[ns.name] = Labels(std::move(labels));
  scenario_.namespaces.push_back(std::move(ns));
}

}  // namespace podsim
