// Which pods count as a controller's replicas, and the names and labels of
// the pods it creates: pods left to another scheduler, a StatefulSet's
// default policy and its scale-down, a DaemonSet's template generation,
// generateName's truncation (core/controllers/workloads.cc,
// core/controllers/controller_manager.cc, core/api/generated_names.cc).
#include <string>
#include <vector>

#include "core/analysis/loaded_cluster.h"
#include "core/api/generated_names.h"
#include "core/ingest/decode.h"
#include "tests/builders.h"
#include "tests/core/controllers/controller_yaml.h"

namespace podsim {
using namespace testing;

namespace {

// A pod labelled app: <owner>, owned by kind owner as controller, bound to
// node (pending when empty); extra_spec and extra_meta are lines added to
// its spec and metadata.
struct PodYaml {
  std::string name;
  std::string kind;
  std::string owner;
  std::string node;
  std::string cpu = "1";
  std::string extra_spec;
  std::string extra_meta;
  std::string priority_class = "low";
};

std::string PodText(const PodYaml& p) {
  std::string out = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + p.name +
                    "\n  namespace: default\n";
  if (!p.owner.empty()) {
    out += "  labels: {app: " + p.owner +
           "}\n  ownerReferences: [{apiVersion: apps/v1, kind: " + p.kind +
           ", name: " + p.owner + ", uid: uid-" + p.owner +
           ", controller: true}]\n";
  }
  out += p.extra_meta + "spec:\n";
  if (!p.node.empty()) out += "  nodeName: " + p.node + "\n";
  out += p.extra_spec + "  priorityClassName: " + p.priority_class +
         "\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"" +
         p.cpu +
         "\"}}}]\nstatus: {phase: " + (p.node.empty() ? "Pending" : "Running") +
         ", conditions: [{type: Ready, status: \"True\"}]}\n---\n";
  return out;
}

std::string Workload(const std::string& kind, const std::string& name,
                     const std::string& spec, const std::string& cpu,
                     const std::string& pod_spec = "",
                     const std::string& meta = "") {
  return "apiVersion: apps/v1\nkind: " + kind + "\nmetadata: {name: " + name +
         ", namespace: default, uid: uid-" + name + meta + "}\nspec:\n" + spec +
         "  selector: {matchLabels: {app: " + name +
         "}}\n  template:\n    metadata: {labels: {app: " + name +
         "}}\n    spec:\n      priorityClassName: low\n" + pod_spec +
         "      containers: [{name: c, image: x, resources: {requests: "
         "{cpu: \"" +
         cpu + "\"}}}]\n---\n";
}

// A high-priority pod that takes cpu.
std::string Preemptor(const std::string& name, const std::string& cpu) {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name +
         ", namespace: default}\nspec:\n  priorityClassName: high\n  "
         "containers: [{name: c, image: x, resources: {requests: {cpu: \"" +
         cpu + "\"}}}]\n---\n";
}

// The pods of one queue event kind, by name.
std::vector<std::string> Named(const SimulationResult& r, QueueEventKind kind) {
  std::vector<std::string> out;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind == kind) out.push_back(r.scenario.pods[e.pod].name);
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

// The pods a workload of kind owner created.
std::vector<const Pod*> CreatedBy(const SimulationResult& r,
                                  const std::string& owner) {
  std::vector<const Pod*> out;
  for (const QueueEvent& e : r.timeline.events) {
    const Pod& pod = r.scenario.pods[e.pod];
    if (e.kind == QueueEventKind::kCreated && !pod.owners.empty() &&
        pod.owners[0].name == owner)
      out.push_back(&pod);
  }
  return out;
}

}  // namespace

TEST_CASE(
    "Replicas: a pending pod left to another scheduler is an active replica "
    "(controller.FilterActivePods): nothing replaces it") {
  // Upstream's ReplicaSet controller counts every pod that is not terminal
  // and has no deletionTimestamp; default-scheduler never binds a pod
  // named for another scheduler. So the ReplicaSet of one, the input's or
  // one known from its pods, has its replica and creates nothing.
  const std::string other =
      PodText({.name = "batch-1",
               .kind = "ReplicaSet",
               .owner = "batch",
               .extra_spec = "  schedulerName: volcano\n"});
  for (bool in_input : {false, true}) {
    CAPTURE(in_input);
    SimulationResult r =
        Run(std::string(kClasses) + NodeYaml("n1", "4") + other +
            (in_input ? Workload("ReplicaSet", "batch", "  replicas: 1\n", "1")
                      : ""));
    CHECK(Named(r, QueueEventKind::kCreated).empty());
    CHECK(r.attempts.empty());
    const WorkloadOutcome& w = WorkloadNamed(r, "ReplicaSet", "batch");
    CHECK(w.wanted == 1);
    CHECK(w.running_after == 0);
    CHECK(w.pending == 1);
    CHECK(w.created == 0);
  }
}

TEST_CASE(
    "Replicas: the pods a controller creates from a template naming another "
    "scheduler stay pending, and count as its replicas") {
  // The pod's schedulerName comes from the template; default-scheduler
  // skips it (the pods are another profile's), so no cycle binds it.
  SimulationResult r = Run(std::string(kClasses) + NodeYaml("n1", "4") +
                           Workload("Deployment", "web", "  replicas: 2\n", "1",
                                    "      schedulerName: volcano\n"));
  CHECK(Named(r, QueueEventKind::kCreated).size() == 2);
  CHECK(r.attempts.empty());
  const WorkloadOutcome& w = WorkloadNamed(r, "Deployment", "web");
  CHECK(w.wanted == 2);
  CHECK(w.running_after == 0);
  CHECK(w.pending == 2);
  CHECK(w.created == 2);
  bool warned = false;
  for (const std::string& d : DiagnosticTexts(r)) {
    warned |= d.find("schedulerName \"volcano\"") != std::string::npos &&
              d.find("left pending") != std::string::npos;
  }
  CHECK(warned);
}

TEST_CASE(
    "Replicas: a pod bound to a node the input lacks is still an active "
    "replica; a pending one being deleted is not "
    "(controller.FilterActivePods)") {
  SimulationResult bound =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          PodText({.name = "batch-1",
                   .kind = "ReplicaSet",
                   .owner = "batch",
                   .node = "elsewhere"}) +
          Workload("ReplicaSet", "batch", "  replicas: 1\n", "1"));
  CHECK(Named(bound, QueueEventKind::kCreated).empty());
  const WorkloadOutcome& w = WorkloadNamed(bound, "ReplicaSet", "batch");
  CHECK(w.running_before == 1);
  CHECK(w.running_after == 1);
  CHECK(w.pending == 0);
  // A deletionTimestamp makes a pod inactive: its replacement is created.
  SimulationResult deleting =
      Run(std::string(kClasses) + NodeYaml("n1", "4") +
          PodText({.name = "batch-1",
                   .kind = "ReplicaSet",
                   .owner = "batch",
                   .extra_meta = "  deletionTimestamp: "
                                 "\"2024-05-01T08:00:00Z\"\n"}) +
          Workload("ReplicaSet", "batch", "  replicas: 1\n", "1"));
  CHECK(Named(deleting, QueueEventKind::kCreated).size() == 1);
  CHECK(WorkloadNamed(deleting, "ReplicaSet", "batch").running_after == 1);
}

