// Builders for test scenarios: real Kubernetes object shapes as JSON, so
// every test also goes through decode.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/framework/cycle_state.h"
#include "core/scheduler/simulator.h"

namespace podsim::testing {

using Json = nlohmann::json;

struct Res {
  std::string cpu;
  std::string memory;
  std::string pods;
};

inline Json Requests(const Res& r) {
  Json out = Json::object();
  if (!r.cpu.empty()) out["cpu"] = r.cpu;
  if (!r.memory.empty()) out["memory"] = r.memory;
  return out;
}

inline Json NodeWith(const std::string& name, const Res& r,
                     Json labels = Json::object()) {
  Json alloc = Requests(r);
  alloc["pods"] = r.pods.empty() ? "110" : r.pods;
  return {{"apiVersion", "v1"},
          {"kind", "Node"},
          {"metadata", {{"name", name}, {"labels", labels}}},
          {"status", {{"allocatable", alloc}}}};
}

inline Json PodWith(const std::string& name, const Res& r,
                    std::optional<int> priority) {
  Json pod = {
      {"apiVersion", "v1"},
      {"kind", "Pod"},
      {"metadata", {{"name", name}, {"namespace", "default"}, {"uid", name}}},
      {"spec",
       {{"containers",
         Json::array({{{"name", "c"},
                       {"image", "registry.k8s.io/pause:3.10"},
                       {"resources", {{"requests", Requests(r)}}}}})}}}};
  if (priority) pod["spec"]["priority"] = *priority;
  return pod;
}

inline Json RunningPod(const std::string& name, const std::string& node,
                       const Res& r, std::optional<int> priority) {
  Json pod = PodWith(name, r, priority);
  pod["spec"]["nodeName"] = node;
  pod["status"] = {{"phase", "Running"}};
  return pod;
}

inline Json Started(Json pod, const std::string& start) {
  pod["status"]["startTime"] = start;
  return pod;
}

inline Json Labelled(Json pod, const std::string& app) {
  pod["metadata"]["labels"] = {{"app", app}};
  return pod;
}

inline Json PendingPod(const std::string& name, const Res& r,
                       std::optional<int> priority) {
  Json pod = PodWith(name, r, priority);
  pod["status"] = {{"phase", "Pending"}};
  return pod;
}

inline Json PriorityClassWith(const std::string& name, int value,
                              bool global_default = false) {
  return {{"apiVersion", "scheduling.k8s.io/v1"},
          {"kind", "PriorityClass"},
          {"metadata", {{"name", name}}},
          {"value", value},
          {"globalDefault", global_default}};
}

inline Json PdbWith(const std::string& name, Json match_labels,
                    std::optional<int> disruptions_allowed) {
  Json pdb = {{"apiVersion", "policy/v1"},
              {"kind", "PodDisruptionBudget"},
              {"metadata", {{"name", name}, {"namespace", "default"}}},
              {"spec", {{"selector", {{"matchLabels", match_labels}}}}}};
  if (disruptions_allowed) {
    pdb["status"] = {{"disruptionsAllowed", *disruptions_allowed}};
  }
  return pdb;
}

// A KubeSchedulerConfiguration setting the DefaultPreemption args.
inline Json SchedulerConfigWith(int min_candidate_percentage,
                                int min_candidate_absolute) {
  return {{"kind", "KubeSchedulerConfiguration"},
          {"profiles",
           Json::array({{{"pluginConfig",
                          Json::array({{{"name", "DefaultPreemption"},
                                        {"args",
                                         {{"minCandidateNodesPercentage",
                                           min_candidate_percentage},
                                          {"minCandidateNodesAbsolute",
                                           min_candidate_absolute}}}}})}}})}};
}

// A KubeSchedulerConfiguration whose default-scheduler profile sets plugins
// (e.g. {"postFilter": {"disabled": [{"name": "DefaultPreemption"}]}}).
inline Json SchedulerPluginsWith(Json plugins) {
  return {{"apiVersion", "kubescheduler.config.k8s.io/v1"},
          {"kind", "KubeSchedulerConfiguration"},
          {"profiles", Json::array({{{"schedulerName", "default-scheduler"},
                                     {"plugins", std::move(plugins)}}})}};
}

// A PersistentVolumeClaim in default with these access modes.
inline Json ClaimWith(const std::string& name,
                      std::vector<std::string> access_modes,
                      const std::string& phase = "Bound") {
  return {{"apiVersion", "v1"},
          {"kind", "PersistentVolumeClaim"},
          {"metadata", {{"name", name}, {"namespace", "default"}}},
          {"spec", {{"accessModes", access_modes}}},
          {"status", {{"phase", phase}}}};
}

// The pod with one volume per claim.
inline Json UsingClaims(Json pod, const std::vector<std::string>& claims) {
  Json volumes = Json::array();
  for (const std::string& claim : claims) {
    volumes.push_back(
        {{"name", claim}, {"persistentVolumeClaim", {{"claimName", claim}}}});
  }
  pod["spec"]["volumes"] = volumes;
  return pod;
}

template <typename... Objects>
std::string ScenarioWith(const Objects&... objects) {
  Json list = Json::array({objects...});
  return list.dump();
}

inline SimulationResult Run(const std::string& text) { return Simulate(text); }

// Simulates under the named profile ("current", "v1.14").
inline SimulationResult RunAs(const std::string& profile,
                              const std::string& text) {
  SimulateOptions options;
  options.profile = profile;
  return Simulate(text, options);
}

// Returns the first attempt of the named pod ("default/<name>").
inline const Attempt& FirstAttempt(const SimulationResult& result,
                                   const std::string& name) {
  for (const Attempt& a : result.attempts) {
    if (result.scenario.pods[a.pod].name == name) return a;
  }
  FAIL("no attempt for pod " << name);
  return result.attempts.front();
}

inline std::vector<std::string> VictimNames(const SimulationResult& result,
                                            const Attempt& attempt) {
  std::vector<std::string> out;
  for (const Victim& v : attempt.victims) {
    out.push_back(result.scenario.pods[v.pod].name);
  }
  return out;
}

inline std::string NodeName(const SimulationResult& result, const Attempt& a) {
  return a.node >= 0 ? result.scenario.nodes[a.node].name : "";
}

// "<pod> <outcome>[ <node>]" for each attempt, in order.
inline std::vector<std::string> Outcomes(const SimulationResult& r) {
  std::vector<std::string> out;
  for (const Attempt& a : r.attempts) {
    out.push_back(r.scenario.pods[a.pod].name + " " +
                  std::string(ToString(a.outcome)) +
                  (a.node >= 0 ? " " + r.scenario.nodes[a.node].name : ""));
  }
  return out;
}

inline std::vector<std::string> DiagnosticTexts(const SimulationResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.diagnostics.items()) {
    out.push_back(d.object + ": " + d.path + ": " + d.message);
  }
  return out;
}

}  // namespace podsim::testing

