#include "core/analysis/reduce.h"

#include <algorithm>

#include "core/analysis/compare.h"
#include "core/output/result_json.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

// "Pod default/web", "Node n1": how the tests name kept objects.
std::string Named(const KeptObject& o) {
  return o.kind + " " + (o.ns.empty() ? o.name : o.ns + "/" + o.name);
}

std::string Named(const Json& object) {
  const Json& meta = object["metadata"];
  std::string kind = object["kind"];
  std::string name = meta["name"];
  if (meta.contains("namespace"))
    name = std::string(meta["namespace"]) + "/" + name;
  return kind + " " + name;
}

std::vector<std::string> KeptNames(const Reduction& r) {
  std::vector<std::string> out;
  for (const KeptObject& o : r.kept) out.push_back(Named(o));
  return out;
}

std::string ReasonOf(const Reduction& r, const std::string& object) {
  for (const KeptObject& o : r.kept) {
    if (Named(o) == object) return o.reason;
  }
  return "(not kept)";
}

// The scenario of the objects named, in input order: what the JS side cuts
// out of the text.
std::string Subset(const std::vector<Json>& objects,
                   const std::vector<std::string>& names) {
  Json list = Json::array();
  for (const Json& o : objects) {
    if (std::find(names.begin(), names.end(), Named(o)) != names.end()) {
      list.push_back(o);
    }
  }
  return list.dump();
}

std::string Text(const std::vector<Json>& objects) {
  return Json(objects).dump();
}

// The target's first decision and its message with the counts left out.
struct Seen {
  PodDecision decision;
  std::vector<std::string> message;  // its reasons, sorted
  bool operator==(const Seen&) const = default;
};

Seen FirstOf(const std::string& text, const std::string& pod,
             const SimulateOptions& options) {
  SimulationResult r = Simulate(text, options);
  Seen seen;
  PodDecisions d = DecisionsOf(r);
  auto it = d.first.find(pod);
  if (it != d.first.end()) seen.decision = it->second;
  for (const Attempt& a : r.attempts) {
    if (r.scenario.pods[a.pod].key != pod) continue;
    std::string part;
    for (char c : a.message + " ") {
      if (c >= '0' && c <= '9') continue;
      if (c == ' ' && !part.empty() &&
          (part.back() == ',' || part.back() == '.' || part.back() == ':')) {
        part.pop_back();
        seen.message.push_back(part);
        part.clear();
      } else {
        part += c;
      }
    }
    std::sort(seen.message.begin(), seen.message.end());
    break;
  }
  return seen;
}

// Checks the reduction of objects for pod: the reduced scenario gives the
// same decision, and without any one object it could lose (all but the
// target, the chosen node and the victims) the decision or message changes.
void CheckMinimal(const std::vector<Json>& objects, const Reduction& r) {
  REQUIRE(r.error.empty());
  SimulateOptions options;
  options.start_ms = r.start_ms;
  std::vector<std::string> kept = KeptNames(r);
  Seen want = FirstOf(Text(objects), r.pod, options);
  CHECK(FirstOf(Subset(objects, kept), r.pod, options) == want);
  CHECK(want.decision == r.decision);
  for (const KeptObject& o : r.kept) {
    if (o.reason.find("needed:") == std::string::npos) continue;
    std::vector<std::string> without = kept;
    std::erase(without, Named(o));
    INFO("without " << Named(o));
    CHECK_FALSE(FirstOf(Subset(objects, without), r.pod, options) == want);
  }
}

