#include "core/ingest/decode.h"

#include <algorithm>

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE(
    "Decode: reads nodes, pods and their requests from real object shapes") {
  DecodeResult r =
      Decode(ScenarioWith(NodeWith("n1", {"2", "4Gi", "20"}, {{"zone", "a"}}),
                          RunningPod("a", "n1", {"250m", "1Gi"}, 5)));
  CHECK(r.diagnostics.items().empty());
  REQUIRE(r.scenario.nodes.size() == 1);
  const Node& node = r.scenario.nodes[0];
  CHECK(node.allocatable.Get(kCpu) == 2000);
  CHECK(node.allocatable.Get(kMemory) == 4LL << 30);
  CHECK(node.allocatable.Get(kPods) == 20);
  CHECK(*node.labels.Find("zone") == "a");
  CHECK(*node.labels.Find("kubernetes.io/hostname") == "n1");
  const Pod& pod = r.scenario.pods[0];
  CHECK(pod.key == "default/a");
  CHECK(pod.node_name == "n1");
  CHECK(*pod.spec_priority == 5);
  CHECK(pod.requests.Get(kCpu) == 250);
  CHECK(pod.requests.Get(kMemory) == 1LL << 30);
}

TEST_CASE(
    "Decode: allocatable falls back to capacity, and pods default to 110") {
  Json node = {{"kind", "Node"},
               {"metadata", {{"name", "n1"}}},
               {"status", {{"capacity", {{"cpu", "4"}}}}}};
  DecodeResult r = Decode(ScenarioWith(node));
  CHECK(r.scenario.nodes[0].allocatable.Get(kCpu) == 4000);
  CHECK(r.scenario.nodes[0].allocatable.Get(kPods) == 110);
}

TEST_CASE(
    "Decode: a node without allocatable has room for nothing, and says so") {
  // Mirrors NodeInfo.SetNode: kube-scheduler counts status.allocatable
  // alone, so a node that reports none fits no pod (0 pods).
  Json bare = {{"kind", "Node"}, {"metadata", {{"name", "bare"}}}};
  Json empty = {{"kind", "Node"},
                {"metadata", {{"name", "empty"}}},
                {"status", {{"phase", "Running"}}}};
  DecodeResult r =
      Decode(ScenarioWith(bare, empty, PendingPod("p", {"100m"}, 1)));
  REQUIRE(r.scenario.nodes.size() == 2);
  CHECK(r.scenario.nodes[0].allocatable.Get(kPods) == 0);
  CHECK(r.scenario.nodes[1].allocatable.Get(kPods) == 0);
  std::vector<std::string> got;
  for (const Diagnostic& d : r.diagnostics.items()) {
    got.push_back(d.object + ": " + d.path + ": " + d.message);
  }
  CHECK(got ==
        std::vector<std::string>{
            "Node bare: status: is missing, and with it allocatable: the "
            "node has room for nothing, as kube-scheduler sees a node that "
            "reports no allocatable resources (no cpu, no memory, 0 pods): "
            "no pod fits on it",
            "Node empty: status.allocatable: is missing (and so is "
            "status.capacity): the node has room for nothing, as "
            "kube-scheduler sees a node that reports no allocatable "
            "resources (no cpu, no memory, 0 pods): no pod fits on it"});
  CHECK(r.diagnostics.items()[0].cause == r.diagnostics.items()[1].cause);
}

TEST_CASE(
    "Decode: a node whose allocatable lacks cpu, memory or pods says so") {
  Json node = {{"kind", "Node"},
               {"metadata", {{"name", "n1"}}},
               {"status", {{"allocatable", {{"cpu", "2"}}}}}};
  SUBCASE("memory, once a pod requests it; pods always") {
    DecodeResult r =
        Decode(ScenarioWith(node, PendingPod("p", {"100m", "64Mi"}, 1)));
    std::vector<std::string> got;
    for (const Diagnostic& d : r.diagnostics.items()) {
      got.push_back(d.object + ": " + d.path + ": " + d.message);
    }
    CHECK(got == std::vector<std::string>{
                     "Node n1: status.allocatable.pods: is missing; podsim "
                     "gives the node 110 pods, kubelet's default "
                     "(kube-scheduler would count 0 and fit no pod on it)",
                     "Node n1: status.allocatable.memory: is missing: the "
                     "node has no memory to give, and no pod that requests "
                     "memory fits on it"});
  }
  SUBCASE("not of what no pod requests (kube-scheduler's own tests)") {
    node["status"]["allocatable"]["pods"] = "32";
    DecodeResult r = Decode(ScenarioWith(node, PendingPod("p", {"1"}, 1)));
    CHECK(r.diagnostics.items().empty());
  }
  SUBCASE("capacity read in its place") {
    Json from_capacity = {
        {"kind", "Node"},
        {"metadata", {{"name", "n1"}}},
        {"status", {{"capacity", {{"memory", "1Gi"}, {"pods", "9"}}}}}};
    DecodeResult r =
        Decode(ScenarioWith(from_capacity, PendingPod("p", {"1"}, 1)));
    std::vector<std::string> got;
    for (const Diagnostic& d : r.diagnostics.items()) {
      got.push_back(d.path + ": " + d.message);
    }
    CHECK(got == std::vector<std::string>{
                     "status.allocatable: is missing; podsim reads "
                     "status.capacity instead (kube-scheduler reads "
                     "allocatable alone, and would fit no pod on this node)",
                     "status.capacity.cpu: is missing: the node has no cpu "
                     "to give, and no pod that requests cpu fits on it"});
  }
}

