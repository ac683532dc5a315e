// Workload controllers on the clock: the pods Deployments, StatefulSets,
// DaemonSets and Jobs create, the replacements of preempted pods, rollouts
// and the disruption controller (core/controllers/workloads.cc, the queue's
// hooks).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/analysis/loaded_cluster.h"
#include "core/ingest/decode.h"
#include "core/output/result_json.h"
#include "tests/builders.h"
#include "tests/core/controllers/controller_yaml.h"

namespace podsim {
using namespace testing;

namespace {

// A running, Ready pod of ReplicaSet rs (which the input may lack), created at
// created when given.
std::string OwnedPod(const std::string& name, const std::string& rs,
                     const std::string& node, const std::string& cpu,
                     const std::string& created = "") {
  return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name +
         (created.empty() ? "" : "\n  creationTimestamp: \"" + created + "\"") +
         "\n  labels: {app: " + rs +
         "}\n  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, "
         "name: " +
         rs + ", uid: u-" + rs +
         ", controller: true}]\nspec:\n  nodeName: " + node +
         "\n  priorityClassName: low\n  containers: [{name: c, image: x, "
         "resources: {requests: {cpu: \"" +
         cpu +
         "\"}}}]\nstatus: {phase: Running, conditions: [{type: Ready, status: "
         "\"True\"}]}\n---\n";
}

std::string Workload(const std::string& kind, const std::string& name,
                     const std::string& spec, const std::string& cls,
                     const std::string& cpu, const std::string& pod_spec = "") {
  std::string api = kind == "Job" ? "batch/v1" : "apps/v1";
  return "apiVersion: " + api + "\nkind: " + kind +
         "\nmetadata: {name: " + name + ", namespace: default, uid: uid-" +
         name + "}\nspec:\n" + spec +
         "  selector: {matchLabels: {app: " + name +
         "}}\n  template:\n    metadata: {labels: {app: " + name +
         "}}\n    spec:\n      priorityClassName: " + cls + "\n" + pod_spec +
         "      containers: [{name: c, image: x, resources: {requests: "
         "{cpu: \"" +
         cpu + "\"}}}]\n---\n";
}

// The queue events of one kind, as "<pod>" or "<pod> replaces <other>".
std::vector<std::string> Events(const SimulationResult& r,
                                QueueEventKind kind) {
  std::vector<std::string> out;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind != kind) continue;
    std::string text = r.scenario.pods[e.pod].name;
    if (kind == QueueEventKind::kCreated && e.other >= 0) {
      text += " replaces " + r.scenario.pods[e.other].name;
    }
    out.push_back(text);
  }
  return out;
}

// A pod as a test lays it out: labelled app: <app>, owned by owner_kind
// owner_name as controller (none when owner_kind is empty), bound to node
// (pending when empty), created at created (none when empty).
struct PodYaml {
  std::string name;
  std::string app;
  std::string owner_kind;
  std::string owner_name;
  std::string node;
  std::string created;
  std::string ns = "default";
  std::string priority_class = "low";
  std::string cpu = "1";
};

std::string PodText(const PodYaml& p) {
  std::string out = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + p.name +
                    "\n  namespace: " + p.ns + "\n  labels: {app: " + p.app +
                    "}\n";
  if (!p.created.empty()) {
    out += "  creationTimestamp: \"" + p.created + "\"\n";
  }
  if (!p.owner_kind.empty()) {
    std::string api = p.owner_kind == "Job" ? "batch/v1" : "apps/v1";
    out += "  ownerReferences: [{apiVersion: " + api +
           ", kind: " + p.owner_kind + ", name: " + p.owner_name +
           ", uid: uid-" + p.owner_name + ", controller: true}]\n";
  }
  out += "spec:\n";
  if (!p.node.empty()) out += "  nodeName: " + p.node + "\n";
  out += "  priorityClassName: " + p.priority_class +
         "\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"" +
         p.cpu +
         "\"}}}]\nstatus: {phase: " + (p.node.empty() ? "Pending" : "Running") +
         "}\n---\n";
  return out;
}

// The object text of Workload(...) with a status block.
std::string WithStatus(std::string object, const std::string& status) {
  object.insert(object.size() - 4, "status: " + status + "\n");
  return object;
}

// The queue events of one kind as "<pod>@<seconds from the start>".
std::vector<std::string> TimedEvents(const SimulationResult& r,
                                     QueueEventKind kind) {
  std::vector<std::string> out;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind != kind) continue;
    out.push_back(r.scenario.pods[e.pod].name + "@" +
                  std::to_string((e.time_ms - r.timeline.start_ms) / 1000));
  }
  return out;
}

const WorkloadOutcome& WorkloadNamed(const SimulationResult& r,
                                     const std::string& kind,
                                     const std::string& name) {
  for (const WorkloadOutcome& w : r.timeline.workloads) {
    if (w.kind == kind && w.name == name) return w;
  }
  FAIL("no workload " << kind << " " << name);
  return r.timeline.workloads.front();
}

const Pod& PodNamed(const SimulationResult& r, const std::string& name) {
  for (const Pod& p : r.scenario.pods) {
    if (p.name == name) return p;
  }
  FAIL("no pod " << name);
  return r.scenario.pods.front();
}

}  // namespace

TEST_CASE(
    "Workloads: a Deployment creates its ReplicaSet's pods, named, labelled "
    "and owned as the controllers do, at its template's priority") {
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          Workload("Deployment", "web", "  replicas: 2\n", "high", "1"));
  REQUIRE(r.attempts.size() == 2);
  const Pod& pod = r.scenario.pods[r.attempts[0].pod];
  const std::string* hash = pod.labels.Find("pod-template-hash");
  REQUIRE(hash != nullptr);
  CHECK(hash->size() >= 8);
  CHECK(pod.name.rfind("web-" + *hash + "-", 0) == 0);
  CHECK(pod.name.size() == 4 + hash->size() + 1 + 5);
  REQUIRE(pod.owners.size() == 1);
  CHECK(pod.owners[0].kind == "ReplicaSet");
  CHECK(pod.owners[0].name == "web-" + *hash);
  CHECK(pod.owners[0].controller);
  CHECK(*pod.labels.Find("app") == "web");
  CHECK(pod.priority == 1000);
  CHECK(Outcomes(r) ==
        std::vector<std::string>{
            pod.name + " Scheduled n1",
            r.scenario.pods[r.attempts[1].pod].name + " Scheduled n1"});
  // Deterministic: the same input names the same pods.
  SimulationResult again =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          Workload("Deployment", "web", "  replicas: 2\n", "high", "1"));
  CHECK(Outcomes(again) == Outcomes(r));
  const WorkloadOutcome& w = WorkloadNamed(r, "Deployment", "web");
  CHECK(w.wanted == 2);
  CHECK(w.running_before == 0);
  CHECK(w.running_after == 2);
  CHECK(w.created == 2);
}

TEST_CASE(
    "Workloads: the pods a controller creates carry the selector "
    "PodTopologySpread's default constraints spread them by "
    "(helper.DefaultSelector)") {
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "8") +
          Workload("Deployment", "web", "  replicas: 1\n", "high", "1") +
          Workload("StatefulSet", "db", "  replicas: 1\n", "high", "1") +
          Workload("DaemonSet", "agent", "", "high", "1"));
  std::map<std::string, const Pod*> by_kind;
  for (const Attempt& a : r.attempts) {
    const Pod& pod = r.scenario.pods[a.pod];
    REQUIRE(pod.owners.size() == 1);
    by_kind[pod.owners[0].kind] = &pod;
  }
  REQUIRE(by_kind.size() == 3);
  auto selector = [](const Pod& pod) {
    std::vector<std::string> out;
    for (const Requirement& req : pod.default_selector.requirements) {
      out.push_back(req.key + "=" + req.values.at(0));
    }
    return out;
  };
  // A ReplicaSet the rollout made: the Deployment's selector and the
  // pod-template-hash label the Deployment controller adds to it.
  const Pod& web = *by_kind["ReplicaSet"];
  CHECK(selector(web) ==
        std::vector<std::string>{
            "app=web",
            "pod-template-hash=" + *web.labels.Find("pod-template-hash")});
  CHECK(selector(*by_kind["StatefulSet"]) ==
        std::vector<std::string>{"app=db"});
  CHECK(selector(*by_kind["DaemonSet"]).empty());
}

