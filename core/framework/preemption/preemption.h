// DefaultPreemption: eligibility, potential nodes, the dry run that picks
// minimal victims per node, the tie-break chain, and its effects.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/framework/cycle_state.h"
#include "core/framework/runtime/framework.h"
#include "core/framework/runtime/node_cache.h"
#include "core/framework/trace.h"

namespace podsim {

// Mirrors util.MoreImportantPod: higher priority, then earlier start. A pod
// without startTime started "now" (util.GetPodStartTime): later than any
// start time given, and of two such pods the first asked is the earlier,
// so the answer is true both ways round. Not a strict weak order; sort it
// with GoSortSlice, as upstream does with sort.Slice.
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

// Working space of the evaluator, kept by the queue and reused from cycle
// to cycle and node to node: a queue of preemptors then allocates only what
// it returns. Holds nothing between cycles that a cycle reads.
struct PreemptionScratch {
  explicit PreemptionScratch(int num_nodes) : statuses(num_nodes) {}

  NodeToStatus statuses;  // the dry run's node statuses
  // Preempt: the potential nodes and the candidates found.
  std::vector<ObjectIndex> potential_nodes;
  std::vector<CandidateRef> non_violating_candidates;
  std::vector<CandidateRef> violating_candidates;
  // Victims of candidates whose dry run was not memoized; a deque, so the
  // candidates' references survive growth. The first owned_used are live.
  std::deque<std::vector<Victim>> owned_victims;
  size_t owned_used = 0;
  DryRun fresh;     // the latest dry run that was not memoized
  NodeResult last;  // the latest node's outcome, when not detailed
  // ComputeVictimsOnNode.
  std::vector<ObjectIndex> saved_order;
  // Each potential victim's place on the node, for the v1.37 victim order
  // (NoteVictimPlaces; other pods: stale).
  std::vector<int32_t> place;
  std::vector<ObjectIndex> potential;
  std::vector<ObjectIndex> violating;
  std::vector<ObjectIndex> non_violating;
  std::vector<ObjectIndex> victims;
  std::vector<char> violates;
  std::vector<int64_t> pdb_budget;
};

// DynamicResources' PostFilter answer for a pod without resource claims.
inline constexpr std::string_view kNoClaimsToDeallocate =
    "no new claims to deallocate";

// Mirrors RunPostFilterPlugins' message when no PostFilter plugin succeeded:
// the reasons of the profile's PostFilter plugins, in order, joined with
// ", " (DynamicResources' only under profiles that have it), or
// DefaultPreemption's alone when it failed with an error.
std::string PostFilterMessage(const ProfilePlugins& plugins,
                              const Profile& profile, const Status& preemption);

// Mirrors schedulingCycle when DefaultPreemption is not a PostFilter plugin
// of the profile: no pod is preempted. Makes attempt Unschedulable with the
// event message (fit_error, then what DynamicResources' PostFilter says if
// it runs) and a trace step, and clears the pod's nomination when no
// PostFilter plugin runs at all.
void FailWithoutPreemption(Cluster& cluster, const ProfilePlugins& plugins,
                           const Profile& profile, std::string fit_error,
                           Attempt& attempt);

// Mirrors preemption.Evaluator for one preemptor in one cycle.
class PreemptionEvaluator {
 public:
  // REQUIRES: attempt.nodes holds one entry per node, in node order;
  // scratch.statuses has one entry per node.
  // cache, when given, holds earlier dry runs of alike pods.
  PreemptionEvaluator(Cluster& cluster, CycleState& state, Attempt& attempt,
                      std::optional<uint64_t> seed, NodeCache::Shape* cache,
                      PreemptionScratch& scratch);

  // Mirrors Evaluator.Preempt. Returns Success with the nominated node in
  // attempt.node and attempt.victims (the caller applies the effects), or
  // the status whose message becomes "preemption: <message>".
  // clears_nomination is set when the pod's nomination must be cleared.
  Status Preempt(const NodeToStatus& filter_statuses, bool& clears_nomination);

 private:
  // The steps of Preempt.
  //
  // Mirrors step 1 of Evaluator.Preempt (PodEligibleToPreemptOthers) with
  // its trace: returns why the pod may not preempt, or nullopt.
  std::optional<std::string_view> CheckEligibility(
      const NodeToStatus& filter_statuses);
  // Mirrors findCandidates: returns the candidates, non-violating ones
  // first; the failed nodes' statuses go to scratch_.statuses and their
  // errors to errors.
  const std::vector<CandidateRef>& FindCandidates(
      const NodeToStatus& filter_statuses, std::vector<std::string>& errors);
  // Mirrors nodesWherePreemptionMightHelp: fills scratch_.potential_nodes and
  // gives the others their verdict.
  void FindPotentialNodes(const NodeToStatus& filter_statuses);
  // Mirrors GetOffsetAndNumCandidates' offset: returns where the dry run over
  // count potential nodes starts (0 without a seed).
  int DryRunOffset(int count) const;
  // Mirrors DryRunPreemption over scratch_.potential_nodes: dry-runs nodes
  // until enough candidates are found.
  // REQUIRES: scratch_.potential_nodes is not empty.
  void DryRunPreemption(std::vector<std::string>& errors);
  // Mirrors DryRunPreemption's adding of a node's candidate, up to
  // num_candidates of each kind.
  void AddCandidate(ObjectIndex n, const DryRun& d, bool stable,
                    int num_candidates);
  // Mirrors Evaluator.Preempt without a candidate: returns the dry run's
  // errors, or the FitError of scratch_.statuses.
  Status NoCandidate(const std::vector<std::string>& errors,
                     bool& clears_nomination) const;
  // Mirrors SelectCandidate: puts the chosen node and its victims in
  // attempt_. REQUIRES: candidates is not empty.
  void SelectCandidate(const std::vector<CandidateRef>& candidates);

