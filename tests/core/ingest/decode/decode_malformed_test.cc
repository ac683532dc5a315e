// The malformed-input suite: every field the engine reads, given a wrong
// type or an absurd value, becomes an error diagnostic that names the
// object and the field path, and nothing crashes or hangs.
// The cases are a table, one per line: not reflowed.
// clang-format off
#include <nlohmann/json.hpp>

#include "core/output/result_json.h"
#include "core/ingest/decode.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

Json BasePod() {
  Json pod = PendingPod("p", {"100m", "64Mi"}, 1);
  pod["metadata"]["labels"] = {{"app", "web"}};
  pod["spec"]["containers"][0]["ports"] = Json::array({{{"containerPort", 80}, {"hostPort", 8080}}});
  pod["spec"]["tolerations"] = Json::array({{{"key", "k"}, {"operator", "Equal"}, {"value", "v"}, {"effect", "NoSchedule"}}});
  Json term = {{"labelSelector", {{"matchLabels", {{"app", "db"}}}}}, {"topologyKey", "kubernetes.io/hostname"}};
  pod["spec"]["affinity"] = {
      {"nodeAffinity",
       {{"requiredDuringSchedulingIgnoredDuringExecution",
         {{"nodeSelectorTerms",
           Json::array({{{"matchExpressions", Json::array({{{"key", "zone"}, {"operator", "In"}, {"values", {"a"}}}})}}})}}},
        {"preferredDuringSchedulingIgnoredDuringExecution",
         Json::array({{{"weight", 10}, {"preference", {{"matchExpressions", Json::array({{{"key", "disk"}, {"operator", "Exists"}}})}}}}})}}},
      {"podAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", Json::array({term})}, {"preferredDuringSchedulingIgnoredDuringExecution", Json::array({{{"weight", 10}, {"podAffinityTerm", term}}})}}},
      {"podAntiAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", Json::array({term})}}}};
  pod["spec"]["topologySpreadConstraints"] = Json::array(
      {{{"maxSkew", 1}, {"topologyKey", "zone"}, {"whenUnsatisfiable", "DoNotSchedule"},
        {"labelSelector", {{"matchLabels", {{"app", "web"}}}}}}});
  pod["spec"]["initContainers"] = Json::array({{{"name", "init"}, {"restartPolicy", "Always"}}});
  pod["status"]["conditions"] = Json::array({{{"type", "Ready"}, {"status", "True"}}});
  pod["spec"]["volumes"] = Json::array({{{"name", "data"}, {"persistentVolumeClaim", {{"claimName", "data"}}}}});
  return pod;
}

Json BaseNode() {
  Json node = NodeWith("n1", {"4", "8Gi"}, {{"zone", "a"}});
  node["spec"]["taints"] = Json::array({{{"key", "k"}, {"value", "v"}, {"effect", "NoSchedule"}}});
  return node;
}

Json BasePdb() {
  Json pdb = PdbWith("db", {{"app", "db"}}, 1);
  pdb["spec"]["minAvailable"] = 1;
  pdb["status"]["disruptedPods"] = {{"x", "2024-01-01T00:00:00Z"}};
  return pdb;
}

Json BaseConfig() {
  return {{"kind", "KubeSchedulerConfiguration"},
          {"percentageOfNodesToScore", 50},
          {"profiles", Json::array({{{"schedulerName", "default-scheduler"},
                                     {"pluginConfig", Json::array({{{"name", "DefaultPreemption"},
                                                                    {"args", {{"minCandidateNodesPercentage", 10},
                                                                              {"minCandidateNodesAbsolute", 100}}}}})},
                                     {"plugins", {{"score", {{"enabled", Json::array({{{"name", "NodeResourcesFit"}, {"weight", 2}}})}}}}}}})}};
}

struct Case {
  std::string name;
  Json object;
  std::string pointer;  // JSON pointer to the field to break
  Json value;           // what to put there (null removes the field)
  std::string want_object;
  std::string want_path;
};

