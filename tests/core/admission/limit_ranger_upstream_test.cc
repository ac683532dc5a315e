// Cases from kubernetes/kubernetes v1.37.2
// plugin/pkg/admission/limitranger/admission_test.go, named by upstream's pod
// names.
//
// Not translated: TestPersistentVolumeClaimLimitFunc, the subresource and
// update parts of TestLimitRangerIgnoresSubresource / TestLimitRangerAdmitPod,
// TestLimitRangerAllowPodResize and TestLimitRanger_GetLimitRangesFixed22422
// (PVCs, subresources, updates, resizes and the live-lookup cache are outside
// podsim, which admits pods at creation only).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/admission/limit_ranger.h"
#include "core/api/container_resources.h"
#include "core/api/objects.h"
#include "core/api/resources.h"
#include "core/base/quantity.h"

namespace podsim {
namespace {

ResourceQuantity Amount(ResourceId id, const std::string& text) {
  return {.id = id,
          .millis = Quantity::Parse(text)->millis(),
          .format = FormatOf(text)};
}

// getComputeResourceList: an empty string leaves the resource out.
QuantityList ComputeList(const std::string& cpu, const std::string& memory) {
  QuantityList list;
  if (!cpu.empty()) list.Set(Amount(kCpu, cpu));
  if (!memory.empty()) list.Set(Amount(kMemory, memory));
  return list;
}

// getLocalStorageResourceList.
QuantityList LocalStorageList(const std::string& ephemeral_storage) {
  QuantityList list;
  if (!ephemeral_storage.empty()) {
    list.Set(Amount(kEphemeralStorage, ephemeral_storage));
  }
  return list;
}

// api.ResourceList{}.
QuantityList None() { return {}; }

// getResourceRequirements.
struct Requirements {
  QuantityList requests;
  QuantityList limits;
};

// An api.Pod: its name (the case's name) and its resources.
struct TestPod {
  std::string name;
  PodSpecResources spec;
};

// validPod: n containers foo-0, foo-1, ... each with the requirements.
TestPod ValidPod(const std::string& name, int n, const QuantityList& requests,
                 const QuantityList& limits) {
  TestPod pod{.name = name, .spec = {}};
  for (int i = 0; i < n; ++i) {
    pod.spec.containers.push_back({.name = "foo-" + std::to_string(i),
                                   .requests = requests,
                                   .limits = limits});
  }
  return pod;
}

// validPodInit: one init container foo-0, foo-1, ... per requirement.
TestPod ValidPodInit(TestPod pod, const std::vector<Requirements>& inits) {
  for (size_t i = 0; i < inits.size(); ++i) {
    pod.spec.containers.push_back({.name = "foo-" + std::to_string(i),
                                   .init = true,
                                   .requests = inits[i].requests,
                                   .limits = inits[i].limits});
  }
  return pod;
}

// withRestartableInitContainer: a sidecar named by the init containers
// before it.
TestPod WithRestartableInitContainer(const QuantityList& requests,
                                     const QuantityList& limits, TestPod pod) {
  const auto inits =
      std::count_if(pod.spec.containers.begin(), pod.spec.containers.end(),
                    [](const ContainerSpec& c) { return c.init; });
  pod.spec.containers.push_back({.name = "foo-" + std::to_string(inits),
                                 .init = true,
                                 .restartable = true,
                                 .requests = requests,
                                 .limits = limits});
  return pod;
}

// validPodWithPodLevelResources: spec.resources set (PodLevelResources on).
TestPod ValidPodWithPodLevelResources(const std::string& name, int n,
                                      const Requirements& containers,
                                      const Requirements& pod_level) {
  TestPod pod = ValidPod(name, n, containers.requests, containers.limits);
  pod.spec.pod_requests = pod_level.requests;
  pod.spec.pod_limits = pod_level.limits;
  return pod;
}

// createLimitRange: one item, converted without the API's defaulting (as
// upstream's unit test converts it), so no default comes from max or min.
LimitRange CreateLimitRange(const std::string& type, const QuantityList& min,
                            const QuantityList& max,
                            const QuantityList& default_limit,
                            const QuantityList& default_request,
                            const QuantityList& ratio) {
  LimitRange range;
  range.ns = "test";
  range.name = "abc";
  range.items.push_back({.type = type,
                         .min = min,
                         .max = max,
                         .default_limit = default_limit,
                         .default_request = default_request,
                         .max_limit_request_ratio = ratio});
  return range;
}

LimitRange ValidLimitRange() {
  LimitRange range;
  range.ns = "test";
  range.name = "abc";
  range.items.push_back({.type = "Pod",
                         .min = ComputeList("50m", "2Mi"),
                         .max = ComputeList("200m", "4Gi")});
  range.items.push_back({.type = "Container",
                         .min = ComputeList("25m", "1Mi"),
                         .max = ComputeList("100m", "2Gi"),
                         .default_limit = ComputeList("75m", "10Mi"),
                         .default_request = ComputeList("50m", "5Mi")});
  return range;
}

LimitRange ValidLimitRangeNoDefaults() {
  LimitRange range;
  range.ns = "test";
  range.name = "abc";
  range.items.push_back({.type = "Pod",
                         .min = ComputeList("50m", "2Mi"),
                         .max = ComputeList("200m", "4Gi")});
  range.items.push_back({.type = "Container",
                         .min = ComputeList("25m", "1Mi"),
                         .max = ComputeList("100m", "2Gi")});
  return range;
}

LimitRangerOutcome Run(const LimitRange& range, const ResourceTable& table,
                       PodSpecResources& spec) {
  return RunLimitRanger({&range}, table, spec);
}

// "cpu=50m memory=5Mi": a list by resource name, for comparing lists as
// apiequality.Semantic.DeepEqual does.
std::string Show(const QuantityList& list, const ResourceTable& table) {
  std::vector<std::string> parts;
  for (const ResourceQuantity& q : list.items) {
    parts.push_back(table.Name(q.id) + "=" + q.Text());
  }
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

// Checks error against upstream's text: one message exactly; several (an
// aggregate whose order follows Go's map iteration, so varies) each once
// inside "[...]".
void CheckUpstreamError(const std::string& name, const std::string& error,
                        const std::vector<std::string>& want) {
  INFO("pod ", name, ": error \"", error, "\"");
  if (want.size() == 1) {
    CHECK(error == want[0]);
    return;
  }
  size_t length = 2;
  for (const std::string& w : want) {
    CHECK(error.find(w) != std::string::npos);
    length += w.size();
  }
  length += 2 * (want.size() - 1);
  CHECK(error.size() == length);
  CHECK(error.front() == '[');
  CHECK(error.back() == ']');
}

struct Case {
  TestPod pod;
  LimitRange limit_range;
  // Error cases: upstream's message(s); empty: only that there is one.
  std::vector<std::string> want = {};
};

}  // namespace

TEST_CASE("LimitRanger (upstream): TestDefaultContainerResourceRequirements") {
  // defaultContainerResourceRequirements is internal to the port; a pod
  // with one container that names nothing shows it through the defaults
  // set.
  ResourceTable table;
  LimitRange range = ValidLimitRange();
  TestPod pod = ValidPod("defaults", 1, None(), None());
  Run(range, table, pod.spec);
  const ContainerSpec& c = pod.spec.containers[0];
  CHECK(Show(c.requests, table) == Show(ComputeList("50m", "5Mi"), table));
  CHECK(Show(c.limits, table) == Show(ComputeList("75m", "10Mi"), table));
}

TEST_CASE("LimitRanger (upstream): TestMergePodResourceRequirements") {
  ResourceTable table;
  LimitRange range = ValidLimitRange();

  SUBCASE("empty-resources") {
    // A pod with no resources enumerated gets each resource's default.
    TestPod pod = ValidPod("empty-resources", 1, ComputeList("", ""),
                           ComputeList("", ""));
    LimitRangerOutcome out = Run(range, table, pod.spec);
    for (const ContainerSpec& c : pod.spec.containers) {
      CHECK(Show(c.requests, table) == Show(ComputeList("50m", "5Mi"), table));
      CHECK(Show(c.limits, table) == Show(ComputeList("75m", "10Mi"), table));
    }
    REQUIRE(out.notes.size() == 1);
    CHECK(out.notes[0].plugin == "LimitRanger");
    CHECK(out.notes[0].object == "LimitRange test/abc");
    // Upstream's annotation: "LimitRanger plugin set: cpu, memory request
    // for container foo-0; cpu, memory limit for container foo-0".
    CHECK(out.notes[0].change ==
          "set cpu 50m, memory 5Mi request for container foo-0; cpu 75m, "
          "memory 10Mi limit for container foo-0");
  }

  SUBCASE("limit-memory (some resources enumerated)") {
    // Only what is left empty is merged, in containers and init containers.
    Requirements input{ComputeList("", "512Mi"), ComputeList("", "")};
    TestPod pod = ValidPodInit(
        ValidPod("limit-memory", 1, input.requests, input.limits), {input});
    LimitRangerOutcome out = Run(range, table, pod.spec);
    REQUIRE(pod.spec.containers.size() == 2);
    for (const ContainerSpec& c : pod.spec.containers) {
      INFO(c.name, c.init ? " (init)" : "");
      CHECK(Show(c.requests, table) ==
            Show(ComputeList("50m", "512Mi"), table));
      CHECK(Show(c.limits, table) == Show(ComputeList("75m", "10Mi"), table));
    }
    REQUIRE(out.notes.size() == 1);
    // Upstream expects "LimitRanger plugin set: cpu request for container
    // foo-0; cpu, memory limit for container foo-0": its container and init
    // container share one ResourceRequirements map (Go map aliasing), so
    // the init container is already filled when its turn comes. podsim
    // copies the lists, so the init container's defaults are noted too.
    CHECK(out.notes[0].change ==
          "set cpu 50m request for container foo-0; cpu 75m, memory 10Mi "
          "limit for container foo-0; cpu 50m request for init container "
          "foo-0; cpu 75m, memory 10Mi limit for init container foo-0");
  }

  SUBCASE("limit-memory (all resources enumerated)") {
    // A pod with every resource enumerated merges nothing.
    Requirements input{ComputeList("100m", "512Mi"), ComputeList("200m", "1G")};
    Requirements init{ComputeList("200m", "1G"), ComputeList("400m", "2G")};
    TestPod pod = ValidPodInit(
        ValidPod("limit-memory", 1, input.requests, input.limits), {init});
    LimitRangerOutcome out = Run(range, table, pod.spec);
    REQUIRE(pod.spec.containers.size() == 2);
    const ContainerSpec& c = pod.spec.containers[0];
    CHECK(Show(c.requests, table) == Show(input.requests, table));
    CHECK(Show(c.limits, table) == Show(input.limits, table));
    const ContainerSpec& i = pod.spec.containers[1];
    CHECK(Show(i.requests, table) == Show(init.requests, table));
    CHECK(Show(i.limits, table) == Show(init.limits, table));
    CHECK(out.notes.empty());  // expectNoAnnotation
  }
}

TEST_CASE("LimitRanger (upstream): TestPodLimitFunc success cases") {
  ResourceTable table;
  REQUIRE(table.Intern("ephemeral-storage") == kEphemeralStorage);
  const std::vector<Case> cases = {
      {ValidPod("ctr-min-cpu-request", 1, ComputeList("100m", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("50m", ""), None(), None(),
                        None(), None())},
      {ValidPod("ctr-min-cpu-request-limit", 1, ComputeList("100m", ""),
                ComputeList("200m", "")),
       CreateLimitRange("Container", ComputeList("50m", ""), None(), None(),
                        None(), None())},
      {ValidPod("ctr-min-memory-request", 1, ComputeList("", "60Mi"),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("", "50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-min-memory-request-limit", 1, ComputeList("", "60Mi"),
                ComputeList("", "100Mi")),
       CreateLimitRange("Container", ComputeList("", "50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-max-cpu-request-limit", 1, ComputeList("500m", ""),
                ComputeList("1", "")),
       CreateLimitRange("Container", None(), ComputeList("2", ""), None(),
                        None(), None())},
      {ValidPod("ctr-max-cpu-limit", 1, ComputeList("", ""),
                ComputeList("1", "")),
       CreateLimitRange("Container", None(), ComputeList("2", ""), None(),
                        None(), None())},
      {ValidPod("ctr-max-mem-request-limit", 1, ComputeList("", "250Mi"),
                ComputeList("", "500Mi")),
       CreateLimitRange("Container", None(), ComputeList("", "1Gi"), None(),
                        None(), None())},
      {ValidPod("ctr-max-cpu-ratio", 1, ComputeList("500m", ""),
                ComputeList("750m", "")),
       CreateLimitRange("Container", None(), None(), None(), None(),
                        ComputeList("1.5", ""))},
      {ValidPod("ctr-max-mem-limit", 1, ComputeList("", ""),
                ComputeList("", "500Mi")),
       CreateLimitRange("Container", None(), ComputeList("", "1Gi"), None(),
                        None(), None())},
      {ValidPod("pod-min-cpu-request", 2, ComputeList("75m", ""),
                ComputeList("", "")),
       CreateLimitRange("Pod", ComputeList("100m", ""), None(), None(), None(),
                        None())},
      {ValidPod("pod-min-cpu-request-limit", 2, ComputeList("75m", ""),
                ComputeList("200m", "")),
       CreateLimitRange("Pod", ComputeList("100m", ""), None(), None(), None(),
                        None())},
      {ValidPod("pod-min-memory-request", 2, ComputeList("", "60Mi"),
                ComputeList("", "")),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None())},
      {ValidPod("pod-min-memory-request-limit", 2, ComputeList("", "60Mi"),
                ComputeList("", "100Mi")),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None())},
      {ValidPodInit(ValidPod("pod-init-min-memory-request", 2,
                             ComputeList("", "60Mi"), ComputeList("", "")),
                    {{ComputeList("", "100Mi"), ComputeList("", "")}}),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None())},
      {ValidPodInit(ValidPod("pod-init-min-memory-request-limit", 2,
                             ComputeList("", "60Mi"), ComputeList("", "100Mi")),
                    {{ComputeList("", "80Mi"), ComputeList("", "100Mi")}}),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None())},
      {ValidPod("pod-max-cpu-request-limit", 2, ComputeList("500m", ""),
                ComputeList("1", "")),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None())},
      {ValidPod("pod-max-cpu-limit", 2, ComputeList("", ""),
                ComputeList("1", "")),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None())},
      {ValidPodInit(ValidPod("pod-init-max-cpu-request-limit", 2,
                             ComputeList("500m", ""), ComputeList("1", "")),
                    {{ComputeList("1", ""), ComputeList("2", "")},
                     {ComputeList("1", ""), ComputeList("1", "")}}),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None())},
      {ValidPodInit(ValidPod("pod-init-max-cpu-limit", 2, ComputeList("", ""),
                             ComputeList("1", "")),
                    {{ComputeList("", ""), ComputeList("2", "")},
                     {ComputeList("", ""), ComputeList("2", "")}}),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None())},
      {ValidPod("pod-max-mem-request-limit", 2, ComputeList("", "250Mi"),
                ComputeList("", "500Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "1Gi"), None(), None(),
                        None())},
      {ValidPod("pod-max-mem-limit", 2, ComputeList("", ""),
                ComputeList("", "500Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "1Gi"), None(), None(),
                        None())},
      {ValidPod("pod-max-mem-ratio", 3, ComputeList("", "300Mi"),
                ComputeList("", "450Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "2Gi"), None(), None(),
                        ComputeList("", "1.5"))},
      {ValidPod("ctr-1-min-local-ephemeral-storage-request", 1,
                LocalStorageList("60Mi"), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-1-min-local-ephemeral-storage-request-limit", 1,
                LocalStorageList("60Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-1-max-local-ephemeral-storage-request-limit", 1,
                LocalStorageList("250Mi"), LocalStorageList("500Mi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None())},
      {ValidPod("ctr-1-max-local-ephemeral-storage-limit", 1,
                LocalStorageList(""), LocalStorageList("500Mi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None())},
      {ValidPod("ctr-2-min-local-ephemeral-storage-request", 2,
                LocalStorageList("60Mi"), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-2-min-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("60Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None())},
      {ValidPod("ctr-2-max-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("250Mi"), LocalStorageList("500Mi")),
       CreateLimitRange("Container", None(), LocalStorageList("600Mi"), None(),
                        None(), None())},
      {ValidPod("ctr-2-max-local-ephemeral-storage-limit", 2,
                LocalStorageList(""), LocalStorageList("500Mi")),
       CreateLimitRange("Container", None(), LocalStorageList("600Mi"), None(),
                        None(), None())},
      {ValidPod("pod-min-local-ephemeral-storage-request", 2,
                LocalStorageList("60Mi"), LocalStorageList("")),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None())},
      {ValidPod("pod-min-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("60Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None())},
      {ValidPodInit(ValidPod("pod-init-min-local-ephemeral-storage-request", 2,
                             LocalStorageList("60Mi"), LocalStorageList("")),
                    {{LocalStorageList("100Mi"), LocalStorageList("")}}),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None())},
      {ValidPodInit(
           ValidPod("pod-init-min-local-ephemeral-storage-request-limit", 2,
                    LocalStorageList("60Mi"), LocalStorageList("100Mi")),
           {{LocalStorageList("80Mi"), LocalStorageList("100Mi")}}),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None())},
      {ValidPod("pod-max-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("250Mi"), LocalStorageList("500Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("1Gi"), None(), None(),
                        None())},
      {ValidPod("pod-max-local-ephemeral-storage-limit", 2,
                LocalStorageList(""), LocalStorageList("500Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("1Gi"), None(), None(),
                        None())},
      {ValidPod("pod-max-local-ephemeral-storage-ratio", 3,
                LocalStorageList("300Mi"), LocalStorageList("450Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("2Gi"), None(), None(),
                        LocalStorageList("1.5"))},
      // podLevelResourcesEnabled: true (podsim runs with PodLevelResources
      // on). Upstream has no success case that needs the gate off.
      {ValidPodWithPodLevelResources(
           "pod-level-resources-with-min-max", 3,
           {ComputeList("100m", "60Mi"), ComputeList("200m", "100Mi")},
           {ComputeList("200m", "180Mi"), ComputeList("400m", "200Mi")}),
       CreateLimitRange("Pod", None(), ComputeList("400m", "200Mi"), None(),
                        None(), None())},
      {ValidPodWithPodLevelResources(
           "pod-level-requests-with-min", 3,
           {ComputeList("50m", "60Mi"), ComputeList("", "")},
           {ComputeList("160m", "200Mi"), ComputeList("", "")}),
       CreateLimitRange("Pod", ComputeList("160m", "200Mi"),
                        ComputeList("", ""), None(), None(), None())},
      {ValidPodWithPodLevelResources(
           "pod-level-limits-with-max", 3,
           {ComputeList("", ""), ComputeList("50m", "60Mi")},
           {ComputeList("", ""), ComputeList("160m", "200Mi")}),
       CreateLimitRange("Pod", ComputeList("", ""),
                        ComputeList("160m", "200Mi"), None(), None(), None())},
  };
  CHECK(cases.size() == 40);
  for (const Case& c : cases) {
    PodSpecResources spec = c.pod.spec;
    LimitRangerOutcome out = Run(c.limit_range, table, spec);
    CHECK_MESSAGE(out.error.empty(), "pod ", c.pod.name,
                  ": unexpected error \"", out.error, "\"");
  }
}

TEST_CASE("LimitRanger (upstream): TestPodLimitFunc error cases") {
  ResourceTable table;
  REQUIRE(table.Intern("ephemeral-storage") == kEphemeralStorage);
  const std::vector<Case> cases = {
      {ValidPod("ctr-min-cpu-request", 1, ComputeList("40m", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("50m", ""), None(), None(),
                        None(), None()),
       {"minimum cpu usage per Container is 50m, but request is 40m"}},
      {ValidPod("ctr-min-cpu-request-limit", 1, ComputeList("40m", ""),
                ComputeList("200m", "")),
       CreateLimitRange("Container", ComputeList("50m", ""), None(), None(),
                        None(), None()),
       {"minimum cpu usage per Container is 50m, but request is 40m"}},
      {ValidPod("ctr-min-cpu-no-request-limit", 1, ComputeList("", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("50m", ""), None(), None(),
                        None(), None()),
       {"minimum cpu usage per Container is 50m.  No request is specified"}},
      {ValidPod("ctr-min-memory-request", 1, ComputeList("", "40Mi"),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("", "50Mi"), None(), None(),
                        None(), None()),
       {"minimum memory usage per Container is 50Mi, but request is 40Mi"}},
      {ValidPod("ctr-min-memory-request-limit", 1, ComputeList("", "40Mi"),
                ComputeList("", "100Mi")),
       CreateLimitRange("Container", ComputeList("", "50Mi"), None(), None(),
                        None(), None()),
       {"minimum memory usage per Container is 50Mi, but request is 40Mi"}},
      {ValidPod("ctr-min-memory-no-request-limit", 1, ComputeList("", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", ComputeList("", "50Mi"), None(), None(),
                        None(), None()),
       {"minimum memory usage per Container is 50Mi.  No request is "
        "specified"}},
      {ValidPod("ctr-max-cpu-request-limit", 1, ComputeList("500m", ""),
                ComputeList("2500m", "")),
       CreateLimitRange("Container", None(), ComputeList("2", ""), None(),
                        None(), None()),
       {"maximum cpu usage per Container is 2, but limit is 2500m"}},
      {ValidPod("ctr-max-cpu-limit", 1, ComputeList("", ""),
                ComputeList("2500m", "")),
       CreateLimitRange("Container", None(), ComputeList("2", ""), None(),
                        None(), None()),
       {"maximum cpu usage per Container is 2, but limit is 2500m"}},
      {ValidPod("ctr-max-cpu-no-request-limit", 1, ComputeList("", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", None(), ComputeList("2", ""), None(),
                        None(), None()),
       {"maximum cpu usage per Container is 2.  No limit is specified"}},
      {ValidPod("ctr-max-cpu-ratio", 1, ComputeList("1250m", ""),
                ComputeList("2500m", "")),
       CreateLimitRange("Container", None(), None(), None(), None(),
                        ComputeList("1", "")),
       {"cpu max limit to request ratio per Container is 1, but provided "
        "ratio is 2.000000"}},
      {ValidPod("ctr-max-mem-request-limit", 1, ComputeList("", "250Mi"),
                ComputeList("", "2Gi")),
       CreateLimitRange("Container", None(), ComputeList("", "1Gi"), None(),
                        None(), None()),
       {"maximum memory usage per Container is 1Gi, but limit is 2Gi"}},
      {ValidPod("ctr-max-mem-limit", 1, ComputeList("", ""),
                ComputeList("", "2Gi")),
       CreateLimitRange("Container", None(), ComputeList("", "1Gi"), None(),
                        None(), None()),
       {"maximum memory usage per Container is 1Gi, but limit is 2Gi"}},
      {ValidPod("ctr-max-mem-no-request-limit", 1, ComputeList("", ""),
                ComputeList("", "")),
       CreateLimitRange("Container", None(), ComputeList("", "1Gi"), None(),
                        None(), None()),
       {"maximum memory usage per Container is 1Gi.  No limit is specified"}},
      {ValidPod("pod-min-cpu-request", 1, ComputeList("75m", ""),
                ComputeList("", "")),
       CreateLimitRange("Pod", ComputeList("100m", ""), None(), None(), None(),
                        None()),
       {"minimum cpu usage per Pod is 100m, but request is 75m"}},
      {ValidPod("pod-min-cpu-request-limit", 1, ComputeList("75m", ""),
                ComputeList("200m", "")),
       CreateLimitRange("Pod", ComputeList("100m", ""), None(), None(), None(),
                        None()),
       {"minimum cpu usage per Pod is 100m, but request is 75m"}},
      {ValidPod("pod-min-memory-request", 1, ComputeList("", "60Mi"),
                ComputeList("", "")),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None()),
       {"minimum memory usage per Pod is 100Mi, but request is 60Mi"}},
      {ValidPod("pod-min-memory-request-limit", 1, ComputeList("", "60Mi"),
                ComputeList("", "100Mi")),
       CreateLimitRange("Pod", ComputeList("", "100Mi"), None(), None(), None(),
                        None()),
       {"minimum memory usage per Pod is 100Mi, but request is 60Mi"}},
      {ValidPod("pod-max-cpu-request-limit", 3, ComputeList("500m", ""),
                ComputeList("1", "")),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None()),
       {"maximum cpu usage per Pod is 2, but limit is 3"}},
      {ValidPod("pod-max-cpu-limit", 3, ComputeList("", ""),
                ComputeList("1", "")),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None()),
       {"maximum cpu usage per Pod is 2, but limit is 3"}},
      {ValidPod("pod-max-mem-request-limit", 3, ComputeList("", "250Mi"),
                ComputeList("", "500Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "1Gi"), None(), None(),
                        None()),
       {"maximum memory usage per Pod is 1Gi, but limit is 1500Mi"}},
      {ValidPod("pod-max-mem-limit", 3, ComputeList("", ""),
                ComputeList("", "500Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "1Gi"), None(), None(),
                        None()),
       {"maximum memory usage per Pod is 1Gi, but limit is 1500Mi"}},
      {ValidPodInit(ValidPod("pod-init-max-mem-limit", 1, ComputeList("", ""),
                             ComputeList("", "500Mi")),
                    {{ComputeList("", ""), ComputeList("", "1.5Gi")}}),
       CreateLimitRange("Pod", None(), ComputeList("", "1Gi"), None(), None(),
                        None()),
       {"maximum memory usage per Pod is 1Gi, but limit is 1536Mi"}},
      {ValidPod("pod-max-mem-ratio", 3, ComputeList("", "250Mi"),
                ComputeList("", "500Mi")),
       CreateLimitRange("Pod", None(), ComputeList("", "2Gi"), None(), None(),
                        ComputeList("", "1.5")),
       {"memory max limit to request ratio per Pod is 1500m, but provided "
        "ratio is 2.000000"}},
      {ValidPod("ctr-1-min-local-ephemeral-storage-request", 1,
                LocalStorageList("40Mi"), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi, but request "
        "is 40Mi"}},
      {ValidPod("ctr-1-min-local-ephemeral-storage-request-limit", 1,
                LocalStorageList("40Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi, but request "
        "is 40Mi"}},
      {ValidPod("ctr-1-min-local-ephemeral-storage-no-request-limit", 1,
                LocalStorageList(""), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi.  No request "
        "is specified"}},
      {ValidPod("ctr-1-max-local-ephemeral-storage-request-limit", 1,
                LocalStorageList("250Mi"), LocalStorageList("2Gi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi, but limit is "
        "2Gi"}},
      {ValidPod("ctr-1-max-local-ephemeral-storage-limit", 1,
                LocalStorageList(""), LocalStorageList("2Gi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi, but limit is "
        "2Gi"}},
      {ValidPod("ctr-1-max-local-ephemeral-storage-no-request-limit", 1,
                LocalStorageList(""), LocalStorageList("")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi.  No limit is "
        "specified"}},
      // Two containers break the same bound: the aggregate keeps one copy.
      {ValidPod("ctr-2-min-local-ephemeral-storage-request", 2,
                LocalStorageList("40Mi"), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi, but request "
        "is 40Mi"}},
      {ValidPod("ctr-2-min-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("40Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi, but request "
        "is 40Mi"}},
      {ValidPod("ctr-2-min-local-ephemeral-storage-no-request-limit", 2,
                LocalStorageList(""), LocalStorageList("")),
       CreateLimitRange("Container", LocalStorageList("50Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Container is 50Mi.  No request "
        "is specified"}},
      {ValidPod("ctr-2-max-local-ephemeral-storage-request-limit", 2,
                LocalStorageList("250Mi"), LocalStorageList("2Gi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi, but limit is "
        "2Gi"}},
      {ValidPod("ctr-2-max-local-ephemeral-storage-limit", 2,
                LocalStorageList(""), LocalStorageList("2Gi")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi, but limit is "
        "2Gi"}},
      {ValidPod("ctr-2-max-local-ephemeral-storage-no-request-limit", 2,
                LocalStorageList(""), LocalStorageList("")),
       CreateLimitRange("Container", None(), LocalStorageList("1Gi"), None(),
                        None(), None()),
       {"maximum ephemeral-storage usage per Container is 1Gi.  No limit is "
        "specified"}},
      {ValidPod("pod-min-local-ephemeral-storage-request", 1,
                LocalStorageList("60Mi"), LocalStorageList("")),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Pod is 100Mi, but request is "
        "60Mi"}},
      {ValidPod("pod-min-local-ephemeral-storage-request-limit", 1,
                LocalStorageList("60Mi"), LocalStorageList("100Mi")),
       CreateLimitRange("Pod", LocalStorageList("100Mi"), None(), None(),
                        None(), None()),
       {"minimum ephemeral-storage usage per Pod is 100Mi, but request is "
        "60Mi"}},
      {ValidPod("pod-max-local-ephemeral-storage-request-limit", 3,
                LocalStorageList("250Mi"), LocalStorageList("500Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("1Gi"), None(), None(),
                        None()),
       {"maximum ephemeral-storage usage per Pod is 1Gi, but limit is "
        "1500Mi"}},
      {ValidPod("pod-max-local-ephemeral-storage-limit", 3,
                LocalStorageList(""), LocalStorageList("500Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("1Gi"), None(), None(),
                        None()),
       {"maximum ephemeral-storage usage per Pod is 1Gi, but limit is "
        "1500Mi"}},
      {ValidPodInit(ValidPod("pod-init-max-local-ephemeral-storage-limit", 1,
                             LocalStorageList(""), LocalStorageList("500Mi")),
                    {{LocalStorageList(""), LocalStorageList("1.5Gi")}}),
       CreateLimitRange("Pod", None(), LocalStorageList("1Gi"), None(), None(),
                        None()),
       {"maximum ephemeral-storage usage per Pod is 1Gi, but limit is "
        "1536Mi"}},
      {ValidPod("pod-max-local-ephemeral-storage-ratio", 3,
                LocalStorageList("250Mi"), LocalStorageList("500Mi")),
       CreateLimitRange("Pod", None(), LocalStorageList("2Gi"), None(), None(),
                        LocalStorageList("1.5")),
       {"ephemeral-storage max limit to request ratio per Pod is 1500m, but "
        "provided ratio is 2.000000"}},
      // The sidecar's request adds to the containers': 1000m + 1500m.
      {WithRestartableInitContainer(
           ComputeList("1500m", ""), None(),
           ValidPod("ctr-max-cpu-limit-restartable-init-container", 1,
                    ComputeList("1000m", ""), ComputeList("1500m", ""))),
       CreateLimitRange("Pod", None(), ComputeList("2", ""), None(), None(),
                        None()),
       {"maximum cpu usage per Pod is 2, but request is 2500m"}},
      // podLevelResourcesEnabled: true (podsim runs with PodLevelResources
      // on). Upstream has no error case that needs the gate off.
      {ValidPodWithPodLevelResources(
           "pod-level-resources-exceeding-max", 3,
           {ComputeList("100m", "60Mi"), ComputeList("200m", "100Mi")},
           {ComputeList("200m", "180Mi"), ComputeList("500m", "280Mi")}),
       CreateLimitRange("Pod", None(), ComputeList("400m", "200Mi"), None(),
                        None(), None()),
       {"maximum cpu usage per Pod is 400m, but limit is 500m",
        "maximum memory usage per Pod is 200Mi, but limit is 280Mi"}},
      {ValidPodWithPodLevelResources(
           "pod-level-requests-less-than-min", 3,
           {ComputeList("50m", "60Mi"), ComputeList("", "")},
           {ComputeList("100m", "200Mi"), ComputeList("", "")}),
       CreateLimitRange("Pod", ComputeList("160m", "200Mi"),
                        ComputeList("", ""), None(), None(), None()),
       {"minimum cpu usage per Pod is 160m, but request is 100m"}},
      {ValidPodWithPodLevelResources(
           "pod-level-limits-exceeding-max", 3,
           {ComputeList("", ""), ComputeList("50m", "60Mi")},
           {ComputeList("", ""), ComputeList("160m", "300Mi")}),
       CreateLimitRange("Pod", ComputeList("", ""),
                        ComputeList("160m", "200Mi"), None(), None(), None()),
       {"maximum memory usage per Pod is 200Mi, but limit is 300Mi"}},
  };
  CHECK(cases.size() == 45);
  for (const Case& c : cases) {
    PodSpecResources spec = c.pod.spec;
    LimitRangerOutcome out = Run(c.limit_range, table, spec);
    CHECK_MESSAGE(!out.error.empty(), "pod ", c.pod.name,
                  ": expected an error");
    if (out.error.empty()) continue;
    CHECK(out.refused_by == "LimitRange test/abc");
    if (!c.want.empty()) CheckUpstreamError(c.pod.name, out.error, c.want);
  }
}

TEST_CASE("LimitRanger (upstream): TestPodLimitFuncApplyDefault") {
  ResourceTable table;
  LimitRange range = ValidLimitRange();
  TestPod pod =
      ValidPodInit(ValidPod("foo", 1, None(), None()), {{None(), None()}});
  LimitRangerOutcome out = Run(range, table, pod.spec);
  REQUIRE(pod.spec.containers.size() == 2);
  for (const ContainerSpec& c : pod.spec.containers) {
    INFO(c.name, c.init ? " (init)" : "");
    const ResourceQuantity* limit_memory = c.limits.Find(kMemory);
    const ResourceQuantity* limit_cpu = c.limits.Find(kCpu);
    const ResourceQuantity* request_memory = c.requests.Find(kMemory);
    const ResourceQuantity* request_cpu = c.requests.Find(kCpu);
    REQUIRE(limit_memory);
    REQUIRE(limit_cpu);
    REQUIRE(request_memory);
    REQUIRE(request_cpu);
    CHECK(limit_memory->Text() == "10Mi");
    CHECK(limit_cpu->Text() == "75m");
    CHECK(request_memory->Text() == "5Mi");
    CHECK(request_cpu->Text() == "50m");
  }
  // Upstream's annotation (not checked there): "LimitRanger plugin set:
  // cpu, memory request for container foo-0; cpu, memory limit for
  // container foo-0; cpu, memory request for init container foo-0; cpu,
  // memory limit for init container foo-0".
  REQUIRE(out.notes.size() == 1);
  CHECK(out.notes[0].change ==
        "set cpu 50m, memory 5Mi request for container foo-0; cpu 75m, "
        "memory 10Mi limit for container foo-0; cpu 50m, memory 5Mi request "
        "for init container foo-0; cpu 75m, memory 10Mi limit for init "
        "container foo-0");
}

TEST_CASE("LimitRanger (upstream): TestLimitRangerAdmitPod") {
  // Create only: the update, status-subresource and terminating-pod parts
  // (and TestLimitRangerIgnoresSubresource's, whose create part is this
  // one) concern requests podsim never makes.
  ResourceTable table;
  LimitRange range = ValidLimitRangeNoDefaults();
  TestPod pod = ValidPod("testPod", 1, None(), None());
  LimitRangerOutcome out = Run(range, table, pod.spec);
  // Admit: no defaults to set, so nothing changes.
  CHECK(out.notes.empty());
  CHECK(pod.spec.containers[0].requests.empty());
  CHECK(pod.spec.containers[0].limits.empty());
  // Validate: "Expected an error since the pod did not specify resource
  // limits in its create call".
  REQUIRE(!out.error.empty());
  CHECK(out.refused_by == "LimitRange test/abc");
  CheckUpstreamError(
      pod.name, out.error,
      {"minimum cpu usage per Pod is 50m.  No request is specified",
       "minimum memory usage per Pod is 2Mi.  No request is specified",
       "maximum cpu usage per Pod is 200m.  No limit is specified",
       "maximum memory usage per Pod is 4Gi.  No limit is specified",
       "minimum cpu usage per Container is 25m.  No request is specified",
       "minimum memory usage per Container is 1Mi.  No request is specified",
       "maximum cpu usage per Container is 100m.  No limit is specified",
       "maximum memory usage per Container is 2Gi.  No limit is specified"});
}

}  // namespace podsim
