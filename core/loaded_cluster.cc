#include "core/loaded_cluster.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "core/loader.h"

namespace podsim {
namespace {

using Json = nlohmann::json;

// Lays top's objects of one kind over base's: same key replaces, else
// appends. Returns nothing; base holds the result.
template <typename T, typename Key, typename Reindex>
void Overlay(std::vector<T>& base, std::vector<T>& top, Key key,
             Reindex reindex) {
  if (top.empty()) return;
  std::unordered_map<std::string, size_t> at;
  at.reserve(base.size());
  for (size_t i = 0; i < base.size(); ++i) at.emplace(key(base[i]), i);
  for (T& object : top) {
    auto it = at.find(key(object));
    size_t index = it != at.end() ? it->second : base.size();
    reindex(object, static_cast<ObjectIndex>(index));
    if (it != at.end()) {
      base[index] = std::move(object);
    } else {
      at.emplace(key(object), index);
      base.push_back(std::move(object));
    }
  }
}

Json LabelsJson(const Labels& labels) {
  Json out = Json::object();
  for (const auto& [k, v] : labels.items()) out[k] = v;
  return out;
}

std::string Dump(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

LoadedCluster::LoadedCluster(DecodeResult decoded)
    : scenario_(std::move(decoded.scenario)),
      diagnostics_(std::move(decoded.diagnostics)) {}

DecodeResult LoadedCluster::With(std::string_view scenario_text,
                                 const std::string& ns) const {
  Loader loader(&scenario_.resources);
  loader.SetDefaultNamespace(ns);
  loader.Feed(scenario_text);
  DecodeResult top = loader.Finish();
  for (Pod& p : top.scenario.pods) p.applied = true;
  for (Controller& c : top.scenario.controllers) {
    c.applied = true;
    // A Deployment whose template the change alters rolls out.
    for (const Controller& old : scenario_.controllers) {
      if (old.kind == c.kind && old.ns == c.ns && old.name == c.name) {
        c.replaced_template_key = old.template_key;
      }
    }
  }
  DecodeResult merged;
  merged.diagnostics = std::move(top.diagnostics);
  merged.diagnostics.ShareFieldLines(diagnostics_);
  Scenario& s = merged.scenario;
  s = scenario_;
  s.resources = std::move(top.scenario.resources);  // a superset of ours
  auto no_index = [](auto&, ObjectIndex) {};
  Overlay(
      s.nodes, top.scenario.nodes, [](const Node& n) { return n.name; },
      [](Node& n, ObjectIndex i) { n.index = i; });
  Overlay(
      s.pods, top.scenario.pods, [](const Pod& p) { return p.key; },
      [](Pod& p, ObjectIndex i) { p.index = i; });
  Overlay(
      s.priority_classes, top.scenario.priority_classes,
      [](const PriorityClass& c) { return c.name; }, no_index);
  Overlay(
      s.pdbs, top.scenario.pdbs,
      [](const PodDisruptionBudget& p) { return p.ns + "/" + p.name; },
      no_index);
  Overlay(
      s.controllers, top.scenario.controllers,
      [](const Controller& c) { return c.kind + "/" + c.ns + "/" + c.name; },
      no_index);
  Overlay(
      s.claims, top.scenario.claims,
      [](const PersistentVolumeClaim& c) { return c.ns + "/" + c.name; },
      no_index);
  for (auto& [ns, labels] : top.scenario.namespace_labels) {
    s.namespace_labels[ns] = std::move(labels);
  }
  if (top.scenario.has_config) {
    s.config = top.scenario.config;
    s.has_config = true;
  }
  if (top.scenario.seed) s.seed = top.scenario.seed;
  return merged;
}

SimulationResult LoadedCluster::Simulate(std::string_view scenario_text,
                                         const SimulateOptions& options) const {
  DecodeResult merged = With(scenario_text, options.ns);
  return podsim::Simulate(std::move(merged.scenario),
                          std::move(merged.diagnostics), options);
}

std::string LoadedCluster::SummaryJson() const {
  const Scenario& s = scenario_;
  Json out;
  out["nodes"] = s.nodes.size();
  size_t bound = 0;
  std::map<std::string, int> by_namespace;
  std::map<std::string, int> by_class;
  int64_t cpu = 0, memory = 0, allocatable_cpu = 0, allocatable_memory = 0;
  for (const Pod& p : s.pods) {
    if (p.bound()) {
      ++bound;
      cpu += p.requests.Get(kCpu);
      memory += p.requests.Get(kMemory);
    }
    ++by_namespace[p.ns];
    ++by_class[p.priority_class_name];
  }
  for (const Node& n : s.nodes) {
    allocatable_cpu += n.allocatable.Get(kCpu);
    allocatable_memory += n.allocatable.Get(kMemory);
  }
  out["pods"] = {{"total", s.pods.size()},
                 {"bound", bound},
                 {"pending", s.pods.size() - bound}};
  out["requested"] = {{"cpuMillis", cpu}, {"memoryBytes", memory}};
  out["allocatable"] = {{"cpuMillis", allocatable_cpu},
                        {"memoryBytes", allocatable_memory}};
  Json namespaces = Json::array();
  for (const auto& [ns, n] : by_namespace) {
    namespaces.push_back({{"namespace", ns}, {"pods", n}});
  }
  out["podsByNamespace"] = namespaces;
  Json classes = Json::array();
  for (const PriorityClass& c : s.priority_classes) {
    auto it = by_class.find(c.name);
    classes.push_back({{"name", c.name},
                       {"value", c.value},
                       {"globalDefault", c.global_default},
                       {"preemptionPolicy", ToString(c.preemption_policy)},
                       {"pods", it == by_class.end() ? 0 : it->second}});
  }
  auto none = by_class.find("");
  out["podsWithoutClass"] = none == by_class.end() ? 0 : none->second;
  out["priorityClasses"] = classes;
  Json pdbs = Json::array();
  for (const PodDisruptionBudget& p : s.pdbs) {
    pdbs.push_back({{"pdb", p.ns + "/" + p.name}, {"line", p.line}});
  }
  out["pdbs"] = pdbs;
  Json diagnostics = Json::array();
  int errors = 0;
  for (const Diagnostic& d : diagnostics_.items()) {
    errors += d.severity == Severity::kError;
    if (diagnostics.size() >= 200) continue;
    Json& item = diagnostics.emplace_back(
        Json{{"severity", d.severity == Severity::kError ? "error" : "warning"},
             {"object", d.object},
             {"path", d.path},
             {"line", d.line},
             {"message", d.message}});
    if (!d.cause.empty()) item["cause"] = d.cause;
    if (d.related_line > 0) item["relatedLine"] = d.related_line;
  }
  out["errors"] = errors;
  out["diagnosticCount"] = diagnostics_.items().size();
  out["diagnostics"] = diagnostics;
  return Dump(out);
}

std::string LoadedCluster::ObjectsJson(std::string_view query, int offset,
                                       int limit) const {
  Json objects = Json::array();
  int total = 0;
  auto matches = [&](std::string_view kind, const std::string& name,
                     const Labels& labels) {
    if (query.empty()) return true;
    if (kind.find(query) != std::string_view::npos) return true;
    if (name.find(query) != std::string::npos) return true;
    for (const auto& [k, v] : labels.items()) {
      if (k.find(query) != std::string::npos ||
          v.find(query) != std::string::npos) {
        return true;
      }
    }
    return false;
  };
  auto take = [&]() {
    return total++ >= offset && objects.size() < size_t(limit);
  };
  for (const Node& n : scenario_.nodes) {
    if (!matches("Node", n.name, n.labels) || !take()) continue;
    Json taints = Json::array();
    for (const Taint& t : n.taints) {
      taints.push_back(t.key + (t.value.empty() ? "" : "=" + t.value));
    }
    objects.push_back({{"kind", "Node"},
                       {"name", n.name},
                       {"line", n.line},
                       {"labels", LabelsJson(n.labels)},
                       {"cpuMillis", n.allocatable.Get(kCpu)},
                       {"memoryBytes", n.allocatable.Get(kMemory)},
                       {"pods", n.allocatable.Get(kPods)},
                       {"taints", taints},
                       {"unschedulable", n.unschedulable}});
  }
  for (const Pod& p : scenario_.pods) {
    if (!matches("Pod", p.key, p.labels) || !take()) continue;
    objects.push_back({{"kind", "Pod"},
                       {"name", p.name},
                       {"namespace", p.ns},
                       {"line", p.line},
                       {"labels", LabelsJson(p.labels)},
                       {"node", p.node_name},
                       {"priorityClassName", p.priority_class_name},
                       {"cpuMillis", p.requests.Get(kCpu)},
                       {"memoryBytes", p.requests.Get(kMemory)},
                       {"phase", p.phase},
                       {"terminating", p.terminating}});
  }
  for (const PodDisruptionBudget& p : scenario_.pdbs) {
    if (!matches("PodDisruptionBudget", p.ns + "/" + p.name, Labels()) ||
        !take()) {
      continue;
    }
    objects.push_back({{"kind", "PodDisruptionBudget"},
                       {"name", p.name},
                       {"namespace", p.ns},
                       {"line", p.line}});
  }
  for (const PriorityClass& c : scenario_.priority_classes) {
    if (!matches("PriorityClass", c.name, Labels()) || !take()) continue;
    objects.push_back({{"kind", "PriorityClass"},
                       {"name", c.name},
                       {"line", c.line},
                       {"value", c.value}});
  }
  return Dump({{"total", total}, {"objects", objects}});
}

}  // namespace podsim