TEST_CASE(
    "Replicas: a StatefulSet known only from its pods is OrderedReady, the "
    "API's default (SetDefaults_StatefulSet): a preempted ordinal waits for "
    "the lower pending one") {
  // db-0 is pending (it fits nowhere); db-1 runs and is preempted. Under
  // OrderedReady, updateStatefulSet's processReplica stops at db-0, which
  // is not running and ready: db-1 is not created again.
  SimulationResult r = Run(
      std::string(kClasses) + NodeYaml("n1", "2") +
      PodText(
          {.name = "db-0", .kind = "StatefulSet", .owner = "db", .cpu = "4"}) +
      PodText({.name = "db-1",
               .kind = "StatefulSet",
               .owner = "db",
               .node = "n1",
               .cpu = "2"}) +
      Preemptor("api", "2"));
  CHECK(Named(r, QueueEventKind::kCreated).empty());
  const WorkloadOutcome& w = WorkloadNamed(r, "StatefulSet", "db");
  CHECK_FALSE(w.in_input);
  CHECK(w.lost == 1);
  CHECK(w.created == 0);
  // Once db-0 runs, db-1 comes back (the walk gets past it).
  SimulationResult ready =
      Run(std::string(kClasses) + NodeYaml("n1", "2") + NodeYaml("n2", "1") +
          PodText({.name = "db-0",
                   .kind = "StatefulSet",
                   .owner = "db",
                   .node = "n2",
                   .cpu = "1"}) +
          PodText({.name = "db-1",
                   .kind = "StatefulSet",
                   .owner = "db",
                   .node = "n1",
                   .cpu = "2"}) +
          Preemptor("api", "2"));
  CHECK(Named(ready, QueueEventKind::kCreated) ==
        std::vector<std::string>{"db-1"});
}