// Six nodes of 2 CPUs, each full: n2's pod has the lowest priority, n3's a
// middle one; a pending pod of priority 10 comes after web.
std::vector<Json> Nominated() {
  return {
      PriorityClassWith("unused", 5),
      NodeWith("n1", {"2"}),
      NodeWith("n2", {"2"}),
      NodeWith("n3", {"2"}),
      NodeWith("n4", {"2"}),
      NodeWith("n5", {"2"}),
      NodeWith("n6", {"2"}),
      Labelled(RunningPod("high-1", "n1", {"2"}, 1000), "high"),
      RunningPod("low-2", "n2", {"2"}, 1),
      RunningPod("mid-3", "n3", {"2"}, 50),
      Labelled(RunningPod("high-4", "n4", {"2"}, 1000), "high"),
      Labelled(RunningPod("high-5", "n5", {"1"}, 1000), "high"),
      Labelled(RunningPod("high-6", "n5", {"1"}, 1000), "high"),
      Labelled(RunningPod("high-7", "n6", {"2"}, 1000), "high"),
      PdbWith("high", {{"app", "high"}}, 0),
      PendingPod("web", {"2"}, 100),
      PendingPod("later", {"1"}, 10),
  };
}

}  // namespace

TEST_CASE("Reduce: a nominated pod keeps its node, its victim and itself") {
  std::vector<Json> objects = Nominated();
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kNominated);
  CHECK(r.decision.node == "n2");
  CHECK(r.decision.victims == std::vector<std::string>{"default/low-2"});
  // Every node fails for Insufficient cpu: n2 alone says it too.
  CHECK(KeptNames(r) == std::vector<std::string>{"Node n2", "Pod default/low-2",
                                                 "Pod default/web"});
  CHECK(ReasonOf(r, "Node n2") == "the node default/web is nominated to");
  CHECK(ReasonOf(r, "Pod default/low-2") == "a victim");
  CHECK(ReasonOf(r, "Pod default/web") == "the pod reduced for");
  CHECK(r.message ==
        "0/6 nodes are available: 6 Insufficient cpu. preemption: found a "
        "potential placement for pod on node n2, preempting 1 victims");
  CHECK(r.reduced_message ==
        "0/1 nodes are available: 1 Insufficient cpu. preemption: found a "
        "potential placement for pod on node n2, preempting 1 victims");
  CHECK_FALSE(r.capped);
  CHECK(r.runs > 1);
  CheckMinimal(objects, r);
}

TEST_CASE(
    "Reduce: a node per reason of the message stays, with what fills it") {
  std::vector<Json> objects = Nominated();
  // n4 is tainted and n5 cordoned: three reasons now.
  objects[4]["spec"]["taints"] =
      Json::array({{{"key", "gpu"}, {"effect", "NoSchedule"}}});
  objects[5]["spec"]["unschedulable"] = true;
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.node == "n2");
  CHECK(KeptNames(r) == std::vector<std::string>{"Node n2", "Node n4",
                                                 "Node n5", "Pod default/low-2",
                                                 "Pod default/web"});
  CHECK(
      ReasonOf(r, "Node n4").find("needed: without it, the message becomes") !=
      std::string::npos);
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: the counts say what was removed") {
  Reduction r = Reduce(Text(Nominated()), "web");  // default namespace
  REQUIRE(r.error.empty());
  CHECK(r.pod == "default/web");
  std::vector<std::string> counts;
  for (const KindCount& c : r.counts) {
    counts.push_back(c.kind + " " + std::to_string(c.kept) + "/" +
                     std::to_string(c.total));
  }
  CHECK(counts ==
        std::vector<std::string>{"Node 1/6", "Pod 2/9", "PriorityClass 0/1",
                                 "PodDisruptionBudget 0/1", "workload 0/0",
                                 "PersistentVolumeClaim 0/0", "Namespace 0/0"});
  std::string json = ToJson(r);
  CHECK(json.find("\"kind\":\"Reduction\"") != std::string::npos);
  CHECK(json.find("\"removed\":5") != std::string::npos);  // nodes
  CHECK(json.find("\"limit\":400") != std::string::npos);
  // Read on its own, the reduced scenario starts its clock alike here.
  CHECK_FALSE(r.start_needed);
  CHECK(json.find("\"startNeeded\":false") != std::string::npos);
}

