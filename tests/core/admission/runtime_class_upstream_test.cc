// Cases from kubernetes/kubernetes v1.37.2
// plugin/pkg/admission/runtimeclass/admission_test.go and
// pkg/util/tolerations/tolerations_test.go, named as upstream names them.
//
// Not translated: TestValidateInitialization (the plugin's lister and client;
// podsim reads RuntimeClasses from its input), TestAdmit's "runtimeClass not
// found by lister nor client" (RuntimeClassAdmit is only called with a class
// the caller found; core/admission/admission.cc refuses a pod whose class is
// missing, and tests/core/admission/admission_test.cc covers that end to
// end), TestVerifyAgainstWhitelist (podsim has no VerifyAgainstWhitelist:
// only the PodTolerationRestriction plugin, which podsim does not model, calls
// it) and TestFuzzed (Go's math/rand sequence cannot be reproduced, its
// tolerations carry tolerationSeconds, and its containment check calls the
// internal isSuperset). podsim's Toleration has no tolerationSeconds, so the
// tolerations "foo-noexec-10", "foo-noexec-0" and "foo-bar-noexec-10" cannot
// be written; see TestIsSuperset and TestMergeTolerations below.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/admission/runtime_class.h"
#include "core/api/container_resources.h"
#include "core/api/objects.h"
#include "core/api/resources.h"
#include "core/base/quantity.h"

