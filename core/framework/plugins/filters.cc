#include "core/framework/plugins/filters.h"

#include <algorithm>
#include <climits>

namespace podsim {
namespace {

constexpr const char* kReasonSpread =
    "node(s) didn't match pod topology spread constraints";
constexpr const char* kReasonSpreadLabel =
    "node(s) didn't match pod topology spread constraints (missing required "
    "label)";

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

bool ToleratesUnschedulable(const Pod& pod) {
  Taint taint{"node.kubernetes.io/unschedulable", "", TaintEffect::kNoSchedule};
  return std::any_of(pod.tolerations.begin(), pod.tolerations.end(),
                     [&](const Toleration& t) { return t.Tolerates(taint); });
}

// Makes status plugin's failure with reason.
void Fail(Status& status, Code code, std::string_view plugin,
          std::string_view reason) {
  status.set_code(code);
  status.set_plugin(plugin);
  status.AddReason(reason);
}

// Mirrors TaintToleration.Filter's failure for taint; before #134740 the
// reason named the taint.
void FailTaint(Status& status, const Taint& taint,
               const FilterReasons& reasons) {
  if (!reasons.names_taint) {
    Fail(status, Code::kUnschedulableAndUnresolvable, kTaintToleration,
         reasons.taint);
    return;
  }
  status = Status::Owned(
      Code::kUnschedulableAndUnresolvable, kTaintToleration,
      std::string(reasons.taint) + " {" + taint.key + ": " + taint.value + "}");
}

bool PortsConflict(const HostPort& want, const HostPort& used) {
  if (want.port != used.port || want.protocol != used.protocol) return false;
  auto any = [](const std::string& ip) {
    return ip.empty() || ip == "0.0.0.0";
  };
  return any(want.ip) || any(used.ip) || want.ip == used.ip;
}

// Mirrors NodeResourcesFit (PodFitsResources before v1.16): appends every
// insufficient resource to status.
// Before #131345 (v1.34) a request above allocatable was Unschedulable too.
void FitsResources(const Cluster& cluster, const Pod& pod, const NodeInfo& info,
                   const Profile& profile, Status& status) {
  const FilterReasons& reasons = profile.reasons;
  const Node& node = cluster.node(info.node);
  const ResourceTable& table = cluster.scenario().resources;
  bool unresolvable = false;
  if (static_cast<int64_t>(info.pods.size()) + 1 >
      node.allocatable.Get(kPods)) {
    status.AddReason(reasons.too_many_pods);
  }
  // A pod without requests fits any node's resources (upstream returns
  // early); amounts of zero are skipped below in any case.
  for (ResourceId id = 0; id < pod.requests.size(); ++id) {
    int64_t want = pod.requests.Get(id);
    if (id == kPods || want <= 0) continue;
    int64_t alloc = node.allocatable.Get(id);
    if (want > alloc - info.requested.Get(id)) {
      status.AddReason(table.InsufficientReason(id));
      unresolvable = unresolvable ||
                     (profile.unresolvable_over_allocatable && want > alloc);
    }
  }
  if (status.num_reasons() == 0) return;
  status.set_code(unresolvable ? Code::kUnschedulableAndUnresolvable
                               : Code::kUnschedulable);
  status.set_plugin(kNodeResourcesFit);
}

bool HostPortsConflict(const Cluster& cluster, const Pod& pod,
                       const NodeInfo& info) {
  if (pod.host_ports.empty()) return false;
  for (ObjectIndex q : info.pods) {
    for (const HostPort& used : cluster.pod(q).host_ports) {
      for (const HostPort& want : pod.host_ports) {
        if (PortsConflict(want, used)) return true;
      }
    }
  }
  return false;
}

}  // namespace

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

const Taint* FirstUntoleratedTaint(const Pod& pod, const Node& node) {
  for (const Taint& taint : node.taints) {
    if (taint.effect == TaintEffect::kPreferNoSchedule) continue;
    bool tolerated =
        std::any_of(pod.tolerations.begin(), pod.tolerations.end(),
                    [&](const Toleration& t) { return t.Tolerates(taint); });
    if (!tolerated) return &taint;
  }
  return nullptr;
}

CycleState::CycleState(const Cluster& cluster, ObjectIndex pod,
                       const Profile& profile)
    : cluster_(cluster),
      pod_(pod),
      profile_(profile),
      filters_(
          cluster.scenario().config.plugins.Order(ExtensionPoint::kFilter)) {
  const Pod& p = cluster.pod(pod);
  const ProfilePlugins& plugins = cluster.scenario().config.plugins;
  claims_ = ClaimsOf(cluster.scenario(), pod);
  // The PreFilter plugins that can reject the pod or narrow the nodes, in
  // order; a rejection ends PreFilter (UnschedulableAndUnresolvable).
  for (Plugin plugin : plugins.Order(ExtensionPoint::kPreFilter)) {
    if (plugin == Plugin::kNodeAffinity && profile.node_affinity_prefilter) {
      if (!PreFilterNodeAffinity()) return;
    }
    // VolumeRestrictions' PreFilter looks every claim up; VolumeBinding's
    // does too, after it.
    if ((plugin == Plugin::kVolumeRestrictions ||
         plugin == Plugin::kVolumeBinding) &&
        profile.read_write_once_pod && claims_ && !claims_->missing.empty()) {
      prefilter_status_ =
          Status::Owned(Code::kUnschedulableAndUnresolvable, NameOf(plugin),
                        ClaimNotFound(claims_->missing));
      return;
    }
  }
  // Filters whose PreFilter is disabled run as if it had run (a warning
  // says upstream would fail them).
  if (plugins.Runs(ExtensionPoint::kFilter, Plugin::kPodTopologySpread)) {
    PreFilterSpread();
  }
  if (plugins.Runs(ExtensionPoint::kFilter, Plugin::kInterPodAffinity)) {
    PreFilterInterPodAffinity();
  }
  // VolumeRestrictions.PreFilter: Skip unless a ReadWriteOncePod claim of
  // the pod is in use (volume conflicts of in-tree disks are not modelled).
  if (profile.read_write_once_pod && claims_ &&
      !claims_->read_write_once_pod.empty() &&
      plugins.Runs(ExtensionPoint::kFilter, Plugin::kVolumeRestrictions)) {
    claims_in_use_ = CountClaimsInUse(cluster, p, claims_->read_write_once_pod);
    read_write_once_pod_ = claims_in_use_ > 0;
  }
}

// Mirrors NodeAffinity.PreFilter: terms that all pin metadata.name narrow
// the nodes.
bool CycleState::PreFilterNodeAffinity() {
  const Pod& p = cluster_.pod(pod_);
  if (!p.required_node_affinity || p.required_node_affinity->empty()) {
    return true;
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
    if (!term_names) return true;
    names.insert(names.end(), term_names->begin(), term_names->end());
  }
  if (names.empty()) {
    prefilter_status_ =
        Status::Make(Code::kUnschedulableAndUnresolvable, kNodeAffinity,
                     "pod affinity terms conflict");
    return false;
  }
  std::vector<ObjectIndex> nodes;
  for (int n = 0; n < cluster_.num_nodes(); ++n) {
    if (std::find(names.begin(), names.end(), cluster_.node(n).name) !=
        names.end()) {
      nodes.push_back(n);
    }
  }
  prefilter_nodes_ = std::move(nodes);
  return true;
}

bool CycleState::SpreadCountsNode(const Spread& s, ObjectIndex n) const {
  const Pod& p = cluster_.pod(pod_);
  const Node& node = cluster_.node(n);
  for (const Spread& other : spread_) {
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

void CycleState::SetMatchNum(Spread& s, const std::string& value,
                             int64_t count) {
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

// Mirrors PodTopologySpread.calPreFilterState for DoNotSchedule constraints.
void CycleState::PreFilterSpread() {
  if (!profile_.topology_spread) return;
  const Pod& p = cluster_.pod(pod_);
  for (const TopologySpreadConstraint& c : p.spread_constraints) {
    if (c.do_not_schedule) {
      spread_.push_back(
          {&c, {}, {}, !c.selector.is_nil && c.selector.Matches(p.labels)});
    }
  }
  if (spread_.empty()) return;
  for (Spread& s : spread_) {
    std::unordered_map<std::string, int64_t> counts;
    for (int n = 0; n < cluster_.num_nodes(); ++n) {
      if (!SpreadCountsNode(s, n)) continue;
      const std::string& value =
          *cluster_.node(n).labels.Find(s.constraint->topology_key);
      int64_t count = 0;
      for (ObjectIndex q : cluster_.info(n).pods) {
        const Pod& other = cluster_.pod(q);
        if (cluster_.Terminating(q) || other.ns != p.ns) continue;
        if (!s.constraint->selector.is_nil &&
            s.constraint->selector.Matches(other.labels)) {
          ++count;
        }
      }
      counts[value] += count;
    }
    for (const auto& [value, count] : counts) SetMatchNum(s, value, count);
  }
}

// Mirrors InterPodAffinity.PreFilter.
void CycleState::PreFilterInterPodAffinity() {
  const Pod& p = cluster_.pod(pod_);
  bool own_terms =
      !p.required_affinity.empty() || !p.required_anti_affinity.empty();
  for (ObjectIndex q : cluster_.PodsWithAntiAffinity()) {
    ObjectIndex n = cluster_.NodeOf(q);
    if (n == kNoNode) continue;
    for (const PodAffinityTerm& term : cluster_.pod(q).required_anti_affinity) {
      if (term.Matches(p.ns, p.labels)) {
        UpdateCounts(existing_anti_affinity_, cluster_.node(n),
                     term.topology_key, 1);
      }
    }
  }
  if (own_terms) {
    std::vector<ObjectIndex> candidates;
    if (OwnTermCandidates(candidates)) {
      for (ObjectIndex q : candidates) {
        ObjectIndex n = cluster_.NodeOf(q);
        if (n != kNoNode) CountOwnTerms(cluster_.pod(q), cluster_.node(n));
      }
    } else {
      for (const Pod& existing : cluster_.scenario().pods) {
        ObjectIndex n = cluster_.NodeOf(existing.index);
        if (n != kNoNode) CountOwnTerms(existing, cluster_.node(n));
      }
    }
  }
  affinity_skipped_ = !own_terms && existing_anti_affinity_.empty();
}

// A term matches only pods that carry one of the values of an In
// requirement of its selector (matchLabels are In requirements), which the
// cluster's label index lists. Collects, in index order, the pods the
// incoming pod's own terms may match; returns false when some term has no
// In requirement, so that every pod must be looked at.
bool CycleState::OwnTermCandidates(std::vector<ObjectIndex>& out) const {
  auto add = [&](const PodAffinityTerm& term) {
    if (term.selector.is_nil) return true;  // matches no pod
    for (const Requirement& r : term.selector.requirements) {
      if (r.op != SelectorOp::kIn) continue;
      for (const std::string& value : r.values) {
        const std::vector<ObjectIndex>& pods =
            cluster_.PodsLabelled(r.key, value);
        out.insert(out.end(), pods.begin(), pods.end());
      }
      return true;
    }
    return false;
  };
  const Pod& p = cluster_.pod(pod_);
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

// Counts an existing pod against the incoming pod's own terms.
void CycleState::CountOwnTerms(const Pod& existing, const Node& node) {
  const Pod& p = cluster_.pod(pod_);
  {
    if (MatchesAllTerms(p.required_affinity, existing)) {
      for (const PodAffinityTerm& term : p.required_affinity) {
        UpdateCounts(affinity_, node, term.topology_key, 1);
      }
    }
    for (const PodAffinityTerm& term : p.required_anti_affinity) {
      if (term.Matches(existing.ns, existing.labels)) {
        UpdateCounts(anti_affinity_, node, term.topology_key, 1);
      }
    }
  }
}

void CycleState::Update(ObjectIndex q, ObjectIndex n, int delta) {
  const Pod& p = cluster_.pod(pod_);
  const Pod& other = cluster_.pod(q);
  const Node& node = cluster_.node(n);
  // VolumeRestrictions' preFilterState.updateWithPod.
  if (read_write_once_pod_) {
    claims_in_use_ +=
        delta * ConflictingClaimRefs(claims_->read_write_once_pod, other);
  }
  // PodTopologySpread.updateWithPod.
  if (!spread_.empty() && other.ns == p.ns) {
    for (Spread& s : spread_) {
      if (!SpreadCountsNode(s, n)) continue;
      if (s.constraint->selector.is_nil ||
          !s.constraint->selector.Matches(other.labels)) {
        continue;
      }
      const std::string& value = *node.labels.Find(s.constraint->topology_key);
      auto it = s.match_num.find(value);
      SetMatchNum(s, value, (it == s.match_num.end() ? 0 : it->second) + delta);
    }
  }
  // InterPodAffinity.updateWithPod.
  if (affinity_skipped_) return;
  for (const PodAffinityTerm& term : other.required_anti_affinity) {
    if (term.Matches(p.ns, p.labels)) {
      UpdateCounts(existing_anti_affinity_, node, term.topology_key, delta);
    }
  }
  if (MatchesAllTerms(p.required_affinity, other)) {
    for (const PodAffinityTerm& term : p.required_affinity) {
      UpdateCounts(affinity_, node, term.topology_key, delta);
    }
  }
  for (const PodAffinityTerm& term : p.required_anti_affinity) {
    if (term.Matches(other.ns, other.labels)) {
      UpdateCounts(anti_affinity_, node, term.topology_key, delta);
    }
  }
}

Status CycleState::FilterSpread(ObjectIndex n) const {
  const Node& node = cluster_.node(n);
  for (const Spread& s : spread_) {
    const TopologySpreadConstraint& c = *s.constraint;
    const std::string* value = node.labels.Find(c.topology_key);
    if (!value) {
      return Status::Make(Code::kUnschedulableAndUnresolvable,
                          kPodTopologySpread, kReasonSpreadLabel);
    }
    int64_t min_match = s.count_histogram.empty()
                            ? INT32_MAX
                            : s.count_histogram.begin()->first;
    if (static_cast<int64_t>(s.match_num.size()) < c.min_domains) min_match = 0;
    auto it = s.match_num.find(*value);
    int64_t match = it == s.match_num.end() ? 0 : it->second;
    int64_t skew = match + (s.self_match ? 1 : 0) - min_match;
    if (skew > c.max_skew) {
      return Status::Make(Code::kUnschedulable, kPodTopologySpread,
                          kReasonSpread);
    }
  }
  return Status();
}

Status CycleState::Affinity(Code code, std::string_view reason) const {
  Status status(code, kInterPodAffinity);
  if (!profile_.reasons.affinity_umbrella.empty()) {
    status.AddReason(profile_.reasons.affinity_umbrella);
  }
  status.AddReason(reason);
  return status;
}

Status CycleState::FilterInterPodAffinity(ObjectIndex n) const {
  const Pod& p = cluster_.pod(pod_);
  const Node& node = cluster_.node(n);
  // v1.14's predicate checked existing pods' anti-affinity first.
  auto existing = [&]() {
    if (existing_anti_affinity_.empty()) return Status();
    for (const auto& [key, value] : node.labels.items()) {
      auto it = existing_anti_affinity_.find(PairKey(key, value));
      if (it != existing_anti_affinity_.end() && it->second > 0) {
        return Affinity(Code::kUnschedulable,
                        profile_.reasons.existing_anti_affinity);
      }
    }
    return Status();
  };
  if (profile_.predicate_order) {
    Status status = existing();
    if (!status.ok()) return status;
  }
  // 1) The pod's own affinity.
  if (!p.required_affinity.empty()) {
    bool pods_exist = true;
    bool labels_present = true;
    for (const PodAffinityTerm& term : p.required_affinity) {
      const std::string* value = node.labels.Find(term.topology_key);
      if (!value) {
        labels_present = false;
        break;
      }
      auto it = affinity_.find(PairKey(term.topology_key, *value));
      if (it == affinity_.end() || it->second <= 0) pods_exist = false;
    }
    bool ok = labels_present &&
              (pods_exist ||
               (affinity_.empty() && MatchesAllTerms(p.required_affinity, p)));
    if (!ok) {
      return Affinity(Code::kUnschedulableAndUnresolvable,
                      profile_.reasons.affinity);
    }
  }
  // 2) The pod's own anti-affinity.
  for (const PodAffinityTerm& term : p.required_anti_affinity) {
    const std::string* value = node.labels.Find(term.topology_key);
    if (!value) continue;
    auto it = anti_affinity_.find(PairKey(term.topology_key, *value));
    if (it != anti_affinity_.end() && it->second > 0) {
      return Affinity(Code::kUnschedulable, profile_.reasons.anti_affinity);
    }
  }
  // 3) Existing pods' anti-affinity towards this pod.
  return profile_.predicate_order ? Status() : existing();
}

// Mirrors the filter plugins in their order, stopping at the first failure;
// under predicate_order, v1.14's podFitsOnNode over its default predicates.
Status CycleState::RunFilters(ObjectIndex n) const {
  // Every path returns this one object: the dry run filters a node after
  // each pod it puts back, and no status is copied or moved on the way.
  Status status;
  if (profile_.predicate_order) {
    RunPredicates(n, status);
    return status;
  }
  for (Plugin plugin : filters_) {
    RunFilter(plugin, n, status);
    if (!status.ok()) return status;
  }
  // Volume filters other than the ReadWriteOncePod rule pass: those volumes
  // are out of scope.
  return status;
}

void CycleState::RunFilter(Plugin plugin, ObjectIndex n, Status& status) const {
  const Pod& p = cluster_.pod(pod_);
  const Node& node = cluster_.node(n);
  const FilterReasons& reasons = profile_.reasons;
  switch (plugin) {
    case Plugin::kNodeUnschedulable:
      if (node.unschedulable && !ToleratesUnschedulable(p)) {
        Fail(status, Code::kUnschedulableAndUnresolvable, kNodeUnschedulable,
             reasons.unschedulable);
      }
      break;
    case Plugin::kNodeName:
      break;  // passes: a pod being scheduled has no spec.nodeName
    case Plugin::kTaintToleration:
      if (const Taint* taint = FirstUntoleratedTaint(p, node)) {
        FailTaint(status, *taint, reasons);
      }
      break;
    case Plugin::kNodeAffinity:
      if (!MatchesNodeSelectorAndAffinity(p, node)) {
        Fail(status, Code::kUnschedulableAndUnresolvable, kNodeAffinity,
             reasons.node_affinity);
      }
      break;
    case Plugin::kNodePorts:
      if (HostPortsConflict(cluster_, p, cluster_.info(n))) {
        Fail(status, Code::kUnschedulable, kNodePorts, reasons.ports);
      }
      break;
    case Plugin::kNodeResourcesFit:
      FitsResources(cluster_, p, cluster_.info(n), profile_, status);
      break;
    case Plugin::kVolumeRestrictions:
      // Mirrors satisfyReadWriteOncePod; the count is the cluster's, so
      // every node gets the same verdict.
      if (read_write_once_pod_ && claims_in_use_ > 0) {
        Fail(status, Code::kUnschedulable, kVolumeRestrictions,
             kReasonReadWriteOncePodConflict);
      }
      break;
    // Most pods neither spread nor use inter-pod affinity: then both
    // filters pass without a call.
    case Plugin::kPodTopologySpread:
      if (!spread_.empty()) status = FilterSpread(n);
      break;
    case Plugin::kInterPodAffinity:
      if (!affinity_skipped_) status = FilterInterPodAffinity(n);
      break;
    default:
      break;  // not a filter podsim runs
  }
}

void CycleState::RunPredicates(ObjectIndex n, Status& status) const {
  const Pod& p = cluster_.pod(pod_);
  const Node& node = cluster_.node(n);
  const NodeInfo& info = cluster_.info(n);
  const FilterReasons& reasons = profile_.reasons;
  // The profile's plugins stand for the predicates they became: a disabled
  // plugin's predicate does not run.
  const ProfilePlugins& plugins = cluster_.scenario().config.plugins;
  auto runs = [&](Plugin plugin) {
    return plugins.Runs(ExtensionPoint::kFilter, plugin);
  };
  // CheckNodeUnschedulable.
  if (runs(Plugin::kNodeUnschedulable) && node.unschedulable &&
      !ToleratesUnschedulable(p)) {
    Fail(status, Code::kUnschedulableAndUnresolvable, kNodeUnschedulable,
         reasons.unschedulable);
    return;
  }
  // GeneralPredicates: PodFitsResources, then PodFitsHost, PodFitsHostPorts
  // and PodMatchNodeSelector, every failure reported; the status keeps the
  // code and plugin today's filter would give the worst one. Then taints.
  if (runs(Plugin::kNodeResourcesFit)) {
    FitsResources(cluster_, p, info, profile_, status);
  }
  if (runs(Plugin::kNodePorts) && HostPortsConflict(cluster_, p, info)) {
    status.AddReason(reasons.ports);
    if (status.plugin().empty()) {
      status.set_code(Code::kUnschedulable);
      status.set_plugin(kNodePorts);
    }
  }
  if (runs(Plugin::kNodeAffinity) && !MatchesNodeSelectorAndAffinity(p, node)) {
    status.AddReason(reasons.node_affinity);
    status.set_code(Code::kUnschedulableAndUnresolvable);
    status.set_plugin(kNodeAffinity);
  }
  if (!status.ok()) return;
  if (const Taint* taint = FirstUntoleratedTaint(p, node);
      taint && runs(Plugin::kTaintToleration)) {
    FailTaint(status, *taint, reasons);
    return;
  }
  // Compare runs a profile with one switch of the other: the filters after
  // the predicates' own keep today's order.
  if (read_write_once_pod_ && claims_in_use_ > 0 &&
      runs(Plugin::kVolumeRestrictions)) {
    Fail(status, Code::kUnschedulable, kVolumeRestrictions,
         kReasonReadWriteOncePodConflict);
    return;
  }
  if (!spread_.empty()) {
    status = FilterSpread(n);
    if (!status.ok()) return;
  }
  if (!affinity_skipped_) status = FilterInterPodAffinity(n);
}

std::string PredicateName(const Status& status, const FilterReasons& reasons) {
  const std::string_view plugin = status.plugin();
  if (status.ok() || plugin.empty()) return "";
  if (plugin == kNodeUnschedulable) return "CheckNodeUnschedulable";
  if (plugin == kTaintToleration) return "PodToleratesNodeTaints";
  if (plugin == kInterPodAffinity) return "MatchInterPodAffinity";
  if (plugin != kNodeResourcesFit && plugin != kNodePorts &&
      plugin != kNodeAffinity) {
    return "";
  }
  // GeneralPredicates reports its parts' reasons together.
  bool resources = false, ports = false, selector = false;
  for (int i = 0; i < status.num_reasons(); ++i) {
    std::string_view reason = status.reason(i);
    resources |= reason.starts_with("Insufficient ");
    ports |= reason == reasons.ports;
    selector |= reason == reasons.node_affinity;
  }
  std::string parts;
  for (auto [failed, name] : {std::pair{resources, "PodFitsResources"},
                              std::pair{ports, "PodFitsHostPorts"},
                              std::pair{selector, "PodMatchNodeSelector"}}) {
    if (!failed) continue;
    if (!parts.empty()) parts += ", ";
    parts += name;
  }
  return parts.empty() ? "GeneralPredicates" : parts;
}

Status RunFiltersWithNominatedPods(CycleState& state, Cluster& cluster,
                                   ObjectIndex n) {
  const Pod& p = cluster.pod(state.pod());
  // Nominated pods of equal or higher priority, not yet bound.
  auto counts = [&](ObjectIndex q) {
    const Pod& other = cluster.pod(q);
    return q != state.pod() && other.uid != p.uid &&
           other.priority >= p.priority && cluster.NodeOf(q) == kNoNode;
  };
  const std::vector<ObjectIndex>& nominated = cluster.NominatedPods(n);
  if (std::none_of(nominated.begin(), nominated.end(), counts)) {
    return state.RunFilters(n);
  }
  // The list does not change while pods are added: nominations are kept
  // apart from the node's pods.
  int added = 0;
  for (ObjectIndex q : nominated) {
    if (!counts(q)) continue;
    cluster.AddPod(q, n);
    state.AddPod(q, n);
    ++added;
  }
  Status pass1 = state.RunFilters(n);
  const std::vector<ObjectIndex>& pods = cluster.info(n).pods;
  for (int i = 0; i < added; ++i) {
    ObjectIndex q = pods.back();  // added last, removed first
    state.RemovePod(q, n);
    cluster.RemovePod(q);
  }
  if (!pass1.ok()) return pass1;
  return state.RunFilters(n);
}

}  // namespace podsim