TEST_CASE("Reduce: a scheduled pod keeps only its node") {
  std::vector<Json> objects = {
      NodeWith("n1", {"2"}),           NodeWith("n2", {"4"}),
      NodeWith("n3", {"1"}),           RunningPod("a", "n1", {"1"}, 0),
      RunningPod("b", "n2", {"1"}, 0), PendingPod("web", {"1"}, 0)};
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kScheduled);
  CHECK(r.decision.node == "n2");
  CHECK(KeptNames(r) == std::vector<std::string>{"Node n2", "Pod default/web"});
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: an unschedulable pod keeps one node per reason") {
  std::vector<Json> objects = {
      NodeWith("small-1", {"1"}),
      NodeWith("small-2", {"1"}),
      NodeWith("other-1", {"4"}, {{"zone", "b"}}),
      NodeWith("other-2", {"4"}, {{"zone", "b"}}),
      NodeWith("full", {"2"}, {{"zone", "a"}}),
      RunningPod("big", "full", {"2"}, 1000),
  };
  Json web = PendingPod("web", {"2"}, 100);
  web["spec"]["nodeSelector"] = {{"zone", "a"}};
  objects.push_back(web);
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kUnschedulable);
  std::vector<std::string> kept = KeptNames(r);
  CHECK(kept.size() == 4);  // one node of each reason, big, web
  CHECK(std::count_if(kept.begin(), kept.end(), [](const std::string& k) {
          return k.rfind("Node ", 0) == 0;
        }) == 2);
  CHECK(std::find(kept.begin(), kept.end(), "Pod default/big") != kept.end());
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: a pending pod attempted before the target stays") {
  // first (priority 200) takes n1 before web is tried, so web preempts low
  // on n2.
  std::vector<Json> objects = {NodeWith("n1", {"2"}),
                               NodeWith("n2", {"2"}),
                               RunningPod("low", "n2", {"2"}, 1),
                               PendingPod("first", {"2"}, 200),
                               PendingPod("web", {"2"}, 100),
                               PendingPod("after", {"1"}, 5)};
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.node == "n2");
  CHECK(KeptNames(r) ==
        std::vector<std::string>{"Node n1", "Node n2", "Pod default/low",
                                 "Pod default/first", "Pod default/web"});
  CHECK(ReasonOf(r, "Pod default/first") ==
        "a pending pod tried before default/web; needed: without it, "
        "default/web is scheduled on n1");
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: a PDB that steers the victims stays") {
  // Reprieve tries the pods whose eviction would violate a PDB first: a
  // (priority 1) is spared for its PDB and b (priority 5) goes; without
  // the PDB, b is spared for its priority.
  std::vector<Json> objects = {NodeWith("n1", {"2"}),
                               Labelled(RunningPod("a", "n1", {"1"}, 1), "a"),
                               Labelled(RunningPod("b", "n1", {"1"}, 5), "b"),
                               PdbWith("guard-a", {{"app", "a"}}, 0),
                               PdbWith("guard-b", {{"app", "b"}}, 1),
                               PdbWith("elsewhere", {{"app", "c"}}, 0),
                               PendingPod("web", {"1"}, 100)};
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.victims == std::vector<std::string>{"default/b"});
  CHECK(KeptNames(r) ==
        std::vector<std::string>{"Node n1", "Pod default/a", "Pod default/b",
                                 "Pod default/web",
                                 "PodDisruptionBudget default/guard-a"});
  CHECK(ReasonOf(r, "PodDisruptionBudget default/guard-a") ==
        "selects default/a; needed: without it, the victims are default/a "
        "instead of default/b");
  CHECK(ReasonOf(r, "Pod default/a") ==
        "runs on n1, keeping default/web off it; needed: without it, "
        "default/web is scheduled on n1");
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: a priority class a kept pod names stays with it") {
  std::vector<Json> objects = {PriorityClassWith("high", 1000),
                               PriorityClassWith("low", 1),
                               PriorityClassWith("spare", 7),
                               NodeWith("n1", {"1"}),
                               RunningPod("old", "n1", {"1"}, std::nullopt),
                               PendingPod("web", {"1"}, std::nullopt)};
  objects[4]["spec"]["priorityClassName"] = "low";
  objects[5]["spec"]["priorityClassName"] = "high";
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kNominated);
  CHECK(KeptNames(r) == std::vector<std::string>{
                            "Node n1", "Pod default/old", "Pod default/web",
                            "PriorityClass high", "PriorityClass low"});
  CHECK(ReasonOf(r, "PriorityClass high") ==
        "the priority class of default/web");
  CheckMinimal(objects, r);
}

