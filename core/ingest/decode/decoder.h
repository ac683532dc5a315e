// The decoder behind Decode(): walks the input's values and hands each
// object to its kind's reader. Each kind's members live in its own file
// (node.cc, pod.cc, ...), as kube-scheduler keeps one folder per plugin.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/api/labels.h"
#include "core/api/object_ref.h"
#include "core/api/objects.h"
#include "core/api/pod_requests.h"
#include "core/base/diagnostics.h"
#include "core/ingest/decode.h"
#include "core/ingest/decode/reader.h"
#include "core/ingest/object_builder.h"

namespace podsim {

// One object of the input as the decoder received it: only the fields its
// kind's reader keeps (FieldRule), and where it came from.
struct RecordedObject {
  nlohmann::json object;
  int line = 0;
  int document = -1;
};

// Decodes the objects of one input into a scenario and its diagnostics.
class Decoder final : public ObjectSink {
 public:
  // resources, when given, are those of the cluster this input is laid
  // over (LoadedCluster::With): they seed the scenario's resource names, and
  // the input may then hold no objects at all.
  explicit Decoder(const ResourceTable* resources = nullptr)
      : over_cluster_(resources != nullptr) {
    if (resources) scenario_.resources = *resources;
  }
  // The namespace of objects that name none ("default"; kubectl apply -n).
  void SetDefaultNamespace(std::string ns) {
    if (!ns.empty()) default_namespace_ = std::move(ns);
  }
  // The input's documents from first_document on come from the source
  // name (a file of several): diagnostics about them name it. found: the
  // file was found in a folder, not named, so that one holding no
  // Kubernetes object at all is one warning (EndSource).
  void StartSource(std::string name, int first_document, bool found);
  // The current source ended: one found in a folder whose values all lack
  // a kind (a support bundle's API discovery, RBAC rules, collection
  // errors) gets one warning in place of its problems.
  void EndSource();
  // Keeps a copy of each object handed over, as built (only the fields its
  // kind's reader keeps), in input order; VariantDiff compares them.
  void Record(std::vector<RecordedObject>* objects) { recorded_ = objects; }
  // Returns the fields each kind's reader keeps (its file says which).
  const FieldRule* FieldsOf(std::string_view kind) const override;
  // Returns whether kind is one Dispatch reads (a KubeSchedulerConfiguration
  // aside: no list holds one).
  bool Reads(std::string_view kind) const override;
  void AddObject(const nlohmann::json& object,
                 const ObjectSource& source) override;
  // Warns of each unknown field, the first kMaxUnknownFields of an input.
  void AddUnknownFields(std::string_view kind,
                        const std::vector<UnknownField>& fields,
                        int document) override;
  static constexpr size_t kMaxUnknownFields = 100;
  void Report(Severity severity, const std::string& object,
              const FieldPath& path, int line, std::string message,
              int document, int related_line) override;
  // Returns the scenario and every diagnostic, with a warning when the input
  // held no objects and nothing else was said of it (empty, only comments,
  // an empty List). REQUIRES: called once, last.
  DecodeResult Finish();

 private:
  using Json = decode::Json;
  using Reader = decode::Reader;

  // decoder.cc: objects by kind, and what needs every object read.
  void Dispatch(const Json& obj, const std::string& kind, Reader& r);
  // Warns when apiVersion is not the one Kubernetes serves kind at.
  void CheckApiVersion(const Json& obj, std::string_view kind, Reader& r);
  // Returns the kind podsim reads that kind is one edit or so from ("Nod"
  // is Node), or "".
  static std::string_view MeantKind(std::string_view kind);
  void ResolveNamespaces();
  // Returns the metadata name (reporting when missing or invalid).
  std::optional<std::string> Name(const Json& meta, Reader& r);
  // An object's metadata as its decoder starts from it.
  struct Metadata {
    const Json* meta;  // the metadata map (an empty one when missing)
    std::string name;
    // A namespaced object's: the default namespace when none is given.
    std::string ns;
  };
  // Returns the metadata of a cluster-scoped obj (ns is ""), or nullopt
  // when its name is missing or invalid (reported).
  std::optional<Metadata> ClusterMetadata(const Json& obj, Reader& r);
  // Returns the metadata of a namespaced obj, or nullopt when its name is
  // missing or invalid (reported).
  std::optional<Metadata> NamespacedMetadata(const Json& obj, Reader& r);
  std::optional<Metadata> ReadMetadata(const Json& obj, Reader& r,
                                       bool namespaced);
  // generate_name.cc: returns the name the API server would give an
  // object of r's kind in namespace ns with meta's generateName and no
  // name, or nullopt when generateName is not valid (reported). Its
  // random part is derived from the object (the same input gives the same
  // names), and said so in an info diagnostic.
  std::optional<std::string> GenerateName(const Json& meta,
                                          const std::string& ns, Reader& r);
  // Names r's object ref.Describe() in diagnostics and returns true the
  // first time an object named ref is read; a second one is reported as
  // "duplicate <Kind> \"<key>\"" followed by rest, and gets false.
  bool FirstOfItsName(Reader& r, const ObjectRef& ref, std::string_view rest);
  // The end of the duplicate message for a namespaced kind's names.
  static constexpr std::string_view kUniqueInNamespace =
      "; names must be unique within a namespace, this one is ignored";

  // Each kind's file also says which fields its reader keeps: the builder
  // drops the rest (managedFields, status.images, ...) before they are
  // built.

