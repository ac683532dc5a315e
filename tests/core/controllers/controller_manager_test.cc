// The controllers' host (core/controllers/controller_manager.h): what a
// workload controller decides is carried out on the scenario, the cluster,
// the queue and the timeline, on the simulated clock.
#include "core/controllers/controller_manager.h"

#include <string>

#include "core/config/profile.h"
#include "core/ingest/decode.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

// A ReplicaSet of replicas pods of 1 cpu, one of them (web-a) running on n1.
std::string ReplicaSetOn(int replicas) {
  return R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default, uid: uid-web}
spec:
  replicas: )" +
         std::to_string(replicas) +
         R"(
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: web-a
  namespace: default
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, uid: uid-web, controller: true}]
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
status: {phase: Running}
)";
}

// The pieces a Scheduler holds, with the input's pods placed.
struct Host {
  explicit Host(const std::string& text)
      : decoded(Decode(text)),
        scenario(decoded.scenario),
        cluster(scenario),
        recorder(clock, 100),
        terminations(clock),
        queue(scenario, CurrentProfile(), clock, recorder) {
    clock.Set(10'000);
    PlaceInputPods(cluster);
  }
  DecodeResult decoded;
  Scenario& scenario;
  Cluster cluster;
  Clock clock;
  TimelineRecorder recorder;
  Terminations terminations;
  SchedulingQueue queue;
  Diagnostics diagnostics;
};

int Count(const Timeline& t, QueueEventKind kind) {
  int n = 0;
  for (const QueueEvent& e : t.events) n += e.kind == kind;
  return n;
}

}  // namespace

TEST_CASE(
    "ControllerManager: the pods a workload lacks are created, appended and "
    "queued") {
  Host h(ReplicaSetOn(3));
  REQUIRE(h.scenario.pods.size() == 1);
  ControllerManager manager(h.scenario, h.cluster, h.clock, h.queue,
                            h.terminations, h.recorder, h.diagnostics);
  CHECK(h.recorder.timeline().controllers);
  manager.Run();
  REQUIRE(h.scenario.pods.size() == 3);
  for (ObjectIndex p : {ObjectIndex{1}, ObjectIndex{2}}) {
    const Pod& pod = h.scenario.pods[p];
    CHECK(pod.index == p);
    REQUIRE(pod.labels.Find("app") != nullptr);
    CHECK(*pod.labels.Find("app") == "web");
    CHECK(h.queue.Contains(p));
    CHECK(h.cluster.NodeOf(p) == kNoNode);
  }
  CHECK(Count(h.recorder.timeline(), QueueEventKind::kCreated) == 2);
  // A second pass with nothing changed creates nothing more.
  manager.Run();
  CHECK(h.scenario.pods.size() == 3);
  std::vector<WorkloadOutcome> outcomes = manager.Outcomes();
  REQUIRE(outcomes.size() == 1);
}

TEST_CASE(
    "ControllerManager: a preempted pod is replaced, its replacement "
    "recorded as such") {
  Host h(ReplicaSetOn(1));
  ControllerManager manager(h.scenario, h.cluster, h.clock, h.queue,
                            h.terminations, h.recorder, h.diagnostics);
  manager.Run();
  REQUIRE(h.scenario.pods.size() == 1);  // web-a is the one replica
  manager.OnPreempted(0);
  manager.Run();
  REQUIRE(h.scenario.pods.size() == 2);
  CHECK(h.queue.Contains(1));
  const Timeline& t = h.recorder.timeline();
  REQUIRE(Count(t, QueueEventKind::kCreated) == 1);
  for (const QueueEvent& e : t.events) {
    if (e.kind == QueueEventKind::kCreated) CHECK(e.other == 0);
  }
}

TEST_CASE("ControllerManager: scaling down deletes a pod, recorded by whom") {
  Host h(ReplicaSetOn(0));
  ControllerManager manager(h.scenario, h.cluster, h.clock, h.queue,
                            h.terminations, h.recorder, h.diagnostics);
  manager.Run();
  const Timeline& t = h.recorder.timeline();
  REQUIRE(Count(t, QueueEventKind::kDeleted) == 1);
  REQUIRE(t.deleted_by.size() >= 1);
  CHECK(t.deleted_by[0] == 0);
  // A bound pod keeps its room through its grace period (30 s by default).
  CHECK(h.terminations.Leaving(0));
  CHECK(h.terminations.GoneAt(0) == 40'000);
}

}  // namespace podsim