namespace podsim {
namespace {

using Selector = std::vector<std::pair<std::string, std::string>>;

ResourceQuantity Amount(ResourceId id, const std::string& text) {
  return {.id = id,
          .millis = Quantity::Parse(text)->millis(),
          .format = FormatOf(text)};
}

// core.ResourceList{cpu: ..., memory: ...}.
QuantityList ComputeList(const std::string& cpu, const std::string& memory) {
  QuantityList list;
  list.Set(Amount(kCpu, cpu));
  list.Set(Amount(kMemory, memory));
  return list;
}

// An api.Pod as the RuntimeClass tests build it: its name, node selector,
// tolerations and resources.
struct TestPod {
  Pod pod;
  PodSpecResources spec;
};

// newOverheadValidPod: n containers foo-0, foo-1, ... each with the
// requirements; with setOverhead, spec.overhead is cpu 100m, memory 1.
TestPod NewOverheadValidPod(const std::string& name, int n,
                            const QuantityList& requests,
                            const QuantityList& limits, bool set_overhead) {
  TestPod out;
  out.pod.ns = "test";
  out.pod.name = name;
  for (int i = 0; i < n; ++i) {
    out.spec.containers.push_back({.name = "foo-" + std::to_string(i),
                                   .requests = requests,
                                   .limits = limits});
  }
  if (set_overhead) out.spec.overhead = ComputeList("100m", "1");
  return out;
}

// getGuaranteedRequirements: requests = limits = cpu 1, memory 10.
QuantityList Guaranteed() { return ComputeList("1", "10"); }

// newSchedulingValidPod.
TestPod NewSchedulingValidPod(const std::string& name,
                              const Selector& node_selector,
                              const std::vector<Toleration>& tolerations) {
  TestPod out;
  out.pod.ns = "test";
  out.pod.name = name;
  out.pod.node_selector = node_selector;
  out.pod.tolerations = tolerations;
  return out;
}

// &nodev1.RuntimeClass{ObjectMeta: {Name: "foo"}, Handler: "bar"}.
RuntimeClass FooRuntimeClass() {
  RuntimeClass rc;
  rc.name = "foo";
  rc.handler = "bar";
  return rc;
}

RuntimeClass WithOverhead(const std::string& cpu, const std::string& memory) {
  RuntimeClass rc = FooRuntimeClass();
  rc.overhead = ComputeList(cpu, memory);
  return rc;
}

RuntimeClass WithScheduling(const Selector& node_selector,
                            const std::vector<Toleration>& tolerations) {
  RuntimeClass rc = FooRuntimeClass();
  rc.has_scheduling = true;
  rc.node_selector = node_selector;
  rc.tolerations = tolerations;
  return rc;
}

// "cpu=100m memory=1", or "<none>" for a nil spec.overhead.
std::string Show(const std::optional<QuantityList>& list,
                 const ResourceTable& table) {
  if (!list) return "<none>";
  std::string out;
  for (const ResourceQuantity& q : list->items) {
    out += (out.empty() ? "" : " ") + table.Name(q.id) + "=" + q.Text() + " (" +
           std::to_string(q.millis) + "m)";
  }
  return out;
}

std::string Show(const Selector& selector) {
  std::string out;
  for (const auto& [key, value] : selector) {
    out += (out.empty() ? "" : ", ") + key + "=" + value;
  }
  return out;
}

// Every field: {Key, Operator, Value, Effect}.
std::string Show(const Toleration& t) {
  return std::string("{") + t.key + " " + (t.exists ? "Exists" : "Equal") +
         " " + t.value + " " + (t.effect ? ToString(*t.effect) : "") + "}";
}

std::string Show(const std::vector<Toleration>& tolerations) {
  std::string out;
  for (const Toleration& t : tolerations) {
    out += (out.empty() ? "" : ", ") + Show(t);
  }
  return out;
}

Toleration Equal(const std::string& key, const std::string& value,
                 TaintEffect effect) {
  return {.key = key, .exists = false, .value = value, .effect = effect};
}

// tolerations_test.go's table, less the three that set tolerationSeconds
// ("foo-noexec-10", "foo-noexec-0", "foo-bar-noexec-10").
const std::map<std::string, Toleration>& Tolerations() {
  static const std::map<std::string, Toleration> table = {
      {"all", {.exists = true}},
      {"all-nosched", {.exists = true, .effect = TaintEffect::kNoSchedule}},
      {"all-noexec", {.exists = true, .effect = TaintEffect::kNoExecute}},
      {"foo", {.key = "foo", .exists = true}},
      {"foo-bar", {.key = "foo", .exists = false, .value = "bar"}},
      {"foo-nosched",
       {.key = "foo", .exists = true, .effect = TaintEffect::kNoSchedule}},
      {"foo-bar-nosched", Equal("foo", "bar", TaintEffect::kNoSchedule)},
      {"foo-baz-nosched", Equal("foo", "baz", TaintEffect::kNoSchedule)},
      {"faz-nosched",
       {.key = "faz", .exists = true, .effect = TaintEffect::kNoSchedule}},
      {"faz-baz-nosched", Equal("faz", "baz", TaintEffect::kNoSchedule)},
      {"foo-prefnosched",
       {.key = "foo",
        .exists = true,
        .effect = TaintEffect::kPreferNoSchedule}},
      {"foo-noexec",
       {.key = "foo", .exists = true, .effect = TaintEffect::kNoExecute}},
      {"foo-bar-noexec", Equal("foo", "bar", TaintEffect::kNoExecute)},
  };
  return table;
}

// getTolerations. A name not in the table gives the zero Toleration, as Go's
// map lookup does.
std::vector<Toleration> GetTolerations(const std::vector<std::string>& names) {
  std::vector<Toleration> out;
  for (const std::string& name : names) {
    auto it = Tolerations().find(name);
    out.push_back(it == Tolerations().end() ? Toleration{} : it->second);
  }
  return out;
}

// isSuperset(ss, t), seen through MergeTolerations({ss}, {t}): ss is kept
// first; t is then left out exactly when ss tolerates a superset of it. ss
// itself is left out only when t is a different superset of ss, which no two
// distinct tolerations of the table are of each other. So the merge is {ss}
// exactly when isSuperset(ss, t).
bool IsSuperset(const Toleration& ss, const Toleration& t) {
  return Show(MergeTolerations({ss}, {t})) == Show(std::vector{ss});
}

}  // namespace

TEST_CASE("RuntimeClass (upstream): TestSetOverhead") {
  ResourceTable table;
  std::vector<AdmissionNote> notes;

  SUBCASE("overhead, no container requirements") {
    RuntimeClass rc = WithOverhead("100m", "1");
    TestPod pod =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, false);
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    // expectedPod: newOverheadValidPod(..., true).
    TestPod want =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, true);
    CHECK(Show(pod.spec.overhead, table) == Show(want.spec.overhead, table));
    CHECK(Show(pod.spec.overhead, table) == "cpu=100m (100m) memory=1 (1000m)");
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].plugin == "RuntimeClass");
    CHECK(notes[0].object == "RuntimeClass foo");
    CHECK(notes[0].change == "set overhead cpu 100m, memory 1");
  }

  SUBCASE("overhead, guaranteed pod") {
    RuntimeClass rc = WithOverhead("100m", "1");
    TestPod pod =
        NewOverheadValidPod("guaranteed", 1, Guaranteed(), Guaranteed(), false);
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.spec.overhead, table) == "cpu=100m (100m) memory=1 (1000m)");
    // setOverhead leaves the containers alone.
    REQUIRE(pod.spec.containers.size() == 1);
    CHECK(Show(pod.spec.containers[0].requests, table) ==
          "cpu=1 (1000m) memory=10 (10000m)");
    CHECK(Show(pod.spec.containers[0].limits, table) ==
          "cpu=1 (1000m) memory=10 (10000m)");
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].change == "set overhead cpu 100m, memory 1");
  }

  SUBCASE("overhead, pod with differing overhead already set") {
    RuntimeClass rc = WithOverhead("10", "10G");
    TestPod pod =
        NewOverheadValidPod("empty-requiremennts-overhead", 1, {}, {}, true);
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) ==
          "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined "
          "Overhead");
    CHECK(notes.empty());
  }

  SUBCASE("overhead, pod with same overhead already set") {
    RuntimeClass rc = WithOverhead("100m", "1");
    TestPod pod =
        NewOverheadValidPod("empty-requiremennts-overhead", 1, {}, {}, true);
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.spec.overhead, table) == "cpu=100m (100m) memory=1 (1000m)");
    // Nothing changed, so nothing to note.
    CHECK(notes.empty());
  }
}