TEST_CASE(
    "Workloads: a preempted pod's ReplicaSet replaces it as soon as it "
    "starts terminating, from the victim's own spec when the input lacks "
    "the ReplicaSet") {
  // Upstream: the ReplicaSet controller counts only active pods (no
  // deletionTimestamp), so the victim's replacement is created at once.
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "2") +
          OwnedPod("batch-1", "batch-7c9d8", "n1", "2") +
          "apiVersion: v1\nkind: Pod\nmetadata: {name: api}\nspec:\n  "
          "priorityClassName: high\n  containers: [{name: c, image: x, "
          "resources: {requests: {cpu: \"2\"}}}]\n");
  std::vector<std::string> created = Events(r, QueueEventKind::kCreated);
  REQUIRE(created.size() == 1);
  const std::string replacement = created[0].substr(0, created[0].find(' '));
  CHECK(created[0] == replacement + " replaces batch-1");
  CHECK(replacement.rfind("batch-7c9d8-", 0) == 0);
  const Pod& made = PodNamed(r, replacement);
  CHECK(made.priority == 100);
  CHECK(*made.labels.Find("app") == "batch-7c9d8");
  CHECK(made.requests.Get(kCpu) == 2000);
  // The replacement waits: the room it would take went to api.
  CHECK(Outcomes(r) == std::vector<std::string>{
                           "api Nominated n1", replacement + " Unschedulable",
                           "api Scheduled n1", replacement + " Unschedulable"});
  CHECK(r.timeline.events.front().time_ms == r.timeline.start_ms);
  const WorkloadOutcome& w = WorkloadNamed(r, "ReplicaSet", "batch-7c9d8");
  CHECK_FALSE(w.in_input);
  CHECK(w.wanted == 1);
  CHECK(w.running_before == 1);
  CHECK(w.running_after == 0);
  CHECK(w.pending == 1);
  CHECK(w.lost == 1);
  CHECK(ToJson(r).find("\"text\":\"default/api evicted default/batch-1; "
                       "ReplicaSet default/batch-7c9d8 recreated it as "
                       "default/" +
                       replacement + "; default/" + replacement +
                       " pending: 0/1 nodes are available") !=
        std::string::npos);
}

TEST_CASE("Workloads: controllers off, a victim is not replaced") {
  SimulateOptions options;
  options.controllers = false;
  SimulationResult r = Simulate(
      std::string(kClasses) + NodeYaml("n1", "2") +
          OwnedPod("batch-1", "batch-7c9d8", "n1", "2") +
          "apiVersion: v1\nkind: Pod\nmetadata: {name: api}\nspec:\n  "
          "priorityClassName: high\n  containers: [{name: c, image: x, "
          "resources: {requests: {cpu: \"2\"}}}]\n---\n" +
          Workload("Deployment", "web", "  replicas: 2\n", "high", "1"),
      options);
  CHECK(Events(r, QueueEventKind::kCreated).empty());
  CHECK(Outcomes(r) ==
        std::vector<std::string>{"api Nominated n1", "api Scheduled n1"});
  CHECK(r.timeline.workloads.empty());
  CHECK_FALSE(r.timeline.controllers);
}

TEST_CASE(
    "Workloads: an OrderedReady StatefulSet waits on each ordinal; a "
    "Parallel one creates them all") {
  // web-0 does not fit: OrderedReady never creates web-1.
  std::string ordered =
      std::string(kClasses) + NodeYaml("n1", "1") +
      Workload("StatefulSet", "web", "  replicas: 3\n", "low", "2");
  SimulationResult r = Run(ordered);
  CHECK(Events(r, QueueEventKind::kCreated) ==
        std::vector<std::string>{"web-0"});
  const Pod& web0 = PodNamed(r, "web-0");
  CHECK(*web0.labels.Find("statefulset.kubernetes.io/pod-name") == "web-0");
  CHECK(*web0.labels.Find("apps.kubernetes.io/pod-index") == "0");
  CHECK(web0.labels.Find("controller-revision-hash")->rfind("web-", 0) == 0);
  // Room for all: each ordinal after the one before is bound.
  SimulationResult fits =
      Run(std::string(kClasses) + NodeYaml("n1", "8") +
          Workload("StatefulSet", "web", "  replicas: 3\n", "low", "2"));
  CHECK(Outcomes(fits) == std::vector<std::string>{"web-0 Scheduled n1",
                                                   "web-1 Scheduled n1",
                                                   "web-2 Scheduled n1"});
  SimulationResult parallel = Run(
      std::string(kClasses) + NodeYaml("n1", "1") +
      Workload("StatefulSet", "web",
               "  replicas: 3\n  podManagementPolicy: Parallel\n", "low", "2"));
  CHECK(Events(parallel, QueueEventKind::kCreated) ==
        std::vector<std::string>{"web-0", "web-1", "web-2"});
}

TEST_CASE(
    "Workloads: a StatefulSet's preempted pod comes back under the same "
    "name once it is gone") {
  std::string set =
      Workload("StatefulSet", "db", "  replicas: 1\n", "low", "2");
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "2") + set +
      "apiVersion: v1\nkind: Pod\nmetadata: {name: db-0, labels: {app: "
      "db}, ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, "
      "name: db, uid: uid-db, controller: true}]}\nspec: {nodeName: n1, "
      "priorityClassName: low, terminationGracePeriodSeconds: 10, "
      "containers: [{name: c, image: x, resources: {requests: {cpu: "
      "\"2\"}}}]}\nstatus: {phase: Running}\n---\n"
      "apiVersion: v1\nkind: Pod\nmetadata: {name: api}\nspec:\n  "
      "priorityClassName: high\n  containers: [{name: c, image: x, "
      "resources: {requests: {cpu: \"2\"}}}]\n";
  SimulationResult r = Run(text);
  std::vector<std::string> created = Events(r, QueueEventKind::kCreated);
  REQUIRE(created.size() == 1);
  CHECK(created[0] == "db-0 replaces db-0");
  // Created when the old db-0 is gone, 10 s on.
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind == QueueEventKind::kCreated) {
      CHECK(e.time_ms - r.timeline.start_ms == 10'000);
    }
  }
}

TEST_CASE(
    "Workloads: a DaemonSet creates one pod per node it should run on, "
    "pinned by node affinity and tolerating what the controller adds") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "4") +
      NodeYaml("n2", "4", "unschedulable: true") +
      NodeYaml("n3", "4",
               "taints: [{key: dedicated, value: gpu, effect: NoSchedule}]") +
      Workload("DaemonSet", "agent", "", "high", "100m");
  SimulationResult r = Run(text);
  CHECK(Outcomes(r).size() == 2);
  std::vector<std::string> nodes;
  for (const Attempt& a : r.attempts) {
    const Pod& pod = r.scenario.pods[a.pod];
    CHECK(a.outcome == Outcome::kScheduled);
    REQUIRE(pod.required_node_affinity);
    REQUIRE(pod.required_node_affinity->size() == 1);
    const NodeSelectorTerm& term = (*pod.required_node_affinity)[0];
    REQUIRE(term.match_fields.size() == 1);
    CHECK(term.match_fields[0].values ==
          std::vector<std::string>{NodeName(r, a)});
    nodes.push_back(NodeName(r, a));
  }
  // n3's taint is not tolerated; a cordoned node is (the controller adds
  // node.kubernetes.io/unschedulable).
  CHECK(nodes == std::vector<std::string>{"n1", "n2"});
  CHECK(WorkloadNamed(r, "DaemonSet", "agent").wanted == 2);
}

TEST_CASE("Workloads: a daemon pod preempts on a full node, and only there") {
  std::string text = std::string(kClasses) + NodeYaml("n1", "2") +
                     NodeYaml("n2", "2") +
                     OwnedPod("fill-1", "fill-aaaaa", "n1", "2") +
                     OwnedPod("fill-2", "fill-aaaaa", "n2", "500m") +
                     Workload("DaemonSet", "agent", "", "high", "1");
  SimulationResult r = Run(text);
  // Each daemon pod is pinned: the one for n1 evicts fill-1 even though
  // preempting elsewhere is no option for it.
  bool evicted_fill1 = false;
  for (const Attempt& a : r.attempts) {
    if (a.outcome != Outcome::kNominated) continue;
    CHECK(NodeName(r, a) == "n1");
    CHECK(VictimNames(r, a) == std::vector<std::string>{"fill-1"});
    evicted_fill1 = true;
  }
  CHECK(evicted_fill1);
}

