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
      new FieldRule(FieldRule::Parse("metadata{name labels}"));
  return *rule;
}

void Decoder::DecodeNamespace(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  r.SetObject("Namespace " + *name);
  auto labels = r.StringMap(*meta, "labels", FieldPath("metadata.labels"));
  labels.erase(std::remove_if(labels.begin(), labels.end(),
                              [](auto& l) {
                                return l.first == "kubernetes.io/metadata.name";
                              }),
               labels.end());
  labels.emplace_back("kubernetes.io/metadata.name", *name);
  scenario_.namespace_labels[*name] = Labels(std::move(labels));
  scenario_.namespaces.push_back({.name = *name,
                                  .line = r.line(),
                                  .document = r.document(),
                                  .range = r.range()});
}

}  // namespace podsim
