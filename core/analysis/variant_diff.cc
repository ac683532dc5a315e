#include "core/analysis/variant_diff.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/api/object_ref.h"
#include "core/ingest/decode/decoder.h"
#include "core/ingest/loader.h"

namespace podsim {
namespace {

using Json = nlohmann::json;

// One variant: what was decoded, and every object as the decoder received it.
struct Variant {
  DecodeResult decoded;
  std::vector<RecordedObject> objects;
  std::vector<std::string> keys;  // objects' keys, unique
};

std::string StringAt(const Json& object, std::string_view a,
                     std::string_view b = {}) {
  auto it = object.find(a);
  if (it == object.end()) return "";
  const Json* v = &*it;
  if (!b.empty()) {
    if (!v->is_object()) return "";
    auto jt = v->find(b);
    if (jt == v->end()) return "";
    v = &*jt;
  }
  return v->is_string() ? v->get<std::string>() : "";
}

bool ClusterScoped(std::string_view kind) {
  static const std::unordered_set<std::string_view> kinds = {
      "Node",
      "PriorityClass",
      "Namespace",
      "StorageClass",
      "CSINode",
      "PersistentVolume",
      "KubeSchedulerConfiguration"};
  return kinds.contains(kind);
}

ObjectChange Describe(const Json& object) {
  ObjectChange c;
  c.kind = StringAt(object, "kind");
  c.name = StringAt(object, "metadata", "name");
  if (c.name.empty()) c.name = StringAt(object, "metadata", "generateName");
  if (!ClusterScoped(c.kind)) {
    c.ns = StringAt(object, "metadata", "namespace");
    if (c.ns.empty()) c.ns = "default";
  }
  c.object = ObjectRef{c.kind, c.ns, c.name}.Describe();
  return c;
}

Variant Read(std::string_view text) {
  Variant v;
  Loader loader;
  loader.Record(&v.objects);
  loader.Feed(text);
  v.decoded = loader.Finish();
  // An object twice in one input keeps its place: the second is "#2".
  std::unordered_map<std::string, int> seen;
  for (const RecordedObject& o : v.objects) {
    std::string key = Describe(o.object).object;
    int n = ++seen[key];
    v.keys.push_back(n == 1 ? key : key + " #" + std::to_string(n));
  }
  return v;
}

// Decodes objects as Decode would have, had the text held just them.
DecodeResult DecodeObjects(const std::vector<RecordedObject>& objects) {
  Decoder decoder;
  for (const RecordedObject& o : objects) {
    ObjectSource source;
    source.line = o.line;
    source.document = o.document;
    decoder.AddObject(o.object, source);
  }
  return decoder.Finish();
}

std::optional<PodDecision> Find(const std::map<std::string, PodDecision>& m,
                                const std::string& key) {
  auto it = m.find(key);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

}  // namespace

VariantDiff DiffVariants(std::string_view a_text, std::string_view b_text,
                         const SimulateOptions& options) {
  Variant a = Read(a_text);
  Variant b = Read(b_text);
  VariantDiff out;
  out.a = Simulate(std::move(a.decoded.scenario),
                   std::move(a.decoded.diagnostics), options);
  out.b = Simulate(std::move(b.decoded.scenario),
                   std::move(b.decoded.diagnostics), options);

  // 1) The objects that differ, with where each sits in a and in b.
  std::unordered_map<std::string, size_t> in_a, in_b;
  for (size_t i = 0; i < a.keys.size(); ++i) in_a.emplace(a.keys[i], i);
  for (size_t i = 0; i < b.keys.size(); ++i) in_b.emplace(b.keys[i], i);
  struct Where {
    std::optional<size_t> a, b;
  };
  std::vector<Where> where;
  for (size_t i = 0; i < a.keys.size(); ++i) {
    auto it = in_b.find(a.keys[i]);
    if (it != in_b.end() &&
        a.objects[i].object == b.objects[it->second].object) {
      continue;
    }
    ObjectChange c = Describe(a.objects[i].object);
    c.object = a.keys[i];
    c.change = it == in_b.end() ? "removed" : "changed";
    out.objects.push_back(std::move(c));
    where.push_back(
        {i, it == in_b.end() ? std::nullopt : std::optional(it->second)});
  }
  for (size_t i = 0; i < b.keys.size(); ++i) {
    if (in_a.contains(b.keys[i])) continue;
    ObjectChange c = Describe(b.objects[i].object);
    c.object = b.keys[i];
    c.change = "added";
    out.objects.push_back(std::move(c));
    where.push_back({std::nullopt, i});
  }

  // 2) The pods whose decisions differ, in the order a first tried them.
  PodDecisions da = DecisionsOf(out.a);
  PodDecisions db = DecisionsOf(out.b);
  std::vector<std::string> order;
  std::unordered_set<std::string> listed;
  for (const SimulationResult* r : {&out.a, &out.b}) {
    for (const Attempt& at : r->attempts) {
      const std::string& key = r->scenario.pods[at.pod].key;
      if (listed.insert(key).second) order.push_back(key);
    }
  }
  for (const std::string& key : order) {
    VariantDifference d;
    d.pod = key;
    d.a = Find(da.first, key);
    d.b = Find(db.first, key);
    d.kind = "decision";
    if (d.a && d.b && *d.a == *d.b) {
      d.a = Find(da.last, key);
      d.b = Find(db.last, key);
      if (*d.a == *d.b) continue;
      d.kind = "outcome";
    }
    out.differences.push_back(std::move(d));
  }
  if (out.differences.empty()) return out;

  // 3) a with one change of b, for the first kMaxSingleChangeRuns changes;
  // each runs once, without detail.
  out.tried = static_cast<int>(
      std::min(out.objects.size(), size_t{kMaxSingleChangeRuns}));
  SimulateOptions quiet = options;
  quiet.detail_budget = 0;
  quiet.detail_attempt.reset();
  for (size_t i = 0; i < static_cast<size_t>(out.tried); ++i) {
    std::vector<RecordedObject> objects = a.objects;
    const Where& w = where[i];
    if (w.a && w.b) {
      objects[*w.a] = b.objects[*w.b];
    } else if (w.a) {
      objects.erase(objects.begin() + static_cast<std::ptrdiff_t>(*w.a));
    } else {
      // After the nearest object before it in b that a holds too.
      size_t at = 0;
      for (size_t j = *w.b; j-- > 0;) {
        auto it = in_a.find(b.keys[j]);
        if (it != in_a.end()) {
          at = it->second + 1;
          break;
        }
      }
      objects.insert(objects.begin() + static_cast<std::ptrdiff_t>(at),
                     b.objects[*w.b]);
    }
    DecodeResult decoded = DecodeObjects(objects);
    PodDecisions dh = DecisionsOf(Simulate(
        std::move(decoded.scenario), std::move(decoded.diagnostics), quiet));
    for (VariantDifference& d : out.differences) {
      std::optional<PodDecision> h =
          Find(d.kind == "outcome" ? dh.last : dh.first, d.pod);
      if (h == d.b) {
        if (d.cause != "single") d.changes.clear();
        d.cause = "single";
        d.changes.push_back(i);
      } else if (d.cause != "single" && h != d.a) {
        d.changes.push_back(i);  // moves the pod, but not to b's decision
      }
    }
  }
  const bool all_tried = out.tried == static_cast<int>(out.objects.size());
  for (VariantDifference& d : out.differences) {
    if (d.cause == "single") continue;
    d.cause = all_tried ? "together" : "untried";
    d.together = all_tried;
  }
  return out;
}

}  // namespace podsim