TEST_CASE("Reduce: objects keep their names and places") {
  std::string yaml =
      "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
      "status: {allocatable: {cpu: '1', pods: '10'}}\n"
      "---\n"
      "apiVersion: v1\nkind: Node\nmetadata: {name: spare}\n"
      "status: {allocatable: {cpu: '1', pods: '10'}}\n"
      "---\n"
      "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\n"
      "spec: {containers: [{name: c, resources: {requests: {cpu: '1'}}}]}\n";
  Reduction r = Reduce(yaml, "shop/web");
  REQUIRE(r.error.empty());
  REQUIRE(r.kept.size() == 2);
  CHECK(r.kept[0].kind == "Node");
  CHECK(r.kept[0].name == "n1");
  CHECK(r.kept[0].line == 1);
  CHECK(r.kept[0].document == 0);
  CHECK(r.kept[1].ns == "shop");
  CHECK(r.kept[1].line == 11);
  CHECK(r.kept[1].document == 2);
  // Each one's text, to cut the reduced scenario from.
  auto text = [&](const SourceRange& range) {
    return yaml.substr(range.begin, range.end - range.begin);
  };
  CHECK(text(r.kept[0].range) ==
        "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
        "status: {allocatable: {cpu: '1', pods: '10'}}");
  CHECK(r.kept[0].range.form == SourceRange::Form::kYamlDocument);
  CHECK(text(r.kept[1].range) ==
        "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\n"
        "spec: {containers: [{name: c, resources: {requests: {cpu: '1'}}}]}");
  CHECK(ToJson(r).find("\"name\":\"n1\",\"range\":{\"begin\":0,\"end\":92,"
                       "\"form\":\"yamlDocument\"},\"reason\":") !=
        std::string::npos);
}

TEST_CASE("Reduce: over a loaded cluster, objects of the change are marked") {
  std::vector<Json> cluster = Nominated();
  cluster.pop_back();  // later
  cluster.pop_back();  // web
  DecodeResult decoded = Decode(Text(cluster));
  LoadedCluster loaded(std::move(decoded));
  std::string change = Text({PendingPod("web", {"2"}, 100)});
  Reduction r = Reduce(loaded, change, "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.node == "n2");
  CHECK(r.kept.back().name == "web");
  CHECK(r.kept.back().change);
  CHECK_FALSE(r.kept.front().change);
  // Ranges are in each object's own source: the change's in the change.
  const SourceRange& web = r.kept.back().range;
  CHECK(change.substr(web.begin, web.end - web.begin) ==
        PendingPod("web", {"2"}, 100).dump());
  CHECK(web.form == SourceRange::Form::kJson);
}

TEST_CASE("Reduce: the run cap stops it with a valid, larger scenario") {
  std::vector<Json> objects;
  for (int i = 0; i < 300; ++i) {
    const std::string number = std::to_string(i);
    objects.push_back(NodeWith("n" + number, {"1"}));
    // Each pending pod takes a node before web is tried, so all are needed
    // until the last node, and one at a time costs a run each.
    objects.push_back(PendingPod("p" + number, {"1"}, 200));
  }
  objects.push_back(NodeWith("last", {"1"}));
  objects.push_back(PendingPod("web", {"1"}, 100));
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.capped);
  CHECK(r.runs == kMaxReduceRuns);
  SimulateOptions options;
  options.start_ms = r.start_ms;
  CHECK(FirstOf(Subset(objects, KeptNames(r)), r.pod, options) ==
        FirstOf(Text(objects), r.pod, options));
  CHECK(ToJson(r).find("\"capped\":true") != std::string::npos);
}

