#include "core/admission/admission.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {
Json ByClass(const std::string& name, const std::string& class_name) {
  Json pod = PendingPod(name, {"1"}, std::nullopt);
  if (!class_name.empty()) pod["spec"]["priorityClassName"] = class_name;
  return pod;
}
}  // namespace

TEST_CASE(
    "Admission: priorityClassName resolves to the class value and policy") {
  Json never = PriorityClassWith("batch", 50);
  never["preemptionPolicy"] = "Never";
  SimulationResult r =
      Run(ScenarioWith(PriorityClassWith("high", 1000), never,
                       ByClass("a", "high"), ByClass("b", "batch")));
  CHECK(r.diagnostics.items().empty());
  CHECK(r.scenario.pods[0].priority == 1000);
  CHECK(r.scenario.pods[1].priority == 50);
  CHECK(r.scenario.pods[1].preemption_policy == PreemptionPolicy::kNever);
}

TEST_CASE(
    "Admission: a pod without a class gets the lowest globalDefault class, or "
    "0") {
  SimulationResult none = Run(ScenarioWith(ByClass("a", "")));
  CHECK(none.scenario.pods[0].priority == 0);
  SimulationResult with_default = Run(
      ScenarioWith(PriorityClassWith("default", 7, true), ByClass("a", "")));
  CHECK(with_default.scenario.pods[0].priority == 7);
  CHECK(with_default.scenario.pods[0].priority_class_name == "default");
}

TEST_CASE("Admission: an unknown class is Forbidden and keeps the pod out") {
  SimulationResult r = Run(
      ScenarioWith(PriorityClassWith("high", 1000), ByClass("web", "gold")));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/web: spec.priorityClassName: pods \"web\" is "
            "forbidden: no PriorityClass "
            "with name gold was found (known: high, system-cluster-critical, "
            "system-node-critical)"});
  CHECK(r.attempts.empty());
}

TEST_CASE(
    "Admission: a stored pod keeps spec.priority, with a warning on "
    "disagreement") {
  Json pod = ByClass("web", "high");
  pod["spec"]["priority"] = 5;
  SimulationResult r = Run(ScenarioWith(PriorityClassWith("high", 1000), pod));
  CHECK(r.scenario.pods[0].priority == 5);
  CHECK(
      DiagnosticTexts(r) ==
      std::vector<std::string>{"Pod default/web: spec.priority: spec.priority "
                               "5 differs from PriorityClass high "
                               "(1000); an API server would have rejected this "
                               "pod; simulated with spec.priority"});
  CHECK(r.diagnostics.items()[0].severity == Severity::kWarning);
}

TEST_CASE(
    "Admission: a different preemptionPolicy than the class's is Forbidden") {
  Json pod = ByClass("web", "high");
  pod["spec"]["preemptionPolicy"] = "Never";
  SimulationResult r = Run(ScenarioWith(PriorityClassWith("high", 1000), pod));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{"Pod default/web: spec.preemptionPolicy: pods "
                                 "\"web\" is forbidden: the string value "
                                 "of PreemptionPolicy (Never) must not be "
                                 "provided in pod spec; priority admission "
                                 "controller computed PreemptLowerPriority "
                                 "from the given PriorityClass name"});
}

TEST_CASE("Admission: PriorityClass validation mirrors the API server") {
  SimulationResult r = Run(ScenarioWith(
      PriorityClassWith("huge", 1'000'000'001),
      PriorityClassWith("first", 1, true), PriorityClassWith("second", 2, true),
      PriorityClassWith("system-mine", 5)));
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "PriorityClass huge: value: maximum allowed value of a user "
            "defined priority is "
            "1000000000, not 1000000001",
            "PriorityClass system-mine: metadata.name: priority class names "
            "with 'system-' "
            "prefix are reserved for system use only; known system classes: "
            "system-cluster-critical, system-node-critical",
            "PriorityClass second: globalDefault: PriorityClass first is "
            "already marked as "
            "default. Only one default can exist"});
}

