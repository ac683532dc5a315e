#include "core/analysis/loaded_cluster.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/base/quantity.h"
#include "core/ingest/loader.h"

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

// Whether two leaves are the same value: equal, or the same quantity
// written two ways ("1" and 1, "1000m" and "1").
bool SameLeaf(const Json& a, const Json& b) {
  if (a == b) return true;
  auto text = [](const Json& v) -> std::optional<std::string> {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
    return std::nullopt;
  };
  std::optional<std::string> ta = text(a);
  std::optional<std::string> tb = text(b);
  if (!ta || !tb) return false;
  std::optional<Quantity> qa = Quantity::Parse(*ta);
  std::optional<Quantity> qb = Quantity::Parse(*tb);
  return qa && qb && *qa == *qb;
}

// Whether every field a sets is in b with the same value: what applying a
// over b changes nothing of. Lists of named objects (containers, volumes,
// env) match by name, as strategic merge does; other lists by position.
bool Within(const Json& a, const Json& b) {
  if (a.is_object()) {
    if (!b.is_object()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      auto there = b.find(it.key());
      if (it->is_null()) {
        if (there != b.end() && !there->is_null()) return false;
        continue;
      }
      if (there == b.end() || !Within(*it, *there)) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (!b.is_array()) return false;
    const bool named = std::all_of(a.begin(), a.end(), [](const Json& e) {
      return e.is_object() && e.contains("name") && e["name"].is_string();
    });
    if (named) {
      for (const Json& e : a) {
        auto match = std::find_if(b.begin(), b.end(), [&](const Json& f) {
          return f.is_object() && f.contains("name") && f["name"] == e["name"];
        });
        if (match == b.end() || !Within(e, *match)) return false;
      }
      return a.size() == b.size();
    }
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!Within(a[i], b[i])) return false;
    }
    return true;
  }
  return SameLeaf(a, b);
}

// Template keys are the templates as JSON (Controller::template_key).
bool TemplateWithin(const std::string& manifest, const std::string& live) {
  Json a = Json::parse(manifest, nullptr, /*allow_exceptions=*/false);
  Json b = Json::parse(live, nullptr, /*allow_exceptions=*/false);
  if (a.is_discarded() || b.is_discarded()) return false;
  return Within(a, b);
}

std::string Dump(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

LoadedCluster::LoadedCluster(DecodeResult decoded)
    : scenario_(std::move(decoded.scenario)),
      diagnostics_(std::move(decoded.diagnostics)) {}

DecodeResult LoadedCluster::With(std::string_view scenario_text,
                                 const std::string& ns,
                                 std::unordered_set<std::string>* mine) const {
  Loader loader(&scenario_.resources);
  loader.SetDefaultNamespace(ns);
  loader.Feed(scenario_text);
  DecodeResult top = loader.Finish();
  for (Pod& p : top.scenario.pods) p.applied = true;
  if (mine) {
    const Scenario& t = top.scenario;
    for (const Pod& p : t.pods) mine->insert("Pod " + p.key);
    for (const Node& n : t.nodes) mine->insert("Node " + n.name);
    for (const PriorityClass& c : t.priority_classes) {
      mine->insert("PriorityClass " + c.name);
    }
    for (const PodDisruptionBudget& b : t.pdbs) {
      mine->insert("PodDisruptionBudget " + b.ns + "/" + b.name);
    }
    for (const Controller& c : t.controllers) {
      mine->insert(c.kind + " " + c.ns + "/" + c.name);
    }
    for (const PersistentVolumeClaim& c : t.claims) {
      mine->insert("PersistentVolumeClaim " + c.ns + "/" + c.name);
    }
    for (const NamespaceObject& n : t.namespaces) {
      mine->insert("Namespace " + n.name);
    }
    if (t.has_config) mine->insert("KubeSchedulerConfiguration ");
  }
  for (Controller& c : top.scenario.controllers) {
    c.applied = true;
    for (const Controller& old : scenario_.controllers) {
      if (old.kind != c.kind || old.ns != c.ns || old.name != c.name) continue;
      c.replaced_template_key = old.template_key;
      // kubectl apply merges the manifest into the live object: a template
      // whose every field the live one already has (with the API's
      // defaults filled in) leaves the live template as it is, and a
      // Deployment does not roll out.
      if (!c.template_key.empty() && !old.template_key.empty() &&
          TemplateWithin(c.template_key, old.template_key)) {
        c.template_key = old.template_key;
        c.template_hash = old.template_hash;
        if (old.pod_template) c.pod_template = old.pod_template;
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
  Overlay(
      s.namespaces, top.scenario.namespaces,
      [](const NamespaceObject& n) { return n.name; }, no_index);
  if (top.scenario.has_config) {
    s.config = top.scenario.config;
    s.has_config = true;
    s.config_line = top.scenario.config_line;
    s.config_document = top.scenario.config_document;
  }
  if (top.scenario.seed) s.seed = top.scenario.seed;
  return merged;
}

SimulationResult LoadedCluster::Simulate(std::string_view scenario_text,
                                         const SimulateOptions& options) const {
  std::unordered_set<std::string> mine;
  DecodeResult merged = With(scenario_text, options.ns, &mine);
  const size_t decoded = merged.diagnostics.items().size();
  SimulationResult result = podsim::Simulate(
      std::move(merged.scenario), std::move(merged.diagnostics), options);
  // What the run found of the cluster's own objects (a pod bound to a node
  // the dump lacks, a pod its controllers created) is the cluster's, with
  // the cluster's lines; pods the change's controllers create are the
  // change's.
  for (const Pod& p : result.scenario.pods) {
    if (p.applied) mine.insert("Pod " + p.key);
  }
  for (size_t i = decoded; i < result.diagnostics.items().size(); ++i) {
    Diagnostic& d = result.diagnostics.at(i);
    d.in_cluster = !d.object.empty() && !mine.count(d.object);
  }
  return result;
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
