// Plain structs for the Kubernetes objects a scenario holds, as decoded from
// their API shapes, plus the fields admission resolves (priority, policy).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/api/container_resources.h"
#include "core/api/labels.h"
#include "core/api/object_ref.h"
#include "core/api/pod_requests.h"
#include "core/api/resources.h"
#include "core/config/plugins.h"

namespace podsim {

enum class PreemptionPolicy { kPreemptLowerPriority, kNever };
enum class TaintEffect { kNoSchedule, kPreferNoSchedule, kNoExecute };

struct Taint {
  std::string key;
  std::string value;
  TaintEffect effect = TaintEffect::kNoSchedule;
};

struct Toleration {
  std::string key;
  bool exists = false;  // operator Exists; otherwise Equal
  std::string value;
  std::optional<TaintEffect> effect;  // nullopt tolerates every effect

  // Mirrors v1.Toleration.ToleratesTaint.
  bool Tolerates(const Taint& taint) const;
};

// A required pod (anti-)affinity term with its namespaces resolved.
struct PodAffinityTerm {
  LabelSelector selector;
  bool all_namespaces = false;          // namespaceSelector: {}
  std::vector<std::string> namespaces;  // explicit, selected, or the pod's own
  std::string topology_key;

  // Mirrors AffinityTerm.Matches: namespace and label selector.
  bool Matches(const std::string& ns, const Labels& labels) const;
};

// A preferred pod (anti-)affinity term: InterPodAffinity's Score adds its
// weight (1 to 100) where it matches.
struct WeightedPodAffinityTerm {
  int32_t weight = 1;
  PodAffinityTerm term;
};

struct TopologySpreadConstraint {
  int32_t max_skew = 1;
  std::string topology_key;
  bool do_not_schedule = true;
  LabelSelector selector;  // matchLabelKeys already merged in
  int32_t min_domains = 1;
  bool honor_node_affinity = true;  // nodeAffinityPolicy
  bool honor_node_taints = false;   // nodeTaintsPolicy
};

struct HostPort {
  std::string ip;  // "" or 0.0.0.0 means every address
  std::string protocol;
  int32_t port = 0;
  bool sidecar = false;  // a restartable init container's port
};

struct OwnerReference {
  std::string kind;
  std::string name;
  bool controller = false;
};

struct PreferredNodeTerm {
  int32_t weight = 0;
  NodeSelectorTerm term;
};

using ObjectIndex = int;

// Where an object's text is in its input: bytes [begin, end) from the
// input's first byte, however it arrived in chunks. An object that is a
// whole YAML document spans it from its start (its leading comments
// included) to the end of its last value; an item of a list (a List's
// items, or a document that is a list of objects) and a JSON value span
// their own value. Empty (end 0) when the object was not read from text.
// With several sources (Scenario::sources), offsets count from the first
// byte of the object's own source.
struct SourceRange {
  enum class Form {
    kYamlDocument,  // a whole document, after its --- line
    kYamlItem,      // one item of a YAML list, without its "- "
    kJson,          // one JSON value, an item of a List or not
  };
  uint64_t begin = 0;
  uint64_t end = 0;
  Form form = Form::kYamlDocument;
  // An item of a typed list (NodeList) that names no kind, or no
  // apiVersion, of its own: it takes its list's, and its text cut out
  // needs them.
  bool implied_kind = false;
  bool implied_api_version = false;
};

// The scheduler podsim models, the one profile it runs: a pod naming
// another in spec.schedulerName waits for that scheduler.
inline constexpr std::string_view kDefaultScheduler = "default-scheduler";

// The finalizer the Job controller puts on its pods (batch.kubernetes.io).
inline constexpr std::string_view kJobTrackingFinalizer =
    "batch.kubernetes.io/job-tracking";

// What an admission plugin changed in a pod, and which object made it.
struct AdmissionNote {
  std::string plugin;  // "LimitRanger"
  std::string object;  // "LimitRange team-a/defaults"
  std::string change;  // "set cpu, memory request for container app (...)"
};

struct Pod {
  // Identity and provenance.
  std::string ns = "default";
  std::string name;
  std::string key;  // "<namespace>/<name>": ref().Key(), kept at hand
  std::string uid;
  int line = 0;
  int document = -1;  // source document, for diagnostics
  SourceRange range;
  ObjectIndex index = 0;  // position among the scenario's pods
  // The object came from a change laid over a cluster (--apply), or a
  // controller of the change created it.
  bool applied = false;