TEST_CASE("Admission: the system classes always exist") {
  SimulationResult r =
      Run(ScenarioWith(ByClass("a", "system-node-critical"),
                       ByClass("b", "system-cluster-critical")));
  CHECK(r.scenario.pods[0].priority == 2'000'001'000);
  CHECK(r.scenario.pods[1].priority == 2'000'000'000);
}

}  // namespace podsim

namespace podsim {
namespace {

// A node with 2 cpu, a running pod using 1.5 of them, and the LimitRange
// text given; then the objects after.
std::string LimitScenario(const std::string& limit_range,
                          const std::string& more) {
  return R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy, namespace: team}
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]
---
)" + limit_range +
         "---\n" + more;
}

const char* kDefaults = R"(apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: team}
spec:
  limits:
  - type: Container
    defaultRequest: {cpu: 750m, memory: 128Mi}
    default: {cpu: "1", memory: 256Mi}
)";

const char* kBareWeb = R"(apiVersion: v1
kind: Pod
metadata: {name: web, namespace: team}
spec:
  containers: [{name: app, image: x}]
)";

}  // namespace

TEST_CASE(
    "Admission: a namespace's LimitRange gives a pending pod's containers "
    "their default requests and limits, and the pod says which object did") {
  // Without requests web fits beside busy; with the LimitRange's 750m it
  // does not (LimitRanger's PodMutateLimitFunc).
  SimulationResult r = Run(LimitScenario(kDefaults, kBareWeb));
  const Pod& web = r.scenario.pods[1];
  CHECK(web.requests.Get(kCpu) == 750);
  CHECK(web.requests.Get(kMemory) == 128LL * 1024 * 1024);
  REQUIRE(web.admission_notes.size() == 1);
  CHECK(web.admission_notes[0].plugin == "LimitRanger");
  CHECK(web.admission_notes[0].object == "LimitRange team/defaults");
  CHECK(web.admission_notes[0].change ==
        "set cpu 750m, memory 128Mi request for container app; cpu 1, memory "
        "256Mi limit for container app");
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kUnschedulable);
  // The same pod in another namespace: no LimitRange there, so it fits.
  std::string elsewhere = kBareWeb;
  elsewhere.replace(elsewhere.find("team"), 4, "other");
  SimulationResult o = Run(LimitScenario(kDefaults, elsewhere));
  CHECK(o.scenario.pods[1].admission_notes.empty());
  CHECK(FirstAttempt(o, "web").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Admission: a LimitRange item is defaulted as the API server stores it, "
    "and a pod bound in the input is not admitted again") {
  // Only max: default comes from max, defaultRequest from default
  // (SetDefaults_LimitRangeItem).
  SimulationResult r = Run(LimitScenario(R"(apiVersion: v1
kind: LimitRange
metadata: {name: cap, namespace: team}
spec:
  limits:
  - type: Container
    max: {cpu: 600m}
)",
                                         kBareWeb));
  CHECK(r.scenario.pods[1].requests.Get(kCpu) == 600);
  CHECK(r.scenario.pods[1].admission_notes[0].change ==
        "set cpu 600m request for container app; cpu 600m limit for "
        "container app");
  // busy asked 1500m, over max, but was admitted when it was created.
  CHECK(r.scenario.pods[0].admitted);
  CHECK(r.scenario.pods[0].admission_notes.empty());
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kUnschedulable);
}

TEST_CASE(
    "Admission: a pod past a LimitRange's bounds is Forbidden with the API "
    "server's message and left out") {
  SimulationResult r = Run(LimitScenario(R"(apiVersion: v1
kind: LimitRange
metadata: {name: bounds, namespace: team}
spec:
  limits:
  - type: Container
    min: {cpu: 100m}
    max: {cpu: 500m}
)",
                                         R"(apiVersion: v1
kind: Pod
metadata: {name: big, namespace: team}
spec:
  containers: [{name: app, image: x, resources: {requests: {cpu: 50m}, limits: {cpu: "2"}}}]
)"));
  CHECK_FALSE(r.scenario.pods[1].admitted);
  CHECK(r.attempts.empty());
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod team/big: spec.containers: pods \"big\" is forbidden: "
            "[minimum cpu usage per Container is 100m, but request is 50m, "
            "maximum cpu usage per Container is 500m, but limit is 2] "
            "(LimitRange team/bounds; the API server refuses the pod, so it "
            "is left out)"});
}

