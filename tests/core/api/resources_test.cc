#include "core/api/resources.h"

#include "tests/builders.h"

namespace podsim {

TEST_CASE("Resources: well-known and extended amounts add, subtract and max") {
  ResourceTable table;
  ResourceId gpu = table.Intern("nvidia.com/gpu");
  ResourceId fpga = table.Intern("example.com/fpga");
  CHECK(gpu == 4);
  CHECK(fpga == 5);
  CHECK(table.Intern("cpu") == kCpu);
  CHECK(table.InsufficientReason(gpu) == "Insufficient nvidia.com/gpu");

  Resources node;
  CHECK(node.size() == 4);  // the well-known ids are always walked
  CHECK(node.Get(fpga) == 0);

  Resources pod;
  pod.Set(kCpu, 900);
  pod.Set(kMemory, 500);
  pod.Set(fpga, 2);  // leaves gpu, before it, at zero
  CHECK(pod.size() == 6);
  CHECK(pod.Get(gpu) == 0);

  node.Add(pod);
  node.Add(pod);
  CHECK(node.Get(kCpu) == 1800);
  CHECK(node.Get(fpga) == 4);
  node.Subtract(pod);
  CHECK(node.Get(kCpu) == 900);
  CHECK(node.Get(kMemory) == 500);
  CHECK(node.Get(fpga) == 2);
  node.Subtract(pod);
  CHECK(node.size() == 6);  // widened, all zero again
  for (ResourceId id = 0; id < node.size(); ++id) CHECK(node.Get(id) == 0);

  Resources other;
  other.Set(kCpu, 100);
  other.Set(kMemory, 800);
  other.Set(gpu, 1);
  pod.Max(other);
  CHECK(pod.Get(kCpu) == 900);
  CHECK(pod.Get(kMemory) == 800);
  CHECK(pod.Get(gpu) == 1);
  CHECK(pod.Get(fpga) == 2);
}

TEST_CASE("Resources: milli-units become whole units, cpu stays in millis") {
  ResourceTable table;
  ResourceId gpu = table.Intern("nvidia.com/gpu");
  Resources millis;
  millis.Set(kCpu, 250);
  millis.Set(kMemory, 1'500);  // 1.5 bytes rounds up to 2
  millis.Set(kPods, 3'000);
  millis.Set(gpu, 1'000);
  Resources units = Resources::FromMillis(millis);
  CHECK(units.Get(kCpu) == 250);
  CHECK(units.Get(kMemory) == 2);
  CHECK(units.Get(kEphemeralStorage) == 0);
  CHECK(units.Get(kPods) == 3);
  CHECK(units.Get(gpu) == 1);
}

}  // namespace podsim