TEST_CASE(
    "Decode: a limit without a request sets the request, as API defaulting "
    "does") {
  Json pod = PendingPod("p", {}, 1);
  pod["spec"]["containers"][0]["resources"] = {
      {"limits", {{"cpu", "1"}, {"nvidia.com/gpu", 2}}}};
  DecodeResult r = Decode(ScenarioWith(pod));
  const Pod& p = r.scenario.pods[0];
  CHECK(p.requests.Get(kCpu) == 1000);
  CHECK(p.requests.Get(r.scenario.resources.Intern("nvidia.com/gpu")) == 2);
}

TEST_CASE(
    "Decode: reports every bad field in one pass, naming object, path and "
    "valid form") {
  Json pod = PendingPod("web", {"1.5.5Gi", "lots"}, 1);
  pod["spec"]["priority"] = "high";
  pod["spec"]["tolerations"] =
      Json::array({{{"key", "k"}, {"operator", "Maybe"}}});
  Json node = {{"kind", "Node"}, {"metadata", {{"labels", {{"a", "b"}}}}}};
  Json pdb = PdbWith("both", {{"app", "web"}}, std::nullopt);
  pdb["spec"]["minAvailable"] = 1;
  pdb["spec"]["maxUnavailable"] = "50%";
  DecodeResult r = Decode(
      ScenarioWith(pod, node, pdb,
                   Json{{"kind", "Service"}, {"metadata", {{"name", "s"}}}}));
  std::vector<std::string> got;
  for (const Diagnostic& d : r.diagnostics.items()) {
    got.push_back(
        std::string(d.severity == Severity::kError ? "error " : "warning ") +
        d.object + ": " + d.path + ": " + d.message);
  }
  CHECK(got ==
        std::vector<std::string>{
            "error Pod default/web: spec.priority: must be an integer, not a "
            "string",
            "error Pod default/web: spec.containers[0].resources.requests.cpu: "
            "invalid "
            "quantity \"1.5.5Gi\"; expected a number with an optional suffix, "
            "e.g. 500m, 2, "
            "1.5Gi, 100M or 1e3",
            "error Pod default/web: "
            "spec.containers[0].resources.requests.memory: invalid "
            "quantity \"lots\"; expected a number with an optional suffix, "
            "e.g. 500m, 2, "
            "1.5Gi, 100M or 1e3",
            "error Pod default/web: spec.tolerations[0].operator: unknown "
            "operator "
            "\"Maybe\"; valid: Equal, Exists",
            "error Node: metadata.name: is required; every object needs a "
            "name (or a generateName the API server makes one from)",
            "error PodDisruptionBudget default/both: spec: minAvailable and "
            "maxUnavailable "
            "cannot be both set; keep one",
            "warning Service: kind: kind \"Service\" is ignored; podsim reads "
            "Node, Pod, PriorityClass, PodDisruptionBudget, "
            "PersistentVolumeClaim, KubeSchedulerConfiguration, Namespace, "
            "LimitRange, RuntimeClass, ResourceQuota and the workloads "
            "Deployment, "
            "ReplicaSet, StatefulSet, "
            "DaemonSet, "
            "Job and ReplicationController",
        });
  CHECK(r.scenario.pods.size() == 1);  // still simulated where it can be
}

TEST_CASE("Decode: duplicate objects are errors and the later one is ignored") {
  DecodeResult r =
      Decode(ScenarioWith(NodeWith("n1", {"1"}), NodeWith("n1", {"2"})));
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "duplicate Node \"n1\"; names must be unique, this one is ignored");
  CHECK(r.scenario.nodes.size() == 1);
  CHECK(r.scenario.nodes[0].allocatable.Get(kCpu) == 1000);
}

