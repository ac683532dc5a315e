#include "core/framework/preemption/preemption.h"

#include <algorithm>
#include <climits>
#include <cstdio>

#include "core/base/go_order.h"
#include "core/framework/preemption/pdb.h"

namespace podsim {
namespace {

constexpr const char* kNoVictimsReason =
    "No preemption victims found for incoming pod";
constexpr const char* kNotHelpfulReason =
    "Preemption is not helpful for scheduling";
constexpr int64_t kNow = INT64_MAX;  // start time of a pod without one
// What the sum criterion adds to each victim's priority (math.MaxInt32 + 1).
constexpr int64_t kPriorityOffset = 2147483648LL;

uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

int64_t StartTime(const Pod& pod) { return pod.start_time.value_or(kNow); }

// "2024-05-01T08:00:00Z" for Unix seconds (Howard Hinnant's civil_from_days).
// "1 victim", "2 victims".
std::string Count(int64_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

const char* CriterionName(PickCriterion criterion) {
  switch (criterion) {
    case PickCriterion::kFewestPdbViolations:
      return "fewest PDB violations";
    case PickCriterion::kLowestHighestPriority:
      return "lowest highest-priority victim";
    case PickCriterion::kLowestPrioritySum:
      return "lowest sum of victim priorities";
    case PickCriterion::kFewestVictims:
      return "fewest victims";
    case PickCriterion::kLatestStartTime:
      return "latest start of the highest-priority victims";
  }
  return "";
}

// Mirrors the score functions of pickOneNodeForPreemption: higher is better.
// REQUIRES: victims is not empty.
int64_t CriterionScore(PickCriterion criterion, const Cluster& cluster,
                       const std::vector<Victim>& victims, int pdb_violations) {
  switch (criterion) {
    case PickCriterion::kFewestPdbViolations:
      return -pdb_violations;
    case PickCriterion::kLowestHighestPriority:
      // victims[0]: the first victim, the most important once re-sorted.
      return -static_cast<int64_t>(victims[0].priority);
    case PickCriterion::kLowestPrioritySum: {
      int64_t sum = 0;
      for (const Victim& v : victims)
        sum += int64_t{v.priority} + kPriorityOffset;
      return -sum;
    }
    case PickCriterion::kFewestVictims:
      return -static_cast<int64_t>(victims.size());
    case PickCriterion::kLatestStartTime: {
      // Mirrors GetEarliestPodStartTime.
      int32_t max_priority = victims[0].priority;
      int64_t earliest = StartTime(cluster.pod(victims[0].pod));
      for (const Victim& v : victims) {
        int64_t t = StartTime(cluster.pod(v.pod));
        if (v.priority == max_priority && t < earliest) {
          earliest = t;
        } else if (v.priority > max_priority) {
          max_priority = v.priority;
          earliest = t;
        }
      }
      return earliest;
    }
  }
  return 0;
}

// Mirrors unresolvablePredicateExists: returns the first of the status's
// reasons on the profile's unresolvable list, or nullopt.
std::optional<std::string_view> UnresolvableReason(const Status& status,
                                                   const Profile& profile) {
  const auto& list = profile.unresolvable_reasons;
  for (int i = 0; i < status.num_reasons(); ++i) {
    if (std::find(list.begin(), list.end(), status.reason(i)) != list.end()) {
      return status.reason(i);
    }
  }
  return std::nullopt;
}

std::string NotHelpfulText(const Status& status, const Profile& profile) {
  if (profile.potential_nodes == PotentialNodes::kResolvableReasons) {
    if (std::optional<std::string_view> reason =
            UnresolvableReason(status, profile)) {
      return "Not tried: \"" + std::string(*reason) + "\" is on " +
             std::string(profile.name) +
             "'s list of failures that evicting pods cannot fix.";
    }
  }
  return "Not tried: the filter failure is " +
         std::string(ToString(status.code())) +
         ", which evicting pods cannot fix.";
}

// Mirrors utilerrors.NewAggregate(errs).Error(): one error as it is, more
// as "[a, b]".
std::string AggregateErrors(const std::vector<std::string>& errors) {
  if (errors.size() == 1) return errors[0];
  std::string message = "[";
  for (size_t i = 0; i < errors.size(); ++i) {
    message += (i ? ", " : "") + errors[i];
  }
  return message + "]";
}

}  // namespace

CriterionScores ScoreCandidate(const Cluster& cluster,
                               const std::vector<Victim>& victims,
                               int pdb_violations) {
  CriterionScores scores{};
  // A candidate without victims is only ever taken before any criterion.
  if (victims.empty()) return scores;
  for (int c = 0; c < kNumPickCriteria; ++c) {
    scores[c] = CriterionScore(static_cast<PickCriterion>(c), cluster, victims,
                               pdb_violations);
  }
  return scores;
}

bool MoreImportantPod(const Pod& a, const Pod& b) {
  if (a.priority != b.priority) return a.priority > b.priority;
  // GetPodStartTime(a).Before(GetPodStartTime(b)): each pod without a start
  // is "now" when asked, and a's now is taken first.
  if (!a.start_time && !b.start_time) return true;
  return StartTime(a) < StartTime(b);
}

int NumCandidates(int potential_nodes, const SchedulerConfig& config) {
  int64_t n = potential_nodes;
  int64_t k = n * config.min_candidate_nodes_percentage / 100;
  if (k < config.min_candidate_nodes_absolute)
    k = config.min_candidate_nodes_absolute;
  if (k > n) k = n;
  return static_cast<int>(k);
}

PreemptionEvaluator::PreemptionEvaluator(Cluster& cluster, CycleState& state,
                                         Attempt& attempt,
                                         std::optional<uint64_t> seed,
                                         NodeCache::Shape* cache,
                                         PreemptionScratch& scratch)
    : cluster_(cluster),
      state_(state),
      attempt_(attempt),
      seed_(seed),
      preemptor_(cluster.pod(state.pod())),
      nominated_(cluster.NominatedNodeOf(state.pod())),
      profile_(state.profile()),
      detailed_(attempt.detailed),
      cache_(cache),
      scratch_(scratch) {}

std::string PreemptionEvaluator::PodList(
    const std::vector<ObjectIndex>& pods) const {
  std::string out;
  for (ObjectIndex p : pods) {
    const Pod& pod = cluster_.pod(p);
    if (!out.empty()) out += ", ";
    out += pod.name + " (priority " + std::to_string(pod.priority) + ")";
  }
  return out;
}

std::string PreemptionEvaluator::FindCandidatesText(int count,
                                                    int num_candidates,
                                                    ObjectIndex first) const {
  std::string out =
      std::to_string(count) + " node(s) might be helped by preemption (" +
      (profile_.potential_nodes == PotentialNodes::kResolvableReasons
           ? "none of their failures is on " + std::string(profile_.name) +
                 "'s list of unresolvable ones"
           : std::string("their filter status is Unschedulable, "
                         "not UnschedulableAndUnresolvable")) +
      ")";
  if (!profile_.samples_candidates) {
    return out + "; " + std::string(profile_.name) +
           " dry-runs every one of them (selectNodesForPreemption).";
  }
  out +=
      ". kube-scheduler dry-runs them in turn from a random one and stops "
      "once it has " +
      std::to_string(num_candidates) + " candidate(s) (numCandidates); ";
  const std::string& name = cluster_.node(first).name;
  if (!seed_)
    return out + "without a seed podsim starts at the first, " + name + ".";
  return out + "with this seed podsim starts at " + name + ".";
}

std::optional<std::string_view> PreemptionEvaluator::NotEligibleReason(
    const NodeToStatus& statuses) const {
  if (profile_.honors_preemption_policy &&
      preemptor_.preemption_policy == PreemptionPolicy::kNever) {
    return "not eligible due to preemptionPolicy=Never.";
  }
  if (nominated_ == kNoNode) return std::nullopt;
  const bool by_preemption_only =
      profile_.eligibility == Eligibility::kTerminatingByPreemption;
  // A nominated node that became unusable frees the pod to preempt again.
  if (by_preemption_only &&
      statuses.Get(nominated_).code() == Code::kUnschedulableAndUnresolvable) {
    return std::nullopt;
  }
  if (TerminatingOnNominated()) {
    return "not eligible due to a terminating pod on the nominated node.";
  }
  return std::nullopt;
}

std::optional<ObjectIndex> PreemptionEvaluator::TerminatingOnNominated() const {
  const bool by_preemption_only =
      profile_.eligibility == Eligibility::kTerminatingByPreemption;
  for (ObjectIndex p : cluster_.info(nominated_).pods) {
    const Pod& pod = cluster_.pod(p);
    if (pod.priority < preemptor_.priority && cluster_.Terminating(p) &&
        (cluster_.PreemptedByScheduler(p) || !by_preemption_only)) {
      return p;
    }
  }
  return std::nullopt;
}

std::string PreemptionEvaluator::NotEligibleText(
    std::string_view reason) const {
  const bool never = profile_.honors_preemption_policy &&
                     preemptor_.preemption_policy == PreemptionPolicy::kNever;
  const std::optional<ObjectIndex> p =
      never || nominated_ == kNoNode ? std::nullopt : TerminatingOnNominated();
  if (!p) return "The pod may not preempt: " + std::string(reason);
  const Pod& pod = cluster_.pod(*p);
  const std::string who =
      pod.name + " (priority " + std::to_string(pod.priority) + ")";
  const std::string& node = cluster_.node(nominated_).name;
  if (profile_.eligibility == Eligibility::kAnyTerminating) {
    return "The pod is not eligible for more preemption: " + who +
           ", of lower priority, is terminating on its nominated node " + node +
           ", and " + std::string(profile_.name) +
           " waits while any such pod is terminating "
           "(podEligibleToPreemptOthers).";
  }
  return "The pod may not preempt: " + std::string(reason) + " " + who +
         " is still terminating on " + node +
         " after an earlier preemption: the pod waits for that room rather "
         "than evict more.";
}

bool PreemptionEvaluator::MightHelp(const Status& status) const {
  if (profile_.potential_nodes == PotentialNodes::kUnschedulableCode) {
    return status.code() == Code::kUnschedulable;
  }
  // A node without a recorded failure counts as potential too.
  return !UnresolvableReason(status, profile_);
}

Status PreemptionEvaluator::Preempt(const NodeToStatus& filter_statuses,
                                    bool& clears_nomination) {
  attempt_.preemption.ran = true;
  clears_nomination = false;
  // 1) Eligibility.
  if (std::optional<std::string_view> reason =
          CheckEligibility(filter_statuses)) {
    return Status::Make(Code::kUnschedulable, kDefaultPreemption, *reason);
  }
  // 2) - 4) Potential nodes, then the dry run over them.
  std::vector<std::string> errors;
  const std::vector<CandidateRef>& candidates =
      FindCandidates(filter_statuses, errors);
  if (candidates.empty()) return NoCandidate(errors, clears_nomination);
  // 5) Pick one node.
  SelectCandidate(candidates);
  return Status();
}

std::optional<std::string_view> PreemptionEvaluator::CheckEligibility(
    const NodeToStatus& filter_statuses) {
  if (!profile_.honors_preemption_policy &&
      preemptor_.preemption_policy == PreemptionPolicy::kNever) {
    attempt_.trace.push_back(
        {.step = "eligibility",
         .pods = {},
         .text = "preemptionPolicy: Never is ignored: the field came in v1.15.",
         .fits = std::nullopt,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
  }
  std::optional<std::string_view> reason = NotEligibleReason(filter_statuses);
  if (!reason) return std::nullopt;
  attempt_.preemption.eligible = false;
  attempt_.trace.push_back({.step = "eligibility",
                            .pods = {},
                            .text = NotEligibleText(*reason),
                            .fits = false,
                            .result = "",
                            .pdb_violation = std::nullopt,
                            .status = std::nullopt});
  return reason;
}

const std::vector<CandidateRef>& PreemptionEvaluator::FindCandidates(
    const NodeToStatus& filter_statuses, std::vector<std::string>& errors) {
  // 2) Potential nodes: those whose filter failure preemption may resolve.
  FindPotentialNodes(filter_statuses);
  scratch_.statuses.Reset(
      Status::Make(Code::kUnschedulableAndUnresolvable, "", kNotHelpfulReason));
  std::vector<CandidateRef>& non_violating = scratch_.non_violating_candidates;
  std::vector<CandidateRef>& violating = scratch_.violating_candidates;
  non_violating.clear();
  violating.clear();
  scratch_.owned_used = 0;
  if (!scratch_.potential_nodes.empty()) DryRunPreemption(errors);
  // Non-violating candidates first, then the violating ones.
  non_violating.insert(non_violating.end(), violating.begin(), violating.end());
  return non_violating;
}

void PreemptionEvaluator::FindPotentialNodes(
    const NodeToStatus& filter_statuses) {
  std::vector<ObjectIndex>& potential = scratch_.potential_nodes;
  potential.clear();
  for (int n = 0; n < cluster_.num_nodes(); ++n) {
    if (MightHelp(filter_statuses.Get(n))) {
      potential.push_back(n);
      if (detailed_) attempt_.nodes[n].verdict = Verdict::kNotEvaluated;
    } else if (detailed_) {
      NodeResult& result = attempt_.nodes[n];
      result.verdict = Verdict::kNotHelpful;
      result.trace.push_back(
          {.step = "not-helpful",
           .pods = {},
           .text = NotHelpfulText(filter_statuses.Get(n), profile_),
           .fits = std::nullopt,
           .result = "",
           .pdb_violation = std::nullopt,
           .status = filter_statuses.Get(n)});
    }
  }
  attempt_.preemption.potential_nodes = static_cast<int>(potential.size());
}

int PreemptionEvaluator::DryRunOffset(int count) const {
  if (!seed_ || !profile_.samples_candidates) return 0;
  return static_cast<int>(
      SplitMix64(*seed_ ^ (static_cast<uint64_t>(preemptor_.index) << 20) ^
                 static_cast<uint64_t>(attempt_.attempt)) %
      static_cast<uint64_t>(count));
}

void PreemptionEvaluator::DryRunPreemption(std::vector<std::string>& errors) {
  const std::vector<ObjectIndex>& potential = scratch_.potential_nodes;
  PreemptionSummary& summary = attempt_.preemption;
  // 3) How many candidates to look for, and where to start.
  const int count = static_cast<int>(potential.size());
  // Without sampling every potential node is dry-run from the first.
  const int num_candidates =
      profile_.samples_candidates
          ? NumCandidates(count, cluster_.scenario().config)
          : count;
  const int offset = DryRunOffset(count);
  summary.num_candidates = num_candidates;
  summary.offset = offset;
  if (detailed_)
    attempt_.trace.push_back(
        {.step = "find-candidates",
         .pods = {},
         .text = FindCandidatesText(count, num_candidates, potential[offset]),
         .fits = std::nullopt,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
  // 4) Dry run, stopping early once enough candidates are found.
  const std::vector<CandidateRef>& non_violating =
      scratch_.non_violating_candidates;
  const std::vector<CandidateRef>& violating = scratch_.violating_candidates;
  for (int i = 0, k = offset; i < count; ++i, k = k + 1 == count ? 0 : k + 1) {
    ObjectIndex n = potential[k];
    bool stable = false;
    const DryRun& d = SelectVictimsOnNode(n, stable);
    if (d.status.ok()) {
      AddCandidate(n, d, stable, num_candidates);
      if (!non_violating.empty() &&
          static_cast<int>(non_violating.size() + violating.size()) >=
              num_candidates) {
        break;
      }
      continue;
    }
    if (d.status.code() == Code::kError) errors.push_back(d.status.Message());
    if (stable) {
      scratch_.statuses.SetRef(n, d.status);
    } else {
      scratch_.statuses.Set(n, d.status);
    }
  }
}

void PreemptionEvaluator::AddCandidate(ObjectIndex n, const DryRun& d,
                                       bool stable, int num_candidates) {
  const std::vector<Victim>* victims = stable ? &d.victims : &Own(d.victims);
  auto& list = d.pdb_violations == 0 ? scratch_.non_violating_candidates
                                     : scratch_.violating_candidates;
  if (static_cast<int>(list.size()) >= num_candidates) {
    ++dropped_candidates_;
    return;
  }
  PreemptionSummary& summary = attempt_.preemption;
  ++summary.candidate_count;
  if (detailed_) {
    summary.candidates.push_back(
        {.node = n, .victims = *victims, .pdb_violations = d.pdb_violations});
  }
  list.push_back({.node = n,
                  .victims = victims,
                  .pdb_violations = d.pdb_violations,
                  .scores = d.scores});
}

Status PreemptionEvaluator::NoCandidate(const std::vector<std::string>& errors,
                                        bool& clears_nomination) const {
  if (!errors.empty()) {
    return Status::Owned(Code::kError, kDefaultPreemption,
                         AggregateErrors(errors));
  }
  clears_nomination = scratch_.potential_nodes.empty() ||
                      profile_.clears_nomination_without_candidate;
  // v1.31's FitError counts the NodeToStatusMap, which lacks the nodes
  // whose victims were dropped past numCandidates (0 of them wanted).
  const int num_nodes = profile_.fit_error_counts_all_nodes
                            ? cluster_.num_nodes()
                            : cluster_.num_nodes() - dropped_candidates_;
  return Status::Owned(Code::kUnschedulable, kDefaultPreemption,
                       FitErrorMessage(scratch_.statuses, "", "", num_nodes));
}

void PreemptionEvaluator::SelectCandidate(
    const std::vector<CandidateRef>& candidates) {
  const CandidateRef* best = PickOneNode(
      profile_, candidates, detailed_ ? &attempt_.selection : nullptr);
  attempt_.node = best->node;
  attempt_.victims = *best->victims;
  attempt_.pdb_violations = best->pdb_violations;
}

const std::vector<Victim>& PreemptionEvaluator::Own(
    const std::vector<Victim>& victims) {
  std::deque<std::vector<Victim>>& owned = scratch_.owned_victims;
  if (scratch_.owned_used == owned.size()) owned.emplace_back();
  std::vector<Victim>& copy = owned[scratch_.owned_used++];
  copy.assign(victims.begin(), victims.end());
  return copy;
}

const DryRun& PreemptionEvaluator::SelectVictimsOnNode(ObjectIndex n,
                                                       bool& stable) {
  // The memoized case is most nodes of most cycles: kept small, so that it
  // is inlined into the loop over nodes.
  stable = cache_ != nullptr && n != nominated_;
  if (stable && !detailed_ && cache_->dry_version[n] == cluster_.version(n)) {
    return cache_->dry[n];
  }
  return DryRunOnNode(n, stable);
}

const DryRun& PreemptionEvaluator::DryRunOnNode(ObjectIndex n, bool cacheable) {
  Status status = ComputeVictimsOnNode(n);
  const NodeResult& result = detailed_ ? attempt_.nodes[n] : scratch_.last;
  DryRun& out = cacheable ? cache_->dry[n] : scratch_.fresh;
  out.status = std::move(status);
  out.verdict = result.verdict;
  out.victims.assign(result.victims.begin(), result.victims.end());
  out.pdb_violations = result.pdb_violations;
  out.scores = out.status.ok()
                   ? ScoreCandidate(cluster_, out.victims, out.pdb_violations)
                   : CriterionScores{};
  if (cacheable) cache_->dry_version[n] = cluster_.version(n);
  return out;
}

Status PreemptionEvaluator::ComputeVictimsOnNode(ObjectIndex n) {
  NodeResult& result = ResultEntry(n);
  // The dry run changes the node in place and undoes every change; the pod
  // order is put back too.
  scratch_.saved_order.assign(cluster_.info(n).pods.begin(),
                              cluster_.info(n).pods.end());
  // 1) Remove every pod of lower priority.
  if (CollectLowerPriority().empty() && profile_.no_victims_shortcut) {
    return NoLowerPriority(n, result);
  }
  RemoveLowerPriority(n, result);
  // 2) Does the pod fit with all of them gone?
  if (Status fits = FilterWithoutLowerPriority(n, result); !fits.ok()) {
    return fits;
  }
  // 3) Most important first, then split by PDB violation.
  SortPotentialVictims();
  SplitByPdbViolation(result);
  // 4) Reprieve greedily: violating pods first, each group by importance.
  const int pdb_violations = ReprieveVictims(n, result);
  if (profile_.resorts_victims && !scratch_.violating.empty() &&
      !scratch_.non_violating.empty()) {
    SortByImportance(scratch_.victims);
  }
  RestoreNode(n, scratch_.victims);
  // 5) The result.
  return RecordVictims(n, pdb_violations, result);
}

NodeResult& PreemptionEvaluator::ResultEntry(ObjectIndex n) {
  NodeResult& last = scratch_.last;
  last.victims.clear();
  last.trace.clear();
  last.pdb_violations = 0;
  return detailed_ ? attempt_.nodes[n] : last;
}

const std::vector<ObjectIndex>& PreemptionEvaluator::CollectLowerPriority() {
  std::vector<ObjectIndex>& potential = scratch_.potential;
  potential.clear();
  for (ObjectIndex p : scratch_.saved_order) {
    if (cluster_.pod(p).priority < preemptor_.priority) potential.push_back(p);
  }
  return potential;
}

Status PreemptionEvaluator::NoLowerPriority(ObjectIndex n, NodeResult& result) {
  result.verdict = Verdict::kNoVictims;
  result.preemption = Status::Make(Code::kUnschedulableAndUnresolvable,
                                   kDefaultPreemption, kNoVictimsReason);
  if (detailed_)
    result.trace.push_back({.step = "remove-lower-priority",
                            .pods = {},
                            .text = "No pod on " + cluster_.node(n).name +
                                    " has a priority below " +
                                    std::to_string(preemptor_.priority) +
                                    ": there is nothing to evict.",
                            .fits = std::nullopt,
                            .result = "",
                            .pdb_violation = std::nullopt,
                            .status = std::nullopt});
  return result.preemption;
}

void PreemptionEvaluator::RemoveLowerPriority(ObjectIndex n,
                                              NodeResult& result) {
  const std::vector<ObjectIndex>& potential = scratch_.potential;
  for (ObjectIndex p : potential) {
    cluster_.RemovePod(p);
    RunPreFilterExtensionRemovePod(state_, p, n);
  }
  if (!detailed_) return;
  result.trace.push_back(
      {.step = "remove-lower-priority",
       .pods = potential,
       .text =
           potential.empty()
               ? std::string("No pod has a lower priority; the ") +
                     (profile_.reasons.predicates ? "predicates" : "filters") +
                     " run on the node as it is."
               : "Removed " + std::to_string(potential.size()) +
                     " pod(s) of lower priority: " + PodList(potential) + ".",
       .fits = std::nullopt,
       .result = "",
       .pdb_violation = std::nullopt,
       .status = std::nullopt});
}

void PreemptionEvaluator::RestoreNode(ObjectIndex n,
                                      const std::vector<ObjectIndex>& removed) {
  for (ObjectIndex p : removed) {
    cluster_.AddPod(p, n);
    RunPreFilterExtensionAddPod(state_, p, n);
  }
  cluster_.RestoreOrder(n, scratch_.saved_order);
}

Status PreemptionEvaluator::FilterWithoutLowerPriority(ObjectIndex n,
                                                       NodeResult& result) {
  Status fits = RunFiltersWithNominatedPods(state_, cluster_, n);
  if (fits.ok()) {
    if (detailed_)
      result.trace.push_back({.step = "filter-without-lower-priority",
                              .pods = {},
                              .text = "Without them the pod fits.",
                              .fits = true,
                              .result = "",
                              .pdb_violation = std::nullopt,
                              .status = std::nullopt});
    return fits;
  }
  const std::vector<ObjectIndex>& potential = scratch_.potential;
  RestoreNode(n, potential);
  result.verdict = Verdict::kDoesNotFit;
  result.preemption = fits;
  if (detailed_)
    result.trace.push_back(
        {.step = "filter-without-lower-priority",
         .pods = {},
         .text =
             (potential.empty() ? "The pod does not fit: "
                                : "Even without them the pod does not fit: ") +
             fits.Message() + ".",
         .fits = false,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = fits});
  return fits;
}

void PreemptionEvaluator::SortByImportance(
    std::vector<ObjectIndex>& pods) const {
  // sort.Slice: equal pods keep the node's order only up to 12 of them.
  if (profile_.victim_order == VictimOrder::kPriorityThenVictimStartTime) {
    // MoreImportantVictim: NewVictim read "now" for a pod without a start
    // time once, building the victims in the node's pod order.
    const std::vector<int32_t>& place = scratch_.place;
    GoSortSlice(pods, [&](ObjectIndex a, ObjectIndex b) {
      const Pod& pa = cluster_.pod(a);
      const Pod& pb = cluster_.pod(b);
      if (pa.priority != pb.priority || pa.start_time || pb.start_time) {
        return MoreImportantPod(pa, pb);
      }
      return place[a] < place[b];
    });
    return;
  }
  GoSortSlice(pods, [&](ObjectIndex a, ObjectIndex b) {
    return MoreImportantPod(cluster_.pod(a), cluster_.pod(b));
  });
}

void PreemptionEvaluator::NoteVictimPlaces() {
  // The potential victims are still in the node's pod order (NewVictim's
  // order); only pods without a start time compare by it.
  const std::vector<ObjectIndex>& potential = scratch_.potential;
  if (std::all_of(potential.begin(), potential.end(),
                  [&](ObjectIndex p) { return cluster_.pod(p).start_time; })) {
    return;
  }
  std::vector<int32_t>& place = scratch_.place;
  for (size_t i = 0; i < potential.size(); ++i) {
    const auto p = static_cast<size_t>(potential[i]);
    if (p >= place.size()) place.resize(p + 1);
    place[p] = static_cast<int32_t>(i);
  }
}

void PreemptionEvaluator::SortPotentialVictims() {
  std::vector<ObjectIndex>& potential = scratch_.potential;
  if (profile_.victim_order != VictimOrder::kPriorityOnly) {
    if (profile_.victim_order == VictimOrder::kPriorityThenVictimStartTime) {
      NoteVictimPlaces();
    }
    SortByImportance(potential);
    return;
  }
  // util.HigherPriorityPod; Go's sort keeps equal pods in node order for
  // the few pods a node holds (insertion sort below 7 elements).
  std::stable_sort(potential.begin(), potential.end(),
                   [&](ObjectIndex a, ObjectIndex b) {
                     return cluster_.pod(a).priority > cluster_.pod(b).priority;
                   });
}

void PreemptionEvaluator::SplitByPdbViolation(NodeResult& result) {
  const std::vector<ObjectIndex>& potential = scratch_.potential;
  ClassifyPdbViolations(cluster_.scenario(), potential, profile_.pdb_violation,
                        scratch_.violates, scratch_.pdb_budget);
  std::vector<ObjectIndex>& violating = scratch_.violating;
  std::vector<ObjectIndex>& non_violating = scratch_.non_violating;
  violating.clear();
  non_violating.clear();
  for (size_t i = 0; i < potential.size(); ++i) {
    (scratch_.violates[i] ? violating : non_violating).push_back(potential[i]);
  }
  if (!detailed_) return;
  result.trace.push_back(
      {.step = "pdb-classify",
       .pods = potential,
       .text = violating.empty()
                   ? "No PodDisruptionBudget would be violated by evicting "
                     "any of them."
                   : "Evicting " + PodList(violating) +
                         " would violate a PodDisruptionBudget; they are "
                         "reprieved first.",
       .fits = std::nullopt,
       .result = "",
       .pdb_violation = std::nullopt,
       .status = std::nullopt});
}

int PreemptionEvaluator::ReprieveVictims(ObjectIndex n, NodeResult& result) {
  scratch_.victims.clear();
  int pdb_violations = 0;
  for (ObjectIndex p : scratch_.violating) {
    if (!Reprieve(n, p, true, result)) ++pdb_violations;
  }
  for (ObjectIndex p : scratch_.non_violating) Reprieve(n, p, false, result);
  return pdb_violations;
}

bool PreemptionEvaluator::Reprieve(ObjectIndex n, ObjectIndex p, bool pdb,
                                   NodeResult& result) {
  cluster_.AddPod(p, n);
  RunPreFilterExtensionAddPod(state_, p, n);
  Status status = RunFiltersWithNominatedPods(state_, cluster_, n);
  const Pod& pod = cluster_.pod(p);
  if (status.ok()) {
    if (detailed_)
      result.trace.push_back(
          {.step = "reprieve",
           .pods = {p},
           .text = "Put " + pod.name + " back: the pod still fits.",
           .fits = true,
           .result = "reprieved",
           .pdb_violation = pdb,
           .status = std::nullopt});
    return true;
  }
  cluster_.RemovePod(p);
  RunPreFilterExtensionRemovePod(state_, p, n);
  scratch_.victims.push_back(p);
  if (detailed_)
    result.trace.push_back(
        {.step = "reprieve",
         .pods = {p},
         .text = "Put " + pod.name + " back: the pod no longer fits (" +
                 status.Message() + "), so " + pod.name + " is a victim" +
                 (pdb ? ", violating its PodDisruptionBudget." : "."),
         .fits = false,
         .result = "evicted",
         .pdb_violation = pdb,
         .status = status});
  return false;
}

Status PreemptionEvaluator::RecordVictims(ObjectIndex n, int pdb_violations,
                                          NodeResult& result) {
  const std::vector<ObjectIndex>& victims = scratch_.victims;
  const std::vector<ObjectIndex>& violating = scratch_.violating;
  if (victims.empty() && !profile_.zero_victims_chosen_at_once) {
    result.verdict = Verdict::kNoVictims;
    result.preemption =
        Status::Owned(Code::kError, kDefaultPreemption,
                      "expected at least one victim pod on node \"" +
                          cluster_.node(n).name + "\"");
    return result.preemption;
  }
  result.verdict = Verdict::kCandidate;
  result.preemption = Status();
  result.pdb_violations = pdb_violations;
  for (ObjectIndex p : victims) {
    const bool pdb =
        std::find(violating.begin(), violating.end(), p) != violating.end();
    result.victims.push_back({.pod = p,
                              .node = n,
                              .priority = cluster_.pod(p).priority,
                              .pdb_violation = pdb,
                              .gone_ms = 0,
                              .already_terminating = false});
  }
  if (detailed_)
    result.trace.push_back(
        {.step = "result",
         .pods = victims,
         .text = victims.empty()
                     ? "Candidate: the pod fits without evicting anything."
                     : "Candidate: evict " + std::to_string(victims.size()) +
                           " pod(s): " + PodList(victims) + "; " +
                           std::to_string(pdb_violations) +
                           " PDB violation(s).",
         .fits = std::nullopt,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
  return Status();
}

namespace {

// PickOneNode without its record, in one pass: keeping the best of each
// criterion in turn, ties going to the first in node order, keeps the
// candidate whose scores, in the profile's order, are greatest, with the
// lowest node index among equals.
const CandidateRef* PickOneNodeUnrecorded(
    const Profile& profile, const std::vector<CandidateRef>& candidates) {
  const CandidateRef* best = nullptr;
  if (profile.zero_victims_chosen_at_once) {
    for (const CandidateRef& c : candidates) {
      if (c.victims->empty() && (!best || c.node < best->node)) best = &c;
    }
    if (best) return best;
  }
  for (const CandidateRef& c : candidates) {
    if (!best) {
      best = &c;
      continue;
    }
    int order = 0;  // > 0: c is better, < 0: best is
    for (PickCriterion criterion : profile.pick_criteria) {
      int64_t a = c.scores[static_cast<int>(criterion)];
      int64_t b = best->scores[static_cast<int>(criterion)];
      if (a != b) {
        order = a > b ? 1 : -1;
        break;
      }
    }
    if (order > 0 || (order == 0 && c.node < best->node)) best = &c;
  }
  return best;
}

// Appends the record of one criterion: each candidate's raw score, and the
// number a person compares with its words ("2 victims", "sum 90"), the
// nodes with the best score, and a note where the numbers alone do not tell
// why.
void RecordCriterion(const Profile& profile, PickCriterion criterion,
                     const std::vector<const CandidateRef*>& nodes,
                     const std::vector<int64_t>& scores, int64_t best,
                     SelectionStep& step) {
  step.criterion = CriterionName(criterion);
  // The 2^31 per victim cancels out unless the victim counts differ.
  bool counts_differ = false;
  bool without_start = false;
  bool first_not_highest = false;
  for (const CandidateRef* c : nodes) {
    counts_differ |= c->victims->size() != nodes[0]->victims->size();
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const std::vector<Victim>& victims = *nodes[i]->victims;
    const int64_t score = scores[i];
    std::optional<int64_t> value;
    std::string text;
    switch (criterion) {
      case PickCriterion::kFewestPdbViolations:
        value = -score;
        text = Count(*value, "PDB violation");
        break;
      case PickCriterion::kLowestHighestPriority: {
        value = -score;
        int64_t highest = *value;
        for (const Victim& v : victims) {
          highest = std::max(highest, int64_t{v.priority});
        }
        if (highest == *value) {
          text = "highest victim priority " + std::to_string(*value);
        } else {
          // v1.14 does not re-sort, so a PDB-violating victim can be first.
          first_not_highest = true;
          text = "first victim priority " + std::to_string(*value) +
                 " (highest " + std::to_string(highest) + ")";
        }
        break;
      }
      case PickCriterion::kLowestPrioritySum: {
        const auto count = static_cast<int64_t>(victims.size());
        value = -score - count * kPriorityOffset;
        text = "sum " + std::to_string(*value);
        if (counts_differ) text += " + " + std::to_string(count) + " × 2^31";
        break;
      }
      case PickCriterion::kFewestVictims:
        value = -score;
        text = Count(*value, "victim");
        break;
      case PickCriterion::kLatestStartTime:
        if (score == kNow) {
          without_start = true;
          text = "no startTime (counts as now)";
        } else {
          value = score;
          text = "started " + FormatTime(score);
        }
        break;
    }
    step.scores.emplace_back(nodes[i]->node, score);
    step.values.push_back(value);
    step.display.push_back(std::move(text));
    if (score == best) step.kept.push_back(nodes[i]->node);
  }
  if (criterion == PickCriterion::kLowestPrioritySum && counts_differ) {
    step.note =
        "Each victim counts its priority plus 2^31, as kube-scheduler adds "
        "it so that negative priorities never make more victims look "
        "cheaper; the victim counts differ here, so the 2^31s do not cancel.";
  } else if (criterion == PickCriterion::kLatestStartTime && without_start) {
    step.note =
        "A victim without status.startTime counts as started now: later than "
        "any start time given.";
  } else if (first_not_highest) {
    step.note = std::string(profile.name) +
                " reads the first victim's priority as the highest; it keeps "
                "PDB-violating victims first, so the first is not always the "
                "highest.";
  }
}

}  // namespace

const CandidateRef* PickOneNode(const Profile& profile,
                                const std::vector<CandidateRef>& candidates,
                                std::vector<SelectionStep>* selection) {
  if (candidates.size() == 1) return &candidates[0];
  if (!selection) return PickOneNodeUnrecorded(profile, candidates);
  // Candidates are considered in node input order (upstream: map order).
  // They come in that order unless the dry run wrapped around or some
  // violate a PDB, so the sort is mostly skipped.
  std::vector<const CandidateRef*> nodes;
  nodes.reserve(candidates.size());
  for (const CandidateRef& c : candidates) nodes.push_back(&c);
  auto by_node = [](const CandidateRef* a, const CandidateRef* b) {
    return a->node < b->node;
  };
  if (!std::is_sorted(nodes.begin(), nodes.end(), by_node)) {
    std::sort(nodes.begin(), nodes.end(), by_node);
  }

  // v1.14 returned a node needing no victims as soon as it met one.
  if (profile.zero_victims_chosen_at_once) {
    for (const CandidateRef* c : nodes) {
      if (!c->victims->empty()) continue;
      SelectionStep step;
      step.criterion = "needs no victims (taken at once)";
      step.kept.push_back(c->node);
      step.note = std::string(profile.name) +
                  " takes a candidate that needs no victims as soon as it "
                  "meets one (pickOneNodeForPreemption).";
      if (selection) selection->push_back(std::move(step));
      return c;
    }
  }
  std::vector<int64_t> scores(nodes.size());
  for (PickCriterion criterion : profile.pick_criteria) {
    int64_t best = INT64_MIN;
    for (size_t i = 0; i < nodes.size(); ++i) {
      scores[i] = nodes[i]->scores[static_cast<int>(criterion)];
      best = std::max(best, scores[i]);
    }
    if (selection) {
      RecordCriterion(profile, criterion, nodes, scores, best,
                      selection->emplace_back());
    }
    // Keep the best, in order.
    size_t kept = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (scores[i] == best) nodes[kept++] = nodes[i];
    }
    nodes.resize(kept);
    scores.resize(kept);
    if (nodes.size() == 1) return nodes[0];
  }
  if (selection) {
    SelectionStep& tie = selection->emplace_back();
    tie.criterion = "first in node order (final tie)";
    tie.kept.push_back(nodes[0]->node);
    tie.note =
        "Still tied after every criterion: kube-scheduler takes the first "
        "candidate it meets, in Go map order, so any of them; podsim takes the "
        "first in node order.";
  }
  return nodes[0];
}

std::string PostFilterMessage(const ProfilePlugins& plugins,
                              const Profile& profile,
                              const Status& preemption) {
  const std::string own = "preemption: " + preemption.Message();
  if (preemption.code() == Code::kError) return own;
  std::string out;
  for (Plugin plugin : plugins.Order(ExtensionPoint::kPostFilter)) {
    std::string_view reason;
    if (plugin == Plugin::kDynamicResources && profile.dra_postfilter) {
      reason = kNoClaimsToDeallocate;
    } else if (plugin == Plugin::kDefaultPreemption) {
      reason = own;
    } else {
      continue;
    }
    if (!out.empty()) out += ", ";
    out += reason;
  }
  return out;
}

void FailWithoutPreemption(Cluster& cluster, const ProfilePlugins& plugins,
                           const Profile& profile, std::string fit_error,
                           Attempt& attempt) {
  attempt.outcome = Outcome::kUnschedulable;
  attempt.node = kNoNode;
  attempt.message = std::move(fit_error);
  const bool dra =
      profile.dra_postfilter &&
      plugins.Runs(ExtensionPoint::kPostFilter, Plugin::kDynamicResources);
  std::string text =
      "DefaultPreemption is not a PostFilter plugin of this profile (the "
      "KubeSchedulerConfiguration's plugins leave it out): no pod is "
      "preempted.";
  if (dra && profile.postfilter_in_message) {
    attempt.message += " " + std::string(kNoClaimsToDeallocate);
    text += " The message ends with \"" + std::string(kNoClaimsToDeallocate) +
            "\", the DynamicResources PostFilter's answer for a pod without "
            "resource claims.";
  }
  // With no PostFilter plugin at all, schedulingCycle returns
  // clearNominatedNode (v1.19+ clears nominations the same way).
  const ObjectIndex nominated = cluster.NominatedNodeOf(attempt.pod);
  if (!plugins.has_post_filter() && nominated != kNoNode &&
      profile.clears_nomination_without_candidate) {
    text += " No PostFilter plugin runs, so the nomination of " +
            cluster.node(nominated).name + " is cleared.";
    cluster.Nominate(attempt.pod, kNoNode);
  }
  attempt.trace.push_back({.step = "postfilter",
                           .pods = {},
                           .text = std::move(text),
                           .fits = std::nullopt,
                           .result = "",
                           .pdb_violation = std::nullopt,
                           .status = std::nullopt});
}

}  // namespace podsim
