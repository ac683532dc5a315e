#include "core/framework/plugins/pod_topology_spread.h"

#include <algorithm>
#include <cassert>
#include <climits>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/framework/plugins/node_affinity.h"
#include "core/framework/plugins/taint_toleration.h"

namespace podsim {
namespace {

constexpr const char* kReasonSpread =
    "node(s) didn't match pod topology spread constraints";
constexpr const char* kReasonSpreadLabel =
    "node(s) didn't match pod topology spread constraints (missing required "
    "label)";

struct Spread {
  const TopologySpreadConstraint* constraint;
  std::unordered_map<std::string, int64_t> match_num;  // by domain value
  std::map<int64_t, int> count_histogram;              // for the global minimum
  bool self_match = false;
};

// Mirrors preFilterState: one entry per DoNotSchedule constraint.
struct PodTopologySpreadState : StateData {
  static constexpr Plugin kPlugin = Plugin::kPodTopologySpread;
  std::vector<Spread> spread;
};

// Whether n counts for s: it has every constraint's topology key, and
// matches the pod's node affinity and tolerates its taints where s honours
// them.
bool CountsNode(const CycleState& state, const PodTopologySpreadState& spread,
                const Spread& s, ObjectIndex n) {
  const Pod& p = state.cluster().pod(state.pod());
  const Node& node = state.cluster().node(n);
  for (const Spread& other : spread.spread) {
    if (!node.labels.Find(other.constraint->topology_key)) return false;
  }
  if (s.constraint->honor_node_affinity &&
      !MatchesNodeSelectorAndAffinity(p, node)) {
    return false;
  }
  if (s.constraint->honor_node_taints && FirstUntoleratedTaint(p, node)) {
    return false;
  }
  return true;
}

void SetMatchNum(Spread& s, const std::string& value, int64_t count) {
  auto it = s.match_num.find(value);
  if (it != s.match_num.end()) {
    auto h = s.count_histogram.find(it->second);
    if (--h->second == 0) s.count_histogram.erase(h);
    it->second = count;
  } else {
    s.match_num.emplace(value, count);
  }
  ++s.count_histogram[count];
}

}  // namespace

void PreFilterPodTopologySpread(CycleState& state) {
  if (!state.profile().topology_spread) return;
  const Cluster& cluster = state.cluster();
  const Pod& p = cluster.pod(state.pod());
  if (std::none_of(p.spread_constraints.begin(), p.spread_constraints.end(),
                   [](const TopologySpreadConstraint& c) {
                     return c.do_not_schedule;
                   })) {
    return;  // Skip
  }
  auto entry = std::make_unique<PodTopologySpreadState>();
  for (const TopologySpreadConstraint& c : p.spread_constraints) {
    if (c.do_not_schedule) {
      entry->spread.push_back(
          {&c, {}, {}, !c.selector.is_nil && c.selector.Matches(p.labels)});
    }
  }
  for (Spread& s : entry->spread) {
    std::unordered_map<std::string, int64_t> counts;
    for (int n = 0; n < cluster.num_nodes(); ++n) {
      if (!CountsNode(state, *entry, s, n)) continue;
      const std::string& value =
          *cluster.node(n).labels.Find(s.constraint->topology_key);
      int64_t count = 0;
      for (ObjectIndex q : cluster.info(n).pods) {
        const Pod& other = cluster.pod(q);
        if (cluster.Terminating(q) || other.ns != p.ns) continue;
        if (!s.constraint->selector.is_nil &&
            s.constraint->selector.Matches(other.labels)) {
          ++count;
        }
      }
      counts[value] += count;
    }
    for (const auto& [value, count] : counts) SetMatchNum(s, value, count);
  }
  state.Write(std::move(entry));
}

void UpdatePodTopologySpread(CycleState& state, ObjectIndex q, ObjectIndex n,
                             int delta) {
  PodTopologySpreadState* entry = state.Read<PodTopologySpreadState>();
  assert(entry);
  const Cluster& cluster = state.cluster();
  const Pod& other = cluster.pod(q);
  if (other.ns != cluster.pod(state.pod()).ns) return;
  const Node& node = cluster.node(n);
  for (Spread& s : entry->spread) {
    if (!CountsNode(state, *entry, s, n)) continue;
    if (s.constraint->selector.is_nil ||
        !s.constraint->selector.Matches(other.labels)) {
      continue;
    }
    const std::string& value = *node.labels.Find(s.constraint->topology_key);
    auto it = s.match_num.find(value);
    SetMatchNum(s, value, (it == s.match_num.end() ? 0 : it->second) + delta);
  }
}

void FilterPodTopologySpread(const CycleState& state, ObjectIndex n,
                             Status& status) {
  const PodTopologySpreadState* entry = state.Read<PodTopologySpreadState>();
  assert(entry);
  const Node& node = state.cluster().node(n);
  for (const Spread& s : entry->spread) {
    const TopologySpreadConstraint& c = *s.constraint;
    const std::string* value = node.labels.Find(c.topology_key);
    if (!value) {
      status.Reject(Code::kUnschedulableAndUnresolvable, kPodTopologySpread,
                    kReasonSpreadLabel);
      return;
    }
    int64_t min_match = s.count_histogram.empty()
                            ? INT32_MAX
                            : s.count_histogram.begin()->first;
    if (static_cast<int64_t>(s.match_num.size()) < c.min_domains) min_match = 0;
    auto it = s.match_num.find(*value);
    int64_t match = it == s.match_num.end() ? 0 : it->second;
    int64_t skew = match + (s.self_match ? 1 : 0) - min_match;
    if (skew > c.max_skew) {
      status.Reject(Code::kUnschedulable, kPodTopologySpread, kReasonSpread);
      return;
    }
  }
}

}  // namespace podsim