std::vector<Case> Cases() {
  const Json pod = BasePod();
  const Json node = BaseNode();
  const Json pc = PriorityClassWith("high", 1000);
  const Json pdb = BasePdb();
  const Json config = BaseConfig();
  const Json claim = ClaimWith("data", {"ReadWriteOncePod"});
  const std::string P = "Pod default/p";
  const std::string N = "Node n1";
  const std::string C = "PriorityClass high";
  const std::string D = "PodDisruptionBudget default/db";
  const std::string K = "KubeSchedulerConfiguration";
  const std::string V = "PersistentVolumeClaim default/data";
  std::vector<Case> cases = {
      // Pod metadata.
      {"pod metadata not an object", pod, "/metadata", "x", "Pod", "metadata"},
      {"pod name a number", pod, "/metadata/name", 42, "Pod", "metadata.name"},
      {"pod name missing", pod, "/metadata/name", nullptr, "Pod", "metadata.name"},
      {"pod name too long", pod, "/metadata/name", std::string(300, 'a'), "Pod", "metadata.name"},
      {"pod name unicode", pod, "/metadata/name", "pöd", "Pod", "metadata.name"},
      {"pod name uppercase", pod, "/metadata/name", "Web", "Pod", "metadata.name"},
      {"pod name markup", pod, "/metadata/name", "<img src=x>", "Pod", "metadata.name"},
      {"pod namespace a number", pod, "/metadata/namespace", 5, "Pod", "metadata.namespace"},
      {"pod uid a list", pod, "/metadata/uid", Json::array(), P, "metadata.uid"},
      {"pod labels a string", pod, "/metadata/labels", "x", P, "metadata.labels"},
      {"pod label value a number", pod, "/metadata/labels/app", 5, P, "metadata.labels.app"},
      {"pod label value an object", pod, "/metadata/labels/app", Json::object(), P, "metadata.labels.app"},
      {"creationTimestamp not a time", pod, "/metadata/creationTimestamp", "yesterday", P, "metadata.creationTimestamp"},
      {"creationTimestamp month 13", pod, "/metadata/creationTimestamp", "2024-13-01T00:00:00Z", P, "metadata.creationTimestamp"},
      {"deletionTimestamp a number", pod, "/metadata/deletionTimestamp", 12, P, "metadata.deletionTimestamp"},
      {"ownerReferences an object", pod, "/metadata/ownerReferences", Json::object(), P, "metadata.ownerReferences"},
      {"ownerReference a string", pod, "/metadata/ownerReferences", Json::array({"x"}), P, "metadata.ownerReferences[0]"},
      {"ownerReference kind a number", pod, "/metadata/ownerReferences", Json::array({{{"kind", 1}}}), P, "metadata.ownerReferences[0].kind"},
      {"ownerReference controller a string", pod, "/metadata/ownerReferences", Json::array({{{"kind", "ReplicaSet"}, {"controller", "yes"}}}), P, "metadata.ownerReferences[0].controller"},
      // Pod spec scalars.
      {"pod spec a string", pod, "/spec", "x", P, "spec"},
      {"pod spec missing", pod, "/spec", nullptr, P, "spec"},
      {"nodeName a number", pod, "/spec/nodeName", 1, P, "spec.nodeName"},
      {"schedulerName a list", pod, "/spec/schedulerName", Json::array(), P, "spec.schedulerName"},
      {"priority a string", pod, "/spec/priority", "high", P, "spec.priority"},
      {"priority a fraction", pod, "/spec/priority", 1.5, P, "spec.priority"},
      {"priority a float beyond int64", pod, "/spec/priority", 1e300, P, "spec.priority"},
      {"priority a float below int64", pod, "/spec/priority", -1e300, P, "spec.priority"},
      {"priority beyond int32", pod, "/spec/priority", 3000000000LL, P, "spec.priority"},
      {"priority below int32", pod, "/spec/priority", -3000000000LL, P, "spec.priority"},
      {"priority huge unsigned", pod, "/spec/priority", 18446744073709551615ULL, P, "spec.priority"},
      {"priority a boolean", pod, "/spec/priority", true, P, "spec.priority"},
      {"priorityClassName a number", pod, "/spec/priorityClassName", 7, P, "spec.priorityClassName"},
      {"preemptionPolicy unknown", pod, "/spec/preemptionPolicy", "Sometimes", P, "spec.preemptionPolicy"},
      {"preemptionPolicy a number", pod, "/spec/preemptionPolicy", 1, P, "spec.preemptionPolicy"},
      // Containers and requests.
      {"containers a string", pod, "/spec/containers", "x", P, "spec.containers"},
      {"containers missing", pod, "/spec/containers", nullptr, P, "spec.containers"},
      {"container a number", pod, "/spec/containers/0", 5, P, "spec.containers[0]"},
      {"resources a list", pod, "/spec/containers/0/resources", Json::array(), P, "spec.containers[0].resources"},
      {"requests a string", pod, "/spec/containers/0/resources/requests", "x", P, "spec.containers[0].resources.requests"},
      {"cpu not a quantity", pod, "/spec/containers/0/resources/requests/cpu", "abc", P, "spec.containers[0].resources.requests.cpu"},
      {"cpu two points", pod, "/spec/containers/0/resources/requests/cpu", "1.5.5", P, "spec.containers[0].resources.requests.cpu"},
      {"cpu a boolean", pod, "/spec/containers/0/resources/requests/cpu", true, P, "spec.containers[0].resources.requests.cpu"},
      {"cpu a list", pod, "/spec/containers/0/resources/requests/cpu", Json::array({1}), P, "spec.containers[0].resources.requests.cpu"},
      {"cpu negative", pod, "/spec/containers/0/resources/requests/cpu", "-1", P, "spec.containers[0].resources.requests.cpu"},
      {"cpu absurdly large", pod, "/spec/containers/0/resources/requests/cpu", "99999999999999999999", P, "spec.containers[0].resources.requests.cpu"},
      {"cpu exponent too large", pod, "/spec/containers/0/resources/requests/cpu", "1e999", P, "spec.containers[0].resources.requests.cpu"},
      {"memory bad suffix", pod, "/spec/containers/0/resources/requests/memory", "1Gb", P, "spec.containers[0].resources.requests.memory"},
      {"memory huge exabytes", pod, "/spec/containers/0/resources/requests/memory", "900E", P, "spec.containers[0].resources.requests.memory"},
      {"memory negative", pod, "/spec/containers/0/resources/requests/memory", "-1Gi", P, "spec.containers[0].resources.requests.memory"},
      {"extended resource not a quantity", pod, "/spec/containers/0/resources/requests/nvidia.com~1gpu", "two", P, "spec.containers[0].resources.requests.nvidia.com/gpu"},
      {"limits a number", pod, "/spec/containers/0/resources/limits", 5, P, "spec.containers[0].resources.limits"},
      {"limit not a quantity", pod, "/spec/containers/0/resources/limits", {{"cpu", "??"}}, P, "spec.containers[0].resources.limits.cpu"},
      {"ports an object", pod, "/spec/containers/0/ports", Json::object(), P, "spec.containers[0].ports"},
      {"port a number", pod, "/spec/containers/0/ports/0", 1, P, "spec.containers[0].ports[0]"},
      {"hostPort a string", pod, "/spec/containers/0/ports/0/hostPort", "80", P, "spec.containers[0].ports[0].hostPort"},
      {"hostPort too large", pod, "/spec/containers/0/ports/0/hostPort", 70000, P, "spec.containers[0].ports[0].hostPort"},
      {"hostPort negative", pod, "/spec/containers/0/ports/0/hostPort", -1, P, "spec.containers[0].ports[0].hostPort"},
      {"protocol unknown", pod, "/spec/containers/0/ports/0/protocol", "HTTP", P, "spec.containers[0].ports[0].protocol"},
      {"initContainers a string", pod, "/spec/initContainers", "x", P, "spec.initContainers"},
      {"init restartPolicy unsupported", pod, "/spec/initContainers/0/restartPolicy", "OnFailure", P, "spec.initContainers[0].restartPolicy"},
      {"init restartPolicy a number", pod, "/spec/initContainers/0/restartPolicy", 1, P, "spec.initContainers[0].restartPolicy"},
      {"overhead a string", pod, "/spec/overhead", "x", P, "spec.overhead"},
      {"overhead cpu bad", pod, "/spec/overhead", {{"cpu", "x"}}, P, "spec.overhead.cpu"},
      {"pod resources a number", pod, "/spec/resources", 1, P, "spec.resources"},
      {"pod resources requests a list", pod, "/spec/resources", {{"requests", Json::array()}}, P, "spec.resources.requests"},
      // Selection.
      {"nodeSelector a list", pod, "/spec/nodeSelector", Json::array(), P, "spec.nodeSelector"},
      {"nodeSelector value a number", pod, "/spec/nodeSelector", {{"disk", 1}}, P, "spec.nodeSelector.disk"},
      {"tolerations an object", pod, "/spec/tolerations", Json::object(), P, "spec.tolerations"},
      {"toleration a number", pod, "/spec/tolerations/0", 1, P, "spec.tolerations[0]"},
      {"toleration operator unknown", pod, "/spec/tolerations/0/operator", "Maybe", P, "spec.tolerations[0].operator"},
      {"toleration effect unknown", pod, "/spec/tolerations/0/effect", "Sometimes", P, "spec.tolerations[0].effect"},
      {"toleration key a number", pod, "/spec/tolerations/0/key", 1, P, "spec.tolerations[0].key"},
      {"toleration Exists with value", pod, "/spec/tolerations/0/operator", "Exists", P, "spec.tolerations[0].value"},
      {"toleration empty key with Equal", pod, "/spec/tolerations/0/key", "", P, "spec.tolerations[0].operator"},
      {"affinity a number", pod, "/spec/affinity", 1, P, "spec.affinity"},
      {"nodeAffinity a list", pod, "/spec/affinity/nodeAffinity", Json::array(), P, "spec.affinity.nodeAffinity"},
      {"required node affinity a string", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution", "x", P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"},
      {"nodeSelectorTerms an object", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms", Json::object(), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"},
      {"nodeSelectorTerms empty", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms", Json::array(), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"},
      {"nodeSelectorTerm a number", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0", 1, P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"},
      {"matchExpressions an object", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions", Json::object(), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions"},
      {"expression key missing", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0/key", nullptr, P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key"},
      {"expression operator unknown", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0/operator", "Near", P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator"},
      {"expression values a string", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0/values", "a", P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values"},
      {"expression value a number", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0/values", Json::array({1}), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]"},
      {"In with no values", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0/values", Json::array(), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values"},
      {"Gt with two values", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0", {{"key", "cores"}, {"operator", "Gt"}, {"values", {"1", "2"}}}, P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values"},
      {"matchFields on labels", pod, "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchFields", Json::array({{{"key", "metadata.labels"}, {"operator", "In"}, {"values", {"a"}}}}), P, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key"},
      {"preferred an object", pod, "/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution", Json::object(), P, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution"},
      {"preferred weight zero", pod, "/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight", 0, P, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"},
      {"preferred weight 101", pod, "/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight", 101, P, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"},
      {"preferred weight a string", pod, "/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight", "1", P, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"},
      {"preference a number", pod, "/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/preference", 1, P, "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference"},
      {"podAffinity a list", pod, "/spec/affinity/podAffinity", Json::array(), P, "spec.affinity.podAffinity"},
      {"pod affinity terms an object", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution", Json::object(), P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution"},
      {"pod affinity term a number", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0", 1, P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]"},
      {"pod affinity topologyKey missing", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/topologyKey", nullptr, P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey"},
      {"pod affinity labelSelector a string", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector", "x", P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector"},
      {"matchLabels a list", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector/matchLabels", Json::array(), P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchLabels"},
      {"matchLabels value a number", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector/matchLabels/app", 1, P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchLabels.app"},
      {"label selector with Gt", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector/matchExpressions", Json::array({{{"key", "a"}, {"operator", "Gt"}, {"values", {"1"}}}}), P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].operator"},
      {"namespaces a string", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/namespaces", "x", P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaces"},
      {"namespaceSelector a number", pod, "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/namespaceSelector", 1, P, "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaceSelector"},
      {"preferred pod affinity terms an object", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution", Json::object(), P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution"},
      {"preferred pod affinity term a number", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0", 1, P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]"},
      {"preferred pod affinity weight 0", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight", 0, P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"},
      {"preferred pod affinity weight missing", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight", nullptr, P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight"},
      {"podAffinityTerm missing", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/podAffinityTerm", nullptr, P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm"},
      {"podAffinityTerm a string", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/podAffinityTerm", "x", P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm"},
      {"preferred term topologyKey missing", pod, "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/podAffinityTerm/topologyKey", nullptr, P, "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey"},
      {"podAntiAffinity a string", pod, "/spec/affinity/podAntiAffinity", "x", P, "spec.affinity.podAntiAffinity"},
      {"anti-affinity topologyKey empty", pod, "/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/topologyKey", "", P, "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey"},
      {"spread an object", pod, "/spec/topologySpreadConstraints", Json::object(), P, "spec.topologySpreadConstraints"},
      {"spread entry a number", pod, "/spec/topologySpreadConstraints/0", 1, P, "spec.topologySpreadConstraints[0]"},
      {"maxSkew zero", pod, "/spec/topologySpreadConstraints/0/maxSkew", 0, P, "spec.topologySpreadConstraints[0].maxSkew"},
      {"maxSkew a string", pod, "/spec/topologySpreadConstraints/0/maxSkew", "1", P, "spec.topologySpreadConstraints[0].maxSkew"},
      {"maxSkew missing", pod, "/spec/topologySpreadConstraints/0/maxSkew", nullptr, P, "spec.topologySpreadConstraints[0].maxSkew"},
      {"spread topologyKey missing", pod, "/spec/topologySpreadConstraints/0/topologyKey", nullptr, P, "spec.topologySpreadConstraints[0].topologyKey"},
      {"whenUnsatisfiable unknown", pod, "/spec/topologySpreadConstraints/0/whenUnsatisfiable", "Maybe", P, "spec.topologySpreadConstraints[0].whenUnsatisfiable"},
      {"minDomains zero", pod, "/spec/topologySpreadConstraints/0/minDomains", 0, P, "spec.topologySpreadConstraints[0].minDomains"},
      {"nodeAffinityPolicy unknown", pod, "/spec/topologySpreadConstraints/0/nodeAffinityPolicy", "Sometimes", P, "spec.topologySpreadConstraints[0].nodeAffinityPolicy"},
      {"nodeTaintsPolicy a number", pod, "/spec/topologySpreadConstraints/0/nodeTaintsPolicy", 1, P, "spec.topologySpreadConstraints[0].nodeTaintsPolicy"},
      {"spread labelSelector a string", pod, "/spec/topologySpreadConstraints/0/labelSelector", "x", P, "spec.topologySpreadConstraints[0].labelSelector"},
      // Pod status.
      {"pod status a string", pod, "/status", "x", P, "status"},
      {"startTime not a time", pod, "/status/startTime", "soon", P, "status.startTime"},
      {"startTime with a bad offset", pod, "/status/startTime", "2024-01-01T00:00:00+5", P, "status.startTime"},
      {"nominatedNodeName a number", pod, "/status/nominatedNodeName", 5, P, "status.nominatedNodeName"},
      {"phase a number", pod, "/status/phase", 1, P, "status.phase"},
      {"conditions an object", pod, "/status/conditions", Json::object(), P, "status.conditions"},
      {"condition a number", pod, "/status/conditions/0", 1, P, "status.conditions[0]"},
      {"condition type a number", pod, "/status/conditions/0/type", 1, P, "status.conditions[0].type"},
      // Node.
      {"node name missing", node, "/metadata/name", nullptr, "Node", "metadata.name"},
      {"node labels a list", node, "/metadata/labels", Json::array(), N, "metadata.labels"},
      {"node label value a boolean", node, "/metadata/labels/zone", true, N, "metadata.labels.zone"},
      {"node spec a list", node, "/spec", Json::array(), N, "spec"},
      {"unschedulable a string", node, "/spec/unschedulable", "yes", N, "spec.unschedulable"},
      {"taints an object", node, "/spec/taints", Json::object(), N, "spec.taints"},
      {"taint a number", node, "/spec/taints/0", 1, N, "spec.taints[0]"},
      {"taint key missing", node, "/spec/taints/0/key", nullptr, N, "spec.taints[0].key"},
      {"taint effect unknown", node, "/spec/taints/0/effect", "Maybe", N, "spec.taints[0].effect"},
      {"taint effect missing", node, "/spec/taints/0/effect", nullptr, N, "spec.taints[0].effect"},
      {"node status a list", node, "/status", Json::array(), N, "status"},
      {"allocatable a string", node, "/status/allocatable", "x", N, "status.allocatable"},
      {"allocatable cpu bad", node, "/status/allocatable/cpu", "lots", N, "status.allocatable.cpu"},
      {"allocatable memory negative", node, "/status/allocatable/memory", "-5", N, "status.allocatable.memory"},
      {"allocatable pods bad", node, "/status/allocatable/pods", "many", N, "status.allocatable.pods"},
      // PriorityClass.
      {"class value missing", pc, "/value", nullptr, C, "value"},
      {"class value a string", pc, "/value", "high", C, "value"},
      {"class value beyond int32", pc, "/value", 10000000000LL, C, "value"},
      {"class value above user maximum", pc, "/value", 1000000001, C, "value"},
      {"class globalDefault a string", pc, "/globalDefault", "yes", C, "globalDefault"},
      {"class preemptionPolicy unknown", pc, "/preemptionPolicy", "Sometimes", C, "preemptionPolicy"},
      {"class name reserved", pc, "/metadata/name", "system-mine", "PriorityClass system-mine", "metadata.name"},
      // PodDisruptionBudget.
      {"pdb spec a number", pdb, "/spec", 1, D, "spec"},
      {"pdb selector a string", pdb, "/spec/selector", "x", D, "spec.selector"},
      {"minAvailable over 100%", pdb, "/spec/minAvailable", "150%", D, "spec.minAvailable"},
      {"minAvailable negative", pdb, "/spec/minAvailable", -1, D, "spec.minAvailable"},
      {"minAvailable a word", pdb, "/spec/minAvailable", "half", D, "spec.minAvailable"},
      {"maxUnavailable a boolean", pdb, "/spec/maxUnavailable", true, D, "spec.maxUnavailable"},
      {"both minAvailable and maxUnavailable", pdb, "/spec/maxUnavailable", 1, D, "spec"},
      {"disruptionsAllowed negative", pdb, "/status/disruptionsAllowed", -1, D, "status.disruptionsAllowed"},
      {"disruptionsAllowed a string", pdb, "/status/disruptionsAllowed", "x", D, "status.disruptionsAllowed"},
      {"disruptedPods a list", pdb, "/status/disruptedPods", Json::array(), D, "status.disruptedPods"},
      // KubeSchedulerConfiguration.
      {"percentageOfNodesToScore 101", config, "/percentageOfNodesToScore", 101, K, "percentageOfNodesToScore"},
      {"profiles an object", config, "/profiles", Json::object(), K, "profiles"},
      {"candidates percentage 200", config, "/profiles/0/pluginConfig/0/args/minCandidateNodesPercentage", 200, K, "profiles[0].pluginConfig[0].args.minCandidateNodesPercentage"},
      {"candidates absolute negative", config, "/profiles/0/pluginConfig/0/args/minCandidateNodesAbsolute", -1, K, "profiles[0].pluginConfig[0].args.minCandidateNodesAbsolute"},
      {"args a list", config, "/profiles/0/pluginConfig/0/args", Json::array(), K, "profiles[0].pluginConfig[0].args"},
      {"plugins a list", config, "/profiles/0/plugins", Json::array(), K, "profiles[0].plugins"},
      {"plugin set a string", config, "/profiles/0/plugins/score", "x", K, "profiles[0].plugins.score"},
      {"enabled an object", config, "/profiles/0/plugins/score/enabled", Json::object(), K, "profiles[0].plugins.score.enabled"},
      {"plugin entry a string", config, "/profiles/0/plugins/score/enabled/0", "NodeResourcesFit", K, "profiles[0].plugins.score.enabled[0]"},
      {"plugin name missing", config, "/profiles/0/plugins/score/enabled/0/name", nullptr, K, "profiles[0].plugins.score.enabled[0].name"},
      {"plugin name a number", config, "/profiles/0/plugins/score/enabled/0/name", 3, K, "profiles[0].plugins.score.enabled[0].name"},
      {"plugin weight a string", config, "/profiles/0/plugins/score/enabled/0/weight", "heavy", K, "profiles[0].plugins.score.enabled[0].weight"},
      {"plugin weight beyond int32", config, "/profiles/0/plugins/score/enabled/0/weight", 10000000000LL, K, "profiles[0].plugins.score.enabled[0].weight"},
      {"plugin at a point it does not extend", config, "/profiles/0/plugins/score/enabled/0/name", "NodeName", K, "profiles[0].plugins.score.enabled[0].name"},
      // PersistentVolumeClaim and pods' claims.
      {"claim name missing", claim, "/metadata/name", nullptr, "PersistentVolumeClaim", "metadata.name"},
      {"claim namespace a list", claim, "/metadata/namespace", Json::array(), "PersistentVolumeClaim", "metadata.namespace"},
      {"claim spec a string", claim, "/spec", "x", V, "spec"},
      {"accessModes a string", claim, "/spec/accessModes", "ReadWriteOncePod", V, "spec.accessModes"},
      {"access mode a number", claim, "/spec/accessModes/0", 1, V, "spec.accessModes[0]"},
      {"access mode unknown", claim, "/spec/accessModes/0", "ReadWriteTwice", V, "spec.accessModes[0]"},
      {"claim phase a number", claim, "/status/phase", 1, V, "status.phase"},
      {"volumes an object", pod, "/spec/volumes", Json::object(), P, "spec.volumes"},
      {"volume a string", pod, "/spec/volumes/0", "data", P, "spec.volumes[0]"},
      {"persistentVolumeClaim a string", pod, "/spec/volumes/0/persistentVolumeClaim", "data", P, "spec.volumes[0].persistentVolumeClaim"},
      {"claimName missing", pod, "/spec/volumes/0/persistentVolumeClaim/claimName", nullptr, P, "spec.volumes[0].persistentVolumeClaim.claimName"},
      {"claimName empty", pod, "/spec/volumes/0/persistentVolumeClaim/claimName", "", P, "spec.volumes[0].persistentVolumeClaim.claimName"},
      {"claimName a number", pod, "/spec/volumes/0/persistentVolumeClaim/claimName", 7, P, "spec.volumes[0].persistentVolumeClaim.claimName"},
      // Whole objects.
      {"kind a number", pod, "/kind", 5, "object", "kind"},
      {"kind missing", pod, "/kind", nullptr, "object", "kind"},
  };
  return cases;
}

Json Apply(const Case& c) {
  Json object = c.object;
  Json::json_pointer pointer(c.pointer);
  if (c.value.is_null()) {
    object[pointer.parent_pointer()].erase(pointer.back());
  } else {
    object[pointer] = c.value;
  }
  return object;
}

}  // namespace

TEST_CASE("Malformed input: every bad field is an error naming object and path") {
  std::vector<Case> cases = Cases();
  CHECK(cases.size() >= 100);
  for (const Case& c : cases) {
    CAPTURE(c.name);
    std::string text = ScenarioWith(Apply(c));
    SimulationResult r = Simulate(text);
    std::string got;
    for (const std::string& t : DiagnosticTexts(r)) got += t + " | ";
    CAPTURE(got);
    bool found = false;
    for (const Diagnostic& d : r.diagnostics.items()) {
      if (d.severity == Severity::kError && d.object == c.want_object && d.path == c.want_path &&
          !d.message.empty()) {
        found = true;
      }
    }
    CHECK(found);
    // The result document is still produced and is valid JSON.
    CHECK_FALSE(Json::parse(ToJson(r), nullptr, false).is_discarded());
  }
}

TEST_CASE("Malformed input: hostile shapes are bounded, not crashes") {
  struct Row {
    const char* name;
    std::string text;
  };
  std::string deep(10000, '[');
  deep += std::string(10000, ']');
  std::string deep_object = "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":";
  for (int i = 0; i < 200; ++i) deep_object += "{\"a\":";
  deep_object += "1";
  for (int i = 0; i < 200; ++i) deep_object += "}";
  deep_object += "}";
  std::string many_duplicates;
  for (int i = 0; i < 2000; ++i) many_duplicates += NodeWith("n", {"1"}).dump() + "\n";
  const Row rows[] = {
      {"truncated JSON", "{\"kind\": \"Pod\", \"metadata\": {\"name\": \"p\""},
      {"deeply nested arrays", deep},
      {"deeply nested object", deep_object},
      {"a huge string", "{\"kind\":\"Node\",\"metadata\":{\"name\":\"" + std::string(5'000'000, 'a') + "\"}}"},
      {"many duplicates", many_duplicates},
      {"NUL bytes", std::string("{\"kind\":\"Pod\\u0000\"}\n\0\0\0", 25)},
      {"invalid UTF-8", "{\"kind\":\"Node\",\"metadata\":{\"name\":\"\xff\xfe\"}}"},
      {"a number", "12345"},
      {"a List of junk", "{\"kind\":\"List\",\"items\":[1,\"x\",null,[],{}]}"},
  };
  for (const Row& row : rows) {
    CAPTURE(std::string(row.name));
    SimulationResult r = Simulate(row.text);
    CHECK_FALSE(r.diagnostics.items().empty());
    CHECK_FALSE(Json::parse(ToJson(r), nullptr, false).is_discarded());
  }
}

}  // namespace podsim

#include <filesystem>
#include <fstream>
#include <sstream>

namespace podsim {

// Inputs that once broke the engine (tests/fuzz/regressions/: fuzzer
// crashes, and the bugs the malformed suite found) stay tests.
TEST_CASE("Malformed input: fuzzer regressions still simulate") {
  std::filesystem::path dir = std::filesystem::path(PODSIM_SOURCE_DIR) / "tests/fuzz/regressions";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().filename().string().front() == '.') continue;
    CAPTURE(entry.path().string());
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    SimulationResult r = Simulate(text.str());
    // Each kept input once broke the engine or was read wrongly: it must
    // now be reported (an error, or a warning such as a duplicate key), and
    // the result document must still be valid JSON.
    CHECK_FALSE(r.diagnostics.items().empty());
    CHECK_FALSE(testing::Json::parse(ToJson(r), nullptr, false).is_discarded());
    ++count;
  }
  CHECK(count >= 3);
}

}  // namespace podsim
// clang-format on