TEST_CASE("Reduce: a pod that is not pending or not there is refused") {
  std::string text = Text(Nominated());
  Reduction r = Reduce(text, "default/nope");
  CHECK(r.error ==
        "pod default/nope is not in the scenario; pending pods: default/web, "
        "default/later");
  CHECK(Reduce(text, "default/low-2").error ==
        "pod default/low-2 is bound to n2 in the input: only a pending pod "
        "has a decision to reduce");
  SimulateOptions options;
  options.profile = "v0.1";
  CHECK(Reduce(text, "default/web", options)
            .error.rfind("unknown profile \"v0.1\" (known: ", 0) == 0);
  CHECK(ToJson(r).find("\"error\":\"pod default/nope") != std::string::npos);
}

TEST_CASE("Reduce: claims stay when a kept pod names them, or when needed") {
  std::vector<Json> objects = {
      NodeWith("n1", {"2"}),
      ClaimWith("data", {"ReadWriteOnce"}),
      ClaimWith("other", {"ReadWriteOnce"}),
      ClaimWith("spare", {"ReadWriteOnce"}),
      UsingClaims(PendingPod("web", {"1"}, 0), {"data"}),
      UsingClaims(PendingPod("lost", {"1"}, 0), {"absent"})};
  Reduction r = Reduce(Text(objects), "default/web");
  REQUIRE(r.error.empty());
  CHECK(KeptNames(r) ==
        std::vector<std::string>{"Node n1", "Pod default/web",
                                 "PersistentVolumeClaim default/data"});
  CHECK(ReasonOf(r, "PersistentVolumeClaim default/data") ==
        "named by default/web");
  CheckMinimal(objects, r);
  // A claim no pod names still counts: with none in the input, a missing
  // claim is not looked for (ResolveClaims), and lost would bind.
  Reduction lost = Reduce(Text(objects), "default/lost");
  REQUIRE(lost.error.empty());
  CHECK(lost.decision.outcome == Outcome::kUnschedulable);
  std::vector<std::string> kept = KeptNames(lost);
  REQUIRE(kept.size() == 3);
  CHECK(kept[2].rfind("PersistentVolumeClaim default/", 0) == 0);
  CHECK(ReasonOf(lost, kept[2]) ==
        "a PersistentVolumeClaim; needed: without it, default/lost is "
        "scheduled on n1");
  CheckMinimal(objects, lost);
}

namespace {

// A node of 2 CPUs, and the document separator after it.
const std::string kNodeN1 =
    "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: "
    "{allocatable: {cpu: \"2\", memory: 8Gi, pods: \"110\"}}\n---\n";

// A Deployment of replicas pods of class cls asking 1 CPU each, created at
// 08:00:00, and the document separator after it.
std::string DeploymentYaml(const std::string& name, int replicas,
                           const std::string& cls) {
  return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name +
         ", namespace: default, uid: uid-" + name +
         ", creationTimestamp: \"2024-05-01T08:00:00Z\"}\nspec:\n  replicas: " +
         std::to_string(replicas) +
         "\n  selector: {matchLabels: {app: " + name +
         "}}\n  template:\n    metadata: {labels: {app: " + name +
         "}}\n    spec:\n      priorityClassName: " + cls +
         "\n      containers: [{name: c, image: x, resources: {requests: "
         "{cpu: \"1\"}}}]\n---\n";
}

// n1 runs b (priority 5) and, from 08:00:00, Deployment a's pod (priority
// 1, under PDB guard-a); web (priority 100) arrives at 08:00:10 and must
// evict one of them.
std::string WorkloadUnderPdb() {
  return R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: lowest}
value: 1
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: mid}
value: 5
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 100
---
)" + kNodeN1 +
         DeploymentYaml("a", 1, "lowest") +
         R"(apiVersion: v1