TEST_CASE("Decode: a YAML List and documents carry lines and documents") {
  DecodeResult r = Decode(
      "apiVersion: v1\n"
      "items:\n"
      "- apiVersion: v1\n"
      "  kind: Node\n"
      "  metadata: {name: a}\n"
      "  status: {allocatable: {cpu: \"1\", pods: 9}}\n"
      "- kind: Node\n"
      "  metadata:\n"
      "    name: b\n"
      "  status:\n"
      "    allocatable:\n"
      "      cpu: 1x\n"
      "      pods: 9\n"
      "kind: List\n"
      "---\n"
      "kind: Pod\n");
  REQUIRE(r.scenario.nodes.size() == 2);
  CHECK(r.scenario.nodes[0].line == 3);
  CHECK(r.scenario.nodes[1].line == 7);
  REQUIRE(r.diagnostics.items().size() == 2);
  // A field's diagnostic names the field's own line.
  CHECK(r.diagnostics.items()[0].path == "status.allocatable.cpu");
  CHECK(r.diagnostics.items()[0].line == 12);
  CHECK(r.diagnostics.items()[0].document == 0);
  // An absent field's diagnostic names the object's line.
  CHECK(r.diagnostics.items()[1].path == "metadata.name");
  CHECK(r.diagnostics.items()[1].line == 16);
  CHECK(r.diagnostics.items()[1].document == 1);
}

TEST_CASE("Decode: JSON that ends early is one diagnostic, not a crash") {
  DecodeResult r = Decode("{\"kind\": ");
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "JSON: the input ends inside a value");
}

TEST_CASE("Decode: an input with no objects says so, and what podsim reads") {
  struct Row {
    const char* name;
    const char* text;
  };
  const Row rows[] = {
      {"empty", ""},
      {"white space and comments", "  \n# nothing yet\n\n"},
      {"document markers", "---\n---\n"},
      {"a null document", "~\n"},
      {"an empty kubectl List", "apiVersion: v1\nitems: []\nkind: List\n"},
      {"an empty JSON List", "{\"kind\": \"List\", \"items\": []}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    DecodeResult r = Decode(row.text);
    REQUIRE(r.diagnostics.items().size() == 1);
    const Diagnostic& d = r.diagnostics.items()[0];
    CHECK(d.severity == Severity::kWarning);
    CHECK(d.object == "");
    CHECK(d.path == "");
    CHECK(d.line == 0);
    CHECK(d.message ==
          "the input holds no Kubernetes objects; podsim reads Node, Pod, "
          "PriorityClass, PodDisruptionBudget, PersistentVolumeClaim, "
          "KubeSchedulerConfiguration, Namespace, LimitRange, RuntimeClass, "
          "ResourceQuota and the workloads "
          "Deployment, ReplicaSet, StatefulSet, DaemonSet, Job and "
          "ReplicationController objects as YAML or JSON, alone or in "
          "lists, e.g. what kubectl get priorityclasses,nodes,pods,pdb -A -o "
          "yaml prints");
  }
  SUBCASE("not when the input already said what is wrong with it") {
    CHECK(Decode("kind: ConfigMap\nmetadata: {name: c}\n")
              .diagnostics.items()
              .size() == 1);  // only: kind "ConfigMap" is ignored
    CHECK(Decode("hello\n").diagnostics.items().size() == 1);
    CHECK(Decode("a: [\n").diagnostics.items().size() == 1);
  }
}

TEST_CASE("Decode: names must be RFC 1123 subdomains") {
  DecodeResult r = Decode(ScenarioWith(NodeWith("Bad_Name", {"1"})));
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "invalid name \"Bad_Name\"; expected a lowercase RFC 1123 subdomain "
        "(a-z, 0-9, '-' and "
        "'.', starting and ending with a letter or digit, at most 253 "
        "characters)");
}

TEST_CASE(
    "Decode: DefaultPreemption args come from a KubeSchedulerConfiguration") {
  Json config = SchedulerConfigWith(40, 1);
  DecodeResult r = Decode(ScenarioWith(config));
  CHECK(r.scenario.config.min_candidate_nodes_percentage == 40);
  CHECK(r.scenario.config.min_candidate_nodes_absolute == 1);
  config["profiles"][0]["pluginConfig"][0]["args"] = {
      {"minCandidateNodesPercentage", 0}, {"minCandidateNodesAbsolute", 0}};
  DecodeResult zero = Decode(ScenarioWith(config));
  REQUIRE(zero.diagnostics.items().size() == 1);
  CHECK(zero.diagnostics.items()[0].message ==
        "cannot be zero at the same time as minCandidateNodesAbsolute");
}

