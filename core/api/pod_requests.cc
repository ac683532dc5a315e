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

}  // namespace

Resources PodRequests(const PodResourceSpec& spec, bool with_defaults) {
  Resources sum;
  for (const ContainerRequests& c : spec.containers) {
    sum.Add(WithDefaults(c.requests, with_defaults));
  }
  Resources sidecars;  // cumulative restartable init containers
  Resources init_max;
  for (const ContainerRequests& c : spec.init_containers) {
    Resources requests = WithDefaults(c.requests, with_defaults);
    Resources use;
    if (c.restartable) {
      sum.Add(requests);
      sidecars.Add(requests);
      use = sidecars;
    } else {
      use = requests;
      use.Add(sidecars);
    }
    init_max.Max(use);
  }
  sum.Max(init_max);
  if (spec.pod_level) {
    for (ResourceId id : {kCpu, kMemory}) {
      if (spec.pod_level->Get(id) != 0) sum.Set(id, spec.pod_level->Get(id));
    }
  }
  if (spec.overhead) sum.Add(*spec.overhead);
  return Resources::FromMillis(sum);
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
