// Cases from kubernetes/kubernetes v1.37.2
// pkg/quota/v1/evaluator/core/pods_test.go and
// plugin/pkg/admission/resourcequota/admission_test.go (the ResourceQuota
// admission plugin of k8s.io/apiserver v0.37.2 with the pods evaluator),
// named as upstream names them. Upstream's admission cases give the quota
// in status.hard and status.used; here hard is the quota's hard and used is
// seeded with QuotaLedger::SetUsed. Where an upstream case only checks that
// admission fails, the expected text is what CheckRequest formats for it.
//
// Not translated from pods_test.go: TestPodEvaluatorUsage's "pod deletion
// timestamp exceeded" (QuotaV1Pod compares the deletion timestamp plus the
// grace period with the evaluator's clock; PodQuotaUsage takes no clock),
// TestPodEvaluatorUsageResourceResize (status.containerStatuses' resources
// of an in-place resize), TestPodEvaluatorHandles (update, delete, connect
// and subresource operations; podsim admits pods at creation only) and
// BenchmarkPodMatchesScopeFunc.
//
// Not translated from admission_test.go: TestAdmissionIgnoresDelete (delete
// operations), the subresource half of TestAdmissionIgnoresSubresources,
// TestAdmitDryRun (podsim has no dry-run creation: Admit always charges),
// TestAdmitHandlesOldObjects, TestAdmitHandlesNegativePVCUpdates,
// TestAdmitHandlesPVCUpdates, TestAdmitHandlesCreatingUpdates,
// TestAdmitBelowTerminatingQuotaLimitWhenPodScopeUpdated,
// TestAdmitBelowVolumeAttributesClassQuotaLimit(WhenPVCScopeUpdated) and
// TestAdmitRejectsNegativeUsage (updates, services and PVCs),
// TestAdmitLimitedResourceNoQuota(IgnoresNonMatchingResources),
// TestAdmitLimitedResourceWithQuota, TestAdmitLimitedResourceWithMultipleQuota,
// TestAdmitLimitedResourceWithQuotaThatDoesNotCover,
// TestAdmitZeroDeltaUsageWithoutCoveringQuota,
// TestAdmitRejectIncreaseUsageWithoutCoveringQuota and
// TestAdmitAllowDecreaseUsageWithoutCoveringQuota (the LimitedResources
// admission configuration, which podsim does not model), and of
// TestAdmitLimitedScopeWithCoverQuota the cases whose answer comes from that
// configuration ("insufficient quota to ..."). Its other cases are
// translated without the configuration: each either has the covering quota
// the configuration asks for or configures nothing, so the ordinary quota
// check alone decides them. Also not translated: the apiserver package's own
// TestPrettyPrint, TestHasUsageStats, TestExcludedOperations,
// TestInitializationOrder, TestLRUCacheLookup and TestGetQuotas (internal
// helpers, plugin wiring and the quota lister's cache and live lookups).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/admission/resource_quota.h"
#include "core/api/container_resources.h"
#include "core/api/objects.h"
#include "core/api/resources.h"
#include "core/base/quantity.h"