TEST_CASE(
    "Replicas: OrderedReady scale-down waits on a condemned pod that is not "
    "running and ready unless it is the first unhealthy one "
    "(processCondemned; after "
    "TestStatefulSetScaleDownRespectsMinReadySeconds)") {
  // Upstream's case: a set scaled down to 1 whose condemned pods are not
  // available deletes none of them. Here web-1 and web-2 are pending
  // (they fit nowhere): web-2, the highest, is not the first unhealthy pod
  // (web-1 is), so processCondemned waits on it and deletes nothing.
  auto scenario = [](const std::string& node1, const std::string& node2) {
    return std::string(kClasses) + NodeYaml("n1", "8") +
           Workload("StatefulSet", "web", "  replicas: 1\n", "1") +
           PodText({.name = "web-0",
                    .kind = "StatefulSet",
                    .owner = "web",
                    .node = "n1"}) +
           PodText({.name = "web-1",
                    .kind = "StatefulSet",
                    .owner = "web",
                    .node = node1,
                    .cpu = node1.empty() ? "16" : "1"}) +
           PodText({.name = "web-2",
                    .kind = "StatefulSet",
                    .owner = "web",
                    .node = node2,
                    .cpu = node2.empty() ? "16" : "1"});
  };
  SimulationResult waits = Run(scenario("", ""));
  CHECK(Named(waits, QueueEventKind::kDeleted).empty());
  // web-2 runs, web-1 is pending: web-2 is running and ready and goes
  // first; once it is gone, web-1, the first unhealthy pod, goes too.
  SimulationResult unhealthy_first = Run(scenario("", "n1"));
  CHECK(Named(unhealthy_first, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-2", "web-1"});
  // Both run: the highest ordinal first, one at a time.
  SimulationResult healthy = Run(scenario("n1", "n1"));
  CHECK(Named(healthy, QueueEventKind::kDeleted) ==
        std::vector<std::string>{"web-2", "web-1"});
}

TEST_CASE(
    "Replicas: a DaemonSet's pods carry its template generation "
    "(util.CreatePodTemplate, GetTemplateGeneration; TestCreatePodTemplate)") {
  // TestCreatePodTemplate: generations 1 and 2 give the label "1" and "2".
  for (int64_t generation : {1, 2}) {
    Controller ds;
    ds.kind = "DaemonSet";
    ds.name = "agent";
    ds.template_hash = "3242341807";
    ds.template_generation = generation;
    bool found = false;
    for (const auto& [k, v] : ControllerPodLabels(ds)) {
      if (k != "pod-template-generation") continue;
      found = true;
      CHECK(v == std::to_string(generation));
    }
    CHECK(found);
  }
  // The annotation the API server keeps it in; without one, 1 (as the API
  // server sets it on create).
  auto generation_of = [](const std::string& meta) {
    SimulationResult r = Run(std::string(kClasses) + NodeYaml("n1", "4") +
                             Workload("DaemonSet", "agent", "", "1", "", meta));
    std::vector<const Pod*> pods = CreatedBy(r, "agent");
    REQUIRE(pods.size() == 1);
    const std::string* label = pods[0]->labels.Find("pod-template-generation");
    REQUIRE(label != nullptr);
    return *label;
  };
  CHECK(generation_of(", annotations: {deprecated.daemonset.template."
                      "generation: \"7\"}") == "7");
  CHECK(generation_of("") == "1");
}

TEST_CASE(
    "Replicas: a DaemonSet applied with a new template over the cluster's "
    "is the next template generation (the DaemonSet strategy's "
    "PrepareForUpdate)") {
  const std::string cluster =
      std::string(kClasses) + NodeYaml("n1", "4") +
      Workload("DaemonSet", "agent", "", "1", "",
               ", annotations: {deprecated.daemonset.template.generation: "
               "\"3\"}");
  LoadedCluster loaded(Decode(cluster));
  auto label = [](const SimulationResult& r) {
    std::vector<const Pod*> pods = CreatedBy(r, "agent");
    REQUIRE(pods.size() == 1);
    return *pods[0]->labels.Find("pod-template-generation");
  };
  // A new request is a new template; the manifest's own annotation is not
  // read on update.
  CHECK(label(loaded.Simulate(Workload("DaemonSet", "agent", "", "2"))) == "4");
  CHECK(label(loaded.Simulate(Workload("DaemonSet", "agent", "", "1"))) == "3");
}

TEST_CASE(
    "Replicas: generated names are cut as the API server cuts them "
    "(names.SimpleNameGenerator; TestSimpleNameGenerator)") {
  // TestSimpleNameGenerator: "foo" starts the name and is not all of it.
  std::string name = GenerateName("foo", "seed");
  CHECK(name.rfind("foo", 0) == 0);
  CHECK(name.size() == 8);
  // MaxGeneratedNameLength: a base past 58 characters is cut to 58.
  const std::string long_base(70, 'a');
  CHECK(GenerateName(long_base, "seed").size() == 63);
  CHECK(GenerateName(long_base, "seed").rfind(std::string(58, 'a'), 0) == 0);
  CHECK(PodsPrefix("web") == "web-");
  // generateReplicaSetName: the whole fits 253 characters.
  CHECK(ReplicaSetNameFor("web", "5d4f8c7b9") == "web-5d4f8c7b9");
  const std::string longest(253, 'd');
  CHECK(ReplicaSetNameFor(longest, "5d4f8c7b9") ==
        std::string(243, 'd') + "-5d4f8c7b9");
}

TEST_CASE(
    "Replicas: the pods of a controller with a long name have names of at "
    "most 63 characters (getPodsPrefix, SimpleNameGenerator.GenerateName)") {
  // A ReplicaSet of 60 characters: its pods' generateName is the name and a
  // dash, cut to 58, then five random characters.
  const std::string rs(60, 'r');
  SimulationResult r = Run(std::string(kClasses) + NodeYaml("n1", "4") +
                           Workload("ReplicaSet", rs, "  replicas: 1\n", "1"));
  std::vector<const Pod*> pods = CreatedBy(r, rs);
  REQUIRE(pods.size() == 1);
  CHECK(pods[0]->name.size() == 63);
  CHECK(pods[0]->name.rfind(rs.substr(0, 58), 0) == 0);
  // A Deployment of 60: its ReplicaSet is "<deployment>-<hash>", its pods
  // the first 58 characters of that and a dash, and five more.
  const std::string web(60, 'w');
  SimulationResult d = Run(std::string(kClasses) + NodeYaml("n1", "4") +
                           Workload("Deployment", web, "  replicas: 1\n", "1"));
  REQUIRE(d.attempts.size() == 1);
  const Pod& pod = d.scenario.pods[d.attempts[0].pod];
  REQUIRE(pod.owners.size() == 1);
  CHECK(pod.owners[0].name.rfind(web + "-", 0) == 0);
  CHECK(pod.name.size() == 63);
  CHECK(pod.name.rfind(pod.owners[0].name.substr(0, 58), 0) == 0);
}

}  // namespace podsim
