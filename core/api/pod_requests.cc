#include "core/api/pod_requests.h"

namespace podsim {
namespace {

constexpr int64_t kDefaultCpuMillis = 100;
constexpr int64_t kDefaultMemoryMillis = 200LL * 1024 * 1024 * 1000;

Resources WithDefaults(const Resources& requests, bool with_defaults) {
  Resources out = requests;
  if (with_defaults) {
    if (out.Get(kCpu) == 0) out.Set(kCpu, kDefaultCpuMillis);
    if (out.Get(kMemory) == 0) out.Set(kMemory, kDefaultMemoryMillis);
  }
  return out;
}

// Mirrors AggregateContainerRequests and AggregateContainerLimits: the
// regular containers and sidecars summed, each other init container with
// the sidecars before it, the larger of the two. amounts picks a
// container's requests or limits.
template <typename Amounts>
Resources Aggregate(const PodResourceSpec& spec, Amounts amounts) {
  Resources sum;
  for (const ContainerRequests& c : spec.containers) sum.Add(amounts(c));
  Resources sidecars;  // cumulative restartable init containers
  Resources init_max;
  for (const ContainerRequests& c : spec.init_containers) {
    Resources own = amounts(c);
    Resources use;
    if (c.restartable) {
      sum.Add(own);
      sidecars.Add(own);
      use = sidecars;
    } else {
      use = own;
      use.Add(sidecars);
    }
    init_max.Max(use);
  }
  sum.Max(init_max);
  return sum;
}

bool AnyCpuOrMemory(const Resources& r) {
  return r.Get(kCpu) > 0 || r.Get(kMemory) > 0;
}

}  // namespace

Resources PodRequests(const PodResourceSpec& spec, bool with_defaults) {
  return Resources::FromMillis(PodRequestsMillis(spec, with_defaults));
}

Resources PodRequestsMillis(const PodResourceSpec& spec, bool with_defaults) {
  Resources sum = Aggregate(spec, [&](const ContainerRequests& c) {
    return WithDefaults(c.requests, with_defaults);
  });
  if (spec.pod_level) {
    for (ResourceId id : {kCpu, kMemory}) {
      if (spec.pod_level->Get(id) != 0) sum.Set(id, spec.pod_level->Get(id));
    }
  }
  if (spec.overhead) sum.Add(*spec.overhead);
  return sum;
}

Resources PodLimitsMillis(const PodResourceSpec& spec) {
  Resources sum =
      Aggregate(spec, [](const ContainerRequests& c) { return c.limits; });
  if (spec.pod_level_limits) {
    for (ResourceId id : {kCpu, kMemory}) {
      if (spec.pod_level_limits->Get(id) != 0) {
        sum.Set(id, spec.pod_level_limits->Get(id));
      }
    }
  }
  if (spec.overhead) {
    for (int id = 0; id < sum.size(); ++id) {
      if (sum.Get(id) != 0) sum.Set(id, sum.Get(id) + spec.overhead->Get(id));
    }
  }
  return sum;
}

bool BestEffort(const PodResourceSpec& spec) {
  if (spec.pod_level || spec.pod_level_limits) {
    return !(spec.pod_level && AnyCpuOrMemory(*spec.pod_level)) &&
           !(spec.pod_level_limits && AnyCpuOrMemory(*spec.pod_level_limits));
  }
  for (const auto* list : {&spec.containers, &spec.init_containers}) {
    for (const ContainerRequests& c : *list) {
      if (AnyCpuOrMemory(c.requests) || AnyCpuOrMemory(c.limits)) return false;
    }
  }
  return true;
}

NonZeroRequests NonZeroBeforeSidecars(const PodResourceSpec& spec) {
  Resources containers;
  for (const ContainerRequests& c : spec.containers) {
    containers.Add(WithDefaults(c.requests, true));
  }
  Resources sidecars;  // cumulative restartable init containers, as given
  Resources init_max;
  for (const ContainerRequests& c : spec.init_containers) {
    Resources use = sidecars;
    use.Add(c.requests);
    if (c.restartable) sidecars = use;
    init_max.Max(WithDefaults(use, true));
  }
  containers.Max(init_max);
  if (spec.overhead) containers.Add(*spec.overhead);
  const Resources out = Resources::FromMillis(containers);
  return {out.Get(kCpu), out.Get(kMemory)};
}

}  // namespace podsim
