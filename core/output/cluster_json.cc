// A loaded cluster's summary and object search as JSON. Keys are in byte
// order, as nlohmann::json wrote them before this writer did.

#include "core/output/cluster_json.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "core/analysis/loaded_cluster.h"
#include "core/output/json_writer.h"

namespace podsim {
namespace {

// What the summary counts of the cluster's pods.
struct PodCounts {
  int64_t bound = 0;
  int64_t cpu = 0;  // requested by the bound pods
  int64_t memory = 0;
  std::map<std::string, int> by_namespace;
  std::map<std::string, int> by_class;  // "" for pods naming no class
};

PodCounts CountPods(const Scenario& s) {
  PodCounts counts;
  for (const Pod& p : s.pods) {
    if (p.bound()) {
      ++counts.bound;
      counts.cpu += p.requests.Get(kCpu);
      counts.memory += p.requests.Get(kMemory);
    }
    ++counts.by_namespace[p.ns];
    ++counts.by_class[p.priority_class_name];
  }
  return counts;
}

int CountOf(const std::map<std::string, int>& counts, const std::string& key) {
  auto it = counts.find(key);
  return it == counts.end() ? 0 : it->second;
}

void WriteAmounts(JsonWriter& w, std::string_view key, int64_t cpu,
                  int64_t memory) {
  w.Key(key).BeginObject();
  w.Key("cpuMillis").Value(cpu);
  w.Key("memoryBytes").Value(memory);
  w.EndObject();
}

// Writes "diagnosticCount", "diagnostics" (the first 200) and "errors";
// returns the number of warnings (the rest are infos).
int WriteDiagnostics(JsonWriter& w, const Diagnostics& diagnostics) {
  const auto& items = diagnostics.items();
  w.Key("diagnosticCount").Value(static_cast<int64_t>(items.size()));
  w.Key("diagnostics").BeginArray();
  int errors = 0;
  int warnings = 0;
  size_t written = 0;
  for (const Diagnostic& d : items) {
    errors += d.severity == Severity::kError;
    warnings += d.severity == Severity::kWarning;
    if (written >= 200) continue;
    ++written;
    w.BeginObject();
    if (!d.cause.empty()) w.Key("cause").Value(d.cause);
    w.Key("line").Value(d.line);
    w.Key("message").Value(d.message);
    w.Key("object").Value(d.object);
    w.Key("path").Value(d.path);
    if (d.related_line > 0) w.Key("relatedLine").Value(d.related_line);
    w.Key("severity").Value(ToString(d.severity));
    if (!d.source.empty()) w.Key("source").Value(d.source);
    if (!d.effect.empty()) w.Key("effect").Value(d.effect);
    w.EndObject();
  }
  w.EndArray();
  w.Key("errors").Value(errors);
  return warnings;
}

void WriteClasses(JsonWriter& w, const Scenario& s, const PodCounts& counts) {
  w.Key("priorityClasses").BeginArray();
  for (const PriorityClass& c : s.priority_classes) {
    w.BeginObject();
    w.Key("globalDefault").Bool(c.global_default);
    w.Key("name").Value(c.name);
    w.Key("pods").Value(CountOf(counts.by_class, c.name));
    w.Key("preemptionPolicy").Value(ToString(c.preemption_policy));
    w.Key("value").Value(int64_t{c.value});
    w.EndObject();
  }
  w.EndArray();
}

// The classes pods name that the cluster lacks, with their pods: with
// priorityClasses and podsWithoutClass, every pod is counted once.
void WriteMissingClasses(JsonWriter& w, const Scenario& s,
                         const PodCounts& counts) {
  w.Key("podsOfMissingClasses").BeginArray();
  for (const auto& entry : counts.by_class) {
    const std::string& name = entry.first;
    const bool known =
        std::any_of(s.priority_classes.begin(), s.priority_classes.end(),
                    [&](const PriorityClass& c) { return c.name == name; });
    if (name.empty() || known) continue;
    w.BeginObject();
    w.Key("name").Value(name);
    w.Key("pods").Value(entry.second);
    w.EndObject();
  }
  w.EndArray();
}

// The objects one page of a search takes: those that match, from offset,
// at most limit.
class ObjectSearch {
 public:
  ObjectSearch(std::string_view query, int offset, int limit)
      : query_(query), offset_(offset), limit_(limit) {}

  // Returns whether the object matches and falls in the page; a match
  // counts in total() either way.
  bool Take(std::string_view kind, const std::string& name,
            const Labels& labels) {
    if (!Matches(kind, name, labels)) return false;
    if (total_++ < offset_ || taken_ >= size_t(limit_)) return false;
    ++taken_;
    return true;
  }
  int total() const { return total_; }

 private:
  bool Matches(std::string_view kind, const std::string& name,
               const Labels& labels) const {
    if (query_.empty()) return true;
    if (kind.find(query_) != std::string_view::npos) return true;
    if (name.find(query_) != std::string::npos) return true;
    for (const auto& [k, v] : labels.items()) {
      if (k.find(query_) != std::string::npos ||
          v.find(query_) != std::string::npos) {
        return true;
      }
    }
    return false;
  }

