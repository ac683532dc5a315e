#include "core/analysis/loaded_cluster.h"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/base/quantity.h"
#include "core/controllers/workloads.h"
#include "core/ingest/loader.h"

namespace podsim {
namespace {

// Mirrors the DaemonSet strategy's PrepareForUpdate: an update keeps the
// stored templateGeneration (the manifest cannot set it) and adds one when
// the template changes; the pods the DaemonSet creates carry it in their
// pod-template-generation label (CreatePodTemplate).
void UpdateTemplateGeneration(Controller& c, const Controller& old) {
  c.template_generation =
      old.template_generation + (c.template_key != old.template_key ? 1 : 0);
  if (!c.pod_template) return;
  auto pod = std::make_shared<Pod>(*c.pod_template);
  std::vector<std::pair<std::string, std::string>> labels = pod->labels.items();
  for (auto& [k, v] : labels) {
    if (k == "pod-template-generation") {
      v = std::to_string(c.template_generation);
    }
  }
  pod->labels = Labels(std::move(labels));
  c.pod_template = std::move(pod);
}

// Controllers' templates are JSON text (Controller::template_key), compared
// parsed.
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
    for (const Pod& p : t.pods) mine->insert(p.ref().Describe());
    for (const Node& n : t.nodes) mine->insert(n.ref().Describe());
    for (const PriorityClass& c : t.priority_classes) {
      mine->insert(c.ref().Describe());
    }
    for (const PodDisruptionBudget& b : t.pdbs) {
      mine->insert(b.ref().Describe());
    }
    for (const Controller& c : t.controllers) mine->insert(c.ref().Describe());
    for (const PersistentVolumeClaim& c : t.claims) {
      mine->insert(c.ref().Describe());
    }
    for (const NamespaceObject& n : t.namespaces) {
      mine->insert(n.ref().Describe());
    }
    for (const LimitRange& lr : t.limit_ranges) {
      mine->insert(lr.ref().Describe());
    }
    for (const RuntimeClass& rc : t.runtime_classes) {
      mine->insert(rc.ref().Describe());
    }
    for (const ResourceQuota& q : t.resource_quotas) {
      mine->insert(q.ref().Describe());
    }
    // As the decoder names it in its diagnostics (it has no name).
    if (t.has_config) mine->insert("KubeSchedulerConfiguration");
  }
  for (Controller& c : top.scenario.controllers) {
    c.applied = true;
    for (const Controller& old : scenario_.controllers) {
      if (old.ref() != c.ref()) continue;
      c.replaced_template_key = old.template_key;
      if (old.kind == "Deployment") {
        // What its ReplicaSets' annotations say in the cluster (MaxSurge).
        c.replaced_replicas = old.replicas;
        c.replaced_max_replicas = old.replicas + DeploymentMaxSurge(old);
      }
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
      if (c.kind == "DaemonSet") UpdateTemplateGeneration(c, old);
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
      [](const PodDisruptionBudget& p) { return p.ref().Key(); }, no_index);
  Overlay(
      s.controllers, top.scenario.controllers,
      [](const Controller& c) { return c.ref().UniqueKey(); }, no_index);
  Overlay(
      s.claims, top.scenario.claims,
      [](const PersistentVolumeClaim& c) { return c.ref().Key(); }, no_index);
  Overlay(
      s.limit_ranges, top.scenario.limit_ranges,
      [](const LimitRange& lr) { return lr.ref().Key(); }, no_index);
  Overlay(
      s.runtime_classes, top.scenario.runtime_classes,
      [](const RuntimeClass& rc) { return rc.name; }, no_index);
  Overlay(
      s.resource_quotas, top.scenario.resource_quotas,
      [](const ResourceQuota& q) { return q.ref().Key(); }, no_index);
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
    s.config_range = top.scenario.config_range;
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
    if (p.applied) mine.insert(p.ref().Describe());
  }
  for (size_t i = decoded; i < result.diagnostics.items().size(); ++i) {
    Diagnostic& d = result.diagnostics.at(i);
    d.in_cluster = !d.object.empty() && !mine.count(d.object);
    const std::string* source = SourceOf(scenario_, d.document);
    if (d.in_cluster && source) d.source = *source;
  }
  return result;
}

}  // namespace podsim
