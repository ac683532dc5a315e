#include "core/api/pod_requests.h"

#include "tests/builders.h"

namespace podsim {
namespace {

ContainerRequests Container(int64_t cpu_millis, int64_t memory_bytes,
                            bool restartable = false) {
  ContainerRequests c;
  if (cpu_millis) c.requests.Set(kCpu, cpu_millis);
  if (memory_bytes) c.requests.Set(kMemory, memory_bytes * 1000);
  c.restartable = restartable;
  return c;
}

}  // namespace

TEST_CASE("PodRequests: sums containers and takes the largest init container") {
  PodResourceSpec spec;
  spec.containers = {Container(100, 100), Container(200, 50)};
  spec.init_containers = {Container(500, 10), Container(50, 400)};
  Resources r = PodRequests(spec, false);
  CHECK(r.Get(kCpu) == 500);
  CHECK(r.Get(kMemory) == 400);
}

TEST_CASE(
    "PodRequests: restartable sidecars add up and stay for later init "
    "containers") {
  PodResourceSpec spec;
  spec.containers = {Container(100, 0)};
  // sidecar 200m runs all along; the later init container needs 300m + 200m.
  spec.init_containers = {Container(200, 0, true), Container(300, 0)};
  CHECK(PodRequests(spec, false).Get(kCpu) == 500);
  // A sidecar after the init container adds only to the running sum.
  spec.init_containers = {Container(300, 0), Container(200, 0, true)};
  CHECK(PodRequests(spec, false).Get(kCpu) == 300);
}

TEST_CASE(
    "PodRequests: pod-level requests override cpu and memory, overhead adds") {
  PodResourceSpec spec;
  spec.containers = {Container(100, 100)};
  spec.pod_level = Resources();
  spec.pod_level->Set(kCpu, 1000);
  spec.overhead = Resources();
  spec.overhead->Set(kCpu, 50);
  Resources r = PodRequests(spec, false);
  CHECK(r.Get(kCpu) == 1050);
  CHECK(r.Get(kMemory) == 100);
}

TEST_CASE(
    "PodRequests: scoring defaults fill missing cpu and memory per container") {
  PodResourceSpec spec;
  spec.containers = {Container(0, 0), Container(300, 0)};
  Resources r = PodRequests(spec, true);
  CHECK(r.Get(kCpu) == 400);
  CHECK(r.Get(kMemory) == 2 * 200LL * 1024 * 1024);
}

TEST_CASE("PodRequests: memory rounds up to whole bytes") {
  PodResourceSpec spec;
  ContainerRequests c;
  c.requests.Set(kMemory, 1);  // "1m" bytes
  spec.containers = {c};
  CHECK(PodRequests(spec, false).Get(kMemory) == 1);
}

TEST_CASE(
    "NonZeroBeforeSidecars: v1.31's calculateResource counts sidecars as init "
    "containers, with the defaults on each init container's sum") {
  constexpr int64_t kDefaultMemory = 200LL * 1024 * 1024;
  PodResourceSpec spec;
  spec.containers = {Container(300, 100)};
  // ContainerFn sees the sidecar as 200m; the init container as 150m plus
  // the sidecar's 200m; no memory anywhere in either: the 200Mi default.
  spec.init_containers = {Container(200, 0, true), Container(150, 0)};
  NonZeroRequests old = NonZeroBeforeSidecars(spec);
  CHECK(old.cpu == 350);
  CHECK(old.memory == kDefaultMemory);
  // Since #127878 the sidecar adds to the containers: 300m + 200m.
  CHECK(PodRequests(spec, true).Get(kCpu) == 500);
  // Overhead adds; pod-level requests play no part.
  spec.overhead = Resources();
  spec.overhead->Set(kCpu, 50);
  spec.pod_level = Resources();
  spec.pod_level->Set(kCpu, 4000);
  CHECK(NonZeroBeforeSidecars(spec).cpu == 400);
}

}  // namespace podsim
