#include "core/framework/runtime/node_cache.h"

namespace podsim {
namespace {

void Put(std::string& out, std::string_view s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

void PutRequirements(std::string& out, const std::vector<Requirement>& rs) {
  out += std::to_string(rs.size()) + "[";
  for (const Requirement& r : rs) {
    Put(out, r.key);
    out += std::to_string(static_cast<int>(r.op));
    for (const std::string& v : r.values) Put(out, v);
    out += ';';
  }
  out += ']';
}

}  // namespace

std::string NodeCache::ShapeOf(const Pod& pod) {
  std::string out = "p" + std::to_string(pod.priority) + "r";
  for (ResourceId id = 0; id < pod.requests.size(); ++id) {
    out += std::to_string(pod.requests.Get(id)) + ",";
  }
  out += "s";
  for (const auto& [k, v] : pod.node_selector) {
    Put(out, k);
    Put(out, v);
  }
  out += "a";
  if (pod.required_node_affinity) {
    for (const NodeSelectorTerm& t : *pod.required_node_affinity) {
      PutRequirements(out, t.match_expressions);
      PutRequirements(out, t.match_fields);
    }
  }
  out += "t";
  for (const Toleration& t : pod.tolerations) {
    Put(out, t.key);
    Put(out, t.value);
    out += t.exists ? 'E' : '=';
    out += t.effect ? std::to_string(static_cast<int>(*t.effect)) : "*";
  }
  out += "h";
  for (const HostPort& h : pod.host_ports) {
    Put(out, h.ip);
    Put(out, h.protocol);
    out += std::to_string(h.port) + ",";
  }
  return out;
}

NodeCache::Shape* NodeCache::For(const CycleState& state,
                                 const Cluster& cluster) {
  if (state.DependsOnOtherNodes()) return nullptr;
  Shape*& known = by_pod_[state.pod()];
  if (!known) known = &shapes_[ShapeOf(cluster.pod(state.pod()))];
  Shape& shape = *known;
  if (shape.filter.empty()) {
    size_t n = static_cast<size_t>(cluster.num_nodes());
    shape.filter_version.assign(n, 0);
    shape.filter.resize(n);
    shape.dry_version.assign(n, 0);
    shape.dry.resize(n);
  }
  return &shape;
}

}  // namespace podsim
