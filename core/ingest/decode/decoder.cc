// Objects, as the builder hands them over, go to their kind's reader.
#include "core/ingest/decode/decoder.h"

#include <cctype>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "core/api/api_fields.h"
#include "core/api/object_ref.h"
#include "core/base/strings.h"

namespace podsim {
namespace {

constexpr int kMaxDepth = 64;

// Every kind Dispatch reads, as messages list them.
constexpr std::string_view kKindsRead =
    "Node, Pod, PriorityClass, PodDisruptionBudget, PersistentVolumeClaim, "
    "KubeSchedulerConfiguration, Namespace, LimitRange, RuntimeClass, "
    "ResourceQuota and the workloads Deployment, ReplicaSet, StatefulSet, "
    "DaemonSet, Job and "
    "ReplicationController";

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
  if (kind == "PersistentVolumeClaim") return &ClaimFields();
  if (kind == "LimitRange") return &LimitRangeFields();
  if (kind == "RuntimeClass") return &RuntimeClassFields();
  if (kind == "ResourceQuota") return &ResourceQuotaFields();
  if (IsWorkloadKind(kind)) return &ControllerFields();
  // KubeSchedulerConfiguration is read whole; other kinds only for a
  // warning that names them.
  static const FieldRule* kind_only =
      new FieldRule(FieldRule::Parse("metadata{name namespace}"));
  return kind == "KubeSchedulerConfiguration" ? nullptr : kind_only;
}

void Decoder::StartSource(std::string name, int first_document, bool found) {
  scenario_.sources.push_back(
      {.name = std::move(name), .first_document = first_document});
  source_ = {.found = found,
             .first_diagnostic = result_.diagnostics.items().size(),
             .kinds = 0};
}

void Decoder::EndSource() {
  const size_t first = source_.first_diagnostic;
  const size_t problems = result_.diagnostics.items().size() - first;
  if (!source_.found || source_.kinds > 0 || problems == 0) return;
  // No object of it was read, so none was marked troubled.
  result_.diagnostics.Truncate(first);
  result_.diagnostics.Add(
      Severity::kWarning, "", FieldPath(), 0,
      "holds no Kubernetes object, as none of its values names a kind (a "
      "support bundle keeps other data beside the cluster's objects: API "
      "discovery, RBAC rules, collection errors); skipped, with the " +
          std::to_string(problems) + " problem" + (problems == 1 ? "" : "s") +
          " found in it",
      scenario_.sources.back().first_document);
}

bool Decoder::Reads(std::string_view kind) const {
  return kind == "Node" || kind == "Pod" || kind == "PriorityClass" ||
         kind == "PodDisruptionBudget" || kind == "Namespace" ||
         kind == "PersistentVolumeClaim" || kind == "LimitRange" ||
         kind == "RuntimeClass" || kind == "ResourceQuota" ||
         IsWorkloadKind(kind);
}

void Decoder::Report(Severity severity, const std::string& object,
                     const FieldPath& path, int line, std::string message,
                     int document, int related_line) {
  result_.diagnostics
      .Add(severity, object, path, line, std::move(message), document)
      .related_line = related_line;
}

bool Decoder::PrioritySet(const Json& obj) {
  const Json* spec = Reader::Member(obj, "spec");
  return spec && (Reader::Member(*spec, "priority") ||
                  Reader::Member(*spec, "priorityClassName"));
}

void Decoder::AddUnknownFields(std::string_view kind,
                               const std::vector<UnknownField>& fields,
                               int document) {
  for (const UnknownField& field : fields) {
    if (++unknown_fields_ > kMaxUnknownFields) continue;
    // The same misspelling in several objects is one problem.
    Diagnostic& d = result_.diagnostics.Add(
        Severity::kWarning,
        unknown_object_.empty() ? std::string(kind) : unknown_object_,
        FieldPath(field.path), field.line, UnknownFieldMessage(field, kind),
        document);
    d.cause = "field:" + std::string(kind) + ":" + field.path;
    // A pod that names its priority or class gets it whatever was misspelt.
    if (!unknown_priority_set_) d.effect = UnknownFieldEffect(field, kind);
  }
}

DecodeResult Decoder::Finish() {
  ResolveNamespaces();
  WarnOfMissingRequested();
  if (!scenario_.sources.empty()) {
    for (size_t i = 0; i < result_.diagnostics.items().size(); ++i) {
      Diagnostic& d = result_.diagnostics.at(i);
      if (const std::string* source = SourceOf(scenario_, d.document)) {
        d.source = *source;
      }
    }
  }
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
        "the input holds no Kubernetes objects; podsim reads " +
            std::string(kKindsRead) +
            " objects as YAML or JSON, alone or in lists, e.g. what kubectl "
            "get priorityclasses,nodes,pods,pdb -A -o yaml prints");
  }
  return std::move(result_);
}