TEST_CASE("RuntimeClass (upstream): TestSetScheduling") {
  ResourceTable table;
  std::vector<AdmissionNote> notes;

  SUBCASE("scheduling, nil scheduling") {
    RuntimeClass rc = FooRuntimeClass();  // Scheduling: nil
    TestPod pod = NewSchedulingValidPod("pod-with-conflict-node-selector",
                                        {{"foo", "bar"}}, {});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.pod.node_selector) == "foo=bar");
    CHECK(pod.pod.tolerations.empty());
    CHECK(notes.empty());
  }

  SUBCASE("scheduling, conflict node selector") {
    RuntimeClass rc = WithScheduling({{"foo", "conflict"}}, {});
    TestPod pod = NewSchedulingValidPod("pod-with-conflict-node-selector",
                                        {{"foo", "bar"}}, {});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) ==
          "conflict: runtimeClass.scheduling.nodeSelector[foo] = conflict; "
          "pod.spec.nodeSelector[foo] = bar");
    CHECK(notes.empty());
  }

  SUBCASE("scheduling, nil node selector") {
    RuntimeClass rc = WithScheduling({{"foo", "bar"}}, {});
    TestPod pod =
        NewSchedulingValidPod("pod-with-conflict-node-selector", {}, {});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.pod.node_selector) == "foo=bar");
    CHECK(pod.pod.tolerations.empty());
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].plugin == "RuntimeClass");
    CHECK(notes[0].object == "RuntimeClass foo");
    CHECK(notes[0].change == "set node selector foo=bar");
  }

  SUBCASE("scheduling, node selector with the same key value") {
    RuntimeClass rc = WithScheduling({{"foo", "bar"}}, {});
    TestPod pod = NewSchedulingValidPod("pod-with-same-key-value-node-selector",
                                        {{"foo", "bar"}}, {});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.pod.node_selector) == "foo=bar");
    CHECK(pod.pod.tolerations.empty());
    CHECK(notes.empty());
  }

  SUBCASE("scheduling, node selector with different key value") {
    RuntimeClass rc = WithScheduling({{"foo", "bar"}, {"fizz", "buzz"}}, {});
    TestPod pod = NewSchedulingValidPod(
        "pod-with-different-key-value-node-selector", {{"foo", "bar"}}, {});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    // Upstream's maps have no order; podsim appends in the class's order.
    CHECK(Show(pod.pod.node_selector) == "foo=bar, fizz=buzz");
    CHECK(pod.pod.tolerations.empty());
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].change == "set node selector fizz=buzz");
  }

  SUBCASE("scheduling, multiple tolerations") {
    RuntimeClass rc =
        WithScheduling({}, {Equal("foo", "bar", TaintEffect::kNoSchedule),
                            Equal("fizz", "buzz", TaintEffect::kNoSchedule)});
    TestPod pod =
        NewSchedulingValidPod("pod-with-tolerations", {{"foo", "bar"}},
                              {Equal("foo", "bar", TaintEffect::kNoSchedule)});
    CHECK(RuntimeClassAdmit(rc, table, pod.pod, pod.spec, notes) == "");
    CHECK(Show(pod.pod.node_selector) == "foo=bar");
    const std::vector<Toleration> want = {
        Equal("foo", "bar", TaintEffect::kNoSchedule),
        Equal("fizz", "buzz", TaintEffect::kNoSchedule)};
    CHECK(Show(pod.pod.tolerations) == Show(want));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].plugin == "RuntimeClass");
    CHECK(notes[0].object == "RuntimeClass foo");
    CHECK(notes[0].change == "set tolerations fizz=buzz:NoSchedule");
  }
}