  Labels labels;
  std::vector<OwnerReference> owners;
  std::optional<int64_t> creation_time;  // Unix seconds
  std::optional<int64_t> start_time;
  bool terminating = false;  // metadata.deletionTimestamp is set
  // metadata.deletionTimestamp: when a terminating pod is gone at the latest.
  std::optional<int64_t> deletion_time;
  // spec.terminationGracePeriodSeconds (the API's default is 30).
  int64_t termination_grace_seconds = 30;
  // metadata.finalizers holds batch.kubernetes.io/job-tracking: with the
  // controllers on, the pod stays after its kubelet is done until the Job
  // controller has counted it (removed the finalizer).
  bool job_tracking_finalizer = false;
  // The first DisruptionTarget condition is True/PreemptionByScheduler.
  bool preempted_by_scheduler = false;
  std::optional<bool> ready;  // the Ready condition, when given
  // The True Ready condition's lastTransitionTime (Unix seconds), if given.
  std::optional<int64_t> ready_time;
  std::string phase;
  // The controller.kubernetes.io/pod-deletion-cost annotation, 0 when it is
  // absent or not valid (GetDeletionCostFromPodAnnotations).
  int32_t deletion_cost = 0;
  // status: the most restarts of a container, and of a sidecar (an init
  // container with restartPolicy Always), as maxContainerRestarts reads.
  int32_t restarts = 0;
  int32_t sidecar_restarts = 0;

  // Spec.
  std::string node_name;
  std::string nominated_node_name;
  std::string scheduler_name = "default-scheduler";
  std::optional<int32_t> spec_priority;
  std::string priority_class_name;
  std::optional<PreemptionPolicy> spec_preemption_policy;
  std::vector<std::pair<std::string, std::string>> node_selector;
  std::string runtime_class_name;  // spec.runtimeClassName
  std::optional<std::vector<NodeSelectorTerm>> required_node_affinity;
  std::vector<PreferredNodeTerm> preferred_node_affinity;
  std::vector<Toleration> tolerations;
  std::vector<PodAffinityTerm> required_affinity;
  std::vector<PodAffinityTerm> required_anti_affinity;
  std::vector<WeightedPodAffinityTerm> preferred_affinity;
  std::vector<WeightedPodAffinityTerm> preferred_anti_affinity;
  std::vector<TopologySpreadConstraint> spread_constraints;
  std::vector<HostPort> host_ports;
  // spec.volumes[].persistentVolumeClaim.claimName, in volume order.
  std::vector<std::string> claims;

  // Derived by decode (requests) and admission (priority and policy).
  Resources requests;          // PodRequests, as NodeResourcesFit uses them
  int64_t nonzero_cpu = 0;     // with the 100m default per container
  int64_t nonzero_memory = 0;  // with the 200Mi default per container
  // The same three without pod-level spec.resources, which the API server
  // drops before PodLevelResources (v1.34); set when the pod has them.
  struct ContainerSums {
    Resources requests;
    int64_t nonzero_cpu = 0;
    int64_t nonzero_memory = 0;
  };
  std::optional<ContainerSums> without_pod_level;
  // What NodeInfo's NonZeroRequested counted for the pod placed on a node
  // before #127878 (v1.32): its sidecars as init containers
  // (NonZeroBeforeSidecars); set when the pod has sidecars, and cleared for
  // profiles that count them as the pod's requests do.
  std::optional<NonZeroRequests> placed_nonzero_before_sidecars;
  // What ResourceQuota's pod evaluator reads beside the requests (set with
  // them): the memory and ephemeral-storage requests in milli-units (the
  // requests above are whole bytes), PodLimits of the three resources it
  // limits (0: no container limits it), and whether the pod is of the
  // BestEffort QoS class.
  struct QuotaFacts {
    int64_t requests_memory = 0;
    int64_t requests_ephemeral_storage = 0;
    int64_t limits_cpu = 0;
    int64_t limits_memory = 0;
    int64_t limits_ephemeral_storage = 0;
    bool best_effort = true;
  };
  QuotaFacts quota;
  // spec.activeDeadlineSeconds >= 0 (a quota's Terminating scope), and a
  // pod (anti-)affinity term naming namespaces or a namespaceSelector (the
  // CrossNamespacePodAffinity scope).
  bool active_deadline = false;
  bool cross_namespace_affinity = false;
  int32_t priority = 0;
  PreemptionPolicy preemption_policy = PreemptionPolicy::kPreemptLowerPriority;
  bool admitted = true;  // false when admission rejected the pod
  // The containers' resources as written, for admission: set for pods not
  // bound in the input, and templates (decode); null for the rest.
  std::shared_ptr<const PodSpecResources> spec_resources;
  // What admission changed (LimitRanger's defaults, RuntimeClass's
  // overhead and scheduling), in the order made.
  std::vector<AdmissionNote> admission_notes;
  // What helper.DefaultSelector finds for the pod: the selector of the
  // ReplicaSet, StatefulSet or ReplicationController that controls it
  // (ResolveDefaultSelectors, and the controllers for the pods they
  // create); empty when it has none (podsim reads no Services).
  // PodTopologySpread spreads such a pod by its default constraints.
  LabelSelector default_selector;

