#include "core/api/objects.h"

#include <algorithm>

namespace podsim {

bool Toleration::Tolerates(const Taint& taint) const {
  if (effect && *effect != taint.effect) return false;
  if (!key.empty() && key != taint.key) return false;
  if (exists) return true;
  return value == taint.value;
}

bool PodAffinityTerm::Matches(const std::string& ns,
                              const Labels& labels) const {
  if (!all_namespaces &&
      std::find(namespaces.begin(), namespaces.end(), ns) == namespaces.end()) {
    return false;
  }
  // A nil label selector matches no pod, as LabelSelectorAsSelector does.
  return !selector.is_nil && selector.Matches(labels);
}

const std::string* SourceOf(const Scenario& scenario, int document) {
  if (document < 0) return nullptr;
  const std::string* found = nullptr;
  for (const InputSource& source : scenario.sources) {
    if (source.first_document > document) break;
    found = &source.name;
  }
  return found;
}

std::string_view ServedApiVersion(std::string_view kind) {
  if (kind == "Node" || kind == "Pod" || kind == "Namespace" ||
      kind == "ReplicationController" || kind == "PersistentVolumeClaim" ||
      kind == "LimitRange") {
    return "v1";
  }
  if (kind == "PriorityClass") return "scheduling.k8s.io/v1";
  if (kind == "RuntimeClass") return "node.k8s.io/v1";
  if (kind == "PodDisruptionBudget") return "policy/v1";
  if (kind == "Deployment" || kind == "ReplicaSet" || kind == "StatefulSet" ||
      kind == "DaemonSet") {
    return "apps/v1";
  }
  if (kind == "Job") return "batch/v1";
  if (kind == "KubeSchedulerConfiguration") {
    return "kubescheduler.config.k8s.io/v1";
  }
  return "";
}

const char* ToString(TaintEffect effect) {
  switch (effect) {
    case TaintEffect::kNoSchedule:
      return "NoSchedule";
    case TaintEffect::kPreferNoSchedule:
      return "PreferNoSchedule";
    case TaintEffect::kNoExecute:
      return "NoExecute";
  }
  return "";
}

const char* ToString(PreemptionPolicy policy) {
  return policy == PreemptionPolicy::kNever ? "Never" : "PreemptLowerPriority";
}

const char* ToString(SourceRange::Form form) {
  switch (form) {
    case SourceRange::Form::kYamlDocument:
      return "yamlDocument";
    case SourceRange::Form::kYamlItem:
      return "yamlItem";
    case SourceRange::Form::kJson:
      return "json";
  }
  return "";
}

void SetPodRequests(const PodResourceSpec& resources, Pod& pod) {
  const Resources requests = PodRequestsMillis(resources, false);
  pod.requests = Resources::FromMillis(requests);
  const Resources limits = PodLimitsMillis(resources);
  pod.quota = {.requests_memory = requests.Get(kMemory),
               .requests_ephemeral_storage = requests.Get(kEphemeralStorage),
               .limits_cpu = limits.Get(kCpu),
               .limits_memory = limits.Get(kMemory),
               .limits_ephemeral_storage = limits.Get(kEphemeralStorage),
               .best_effort = BestEffort(resources)};
  Resources nonzero = PodRequests(resources, true);
  pod.nonzero_cpu = nonzero.Get(kCpu);
  pod.nonzero_memory = nonzero.Get(kMemory);
  if (resources.pod_level && (resources.pod_level->Get(kCpu) != 0 ||
                              resources.pod_level->Get(kMemory) != 0)) {
    // Mirrors getNonMissingContainerRequests (framework/types.go): with
    // pod-level requests, a container's missing request defaults only for
    // a resource the pod requests nowhere (a request of "0" reads as none).
    if (pod.requests.Get(kCpu) != 0) pod.nonzero_cpu = pod.requests.Get(kCpu);
    if (pod.requests.Get(kMemory) != 0) {
      pod.nonzero_memory = pod.requests.Get(kMemory);
    }
  }
  for (const ContainerRequests& c : resources.init_containers) {
    if (!c.restartable) continue;
    pod.placed_nonzero_before_sidecars = NonZeroBeforeSidecars(resources);
    break;
  }
  if (resources.pod_level) {
    // What a release without PodLevelResources counts (AdaptToProfile).
    PodResourceSpec containers_only = resources;
    containers_only.pod_level.reset();
    Resources containers_nonzero = PodRequests(containers_only, true);
    pod.without_pod_level = Pod::ContainerSums{
        PodRequests(containers_only, false), containers_nonzero.Get(kCpu),
        containers_nonzero.Get(kMemory)};
  }
}

}  // namespace podsim