TEST_CASE("RuntimeClass (upstream): TestAdmit") {
  // "runtimeClass found by lister" and "runtimeClass found by client": podsim
  // has no lister or client, so both are a pod naming a class with no
  // overhead and no scheduling. "runtimeClass not found by lister nor
  // client": see the top of the file.
  ResourceTable table;
  RuntimeClass rc;
  rc.name = "runtimeClassName";
  Pod pod;
  pod.name = "podname";
  pod.runtime_class_name = "runtimeClassName";
  PodSpecResources spec;
  std::vector<AdmissionNote> notes;
  CHECK(RuntimeClassAdmit(rc, table, pod, spec, notes) == "");
  CHECK(!spec.overhead);
  CHECK(pod.node_selector.empty());
  CHECK(pod.tolerations.empty());
  CHECK(notes.empty());
}

TEST_CASE("RuntimeClass (upstream): TestValidate") {
  // Upstream's pods name no RuntimeClass (and its plugin has no lister), so
  // prepareObjects returns no class and each case's runtimeClass goes
  // unread: every case validates against no RuntimeClass.
  SUBCASE("No Overhead in RunntimeClass, Overhead set in pod") {
    TestPod pod = NewOverheadValidPod("no-resource-req-no-overhead", 1,
                                      Guaranteed(), Guaranteed(), true);
    CHECK(RuntimeClassValidate(nullptr, pod.spec) ==
          "pod rejected: Pod Overhead set without corresponding RuntimeClass "
          "defined Overhead");
  }

  SUBCASE("Non-matching Overheads") {
    TestPod pod =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, true);
    CHECK(RuntimeClassValidate(nullptr, pod.spec) ==
          "pod rejected: Pod Overhead set without corresponding RuntimeClass "
          "defined Overhead");
  }

  SUBCASE("Matching Overheads") {
    TestPod pod =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, false);
    CHECK(RuntimeClassValidate(nullptr, pod.spec) == "");
  }
}

TEST_CASE("RuntimeClass (upstream): TestValidateOverhead") {
  SUBCASE("Overhead part of RuntimeClass, no Overhead defined in pod") {
    RuntimeClass rc = WithOverhead("100m", "1");
    TestPod pod = NewOverheadValidPod("no-requirements", 1, {}, {}, false);
    CHECK(RuntimeClassValidate(&rc, pod.spec) ==
          "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined "
          "Overhead");
  }

  SUBCASE("No Overhead in RunntimeClass, Overhead set in pod") {
    RuntimeClass rc = FooRuntimeClass();
    TestPod pod = NewOverheadValidPod("no-resource-req-no-overhead", 1,
                                      Guaranteed(), Guaranteed(), true);
    CHECK(RuntimeClassValidate(&rc, pod.spec) ==
          "pod rejected: Pod Overhead set without corresponding RuntimeClass "
          "defined Overhead");
  }

  SUBCASE("No RunntimeClass, Overhead set in pod") {
    TestPod pod = NewOverheadValidPod("no-resource-req-no-overhead", 1,
                                      Guaranteed(), Guaranteed(), true);
    CHECK(RuntimeClassValidate(nullptr, pod.spec) ==
          "pod rejected: Pod Overhead set without corresponding RuntimeClass "
          "defined Overhead");
  }

  SUBCASE("Non-matching Overheads") {
    RuntimeClass rc = WithOverhead("10", "10G");
    TestPod pod =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, true);
    CHECK(RuntimeClassValidate(&rc, pod.spec) ==
          "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined "
          "Overhead");
  }

  SUBCASE("Matching Overheads") {
    RuntimeClass rc = WithOverhead("100m", "1");
    TestPod pod =
        NewOverheadValidPod("no-resource-req-no-overhead", 1, {}, {}, true);
    CHECK(RuntimeClassValidate(&rc, pod.spec) == "");
  }
}

