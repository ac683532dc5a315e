#include "core/framework/plugins/pod_topology_spread.h"

#include <algorithm>
#include <cassert>
#include <climits>
#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/api/object_ref.h"
#include "core/framework/node_score.h"
#include "core/framework/plugins/node_affinity.h"
#include "core/framework/plugins/taint_toleration.h"

namespace podsim {
namespace {

constexpr const char* kReasonSpread =
    "node(s) didn't match pod topology spread constraints";
constexpr const char* kReasonSpreadLabel =
    "node(s) didn't match pod topology spread constraints (missing required "
    "label)";
// v1.LabelHostname and v1.LabelTopologyZone.
constexpr std::string_view kHostnameLabel = "kubernetes.io/hostname";
constexpr std::string_view kZoneLabel = "topology.kubernetes.io/zone";

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

// Mirrors nodeLabelsMatchSpreadConstraints: whether node has every
// constraint's topology key.
bool HasEveryTopologyKey(const Node& node,
                         const std::vector<TopologySpreadConstraint>& cs) {
  return std::all_of(cs.begin(), cs.end(), [&](const auto& c) {
    return node.labels.Find(c.topology_key) != nullptr;
  });
}

// Mirrors topologySpreadConstraint.matchNodeInclusionPolicies: whether node
// matches the pod's node affinity and tolerates its taints where c honours
// them.
bool MatchesInclusionPolicies(const TopologySpreadConstraint& c, const Pod& p,
                              const Node& node) {
  if (c.honor_node_affinity && !MatchesNodeSelectorAndAffinity(p, node)) {
    return false;
  }
  return !(c.honor_node_taints && FirstUntoleratedTaint(p, node));
}

// Whether n counts for s: it has every constraint's topology key, and
// matches the pod's node affinity and tolerates its taints where s honours
// them.
bool CountsNode(const CycleState& state, const PodTopologySpreadState& spread,
                const Spread& s, ObjectIndex n) {
  const Node& node = state.cluster().node(n);
  for (const Spread& other : spread.spread) {
    if (!node.labels.Find(other.constraint->topology_key)) return false;
  }
  return MatchesInclusionPolicies(*s.constraint,
                                  state.cluster().pod(state.pod()), node);
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

// Mirrors countPodsMatchSelector for every node at once: returns, by node,
// the pods of namespace ns, not terminating, that selector matches; none
// for a nil or empty selector (upstream's selector.Empty() check, which an
// empty labelSelector meets too). A pod the selector matches carries a
// value of its first In requirement, and the cluster's label index lists
// those pods; without such a requirement every node's pods are looked at.
std::vector<int64_t> MatchingPodsPerNode(const Cluster& cluster,
                                         const LabelSelector& selector,
                                         const std::string& ns) {
  std::vector<int64_t> counts(cluster.num_nodes(), 0);
  if (selector.is_nil || selector.empty()) return counts;
  auto count = [&](ObjectIndex q) {
    const ObjectIndex n = cluster.NodeOf(q);
    const Pod& other = cluster.pod(q);
    if (n == kNoNode || cluster.Terminating(q) || other.ns != ns) return;
    if (selector.Matches(other.labels)) ++counts[n];
  };
  auto in = std::find_if(
      selector.requirements.begin(), selector.requirements.end(),
      [](const Requirement& r) { return r.op == SelectorOp::kIn; });
  if (in == selector.requirements.end()) {
    for (int n = 0; n < cluster.num_nodes(); ++n) {
      for (ObjectIndex q : cluster.info(n).pods) count(q);
    }
    return counts;
  }
  // A pod has one value per key: the values' lists do not overlap.
  std::vector<std::string> values = in->values;
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  for (const std::string& value : values) {
    for (ObjectIndex q : cluster.PodsLabelled(in->key, value)) count(q);
  }
  return counts;
}

// Mirrors Go's math.Log, which kube-scheduler runs (on amd64 its assembly
// takes the same steps): the C library's log differs from it in the last
// bit for some sizes, log(3) among them, and a score could round the other
// way. REQUIRES: x > 0 and finite.
double GoLog(double x) {
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kL1 = 6.666666666666735130e-01;
  constexpr double kL2 = 3.999999999940941908e-01;
  constexpr double kL3 = 2.857142874366239149e-01;
  constexpr double kL4 = 2.222219843214978396e-01;
  constexpr double kL5 = 1.818357216161805012e-01;
  constexpr double kL6 = 1.531383769920937332e-01;
  constexpr double kL7 = 1.479819860511658591e-01;
  int ki = 0;
  double f1 = std::frexp(x, &ki);
  if (f1 < std::numbers::sqrt2 / 2) {
    f1 *= 2;
    --ki;
  }
  const double f = f1 - 1;
  const double k = ki;
  const double s = f / (2 + f);
  const double s2 = s * s;
  const double s4 = s2 * s2;
  const double t1 = s2 * (kL1 + s4 * (kL3 + s4 * (kL5 + s4 * kL7)));
  const double t2 = s4 * (kL2 + s4 * (kL4 + s4 * kL6));
  const double r = t1 + t2;
  const double hfsq = 0.5 * f * f;
  return k * kLn2Hi - ((hfsq - (s * (hfsq + r) + k * kLn2Lo)) - f);
}

// Mirrors preScoreState.
struct ScoreState {
  std::vector<TopologySpreadConstraint> constraints;
  // Whether each feasible node misses a topology key (IgnoredNodes).
  std::vector<bool> ignored;
  // Per constraint: the matching pods by node, and by domain value
  // (TopologyValueToPodCounts; none for the hostname key, which Score
  // counts on the node itself).
  std::vector<std::vector<int64_t>> on_node;
  std::vector<std::unordered_map<std::string, int64_t>> domains;
  std::vector<double> weights;  // TopologyNormalizingWeight
};

// Mirrors filterTopologySpreadConstraints(ScheduleAnyway) over the pod's
// constraints or, when it has none, buildDefaultConstraints with the system
// defaults (systemDefaultConstraints: hostname first) and its default
// selector; an empty selector gives none.
std::vector<TopologySpreadConstraint> SoftConstraints(const Pod& p) {
  std::vector<TopologySpreadConstraint> out;
  if (!p.spread_constraints.empty()) {
    for (const TopologySpreadConstraint& c : p.spread_constraints) {
      if (!c.do_not_schedule) out.push_back(c);
    }
    return out;
  }
  if (p.default_selector.empty()) return out;
  for (const auto& [key, max_skew] :
       {std::pair{kHostnameLabel, 3}, std::pair{kZoneLabel, 5}}) {
    out.push_back({.max_skew = max_skew,
                   .topology_key = std::string(key),
                   .do_not_schedule = false,
                   .selector = p.default_selector,
                   .min_domains = 1,
                   .honor_node_affinity = true,
                   .honor_node_taints = false});
  }
  return out;
}

// Mirrors initPreScoreState: leaves out the feasible nodes that miss a
// topology key (when require_all), opens a domain for each value the others
// have, and weighs each constraint by the log of its domain count.
void InitScoreState(const Cluster& cluster,
                    std::span<const ObjectIndex> feasible, bool require_all,
                    ScoreState& s) {
  const size_t k = s.constraints.size();
  s.domains.assign(k, {});
  s.ignored.assign(feasible.size(), false);
  std::vector<int64_t> sizes(k, 0);
  int64_t ignored = 0;
  for (size_t i = 0; i < feasible.size(); ++i) {
    const Node& node = cluster.node(feasible[i]);
    if (require_all && !HasEveryTopologyKey(node, s.constraints)) {
      s.ignored[i] = true;
      ++ignored;
      continue;
    }
    for (size_t c = 0; c < k; ++c) {
      const std::string& key = s.constraints[c].topology_key;
      if (key == kHostnameLabel) continue;
      const std::string* value = node.labels.Find(key);
      if (s.domains[c].try_emplace(value ? *value : "", 0).second) ++sizes[c];
    }
  }
  s.weights.resize(k);
  for (size_t c = 0; c < k; ++c) {
    const int64_t size = s.constraints[c].topology_key == kHostnameLabel
                             ? static_cast<int64_t>(feasible.size()) - ignored
                             : sizes[c];
    s.weights[c] = GoLog(static_cast<double>(size + 2));
  }
}

// Mirrors PodTopologySpread.PreScore: returns nullopt for Skip.
std::optional<ScoreState> PreScore(const CycleState& state,
                                   std::span<const ObjectIndex> feasible) {
  if (!state.profile().topology_spread) return std::nullopt;
  const Cluster& cluster = state.cluster();
  const Pod& p = cluster.pod(state.pod());
  ScoreState s;
  s.constraints = SoftConstraints(p);
  if (s.constraints.empty()) return std::nullopt;
  // Only the pod's own constraints need every topology key: with the
  // system's, a node without a zone still spreads by hostname.
  const bool require_all = !p.spread_constraints.empty();
  InitScoreState(cluster, feasible, require_all, s);
  for (const TopologySpreadConstraint& c : s.constraints) {
    s.on_node.push_back(MatchingPodsPerNode(cluster, c.selector, p.ns));
  }
  // Every node's matching pods join its domain (processAllNode); a node
  // with none adds nothing.
  for (int n = 0; n < cluster.num_nodes(); ++n) {
    const Node& node = cluster.node(n);
    bool keys_checked = false;
    for (size_t c = 0; c < s.constraints.size(); ++c) {
      const TopologySpreadConstraint& constraint = s.constraints[c];
      if (s.on_node[c][n] == 0 || constraint.topology_key == kHostnameLabel) {
        continue;
      }
      if (require_all && !keys_checked) {
        if (!HasEveryTopologyKey(node, s.constraints)) break;
        keys_checked = true;
      }
      if (!MatchesInclusionPolicies(constraint, p, node)) continue;
      const std::string* value = node.labels.Find(constraint.topology_key);
      auto domain = s.domains[c].find(value ? *value : "");
      if (domain != s.domains[c].end()) domain->second += s.on_node[c][n];
    }
  }
  return s;
}

// Mirrors PodTopologySpread.Score for the feasible node at position i.
int64_t Score(const Cluster& cluster, const ScoreState& s,
              std::span<const ObjectIndex> feasible, size_t i) {
  if (s.ignored[i]) return 0;
  const ObjectIndex n = feasible[i];
  const Node& node = cluster.node(n);
  double score = 0;
  for (size_t c = 0; c < s.constraints.size(); ++c) {
    const TopologySpreadConstraint& constraint = s.constraints[c];
    const std::string* value = node.labels.Find(constraint.topology_key);
    if (!value) continue;
    int64_t count = 0;
    if (constraint.topology_key == kHostnameLabel) {
      count = s.on_node[c][n];
    } else if (auto d = s.domains[c].find(*value); d != s.domains[c].end()) {
      count = d->second;
    }
    // scoreForCount: maxSkew-1 waters the differences down.
    score += static_cast<double>(count) * s.weights[c] +
             static_cast<double>(constraint.max_skew - 1);
  }
  return static_cast<int64_t>(std::round(score));
}

// Mirrors PodTopologySpread.NormalizeScore: the fewest matching pods score
// kMaxNodeScore; an ignored node scores 0.
void NormalizeScore(const ScoreState& s, std::vector<int64_t>& scores) {
  int64_t min_score = INT64_MAX;
  int64_t max_score = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    if (s.ignored[i]) continue;
    min_score = std::min(min_score, scores[i]);
    max_score = std::max(max_score, scores[i]);
  }
  for (size_t i = 0; i < scores.size(); ++i) {
    if (s.ignored[i]) {
      scores[i] = 0;
    } else if (max_score == 0) {
      scores[i] = kMaxNodeScore;
    } else {
      scores[i] =
          kMaxNodeScore * (max_score + min_score - scores[i]) / max_score;
    }
  }
}

}  // namespace

LabelSelector DefaultSelector(const Controller& c) {
  LabelSelector out;
  out.is_nil = false;
  if (c.kind == "ReplicaSet" || c.kind == "StatefulSet" ||
      c.kind == "ReplicationController") {
    out.requirements = c.selector.requirements;
  }
  return out;
}

void ResolveDefaultSelectors(Scenario& scenario) {
  std::unordered_map<std::string, const Controller*> by_key;
  for (const Controller& c : scenario.controllers) {
    by_key.emplace(c.ref().UniqueKey(), &c);
  }
  for (Pod& pod : scenario.pods) {
    for (const OwnerReference& owner : pod.owners) {
      if (!owner.controller) continue;
      auto it =
          by_key.find(ObjectRef{owner.kind, pod.ns, owner.name}.UniqueKey());
      if (it != by_key.end())
        pod.default_selector = DefaultSelector(*it->second);
      break;
    }
  }
}

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
    const std::vector<int64_t> on_node =
        MatchingPodsPerNode(cluster, s.constraint->selector, p.ns);
    std::unordered_map<std::string, int64_t> counts;
    for (int n = 0; n < cluster.num_nodes(); ++n) {
      if (!CountsNode(state, *entry, s, n)) continue;
      counts[*cluster.node(n).labels.Find(s.constraint->topology_key)] +=
          on_node[n];
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

bool ScorePodTopologySpread(const CycleState& state,
                            std::span<const ObjectIndex> feasible,
                            std::vector<int64_t>& scores) {
  const std::optional<ScoreState> s = PreScore(state, feasible);
  if (!s) return false;
  scores.resize(feasible.size());
  for (size_t i = 0; i < feasible.size(); ++i) {
    scores[i] = Score(state.cluster(), *s, feasible, i);
  }
  NormalizeScore(*s, scores);
  return true;
}

}  // namespace podsim