TEST_CASE(
    "Workloads: a Job's preempted pod counts toward backoffLimit unless its "
    "podFailurePolicy ignores DisruptionTarget") {
  auto run = [](const std::string& job_spec) {
    return Run(std::string(kClasses) + NodeYaml("n1", "2") +
               Workload("Job", "train", job_spec, "low", "2",
                        "      restartPolicy: Never\n") +
               "apiVersion: v1\nkind: Pod\nmetadata: {name: api, "
               "creationTimestamp: \"2024-05-01T08:00:05Z\"}\nspec:\n  "
               "priorityClassName: high\n  containers: [{name: c, image: "
               "x, resources: {requests: {cpu: \"2\"}}}]\n");
  };
  SimulationResult counted = run("  parallelism: 1\n  backoffLimit: 0\n");
  const WorkloadOutcome& job = WorkloadNamed(counted, "Job", "train");
  CHECK(job.lost == 1);
  CHECK(job.failed);  // one failure is past backoffLimit 0
  // isPodFailed counts the deleted pod at once: no replacement is made.
  CHECK(Events(counted, QueueEventKind::kCreated).size() == 1);
  const Pod& first = counted.scenario.pods[counted.attempts[0].pod];
  CHECK(*first.labels.Find("job-name") == "train");
  CHECK(*first.labels.Find("batch.kubernetes.io/controller-uid") ==
        "uid-train");
  SimulationResult ignored =
      run("  parallelism: 1\n  backoffLimit: 0\n  podFailurePolicy:\n    "
          "rules:\n    - action: Ignore\n      onPodConditions: [{type: "
          "DisruptionTarget}]\n");
  CHECK_FALSE(WorkloadNamed(ignored, "Job", "train").failed);
  // podFailurePolicy makes podReplacementPolicy Failed: the replacement
  // waits for the victim to be gone (30 s).
  std::vector<std::string> created = Events(ignored, QueueEventKind::kCreated);
  REQUIRE(created.size() == 2);
  CHECK(created[1].find("replaces") != std::string::npos);
}

TEST_CASE(
    "Workloads: a podFailurePolicy rule with an unknown action or operator is "
    "an error, as the API's validation makes it") {
  SimulationResult r = Run(
      std::string(kClasses) + NodeYaml("n1", "4") +
      Workload("Job", "train",
               "  podFailurePolicy:\n    rules:\n    - action: Retry\n      "
               "onPodConditions: [{type: DisruptionTarget}]\n    - action: "
               "FailJob\n      onExitCodes: {operator: Between, values: "
               "[1]}\n",
               "low", "1", "      restartPolicy: Never\n"));
  std::vector<std::string> texts = DiagnosticTexts(r);
  auto has = [&](const std::string& text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
  };
  CHECK(
      has("Job default/train: spec.podFailurePolicy.rules[0].action: "
          "unknown action \"Retry\"; valid: FailJob, FailIndex, Ignore, "
          "Count"));
  CHECK(
      has("Job default/train: spec.podFailurePolicy.rules[1].onExitCodes."
          "operator: unknown operator \"Between\"; valid: In, NotIn"));
}

TEST_CASE(
    "Workloads: a template's errors name the field under spec.template, and "
    "a broken template creates nothing") {
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          Workload("Deployment", "web", "  replicas: 2\n", "gold", "lots"));
  CHECK(r.attempts.empty());
  std::vector<std::string> texts = DiagnosticTexts(r);
  CHECK(std::find(texts.begin(), texts.end(),
                  "Deployment default/web: "
                  "spec.template.spec.containers[0].resources.requests.cpu: "
                  "invalid quantity \"lots\"; expected a number with an "
                  "optional suffix, e.g. 500m, 2, 1.5Gi, 100M or 1e3") !=
        texts.end());
  SimulationResult forbidden =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          Workload("Deployment", "web", "  replicas: 2\n", "gold", "1"));
  CHECK(forbidden.attempts.empty());
  std::vector<std::string> why = DiagnosticTexts(forbidden);
  CHECK(std::find(why.begin(), why.end(),
                  "Deployment default/web: spec.template.spec."
                  "priorityClassName: pods \"web\" is forbidden: no "
                  "PriorityClass with name gold was found (known: high, "
                  "low, system-cluster-critical, system-node-critical)") !=
        why.end());
}

TEST_CASE(
    "Workloads: a Deployment applied with a new template rolls out within "
    "maxSurge, and its old pods leave as the new ones become available") {
  // Room for the four old pods and one more: the surge.
  std::string cluster = std::string(kClasses) + NodeYaml("n1", "5");
  // The running revision: a ReplicaSet with the old template and its pods.
  std::string old_template =
      "    metadata: {labels: {app: web}}\n    spec:\n      "
      "priorityClassName: low\n      containers: [{name: c, image: v1, "
      "resources: {requests: {cpu: \"1\"}}}]\n";
  cluster +=
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
      "  replicas: 4\n  selector: {matchLabels: {app: web}}\n  template:\n" +
      old_template +
      "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
      "web-old, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, "
      "name: web, uid: u, controller: true}]}\nspec:\n  replicas: 4\n  "
      "selector: {matchLabels: {app: web}}\n  template:\n" +
      old_template + "---\n";
  for (int i = 0; i < 4; ++i) {
    cluster += OwnedPod("web-old-" + std::to_string(i), "web-old", "n1", "1",
                        "2024-05-01T07:00:0" + std::to_string(i) + "Z");
  }
  DecodeResult decoded = Decode(cluster);
  LoadedCluster loaded(std::move(decoded));
  std::string change =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
      "  replicas: 4\n  selector: {matchLabels: {app: web}}\n  template:\n"
      "    metadata: {labels: {app: web}}\n    spec:\n      "
      "priorityClassName: low\n      containers: [{name: c, image: v2, "
      "resources: {requests: {cpu: \"1\"}}}]\n";
  SimulationResult r = loaded.Simulate(change);
  // 25% of 4: maxSurge 1, maxUnavailable 1. Sync by sync (each scales one
  // side, and a ReplicaSet's update syncs again): new 1, old 3, new 2; the
  // first new pod binds in the room left (available at once in podsim):
  // old 2, new 3. The other new pods wait for the room the two deleted old
  // pods keep for their grace period.
  int created = 0;
  int deleted = 0;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.time_ms != r.timeline.start_ms) continue;
    created += e.kind == QueueEventKind::kCreated;
    deleted += e.kind == QueueEventKind::kDeleted;
  }
  CHECK(created == 3);
  CHECK(deleted == 2);
  CHECK(r.timeline.end_ms - r.timeline.start_ms >= 30'000);
  const WorkloadOutcome& w = WorkloadNamed(r, "Deployment", "web");
  CHECK(w.applied);
  CHECK(w.running_before == 4);
  CHECK(w.running_after == 4);
  CHECK(w.created == 4);
  // Every old pod was deleted by the rollout, none by preemption, the
  // newest first (getPodsToDelete: all are bound, on one node): two at the
  // start, then one as each of the new pods waiting for room binds. At
  // +30 s, web-old-1 and web-old-0 were created 32 s and 33 s before: the
  // same logarithmic bucket (2^34 ns), so the smaller uid goes first.
  CHECK(TimedEvents(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-old-3@0", "web-old-2@0", "web-old-0@30",
                                 "web-old-1@30"});
  for (const Attempt& a : r.attempts) {
    CHECK(r.scenario.pods[a.pod].applied);
    CHECK(r.scenario.pods[a.pod].labels.Find("pod-template-hash") != nullptr);
  }
  // The same Deployment applied unchanged rolls nothing out.
  SimulationResult same = loaded.Simulate(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
      "  replicas: 4\n  selector: {matchLabels: {app: web}}\n  template:\n" +
      old_template);
  CHECK(same.attempts.empty());
}

TEST_CASE(
    "Workloads: the disruption controller counts a pod bound in the run as "
    "Ready, and one the input binds without a Ready condition as not") {
  // db-0 is bound in the input without status; db-1 binds in the run. When
  // db-1 binds the budget is recomputed: 1 healthy (db-1) - 1 = 0 allowed.
  // (An idle ReplicaSet turns the controllers on.)
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "4") +
      Workload("ReplicaSet", "idle", "  replicas: 0\n", "low", "1") +
      "apiVersion: v1\nkind: Pod\nmetadata: {name: db-0, "
      "labels: {app: db}}\nspec:\n  nodeName: n1\n  "
      "containers: [{name: c, image: x}]\n---\n"
      "apiVersion: v1\nkind: Pod\nmetadata: {name: db-1, "
      "labels: {app: db}}\nspec:\n  containers: [{name: c, "
      "image: x}]\n---\n"
      "apiVersion: policy/v1\nkind: PodDisruptionBudget\n"
      "metadata: {name: db}\nspec: {minAvailable: 1, "
      "selector: {matchLabels: {app: db}}}\nstatus: "
      "{disruptionsAllowed: 5}\n---\n";
  SimulationResult r = Run(text);
  CHECK(Outcomes(r) == std::vector<std::string>{"db-1 Scheduled n1"});
  CHECK(r.scenario.pdbs[0].disruptions_allowed_at_start == 5);
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);
}

