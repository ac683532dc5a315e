// A pod's effective resource requests, from its containers, init containers
// (including restartable sidecars), pod-level resources and overhead.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/api/resources.h"

namespace podsim {

// Amounts here are in milli-units for every resource.
struct ContainerRequests {
  Resources requests;
  Resources limits;          // what ResourceQuota's limits.* count
  bool restartable = false;  // an init container with restartPolicy Always
};

struct PodResourceSpec {
  std::vector<ContainerRequests> containers;
  std::vector<ContainerRequests> init_containers;
  std::optional<Resources> pod_level;         // spec.resources.requests
  std::optional<Resources> pod_level_limits;  // spec.resources.limits
  std::optional<Resources> overhead;          // spec.overhead
};

// Mirrors resourcehelper.PodRequests. When with_defaults is set, a container
// missing a cpu or memory request counts 100m / 200Mi
// (NonMissingContainerRequests, used for scoring). Returns amounts in the
// units of Resources (millicores for cpu, whole units otherwise).
Resources PodRequests(const PodResourceSpec& spec, bool with_defaults);
// The same in milli-units, as the spec holds them (a quota compares
// quantities exactly: 1m of memory is not a byte).
Resources PodRequestsMillis(const PodResourceSpec& spec, bool with_defaults);

// Mirrors resourcehelper.PodLimits: the containers' limits aggregated as
// PodRequests aggregates requests, pod-level cpu and memory limits in
// their place, the overhead added to the resources limited. Returns
// milli-units, as the spec holds them.
Resources PodLimitsMillis(const PodResourceSpec& spec);

// Mirrors qos.GetPodQOS == BestEffort: no cpu or memory request or limit
// above zero (the pod-level ones when the pod has spec.resources, else the
// containers').
bool BestEffort(const PodResourceSpec& spec);

struct NonZeroRequests {
  int64_t cpu = 0;     // millicores
  int64_t memory = 0;  // bytes
};

// Mirrors v1.31's calculateResource (framework/types.go), before #127878:
// the regular containers' non-zero requests summed, each init container's
// as PodRequests' ContainerFn sees it (a sidecar: the sidecars so far; any
// other: itself and the sidecars before it) with the defaults applied to
// that sum, the larger of the two, then the overhead. Pod-level requests
// play no part (v1.31 has none).
NonZeroRequests NonZeroBeforeSidecars(const PodResourceSpec& spec);

}  // namespace podsim
