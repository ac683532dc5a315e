// The input's shape: one JSON value or one per line, Lists, arrays and
// source wrappers, down to objects, which go to their kind's reader.
#include "core/decode/decoder.h"

#include <set>
#include <string>
#include <utility>

namespace podsim {
namespace {

constexpr int kMaxDepth = 64;

}  // namespace

using decode::Depth;
using decode::IsDnsSubdomain;
using decode::Quoted;
using decode::TypeName;

DecodeResult Decoder::Run(std::string_view text) {
  if (text.size() > kMaxInputBytes) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), 0,
                            "input is " + std::to_string(text.size() >> 20) +
                                " MiB; the limit is " +
                                std::to_string(kMaxInputBytes >> 20) + " MiB");
    return std::move(result_);
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return std::move(result_);
  }
  // One JSON value, or else one value per line (what wasm/index.mjs sends).
  Json whole = Json::parse(text.begin(), text.end(), nullptr, false);
  if (!whole.is_discarded()) {
    AddValue(whole, Source{}, 0);
  } else if (text.find('\n') == std::string_view::npos) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), 0,
                            "input is not valid JSON");
  } else {
    size_t pos = 0;
    int line_number = 0;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(pos, end - pos);
      ++line_number;
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
        Json v = Json::parse(line.begin(), line.end(), nullptr, false);
        if (v.is_discarded()) {
          result_.diagnostics.Add(Severity::kError, "", FieldPath(),
                                  line_number, "this line is not valid JSON");
        } else {
          AddValue(v, Source{}, 0);
        }
      }
      pos = end + 1;
    }
  }
  ResolveNamespaces();
  return std::move(result_);
}

void Decoder::AddValue(const Json& value, Source source, int depth) {
  if (depth > 4) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), source.line,
                            "lists are nested more than 4 deep; expected "
                            "objects, a List, or a list of objects",
                            source.document);
    return;
  }
  if (value.is_array()) {
    for (const Json& v : value) AddValue(v, source, depth + 1);
    return;
  }
  if (!value.is_object()) {
    result_.diagnostics.Add(
        Severity::kError, "", FieldPath(), source.line,
        "expected a Kubernetes object, not " + TypeName(value),
        source.document);
    return;
  }
  const Json* kind = Reader::Member(value, "kind");
  const Json* wrapped = Reader::Member(value, "object");
  if (!kind && wrapped) {
    const Json* line = Reader::Member(value, "line");
    const Json* document = Reader::Member(value, "document");
    Source inner = source;
    if (line && line->is_number_integer()) inner.line = line->get<int>();
    if (document && document->is_number_integer()) {
      inner.document = document->get<int>();
    }
    AddValue(*wrapped, inner, depth + 1);
    return;
  }
  if (kind && kind->is_string() &&
      kind->get_ref<const std::string&>() == "List") {
    if (const Json* items = Reader::Member(value, "items")) {
      if (items->is_array()) {
        for (const Json& item : *items) AddValue(item, source, depth + 1);
        return;
      }
    }
    result_.diagnostics.Add(Severity::kError, "List", FieldPath("items"),
                            source.line, "must be a list of objects",
                            source.document);
    return;
  }
  AddObject(value, source);
}

std::optional<std::string> Decoder::Name(const Json& meta, Reader& r) {
  std::optional<std::string> name =
      r.String(meta, "name", FieldPath("metadata.name"));
  if (!name) {
    if (!Reader::Member(meta, "name")) {
      r.Error(FieldPath("metadata.name"),
              "is required; every object needs a name");
    }
    return std::nullopt;
  }
  if (!IsDnsSubdomain(*name)) {
    r.Error(FieldPath("metadata.name"),
            "invalid name " + Quoted(*name) +
                "; expected a lowercase RFC 1123 subdomain (a-z, 0-9, '-' "
                "and '.', starting and ending with a letter or digit, at "
                "most 253 characters)");
    return std::nullopt;
  }
  return name;
}

void Decoder::AddObject(const Json& obj, Source source) {
  int line = source.line;
  if (++objects_ > kMaxObjects) {
    if (!too_many_reported_) {
      too_many_reported_ = true;
      result_.diagnostics.Add(Severity::kError, "", FieldPath(), line,
                              "too many objects; the limit is " +
                                  std::to_string(kMaxObjects) +
                                  " and the rest were ignored");
    }
    return;
  }
  Reader r(result_.diagnostics, "object", line, source.document);
  std::optional<std::string> kind = r.String(obj, "kind", FieldPath("kind"));
  if (!kind) {
    if (!Reader::Member(obj, "kind")) {
      r.Error(FieldPath("kind"),
              "is required; expected Node, Pod, PriorityClass, "
              "PodDisruptionBudget or KubeSchedulerConfiguration");
    }
    return;
  }
  if (Depth(obj, kMaxDepth + 1) > kMaxDepth) {
    r.SetObject(*kind);
    r.Error(FieldPath(), "is nested more than " + std::to_string(kMaxDepth) +
                             " levels deep; ignored");
    return;
  }
  r.SetObject(*kind);
  if (*kind == "Node") return DecodeNode(obj, r);
  if (*kind == "Pod") return DecodePod(obj, r);
  if (*kind == "PriorityClass") return DecodePriorityClass(obj, r);
  if (*kind == "PodDisruptionBudget") return DecodePdb(obj, r);
  if (*kind == "KubeSchedulerConfiguration") return DecodeConfig(obj, r);
  if (*kind == "Namespace") return DecodeNamespace(obj, r);
  if (*kind == "Deployment" || *kind == "ReplicaSet" ||
      *kind == "StatefulSet" || *kind == "ReplicationController") {
    return DecodeController(obj, r, *kind);
  }
  r.Warn(FieldPath("kind"),
         "kind " + Quoted(*kind) +
             " is ignored; podsim reads Node, Pod, PriorityClass, "
             "PodDisruptionBudget, KubeSchedulerConfiguration, Namespace and "
             "workload controllers (for their replicas)");
}

void Decoder::ResolveNamespaces() {
  // Namespaces that pods use exist even without a Namespace object.
  for (const Pod& pod : scenario_.pods) {
    if (!scenario_.namespace_labels.count(pod.ns)) {
      scenario_.namespace_labels[pod.ns] =
          Labels({{"kubernetes.io/metadata.name", pod.ns}});
    }
  }
  for (PendingNamespaceSelector& p : namespace_selectors_) {
    Pod& pod = scenario_.pods[p.pod];
    auto& terms = p.anti ? pod.required_anti_affinity : pod.required_affinity;
    if (p.term >= terms.size()) continue;
    std::set<std::string> names(terms[p.term].namespaces.begin(),
                                terms[p.term].namespaces.end());
    for (const auto& [ns, labels] : scenario_.namespace_labels) {
      if (p.selector.Matches(labels)) names.insert(ns);
    }
    terms[p.term].namespaces.assign(names.begin(), names.end());
  }
}

DecodeResult Decode(std::string_view text) { return Decoder().Run(text); }

}  // namespace podsim
