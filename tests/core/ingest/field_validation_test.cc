// Strict fields: every field that is not part of the Kubernetes API for its
// kind is warned of at its line, wherever it is and whatever podsim reads.
#include "core/ingest/field_validation.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/ingest/decode.h"
#include "core/ingest/loader.h"

namespace podsim {
namespace {

std::vector<std::string> Warnings(const DecodeResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.diagnostics.items()) {
    out.push_back(std::to_string(d.line) + " " + d.object + ": " + d.path +
                  ": " + d.message);
  }
  return out;
}

std::vector<std::string> Warnings(std::string_view text) {
  return Warnings(Decode(text));
}

constexpr const char* kWeb = R"(apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  priortyClassName: high
  containers:
  - name: app
    image: nginx
)";

}  // namespace

TEST_CASE(
    "FieldValidation: a misspelled field is warned of at its line, "
    "with the closest name") {
  CHECK(Warnings(kWeb) ==
        std::vector<std::string>{
            "6 Pod default/web: spec.priortyClassName: unknown field (not in "
            "the Kubernetes 1.36 API for Pod; did you mean "
            "priorityClassName?)"});
}

TEST_CASE(
    "FieldValidation: a kubectl object with everything it prints "
    "passes") {
  CHECK(Warnings(R"(apiVersion: v1
kind: Pod
metadata:
  annotations:
    anything/at-all: "yes"
  creationTimestamp: "2024-01-01T00:00:00Z"
  generateName: web-7d4b9c-
  labels:
    app: web
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:labels:
          .: {}
          f:app: {}
      f:spec:
        f:containers:
          k:{"name":"app"}:
            .: {}
    manager: kube-controller-manager
    operation: Update
    time: "2024-01-01T00:00:00Z"
  name: web
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: ReplicaSet
    name: web-7d4b9c
    uid: 1234
  resourceVersion: "42"
  uid: abcd
spec:
  containers:
  - env:
    - name: A
      valueFrom:
        secretKeyRef: {name: s, key: k}
    image: nginx
    livenessProbe:
      httpGet: {path: /, port: 80}
    name: app
    resources:
      requests: {cpu: 100m, memory: 1Gi}
    volumeMounts:
    - {mountPath: /data, name: data}
  nodeName: n1
  tolerations:
  - {key: k, operator: Exists, effect: NoSchedule}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data}
status:
  conditions:
  - {type: Ready, status: "True", lastTransitionTime: "2024-01-01T00:00:00Z"}
  containerStatuses:
  - name: app
    ready: true
    restartCount: 0
    image: nginx
    imageID: x
    state: {running: {startedAt: "2024-01-01T00:00:00Z"}}
  phase: Running
  podIP: 10.0.0.1
  podIPs: [{ip: 10.0.0.1}]
  qosClass: Burstable
  startTime: "2024-01-01T00:00:00Z"
)")
            .empty());
}

TEST_CASE("FieldValidation: fields podsim skips are checked too") {
  CHECK(Warnings(R"(kind: Pod
metadata: {name: web, namespace: prod, labelz: {a: b}}
spec:
  containers:
  - name: app
    env:
    - name: A
      valueFrom:
        secretKeyRefx: {name: s}
    volumeMounts: [{mountPath: /d, name: d, readonly: true}]
  volumes:
  - name: d
    emptyDir: {medium: Memory, sizeLimt: 1Gi}
)") == std::vector<std::string>{
           "2 Pod prod/web: metadata.labelz: unknown field (not in the "
           "Kubernetes 1.36 API for Pod; did you mean labels?)",
           "9 Pod prod/web: spec.containers[0].env[0].valueFrom.secretKeyRefx: "
           "unknown field (not in the Kubernetes 1.36 API for Pod; did you "
           "mean secretKeyRef?)",
           "10 Pod prod/web: spec.containers[0].volumeMounts[0].readonly: "
           "unknown field (not in the Kubernetes 1.36 API for Pod; did you "
           "mean readOnly?)",
           "13 Pod prod/web: spec.volumes[0].emptyDir.sizeLimt: unknown field "
           "(not in the Kubernetes 1.36 API for Pod; did you mean "
           "sizeLimit?)"});
}

TEST_CASE(
    "FieldValidation: fields written before kind are checked when it "
    "comes") {
  CHECK(Warnings(R"(metadata: {name: web}
spec:
  priorty: 5
  containers: [{name: app, imagePullPolicy: Always, foo: 1}]
kind: Pod
statuss: {}
)") == std::vector<std::string>{
           "3 Pod default/web: spec.priorty: unknown field (not in the "
           "Kubernetes 1.36 API for Pod; did you mean priority?)",
           "4 Pod default/web: spec.containers[0].foo: unknown field (not in "
           "the Kubernetes 1.36 API for Pod)",
           "6 Pod default/web: statuss: unknown field (not in the Kubernetes "
           "1.36 API for Pod; did you mean status?)"});
}