  bool bound() const { return !node_name.empty(); }
  ObjectRef ref() const { return {"Pod", ns, name}; }
};

struct Node {
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  ObjectIndex index = 0;
  std::optional<int64_t> creation_time;  // Unix seconds
  Labels labels;
  bool unschedulable = false;
  std::vector<Taint> taints;
  Resources allocatable;  // includes kPods, the allowed pod number

  ObjectRef ref() const { return {"Node", "", name}; }
};

struct PriorityClass {
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  int32_t value = 0;
  bool global_default = false;
  PreemptionPolicy preemption_policy = PreemptionPolicy::kPreemptLowerPriority;
  bool built_in = false;  // system-cluster-critical, system-node-critical

  ObjectRef ref() const { return {"PriorityClass", "", name}; }
};

struct IntOrPercent {
  bool is_percent = false;
  int32_t value = 0;
};

struct PodDisruptionBudget {
  std::string ns = "default";
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  std::optional<int64_t> creation_time;  // Unix seconds
  LabelSelector selector;
  std::optional<IntOrPercent> min_available;
  std::optional<IntOrPercent> max_unavailable;
  bool has_status = false;  // status.disruptionsAllowed was given
  int32_t disruptions_allowed = 0;
  std::vector<std::string> disrupted_pods;  // keys of status.disruptedPods
  std::string status_explanation;           // how the status was obtained
  // How many selected pods must stay healthy (ComputePdbStatus); the
  // disruption controller recomputes disruptionsAllowed from it over the
  // run. -1 until computed.
  int32_t desired_healthy = -1;
  // disruptions_allowed when the run started (the disruption controller
  // may change it over the run).
  int32_t disruptions_allowed_at_start = 0;