kind: Pod
metadata: {name: b, namespace: default, labels: {app: b}, creationTimestamp: "2024-05-01T08:00:00Z"}
spec:
  nodeName: n1
  priorityClassName: mid
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: guard-a, namespace: default}
spec:
  maxUnavailable: 0
  selector: {matchLabels: {app: a}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, creationTimestamp: "2024-05-01T08:00:10Z"}
spec:
  priorityClassName: high
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
)";
}

SimulateOptions AtEight() {
  SimulateOptions options;
  options.start_ms = 1714550400000;  // 2024-05-01T08:00:00Z
  return options;
}

}  // namespace

TEST_CASE("Reduce: a PDB over a kept workload's pods is confirmed by a run") {
  SimulationResult whole = Simulate(WorkloadUnderPdb(), AtEight());
  PodDecisions first = DecisionsOf(whole);
  // guard-a spares a's pod: b goes.
  REQUIRE(first.first["default/web"].victims ==
          std::vector<std::string>{"default/b"});
  Reduction r = Reduce(WorkloadUnderPdb(), "default/web", AtEight());
  REQUIRE(r.error.empty());
  CHECK(r.decision.victims == std::vector<std::string>{"default/b"});
  std::vector<std::string> kept = KeptNames(r);
  CHECK(std::find(kept.begin(), kept.end(),
                  "PodDisruptionBudget default/guard-a") != kept.end());
  CHECK(ReasonOf(r, "PodDisruptionBudget default/guard-a") ==
        "selects the pods of Deployment default/a; needed: without it, the "
        "victims are " +
            whole.scenario.pods.back().key + " instead of default/b");
}

TEST_CASE("Reduce: a pod a workload creates is reduced for by its name") {
  SimulationResult whole = Simulate(WorkloadUnderPdb(), AtEight());
  std::string created;
  for (const Pod& p : whole.scenario.pods) {
    if (p.name.rfind("a-", 0) == 0) created = p.key;
  }
  REQUIRE_FALSE(created.empty());
  Reduction r = Reduce(WorkloadUnderPdb(), created, AtEight());
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kScheduled);
  CHECK(r.decision.node == "n1");
  CHECK(ReasonOf(r, "Deployment default/a") ==
        "creates " + created + "; needed: without it, " + created +
            " gets no scheduling cycle");
  // A name no run ever sees is refused, naming the pending pods and the
  // pods the workloads created.
  CHECK(Reduce(WorkloadUnderPdb(), "default/a-nope", AtEight()).error ==
        "pod default/a-nope is not in the scenario nor created by its "
        "workloads; pending pods: default/web; its workloads create " +
            created);
}

TEST_CASE("Reduce: the Namespace a kept pod is in stays for its labels") {
  // web keeps off n1 for db, whose namespace team a namespaceSelector
  // picks by its label: without the Namespace object, read on its own, the
  // selector picks nothing and web is scheduled on n1.
  std::string yaml = R"(apiVersion: v1
kind: Namespace
metadata: {name: team, labels: {tier: gold}}
---
apiVersion: v1
kind: Namespace
metadata: {name: spare, labels: {tier: gold}}
---
apiVersion: v1
kind: Namespace
metadata: {name: default}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: team, labels: {app: db}}
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        namespaceSelector: {matchLabels: {tier: gold}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
)";
  Reduction r = Reduce(yaml, "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kUnschedulable);
  CHECK(KeptNames(r) == std::vector<std::string>{"Node n1", "Pod team/db",
                                                 "Pod default/web",
                                                 "Namespace team"});
  CHECK(ReasonOf(r, "Namespace team") ==
        "the namespace of team/db, with its labels (namespace selectors "
        "read them)");
  CHECK(r.kept.back().line == 1);
  CHECK(r.kept.back().document == 0);
  CHECK(r.counts.back().kind == "Namespace");
  CHECK(r.counts.back().total == 3);
  CHECK(r.counts.back().kept == 1);
}

