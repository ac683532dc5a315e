#include "core/framework/plugins/inter_pod_affinity.h"

#include <algorithm>
#include <cassert>
#include <climits>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/framework/node_score.h"

namespace podsim {
namespace {

// Counts keyed by topology pair ("<key>\x1f<value>").
using TopologyCounts = std::unordered_map<std::string, int64_t>;

// Mirrors preFilterState.
struct InterPodAffinityState : StateData {
  static constexpr Plugin kPlugin = Plugin::kInterPodAffinity;
  TopologyCounts existing_anti_affinity;
  TopologyCounts affinity;
  TopologyCounts anti_affinity;
};

std::string PairKey(const std::string& key, const std::string& value) {
  std::string out;
  out.reserve(key.size() + value.size() + 1);
  out += key;
  out += '\x1f';
  out += value;
  return out;
}

// Mirrors topologyToMatchedTermCount.update: counts by the node's value for
// the key, dropping pairs that reach zero.
void UpdateCounts(TopologyCounts& counts, const Node& node,
                  const std::string& key, int64_t delta) {
  const std::string* value = node.labels.Find(key);
  if (!value) return;
  std::string pair = PairKey(key, *value);
  int64_t& count = counts[pair];
  count += delta;
  if (count == 0) counts.erase(pair);
}

bool MatchesAllTerms(const std::vector<PodAffinityTerm>& terms,
                     const Pod& pod) {
  if (terms.empty()) return false;
  return std::all_of(terms.begin(), terms.end(), [&](const PodAffinityTerm& t) {
    return t.Matches(pod.ns, pod.labels);
  });
}

// A term matches only pods that carry one of the values of an In
// requirement of its selector (matchLabels are In requirements), which the
// cluster's label index lists. Collects, in index order, the pods the
// incoming pod's own terms may match; returns false when some term has no
// In requirement, so that every pod must be looked at.
bool OwnTermCandidates(const Cluster& cluster, const Pod& p,
                       std::vector<ObjectIndex>& out) {
  auto add = [&](const PodAffinityTerm& term) {
    if (term.selector.is_nil) return true;  // matches no pod
    for (const Requirement& r : term.selector.requirements) {
      if (r.op != SelectorOp::kIn) continue;
      for (const std::string& value : r.values) {
        const std::vector<ObjectIndex>& pods =
            cluster.PodsLabelled(r.key, value);
        out.insert(out.end(), pods.begin(), pods.end());
      }
      return true;
    }
    return false;
  };
  // A pod counts for affinity only if it matches every term: one term's
  // pods hold them all.
  if (!p.required_affinity.empty() &&
      std::none_of(p.required_affinity.begin(), p.required_affinity.end(),
                   add)) {
    return false;
  }
  for (const PodAffinityTerm& term : p.required_anti_affinity) {
    if (!add(term)) return false;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return true;
}

// Counts an existing pod, on node, against the incoming pod p's own terms.
void CountOwnTerms(InterPodAffinityState& entry, const Pod& p,
                   const Pod& existing, const Node& node, int64_t delta) {
  if (MatchesAllTerms(p.required_affinity, existing)) {
    for (const PodAffinityTerm& term : p.required_affinity) {
      UpdateCounts(entry.affinity, node, term.topology_key, delta);
    }
  }
  for (const PodAffinityTerm& term : p.required_anti_affinity) {
    if (term.Matches(existing.ns, existing.labels)) {
      UpdateCounts(entry.anti_affinity, node, term.topology_key, delta);
    }
  }
}

// Counts an existing pod's anti-affinity terms, on node, that p matches.
void CountExistingAntiAffinity(TopologyCounts& counts, const Pod& p,
                               const Pod& existing, const Node& node,
                               int64_t delta) {
  for (const PodAffinityTerm& term : existing.required_anti_affinity) {
    if (term.Matches(p.ns, p.labels)) {
      UpdateCounts(counts, node, term.topology_key, delta);
    }
  }
}

// Makes status the plugin's failure, the profile's umbrella reason (v1.14)
// first.
void RejectAffinity(const CycleState& state, Code code, std::string_view reason,
                    Status& status) {
  const std::string_view umbrella = state.profile().reasons.affinity_umbrella;
  if (!umbrella.empty()) status.AddReason(umbrella);
  status.Reject(code, kInterPodAffinity, reason);
}

// Whether a placed pod's anti-affinity rules the pod out of node.
bool ExistingAntiAffinityRulesOut(const InterPodAffinityState& entry,
                                  const Node& node) {
  if (entry.existing_anti_affinity.empty()) return false;
  for (const auto& [key, value] : node.labels.items()) {
    auto it = entry.existing_anti_affinity.find(PairKey(key, value));
    if (it != entry.existing_anti_affinity.end() && it->second > 0) {
      return true;
    }
  }
  return false;
}

// Whether the pod's own affinity finds its matches in node's domains (or,
// the first of a self-affine group, none exist anywhere yet).
bool AffinitySatisfied(const InterPodAffinityState& entry, const Pod& p,
                       const Node& node) {
  bool pods_exist = true;
  for (const PodAffinityTerm& term : p.required_affinity) {
    const std::string* value = node.labels.Find(term.topology_key);
    if (!value) return false;
    auto it = entry.affinity.find(PairKey(term.topology_key, *value));
    if (it == entry.affinity.end() || it->second <= 0) pods_exist = false;
  }
  return pods_exist ||
         (entry.affinity.empty() && MatchesAllTerms(p.required_affinity, p));
}

// Whether the pod's own anti-affinity finds a match in node's domains.
bool AntiAffinityViolated(const InterPodAffinityState& entry, const Pod& p,
                          const Node& node) {
  for (const PodAffinityTerm& term : p.required_anti_affinity) {
    const std::string* value = node.labels.Find(term.topology_key);
    if (!value) continue;
    auto it = entry.anti_affinity.find(PairKey(term.topology_key, *value));
    if (it != entry.anti_affinity.end() && it->second > 0) return true;
  }
  return false;
}

// Mirrors InterPodAffinityArgs' default hardPodAffinityWeight.
constexpr int32_t kHardPodAffinityWeight = 1;

// Mirrors preScoreState.topologyScore: by topology key, then value.
using TopologyScore =
    std::unordered_map<std::string, std::unordered_map<std::string, int64_t>>;

// Mirrors scoreMap.processTerm: when the term matches the pod (namespace
// ns, labels) and node has the term's key, adds weight times multiplier to
// that domain. Returns whether it did (upstream's map got the entry, even
// when the sum is 0).
bool ProcessTerm(const PodAffinityTerm& term, int32_t weight,
                 const std::string& ns, const Labels& labels, const Node& node,
                 int32_t multiplier, TopologyScore& scores) {
  if (!term.Matches(ns, labels)) return false;
  const std::string* value = node.labels.Find(term.topology_key);
  if (!value) return false;
  scores[term.topology_key][*value] += int64_t{weight * multiplier};
  return true;
}

// Mirrors processExistingPod for the terms of existing, on node, towards
// the incoming pod p (p's own terms are ProcessOwnTerms'). Returns whether
// any term counted.
bool ProcessExistingPodTerms(const Pod& existing, const Pod& p,
                             const Node& node, TopologyScore& scores) {
  bool counted = false;
  for (const PodAffinityTerm& t : existing.required_affinity) {
    counted |=
        ProcessTerm(t, kHardPodAffinityWeight, p.ns, p.labels, node, 1, scores);
  }
  for (const WeightedPodAffinityTerm& t : existing.preferred_affinity) {
    counted |= ProcessTerm(t.term, t.weight, p.ns, p.labels, node, 1, scores);
  }
  for (const WeightedPodAffinityTerm& t : existing.preferred_anti_affinity) {
    counted |= ProcessTerm(t.term, t.weight, p.ns, p.labels, node, -1, scores);
  }
  return counted;
}

// Mirrors processExistingPod for the incoming pod's preferred terms with
// multiplier (+1 affinity, -1 anti-affinity), over every placed pod they
// may match: a term matches only pods carrying a value of its selector's
// first In requirement, which the label index lists; without one, every
// node's pods. Returns whether any term counted.
bool ProcessOwnTerms(const Cluster& cluster,
                     const std::vector<WeightedPodAffinityTerm>& terms,
                     int32_t multiplier, TopologyScore& scores) {
  bool counted = false;
  for (const WeightedPodAffinityTerm& t : terms) {
    auto process = [&](ObjectIndex q) {
      const ObjectIndex n = cluster.NodeOf(q);
      if (n == kNoNode) return;
      const Pod& existing = cluster.pod(q);
      counted |= ProcessTerm(t.term, t.weight, existing.ns, existing.labels,
                             cluster.node(n), multiplier, scores);
    };
    if (t.term.selector.is_nil) continue;  // matches no pod
    const std::vector<Requirement>& reqs = t.term.selector.requirements;
    auto in = std::find_if(reqs.begin(), reqs.end(), [](const Requirement& r) {
      return r.op == SelectorOp::kIn;
    });
    if (in == reqs.end()) {
      for (int n = 0; n < cluster.num_nodes(); ++n) {
        for (ObjectIndex q : cluster.info(n).pods) process(q);
      }
      continue;
    }
    // A pod has one value per key: the values' lists do not overlap.
    std::vector<std::string> values = in->values;
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (const std::string& value : values) {
      for (ObjectIndex q : cluster.PodsLabelled(in->key, value)) process(q);
    }
  }
  return counted;
}

// Mirrors InterPodAffinity.PreScore: returns false (Skip) when no term
// counted on any node.
bool PreScore(const Cluster& cluster, const Pod& p, TopologyScore& scores) {
  // The pod's own preferred terms against every placed pod (only when it
  // has some: then upstream walks every pod).
  bool counted = ProcessOwnTerms(cluster, p.preferred_affinity, 1, scores);
  counted |= ProcessOwnTerms(cluster, p.preferred_anti_affinity, -1, scores);
  // The placed pods' terms towards the pod.
  for (ObjectIndex q : cluster.PodsWithAffinity()) {
    const ObjectIndex n = cluster.NodeOf(q);
    if (n == kNoNode) continue;
    counted |=
        ProcessExistingPodTerms(cluster.pod(q), p, cluster.node(n), scores);
  }
  return counted;
}

// Mirrors InterPodAffinity.Score: the sums of node's domains.
int64_t Score(const TopologyScore& scores, const Node& node) {
  int64_t score = 0;
  for (const auto& [key, values] : scores) {
    const std::string* value = node.labels.Find(key);
    if (!value) continue;
    auto it = values.find(*value);
    if (it != values.end()) score += it->second;
  }
  return score;
}

// Mirrors InterPodAffinity.NormalizeScore: scales from the lowest (0) to the
// highest (kMaxNodeScore) in floating point, truncated; all 0 when equal.
void NormalizeScore(std::vector<int64_t>& scores) {
  int64_t min_count = INT64_MAX;
  int64_t max_count = INT64_MIN;
  for (int64_t s : scores) {
    min_count = std::min(min_count, s);
    max_count = std::max(max_count, s);
  }
  const int64_t diff = max_count - min_count;
  for (int64_t& s : scores) {
    double f = 0;
    if (diff > 0) {
      f = static_cast<double>(kMaxNodeScore) *
          (static_cast<double>(s - min_count) / static_cast<double>(diff));
    }
    s = static_cast<int64_t>(f);
  }
}

}  // namespace

void PreFilterInterPodAffinity(CycleState& state) {
  const Cluster& cluster = state.cluster();
  const Pod& p = cluster.pod(state.pod());
  const bool own_terms =
      !p.required_affinity.empty() || !p.required_anti_affinity.empty();
  TopologyCounts existing_anti_affinity;
  for (ObjectIndex q : cluster.PodsWithAntiAffinity()) {
    ObjectIndex n = cluster.NodeOf(q);
    if (n == kNoNode) continue;
    CountExistingAntiAffinity(existing_anti_affinity, p, cluster.pod(q),
                              cluster.node(n), 1);
  }
  if (!own_terms && existing_anti_affinity.empty()) return;  // Skip
  auto entry = std::make_unique<InterPodAffinityState>();
  entry->existing_anti_affinity = std::move(existing_anti_affinity);
  if (own_terms) {
    std::vector<ObjectIndex> candidates;
    if (OwnTermCandidates(cluster, p, candidates)) {
      for (ObjectIndex q : candidates) {
        ObjectIndex n = cluster.NodeOf(q);
        if (n != kNoNode) {
          CountOwnTerms(*entry, p, cluster.pod(q), cluster.node(n), 1);
        }
      }
    } else {
      for (const Pod& existing : cluster.scenario().pods) {
        ObjectIndex n = cluster.NodeOf(existing.index);
        if (n != kNoNode)
          CountOwnTerms(*entry, p, existing, cluster.node(n), 1);
      }
    }
  }
  state.Write(std::move(entry));
}

void UpdateInterPodAffinity(CycleState& state, ObjectIndex q, ObjectIndex n,
                            int delta) {
  InterPodAffinityState* entry = state.Read<InterPodAffinityState>();
  assert(entry);
  const Cluster& cluster = state.cluster();
  const Pod& p = cluster.pod(state.pod());
  const Pod& other = cluster.pod(q);
  const Node& node = cluster.node(n);
  CountExistingAntiAffinity(entry->existing_anti_affinity, p, other, node,
                            delta);
  CountOwnTerms(*entry, p, other, node, delta);
}

void FilterInterPodAffinity(const CycleState& state, ObjectIndex n,
                            Status& status) {
  const InterPodAffinityState* entry = state.Read<InterPodAffinityState>();
  assert(entry);
  const Pod& p = state.cluster().pod(state.pod());
  const Node& node = state.cluster().node(n);
  const Profile& profile = state.profile();
  const bool existing_first = profile.predicate_order;
  // v1.14's predicate checked existing pods' anti-affinity first.
  if (existing_first && ExistingAntiAffinityRulesOut(*entry, node)) {
    RejectAffinity(state, Code::kUnschedulable,
                   profile.reasons.existing_anti_affinity, status);
    return;
  }
  // 1) The pod's own affinity.
  if (!p.required_affinity.empty() && !AffinitySatisfied(*entry, p, node)) {
    RejectAffinity(state, Code::kUnschedulableAndUnresolvable,
                   profile.reasons.affinity, status);
    return;
  }
  // 2) The pod's own anti-affinity.
  if (AntiAffinityViolated(*entry, p, node)) {
    RejectAffinity(state, Code::kUnschedulable, profile.reasons.anti_affinity,
                   status);
    return;
  }
  // 3) Existing pods' anti-affinity towards this pod.
  if (!existing_first && ExistingAntiAffinityRulesOut(*entry, node)) {
    RejectAffinity(state, Code::kUnschedulable,
                   profile.reasons.existing_anti_affinity, status);
  }
}

bool ScoreInterPodAffinity(const CycleState& state,
                           std::span<const ObjectIndex> feasible,
                           std::vector<int64_t>& scores) {
  const Cluster& cluster = state.cluster();
  TopologyScore topology_score;
  if (!PreScore(cluster, cluster.pod(state.pod()), topology_score)) {
    return false;
  }
  scores.resize(feasible.size());
  for (size_t i = 0; i < feasible.size(); ++i) {
    scores[i] = Score(topology_score, cluster.node(feasible[i]));
  }
  NormalizeScore(scores);
  return true;
}

}  // namespace podsim