TEST_CASE(
    "Workloads: the disruption controller lowers a PDB's budget as its pods "
    "are evicted, so a second preemption does not spend it again") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "2") + NodeYaml("n2", "2") +
      OwnedPod("db-1", "db-aaaaa", "n1", "2") +
      OwnedPod("db-2", "db-aaaaa", "n2", "2") +
      "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: "
      "db}\nspec: {minAvailable: 1, selector: {matchLabels: {app: "
      "db-aaaaa}}}\n---\n";
  for (const char* name : {"api-1", "api-2"}) {
    text += std::string("apiVersion: v1\nkind: Pod\nmetadata: {name: ") + name +
            "}\nspec:\n  priorityClassName: high\n  containers: [{name: c, "
            "image: x, resources: {requests: {cpu: \"2\"}}}]\n---\n";
  }
  SimulationResult r = Run(text);
  const Attempt& first = FirstAttempt(r, "api-1");
  const Attempt& second = FirstAttempt(r, "api-2");
  CHECK(first.pdb_violations == 0);
  // db-1 is terminating: one healthy pod left, minAvailable 1 -> 0 allowed.
  CHECK(second.pdb_violations == 1);
  std::vector<std::string> updates = Events(r, QueueEventKind::kPdbStatus);
  REQUIRE_FALSE(updates.empty());
  CHECK(updates[0] == "db-1");
  CHECK(r.scenario.pdbs[0].disruptions_allowed_at_start == 1);
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);

  // Bare pods (no workload): the budget stays as computed at the start, as
  // upstream's scheduler tests, without a controller manager, see it.
  std::string bare = text;
  for (const char* rs : {"db-aaaaa"}) {
    const std::string owner =
        std::string(
            "  ownerReferences: [{apiVersion: apps/v1, kind: "
            "ReplicaSet, name: ") +
        rs + ", uid: u-" + rs + ", controller: true}]\n";
    for (size_t at = bare.find(owner); at != std::string::npos;
         at = bare.find(owner)) {
      bare.erase(at, owner.size());
    }
  }
  SimulationResult still = Run(bare);
  CHECK(FirstAttempt(still, "api-2").pdb_violations == 0);
  CHECK(Events(still, QueueEventKind::kPdbStatus).empty());
}

}  // namespace podsim

namespace podsim {
using namespace testing;

TEST_CASE(
    "Workloads: applying a manifest a live Deployment already matches (with "
    "the API's defaults filled in) rolls nothing out; a new image does") {
  // What kubectl get prints: the stored template, defaults and all.
  const std::string live_template =
      "    metadata: {creationTimestamp: null, labels: {app: web}}\n"
      "    spec:\n      containers:\n      - image: nginx:1.27\n"
      "        imagePullPolicy: IfNotPresent\n        name: web\n"
      "        resources: {requests: {cpu: \"1\", memory: 1Gi}}\n"
      "        terminationMessagePath: /dev/termination-log\n"
      "        terminationMessagePolicy: File\n"
      "      dnsPolicy: ClusterFirst\n      restartPolicy: Always\n"
      "      schedulerName: default-scheduler\n      securityContext: {}\n"
      "      terminationGracePeriodSeconds: 30\n";
  std::string cluster =
      "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: "
      "{allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}}\n---\n"
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, uid: "
      "d1}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n" +
      live_template +
      "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
      "web-5d4f8c7b9, uid: r1, ownerReferences: [{apiVersion: apps/v1, "
      "kind: Deployment, name: web, uid: d1, controller: true}]}\nspec:\n"
      "  replicas: 2\n  selector: {matchLabels: {app: web}}\n  template:\n" +
      live_template + "---\n";
  for (const char* name : {"web-5d4f8c7b9-aaaaa", "web-5d4f8c7b9-bbbbb"}) {
    cluster += std::string("apiVersion: v1\nkind: Pod\nmetadata: {name: ") +
               name +
               ", labels: {app: web, pod-template-hash: 5d4f8c7b9}, "
               "ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, "
               "name: web-5d4f8c7b9, uid: r1, controller: true}]}\nspec: "
               "{nodeName: n1, containers: [{name: web, image: nginx:1.27, "
               "resources: {requests: {cpu: \"1\", memory: 1Gi}}}]}\nstatus: "
               "{phase: Running}\n---\n";
  }
  LoadedCluster loaded(Decode(cluster));
  auto manifest = [](const std::string& image, const std::string& cpu) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
           "spec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n"
           "  template:\n    metadata: {labels: {app: web}}\n    spec:\n"
           "      containers:\n      - name: web\n        image: " +
           image + "\n        resources: {requests: {cpu: " + cpu +
           ", memory: 1Gi}}\n";
  };
  SimulationResult same = loaded.Simulate(manifest("nginx:1.27", "1000m"));
  CHECK(same.attempts.empty());
  CHECK(Events(same, QueueEventKind::kCreated).empty());
  SimulationResult rollout = loaded.Simulate(manifest("nginx:1.28", "1"));
  CHECK(Events(rollout, QueueEventKind::kCreated).size() == 2);
  CHECK(Events(rollout, QueueEventKind::kDeleted).size() == 2);
}

}  // namespace podsim

namespace podsim {
using namespace testing;

namespace {

// A live Deployment web of 4 (nginx:1.27) with its ReplicaSet and 4 Ready
// pods on n1, and a budget over them with maxUnavailable 1, without status.
std::string RolloutCluster() {
  const std::string tmpl =
      "    metadata: {labels: {app: web}}\n    spec:\n      containers:\n"
      "      - {name: web, image: nginx:1.27, resources: {requests: {cpu: "
      "\"1\"}}}\n";
  std::string cluster =
      "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: "
      "{allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}}\n---\n"
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, uid: "
      "d1}\nspec:\n  replicas: 4\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n" +
      tmpl +
      "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
      "web-old, uid: r1, ownerReferences: [{apiVersion: apps/v1, kind: "
      "Deployment, name: web, uid: d1, controller: true}]}\nspec:\n  "
      "replicas: 4\n  selector: {matchLabels: {app: web}}\n  template:\n" +
      tmpl +
      "---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: "
      "{name: web}\nspec: {maxUnavailable: 1, selector: {matchLabels: {app: "
      "web}}}\n---\n";
  for (const char* name :
       {"web-old-a", "web-old-b", "web-old-c", "web-old-d"}) {
    cluster += std::string("apiVersion: v1\nkind: Pod\nmetadata: {name: ") +
               name +
               ", labels: {app: web}, ownerReferences: [{apiVersion: apps/v1, "
               "kind: ReplicaSet, name: web-old, uid: r1, controller: true}]}"
               "\nspec: {nodeName: n1, containers: [{name: web, image: "
               "nginx:1.27, resources: {requests: {cpu: \"1\"}}}]}\nstatus: "
               "{phase: Running, conditions: [{type: Ready, status: "
               "\"True\"}]}\n---\n";
  }
  return cluster;
}

}  // namespace

TEST_CASE(
    "Workloads: during a rollout a budget expects the Deployment's replicas, "
    "its new ReplicaSet's pods and terminating pods included "
    "(getPodDeployment)") {
  LoadedCluster loaded(Decode(RolloutCluster()));
  SimulationResult r = loaded.Simulate(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
      "spec:\n  replicas: 4\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n    metadata: {labels: {app: web}}\n    spec:\n"
      "      containers:\n      - {name: web, image: nginx:1.28, resources: "
      "{requests: {cpu: \"1\"}}}\n");
  CHECK(Events(r, QueueEventKind::kCreated).size() == 4);
  // Upstream expects 4 throughout (old and new ReplicaSets both map to the
  // Deployment), so 3 must stay healthy: each old pod that terminates takes
  // the budget to 0, each new pod that binds back to 1. Counting the new
  // ReplicaSet's pods one by one expected up to 8 and wanted up to 7
  // healthy.
  std::vector<int> allowed;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind == QueueEventKind::kPdbStatus) allowed.push_back(e.other);
  }
  CHECK(allowed == std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1});
  CHECK(r.scenario.pdbs[0].desired_healthy == 3);
}

