// Objects, as the builder hands them over, go to their kind's reader.
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

const FieldRule* Decoder::FieldsOf(std::string_view kind) const {
  if (kind == "Node") return &NodeFields();
  if (kind == "Pod") return &PodFields();
  if (kind == "PriorityClass") return &PriorityClassFields();
  if (kind == "PodDisruptionBudget") return &PdbFields();
  if (kind == "Namespace") return &NamespaceFields();
  if (kind == "Deployment" || kind == "ReplicaSet" || kind == "StatefulSet" ||
      kind == "ReplicationController") {
    return &ControllerFields();
  }
  // KubeSchedulerConfiguration is read whole; other kinds only for a
  // warning that names them.
  static const FieldRule* kind_only = new FieldRule(FieldRule::Parse(""));
  return kind == "KubeSchedulerConfiguration" ? nullptr : kind_only;
}

void Decoder::Report(Severity severity, const std::string& object,
                     const FieldPath& path, int line, std::string message,
                     int document) {
  result_.diagnostics.Add(severity, object, path, line, std::move(message),
                          document);
}

void Decoder::AddUnknownFields(std::string_view kind,
                               const std::vector<UnknownField>& fields,
                               int document) {
  for (const UnknownField& field : fields) {
    if (++unknown_fields_ > kMaxUnknownFields) continue;
    result_.diagnostics.Add(
        Severity::kWarning,
        unknown_object_.empty() ? std::string(kind) : unknown_object_,
        FieldPath(field.path), field.line, UnknownFieldMessage(field, kind),
        document);
  }
}

DecodeResult Decoder::Finish() {
  ResolveNamespaces();
  if (unknown_fields_ > kMaxUnknownFields) {
    result_.diagnostics.Add(
        Severity::kWarning, "", FieldPath(), 0,
        std::to_string(unknown_fields_ - kMaxUnknownFields) +
            " more unknown fields are not listed; the first " +
            std::to_string(kMaxUnknownFields) + " are");
  }
  // Otherwise an empty input (a failed `kubectl get` piped in, an empty
  // editor) simulates nothing without a word.
  if (objects_ == 0 && !over_cluster_ && result_.diagnostics.items().empty()) {
    result_.diagnostics.Add(
        Severity::kWarning, "", FieldPath(), 0,
        "the input holds no Kubernetes objects; podsim reads Node, Pod, "
        "PriorityClass, PodDisruptionBudget and KubeSchedulerConfiguration "
        "objects as YAML or JSON, e.g. what kubectl get "
        "priorityclasses,nodes,pods,pdb -A -o yaml prints");
  }
  return std::move(result_);
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

void Decoder::AddObject(const Json& obj, const ObjectSource& source) {
  int line = source.line;
  if (++objects_ > kMaxObjects) {
    if (!too_many_reported_) {
      too_many_reported_ = true;
      result_.diagnostics.Add(
          Severity::kError, "", FieldPath(), line,
          "too many objects; the limit is " + std::to_string(kMaxObjects) +
              " (Kubernetes' published limits are 5,000 nodes and 150,000 "
              "pods) and the rest were ignored",
          source.document);
    }
    return;
  }
  Reader r(result_.diagnostics, "object", line, source.document, source.lines);
  std::optional<std::string> kind = r.String(obj, "kind", FieldPath("kind"));
  if (!kind) {
    if (!Reader::Member(obj, "kind")) {
      r.Error(FieldPath("kind"),
              "is required; expected Node, Pod, PriorityClass, "
              "PodDisruptionBudget or KubeSchedulerConfiguration");
    }
    return;
  }
  r.SetObject(*kind);
  // The builder measured the object as written, fields it dropped included.
  int depth = source.depth > 0 ? source.depth : Depth(obj, kMaxDepth + 1);
  if (depth > kMaxDepth) {
    r.Error(FieldPath(), "is nested more than " + std::to_string(kMaxDepth) +
                             " levels deep; ignored");
    return;
  }
  Dispatch(obj, *kind, r);
  if (source.unknown_fields && !source.unknown_fields->empty()) {
    unknown_object_ = r.object();
    AddUnknownFields(*kind, *source.unknown_fields, source.document);
    unknown_object_.clear();
  }
  // Diagnostics added later (admission, profiles) name fields too.
  // Past the budget (a big dump) no path is built for it.
  if (source.lines && result_.diagnostics.remembering()) {
    source.lines->ForEach([&](const std::string& path, int field_line) {
      result_.diagnostics.RememberField(source.document, line, path,
                                        field_line);
    });
  }
}

void Decoder::Dispatch(const Json& obj, const std::string& kind, Reader& r) {
  if (kind == "Node") return DecodeNode(obj, r);
  if (kind == "Pod") return DecodePod(obj, r);
  if (kind == "PriorityClass") return DecodePriorityClass(obj, r);
  if (kind == "PodDisruptionBudget") return DecodePdb(obj, r);
  if (kind == "KubeSchedulerConfiguration") return DecodeConfig(obj, r);
  if (kind == "Namespace") return DecodeNamespace(obj, r);
  if (FieldsOf(kind) == &ControllerFields()) {
    return DecodeController(obj, r, kind);
  }
  r.Warn(FieldPath("kind"),
         "kind " + Quoted(kind) +
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

}  // namespace podsim
