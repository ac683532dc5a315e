// The decoder behind Decode(): walks the input's values and hands each
// object to its kind's reader. Each kind's members live in its own file
// (node.cc, pod.cc, ...), as kube-scheduler keeps one folder per plugin.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/decode.h"
#include "core/decode/reader.h"
#include "core/diagnostics.h"
#include "core/labels.h"
#include "core/objects.h"
#include "core/pod_requests.h"

namespace podsim {

// Decodes one input into a scenario and its diagnostics.
class Decoder {
 public:
  // Returns the scenario and every diagnostic. REQUIRES: called once.
  DecodeResult Run(std::string_view text);

 private:
  using Json = decode::Json;
  using Reader = decode::Reader;

  // Where the value came from: a source line and document index (or -1).
  struct Source {
    int line = 0;
    int document = -1;
  };

  // decoder.cc: values, objects by kind, and what needs every object read.
  void AddValue(const Json& value, Source source, int depth);
  void AddObject(const Json& obj, Source source);
  void ResolveNamespaces();
  // Returns the metadata name (reporting when missing or invalid).
  std::optional<std::string> Name(const Json& meta, Reader& r);

  // node.cc
  void DecodeNode(const Json& obj, Reader& r);

  // pod.cc
  void DecodePod(const Json& obj, Reader& r);
  void DecodePodSpec(const Json& spec, Reader& r, Pod& pod,
                     PodResourceSpec& resources);
  void DecodeContainers(const Json& spec, std::string_view key, Reader& r,
                        Pod& pod, std::vector<ContainerRequests>& out);
  void DecodeAffinity(const Json& spec, Reader& r, Pod& pod);
  std::vector<PodAffinityTerm> DecodePodAffinityTerms(const Json& obj,
                                                      const FieldPath& path,
                                                      Reader& r,
                                                      const Pod& pod);
  void DecodeSpread(const Json& spec, Reader& r, Pod& pod);
  std::vector<OwnerReference> DecodeOwners(const Json& meta, Reader& r);

  // priority_class.cc
  void DecodePriorityClass(const Json& obj, Reader& r);

  // pod_disruption_budget.cc
  void DecodePdb(const Json& obj, Reader& r);

  // scheduler_config.cc
  void DecodeConfig(const Json& obj, Reader& r);

  // namespace.cc
  void DecodeNamespace(const Json& obj, Reader& r);

  // controller.cc
  void DecodeController(const Json& obj, Reader& r, const std::string& kind);

  DecodeResult result_;
  Scenario& scenario_ = result_.scenario;
  size_t objects_ = 0;
  bool too_many_reported_ = false;
  std::unordered_set<std::string> seen_;  // "<kind>/<ns>/<name>"
  // Affinity terms whose namespaceSelector is resolved once all Namespace
  // objects are known: (pod, anti?, term index, selector).
  struct PendingNamespaceSelector {
    ObjectIndex pod;
    bool anti;
    size_t term;
    LabelSelector selector;
  };
  std::vector<PendingNamespaceSelector> namespace_selectors_;
};

}  // namespace podsim