  // Mirrors PodEligibleToPreemptOthers.
  std::optional<std::string_view> NotEligibleReason(
      const NodeToStatus& statuses) const;
  // Returns the lower-priority pod terminating on the nominated node that
  // keeps the pod from preempting, if any.
  // REQUIRES: the pod has a nominated node.
  std::optional<ObjectIndex> TerminatingOnNominated() const;
  // Returns whether preemption might help on a node with this filter status.
  bool MightHelp(const Status& status) const;
  // Mirrors SelectVictimsOnNode; fills the node's verdict and trace. Serves
  // and fills the cache. stable tells whether the result stays valid for the
  // rest of the cycle (a memoized entry) or only until the next node.
  const DryRun& SelectVictimsOnNode(ObjectIndex n, bool& stable);
  // SelectVictimsOnNode when its result is not memoized; cacheable tells
  // whether to memoize it.
  const DryRun& DryRunOnNode(ObjectIndex n, bool cacheable);
  // Mirrors SelectVictimsOnNode's work: returns the node's status, with its
  // verdict, victims and trace in its NodeResult (a scratch one when not
  // detailed). The node is as it was when it returns.
  Status ComputeVictimsOnNode(ObjectIndex n);

  // The steps of ComputeVictimsOnNode, on scratch_'s lists.
  //
  // Returns the node's entry in the attempt when detailed; otherwise
  // scratch_.last, emptied (it gets no trace).
  NodeResult& ResultEntry(ObjectIndex n);
  // Mirrors SelectVictimsOnNode's potentialVictims: returns the pods of
  // scratch_.saved_order below the preemptor's priority, in node order.
  const std::vector<ObjectIndex>& CollectLowerPriority();
  // Mirrors SelectVictimsOnNode's "No preemption victims found" return:
  // returns that status, recorded in result.
  Status NoLowerPriority(ObjectIndex n, NodeResult& result);
  // Mirrors SelectVictimsOnNode's removePod of each potential victim.
  void RemoveLowerPriority(ObjectIndex n, NodeResult& result);
  // Puts removed back on node n, in its saved pod order.
  void RestoreNode(ObjectIndex n, const std::vector<ObjectIndex>& removed);
  // Mirrors SelectVictimsOnNode's first RunFilterPluginsWithNominatedPods:
  // returns the filter status without the potential victims; when it fails,
  // records it and restores the node.
  Status FilterWithoutLowerPriority(ObjectIndex n, NodeResult& result);
  // Mirrors the sort by util.MoreImportantPod: most important first.
  void SortByImportance(std::vector<ObjectIndex>& pods) const;
  // Mirrors SelectVictimsOnNode's sort of potentialVictims under profile_.
  void SortPotentialVictims();
  // Records the potential victims' places on the node (scratch_.place) for
  // the v1.37 order, when one of them has no start time.
  void NoteVictimPlaces();
  // Mirrors filterPodsWithPDBViolation: splits scratch_.potential into
  // scratch_.violating and scratch_.non_violating.
  void SplitByPdbViolation(NodeResult& result);
  // Mirrors SelectVictimsOnNode's reprieve loops, violating pods first:
  // fills scratch_.victims and returns how many violate a PDB.
  int ReprieveVictims(ObjectIndex n, NodeResult& result);
  // Mirrors reprievePod: puts p back on n and returns whether the pod still
  // fits; when not, p is removed again and becomes a victim.
  bool Reprieve(ObjectIndex n, ObjectIndex p, bool pdb, NodeResult& result);
  // Mirrors dryRunPreemption's check of a node's victims: records them as
  // the node's candidate, or returns the error for a node with none.
  Status RecordVictims(ObjectIndex n, int pdb_violations, NodeResult& result);
  // Returns a copy of victims kept until the end of the cycle.
  const std::vector<Victim>& Own(const std::vector<Victim>& victims);

  std::string PodList(const std::vector<ObjectIndex>& pods) const;
  // The find-candidates step in words: count potential nodes, numCandidates
  // of them wanted, the dry run starting at first.
  std::string FindCandidatesText(int count, int num_candidates,
                                 ObjectIndex first) const;
  // The eligibility step in words when the pod may not preempt.
  std::string NotEligibleText(std::string_view reason) const;

  Cluster& cluster_;
  CycleState& state_;
  Attempt& attempt_;
  std::optional<uint64_t> seed_;
  const Pod& preemptor_;
  const ObjectIndex nominated_;  // the preemptor's nominated node, if any
  const Profile& profile_;
  const bool detailed_;  // record per-node results and trace text
  NodeCache::Shape* cache_;
  PreemptionScratch& scratch_;
  // Dry runs that found victims when the candidate lists were full.
  int dropped_candidates_ = 0;
};

}  // namespace podsim