  // node.cc
  static const FieldRule& NodeFields();
  void DecodeNode(const Json& obj, Reader& r);
  // Returns status.allocatable, else status.capacity (podsim's fallback),
  // else nothing, in milli-units.
  Resources ReadAllocatable(const Json& status, Reader& r);
  // Warns of a node that has room for nothing, or for no cpu, memory or
  // pods: listed is the resource list read (from names it), or nullptr;
  // has_pods, whether either list names pods (else podsim gives 110).
  void WarnOfMissingResources(const Json* listed, const char* from,
                              bool has_pods, Reader& r);
  // Warns of the nodes that lack cpu or memory some pod of the input
  // requests (over a cluster, any). REQUIRES: every object was read.
  void WarnOfMissingRequested();
  struct MissingResource {
    std::string object;    // "Node n1"
    std::string resource;  // "cpu" or "memory"
    std::string path;
    int line = 0;
    int document = -1;
  };
  std::vector<MissingResource> missing_resources_;

  // pod.cc
  static const FieldRule& PodFields();
  void DecodePod(const Json& obj, Reader& r);
  void DecodePodSpec(const Json& spec, Reader& r, Pod& pod,
                     PodResourceSpec& resources);
  // The containers' resources as written, for admission (Pod's
  // spec_resources).
  static PodSpecResources ReadSpecResources(ResourceTable& table,
                                            const Json& spec);
  void DecodeContainers(const Json& spec, std::string_view key, Reader& r,
                        Pod& pod, std::vector<ContainerRequests>& out);
  void DecodeAffinity(const Json& spec, Reader& r, Pod& pod);
  // The four lists of pod (anti-)affinity terms a pod has.
  enum class TermList : uint8_t {
    kAffinity,
    kAntiAffinity,
    kPreferredAffinity,
    kPreferredAntiAffinity,
  };
  static std::vector<PodAffinityTerm>* RequiredTerms(Pod& pod, TermList list);
  static std::vector<WeightedPodAffinityTerm>* PreferredTerms(Pod& pod,
                                                              TermList list);
  // Reads obj's required (kAffinity, kAntiAffinity) or preferred terms into
  // the pod's list.
  void DecodePodAffinityTerms(const Json& obj, const FieldPath& path, Reader& r,
                              TermList list, Pod& pod);
  // Returns the term t at path p (its namespaceSelector to be resolved as
  // the index-th term of list), or nullopt after reporting it.
  std::optional<PodAffinityTerm> DecodePodAffinityTerm(
      const Json& t, const FieldPath& p, Reader& r, const Pod& pod,
      TermList list, size_t index);
  void DecodeSpread(const Json& spec, Reader& r, Pod& pod);
  void DecodeVolumes(const Json& spec, Reader& r, Pod& pod);
  std::vector<OwnerReference> DecodeOwners(const Json& meta, Reader& r);

  // priority_class.cc
  static const FieldRule& PriorityClassFields();
  void DecodePriorityClass(const Json& obj, Reader& r);

  // pod_disruption_budget.cc
  static const FieldRule& PdbFields();
  void DecodePdb(const Json& obj, Reader& r);

  // persistent_volume_claim.cc
  static const FieldRule& RuntimeClassFields();
  void DecodeRuntimeClass(const Json& obj, Reader& r);
  static const FieldRule& LimitRangeFields();
  void DecodeLimitRange(const Json& obj, Reader& r);
  static const FieldRule& ResourceQuotaFields();
  void DecodeResourceQuota(const Json& obj, Reader& r);
  static const FieldRule& ClaimFields();
  void DecodeClaim(const Json& obj, Reader& r);

  // scheduler_config.cc
  void DecodeConfig(const Json& obj, Reader& r);
  void DecodePlugins(const Json& profile, const FieldPath& path, Reader& r);

  // namespace.cc
  static const FieldRule& NamespaceFields();
  void DecodeNamespace(const Json& obj, Reader& r);

  // controller.cc
  static bool IsWorkloadKind(std::string_view kind);
  static const FieldRule& ControllerFields();
  void DecodeController(const Json& obj, Reader& r, const std::string& kind);
  void DecodeStrategy(const Json& spec, Reader& r, Controller& c);
  // A DaemonSet's template generation, from its annotation.
  void DecodeTemplateGeneration(const Json& meta, Reader& r, Controller& c);
  void DecodeJobPolicies(const Json& spec, Reader& r, Controller& c);
  void DecodeTemplate(const Json& tmpl, Reader& r, Controller& c);

  DecodeResult result_;
  Scenario& scenario_ = result_.scenario;
  const bool over_cluster_;
  std::string default_namespace_ = "default";
  // While a template is decoded: the index its controller will have.
  int template_owner_ = -1;
  std::vector<RecordedObject>* recorded_ = nullptr;
  // The current source, when the input has several.
  struct Source {
    bool found = false;
    size_t first_diagnostic = 0;
    size_t kinds = 0;  // objects that named a kind
  };
  Source source_;
  size_t objects_ = 0;
  bool too_many_reported_ = false;
  size_t unknown_fields_ = 0;  // found in this input, listed or not
  // Returns whether a pod object names its priority or its class.
  static bool PrioritySet(const Json& obj);
  std::string unknown_object_;  // the object AddUnknownFields names
  // That object names its priority or class (spec.priority or
  // spec.priorityClassName): no unknown field changes its priority.
  bool unknown_priority_set_ = false;
  std::unordered_set<std::string> seen_;  // ObjectRef::UniqueKey()
  // Objects named from each "Kind/ns/generateName" so far.
  std::unordered_map<std::string, int> generated_;
  // Affinity terms whose namespaceSelector is resolved once all Namespace
  // objects are known: (pod, term list, term index, selector).
  struct PendingNamespaceSelector {
    ObjectIndex pod;
    int controller;  // >= 0: the template of that controller
    TermList list;
    size_t term;
    LabelSelector selector;
  };
  std::vector<PendingNamespaceSelector> namespace_selectors_;
};

}  // namespace podsim
