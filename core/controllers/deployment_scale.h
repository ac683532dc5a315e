// The Deployment controller's scaling of a Deployment's ReplicaSets when
// its replicas change, before any rollout (pkg/controller/deployment/
// sync.go: isScalingEvent and scale; deploymentutil's FindActiveOrLatest,
// IsSaturated and GetReplicaSetProportion).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace podsim {

// One ReplicaSet of the Deployment, as scale() reads it.
struct ScaledSet {
  std::string_view name;
  std::optional<int64_t> created_ms;  // creationTimestamp
  int32_t replicas = 0;               // spec.replicas
  // The deployment.kubernetes.io/desired-replicas and max-replicas
  // annotations, when present.
  std::optional<int32_t> desired_annotation;
  std::optional<int32_t> max_annotation;
  int32_t available = 0;  // status.availableReplicas
  bool is_new = false;    // the new ReplicaSet (the Deployment's template)
};

// The Deployment, as scale() reads it.
struct ScaledDeployment {
  int32_t replicas = 0;         // spec.replicas
  int32_t max_surge = 0;        // deploymentutil.MaxSurge
  bool rolling = true;          // strategy RollingUpdate
  int32_t status_replicas = 0;  // status.replicas: its sets' pods
};

// Mirrors isScalingEvent: an active set's desired-replicas annotation
// differs from the Deployment's replicas.
bool IsScalingEvent(const std::vector<ScaledSet>& sets, int32_t replicas);

// Mirrors DeploymentController.scale: by set, the scale scaleReplicaSet
// gives it (with the annotations), or nullopt for a set it leaves alone.
std::vector<std::optional<int32_t>> ScaleSets(
    const std::vector<ScaledSet>& sets, const ScaledDeployment& d);

}  // namespace podsim