TEST_CASE(
    "Workloads: past 20,000 created pods the controllers stop, say so, and "
    "pin no daemon pod to the wrong node") {
  std::string text = std::string(kClasses) + NodeYaml("n1", "1") +
                     NodeYaml("n2", "1") +
                     Workload("Job", "many", "  parallelism: 19999\n", "low",
                              "2", "      restartPolicy: Never\n") +
                     Workload("DaemonSet", "agent", "", "high", "100m");
  SimulationResult r = Run(text);
  CHECK(r.timeline.controllers_capped);
  CHECK(std::find(DiagnosticTexts(r).begin(), DiagnosticTexts(r).end(),
                  ": : the workload controllers created 20000 pods and "
                  "stopped there: the cascade of replacements did not "
                  "settle") != DiagnosticTexts(r).end());
  for (const Pod& pod : r.scenario.pods) {
    if (pod.owners.empty() || pod.owners[0].kind != "DaemonSet") continue;
    REQUIRE(pod.required_node_affinity);
    CHECK((*pod.required_node_affinity)[0].match_fields[0].values ==
          std::vector<std::string>{"n1"});
  }
  CHECK(WorkloadNamed(r, "DaemonSet", "agent").wanted == 2);
}

TEST_CASE(
    "Workloads: a PDB with maxUnavailable over a DaemonSet's pods allows "
    "nothing, and one over pods the run creates allows disruptions once "
    "they run") {
  std::string daemon =
      std::string(kClasses) + NodeYaml("n1", "4") + NodeYaml("n2", "4") +
      NodeYaml("n3", "4") + Workload("DaemonSet", "agent", "", "low", "1") +
      "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: "
      "agent}\nspec: {maxUnavailable: 1, selector: {matchLabels: {app: "
      "agent}}}\n---\n";
  SimulationResult r = Run(daemon);
  // getExpectedScale finds no scale for a DaemonSet (getScaleController:
  // daemonsets.apps has no scale subresource): the sync fails, and
  // failSafe keeps disruptionsAllowed at 0 as its 3 pods run.
  REQUIRE(r.scenario.pdbs.size() == 1);
  CHECK(Events(r, QueueEventKind::kCreated).size() == 3);
  CHECK(r.scenario.pdbs[0].disruptions_allowed == 0);
  // A Deployment and its budget applied together: no pod at the start, so
  // nothing allowed then; 3 running at the end, minAvailable 1: 2 allowed.
  SimulationResult fresh =
      Run(std::string(kClasses) + NodeYaml("n1", "8") +
          Workload("Deployment", "web", "  replicas: 3\n", "low", "1") +
          "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: "
          "web}\nspec: {minAvailable: 1, selector: {matchLabels: {app: "
          "web}}}\n---\n");
  CHECK(fresh.scenario.pdbs[0].disruptions_allowed_at_start == 0);
  CHECK(fresh.scenario.pdbs[0].disruptions_allowed == 2);
}

