// The default Filter plugins in upstream order, their PreFilter state, and
// the two-pass filter with nominated pods.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/config/plugins.h"
#include "core/config/profile.h"
#include "core/framework/node_info.h"
#include "core/framework/plugins/volume_restrictions.h"
#include "core/framework/status.h"

namespace podsim {

// Counts keyed by topology pair ("<key>\x1f<value>").
using TopologyCounts = std::unordered_map<std::string, int64_t>;

// Mirrors the CycleState the PreFilter plugins write for one pod, with the
// PreFilterExtensions (AddPod / RemovePod) that keep it in step when the
// dry run or the nominated-pods pass changes a node. The plugins that run,
// and their order, are the scenario's (SchedulerConfig::plugins).
class CycleState {
 public:
  // Runs PreFilter for pod against the cluster as it is now, with the
  // filters and reasons of profile. REQUIRES: profile outlives the state.
  CycleState(const Cluster& cluster, ObjectIndex pod,
             const Profile& profile = CurrentProfile());

  ObjectIndex pod() const { return pod_; }
  const Profile& profile() const { return profile_; }
  // A PreFilter rejection (every node gets it), or Success.
  const Status& prefilter_status() const { return prefilter_status_; }
  // NodeAffinity's PreFilterResult: the only nodes worth filtering.
  const std::optional<std::vector<ObjectIndex>>& prefilter_nodes() const {
    return prefilter_nodes_;
  }

  // Mirrors RunPreFilterExtensionAddPod / RemovePod for a pod on node n.
  // Most pods neither spread, use inter-pod affinity nor a ReadWriteOncePod
  // claim in use: then there is no state to update, and the dry run's many
  // calls cost a branch each.
  void AddPod(ObjectIndex p, ObjectIndex n) {
    if (TracksPods()) Update(p, n, +1);
  }
  void RemovePod(ObjectIndex p, ObjectIndex n) {
    if (TracksPods()) Update(p, n, -1);
  }

  // Filters run in the profile's order (upstream's by default) and stop at
  // the first failure.
  Status RunFilters(ObjectIndex n) const;

  // Returns whether a node's verdict may depend on other nodes' pods: the
  // pod spreads, or inter-pod (anti-)affinity is in play, or its
  // ReadWriteOncePod claim is in use, or PreFilter narrowed or rejected the
  // nodes.
  bool DependsOnOtherNodes() const {
    return TracksPods() || prefilter_nodes_ || !prefilter_status_.ok();
  }

 private:
  struct Spread {
    const TopologySpreadConstraint* constraint;
    std::unordered_map<std::string, int64_t> match_num;  // by domain value
    std::map<int64_t, int> count_histogram;  // for the global minimum
    bool self_match = false;
  };

  // Whether PodTopologySpread, InterPodAffinity or VolumeRestrictions keep
  // per-pod state: the pod spreads, inter-pod (anti-)affinity is in play,
  // or a ReadWriteOncePod claim of the pod is in use.
  bool TracksPods() const {
    return !spread_.empty() || !affinity_skipped_ || read_write_once_pod_;
  }
  // Returns false when it rejects the pod (prefilter_status_).
  bool PreFilterNodeAffinity();
  void PreFilterSpread();
  void PreFilterInterPodAffinity();
  bool OwnTermCandidates(std::vector<ObjectIndex>& out) const;
  void CountOwnTerms(const Pod& existing, const Node& node);
  void Update(ObjectIndex p, ObjectIndex n, int delta);
  bool SpreadCountsNode(const Spread& s, ObjectIndex n) const;
  void SetMatchNum(Spread& s, const std::string& value, int64_t count);

  // The steps of RunFilters, each adding to status.
  //
  // Mirrors one Filter plugin of RunFilterPlugins on node n.
  void RunFilter(Plugin plugin, ObjectIndex n, Status& status) const;
  // Mirrors v1.14's podFitsOnNode: the default predicates in their order,
  // those whose plugins the profile disables left out.
  void RunPredicates(ObjectIndex n, Status& status) const;

  Status FilterSpread(ObjectIndex n) const;
  // REQUIRES: !affinity_skipped_ (RunFilters passes the filter otherwise).
  Status FilterInterPodAffinity(ObjectIndex n) const;
  Status Affinity(Code code, std::string_view reason) const;

  const Cluster& cluster_;
  ObjectIndex pod_;
  const Profile& profile_;
  const std::vector<Plugin>& filters_;  // the Filter plugins, in order
  Status prefilter_status_;
  std::optional<std::vector<ObjectIndex>> prefilter_nodes_;
  std::vector<Spread> spread_;
  bool affinity_skipped_ = true;
  TopologyCounts existing_anti_affinity_;
  TopologyCounts affinity_;
  TopologyCounts anti_affinity_;
  // VolumeRestrictions' preFilterState: its ReadWriteOncePod rule is in play
  // (PreFilter did not skip), and the conflicting claim references.
  bool read_write_once_pod_ = false;
  int claims_in_use_ = 0;
  const PodClaims* claims_ = nullptr;  // the pod's, when it names any
};

// Mirrors RunFilterPluginsWithNominatedPods: pass 1 with the pods nominated
// to n whose priority is >= the pod's, pass 2 without them if any were
// added and pass 1 passed. Changes the cluster and state only for the call.
Status RunFiltersWithNominatedPods(CycleState& state, Cluster& cluster,
                                   ObjectIndex n);

// Mirrors NodeAffinity's required part: nodeSelector and required terms.
bool MatchesNodeSelectorAndAffinity(const Pod& pod, const Node& node);

// Mirrors v1helper.TolerationsTolerateTaint for NoSchedule/NoExecute taints:
// returns the first untolerated one, or nullptr.
const Taint* FirstUntoleratedTaint(const Pod& pod, const Node& node);

// Returns the v1.14 predicate that wrote a failed status:
// "CheckNodeUnschedulable", "PodToleratesNodeTaints", "MatchInterPodAffinity",
// or the parts of GeneralPredicates that failed ("PodFitsResources",
// "PodFitsResources, PodFitsHostPorts", ...; they report together); "" for
// a success or a status no filter wrote.
std::string PredicateName(const Status& status, const FilterReasons& reasons);

}  // namespace podsim