TEST_CASE(
    "Admission: a template past a LimitRange's bounds is refused, and its "
    "workload creates no pods") {
  SimulationResult r = Run(LimitScenario(R"(apiVersion: v1
kind: LimitRange
metadata: {name: cap, namespace: team}
spec:
  limits:
  - type: Container
    max: {cpu: 500m}
)",
                                         R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: big, namespace: team}
spec:
  replicas: 2
  selector: {matchLabels: {app: big}}
  template:
    metadata: {labels: {app: big}}
    spec:
      containers: [{name: app, image: x, resources: {requests: {cpu: "1"}}}]
)"));
  // The default limit (from max) fills the missing limit; the request of 1
  // stays past max.
  CHECK(r.attempts.empty());
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Deployment team/big: spec.template.spec.containers: pods \"big\" "
            "is forbidden: maximum cpu usage per Container is 500m, but "
            "request is 1 (LimitRange team/cap; the API server refuses the "
            "pod, so it is left out)"});
  // Its ReplicaSet tries, and the API server refuses: FailedCreate, with
  // the generated name's prefix, counted once per sync.
  REQUIRE(!r.timeline.workloads.empty());
  const WorkloadOutcome& big = r.timeline.workloads[0];
  CHECK(big.kind == "Deployment");
  CHECK(big.created == 0);
  CHECK(big.refused == 1);
  CHECK(big.failed_create.find("Error creating: pods \"big-") == 0);
  CHECK(big.failed_create.find(
            "-\" is forbidden: maximum cpu usage per Container is 500m, but "
            "request is 1") != std::string::npos);
}

TEST_CASE(
    "Admission: a Deployment's pods get their namespace's LimitRange "
    "defaults, as the API server gives them to each pod it creates") {
  SimulationResult r = Run(LimitScenario(kDefaults, R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: team}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: x}]
)"));
  REQUIRE(r.attempts.size() >= 2);
  for (const Attempt& a : r.attempts) {
    const Pod& pod = r.scenario.pods[a.pod];
    CHECK(pod.requests.Get(kCpu) == 750);
    CHECK(pod.admission_notes.size() == 1);
  }
  // Neither fits beside busy (1.5 of 2 cpu): with no requests both would.
  CHECK(r.attempts[0].outcome == Outcome::kUnschedulable);
}

}  // namespace podsim

namespace podsim {
namespace {

// Two nodes of 2 cpu: plain, and gvisor (labelled and tainted for the
// sandboxed runtime); then the objects after.
std::string SandboxScenario(const std::string& more) {
  return R"(apiVersion: v1
kind: Node
metadata: {name: plain}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: gvisor, labels: {runtime: gvisor}}
spec:
  taints: [{key: runtime, value: gvisor, effect: NoSchedule}]
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
overhead:
  podFixed: {cpu: 250m, memory: 120Mi}
scheduling:
  nodeSelector: {runtime: gvisor}
  tolerations: [{key: runtime, operator: Equal, value: gvisor, effect: NoSchedule}]
---
)" + more;
}

}  // namespace

