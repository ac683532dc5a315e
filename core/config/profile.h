// Semantics profiles: which kube-scheduler release the engine mirrors. A
// profile is data (reason texts, the unresolvable-failure list, the node
// pick criteria) plus a few named switches that filters, preemption and the
// queue read; the algorithm keeps one shape for every profile.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsim {

// How preemption finds the nodes where it might help.
enum class PotentialNodes {
  // Mirrors NodesForStatusCode(Unschedulable) (v1.31+).
  kUnschedulableCode,
  // Mirrors nodesWherePreemptionMightHelp of generic_scheduler (v1.14): a
  // node is potential unless one of its reasons is on the unresolvable list.
  kResolvableReasons,
};

// The order victims are reprieved in (most important first).
enum class VictimOrder {
  kPriorityThenStartTime,  // util.MoreImportantPod
  // MoreImportantVictim (v1.37): a victim's start time is read once, as its
  // Victim is built in the node's pod order, so of two without a start time
  // the one earlier on the node is more important.
  kPriorityThenVictimStartTime,
  kPriorityOnly,  // util.HigherPriorityPod; ties keep node order
};

// When evicting a victim counts as a PodDisruptionBudget violation.
enum class PdbViolation {
  // Mirrors filterPodsWithPDBViolation (v1.16+): each matching budget is
  // spent pod by pod; pods in disruptedPods are skipped.
  kPerPodBudget,
  // v1.14: any matching PDB with disruptionsAllowed <= 0.
  kAnyExhaustedBudget,
  // Mirrors FilterVictimsWithPDBViolation (v1.37): as kPerPodBudget, but a
  // pod stops at the first budget it takes below zero; the budgets after
  // it keep their room (upstream lists the budgets in map order; podsim in
  // input order).
  kPerPodUntilViolated,
};

// Which pods on the nominated node keep a preemptor from preempting again.
enum class Eligibility {
  // v1.26+: a lower-priority pod terminating *by preemption*; a nominated
  // node that became unresolvable frees the pod.
  kTerminatingByPreemption,
  // v1.14: any lower-priority pod with a deletionTimestamp.
  kAnyTerminating,
};

// Which pods in the unschedulable pool a cluster event moves.
enum class Requeue {
  // SchedulerQueueingHints (v1.32+): those whose rejecting plugins' hint
  // functions say Queue for the event.
  kQueueingHints,
  // v1.28 patches to v1.31, the gate off: those rejected by a plugin that
  // registered the event (EventsToRegister), every hint read as Queue
  // (defaultQueueingHintFn); an assigned pod's add or update first keeps
  // only the pods with a cross-topology term
  // (getUnschedulablePodsWithCrossTopologyTerm).
  kRegisteredEvents,
  // v1.14: a deleted pod moves every waiting pod (MoveAllToActiveQueue).
  kMoveAll,
};

// One criterion of pickOneNodeForPreemption, in the order applied.
enum class PickCriterion {
  kFewestPdbViolations,
  kLowestHighestPriority,
  kLowestPrioritySum,
  kFewestVictims,
  kLatestStartTime,
};
inline constexpr int kNumPickCriteria = 5;
static_assert(static_cast<int>(PickCriterion::kLatestStartTime) + 1 ==
              kNumPickCriteria);
// A candidate's score under each criterion, indexed by PickCriterion;
// higher is better.
using CriterionScores = std::array<int64_t, kNumPickCriteria>;

// The failure reasons filters write, as the release spells them.
struct FilterReasons {
  std::string_view unschedulable;
  std::string_view taint;
  std::string_view node_affinity;
  std::string_view too_many_pods;
  std::string_view ports;
  std::string_view affinity;
  std::string_view anti_affinity;
  std::string_view existing_anti_affinity;
  // VolumeRestrictions' ErrReasonReadWriteOncePodConflict (#129145, v1.33,
  // reworded it).
  std::string_view read_write_once_pod_conflict;
  // v1.14's MatchInterPodAffinity adds this before its specific reason.
  std::string_view affinity_umbrella;
  // v1.25 to early v1.34: taint is followed by the first untolerated
  // NoSchedule or NoExecute taint, " {<key>: <value>}"; #134740 made the
  // reason generic.
  bool names_taint = false;
  // v1.14 filtered with predicates: the result and the trace name those
  // (PredicateName) where the current scheduler names plugins.
  bool predicates = false;

  bool operator==(const FilterReasons&) const = default;
};

struct Profile {
  std::string_view name;                // "current", "v1.31", "v1.14"
  std::string_view kubernetes_version;  // the release it mirrors
  std::string_view summary;             // one line for people

