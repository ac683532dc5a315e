// A pod's effective resource requests, from its containers, init containers
// (including restartable sidecars), pod-level resources and overhead.
#pragma once

#include <optional>
#include <vector>

#include "core/api/resources.h"

namespace podsim {

// Amounts here are in milli-units for every resource.
struct ContainerRequests {
  Resources requests;
  bool restartable = false;  // an init container with restartPolicy Always
};

struct PodResourceSpec {
  std::vector<ContainerRequests> containers;
  std::vector<ContainerRequests> init_containers;
  std::optional<Resources> pod_level;  // spec.resources.requests
  std::optional<Resources> overhead;   // spec.overhead
};

// Mirrors resourcehelper.PodRequests. When with_defaults is set, a container
// missing a cpu or memory request counts 100m / 200Mi
// (NonMissingContainerRequests, used for scoring). Returns amounts in the
// units of Resources (millicores for cpu, whole units otherwise).
Resources PodRequests(const PodResourceSpec& spec, bool with_defaults);

}  // namespace podsim