TEST_CASE("Reduce: a pod refused for bad input says what is wrong") {
  Json web = PendingPod("web", {"1"}, std::nullopt);
  web["spec"]["priorityClassName"] = "gold";
  Reduction r = Reduce(Text({NodeWith("n1", {"2"}), web}), "default/web");
  CHECK(r.error ==
        "pod default/web gets no scheduling cycle (spec.priorityClassName: "
        "pods \"web\" is forbidden: no PriorityClass with name gold was found "
        "(known: system-cluster-critical, system-node-critical)): there is no "
        "decision to reduce");
  // Two errors, each with commas of its own, parted by "; ".
  web["spec"]["containers"][0]["resources"]["requests"]["cpu"] = "lots";
  r = Reduce(Text({NodeWith("n1", {"2"}), web}), "default/web");
  CHECK(r.error.find("(spec.containers[0].resources.requests.cpu: invalid "
                     "quantity \"lots\"; expected a number") !=
        std::string::npos);
  CHECK(r.error.find(" or 1e3; spec.priorityClassName: ") != std::string::npos);
}

TEST_CASE("Reduce: a class only a removed workload named goes with it") {
  std::string yaml = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch}
value: 5
---
)" + kNodeN1 + DeploymentYaml("idle", 0, "batch") +
                     R"(apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
)";
  Reduction r = Reduce(yaml, "default/web");
  REQUIRE(r.error.empty());
  CHECK(KeptNames(r) == std::vector<std::string>{"Node n1", "Pod default/web"});
}

TEST_CASE("Reduce: the scheduler's configuration stays, with its place") {
  // Without its TaintToleration off, web would not fit the tainted n1.
  std::string yaml = R"(apiVersion: v1
kind: List
items:
- apiVersion: kubescheduler.config.k8s.io/v1
  kind: KubeSchedulerConfiguration
  profiles:
  - schedulerName: default-scheduler
    plugins:
      filter:
        disabled:
        - name: TaintToleration
- apiVersion: v1
  kind: Node
  metadata: {name: n1}
  spec:
    taints: [{key: gpu, effect: NoSchedule}]
  status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
- apiVersion: v1
  kind: Pod
  metadata: {name: web, namespace: default}
  spec:
    containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
)";
  Reduction r = Reduce(yaml, "default/web");
  REQUIRE(r.error.empty());
  CHECK(r.decision.outcome == Outcome::kScheduled);
  REQUIRE(r.kept.size() == 3);
  CHECK(r.kept.back().kind == "KubeSchedulerConfiguration");
  CHECK(r.kept.back().line == 4);
  CHECK(r.kept.back().document == 0);
  CHECK(r.kept.back().reason ==
        "the scheduler's configuration, which every run reads");
}

}  // namespace podsim

namespace podsim {
using namespace testing;

TEST_CASE(
    "Reduce: the ResourceQuotas of a kept pod's namespace stay, with their "
    "reason; another namespace's go") {
  std::vector<Json> objects = Nominated();
  for (const char* ns : {"default", "other"}) {
    Json quota = {{"apiVersion", "v1"},
                  {"kind", "ResourceQuota"},
                  {"metadata", {{"name", "cap"}, {"namespace", ns}}},
                  {"spec", {{"hard", {{"pods", "100"}}}}}};
    objects.push_back(quota);
  }
  Reduction r = Reduce(Json(objects).dump(), "default/web");
  REQUIRE(r.error.empty());
  std::vector<std::string> kept;
  for (const KeptObject& o : r.kept) {
    if (o.kind == "ResourceQuota") kept.push_back(o.ns + "/" + o.name);
  }
  CHECK(kept == std::vector<std::string>{"default/cap"});
  bool counted = false;
  for (const KindCount& c : r.counts) {
    if (c.kind != "ResourceQuota") continue;
    counted = true;
    CHECK(c.total == 2);
    CHECK(c.kept == 1);
  }
  CHECK(counted);
}

}  // namespace podsim