TEST_CASE(
    "Workloads: a DaemonSet whose template names a node runs there only; "
    "Recreate waits for the old pods to be gone; a Job's replacement after "
    "a failure waits out its backoff") {
  SimulationResult pinned = Run(
      std::string(kClasses) + NodeYaml("n1", "4") + NodeYaml("n2", "4") +
      Workload("DaemonSet", "agent", "", "low", "1", "      nodeName: n2\n"));
  CHECK(Outcomes(pinned).size() == 1);
  CHECK(WorkloadNamed(pinned, "DaemonSet", "agent").wanted == 1);

  // Recreate: a Deployment applied with a new template scales its old pods
  // to 0, and its new pods appear once they are gone (30 s).
  const std::string tmpl =
      "    metadata: {labels: {app: web-old}}\n    spec: {priorityClassName: "
      "low, containers: [{name: c, image: v1, resources: {requests: {cpu: "
      "\"1\"}}}]}\n";
  const std::string deployment =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
      "  replicas: 1\n  strategy: {type: Recreate}\n  selector: "
      "{matchLabels: {app: web-old}}\n  template:\n";
  LoadedCluster cluster(Decode(
      std::string(kClasses) + NodeYaml("n1", "8") + deployment + tmpl +
      "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
      "web-old, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, "
      "name: web, uid: u, controller: true}]}\nspec:\n  replicas: 1\n  "
      "selector: {matchLabels: {app: web-old}}\n  template:\n" +
      tmpl + "---\n" + OwnedPod("web-old-1", "web-old", "n1", "1")));
  const std::string changed = tmpl.substr(0, tmpl.find("image: v1")) +
                              "image: v2" +
                              tmpl.substr(tmpl.find("image: v1") + 9);
  SimulationResult recreate = cluster.Simulate(deployment + changed);
  std::vector<int64_t> created_at;
  for (const QueueEvent& e : recreate.timeline.events) {
    if (e.kind == QueueEventKind::kCreated) {
      created_at.push_back(e.time_ms - recreate.timeline.start_ms);
    }
  }
  CHECK(Events(recreate, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-old-1"});
  CHECK(created_at == std::vector<int64_t>{30'000});
  // The cluster picture's end: the old pod its controller deleted runs
  // nowhere, and says who deleted it.
  const std::string json = ToJson(recreate);
  CHECK(json.find("\"pod\":\"default/web-old-1\"") != std::string::npos);
  CHECK(json.find("\"finalNode\":null,\"nominatedNode\":null,"
                  "\"evictedBy\":null,\"deletedBy\":\"ReplicaSet "
                  "default/web-old\"") != std::string::npos);

  // backoffLimit 1: the first preempted pod fails (counted at once); the
  // Job syncs again when the 10 s backoff ends and creates the replacement
  // then (manageJob, enqueueSyncJobWithDelay).
  SimulationResult job =
      Run(std::string(kClasses) + NodeYaml("n1", "2") +
          Workload("Job", "train", "  parallelism: 1\n  backoffLimit: 1\n",
                   "low", "2", "      restartPolicy: Never\n") +
          "apiVersion: v1\nkind: Pod\nmetadata: {name: api, creationTimestamp: "
          "\"2024-05-01T08:00:05Z\"}\nspec:\n  priorityClassName: high\n  "
          "containers: [{name: c, image: x, resources: {requests: {cpu: "
          "\"2\"}}}]\n");
  int64_t preempted_ms = -1;
  bool delayed = false;
  for (const QueueEvent& e : job.timeline.events) {
    if (e.kind == QueueEventKind::kTerminating) preempted_ms = e.time_ms;
    if (e.kind == QueueEventKind::kCreated && e.other >= 0) {
      CHECK(e.time_ms - preempted_ms == 10'000);
      CHECK(e.until_ms == e.time_ms);
      delayed = true;
    }
  }
  CHECK(delayed);
  CHECK_FALSE(WorkloadNamed(job, "Job", "train").failed);
}

TEST_CASE(
    "Workloads: under v1.31 a template's pod-level resources are dropped "
    "as the pods' are") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "8") +
      Workload("Deployment", "web", "  replicas: 1\n", "low", "1",
               "      resources: {requests: {cpu: \"3\"}}\n");
  SimulationResult current = Run(text);
  SimulationResult old = RunAs("v1.31", text);
  REQUIRE(current.attempts.size() == 1);
  REQUIRE(old.attempts.size() == 1);
  CHECK(current.scenario.pods[current.attempts[0].pod].requests.Get(kCpu) ==
        3000);
  CHECK(old.scenario.pods[old.attempts[0].pod].requests.Get(kCpu) == 1000);
}

}  // namespace podsim

namespace podsim {
using namespace testing;

namespace {

// Simulated from 2024-05-01T08:00:00Z.
SimulationResult RunFromEight(const std::string& text) {
  SimulateOptions options;
  options.start_ms = int64_t{1'714'550'400} * 1000;
  return Simulate(text, options);
}

// A high-priority pod of 2 cpu arriving at 08:00:<second>.
std::string Preemptor(const std::string& name, int second) {
  return PodText(
      {.name = name,
       .app = name,
       .created = "2024-05-01T08:00:0" + std::to_string(second) + "Z",
       .priority_class = "high",
       .cpu = "2"});
}

}  // namespace

TEST_CASE(
    "Workloads: a Job wants parallelism pods, at most the completions not "
    "yet succeeded, and none while suspended or past its backoffLimit") {
  struct Row {
    const char* name;
    std::string spec;
    std::string status;  // empty: none
    int created;
  };
  const Row rows[] = {
      {"parallelism alone", "  parallelism: 3\n", "", 3},
      {"completions 5, 3 succeeded: 2 remain",
       "  parallelism: 3\n  completions: 5\n", "{succeeded: 3}", 2},
      {"every completion succeeded", "  parallelism: 3\n  completions: 5\n",
       "{succeeded: 5}", 0},
      {"no completions: one success completes it", "  parallelism: 3\n",
       "{succeeded: 1}", 0},
      {"suspended", "  parallelism: 3\n  suspend: true\n", "", 0},
      {"status.failed at backoffLimit", "  parallelism: 2\n  backoffLimit: 1\n",
       "{failed: 1}", 2},
      {"status.failed past backoffLimit",
       "  parallelism: 2\n  backoffLimit: 1\n", "{failed: 2}", 0},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    std::string job = Workload("Job", "train", row.spec, "low", "1",
                               "      restartPolicy: Never\n");
    if (!row.status.empty()) job = WithStatus(job, row.status);
    SimulationResult r = Run(std::string(kClasses) + NodeYaml("n1", "8") + job);
    CHECK(Events(r, QueueEventKind::kCreated).size() ==
          static_cast<size_t>(row.created));
    CHECK(WorkloadNamed(r, "Job", "train").created == row.created);
    CHECK(r.attempts.size() == static_cast<size_t>(row.created));
  }
}

TEST_CASE(
    "Workloads: a Job's failure count starts at its status.failed, so one "
    "preemption at backoffLimit fails it") {
  auto run = [](const std::string& status) {
    return RunFromEight(
        std::string(kClasses) + NodeYaml("n1", "2") +
        WithStatus(
            Workload("Job", "train", "  parallelism: 1\n  backoffLimit: 1\n",
                     "low", "2", "      restartPolicy: Never\n"),
            status) +
        Preemptor("api", 5));
  };
  // status.failed 1 and the preempted pod: 2 failures, past backoffLimit 1.
  SimulationResult at_limit = run("{failed: 1}");
  const WorkloadOutcome& failed = WorkloadNamed(at_limit, "Job", "train");
  CHECK(failed.failed);
  CHECK(failed.lost == 1);
  CHECK(failed.created == 1);  // no replacement
  CHECK(Events(at_limit, QueueEventKind::kCreated).size() == 1);
  // status.failed 0 and the preempted pod: 1 failure, within backoffLimit 1.
  SimulationResult within = run("{failed: 0}");
  const WorkloadOutcome& running = WorkloadNamed(within, "Job", "train");
  CHECK_FALSE(running.failed);
  CHECK(running.lost == 1);
  CHECK(running.created == 2);  // the first pod and its replacement
}

TEST_CASE(
    "Workloads: a Job's backoff doubles with each failure and holds back "
    "every creation: three failures a second apart make 40 s from the last") {
  // Three Job pods, one per node; three preemptors a second apart each take
  // one node; each preempted pod counts as failed at once
  // (TerminatingOrFailed).
  SimulationResult r = RunFromEight(
      std::string(kClasses) + NodeYaml("n1", "2") + NodeYaml("n2", "2") +
      NodeYaml("n3", "2") +
      Workload("Job", "train", "  parallelism: 3\n  backoffLimit: 6\n", "low",
               "2", "      restartPolicy: Never\n") +
      Preemptor("api-1", 5) + Preemptor("api-2", 6) + Preemptor("api-3", 7));
  std::vector<std::string> replacements;  // "<created s> -> <queued s>"
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind != QueueEventKind::kCreated || e.other < 0) continue;
    replacements.push_back(
        std::to_string((e.time_ms - r.timeline.start_ms) / 1000) + " -> " +
        std::to_string((e.until_ms - r.timeline.start_ms) / 1000));
  }
  // One backoff per Job (manageJob's getRemainingTime): at 7 s, three
  // failures since the last success make 40 s, and no replacement is made
  // before the Job syncs again when it ends (enqueueSyncJobWithDelay).
  CHECK(replacements ==
        std::vector<std::string>{"47 -> 47", "47 -> 47", "47 -> 47"});
  const WorkloadOutcome& job = WorkloadNamed(r, "Job", "train");
  CHECK(job.lost == 3);
  CHECK_FALSE(job.failed);
}

TEST_CASE(
    "Workloads: a failure the podFailurePolicy ignores still delays the Job's "
    "next pods by its backoff (newBackoffRecord takes every failed pod)") {
  // syncJob builds the backoff record from all new failed pods; only
  // nonIgnoredFailedPodsCount leaves the ignored ones out of backoffLimit.
  // TestSyncJobWithJobPodFailurePolicy "ignore pod failure based on
  // OnPodConditions, ignored failures delays pod recreation": no pod active.
  SimulationResult r = RunFromEight(
      std::string(kClasses) + NodeYaml("n1", "2") +
      Workload("Job", "train",
               "  parallelism: 1\n  backoffLimit: 0\n  podFailurePolicy:\n    "
               "rules:\n    - action: Ignore\n      onPodConditions: [{type: "
               "DisruptionTarget}]\n",
               "low", "2", "      restartPolicy: Never\n") +
      Preemptor("api", 5));
  CHECK_FALSE(WorkloadNamed(r, "Job", "train").failed);
  // Preempted at 5 s, gone (Failed) at 35 s: the replacement 10 s later.
  std::vector<std::string> created = TimedEvents(r, QueueEventKind::kCreated);
  REQUIRE(created.size() == 2);
  CHECK(created[0].ends_with("@0"));
  CHECK(created[1].ends_with("@45"));
}

TEST_CASE(
    "Workloads: podFailurePolicy rules match a preempted pod in order, "
    "onExitCodes rules included (matchPodFailurePolicy)") {
  auto run = [](const std::string& rules) {
    return RunFromEight(
        std::string(kClasses) + NodeYaml("n1", "2") +
        Workload("Job", "train",
                 "  parallelism: 1\n  backoffLimit: 6\n  podFailurePolicy:\n"
                 "    rules:\n" +
                     rules,
                 "low", "2", "      restartPolicy: Never\n") +
        Preemptor("api", 5));
  };
  const std::string ignore =
      "    - action: Ignore\n      onPodConditions: [{type: "
      "DisruptionTarget}]\n";
  // The kubelet kills the victim's containers: exit code 137, which a
  // FailJob rule on NotIn [0] ahead of the Ignore rule matches first
  // (TestSyncJobWithJobPodFailurePolicy "fail job based on OnExitCodes with
  // NotIn operator"; "ignore pod failure; both rules are matching, the first
  // is executed only").
  SimulationResult fail_job =
      run("    - action: FailJob\n      onExitCodes: {operator: NotIn, values: "
          "[0]}\n" +
          ignore);
  const WorkloadOutcome& failed = WorkloadNamed(fail_job, "Job", "train");
  CHECK(failed.failed);
  CHECK(failed.created == 1);  // no replacement
  // In [42] does not match 137: the Ignore rule decides.
  SimulationResult ignored =
      run("    - action: FailJob\n      onExitCodes: {containerName: c, "
          "operator: In, values: [42]}\n" +
          ignore);
  CHECK_FALSE(WorkloadNamed(ignored, "Job", "train").failed);
  CHECK(WorkloadNamed(ignored, "Job", "train").created == 2);
  // FailJob on DisruptionTarget fails the Job at once (getFailJobMessage).
  SimulationResult on_condition =
      run("    - action: FailJob\n      onPodConditions: [{type: "
          "DisruptionTarget}]\n");
  CHECK(WorkloadNamed(on_condition, "Job", "train").failed);
}

TEST_CASE(
    "Workloads: a suspended Job deletes all its active pods, unassigned "
    "first (manageJob; TestControllerSyncJob \"suspending a job with "
    "satisfied expectations\")") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "2") +
      Workload("Job", "train",
               "  parallelism: 3\n  backoffLimit: 0\n  suspend: true\n", "low",
               "1", "      restartPolicy: Never\n");
  const char* pods[][2] = {{"b1", "n1"}, {"b2", "n1"}, {"u1", ""}};
  int second = 1;
  for (const auto& [name, node] : pods) {
    text += PodText(
        {.name = name,
         .app = "train",
         .owner_kind = "Job",
         .owner_name = "train",
         .node = node,
         .created = "2024-05-01T07:00:0" + std::to_string(second++) + "Z"});
  }
  SimulationResult r = Run(text);
  // activePodsForRemoval: the unassigned pod, then the newer bound one.
  CHECK(TimedEvents(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"u1@0", "b2@0", "b1@0"});
  CHECK(Events(r, QueueEventKind::kCreated).empty());
  // Its own deletions are no failures: the tracking finalizer goes first
  // (deleteJobPods), so backoffLimit 0 is not passed.
  CHECK_FALSE(WorkloadNamed(r, "Job", "train").failed);
}