namespace podsim::testing {

inline const NodeResult& NodeIn(const SimulationResult& result,
                                const Attempt& attempt,
                                const std::string& node) {
  for (const NodeResult& n : attempt.nodes) {
    if (result.scenario.nodes[n.node].name == node) return n;
  }
  FAIL("no node " << node);
  return attempt.nodes.front();
}

// Returns "<Code> <plugin>: <reasons>" for a node's filter status.
inline std::string FilterOf(const SimulationResult& result,
                            const std::string& pod, const std::string& node) {
  const Status& s = NodeIn(result, FirstAttempt(result, pod), node).filter;
  return std::string(ToString(s.code())) + " " + std::string(s.plugin()) +
         ": " + s.Message();
}

}  // namespace podsim::testing

namespace podsim::testing {

// Returns "<Code> <plugin>: <reasons>", as FilterOf does for a node.
inline std::string StatusLine(const Status& s) {
  return std::string(ToString(s.code())) + " " + std::string(s.plugin()) +
         ": " + s.Message();
}

// Binds and nominates the input's pods as their spec.nodeName and
// status.nominatedNodeName say, as the scheduler starts a run (the bound
// ones in the informer's order, ListedBefore).
inline void PlaceInputPods(Cluster& cluster) {
  std::vector<const Pod*> bound;
  for (const Pod& pod : cluster.scenario().pods) {
    if (pod.bound()) bound.push_back(&pod);
    if (!pod.nominated_node_name.empty()) {
      cluster.Nominate(pod.index, cluster.FindNode(pod.nominated_node_name));
    }
  }
  std::stable_sort(bound.begin(), bound.end(), [](const Pod* a, const Pod* b) {
    return ListedBefore(*a, *b);
  });
  for (const Pod* pod : bound) {
    cluster.Bind(pod->index, cluster.FindNode(pod->node_name));
  }
}

// Returns the index of the pod, or of the node, named name in s.
inline ObjectIndex PodIndex(const Scenario& s, const std::string& name) {
  for (const Pod& p : s.pods) {
    if (p.name == name) return p.index;
  }
  FAIL("no pod " << name);
  return kNoNode;
}
inline ObjectIndex NodeIndex(const Scenario& s, const std::string& name) {
  for (size_t n = 0; n < s.nodes.size(); ++n) {
    if (s.nodes[n].name == name) return static_cast<ObjectIndex>(n);
  }
  FAIL("no node " << name);
  return kNoNode;
}

// A score plugin's PreScore and Score for the pod named "p" of objects (its
// nodes, pods and any others, "p" among them), over nodes as the feasible
// ones: score is ScorePodTopologySpread, ScoreInterPodAffinity, ... nullopt
// when its PreScore skips.
template <typename ScoreFn>
std::optional<std::vector<int64_t>> PreScoredScores(const Json& objects,
                                                    const Json& nodes,
                                                    ScoreFn score) {
  SimulateOptions options;
  options.decision = true;
  SimulationResult r = Simulate(objects.dump(), options);
  REQUIRE(r.diagnostics.items().empty());
  Cluster cluster(r.scenario);
  PlaceInputPods(cluster);
  CycleState state(cluster, PodIndex(r.scenario, "p"));
  std::vector<ObjectIndex> feasible;
  for (const Json& n : nodes) {
    feasible.push_back(NodeIndex(r.scenario, n["metadata"]["name"]));
  }
  std::vector<int64_t> scores;
  if (!score(state, feasible, scores)) return std::nullopt;
  return scores;
}

}  // namespace podsim::testing

namespace podsim::testing {

// Returns a plugin's weighted score on a scored node, or -1 when it did not
// score.
inline int64_t PluginScoreOf(const NodeResult& n, std::string_view plugin) {
  for (const PluginScore& p : n.score->plugins) {
    if (p.plugin == plugin) return p.score;
  }
  return -1;
}

}  // namespace podsim::testing