TEST_CASE("MergeTolerations (upstream): TestIsSuperset") {
  // Rows "foo-noexec-10", "foo-noexec-0" and "foo-bar-noexec-10", and those
  // three as subsets in the other rows, set tolerationSeconds and are left
  // out. Row "foo-prenosched" (sic) names no table entry, so upstream checks
  // the zero Toleration (key "", operator "" = Equal, value "", every
  // effect), which tolerates a superset of nothing but itself; it is kept as
  // written.
  const std::vector<std::pair<std::string, std::vector<std::string>>> tests = {
      {"all",
       {"all-nosched", "all-noexec", "foo", "foo-bar", "foo-nosched",
        "foo-bar-nosched", "foo-baz-nosched", "faz-nosched", "faz-baz-nosched",
        "foo-prefnosched", "foo-noexec", "foo-bar-noexec"}},
      {"all-nosched",
       {"foo-nosched", "foo-bar-nosched", "foo-baz-nosched", "faz-nosched",
        "faz-baz-nosched"}},
      {"all-noexec", {"foo-noexec", "foo-bar-noexec"}},
      {"foo",
       {"foo-bar", "foo-nosched", "foo-bar-nosched", "foo-baz-nosched",
        "foo-prefnosched", "foo-noexec", "foo-bar-noexec"}},
      {"foo-bar", {"foo-bar-nosched", "foo-bar-noexec"}},
      {"foo-nosched", {"foo-bar-nosched", "foo-baz-nosched"}},
      {"foo-bar-nosched", {}},
      {"faz-nosched", {"faz-baz-nosched"}},
      {"faz-baz-nosched", {}},
      {"foo-prenosched", {}},
      {"foo-noexec", {"foo-noexec", "foo-bar-noexec"}},
      {"foo-bar-noexec", {}},
  };
  for (const auto& [toleration, ss] : tests) {
    SUBCASE(toleration.c_str()) {
      const Toleration super = GetTolerations({toleration})[0];
      for (const auto& [name, sub] : Tolerations()) {
        const bool want = name == toleration ||
                          std::find(ss.begin(), ss.end(), name) != ss.end();
        INFO(toleration, (want ? " should" : " should NOT"),
             " be a superset of ", name);
        CHECK(IsSuperset(super, sub) == want);
      }
    }
  }
}

TEST_CASE("MergeTolerations (upstream): TestMergeTolerations") {
  // "foo-noexec-10" (foo, Exists, NoExecute, tolerationSeconds 10) is written
  // as "foo-noexec": here it tolerates a superset of no other toleration,
  // only "all" tolerates a superset of it, and isSuperset reads the seconds
  // only when ss's effect is NoExecute, so no expected result changes.
  struct Case {
    const char* name;
    std::vector<std::string> a, b, expected;
  };
  const std::vector<Case> tests = {
      {"disjoint",
       {"foo-bar-nosched", "faz-baz-nosched", "foo-noexec"},
       {"foo-prefnosched", "foo-baz-nosched"},
       {"foo-bar-nosched", "faz-baz-nosched", "foo-noexec", "foo-prefnosched",
        "foo-baz-nosched"}},
      {"duplicate",
       {"foo-bar-nosched", "faz-baz-nosched", "foo-noexec"},
       {"foo-bar-nosched", "faz-baz-nosched", "foo-noexec"},
       {"foo-bar-nosched", "faz-baz-nosched", "foo-noexec"}},
      {"merge redundant",
       {"foo-bar-nosched", "foo-baz-nosched"},
       {"foo-nosched", "faz-baz-nosched"},
       {"foo-nosched", "faz-baz-nosched"}},
      {"merge all",
       {"foo-bar-nosched", "foo-baz-nosched", "foo-noexec"},
       {"all"},
       {"all"}},
      {"merge into all",
       {"all"},
       {"foo-bar-nosched", "foo-baz-nosched", "foo-noexec"},
       {"all"}},
  };
  for (const Case& test : tests) {
    SUBCASE(test.name) {
      const std::vector<Toleration> actual =
          MergeTolerations(GetTolerations(test.a), GetTolerations(test.b));
      const std::vector<Toleration> want = GetTolerations(test.expected);
      REQUIRE(actual.size() == want.size());
      for (size_t i = 0; i < want.size(); ++i) {
        INFO("expected[", i, "] = ", test.expected[i]);
        CHECK(Show(actual[i]) == Show(want[i]));
      }
    }
  }
}

}  // namespace podsim