TEST_CASE(
    "Admission: a pod naming a RuntimeClass gets its overhead, node selector "
    "and tolerations, and says which RuntimeClass gave them") {
  SimulationResult r = Run(SandboxScenario(R"(apiVersion: v1
kind: Pod
metadata: {name: sandboxed}
spec:
  runtimeClassName: gvisor
  containers: [{name: app, image: x, resources: {requests: {cpu: 1500m}}}]
)"));
  const Pod& pod = r.scenario.pods[0];
  CHECK(pod.requests.Get(kCpu) == 1750);  // the overhead counts
  REQUIRE(pod.admission_notes.size() == 1);
  CHECK(pod.admission_notes[0].object == "RuntimeClass gvisor");
  CHECK(pod.admission_notes[0].change ==
        "set overhead cpu 250m, memory 120Mi; node selector runtime=gvisor; "
        "tolerations runtime=gvisor:NoSchedule");
  // Only the gvisor node matches, and its taint is tolerated.
  CHECK(FirstAttempt(r, "sandboxed").outcome == Outcome::kScheduled);
  CHECK(r.scenario.nodes[FirstAttempt(r, "sandboxed").node].name == "gvisor");
}

TEST_CASE(
    "Admission: RuntimeClass refuses a pod whose class is missing or whose "
    "node selector conflicts, and warns of overhead without a class") {
  SimulationResult missing = Run(SandboxScenario(R"(apiVersion: v1
kind: Pod
metadata: {name: kata}
spec:
  runtimeClassName: kata
  containers: [{name: app, image: x}]
)"));
  CHECK_FALSE(missing.scenario.pods[0].admitted);
  CHECK(DiagnosticTexts(missing) ==
        std::vector<std::string>{
            "Pod default/kata: spec.runtimeClassName: pods \"kata\" is "
            "forbidden: pod rejected: RuntimeClass \"kata\" not found "
            "(RuntimeClass kata is not in the input; the API server refuses "
            "the pod, so it is left out)"});
  SimulationResult conflict = Run(SandboxScenario(R"(apiVersion: v1
kind: Pod
metadata: {name: picky}
spec:
  runtimeClassName: gvisor
  nodeSelector: {runtime: runc}
  containers: [{name: app, image: x}]
)"));
  CHECK(
      DiagnosticTexts(conflict) ==
      std::vector<std::string>{
          "Pod default/picky: spec.runtimeClassName: pods \"picky\" is "
          "forbidden: conflict: runtimeClass.scheduling.nodeSelector[runtime] "
          "= gvisor; pod.spec.nodeSelector[runtime] = runc (RuntimeClass "
          "gvisor; the API server refuses the pod, so it is left out)"});
  // Stored by an API server (spec.priority set): admitted then, warned now.
  // (So is any pod naming a class in an input without RuntimeClasses.)
  SimulationResult stored = Run(SandboxScenario(R"(apiVersion: v1
kind: Pod
metadata: {name: kata}
spec:
  priority: 0
  runtimeClassName: kata
  overhead: {cpu: 100m}
  containers: [{name: app, image: x}]
)"));
  CHECK(stored.scenario.pods[0].admitted);
  CHECK(stored.scenario.pods[0].requests.Get(kCpu) == 100);
  CHECK(DiagnosticTexts(stored).size() == 1);
  SimulationResult bare = Run(SandboxScenario(R"(apiVersion: v1
kind: Pod
metadata: {name: heavy}
spec:
  overhead: {cpu: 100m}
  containers: [{name: app, image: x}]
)"));
  CHECK(bare.scenario.pods[0].admitted);
  CHECK(DiagnosticTexts(bare) ==
        std::vector<std::string>{
            "Pod default/heavy: spec.overhead: set without "
            "spec.runtimeClassName: the API server refuses such a pod when it "
            "is created (\"pod rejected: Pod Overhead set without "
            "corresponding RuntimeClass defined Overhead\"); simulated with "
            "the overhead as given"});
}

}  // namespace podsim

namespace podsim {
namespace {

// One node of 4 cpu, namespace ml's quota (quota: its spec), then more.
std::string QuotaScenario(const std::string& quota, const std::string& more) {
  return R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: urgent}
value: 1000
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: ml}
spec:
)" + quota +
         "---\n" + more;
}

std::string MlPod(const std::string& name, const std::string& cpu,
                  const std::string& extra = "") {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name +
         ", namespace: ml}\nspec:\n" + extra +
         "  containers: [{name: app, image: x, resources: {requests: {cpu: " +
         cpu + "}}}]\n---\n";
}

}  // namespace

TEST_CASE(
    "Admission: ResourceQuota counts the pods there and refuses a new pod "
    "past it, in input order, with the API server's message") {
  SimulationResult r = Run(QuotaScenario(
      "  hard: {requests.cpu: \"3\"}\n",
      MlPod("running", "1", "  nodeName: n1\n") + MlPod("a", "1") +
          MlPod("b", "500m") +
          // Stored by an API server: counted, never refused again.
          MlPod("stored", "1", "  priority: 0\n")));
  CHECK(r.scenario.pods[1].admitted);
  CHECK_FALSE(r.scenario.pods[2].admitted);
  CHECK(r.scenario.pods[3].admitted);
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod ml/b: spec.containers: pods \"b\" is forbidden: exceeded "
            "quota: compute, requested: requests.cpu=500m, used: "
            "requests.cpu=3, limited: requests.cpu=3 (ResourceQuota "
            "ml/compute; the API server refuses the pod, so it is left "
            "out)"});
}