  // Filtering.
  FilterReasons reasons;
  // v1.14's predicate order: GeneralPredicates (resources, host ports and
  // node selector, reported together) before taints; the affinity predicate
  // checks existing pods' anti-affinity first.
  bool predicate_order = false;
  bool topology_spread = true;          // PodTopologySpread exists (v1.16+)
  bool node_affinity_prefilter = true;  // PreFilter narrows by node name
  bool nominated_node_first = true;     // v1.22+ tries it before the rest
  // VolumeRestrictions' PreFilter: the ReadWriteOncePod rule (v1.22+) and
  // the rejection of a pod whose PersistentVolumeClaim does not exist.
  bool read_write_once_pod = true;
  // NodeResourcesFit (#131345, v1.34+): a request above the node's
  // allocatable is UnschedulableAndUnresolvable, so preemption skips the
  // node; before, Unschedulable like any shortage.
  bool unresolvable_over_allocatable = true;
  // NodeResourcesBalancedAllocation scores the change in balance the pod
  // makes, 50 + (50 + with - without) / 2 (balancedResourceScorer, v1.37);
  // before, the balance with the pod.
  bool balanced_allocation_change = false;
  // PodLevelResources (beta on from v1.34): spec.resources.requests replace
  // the containers' sum; before, the API server drops the field.
  bool pod_level_resources = true;
  // NodePorts counts the hostPorts of sidecars (restartable init
  // containers) (#132040, v1.34 and late v1.33 patches); before, only
  // regular containers' ports.
  bool sidecar_host_ports = true;
  // A placed pod's non-zero requests (NodeInfo's NonZeroRequested, which
  // NodeResourcesFit scores with) count its sidecars as its requests do
  // (#127878, v1.32); before, as init containers.
  bool sidecar_nonzero_requests = true;

  // Preemption.
  bool honors_preemption_policy = true;  // preemptionPolicy exists (v1.15+)
  Eligibility eligibility = Eligibility::kTerminatingByPreemption;
  PotentialNodes potential_nodes = PotentialNodes::kUnschedulableCode;
  std::span<const std::string_view> unresolvable_reasons;
  bool samples_candidates = true;  // numCandidates, offset and early stop
  // A node with no lower-priority pods is rejected without running filters
  // ("No preemption victims found for incoming pod", v1.27+).
  bool no_victims_shortcut = true;
  VictimOrder victim_order = VictimOrder::kPriorityThenStartTime;
  bool resorts_victims = true;  // victims re-sorted after the reprieve
  PdbViolation pdb_violation = PdbViolation::kPerPodBudget;
  // A successful preemption's message: the FitError, then DefaultPreemption's
  // "preemption: found a potential placement for pod on node <n>,
  // preempting <k> victims" (#140180, v1.37); before, the FitError alone.
  bool reports_successful_preemption = false;
  // A candidate needing no victims: an error (v1.19+) or taken at once.
  bool zero_victims_chosen_at_once = false;
  std::span<const PickCriterion> pick_criteria;
  // No candidate: the nomination is cleared (v1.19+) or kept (v1.14).
  bool clears_nomination_without_candidate = true;
  // No candidate: the FitError says 0/N of every node (v1.32+), or counts
  // only the nodes with a status (a NodeToStatusMap's length, v1.31), so a
  // node whose dry run found victims past numCandidates is left out.
  bool fit_error_counts_all_nodes = true;

  // The event message: the FitError, then "preemption: ..." (v1.23+), with
  // DynamicResources' "no new claims to deallocate, " before it (v1.34+).
  bool postfilter_in_message = true;
  bool dra_postfilter = true;

  // The scheduling queue (pkg/scheduler/backend/queue): how long a pod may
  // wait in the unschedulable pool before the 30 s flush retries it (5 min;
  // v1.14's unschedulableQ: 60 s).
  int64_t unschedulable_timeout_seconds = 300;
  // Which waiting pods an event moves.
  Requeue requeue = Requeue::kQueueingHints;
  // InterPodAffinity's hint on a pod's deletion (#135325 v1.36, #139161
  // v1.37): the deleted pod matches any of the waiting pod's anti-affinity
  // terms, or the waiting pod any of the deleted pod's, and a nominated
  // pod's deletion counts; before, all of the waiting pod's own terms, and
  // only a bound pod's.
  bool anti_affinity_hint_any_term = false;
  // The 30 s flush and a gated pod (#139162, v1.37): the flush's wildcard
  // event re-checks a pod DefaultPreemption's PreEnqueue gated once it has
  // waited 5 minutes since it failed or since the last flush that found it
  // gated (FlushTimestamp); before, only a pod's deletion moved a gated pod.
  bool flush_moves_gated = false;
  // SchedulerPopFromBackoffQ (v1.33+): with activeQ empty, the backoffQ's
  // head is popped at once; backoff expiries are whole-second windows.
  bool pop_from_backoff = true;
  // v1.34+ (#133167): victims already terminating get no second deletion;
  // when every victim is, preemption does nothing more (no nomination of
  // lower-priority pods is cleared).
  bool skips_terminating_victims = true;
  // SchedulerAsyncPreemption (v1.33+): a preemption's API calls run beside
  // the scheduling cycle, the preemptor held back until its last victim's
  // deletion has landed; before, the cycle made them itself.
  bool async_preemption = true;
};

// The profile the engine uses unless told otherwise (v1.37).
const Profile& CurrentProfile();

// Returns the profile with this name, or nullptr.
const Profile* FindProfile(std::string_view name);

// Returns every profile, the current one first.
std::span<const Profile* const> AllProfiles();

// Returns "current, v1.31, v1.14" for messages that list the valid names.
std::string ProfileNames();

// One switch of a profile, named for people; Compare uses these to find the
// rule that made a difference.
struct ProfileSwitch {
  std::string_view name;  // e.g. "victim order"
  // Copies this switch's setting from one profile into another.
  void (*copy)(Profile& to, const Profile& from);
  // Returns whether two profiles set it alike.
  bool (*same)(const Profile& a, const Profile& b);
  // What a profile with this setting does, as a clause after its name.
  std::string (*describe)(const Profile& p);
};

// Returns every switch, in the order the cycle meets them.
std::span<const ProfileSwitch> ProfileSwitches();

}  // namespace podsim