namespace podsim {
namespace {

// Resource names and amounts as upstream writes them: {"cpu", "100m"}.
using NamedAmounts = std::vector<std::pair<std::string, std::string>>;

int64_t Millis(const std::string& text) {
  return Quantity::Parse(text)->millis();
}

ResourceQuantity Amount(ResourceId id, const std::string& text) {
  return {.id = id, .millis = Millis(text), .format = FormatOf(text)};
}

// An api.ResourceList of any resources, named through table.
QuantityList List(ResourceTable& table, const NamedAmounts& amounts) {
  QuantityList list;
  for (const auto& [name, text] : amounts) {
    list.Set(Amount(table.Intern(name), text));
  }
  return list;
}

// getResourceList: an empty string leaves the resource out.
QuantityList ComputeList(const std::string& cpu, const std::string& memory) {
  QuantityList list;
  if (!cpu.empty()) list.Set(Amount(kCpu, cpu));
  if (!memory.empty()) list.Set(Amount(kMemory, memory));
  return list;
}

// getResourceRequirements.
struct Requirements {
  QuantityList requests;
  QuantityList limits;
};

ContainerSpec Container(const std::string& name, const Requirements& r,
                        bool init = false) {
  return {
      .name = name, .init = init, .requests = r.requests, .limits = r.limits};
}

// The pod as the API server stores it: a container's limit without a
// request also sets the request (API defaulting), then the pod's requests,
// limits and QoS facts derived as decode derives them.
Pod MakePod(const std::string& ns, const std::string& name,
            PodSpecResources spec) {
  for (ContainerSpec& c : spec.containers) {
    for (const ResourceQuantity& limit : c.limits.items) {
      if (!c.requests.Find(limit.id)) c.requests.Set(limit);
    }
  }
  Pod pod;
  pod.ns = ns;
  pod.name = name;
  pod.key = ns + "/" + name;
  SetPodRequests(ToRequestSpec(spec), pod);
  pod.spec_resources = std::make_shared<const PodSpecResources>(spec);
  return pod;
}

// validPod: n containers (unnamed, as upstream's are) in namespace "test",
// each with the requirements.
Pod ValidPod(const std::string& name, int n, const Requirements& r) {
  PodSpecResources spec;
  for (int i = 0; i < n; ++i) spec.containers.push_back(Container("", r));
  return MakePod("test", name, spec);
}

// validPodWithPriority.
Pod ValidPodWithPriority(const std::string& name, int n, const Requirements& r,
                         const std::string& priority_class) {
  Pod pod = ValidPod(name, n, r);
  pod.priority_class_name = priority_class;
  return pod;
}

// A ResourceQuota with its hard amounts (status.hard) and scope
// requirements (spec.scopes as Exists, then spec.scopeSelector).
ResourceQuota Quota(const std::string& ns, const std::string& name,
                    const NamedAmounts& hard,
                    std::vector<QuotaScopeRequirement> scopes = {}) {
  ResourceQuota quota;
  quota.ns = ns;
  quota.name = name;
  for (const auto& [resource, text] : hard) {
    quota.hard.push_back({.resource = resource,
                          .millis = Millis(text),
                          .format = FormatOf(text)});
  }
  quota.scopes = std::move(scopes);
  return quota;
}

QuotaScopeRequirement Scope(const std::string& scope) {
  return {.scope = scope, .op = "Exists", .values = {}};
}

QuotaScopeRequirement PriorityClassScope(const std::string& op,
                                         std::vector<std::string> values) {
  return {.scope = "PriorityClass", .op = op, .values = std::move(values)};
}

// Seeds status.used.
void SetUsed(QuotaLedger& ledger, const ResourceQuota& quota,
             const NamedAmounts& used) {
  for (const auto& [resource, text] : used) {
    ledger.SetUsed(quota, resource, Millis(text));
  }
}

// Checks status.used against upstream's expectedUsage.
void CheckUsed(const QuotaLedger& ledger, const ResourceQuota& quota,
               const NamedAmounts& want) {
  for (const auto& [resource, text] : want) {
    INFO("quota ", quota.name, ": used ", resource, ", want ", text);
    CHECK(ledger.Used(quota, resource) == Millis(text));
  }
}

// The error the plugin returns: admission.NewForbidden's text around
// CheckRequest's message.
std::string Forbidden(const Pod& pod, const QuotaLedger::Refusal& refusal) {
  return "pods \"" + pod.name + "\" is forbidden: " + refusal.message;
}

// "count/pods=1000 cpu=1": a usage in milli-units, sorted by name, zero
// amounts left out, as quota.Equals compares usages.
std::string Show(const QuotaUsage& usage) {
  std::string out;
  for (const auto& [name, millis] : usage) {
    out += (out.empty() ? "" : " ") + name + "=" + std::to_string(millis);
  }
  return out;
}

std::string ShowWant(const NamedAmounts& want) {
  QuotaUsage usage;
  for (const auto& [name, text] : want) {
    if (Millis(text) != 0) usage.emplace_back(name, Millis(text));
  }
  std::sort(usage.begin(), usage.end());
  return Show(usage);
}

}  // namespace

// ---------------------------------------------------------------------------
// pkg/quota/v1/evaluator/core/pods_test.go

TEST_CASE("ResourceQuota (upstream): TestPodConstraintsFunc") {
  const Requirements cpu{ComputeList("1m", ""), ComputeList("2m", "")};
  struct Case {
    const char* name;
    PodSpecResources spec;
    std::vector<std::string> required;
    std::string err;
  };
  PodSpecResources pod_level;
  pod_level.pod_requests = ComputeList("1m", "");
  pod_level.containers = {Container("foo", {}), Container("bar", {})};
  const std::vector<Case> cases = {
      {"init container resource missing",
       {.containers = {Container("dummy", cpu, true)}},
       {"memory"},
       "must specify memory for: dummy"},
      {"multiple init container resource missing",
       {.containers = {Container("foo", cpu, true),
                       Container("bar", cpu, true)}},
       {"memory"},
       "must specify memory for: bar,foo"},
      {"container resource missing",
       {.containers = {Container("dummy", cpu)}},
       {"memory"},
       "must specify memory for: dummy"},
      {"multiple container resource missing",
       {.containers = {Container("foo", cpu), Container("bar", cpu)}},
       {"memory"},
       "must specify memory for: bar,foo"},
      {"container resource missing multiple",
       {.containers = {Container("foo", {}), Container("bar", {})}},
       {"memory", "cpu"},
       "must specify cpu for: bar,foo; memory for: bar,foo"},
      // podLevelResourcesEnabled: true (podsim always has pod-level
      // resources).
      {"pod-level resource set, container-level required resources missing",
       pod_level,
       {"memory", "cpu"},
       ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(QuotaConstraints(c.required, c.spec) == c.err); }
  }
}

TEST_CASE("ResourceQuota (upstream): TestPodEvaluatorUsage") {
  ResourceTable table;
  auto requirements = [&](const NamedAmounts& requests,
                          const NamedAmounts& limits) {
    return Requirements{List(table, requests), List(table, limits)};
  };
  struct Case {
    const char* name;
    Pod pod;
    NamedAmounts usage;
  };
  auto pod_of = [](std::vector<ContainerSpec> containers) {
    return MakePod("test", "pod", {.containers = std::move(containers)});
  };

  PodSpecResources overhead{
      .containers = {
          Container("", {ComputeList("1", ""), ComputeList("2", "")})}};
  overhead.overhead = ComputeList("1", "");
  PodSpecResources pod_level_cpu;
  pod_level_cpu.pod_requests = ComputeList("1m", "");
  pod_level_cpu.pod_limits = ComputeList("2m", "");
  PodSpecResources pod_level_memory;
  pod_level_memory.pod_requests = ComputeList("", "1Mi");
  pod_level_memory.pod_limits = ComputeList("", "2Mi");
  PodSpecResources pod_level_memory_storage = pod_level_memory;
  pod_level_memory_storage.containers = {
      Container("", requirements({{"ephemeral-storage", "32Mi"}},
                                 {{"ephemeral-storage", "64Mi"}}))};

  Pod terminated =
      pod_of({Container("", requirements({{"example.com/dongle", "3"}},
                                         {{"example.com/dongle", "3"}}))});
  terminated.phase = "Succeeded";
  // Marked for deletion, the grace period not yet past.
  Pod not_exceeded =
      pod_of({Container("", {ComputeList("1", ""), ComputeList("2", "")})});
  not_exceeded.terminating = true;
  not_exceeded.termination_grace_seconds = 30;

  const std::vector<Case> cases = {
      {"init container CPU",
       pod_of({Container("", {ComputeList("1m", ""), ComputeList("2m", "")},
                         true)}),
       {{"requests.cpu", "1m"},
        {"limits.cpu", "2m"},
        {"pods", "1"},
        {"cpu", "1m"},
        {"count/pods", "1"}}},
      {"init container MEM",
       pod_of({Container("", {ComputeList("", "1m"), ComputeList("", "2m")},
                         true)}),
       {{"requests.memory", "1m"},
        {"limits.memory", "2m"},
        {"pods", "1"},
        {"memory", "1m"},
        {"count/pods", "1"}}},
      {"init container local ephemeral storage",
       pod_of({Container("",
                         requirements({{"ephemeral-storage", "32Mi"}},
                                      {{"ephemeral-storage", "64Mi"}}),
                         true)}),
       {{"ephemeral-storage", "32Mi"},
        {"requests.ephemeral-storage", "32Mi"},
        {"limits.ephemeral-storage", "64Mi"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"init container hugepages",
       pod_of({Container("", requirements({{"hugepages-2Mi", "100Mi"}}, {}),
                         true)}),
       {{"hugepages-2Mi", "100Mi"},
        {"requests.hugepages-2Mi", "100Mi"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"init container extended resources",
       pod_of({Container("",
                         requirements({{"example.com/dongle", "3"}},
                                      {{"example.com/dongle", "3"}}),
                         true)}),
       {{"requests.example.com/dongle", "3"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"init container implicit extended resources",
       pod_of({Container(
           "",
           requirements({{"deviceclass.resource.kubernetes.io/dongle", "3"}},
                        {{"deviceclass.resource.kubernetes.io/dongle", "3"}}),
           true)}),
       {{"requests.deviceclass.resource.kubernetes.io/dongle", "3"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"container CPU",
       pod_of({Container("", {ComputeList("1m", ""), ComputeList("2m", "")})}),
       {{"requests.cpu", "1m"},
        {"limits.cpu", "2m"},
        {"pods", "1"},
        {"cpu", "1m"},
        {"count/pods", "1"}}},
      {"container MEM",
       pod_of({Container("", {ComputeList("", "1m"), ComputeList("", "2m")})}),
       {{"requests.memory", "1m"},
        {"limits.memory", "2m"},
        {"pods", "1"},
        {"memory", "1m"},
        {"count/pods", "1"}}},
      {"container local ephemeral storage",
       pod_of({Container("", requirements({{"ephemeral-storage", "32Mi"}},
                                          {{"ephemeral-storage", "64Mi"}}))}),
       {{"ephemeral-storage", "32Mi"},
        {"requests.ephemeral-storage", "32Mi"},
        {"limits.ephemeral-storage", "64Mi"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"container hugepages",
       pod_of({Container("", requirements({{"hugepages-2Mi", "100Mi"}}, {}))}),
       {{"hugepages-2Mi", "100Mi"},
        {"requests.hugepages-2Mi", "100Mi"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"container extended resources",
       pod_of({Container("", requirements({{"example.com/dongle", "3"}},
                                          {{"example.com/dongle", "3"}}))}),
       {{"requests.example.com/dongle", "3"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"container implicit extended resources",
       pod_of({Container(
           "", requirements(
                   {{"deviceclass.resource.kubernetes.io/dongle", "3"}},
                   {{"deviceclass.resource.kubernetes.io/dongle", "3"}}))}),
       {{"requests.deviceclass.resource.kubernetes.io/dongle", "3"},
        {"pods", "1"},
        {"count/pods", "1"}}},
      {"terminated generic count still appears",
       terminated,
       {{"count/pods", "1"}}},
      {"init container maximums override sum of containers",
       pod_of({Container("",
                         requirements({{"cpu", "4"},
                                       {"memory", "100M"},
                                       {"example.com/dongle", "4"}},
                                      {{"cpu", "8"},
                                       {"memory", "200M"},
                                       {"example.com/dongle", "4"}}),
                         true),
               Container("",
                         requirements({{"cpu", "1"},
                                       {"memory", "50M"},
                                       {"example.com/dongle", "2"}},
                                      {{"cpu", "2"},
                                       {"memory", "100M"},
                                       {"example.com/dongle", "2"}}),
                         true),
               Container("", requirements({{"cpu", "1"},
                                           {"memory", "50M"},
                                           {"example.com/dongle", "1"}},
                                          {{"cpu", "2"},
                                           {"memory", "100M"},
                                           {"example.com/dongle", "1"}})),
               Container("", requirements({{"cpu", "2"},
                                           {"memory", "25M"},
                                           {"example.com/dongle", "2"}},
                                          {{"cpu", "5"},
                                           {"memory", "50M"},
                                           {"example.com/dongle", "2"}}))}),
       {{"requests.cpu", "4"},
        {"requests.memory", "100M"},
        {"limits.cpu", "8"},
        {"limits.memory", "200M"},
        {"pods", "1"},
        {"cpu", "4"},
        {"memory", "100M"},
        {"requests.example.com/dongle", "4"},
        {"count/pods", "1"}}},
      {"pod deletion timestamp not exceeded",
       not_exceeded,
       {{"requests.cpu", "1"},
        {"limits.cpu", "2"},
        {"pods", "1"},
        {"cpu", "1"},
        {"count/pods", "1"}}},
      {"count pod overhead as usage",
       MakePod("test", "pod", overhead),
       {{"requests.cpu", "2"},
        {"limits.cpu", "3"},
        {"pods", "1"},
        {"cpu", "2"},
        {"count/pods", "1"}}},
      // The pod-level cases run with podLevelResourcesEnabled.
      {"pod-level CPU",
       MakePod("test", "pod", pod_level_cpu),
       {{"requests.cpu", "1m"},
        {"limits.cpu", "2m"},
        {"pods", "1"},
        {"cpu", "1m"},
        {"count/pods", "1"}}},
      {"pod-level Memory",
       MakePod("test", "pod", pod_level_memory),
       {{"requests.memory", "1Mi"},
        {"limits.memory", "2Mi"},
        {"pods", "1"},
        {"memory", "1Mi"},
        {"count/pods", "1"}}},
      {"pod-level memory with container-level ephemeral storage",
       MakePod("test", "pod", pod_level_memory_storage),
       {{"ephemeral-storage", "32Mi"},
        {"requests.ephemeral-storage", "32Mi"},
        {"limits.ephemeral-storage", "64Mi"},
        {"pods", "1"},
        {"requests.memory", "1Mi"},
        {"limits.memory", "2Mi"},
        {"memory", "1Mi"},
        {"count/pods", "1"}}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      CHECK(Show(PodQuotaUsage(c.pod, table)) == ShowWant(c.usage));
    }
  }
}

TEST_CASE("ResourceQuota (upstream): TestPodEvaluatorUsageStats") {
  // CalculateUsageStats over a namespace's pods, through the ledger: a
  // quota with the case's scopes, limiting every resource the pods use,
  // charged with each pod that exists.
  auto make_pod = [](const std::string& name, const std::string& pc_name,
                     const QuantityList& res_list, const std::string& phase) {
    Pod pod = MakePod("test", name,
                      {.containers = {Container("", {res_list, res_list})}});
    pod.priority_class_name = pc_name;
    pod.phase = phase;
    return pod;
  };
  const QuantityList cpu1 = ComputeList("1", "");
  const QuotaScopeRequirement high_priority =
      PriorityClassScope("In", {"high-priority"});
  struct Case {
    const char* name;
    std::vector<Pod> objs;
    std::vector<QuotaScopeRequirement> scopes;  // quotaScopes, then selector
    NamedAmounts want;
  };
  const std::vector<Case> cases = {
      {"nil case", {}, {}, {}},
      {"all pods in running state",
       {make_pod("p1", "", cpu1, "Running"),
        make_pod("p2", "", cpu1, "Running")},
       {},
       {{"pods", "2"},
        {"count/pods", "2"},
        {"cpu", "2"},
        {"requests.cpu", "2"},
        {"limits.cpu", "2"}}},
      {"one pods in terminal state",
       {make_pod("p1", "", cpu1, "Running"),
        make_pod("p2", "", cpu1, "Succeeded")},
       {},
       {{"pods", "1"},
        {"count/pods", "2"},
        {"cpu", "1"},
        {"requests.cpu", "1"},
        {"limits.cpu", "1"}}},
      {"partial pods matching quotaScopeSelector",
       {make_pod("p1", "high-priority", cpu1, "Running"),
        make_pod("p2", "high-priority", cpu1, "Succeeded"),
        make_pod("p3", "low-priority", cpu1, "Running")},
       {high_priority},
       {{"pods", "1"},
        {"count/pods", "2"},
        {"cpu", "1"},
        {"requests.cpu", "1"},
        {"limits.cpu", "1"}}},
      {"partial pods matching quotaScopeSelector - w/ scopeName specified",
       {make_pod("p1", "high-priority", cpu1, "Running"),
        make_pod("p2", "high-priority", cpu1, "Succeeded"),
        make_pod("p3", "low-priority", cpu1, "Running")},
       {Scope("PriorityClass"), high_priority},
       {{"pods", "1"},
        {"count/pods", "2"},
        {"cpu", "1"},
        {"requests.cpu", "1"},
        {"limits.cpu", "1"}}},
      {"partial pods matching quotaScopeSelector - w/ multiple scopeNames "
       "specified",
       {make_pod("p1", "high-priority", cpu1, "Running"),
        make_pod("p2", "high-priority", cpu1, "Succeeded"),
        make_pod("p3", "low-priority", cpu1, "Running"),
        make_pod("p4", "high-priority", {}, "Failed")},
       {Scope("PriorityClass"), Scope("BestEffort"), high_priority},
       {{"count/pods", "1"}}},
  };
  const std::vector<std::string> resources = {"pods", "count/pods", "cpu",
                                              "requests.cpu", "limits.cpu"};
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Scenario scenario;
      NamedAmounts hard;
      for (const std::string& r : resources) hard.emplace_back(r, "100");
      scenario.resource_quotas.push_back(
          Quota("test", "quota", hard, c.scopes));
      QuotaLedger ledger(scenario);
      for (const Pod& pod : c.objs) ledger.Charge(pod);
      const ResourceQuota& quota = scenario.resource_quotas[0];
      for (const std::string& r : resources) {
        std::string want = "0";
        for (const auto& [name, text] : c.want) {
          if (name == r) want = text;
        }
        INFO("used ", r, ", want ", want);
        CHECK(ledger.Used(quota, r) == Millis(want));
      }
    }
  }
}

TEST_CASE("ResourceQuota (upstream): TestPodEvaluatorMatchingScopes") {
  ResourceTable table;
  auto show = [](const QuotaScopeRequirement& s) {
    std::string out = s.scope;
    if (s.op != "Exists" || !s.values.empty()) {
      out += " " + s.op + " [";
      for (size_t i = 0; i < s.values.size(); ++i) {
        out += (i ? " " : "") + s.values[i];
      }
      out += "]";
    }
    return out;
  };
  const std::vector<QuotaScopeRequirement> all = {
      Scope("Terminating"),
      Scope("NotTerminating"),
      Scope("BestEffort"),
      Scope("NotBestEffort"),
      PriorityClassScope("In", {"class1"}),
      Scope("CrossNamespacePodAffinity")};
  const QuotaScopeRequirement terminating = Scope("Terminating");
  const QuotaScopeRequirement not_terminating = Scope("NotTerminating");
  const QuotaScopeRequirement best_effort = Scope("BestEffort");
  const QuotaScopeRequirement not_best_effort = Scope("NotBestEffort");
  const QuotaScopeRequirement class1 = PriorityClassScope("In", {"class1"});
  const QuotaScopeRequirement cross = Scope("CrossNamespacePodAffinity");

  Pod empty = MakePod("test", "pod", {});
  Pod priority_class = empty;
  priority_class.priority_class_name = "class1";
  Pod not_best_effort_pod =
      MakePod("test", "pod",
              {.containers = {Container(
                   "", {List(table, {{"cpu", "1"},
                                     {"memory", "50M"},
                                     {"example.com/dongle", "1"}}),
                        List(table, {{"cpu", "2"},
                                     {"memory", "100M"},
                                     {"example.com/dongle", "1"}})})}});
  Pod terminating_pod = empty;
  terminating_pod.active_deadline = true;  // activeDeadlineSeconds: 30
  // The CrossNamespace* pods: terminating, with a pod (anti-)affinity term
  // naming namespaces or a namespaceSelector, which decode records as
  // cross_namespace_affinity.
  Pod cross_pod = terminating_pod;
  cross_pod.cross_namespace_affinity = true;

  struct Case {
    const char* name;
    Pod pod;
    std::vector<QuotaScopeRequirement> selectors;  // empty: all six
    std::vector<QuotaScopeRequirement> want;
  };
  const std::vector<Case> cases = {
      {"EmptyPod", empty, {}, {not_terminating, best_effort}},
      {"PriorityClass",
       priority_class,
       {},
       {not_terminating, best_effort, class1}},
      {"NotBestEffort",
       not_best_effort_pod,
       {},
       {not_terminating, not_best_effort}},
      {"Terminating", terminating_pod, {}, {terminating, best_effort}},
      {"OnlyTerminating", terminating_pod, {terminating}, {terminating}},
      {"CrossNamespaceRequiredAffinity",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
      {"CrossNamespaceRequiredAffinityWithSlice",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
      {"CrossNamespacePreferredAffinity",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
      {"CrossNamespacePreferredAffinityWithSelector",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
      {"CrossNamespacePreferredAntiAffinity",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
      {"CrossNamespaceRequiredAntiAffinity",
       cross_pod,
       {},
       {terminating, best_effort, cross}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      const std::vector<QuotaScopeRequirement>& selectors =
          c.selectors.empty() ? all : c.selectors;
      std::vector<std::string> got, want;
      for (const QuotaScopeRequirement& s : selectors) {
        if (PodMatchesScope(s, c.pod)) got.push_back(show(s));
      }
      for (const QuotaScopeRequirement& s : c.want) want.push_back(show(s));
      CHECK(got == want);
    }
  }
}

// ---------------------------------------------------------------------------
// plugin/pkg/admission/resourcequota/admission_test.go

TEST_CASE("ResourceQuota (upstream): TestAdmissionIgnoresSubresources") {
  // The create half: a pod that exceeds the quota is refused.
  Scenario scenario;
  scenario.resource_quotas.push_back(
      Quota("test", "quota", {{"memory", "2Gi"}}));
  QuotaLedger ledger(scenario);
  SetUsed(ledger, scenario.resource_quotas[0], {{"memory", "1Gi"}});
  Pod pod = ValidPod("123", 1, {ComputeList("100m", "2Gi"), {}});
  std::optional<QuotaLedger::Refusal> refusal =
      ledger.Admit(pod, pod.spec_resources.get());
  REQUIRE(refusal);  // "Expected an error because the pod exceeded ..."
  CHECK(refusal->message ==
        "exceeded quota: quota, requested: memory=2Gi, used: memory=1Gi, "
        "limited: memory=2Gi");
}

TEST_CASE("ResourceQuota (upstream): TestAdmitBelowQuotaLimit") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota(
      "test", "quota", {{"cpu", "3"}, {"memory", "100Gi"}, {"pods", "5"}}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& quota = scenario.resource_quotas[0];
  SetUsed(ledger, quota, {{"cpu", "1"}, {"memory", "50Gi"}, {"pods", "3"}});
  Pod pod = ValidPod("allowed-pod", 1, {ComputeList("100m", "2Gi"), {}});
  std::optional<QuotaLedger::Refusal> refusal =
      ledger.Admit(pod, pod.spec_resources.get());
  CHECK_FALSE(refusal);
  CheckUsed(ledger, quota,
            {{"cpu", "1100m"}, {"memory", "52Gi"}, {"pods", "4"}});
}

TEST_CASE("ResourceQuota (upstream): TestAdmitExceedQuotaLimit") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota(
      "test", "quota", {{"cpu", "3"}, {"memory", "100Gi"}, {"pods", "5"}}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& quota = scenario.resource_quotas[0];
  SetUsed(ledger, quota, {{"cpu", "1"}, {"memory", "50Gi"}, {"pods", "3"}});
  Pod pod = ValidPod("not-allowed-pod", 1, {ComputeList("3", "2Gi"), {}});
  std::optional<QuotaLedger::Refusal> refusal =
      ledger.Admit(pod, pod.spec_resources.get());
  REQUIRE(refusal);  // "Expected an error exceeding quota"
  CHECK(refusal->message ==
        "exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3");
  CHECK(refusal->quota == &quota);
  CheckUsed(ledger, quota, {{"cpu", "1"}, {"memory", "50Gi"}, {"pods", "3"}});
}

TEST_CASE("ResourceQuota (upstream): TestAdmitEnforceQuotaConstraints") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota("test", "quota",
                                           {{"cpu", "3"},
                                            {"memory", "100Gi"},
                                            {"limits.memory", "200Gi"},
                                            {"pods", "5"}}));
  QuotaLedger ledger(scenario);
  SetUsed(ledger, scenario.resource_quotas[0],
          {{"cpu", "1"},
           {"memory", "50Gi"},
           {"limits.memory", "100Gi"},
           {"pods", "3"}});
  // No memory limit; upstream's containers are unnamed.
  Pod pod = ValidPod("not-allowed-pod", 1,
                     {ComputeList("100m", "2Gi"), ComputeList("200m", "")});
  std::optional<QuotaLedger::Refusal> refusal =
      ledger.Admit(pod, pod.spec_resources.get());
  REQUIRE(refusal);  // "... the pod does not specify a memory limit"
  CHECK(refusal->message ==
        "failed quota: quota: must specify limits.memory for: ");
}

TEST_CASE("ResourceQuota (upstream): TestAdmitPodInNamespaceWithoutQuota") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota("other", "quota",
                                           {{"cpu", "3"},
                                            {"memory", "100Gi"},
                                            {"limits.memory", "200Gi"},
                                            {"pods", "5"}}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& quota = scenario.resource_quotas[0];
  SetUsed(ledger, quota,
          {{"cpu", "1"},
           {"memory", "50Gi"},
           {"limits.memory", "100Gi"},
           {"pods", "3"}});
  Pod pod = ValidPod("allowed-pod", 1,
                     {ComputeList("100m", "2Gi"), ComputeList("200m", "")});
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
  CheckUsed(ledger, quota,
            {{"cpu", "1"},
             {"memory", "50Gi"},
             {"limits.memory", "100Gi"},
             {"pods", "3"}});
}

TEST_CASE("ResourceQuota (upstream): TestAdmitBelowTerminatingQuotaLimit") {
  Scenario scenario;
  const NamedAmounts hard = {{"cpu", "3"}, {"memory", "100Gi"}, {"pods", "5"}};
  const NamedAmounts used = {{"cpu", "1"}, {"memory", "50Gi"}, {"pods", "3"}};
  scenario.resource_quotas.push_back(
      Quota("test", "quota-non-terminating", hard, {Scope("NotTerminating")}));
  scenario.resource_quotas.push_back(
      Quota("test", "quota-terminating", hard, {Scope("Terminating")}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& non_terminating = scenario.resource_quotas[0];
  const ResourceQuota& terminating = scenario.resource_quotas[1];
  SetUsed(ledger, non_terminating, used);
  SetUsed(ledger, terminating, used);
  // A pod with an active deadline.
  Pod pod = ValidPod("allowed-pod", 1, {ComputeList("100m", "2Gi"), {}});
  pod.active_deadline = true;  // activeDeadlineSeconds: 30
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
  // Only quota-terminating is incremented.
  CheckUsed(ledger, terminating,
            {{"cpu", "1100m"}, {"memory", "52Gi"}, {"pods", "4"}});
  CheckUsed(ledger, non_terminating, used);
}

TEST_CASE("ResourceQuota (upstream): TestAdmitBelowBestEffortQuotaLimit") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota(
      "test", "quota-besteffort", {{"pods", "5"}}, {Scope("BestEffort")}));
  scenario.resource_quotas.push_back(Quota("test", "quota-not-besteffort",
                                           {{"pods", "5"}},
                                           {Scope("NotBestEffort")}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& best_effort = scenario.resource_quotas[0];
  const ResourceQuota& not_best_effort = scenario.resource_quotas[1];
  SetUsed(ledger, best_effort, {{"pods", "3"}});
  SetUsed(ledger, not_best_effort, {{"pods", "3"}});
  // Best effort: it requests nothing.
  Pod pod = ValidPod("allowed-pod", 1, {ComputeList("", ""), {}});
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
  CheckUsed(ledger, best_effort, {{"pods", "4"}});
  CheckUsed(ledger, not_best_effort, {{"pods", "3"}});
}

TEST_CASE(
    "ResourceQuota (upstream): TestAdmitBestEffortQuotaLimitIgnoresBurstable") {
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota(
      "test", "quota-besteffort", {{"pods", "5"}}, {Scope("BestEffort")}));
  QuotaLedger ledger(scenario);
  const ResourceQuota& quota = scenario.resource_quotas[0];
  SetUsed(ledger, quota, {{"pods", "3"}});
  Pod pod = ValidPod("allowed-pod", 1, {ComputeList("100m", "1Gi"), {}});
  CHECK_FALSE(QuotaMatches(quota, pod));
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
  // No client actions: the quota is not updated.
  CheckUsed(ledger, quota, {{"pods", "3"}});
}

TEST_CASE("ResourceQuota (upstream): TestAdmissionSetsMissingNamespace") {
  // The pod's namespace comes from the request ("test"); podsim's pods
  // always carry one, so only the admission is checked.
  Scenario scenario;
  scenario.resource_quotas.push_back(Quota("test", "quota", {{"pods", "3"}}));
  QuotaLedger ledger(scenario);
  SetUsed(ledger, scenario.resource_quotas[0], {{"pods", "1"}});
  Pod pod = ValidPod("pod-without-namespace", 1, {ComputeList("1", "2Gi"), {}});
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
  CHECK(pod.ns == "test");
}

TEST_CASE(
    "ResourceQuota (upstream): TestAdmitWhenUnrelatedResourceExceedsQuota") {
  Scenario scenario;
  scenario.resource_quotas.push_back(
      Quota("test", "quota", {{"services", "3"}, {"pods", "4"}}));
  QuotaLedger ledger(scenario);
  SetUsed(ledger, scenario.resource_quotas[0],
          {{"services", "4"}, {"pods", "1"}});
  Pod pod = ValidPod("allowed-pod", 1, {ComputeList("", ""), {}});
  CHECK_FALSE(ledger.Admit(pod, pod.spec_resources.get()));
}

TEST_CASE("ResourceQuota (upstream): TestAdmitLimitedScopeWithCoverQuota") {
  // The cases the LimitedResources configuration does not decide (see the
  // header comment); each runs without it.
  const Requirements cpu3_2gi{ComputeList("3", "2Gi"), {}};
  const Requirements best_effort{ComputeList("", ""), {}};
  const Requirements burstable{ComputeList("100m", "1Gi"), {}};
  ResourceQuota empty_quota;  // &corev1.ResourceQuota{}
  empty_quota.ns = "";
  empty_quota.name = "";
  const ResourceQuota quota_besteffort =
      Quota("test", "quota-besteffort", {{"pods", "5"}}, {Scope("BestEffort")});
  const NamedAmounts besteffort_used = {{"pods", "3"}};
  struct Case {
    const char* description;
    Pod test_pod;
    ResourceQuota quota;
    NamedAmounts used;
    std::optional<ResourceQuota> another_quota;
    std::string exp_err;
  };
  const std::vector<Case> cases = {
      {"Covering quota exists for configured limited scope "
       "PriorityClassNameExists.",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi, "fake-priority"),
       Quota("test", "quota", {}, {PriorityClassScope("Exists", {})}),
       {},
       std::nullopt,
       ""},
      {"Covering quota exist for configured limited scope "
       "resourceQuotaBestEffort",
       ValidPodWithPriority("allowed-pod", 1, best_effort, "fake-priority"),
       quota_besteffort, besteffort_used, std::nullopt, ""},
      {"Two scopes,BestEffort and PriorityClassIN, in two LimitedResources. "
       "Neither matches pod. Pod allowed",
       ValidPodWithPriority("allowed-pod", 1, burstable, "fake-priority"),
       empty_quota,
       {},
       std::nullopt,
       ""},
      {"Two scopes,BestEffort and PriorityClassIN, in two LimitedResources. "
       "Both the scopes matches pod. Quota available only for both the "
       "scopes. Pod admit success. No Error",
       ValidPodWithPriority("allowed-pod", 1, best_effort, "cluster-services"),
       quota_besteffort, besteffort_used,
       Quota("test", "quota", {},
             {PriorityClassScope("In", {"cluster-services"})}),
       ""},
      {"Pod allowed with priorityclass if limited scope "
       "PriorityClassNameExists not configured.",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi, "fake-priority"),
       empty_quota,
       {},
       std::nullopt,
       ""},
      {"quota fails, though covering quota for configured limited scope "
       "PriorityClassNameExists exists.",
       ValidPodWithPriority("not-allowed-pod", 1,
                            {ComputeList("3", "20Gi"), {}}, "fake-priority"),
       Quota("test", "quota", {{"memory", "10Gi"}},
             {PriorityClassScope("Exists", {})}),
       {{"memory", "1Gi"}},
       std::nullopt,
       "forbidden: exceeded quota: quota, requested: memory=20Gi, used: "
       "memory=1Gi, limited: memory=10Gi"},
      {"Pod has different priorityclass than configured limited. Covering "
       "quota exists for configured limited scope PriorityClassIn.",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi, "fake-priority"),
       Quota("test", "quota", {},
             {PriorityClassScope("In", {"cluster-services"})}),
       {},
       std::nullopt,
       ""},
      {"Pod has limited priorityclass. Covering quota exists for configured "
       "limited scope PriorityClassIn.",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi, "cluster-services"),
       Quota("test", "quota", {},
             {PriorityClassScope("In", {"cluster-services"})}),
       {},
       std::nullopt,
       ""},
      {"From the above test case, just changing pod priority from "
       "cluster-services to another-priorityclass-name. expecting no error",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi,
                            "another-priorityclass-name"),
       Quota("test", "quota", {},
             {PriorityClassScope("In", {"another-priorityclass-name"})}),
       {},
       std::nullopt,
       ""},
      {"Pod has limited priorityclass. Covering quota exists for configured "
       "limited scope PriorityClassIn through PriorityClassNameExists",
       ValidPodWithPriority("allowed-pod", 1, cpu3_2gi, "cluster-services"),
       Quota("test", "quota", {}, {PriorityClassScope("Exists", {})}),
       {},
       std::nullopt,
       ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.description) {
      Scenario scenario;
      scenario.resource_quotas.push_back(c.quota);
      if (c.another_quota) scenario.resource_quotas.push_back(*c.another_quota);
      QuotaLedger ledger(scenario);
      SetUsed(ledger, scenario.resource_quotas[0], c.used);
      std::optional<QuotaLedger::Refusal> refusal =
          ledger.Admit(c.test_pod, c.test_pod.spec_resources.get());
      if (c.exp_err.empty()) {
        CHECK_FALSE(refusal);
      } else {
        REQUIRE(refusal);
        const std::string err = Forbidden(c.test_pod, *refusal);
        INFO("error: ", err);
        CHECK(err.find(c.exp_err) != std::string::npos);
      }
    }
  }
}

}  // namespace podsim