  ObjectRef ref() const { return {"PodDisruptionBudget", ns, name}; }
};

// One rule of a Job's spec.podFailurePolicy: an action and either
// onExitCodes or onPodConditions.
struct PodFailurePolicyRule {
  enum class Action : uint8_t { kFailJob, kFailIndex, kIgnore, kCount };
  Action action = Action::kCount;
  // onExitCodes: set when the rule has it.
  bool on_exit_codes = false;
  std::optional<std::string> container_name;  // onExitCodes.containerName
  bool exit_codes_in = true;                  // operator In; false: NotIn
  std::vector<int32_t> exit_codes;            // onExitCodes.values
  // onPodConditions: (type, status) patterns, status "True" by default.
  std::vector<std::pair<std::string, std::string>> on_pod_conditions;
};

// A workload controller (Deployment, ReplicaSet, StatefulSet, DaemonSet,
// Job, ReplicationController): the scale the disruption controller reads,
// and what its controller needs to create pods (core/controllers/workloads.h).
struct Controller {
  std::string kind;
  std::string ns;
  std::string name;
  std::string uid;
  int line = 0;
  int document = -1;
  SourceRange range;
  std::optional<int64_t> creation_time;  // Unix seconds
  // spec.replicas (1 by default); a Job's spec.parallelism. A DaemonSet's
  // is the number of nodes it should run on (its controller counts them).
  int32_t replicas = 1;
  std::vector<OwnerReference> owners;
  // spec.selector (ReplicationController: its map, or the template's labels).
  LabelSelector selector;
  // spec.template, decoded and admitted as a pod of this controller would
  // be (its labels include the hash label the controller adds); null when
  // the object has no readable template (a dump's ReplicaSet without it).
  std::shared_ptr<const Pod> pod_template;
  // When admission refused the template (so pod_template is null): the API
  // server's reason, as its Forbidden error gives it after "is forbidden: ".
  std::string template_refused;
  // The template as canonical JSON, without the hash label: equal texts
  // are equal templates (a Deployment's and its ReplicaSets').
  std::string template_key;
  // The Deployment's template key before this object replaced it (laid over
  // a cluster with --apply); "" when it did not replace one.
  std::string replaced_template_key;
  // pod-template-hash (Deployment) or controller-revision-hash stand-in.
  std::string template_hash;
  // A ReplicaSet's deployment.kubernetes.io/desired-replicas and
  // max-replicas annotations (the Deployment's replicas, and with its
  // maxSurge, when it last scaled the set); nullopt when absent or invalid.
  std::optional<int32_t> desired_replicas_annotation;
  std::optional<int32_t> max_replicas_annotation;
  // A Deployment laid over a cluster's (--apply): the cluster's replicas
  // and replicas + maxSurge, which its ReplicaSets' annotations hold there.
  std::optional<int32_t> replaced_replicas;
  std::optional<int32_t> replaced_max_replicas;
  // Deployment: spec.strategy.
  bool recreate = false;
  IntOrPercent max_surge{true, 25};
  IntOrPercent max_unavailable{true, 25};
  // StatefulSet: podManagementPolicy Parallel (OrderedReady otherwise).
  bool parallel = false;
  // DaemonSet: its deprecated.daemonset.template.generation annotation (1,
  // as the API server sets it on create, without one): its pods'
  // pod-template-generation label.
  int64_t template_generation = 1;
  // Job.
  std::optional<int32_t> completions;
  int32_t backoff_limit = 6;
  // spec.podFailurePolicy.rules, in order; null without a podFailurePolicy.
  std::optional<std::vector<PodFailurePolicyRule>> pod_failure_policy;
  // The template's containers' names (spec.template.spec.containers), for
  // the policy's onExitCodes rules.
  std::vector<std::string> container_names;
  // podReplacementPolicy Failed (the default with a podFailurePolicy):
  // a replacement waits until the old pod is gone.
  bool replace_when_failed = false;
  bool suspended = false;  // spec.suspend: it runs no pods
  int32_t succeeded = 0;   // status.succeeded
  int32_t failed = 0;      // status.failed
  // The object came from a change laid over a cluster (--apply).
  bool applied = false;

  ObjectRef ref() const { return {kind, ns, name}; }
};

// What ResolveClaims found of the claims one pod names.
struct PodClaims {
  // The claims whose PersistentVolumeClaim has the ReadWriteOncePod mode.
  std::vector<std::string> read_write_once_pod;
  // The first claim the input lacks (when it holds any claim), or "".
  std::string missing;
};

// A Namespace object of the input (its labels are in namespace_labels).
struct NamespaceObject {
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;

  ObjectRef ref() const { return {"Namespace", "", name}; }
};

struct PersistentVolumeClaim {
  std::string ns = "default";
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  bool read_write_once_pod = false;  // spec.accessModes has ReadWriteOncePod
  std::string phase;                 // status.phase: Pending, Bound or Lost

  ObjectRef ref() const { return {"PersistentVolumeClaim", ns, name}; }
};

// Scheduler settings from a KubeSchedulerConfiguration.
struct SchedulerConfig {
  int32_t min_candidate_nodes_percentage = 10;
  int32_t min_candidate_nodes_absolute = 100;
  int32_t percentage_of_nodes_to_score = 0;  // 0: adaptive, as upstream
  // The scheduling queue's backoff of a pod that failed: the initial one,
  // doubled per attempt up to the max (v1 defaults).
  int64_t pod_initial_backoff_seconds = 1;
  int64_t pod_max_backoff_seconds = 10;
  // The default-scheduler profile's plugins (profiles[].plugins).
  ProfilePlugins plugins;
};

// A file the input was read from, when it was read from several (a cluster
// dump spread over nodes.json, pods.json, ...): its documents are those
// from first_document on, up to the next source's.
struct InputSource {
  std::string name;
  int first_document = 0;
};

// A LimitRange's item (spec.limits[]), after the API's defaulting
// (SetDefaults_LimitRangeItem: a Container item's default comes from max,
// its defaultRequest from default, then min).
struct LimitRangeItem {
  std::string type;  // "Container", "Pod", "PersistentVolumeClaim"
  QuantityList min;
  QuantityList max;
  QuantityList default_limit;    // default
  QuantityList default_request;  // defaultRequest
  QuantityList max_limit_request_ratio;
};

struct LimitRange {
  std::string ns = "default";
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  std::vector<LimitRangeItem> items;