TEST_CASE("FieldValidation: a List and its items, YAML and JSON alike") {
  std::vector<std::string> expected = {
      "5 Node n1: spec.unschedulabel: unknown field (not in the Kubernetes "
      "1.36 API for Node; did you mean unschedulable?)",
      "9 List: metdata: unknown field (not in the Kubernetes 1.36 API for "
      "List; did you mean metadata?)"};
  CHECK(Warnings(R"(apiVersion: v1
items:
- kind: Node
  metadata: {name: n1}
  spec: {unschedulabel: true}
  status: {allocatable: {cpu: 1, memory: 1Gi, pods: 9}}
kind: List
metadata: {resourceVersion: ""}
metdata: {}
)") == expected);
  CHECK(Warnings(R"({"apiVersion": "v1",
"items": [{"kind": "Node",
  "metadata": {"name": "n1"},
  "apiVersion": "v1",
  "spec": {"unschedulabel": true},
  "status": {"allocatable": {"cpu": 1, "memory": "1Gi", "pods": 9}}}],
"kind": "List",
"metadata": {"resourceVersion": ""},
"metdata": {}})") == expected);
}

TEST_CASE(
    "FieldValidation: every kind podsim reads is checked; others are "
    "not") {
  CHECK(Warnings(R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
preemptionPolicy: Never
descripton: x
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  template:
    spec:
      containers: [{name: a, image: b, resource: {}}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: cj}
spec: {anything: 1}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: DefaultPreemption
    args: {minCandidateNodesPercentage: 20, anything: 1}
  plugin: {}
)") == std::vector<std::string>{
           "6 PriorityClass high: descripton: unknown field (not in the "
           "Kubernetes 1.36 API for PriorityClass; did you mean "
           "description?)",
           "15 Deployment default/web: spec.template.spec.containers[0]."
           "resource: unknown field (not in the Kubernetes 1.36 API for "
           "Deployment; did you mean resources?)",
           "18 CronJob: kind: kind \"CronJob\" is ignored; podsim reads "
           "Node, Pod, PriorityClass, PodDisruptionBudget, "
           "PersistentVolumeClaim, KubeSchedulerConfiguration, Namespace, "
           "LimitRange, RuntimeClass, ResourceQuota and the workloads "
           "Deployment, "
           "ReplicaSet, "
           "StatefulSet, "
           "DaemonSet, "
           "Job and ReplicationController",
           "29 KubeSchedulerConfiguration: profiles[0].plugin: unknown field "
           "(not in the Kubernetes 1.36 API for KubeSchedulerConfiguration; "
           "did you mean plugins?)"});
}

TEST_CASE(
    "FieldValidation: odd keys, aliases and syntax errors keep the "
    "validator in step") {
  CHECK(Warnings(R"(kind: Pod
metadata: {name: a}
spec:
  ? [complex, key]
  : {nested: value}
  1: one
  containers: &c [{name: app}]
  initContainers: *c
  nodeName: n1
---
kind: Pod
metadata: {name: b
---
kind: Pod
metadata: {name: c}
spec: {containers: [{name: app}], nodeNam: x}
)") == std::vector<std::string>{
           "4 Pod: : YAML: a key must be a string, a number or a boolean",
           "6 Pod default/a: spec.1: unknown field (not in the Kubernetes "
           "1.36 API for Pod)",
           "13 : : YAML: did not find expected ',' or '}' (while parsing a "
           "flow mapping started at line 12)",
           "16 Pod default/c: spec.nodeNam: unknown field (not in the "
           "Kubernetes 1.36 API for Pod; did you mean nodeName?)"});
}

TEST_CASE(
    "FieldValidation: past 100 unknown fields, one line counts the "
    "rest") {
  std::string text;
  for (int i = 0; i < 130; ++i) {
    text += "kind: Pod\nmetadata: {name: p" + std::to_string(i) +
            "}\nspec: {containers: [{name: a}], priortyClassName: x}\n---\n";
  }
  std::vector<std::string> w = Warnings(text);
  REQUIRE(w.size() == 101);
  CHECK(w[99] ==
        "399 Pod default/p99: spec.priortyClassName: unknown field (not in the "
        "Kubernetes 1.36 API for Pod; did you mean priorityClassName?)");
  CHECK(w[100] ==
        "0 : : 30 more unknown fields are not listed; the first 100 are");
}

TEST_CASE("FieldValidation: any chunking finds the same fields") {
  std::string text = std::string(kWeb) + "---\n" +
                     R"({"kind": "Node", "metadata": {"name": "n"}, "sepc": {},
          "status": {"allocatable": {"cpu": 1, "memory": "1Gi", "pods": 9}}})";
  std::vector<std::string> whole = Warnings(text);
  CHECK(whole.size() == 2);
  for (size_t chunk : {1, 3, 64}) {
    CAPTURE(chunk);
    Loader loader;
    for (size_t i = 0; i < text.size(); i += chunk) {
      loader.Feed(std::string_view(text).substr(i, chunk));
    }
    CHECK(Warnings(loader.Finish()) == whole);
  }
}

TEST_CASE(
    "FieldValidation: PersistentVolumeClaims and the plugins section are "
    "checked") {
  CHECK(Warnings(R"(apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  accesModes: [ReadWriteOncePod]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- plugins:
    postFilter:
      disabled: [{name: DefaultPreemption}]
    filters: {}
)") == std::vector<std::string>{
           "5 PersistentVolumeClaim default/data: spec.accesModes: "
           "unknown field (not in the Kubernetes 1.36 API for "
           "PersistentVolumeClaim; did you mean accessModes?)",
           "14 KubeSchedulerConfiguration: profiles[0].plugins.filters: "
           "unknown field (not in the Kubernetes 1.36 API for "
           "KubeSchedulerConfiguration; did you mean filter?)"});
}

}  // namespace podsim