TEST_CASE(
    "Workloads: a Job with more active pods than parallelism deletes the "
    "surplus and replaces none (manageJob; TestControllerSyncJob \"too many "
    "active pods\")") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "2") +
      Workload("Job", "train", "  parallelism: 1\n  backoffLimit: 0\n", "low",
               "1", "      restartPolicy: Never\n");
  const char* pods[][2] = {{"b1", "n1"}, {"b2", "n1"}, {"u1", ""}};
  int second = 1;
  for (const auto& [name, node] : pods) {
    text += PodText(
        {.name = name,
         .app = "train",
         .owner_kind = "Job",
         .owner_name = "train",
         .node = node,
         .created = "2024-05-01T07:00:0" + std::to_string(second++) + "Z"});
  }
  SimulationResult r = Run(text);
  CHECK(TimedEvents(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"u1@0", "b2@0"});
  CHECK(Events(r, QueueEventKind::kCreated).empty());
  const WorkloadOutcome& job = WorkloadNamed(r, "Job", "train");
  CHECK_FALSE(job.failed);
  CHECK(job.running_after == 1);
}

TEST_CASE(
    "Workloads: a ReplicaSet above its scale deletes its unassigned pods "
    "first, then the newest") {
  // Room for the three bound pods only, so the two pending ones stay
  // unassigned. Five active pods, scale 2: three go. getPodsToDelete ranks
  // unassigned before assigned, then the newer creationTimestamp first.
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "3") +
      Workload("ReplicaSet", "batch", "  replicas: 2\n", "low", "1");
  const char* pods[][2] = {
      {"b1", "n1"}, {"u1", ""}, {"b2", "n1"}, {"u2", ""}, {"b3", "n1"}};
  int second = 1;
  for (const auto& [name, node] : pods) {
    text += PodText(
        {.name = name,
         .app = "batch",
         .owner_kind = "ReplicaSet",
         .owner_name = "batch",
         .node = node,
         .created = "2024-05-01T07:00:0" + std::to_string(second++) + "Z"});
  }
  SimulationResult r = Run(text);
  CHECK(TimedEvents(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"u2@0", "u1@0", "b3@0"});
  CHECK(Events(r, QueueEventKind::kCreated).empty());
  const WorkloadOutcome& rs = WorkloadNamed(r, "ReplicaSet", "batch");
  CHECK(rs.running_before == 3);
  CHECK(rs.running_after == 2);
  CHECK(rs.pending == 0);
}

TEST_CASE(
    "Workloads: a pod without a controller reference is adopted by the "
    "ReplicaSet whose selector matches it in its namespace; a Job adopts "
    "nothing") {
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "8") +
      Workload("ReplicaSet", "cache", "  replicas: 3\n", "low", "1") +
      Workload("Job", "train", "  parallelism: 1\n", "low", "1",
               "      restartPolicy: Never\n") +
      PodText({.name = "c1", .app = "cache", .node = "n1"}) +
      PodText({.name = "c2", .app = "cache", .node = "n1"}) +
      PodText({.name = "c3", .app = "cache", .node = "n1", .ns = "other"}) +
      PodText({.name = "t1", .app = "train", .node = "n1"});
  SimulationResult r = Run(text);
  // c1 and c2 are the ReplicaSet's: it creates one pod for its 3. c3 is in
  // another namespace; t1 matches the Job's selector, but Jobs adopt none.
  const WorkloadOutcome& rs = WorkloadNamed(r, "ReplicaSet", "cache");
  CHECK(rs.running_before == 2);
  CHECK(rs.created == 1);
  CHECK(rs.running_after == 3);
  const WorkloadOutcome& job = WorkloadNamed(r, "Job", "train");
  CHECK(job.running_before == 0);
  CHECK(job.created == 1);
  CHECK(Events(r, QueueEventKind::kCreated).size() == 2);
  CHECK(Events(r, QueueEventKind::kDeleted).empty());
}

TEST_CASE(
    "Workloads: a StatefulSet above its scale deletes its highest ordinal "
    "first; OrderedReady waits for each to be gone before the next") {
  auto run = [](const std::string& spec) {
    std::string text = std::string(kClasses) + NodeYaml("n1", "8") +
                       Workload("StatefulSet", "db", spec, "low", "1");
    for (const char* name : {"db-0", "db-1", "db-2"}) {
      text += PodText({.name = name,
                       .app = "db",
                       .owner_kind = "StatefulSet",
                       .owner_name = "db",
                       .node = "n1"});
    }
    return Run(text);
  };
  // Each deleted pod keeps its room for the default grace period, 30 s.
  SimulationResult ordered = run("  replicas: 1\n");
  CHECK(TimedEvents(ordered, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"db-2@0", "db-1@30"});
  CHECK(Events(ordered, QueueEventKind::kCreated).empty());
  SimulationResult parallel =
      run("  replicas: 1\n  podManagementPolicy: Parallel\n");
  CHECK(TimedEvents(parallel, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"db-2@0", "db-1@0"});
}

TEST_CASE(
    "Workloads: a rolling update of 3 replicas at 25% surges by one pod "
    "(maxSurge rounds up) and keeps all 3 available (maxUnavailable rounds "
    "down)") {
  const std::string old_template =
      "    metadata: {labels: {app: web}}\n    spec:\n      "
      "priorityClassName: low\n      containers: [{name: c, image: v1, "
      "resources: {requests: {cpu: \"1\"}}}]\n";
  const std::string head =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
      "  replicas: 3\n  strategy: {type: RollingUpdate, rollingUpdate: "
      "{maxSurge: 25%, maxUnavailable: 25%}}\n  selector: {matchLabels: "
      "{app: web}}\n  template:\n";
  auto cluster = [&](const std::string& cpu) {
    std::string text =
        std::string(kClasses) + NodeYaml("n1", cpu) + head + old_template +
        "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
        "web-old, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, "
        "name: web, uid: u, controller: true}]}\nspec:\n  replicas: 3\n  "
        "selector: {matchLabels: {app: web}}\n  template:\n" +
        old_template + "---\n";
    for (int i = 0; i < 3; ++i) {
      text +=
          PodText({.name = "web-old-" + std::to_string(i),
                   .app = "web",
                   .owner_kind = "ReplicaSet",
                   .owner_name = "web-old",
                   .node = "n1",
                   .created = "2024-05-01T07:00:0" + std::to_string(i) + "Z"});
    }
    return LoadedCluster(Decode(text));
  };
  std::string change = head + old_template;
  change.replace(change.find("image: v1"), 9, "image: v2");

  SUBCASE("no room for a fourth pod: the surge pod waits, no old pod goes") {
    // maxSurge ceil(0.75) = 1: the new ReplicaSet scales to 1 (4 in all).
    // maxUnavailable floor(0.75) = 0: 3 must stay available, and the new
    // pod is not, so no old pod may go.
    SimulationResult r = cluster("3").Simulate(change);
    CHECK(TimedEvents(r, QueueEventKind::kCreated).size() == 1);
    CHECK(TimedEvents(r, QueueEventKind::kDeleted).empty());
    const WorkloadOutcome& w = WorkloadNamed(r, "Deployment", "web");
    CHECK(w.running_after == 3);
    CHECK(w.pending == 1);
    CHECK(w.created == 1);
  }
  SUBCASE(
      "room for a fourth: one old pod at a time, each after a new one "
      "runs") {
    // The surge pod binds, so one old pod (the newest) goes and the next
    // new pod waits for its room, 30 s, and so on. At +30 s web-old-1 and
    // web-old-0 are 31 s and 32 s old, one logarithmic bucket (2^34 ns):
    // the smaller uid goes first (ActivePodsWithRanks.Less).
    SimulationResult r = cluster("4").Simulate(change);
    CHECK(TimedEvents(r, QueueEventKind::kDeleted) ==
          std::vector<std::string>{"web-old-2@0", "web-old-0@30",
                                   "web-old-1@60"});
    std::vector<std::string> created_at;
    for (const std::string& e : TimedEvents(r, QueueEventKind::kCreated)) {
      created_at.push_back(e.substr(e.find('@')));
    }
    CHECK(created_at == std::vector<std::string>{"@0", "@0", "@30"});
    const WorkloadOutcome& w = WorkloadNamed(r, "Deployment", "web");
    CHECK(w.running_after == 3);
    CHECK(w.pending == 0);
  }
}

}  // namespace podsim