TEST_CASE(
    "Admission: a ResourceQuota on cpu requires each container to state it, "
    "and its scopes select the pods it counts") {
  SimulationResult r = Run(QuotaScenario(
      "  hard: {limits.cpu: \"8\"}\n  scopes: [NotBestEffort]\n",
      MlPod("no-limit", "1") +
          "apiVersion: v1\nkind: Pod\nmetadata: {name: best-effort, "
          "namespace: ml}\nspec:\n  containers: [{name: app, image: x}]\n"));
  CHECK_FALSE(r.scenario.pods[0].admitted);
  CHECK(r.scenario.pods[1].admitted);  // BestEffort: out of the scope
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod ml/no-limit: spec.containers: pods \"no-limit\" is "
            "forbidden: failed quota: compute: must specify limits.cpu for: "
            "app (ResourceQuota ml/compute; the API server refuses the pod, "
            "so it is left out)"});
}

TEST_CASE(
    "Admission: a quota per priority class caps what a Deployment creates; "
    "the ReplicaSet's refused creations are FailedCreate, and counted") {
  SimulationResult r = Run(QuotaScenario(
      "  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions:\n"
      "    - {scopeName: PriorityClass, operator: In, values: [urgent]}\n",
      MlPod("other", "1", "  nodeName: n1\n") + R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: trainer, namespace: ml}
spec:
  replicas: 3
  selector: {matchLabels: {app: trainer}}
  template:
    metadata: {labels: {app: trainer}}
    spec:
      priorityClassName: urgent
      containers: [{name: app, image: x, resources: {requests: {cpu: 500m}}}]
)"));
  REQUIRE(r.timeline.workloads.size() == 2);  // the Deployment, its set
  const WorkloadOutcome& d = r.timeline.workloads[0].kind == "Deployment"
                                 ? r.timeline.workloads[0]
                                 : r.timeline.workloads[1];
  CHECK(d.created == 1);
  CHECK(d.running_after == 1);
  CHECK(d.refused >= 1);
  CHECK(d.failed_create.find("Error creating: pods \"trainer-") == 0);
  CHECK(d.failed_create.find("\" is forbidden: exceeded quota: compute, "
                             "requested: pods=1, used: pods=1, limited: "
                             "pods=1") != std::string::npos);
  // Each refusal is on the clock.
  int refused_events = 0;
  for (const QueueEvent& e : r.timeline.events) {
    refused_events += e.kind == QueueEventKind::kRefused;
  }
  CHECK(refused_events == d.refused);
  std::vector<std::string> texts = DiagnosticTexts(r);
  REQUIRE(texts.size() == 1);
  CHECK(texts[0].find("ReplicaSet ml/trainer-") == 0);
  CHECK(texts[0].find(": FailedCreate: Error creating: pods") !=
        std::string::npos);
}

