#include "core/api/container_resources.h"

namespace podsim {

Resources ToResources(const QuantityList& list) {
  Resources out;
  for (const ResourceQuantity& q : list.items) out.Set(q.id, q.millis);
  return out;
}

PodResourceSpec ToRequestSpec(const PodSpecResources& spec) {
  PodResourceSpec out;
  for (const ContainerSpec& c : spec.containers) {
    ContainerRequests r{.requests = ToResources(c.requests),
                        .limits = ToResources(c.limits),
                        .restartable = c.restartable};
    (c.init ? out.init_containers : out.containers).push_back(std::move(r));
  }
  if (spec.pod_requests) out.pod_level = ToResources(*spec.pod_requests);
  if (spec.pod_limits) out.pod_level_limits = ToResources(*spec.pod_limits);
  if (spec.overhead) out.overhead = ToResources(*spec.overhead);
  return out;
}

}  // namespace podsim
