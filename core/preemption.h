// DefaultPreemption: eligibility, potential nodes, the dry run that picks
// minimal victims per node, the tie-break chain, and its effects.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>

#include "core/filters.h"
#include "core/node_cache.h"
#include "core/trace.h"

namespace podsim {

inline constexpr std::string_view kDefaultPreemption = "DefaultPreemption";

// Mirrors util.MoreImportantPod, made total: higher priority, then earlier
// start (a pod without startTime is newer than any with one; among those,
// the earlier in the input is older), then smaller UID.
bool MoreImportantPod(const Pod& a, const Pod& b);

// Mirrors calculateNumCandidates.
int NumCandidates(int potential_nodes, const SchedulerConfig& config);

// Returns the score of each pick criterion, which depend on the victims
// alone: computed once per dry run.
CriterionScores ScoreCandidate(const Cluster& cluster,
                               const std::vector<Victim>& victims,
                               int pdb_violations);

// A candidate while the dry run goes on: its victims are referenced where
// they are kept (a memoized dry run, or the evaluator's own copies).
struct CandidateRef {
  ObjectIndex node = 0;
  const std::vector<Victim>* victims = nullptr;
  int pdb_violations = 0;
  CriterionScores scores{};  // ScoreCandidate of the above
};

// Mirrors SelectCandidate / pickOneNodeForPreemption under profile: returns
// the chosen candidate and, when selection is given, appends each criterion
// applied. Candidates are considered in node order (upstream: map order).
// REQUIRES: candidates is not empty; each one's scores are ScoreCandidate's.
const CandidateRef* PickOneNode(const Profile& profile,
                                const std::vector<CandidateRef>& candidates,
                                std::vector<SelectionStep>* selection);

// Mirrors preemption.Evaluator for one preemptor in one cycle.
class PreemptionEvaluator {
 public:
  // REQUIRES: attempt.nodes holds one entry per node, in node order.
  // cache, when given, holds earlier dry runs of alike pods.
  // statuses is scratch space for the dry run's node statuses.
  PreemptionEvaluator(Cluster& cluster, CycleState& state, Attempt& attempt,
                      std::optional<uint64_t> seed, NodeCache::Shape* cache,
                      NodeToStatus& statuses);

  // Mirrors Evaluator.Preempt. Returns Success with the nominated node in
  // attempt.node and attempt.victims (the caller applies the effects), or
  // the status whose message becomes "preemption: <message>".
  // clears_nomination is set when the pod's nomination must be cleared.
  Status Preempt(const NodeToStatus& filter_statuses, bool& clears_nomination);

 private:
  // Mirrors PodEligibleToPreemptOthers.
  std::optional<std::string_view> NotEligibleReason(
      const NodeToStatus& statuses) const;
  // Returns whether preemption might help on a node with this filter status.
  bool MightHelp(const Status& status) const;
  // Mirrors SelectVictimsOnNode; fills the node's verdict and trace. Serves
  // and fills the cache. stable tells whether the result stays valid for the
  // rest of the cycle (a memoized entry) or only until the next node.
  const DryRun& SelectVictimsOnNode(ObjectIndex n, bool& stable);
  Status ComputeVictimsOnNode(ObjectIndex n);

  std::string PodList(const std::vector<ObjectIndex>& pods) const;

  Cluster& cluster_;
  CycleState& state_;
  Attempt& attempt_;
  std::optional<uint64_t> seed_;
  const Pod& preemptor_;
  const Profile& profile_;
  const bool detailed_;  // record per-node results and trace text
  NodeCache::Shape* cache_;
  NodeToStatus& statuses_;
  DryRun fresh_;  // the latest dry run that was not memoized
  std::deque<std::vector<Victim>> owned_victims_;
  NodeResult last_;  // the latest node's outcome
  // Scratch space for SelectVictimsOnNode, reused from node to node.
  std::vector<ObjectIndex> saved_order_;
  std::vector<ObjectIndex> potential_;
  std::vector<ObjectIndex> violating_;
  std::vector<ObjectIndex> non_violating_;
  std::vector<ObjectIndex> victims_;
  std::vector<char> violates_;
  std::vector<int64_t> pdb_budget_;
};

}  // namespace podsim