TEST_CASE(
    "Admission: a ReplicaSet a quota refused creates its pod once a pod of "
    "the namespace is gone, at its rate limiter's next retry") {
  // old holds the quota's one pod and all of n1; trainer's pod preempts it,
  // and the second pod comes once old has left (30 s grace).
  SimulationResult r = Run(QuotaScenario(
      "  hard: {pods: \"2\"}\n",
      MlPod("old", "4", "  nodeName: n1\n") + R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: trainer, namespace: ml}
spec:
  replicas: 2
  selector: {matchLabels: {app: trainer}}
  template:
    metadata: {labels: {app: trainer}}
    spec:
      priorityClassName: urgent
      containers: [{name: app, image: x, resources: {requests: {cpu: "1"}}}]
)"));
  const WorkloadOutcome* d = nullptr;
  for (const WorkloadOutcome& o : r.timeline.workloads) {
    if (o.kind == "Deployment") d = &o;
  }
  REQUIRE(d);
  CHECK(d->created == 2);
  CHECK(d->running_after == 2);
  CHECK(d->refused >= 1);
  // The second pod's creation: when old is gone (+30 s) the first binds, an
  // update of a pod of the ReplicaSet, which syncs it at once.
  int64_t second_created = -1;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind == QueueEventKind::kCreated) second_created = e.time_ms;
  }
  CHECK(second_created - r.timeline.start_ms == 30'000);

  // Nothing of the ReplicaSet's changes when leaving (terminating, gone at
  // +10 s) frees the quota: its retry comes at the rate limiter's first
  // step past it, 5 ms doubling from the refusal: 5 ms * (2^11 - 1).
  SimulationResult later = Run(QuotaScenario("  hard: {pods: \"1\"}\n",
                                             R"(apiVersion: v1
kind: Pod
metadata:
  name: leaving
  namespace: ml
  creationTimestamp: "2024-05-01T08:00:00Z"
  deletionTimestamp: "2024-05-01T08:00:10Z"
spec:
  nodeName: n1
  containers: [{name: app, image: x}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: trainer, namespace: ml}
spec:
  replicas: 1
  selector: {matchLabels: {app: trainer}}
  template:
    metadata: {labels: {app: trainer}}
    spec:
      containers: [{name: app, image: x}]
)"));
  int64_t created = -1;
  for (const QueueEvent& e : later.timeline.events) {
    if (e.kind == QueueEventKind::kCreated) created = e.time_ms;
  }
  CHECK(created - later.timeline.start_ms == 10'235);
}

}  // namespace podsim

namespace podsim {

TEST_CASE(
    "Admission: a ResourceQuota's bad scope, operator or amount is named "
    "with its field and what is valid") {
  SimulationResult r = Run(R"(apiVersion: v1
kind: ResourceQuota
metadata: {name: q, namespace: ml}
spec:
  hard: {pods: "-1", requests.cpu: "2"}
  scopes: [Urgent]
  scopeSelector:
    matchExpressions:
    - {scopeName: PriorityClass, operator: Equals, values: [urgent]}
    - {scopeName: PriorityClass, operator: In}
    - {scopeName: BestEffort, operator: Exists, values: [x]}
)");
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "ResourceQuota ml/q: spec.hard.pods: must not be negative, not "
            "\"-1\"",
            "ResourceQuota ml/q: spec.scopes[0]: unsupported scope \"Urgent\"; "
            "valid: Terminating, NotTerminating, BestEffort, NotBestEffort, "
            "PriorityClass, CrossNamespacePodAffinity, VolumeAttributesClass",
            "ResourceQuota ml/q: spec.scopeSelector.matchExpressions[0]."
            "operator: unsupported operator \"Equals\"; valid: In, NotIn, "
            "Exists, DoesNotExist",
            "ResourceQuota ml/q: spec.scopeSelector.matchExpressions[1]."
            "values: must be at least one value when operator is In or NotIn",
            "ResourceQuota ml/q: spec.scopeSelector.matchExpressions[2]."
            "values: must be no value when operator is Exists or "
            "DoesNotExist"});
  REQUIRE(r.scenario.resource_quotas.size() == 1);
  const ResourceQuota& q = r.scenario.resource_quotas[0];
  REQUIRE(q.hard.size() == 1);  // the bad amount is left out
  CHECK(q.hard[0].resource == "requests.cpu");
  CHECK(q.scopes.empty());
}

}  // namespace podsim

namespace podsim {

TEST_CASE(
    "Admission: a DaemonSet whose template names a missing PriorityClass "
    "creates no pods, and its refused creation is its FailedCreate") {
  SimulationResult r = Run(R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      priorityClassName: gold
      containers: [{name: agent, image: x}]
)");
  CHECK(r.attempts.empty());
  REQUIRE(r.timeline.workloads.size() == 1);
  const WorkloadOutcome& agent = r.timeline.workloads[0];
  CHECK(agent.refused == 1);
  CHECK(agent.failed_create ==
        "Error creating: pods \"agent-\" is forbidden: no PriorityClass with "
        "name gold was found");
}

}  // namespace podsim