namespace podsim {
namespace {

// Three Ready pods of ReplicaSet rs on n1, created 10 s apart, listed
// newest first; extra goes into the middle one's metadata.
std::string ThreePods(const std::string& rs, const std::string& extra = "") {
  std::string mid =
      OwnedPod(rs + "-mid", rs, "n1", "1", "2024-05-01T07:00:20Z");
  mid.insert(mid.find("metadata:\n") + 10, extra);
  return OwnedPod(rs + "-new", rs, "n1", "1", "2024-05-01T07:00:30Z") + mid +
         OwnedPod(rs + "-old", rs, "n1", "1", "2024-05-01T07:00:10Z");
}

}  // namespace

// Mirrors getPodsToDelete's ActivePodsWithRanks (controller_utils.go):
// of equally placed, Running and Ready pods, the newest creationTimestamp
// goes first (in logarithmic buckets of the time since the clock's now).
TEST_CASE("Workloads: a ReplicaSet of 2 over three pods deletes the newest") {
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "8") +
          Workload("ReplicaSet", "web", "  replicas: 2\n", "low", "1") +
          ThreePods("web"));
  CHECK(Events(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-new"});
}

// ActivePodsWithRanks.Less, step 4: a lower controller.kubernetes.io/
// pod-deletion-cost goes first, before readiness times and ages.
TEST_CASE("Workloads: a scale-down deletes the lowest pod-deletion-cost") {
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "8") +
          Workload("ReplicaSet", "web", "  replicas: 2\n", "low", "1") +
          ThreePods("web",
                    "  annotations: {controller.kubernetes.io/"
                    "pod-deletion-cost: \"-5\"}\n"));
  CHECK(Events(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-mid"});
}

// getPodsRankedByRelatedPodsOnSameNode with getIndirectlyRelatedPods: the
// pods of every ReplicaSet of the same Deployment count on a node, and a
// pod doubled up with more of them goes first.
TEST_CASE(
    "Workloads: a scale-down deletes the pod doubled up with its "
    "Deployment's other pods") {
  auto owned = [](const std::string& name) {
    std::string object =
        Workload("ReplicaSet", name, "  replicas: 1\n", "low", "1");
    const std::string uid = "uid-" + name;
    object.insert(object.find(uid) + uid.size(),
                  ", ownerReferences: [{apiVersion: apps/v1, kind: "
                  "Deployment, name: web, uid: u-web, controller: true}]");
    return object;
  };
  SimulationResult r =
      Run(std::string(kClasses) + NodeYaml("n1", "8") + NodeYaml("n2", "8") +
          owned("web-a") + owned("web-b") +
          OwnedPod("a-old", "web-a", "n1", "1", "2024-05-01T07:00:10Z") +
          OwnedPod("a-new", "web-a", "n2", "1", "2024-05-01T07:00:30Z") +
          OwnedPod("b", "web-b", "n1", "1", "2024-05-01T07:00:20Z"));
  CHECK(Events(r, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"a-old"});
}

// Mirrors syncDeployment: isScalingEvent (the old ReplicaSet's
// desired-replicas, 2 in the cluster, is not the applied 4), so sync's
// scale() takes the old ReplicaSet to 4 with the old template first; only
// the next sync rolls out (rolloutRolling), scaling the new one up within
// maxSurge and the old one down as availability allows.
TEST_CASE(
    "Workloads: a Deployment applied with new replicas and a new template "
    "scales its old ReplicaSet first, then rolls out") {
  const std::string tmpl =
      "    metadata: {labels: {app: web}}\n    spec: {priorityClassName: "
      "low, containers: [{name: c, image: v1, resources: {requests: {cpu: "
      "\"1\"}}}]}\n";
  auto deployment = [](int replicas) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
           "spec:\n  replicas: " +
           std::to_string(replicas) +
           "\n  selector: {matchLabels: {app: web}}\n  template:\n";
  };
  auto old_pod = [](const std::string& name) {
    std::string pod = OwnedPod(name, "web-old", "n1", "1");
    pod.replace(pod.find("app: web-old"), 12, "app: web");
    return pod;
  };
  LoadedCluster cluster(Decode(
      std::string(kClasses) + NodeYaml("n1", "16") + deployment(2) + tmpl +
      "---\napiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: "
      "web-old, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, "
      "name: web, uid: u, controller: true}]}\nspec:\n  replicas: 2\n  "
      "selector: {matchLabels: {app: web}}\n  template:\n" +
      tmpl + "---\n" + old_pod("web-old-1") + old_pod("web-old-2")));
  std::string changed = tmpl;
  changed.replace(changed.find("image: v1"), 9, "image: v2");
  // The same change of replicas alone only scales.
  SimulationResult scaled = cluster.Simulate(deployment(4) + tmpl);
  CHECK(WorkloadNamed(scaled, "ReplicaSet", "web-old").created == 2);
  SimulationResult r = cluster.Simulate(deployment(4) + changed);
  // scale(): 2 -> 4. rolloutRolling: the new set to 1 (maxSurge 1 of 4),
  // the old one's 2 missing pods being unavailable, it goes to 3
  // (cleanupUnhealthyReplicas), the new to 2: one old pod is created.
  const WorkloadOutcome& old = WorkloadNamed(r, "ReplicaSet", "web-old");
  CHECK(old.created == 1);
  CHECK(old.wanted == 0);
  CHECK(WorkloadNamed(r, "Deployment", "web").running_after == 4);
}

TEST_CASE(
    "Workloads: a Job's pod without a grace period stays until the Job "
    "controller counted it, so its removal moves the preemptor on") {
  // api preempts train-1 (a Job's, no grace period, held by the Job's
  // tracking finalizer) and other (30 s). Upstream's API server keeps
  // train-1, failed, until the Job controller removes the finalizer, after
  // the cycle: its deletion then moves api out of the unschedulable pool,
  // which tries again long before other's 30 s end (the oracle's
  // terminated and sweep). Removed in the cycle itself, api would not hear
  // of it.
  std::string text =
      std::string(kClasses) + NodeYaml("n1", "2") +
      WithStatus(Workload("Job", "train",
                          "  parallelism: 1\n  completions: 1\n", "low", "1",
                          "      restartPolicy: Never\n"
                          "      terminationGracePeriodSeconds: 0\n"),
                 "{active: 1}") +
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: train-1\n  namespace: "
      "default\n  labels: {app: train}\n  finalizers: "
      "[batch.kubernetes.io/job-tracking]\n  ownerReferences: [{apiVersion: "
      "batch/v1, kind: Job, name: train, uid: uid-train, controller: "
      "true}]\nspec:\n  nodeName: n1\n  priorityClassName: low\n  "
      "restartPolicy: Never\n  terminationGracePeriodSeconds: 0\n  "
      "containers: [{name: c, image: x, resources: {requests: {cpu: "
      "\"1\"}}}]\nstatus: {phase: Running, startTime: "
      "\"2024-05-01T08:00:00Z\"}\n---\n" +
      PodText({.name = "other",
               .app = "other",
               .owner_kind = "",
               .owner_name = "",
               .node = "n1",
               .created = "2024-05-01T08:00:00Z"}) +
      "apiVersion: v1\nkind: Pod\nmetadata: {name: api, creationTimestamp: "
      "\"2024-05-01T08:00:05Z\"}\nspec:\n  priorityClassName: high\n  "
      "containers: [{name: c, image: x, resources: {requests: {cpu: "
      "\"2\"}}}]\n";
  SimulationResult r = Run(text);
  std::vector<int64_t> api_ms;
  for (const Attempt& a : r.attempts) {
    if (r.scenario.pods[a.pod].name == "api")
      api_ms.push_back(a.time_ms - r.timeline.start_ms);
  }
  REQUIRE(api_ms.size() >= 2);
  INFO(api_ms[1]);
  CHECK(api_ms[0] == 5'000);
  CHECK(api_ms[1] < 35'000);  // before other's grace period ends
}

}  // namespace podsim