  ObjectRef ref() const { return {"LimitRange", ns, name}; }
};

// A RuntimeClass (node.k8s.io/v1): what admission adds to a pod that names
// it in spec.runtimeClassName.
struct RuntimeClass {
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  std::string handler;
  std::optional<QuantityList> overhead;  // overhead.podFixed
  // scheduling, when set: nodeSelector and tolerations.
  bool has_scheduling = false;
  std::vector<std::pair<std::string, std::string>> node_selector;
  std::vector<Toleration> tolerations;

  ObjectRef ref() const { return {"RuntimeClass", "", name}; }
};

// One requirement of a ResourceQuota's scope: an entry of spec.scopes (an
// Exists requirement) or of spec.scopeSelector.matchExpressions.
struct QuotaScopeRequirement {
  std::string scope;          // Terminating, BestEffort, PriorityClass, ...
  std::string op = "Exists";  // In, NotIn, Exists, DoesNotExist
  std::vector<std::string> values;
};

// One amount of a ResourceQuota's spec.hard, by the quota's resource name
// ("requests.cpu", "pods", "count/pods", "requests.nvidia.com/gpu").
struct QuotaAmount {
  std::string resource;
  int64_t millis = 0;
  QuantityFormat format = QuantityFormat::kDecimalSI;
};

// A ResourceQuota: what the pods of its namespace that its scopes select
// may use together (spec.hard); status.used is recomputed from the pods.
struct ResourceQuota {
  std::string ns = "default";
  std::string name;
  int line = 0;
  int document = -1;
  SourceRange range;
  std::vector<QuotaAmount> hard;              // in input order
  std::vector<QuotaScopeRequirement> scopes;  // spec.scopes, then selector

  ObjectRef ref() const { return {"ResourceQuota", ns, name}; }
};

struct Scenario {
  // Empty when the input was read as one text.
  std::vector<InputSource> sources;
  ResourceTable resources;
  std::vector<Node> nodes;
  std::vector<Pod> pods;
  std::vector<PriorityClass> priority_classes;
  std::vector<PodDisruptionBudget> pdbs;
  std::vector<Controller> controllers;
  std::vector<PersistentVolumeClaim> claims;
  std::vector<LimitRange> limit_ranges;  // in input order
  std::vector<RuntimeClass> runtime_classes;
  std::vector<ResourceQuota> resource_quotas;  // in input order
  // By pod, for the pods that name claims (ResolveClaims); kept apart from
  // Pod, which most pods would carry empty.
  std::unordered_map<ObjectIndex, PodClaims> pod_claims;
  std::unordered_map<std::string, Labels> namespace_labels;
  // The Namespace objects read, in input order: where each is (podsim
  // reduce keeps the ones whose labels its selectors read).
  std::vector<NamespaceObject> namespaces;
  SchedulerConfig config;
  bool has_config = false;  // a KubeSchedulerConfiguration was read
  int config_line = 0;      // where it is, when read
  int config_document = -1;
  SourceRange config_range;
  std::optional<uint64_t> seed;  // random candidate offset when set
  // For each pod, the PDBs that select it as the scheduler reads them
  // (IndexPdbs); empty until indexed.
  std::vector<std::vector<int>> pod_pdbs;
};

// Sets the pod's requests (PodRequests), its non-zero requests and, with
// pod-level resources, what its containers alone ask.
void SetPodRequests(const PodResourceSpec& resources, Pod& pod);

// Returns the name of the source the document came from, or nullptr when
// the input was read as one text (or document is unknown).
const std::string* SourceOf(const Scenario& scenario, int document);

// Returns the apiVersion Kubernetes serves kind at ("apps/v1" for a
// Deployment), or "" for a kind podsim does not read.
std::string_view ServedApiVersion(std::string_view kind);

const char* ToString(PreemptionPolicy policy);
// "NoSchedule", "PreferNoSchedule" or "NoExecute".
const char* ToString(TaintEffect effect);
// "yamlDocument", "yamlItem" or "json".
const char* ToString(SourceRange::Form form);

}  // namespace podsim
