// A pod spec's resources as written, container by container: what the API
// server's admission plugins read and change (LimitRanger's defaults and
// bounds) before the scheduler sums them into the pod's requests.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api/pod_requests.h"
#include "core/api/resources.h"
#include "core/base/quantity.h"

namespace podsim {

// One amount of a resource list, as written.
struct ResourceQuantity {
  ResourceId id = kCpu;
  int64_t millis = 0;
  QuantityFormat format = QuantityFormat::kDecimalSI;

  // resource.Quantity.String(): "500m", "1Gi".
  std::string Text() const { return CanonicalQuantity(millis, format); }
};

// A resource list (requests, limits, a LimitRange's min): the resources it
// names, in the order written. Unlike Resources it knows which are named.
struct QuantityList {
  std::vector<ResourceQuantity> items;

  const ResourceQuantity* Find(ResourceId id) const {
    for (const ResourceQuantity& q : items) {
      if (q.id == id) return &q;
    }
    return nullptr;
  }
  // Sets q, replacing an amount of the same resource.
  void Set(const ResourceQuantity& q) {
    for (ResourceQuantity& have : items) {
      if (have.id == q.id) {
        have = q;
        return;
      }
    }
    items.push_back(q);
  }
  bool empty() const { return items.empty(); }
};

// A container's name and resources: requests after the API's defaulting (a
// limit without a request sets the request), limits as written.
struct ContainerSpec {
  std::string name;
  bool init = false;         // spec.initContainers
  bool restartable = false;  // an init container with restartPolicy Always
  QuantityList requests;
  QuantityList limits;
};

// spec.containers and spec.initContainers (in that order), pod-level
// spec.resources and spec.overhead. Kept for the pods admission looks at:
// those not yet bound, and workload templates.
struct PodSpecResources {
  std::vector<ContainerSpec> containers;
  std::optional<QuantityList> pod_requests;  // spec.resources.requests
  std::optional<QuantityList> pod_limits;    // spec.resources.limits
  std::optional<QuantityList> overhead;      // spec.overhead
};

// The amounts list names, in milli-units (as PodResourceSpec holds them).
Resources ToResources(const QuantityList& list);

// The spec PodRequests sums (milli-units): each container's requests, the
// pod-level requests and the overhead.
PodResourceSpec ToRequestSpec(const PodSpecResources& spec);

}  // namespace podsim