TEST_CASE("Decode: a PersistentVolumeClaim gives its access modes and phase") {
  Json bad = ClaimWith("both", {"ReadWriteOncePod", "ReadWriteOnce"});
  Json odd = ClaimWith("odd", {"ReadWriteSometimes"});
  Json pod = UsingClaims(PendingPod("web", {"1"}, 1), {"solo"});
  pod["spec"]["volumes"].push_back(
      {{"name", "empty"}, {"persistentVolumeClaim", Json::object()}});
  pod["spec"]["volumes"].push_back(
      {{"name", "tmp"}, {"emptyDir", Json::object()}});
  DecodeResult r = Decode(ScenarioWith(
      ClaimWith("solo", {"ReadWriteOncePod"}, "Pending"), bad, odd, pod));
  REQUIRE(r.scenario.claims.size() == 3);
  CHECK(r.scenario.claims[0].read_write_once_pod);
  CHECK(r.scenario.claims[0].phase == "Pending");
  CHECK(r.scenario.claims[1].read_write_once_pod);
  CHECK_FALSE(r.scenario.claims[2].read_write_once_pod);
  CHECK(r.scenario.pods[0].claims == std::vector<std::string>{"solo"});
  std::vector<std::string> got;
  for (const Diagnostic& d : r.diagnostics.items()) {
    got.push_back(d.object + ": " + d.path + ": " + d.message);
  }
  CHECK(got == std::vector<std::string>{
                   "PersistentVolumeClaim default/both: spec.accessModes: may "
                   "not use ReadWriteOncePod with other access modes; the API "
                   "server refuses the claim (podsim reads it as "
                   "ReadWriteOncePod)",
                   "PersistentVolumeClaim default/odd: spec.accessModes[0]: "
                   "unsupported access mode \"ReadWriteSometimes\"; valid: "
                   "ReadWriteOnce, ReadOnlyMany, ReadWriteMany, "
                   "ReadWriteOncePod",
                   "Pod default/web: "
                   "spec.volumes[1].persistentVolumeClaim.claimName: is "
                   "required: the name of a PersistentVolumeClaim in the "
                   "pod's namespace"});
}

TEST_CASE(
    "Decode: kube-scheduler 1.37's pod groups are named as not modelled: the "
    "PodGroup kind and a pod's spec.schedulingGroup") {
  Json pod = PendingPod("worker-0", {"1"}, 1);
  pod["spec"]["schedulingGroup"] = {{"podGroupName", "training"}};
  Json group = {{"apiVersion", "scheduling.k8s.io/v1beta1"},
                {"kind", "PodGroup"},
                {"metadata", {{"name", "training"}, {"namespace", "default"}}},
                {"spec", {{"minCount", 4}}}};
  SimulationResult r = Run(ScenarioWith(NodeWith("n1", {"4"}), pod, group));
  const std::vector<std::string> texts = DiagnosticTexts(r);
  auto has = [&](const std::string& part) {
    return std::any_of(texts.begin(), texts.end(), [&](const std::string& t) {
      return t.find(part) != std::string::npos;
    });
  };
  CHECK(
      has("Pod default/worker-0: spec.schedulingGroup: the pod's group "
          "(gang scheduling, kube-scheduler 1.37's GenericWorkload, off by "
          "default) is not modelled: podsim schedules and preempts the pod "
          "alone"));
  CHECK(
      has("kind \"PodGroup\" is ignored; gang scheduling (kube-scheduler "
          "1.37's GenericWorkload, off by default) is not modelled: podsim "
          "schedules and preempts the group's pods one by one; podsim "
          "reads"));
  // The pod is still scheduled, alone.
  CHECK(FirstAttempt(r, "worker-0").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "Decode: a webhook configuration in a dump says that pods may differ "
    "from what podsim admits") {
  Json hook = {{"apiVersion", "admissionregistration.k8s.io/v1"},
               {"kind", "MutatingWebhookConfiguration"},
               {"metadata", {{"name", "sidecar-injector"}}},
               {"webhooks", Json::array()}};
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}), PendingPod("web", {"1"}, 1), hook));
  const std::vector<std::string> texts = DiagnosticTexts(r);
  REQUIRE(texts.size() == 1);
  CHECK(texts[0].find(
            "MutatingWebhookConfiguration: kind: kind "
            "\"MutatingWebhookConfiguration\" is ignored; its webhooks or "
            "policies may change or refuse the pods the API server admits, "
            "and podsim cannot run them (it runs priority, LimitRanger, "
            "RuntimeClass and ResourceQuota admission): pods created in the "
            "run may differ "
            "from what podsim admits; podsim reads") != std::string::npos);
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kScheduled);
}

}  // namespace podsim