std::optional<std::string> Decoder::Name(const Json& meta, Reader& r) {
  std::optional<std::string> name =
      r.String(meta, "name", FieldPath("metadata.name"));
  if (!name) {
    if (!Reader::Member(meta, "name")) {
      r.Error(FieldPath("metadata.name"),
              "is required; every object needs a name (or a generateName "
              "the API server makes one from)");
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

std::optional<Decoder::Metadata> Decoder::ClusterMetadata(const Json& obj,
                                                          Reader& r) {
  return ReadMetadata(obj, r, /*namespaced=*/false);
}

std::optional<Decoder::Metadata> Decoder::NamespacedMetadata(const Json& obj,
                                                             Reader& r) {
  return ReadMetadata(obj, r, /*namespaced=*/true);
}

std::optional<Decoder::Metadata> Decoder::ReadMetadata(const Json& obj,
                                                       Reader& r,
                                                       bool namespaced) {
  static const Json* const kEmpty = new Json(Json::object());
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = kEmpty;
  // The API server names an object that has a generateName and no name
  // (an empty one included) before it validates it.
  const Json* given = Reader::Member(*meta, "name");
  const bool generate = (!given || (given->is_string() && given->empty())) &&
                        Reader::Member(*meta, "generateName");
  Metadata m{.meta = meta, .name = "", .ns = ""};
  if (!generate) {
    std::optional<std::string> name = Name(*meta, r);
    if (!name) return std::nullopt;
    m.name = std::move(*name);
  }
  if (namespaced) {
    m.ns = default_namespace_;
    if (std::optional<std::string> ns =
            r.String(*meta, "namespace", FieldPath("metadata.namespace"))) {
      if (!ns->empty()) m.ns = *ns;
    }
  }
  if (generate) {
    std::optional<std::string> name = GenerateName(*meta, m.ns, r);
    if (!name) return std::nullopt;
    m.name = std::move(*name);
  }
  return m;
}

bool Decoder::FirstOfItsName(Reader& r, const ObjectRef& ref,
                             std::string_view rest) {
  r.SetObject(ref.Describe());
  if (seen_.insert(ref.UniqueKey()).second) return true;
  r.Error(
      FieldPath("metadata.name"),
      "duplicate " + ref.kind + " " + Quoted(ref.Key()) + std::string(rest));
  return false;
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
  if (recorded_) recorded_->push_back({obj, line, source.document});
  Reader r(result_.diagnostics, "object", line, source.document, source.lines,
           source.range);
  std::optional<std::string> kind = r.String(obj, "kind", FieldPath("kind"));
  if (!kind) {
    if (!Reader::Member(obj, "kind")) {
      r.Error(FieldPath("kind"),
              "is required; podsim reads " + std::string(kKindsRead) +
                  " (an item of a typed list such as NodeList takes the "
                  "list's)");
    }
    return;
  }
  r.SetObject(*kind);
  ++source_.kinds;
  // The builder measured the object as written, fields it dropped included.
  int depth = source.depth > 0 ? source.depth : Depth(obj, kMaxDepth + 1);
  if (depth > kMaxDepth) {
    r.Error(FieldPath(), "is nested more than " + std::to_string(kMaxDepth) +
                             " levels deep; ignored");
    return;
  }
  CheckApiVersion(obj, *kind, r);
  size_t first = result_.diagnostics.items().size();
  Dispatch(obj, *kind, r);
  // What names this object (a pod its class or node) follows its error.
  if (r.object() != *kind) result_.diagnostics.MarkTroubled(r.object(), first);
  if (source.unknown_fields && !source.unknown_fields->empty()) {
    unknown_object_ = r.object();
    unknown_priority_set_ = PrioritySet(obj);
    AddUnknownFields(*kind, *source.unknown_fields, source.document);
    unknown_object_.clear();
    unknown_priority_set_ = false;
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
  if (kind == "PersistentVolumeClaim") return DecodeClaim(obj, r);
  if (kind == "LimitRange") return DecodeLimitRange(obj, r);
  if (kind == "RuntimeClass") return DecodeRuntimeClass(obj, r);
  if (kind == "ResourceQuota") return DecodeResourceQuota(obj, r);
  if (IsWorkloadKind(kind)) return DecodeController(obj, r, kind);
  // Every object of an ignored kind is one problem; a kind one edit from
  // one podsim reads ("Nod") is likely meant as that one, and what names
  // the object (a pod its node) follows from this warning.
  std::string_view meant = MeantKind(kind);
  size_t index = result_.diagnostics.items().size();
  // kube-scheduler 1.37's pod groups (GenericWorkload, beta and off by
  // default): what podsim cannot model is named.
  const bool gang =
      kind == "PodGroup" || kind == "Workload" || kind == "CompositePodGroup";
  // Admission podsim cannot run: webhooks and admission policies may change
  // or refuse the pods the API server admits.
  const bool admission = kind == "MutatingWebhookConfiguration" ||
                         kind == "ValidatingWebhookConfiguration" ||
                         kind == "MutatingAdmissionPolicy" ||
                         kind == "ValidatingAdmissionPolicy";
  Diagnostic& warning = r.Warn(
      FieldPath("kind"),
      "kind " + Quoted(kind) + " is ignored" +
          (meant.empty() ? "" : "; did you mean " + std::string(meant) + "?") +
          (gang ? "; gang scheduling (kube-scheduler 1.37's GenericWorkload, "
                  "off by default) is not modelled: podsim schedules and "
                  "preempts the group's pods one by one"
                : "") +
          (admission ? "; its webhooks or policies may change or refuse the "
                       "pods the API server admits, and podsim cannot run "
                       "them (it runs priority, LimitRanger, "
                       "RuntimeClass and ResourceQuota admission): pods "
                       "created in the run "
                       "may differ from what podsim admits"
                     : "") +
          "; podsim reads " + std::string(kKindsRead));
  warning.cause = "kind:" + kind;
  if (meant.empty()) return;
  const Json* meta = Reader::Member(obj, "metadata");
  const Json* name = meta ? Reader::Member(*meta, "name") : nullptr;
  if (!name || !name->is_string()) return;
  ObjectRef object{std::string(meant), "", name->get<std::string>()};
  if (meant == "Pod" || meant == "PodDisruptionBudget" ||
      meant == "PersistentVolumeClaim" || meant == "LimitRange" ||
      meant == "ResourceQuota") {
    const Json* ns = Reader::Member(*meta, "namespace");
    object.ns = ns && ns->is_string() ? ns->get<std::string>() : "default";
  }
  result_.diagnostics.MarkIgnored(object.Describe(), index);
}

std::string_view Decoder::MeantKind(std::string_view kind) {
  static constexpr std::string_view kKinds[] = {"Node",
                                                "Pod",
                                                "PriorityClass",
                                                "PodDisruptionBudget",
                                                "PersistentVolumeClaim",
                                                "LimitRange",
                                                "RuntimeClass",
                                                "ResourceQuota",
                                                "Namespace",
                                                "Deployment",
                                                "ReplicaSet",
                                                "StatefulSet",
                                                "ReplicationController",
                                                "DaemonSet",
                                                "KubeSchedulerConfiguration"};
  auto lower = [](char c) {
    return std::tolower(static_cast<unsigned char>(c));
  };
  for (std::string_view known : kKinds) {
    // The first letter must match: Job, a real kind, is one edit from Pod.
    if (kind.empty() || lower(kind[0]) != lower(known[0])) continue;
    if (EditDistance(kind, known) <= 1 + known.size() / 8) return known;
  }
  return {};
}

void Decoder::CheckApiVersion(const Json& obj, std::string_view kind,
                              Reader& r) {
  const Json* version = Reader::Member(obj, "apiVersion");
  if (!version || !version->is_string()) return;
  std::string_view served = ServedApiVersion(kind);
  if (served.empty()) return;
  const std::string& written = version->get_ref<const std::string&>();
  if (written == served) return;
  r.Warn(
      FieldPath("apiVersion"),
      "apiVersion " + Quoted(written) + " does not serve " + std::string(kind) +
          " in Kubernetes " + std::string(ApiFields::Version()) +
          " (kubectl would refuse the "
          "object); expected " +
          std::string(served) + "; podsim reads it as " + std::string(served));
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
    Pod* template_pod = nullptr;
    if (p.controller >= 0) {
      // A template: a copy of its own, which its pods copy in turn.
      Controller& c = scenario_.controllers[p.controller];
      if (!c.pod_template) continue;
      auto copy = std::make_shared<Pod>(*c.pod_template);
      template_pod = copy.get();
      c.pod_template = std::move(copy);
    }
    Pod& pod = template_pod ? *template_pod : scenario_.pods[p.pod];
    PodAffinityTerm* term = nullptr;
    if (std::vector<PodAffinityTerm>* terms = RequiredTerms(pod, p.list)) {
      if (p.term < terms->size()) term = &(*terms)[p.term];
    } else if (std::vector<WeightedPodAffinityTerm>* weighted =
                   PreferredTerms(pod, p.list)) {
      if (p.term < weighted->size()) term = &(*weighted)[p.term].term;
    }
    if (!term) continue;
    std::set<std::string> names(term->namespaces.begin(),
                                term->namespaces.end());
    for (const auto& [ns, labels] : scenario_.namespace_labels) {
      if (p.selector.Matches(labels)) names.insert(ns);
    }
    term->namespaces.assign(names.begin(), names.end());
  }
}

}  // namespace podsim