  std::string_view query_;
  int offset_;
  int limit_;
  int total_ = 0;
  size_t taken_ = 0;
};

// Labels as an object, keys in byte order; a repeated key keeps its last
// value.
void WriteLabels(JsonWriter& w, const Labels& labels) {
  std::map<std::string_view, std::string_view> sorted;
  for (const auto& [k, v] : labels.items()) sorted[k] = v;
  w.Key("labels").BeginObject();
  for (const auto& [k, v] : sorted) w.Key(k).Value(v);
  w.EndObject();
}

// Writes "source", the file the object at document came from, when the
// cluster was read from several.
void WriteSource(JsonWriter& w, const Scenario& s, int document) {
  if (const std::string* source = SourceOf(s, document)) {
    w.Key("source").Value(*source);
  }
}

void WriteNode(JsonWriter& w, const Scenario& s, const Node& n) {
  w.BeginObject();
  w.Key("cpuMillis").Value(n.allocatable.Get(kCpu));
  w.Key("kind").Value("Node");
  WriteLabels(w, n.labels);
  w.Key("line").Value(n.line);
  w.Key("memoryBytes").Value(n.allocatable.Get(kMemory));
  w.Key("name").Value(n.name);
  w.Key("pods").Value(n.allocatable.Get(kPods));
  WriteSource(w, s, n.document);
  w.Key("taints").BeginArray();
  for (const Taint& t : n.taints) {
    w.Value(t.key + (t.value.empty() ? "" : "=" + t.value));
  }
  w.EndArray();
  w.Key("unschedulable").Bool(n.unschedulable);
  w.EndObject();
}

void WritePod(JsonWriter& w, const Scenario& s, const Pod& p) {
  w.BeginObject();
  w.Key("cpuMillis").Value(p.requests.Get(kCpu));
  w.Key("kind").Value("Pod");
  WriteLabels(w, p.labels);
  w.Key("line").Value(p.line);
  w.Key("memoryBytes").Value(p.requests.Get(kMemory));
  w.Key("name").Value(p.name);
  w.Key("namespace").Value(p.ns);
  w.Key("node").Value(p.node_name);
  w.Key("phase").Value(p.phase);
  w.Key("priorityClassName").Value(p.priority_class_name);
  WriteSource(w, s, p.document);
  w.Key("terminating").Bool(p.terminating);
  w.EndObject();
}

}  // namespace

std::string ClusterSummaryJson(const LoadedCluster& cluster) {
  const Scenario& s = cluster.scenario();
  const PodCounts counts = CountPods(s);
  int64_t allocatable_cpu = 0, allocatable_memory = 0;
  for (const Node& n : s.nodes) {
    allocatable_cpu += n.allocatable.Get(kCpu);
    allocatable_memory += n.allocatable.Get(kMemory);
  }
  const int64_t pods = static_cast<int64_t>(s.pods.size());
  JsonWriter w;
  w.BeginObject();
  WriteAmounts(w, "allocatable", allocatable_cpu, allocatable_memory);
  const int warnings = WriteDiagnostics(w, cluster.diagnostics());
  w.Key("nodes").Value(static_cast<int64_t>(s.nodes.size()));
  w.Key("pdbs").BeginArray();
  for (const PodDisruptionBudget& p : s.pdbs) {
    w.BeginObject();
    w.Key("line").Value(p.line);
    w.Key("pdb").Value(p.ref().Key());
    WriteSource(w, s, p.document);
    w.EndObject();
  }
  w.EndArray();
  w.Key("pods").BeginObject();
  w.Key("bound").Value(counts.bound);
  w.Key("pending").Value(pods - counts.bound);
  w.Key("total").Value(pods);
  w.EndObject();
  w.Key("podsByNamespace").BeginArray();
  for (const auto& [ns, n] : counts.by_namespace) {
    w.BeginObject();
    w.Key("namespace").Value(ns);
    w.Key("pods").Value(n);
    w.EndObject();
  }
  w.EndArray();
  WriteMissingClasses(w, s, counts);
  w.Key("podsWithoutClass").Value(CountOf(counts.by_class, ""));
  WriteClasses(w, s, counts);
  WriteAmounts(w, "requested", counts.cpu, counts.memory);
  // The files the cluster was read from, when several: each object's
  // "source" is one of them.
  if (!s.sources.empty()) {
    w.Key("sources").BeginArray();
    for (const InputSource& source : s.sources) w.Value(source.name);
    w.EndArray();
  }
  w.Key("warnings").Value(warnings);
  w.EndObject();
  return w.Take();
}

std::string ClusterObjectsJson(const LoadedCluster& cluster,
                               std::string_view query, int offset, int limit) {
  const Scenario& s = cluster.scenario();
  ObjectSearch search(query, offset, limit);
  JsonWriter w;
  w.BeginObject();
  w.Key("objects").BeginArray();
  for (const Node& n : s.nodes) {
    if (search.Take("Node", n.name, n.labels)) WriteNode(w, s, n);
  }
  for (const Pod& p : s.pods) {
    if (search.Take("Pod", p.key, p.labels)) WritePod(w, s, p);
  }
  for (const PodDisruptionBudget& p : s.pdbs) {
    if (!search.Take("PodDisruptionBudget", p.ref().Key(), Labels())) {
      continue;
    }
    w.BeginObject();
    w.Key("kind").Value("PodDisruptionBudget");
    w.Key("line").Value(p.line);
    w.Key("name").Value(p.name);
    w.Key("namespace").Value(p.ns);
    WriteSource(w, s, p.document);
    w.EndObject();
  }
  for (const PriorityClass& c : s.priority_classes) {
    if (!search.Take("PriorityClass", c.name, Labels())) continue;
    w.BeginObject();
    w.Key("kind").Value("PriorityClass");
    w.Key("line").Value(c.line);
    w.Key("name").Value(c.name);
    WriteSource(w, s, c.document);
    w.Key("value").Value(int64_t{c.value});
    w.EndObject();
  }
  w.EndArray();
  w.Key("total").Value(search.total());
  w.EndObject();
  return w.Take();
}

}  // namespace podsim
