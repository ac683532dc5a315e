#include "core/framework/plugins/node_affinity.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace podsim {

bool MatchesNodeSelectorAndAffinity(const Pod& pod, const Node& node) {
  for (const auto& [key, value] : pod.node_selector) {
    const std::string* have = node.labels.Find(key);
    if (!have || *have != value) return false;
  }
  if (pod.required_node_affinity) {
    const auto& terms = *pod.required_node_affinity;
    return std::any_of(terms.begin(), terms.end(),
                       [&](const NodeSelectorTerm& t) {
                         return t.Matches(node.labels, node.name);
                       });
  }
  return true;
}

Status PreFilterNodeAffinity(const CycleState& state,
                             std::optional<std::vector<ObjectIndex>>& nodes) {
  const Cluster& cluster = state.cluster();
  const Pod& p = cluster.pod(state.pod());
  if (!p.required_node_affinity || p.required_node_affinity->empty()) {
    return Status();
  }
  std::vector<std::string> names;
  for (const NodeSelectorTerm& term : *p.required_node_affinity) {
    std::optional<std::vector<std::string>> term_names;
    for (const Requirement& r : term.match_fields) {
      if (r.op != SelectorOp::kIn) continue;
      std::vector<std::string> values = r.values;
      std::sort(values.begin(), values.end());
      if (!term_names) {
        term_names = values;
      } else {
        std::vector<std::string> both;
        std::set_intersection(term_names->begin(), term_names->end(),
                              values.begin(), values.end(),
                              std::back_inserter(both));
        term_names = both;
      }
    }
    if (!term_names) return Status();
    names.insert(names.end(), term_names->begin(), term_names->end());
  }
  if (names.empty()) {
    return Status::Make(Code::kUnschedulableAndUnresolvable, kNodeAffinity,
                        "pod affinity terms conflict");
  }
  nodes.emplace();
  for (int n = 0; n < cluster.num_nodes(); ++n) {
    if (std::find(names.begin(), names.end(), cluster.node(n).name) !=
        names.end()) {
      nodes->push_back(n);
    }
  }
  return Status();
}

void FilterNodeAffinity(const CycleState& state, ObjectIndex n,
                        Status& status) {
  const Cluster& cluster = state.cluster();
  if (!MatchesNodeSelectorAndAffinity(cluster.pod(state.pod()),
                                      cluster.node(n))) {
    status.Reject(Code::kUnschedulableAndUnresolvable, kNodeAffinity,
                  state.profile().reasons.node_affinity);
  }
}

int64_t ScoreNodeAffinity(const Pod& pod, const Node& node) {
  int64_t sum = 0;
  for (const PreferredNodeTerm& t : pod.preferred_node_affinity) {
    if (t.term.Matches(node.labels, node.name)) sum += t.weight;
  }
  return sum;
}

}  // namespace podsim
