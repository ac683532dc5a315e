// One scheduling cycle, in upstream's steps (schedule_one.go): the
// queue's pod is filtered (its nominated node first), scored and bound or,
// when no node fits, handed to DefaultPreemption, whose victims are
// deleted and whose nomination goes back to the queue with the pod.
#include <algorithm>

#include "core/base/go_order.h"
#include "core/framework/preemption/preemption.h"
#include "core/framework/runtime/framework.h"
#include "core/scheduler/scheduler.h"

namespace podsim {
namespace {

constexpr int64_t kSecond = 1000;

int64_t Millis(int64_t seconds) { return seconds * kSecond; }

// v1.34+ runs DynamicResources' PostFilter first; for a pod without claims
// it adds this reason before DefaultPreemption's.
constexpr const char* kDraReason = "no new claims to deallocate";

// Mirrors numFeasibleNodesToFind.
int NumFeasibleNodesToFind(int num_nodes, int32_t percentage) {
  if (num_nodes < 100) return num_nodes;
  int64_t pct = percentage;
  if (pct == 0) {
    pct = 50 - num_nodes / 125;
    if (pct < 5) pct = 5;
  }
  int64_t k = int64_t{num_nodes} * pct / 100;
  return static_cast<int>(std::max<int64_t>(k, 100));
}

// Mirrors selectHost since v1.34, without a scoring extender (every
// Randomizer is 0): the scores, in the order the filters found the nodes,
// go into a container/heap (nodeScoreHeap: the higher total nearer the top)
// and the top is popped. Among nodes tied at the top score the heap's sift
// decides, over the snapshot's order from where this cycle's search began.
// Records each node's score when detailed. REQUIRES: scores is not empty.
const NodeScore& SelectHost(const std::vector<NodeScore>& scores,
                            Attempt& attempt) {
  std::vector<const NodeScore*> heap;
  heap.reserve(scores.size());
  for (const NodeScore& s : scores) {
    if (attempt.detailed) attempt.nodes[s.node].score = s;
    heap.push_back(&s);
  }
  GoHeapInit(heap, [](const NodeScore* a, const NodeScore* b) {
    return a->total > b->total;
  });
  return *heap[0];
}

}  // namespace

std::string Scheduler::VictimTimes(const Attempt& attempt) const {
  int64_t last = clock_.now();
  int64_t grace = -1;
  bool same_grace = true;
  for (const Victim& v : attempt.victims) {
    last = std::max(last, v.gone_ms);
    int64_t g = v.gone_ms - clock_.now();
    if ((grace >= 0 && g != grace) || v.already_terminating) {
      same_grace = false;
    }
    grace = g;
  }
  const bool one = attempt.victims.size() == 1;
  if (last <= clock_.now()) {
    return one ? "; it leaves at once (no grace period)"
               : "; they leave at once (no grace period)";
  }
  std::string text = std::string(one ? "; it keeps its" : "; they keep their") +
                     " room on the node for " +
                     FormatDuration(last - clock_.now());
  const int64_t latency = options_.api_latency_ms;
  if (latency > 0) {
    text += " (the deletion lands after " + FormatDuration(latency) +
            ", then the grace period runs)";
  } else if (same_grace) {
    text += one ? " (its grace period)" : " (their grace period)";
  }
  return text + " while the pod waits nominated";
}

bool Scheduler::Detailed(int attempt, ObjectIndex pod) const {
  if (!options_.focus_pod.empty()) {
    return scenario_.pods[pod].key == options_.focus_pod &&
           attempts_per_pod_[pod] == 1;
  }
  if (options_.detail_attempt) return *options_.detail_attempt == attempt;
  if (options_.detail_budget <= 0) return false;
  // The first attempt is always detailed, however large the cluster.
  return attempt == 0 ||
         detailed_entries_ + cluster_.num_nodes() <= options_.detail_budget;
}

void Scheduler::ScheduleOne(ObjectIndex p, Attempt& attempt) {
  const int64_t events_before =
      static_cast<int64_t>(recorder_.timeline().events.size());
  const ObjectIndex nominated_before = cluster_.NominatedNodeOf(p);
  attempt = SchedulingCycle(p);
  attempt.time_ms = clock_.now();
  attempt.events_before = events_before;
  if (attempt.outcome == Outcome::kScheduled) {
    // The binding lands: pods waiting for an assigned pod's add may fit.
    queue_.MoveAllToActiveOrBackoffQueue(
        {.event = ClusterEvent::kAssignedPodAdd, .pod = p});
    if (controllers_) controllers_->OnBound(p);
  } else {
    HandleSchedulingFailure(attempt, nominated_before);
  }
  clock_.Advance(cycle_cost_ms_);
  cycle_cost_ms_ = 0;
  recorder_.timeline().end_ms = clock_.now();
}

Attempt Scheduler::SchedulingCycle(ObjectIndex p) {
  Attempt attempt = NewAttempt(p);
  unschedulable_plugins_ = 0;
  if (cluster_.num_nodes() == 0) {
    // Mirrors ErrNoNodesAvailable: returned as is, not as a FitError.
    attempt.message = "no nodes available to schedule pods";
    unschedulable_plugins_ = kRejectsOther;
    return attempt;
  }
  if (filter_statuses_.size() != cluster_.num_nodes()) {
    filter_statuses_ = NodeToStatus(cluster_.num_nodes());
    preemption_scratch_ = PreemptionScratch(cluster_.num_nodes());
  }
  CycleState state(cluster_, p, *options_.profile);
  RunPreFilterPlugins(state);
  NodeCache::Shape* cache = cache_.For(state, cluster_);
  NodeToStatus& statuses = filter_statuses_;
  statuses.Reset(Status());
  if (std::optional<ObjectIndex> host =
          SchedulePod(state, attempt, statuses, cache)) {
    Bind(attempt, *host);
    return attempt;
  }
  // 3) No node fits: PostFilter (DefaultPreemption).
  RunPostFilterPlugins(state, attempt, statuses, cache);
  return attempt;
}

void Scheduler::HandleSchedulingFailure(const Attempt& attempt,
                                        ObjectIndex nominated_before) {
  const bool preempted = attempt.outcome == Outcome::kNominated;
  // The failure handler's status update carries the pod's nomination, set,
  // moved or cleared; a pod nominated before whose nomination changed is
  // an assigned pod's deletion to the pods of lower or equal priority.
  const bool nomination_changed =
      nominated_before != kNoNode &&
      nominated_before != cluster_.NominatedNodeOf(attempt.pod);
  if (!options_.profile->async_preemption) {
    // The cycle made the preemption's API calls before the pod went back
    // to the queue.
    if (preempted) {
      for (const Victim& v : attempt.victims) {
        queue_.MoveAllToActiveOrBackoffQueue(
            {.event = ClusterEvent::kPodTerminating, .pod = v.pod});
      }
      ClearedNominationsChanged(attempt);
    }
    queue_.AddUnschedulable(attempt.pod, attempt.attempt,
                            unschedulable_plugins_);
    if (nomination_changed) queue_.OwnNominationChanged(attempt.pod);
    return;
  }
  // Asynchronous preemption: the pod goes back to the queue first, then
  // prepareCandidateAsync's goroutine clears the lower nominations and
  // deletes the victims, one call at a time.
  queue_.AddUnschedulable(attempt.pod, attempt.attempt, unschedulable_plugins_);
  if (nomination_changed) queue_.OwnNominationChanged(attempt.pod);
  if (preempted) {
    ClearedNominationsChanged(attempt);
    if (options_.api_latency_ms == 0) LandDeletions(attempt);
  }
  queue_.SeenChanges(attempt.pod);
}

void Scheduler::ClearedNominationsChanged(const Attempt& attempt) {
  // Each cleared nomination is the pod's update (updatePodInSchedulingQueue).
  for (ObjectIndex q : attempt.cleared_nominations) {
    queue_.MoveAllToActiveOrBackoffQueue(
        {.event = ClusterEvent::kNominationChanged, .pod = q});
  }
}

void Scheduler::LandDeletions(const Attempt& attempt) {
  for (const Victim& v : attempt.victims) {
    if (v.already_terminating) continue;  // no second call (v1.34+)
    EndPreemptionOnLastVictim(v.pod);
    queue_.MoveAllToActiveOrBackoffQueue(
        {.event = ClusterEvent::kPodTerminating, .pod = v.pod});
    LeaveIfNoGracePeriod(v.pod);
  }
}

Attempt Scheduler::NewAttempt(ObjectIndex p) {
  const Pod& pod = cluster_.pod(p);
  if (static_cast<size_t>(p) >= attempts_per_pod_.size()) {
    attempts_per_pod_.resize(scenario_.pods.size(), 0);  // a created pod
  }
  Attempt attempt;
  attempt.pod = p;
  attempt.attempt = ++attempts_per_pod_[p];
  attempt.priority = pod.priority;
  attempt.preemption_policy = pod.preemption_policy;
  attempt.detailed = Detailed(attempts_made_, p);
  if (attempt.detailed) {
    attempt.nodes.resize(cluster_.num_nodes());
    for (int n = 0; n < cluster_.num_nodes(); ++n) attempt.nodes[n].node = n;
    detailed_entries_ += cluster_.num_nodes();
  }
  ++attempts_made_;
  return attempt;
}

std::optional<ObjectIndex> Scheduler::SchedulePod(CycleState& state,
                                                  Attempt& attempt,
                                                  NodeToStatus& statuses,
                                                  NodeCache::Shape* cache) {
  const FeasibleNodes feasible =
      FindNodesThatFitPod(state, attempt, statuses, cache);
  if (feasible.nodes.empty()) return std::nullopt;
  // The nominated node's own step says it is chosen without scoring.
  if (feasible.nominated) return feasible.nodes[0];
  const Profile& profile = *options_.profile;
  const std::string filters =
      profile.reasons.predicates ? "predicates" : "filters";
  if (feasible.nodes.size() == 1) {
    attempt.trace.push_back(
        {.step = "score",
         .pods = {},
         .text = "Only " + cluster_.node(feasible.nodes[0]).name +
                 " passes the " + filters + ": chosen without scoring.",
         .fits = std::nullopt,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
    return feasible.nodes[0];
  }
  // Mirrors prioritizeNodes.
  const std::vector<NodeScore> scores =
      ScoreNodes(state, feasible.nodes, attempt.scored_plugins);
  const NodeScore& best = SelectHost(scores, attempt);
  // v1.14's priority functions are not modelled: today's plugins score.
  attempt.trace.push_back(
      {.step = "score",
       .pods = {},
       .text =
           std::to_string(feasible.nodes.size()) + " nodes pass the " +
           filters + "; " + cluster_.node(best.node).name +
           " scores highest (" + std::to_string(best.total) + ")" +
           (profile.reasons.predicates
                ? ", scored by today's plugins: " + std::string(profile.name) +
                      "'s priority functions are not modelled."
                : "."),
       .fits = std::nullopt,
       .result = "",
       .pdb_violation = std::nullopt,
       .status = std::nullopt});
  return best.node;
}

Scheduler::FeasibleNodes Scheduler::FindNodesThatFitPod(
    CycleState& state, Attempt& attempt, NodeToStatus& statuses,
    NodeCache::Shape* cache) {
  if (!state.prefilter_status().ok()) {
    // A PreFilter rejection applies to every node.
    statuses.absent = state.prefilter_status();
    for (NodeResult& r : attempt.nodes)
      r.filter = state.prefilter_status();  // empty unless detailed
    return {};
  }
  if (state.prefilter_nodes()) SetAbsentNodesStatus(attempt, statuses);
  // 1) The nominated node first: if it passes, no other node is tried.
  const ObjectIndex nominated = cluster_.NominatedNodeOf(attempt.pod);
  if (nominated != kNoNode && options_.profile->nominated_node_first &&
      EvaluateNominatedNode(state, attempt, statuses, nominated)) {
    return {.nodes = {nominated}, .nominated = true};
  }
  // The plugin that rejected the nominated node joins the absent nodes'.
  if (state.prefilter_nodes() && nominated != kNoNode &&
      statuses.has(nominated))
    SetAbsentNodesStatus(attempt, statuses);
  // 2) Filter every node.
  return {.nodes = FindNodesThatPassFilters(state, attempt, statuses, cache),
          .nominated = false};
}

// The nodes PreFilter left out. Upstream names the plugins of the
// diagnosis's UnschedulablePlugins at that moment: those whose PreFilter
// named nodes (NodeAffinity), and, since evaluateNominatedNode's copy of the
// diagnosis shares that set, the plugin that rejected the nominated node
// (findNodesThatFitPod, SetAbsentNodesStatus after evaluateNominatedNode).
void Scheduler::SetAbsentNodesStatus(Attempt& attempt, NodeToStatus& statuses) {
  std::vector<std::string> plugins = {"NodeAffinity"};
  const ObjectIndex nominated = cluster_.NominatedNodeOf(attempt.pod);
  if (nominated != kNoNode && statuses.has(nominated)) {
    const Status& status = statuses.Get(nominated);
    const std::string plugin(status.plugin());
    if (status.rejected() && !plugin.empty() && plugin != plugins[0])
      plugins.push_back(plugin);
  }
  std::sort(plugins.begin(), plugins.end());
  std::string names;
  for (const std::string& p : plugins) names += (names.empty() ? "" : " ") + p;
  statuses.absent =
      plugins.size() == 1
          ? Status::Make(Code::kUnschedulableAndUnresolvable, "",
                         "node(s) didn't satisfy plugin(s) [NodeAffinity]")
          : Status::Owned(Code::kUnschedulableAndUnresolvable, "",
                          "node(s) didn't satisfy plugin(s) [" + names + "]");
  for (size_t n = 0; n < attempt.nodes.size(); ++n) {
    if (static_cast<ObjectIndex>(n) == nominated && statuses.has(nominated))
      continue;
    attempt.nodes[n].filter = statuses.absent;
  }
}

bool Scheduler::EvaluateNominatedNode(CycleState& state, Attempt& attempt,
                                      NodeToStatus& statuses,
                                      ObjectIndex nominated) {
  Status status = RunFiltersWithNominatedPods(state, cluster_, nominated);
  if (attempt.detailed) {
    attempt.nodes[nominated].filtered = true;
    attempt.nodes[nominated].filter = status;
  }
  // Its status stays in the diagnosis, as upstream's does, even where the
  // search below does not reach the node (PreFilter left it out): it counts
  // in the FitError and among the nodes processed.
  if (!status.ok()) statuses.Set(nominated, status);
  const std::string& name = cluster_.node(nominated).name;
  if (status.ok()) {
    attempt.trace.push_back(
        {.step = "nominated-node",
         .pods = {},
         .text = "The nominated node " + name +
                 " passes every filter: bound there without scoring.",
         .fits = true,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
    return true;
  }
  attempt.trace.push_back({.step = "nominated-node",
                           .pods = {},
                           .text = "The nominated node " + name +
                                   " no longer fits (" + status.Message() +
                                   "); every node is filtered.",
                           .fits = false,
                           .result = "",
                           .pdb_violation = std::nullopt,
                           .status = status});
  return false;
}

std::vector<ObjectIndex> Scheduler::FindNodesThatPassFilters(
    CycleState& state, Attempt& attempt, NodeToStatus& statuses,
    NodeCache::Shape* cache) {
  // The pod's own nominated node is never served from the cache: there the
  // pod must not count its own nomination.
  const ObjectIndex own = cluster_.NominatedNodeOf(state.pod());
  // The snapshot's order, or the nodes PreFilter named (upstream lists
  // those from a set, in no fixed order; podsim keeps PreFilter's).
  const std::vector<ObjectIndex>& nodes = state.prefilter_nodes()
                                              ? *state.prefilter_nodes()
                                              : cluster_.snapshot_order();
  const int count = static_cast<int>(nodes.size());
  const size_t to_find = static_cast<size_t>(NumFeasibleNodesToFind(
      count, scenario_.config.percentage_of_nodes_to_score));
  std::vector<ObjectIndex> feasible;
  int start = count == 0 ? 0 : next_start_node_ % count;
  for (int i = 0, k = start; i < count; ++i, k = k + 1 == count ? 0 : k + 1) {
    const ObjectIndex n = nodes[k];
    const Status* status;
    if (cache && n != own) {
      // A memoized status is referenced; it lasts the whole cycle.
      if (cache->filter_version[n] != cluster_.version(n)) {
        cache->filter[n] = RunFiltersWithNominatedPods(state, cluster_, n);
        cache->filter_version[n] = cluster_.version(n);
      }
      status = &cache->filter[n];
      if (!status->ok()) statuses.SetRef(n, *status);
    } else {
      Status fresh = RunFiltersWithNominatedPods(state, cluster_, n);
      status = nullptr;  // passes
      if (!fresh.ok()) {
        statuses.Set(n, std::move(fresh));
        status = &statuses.Get(n);
      }
    }
    const bool passes = status == nullptr || status->ok();
    // The first feasible node past the number wanted ends the search; it is
    // neither kept nor counted (checkNode cancels the rest).
    if (passes && feasible.size() == to_find) break;
    if (attempt.detailed) {
      attempt.nodes[n].filtered = true;
      attempt.nodes[n].filter = passes ? Status() : *status;
    }
    if (passes) feasible.push_back(n);
  }
  // findNodesThatFitPod: the next search starts past the nodes processed,
  // those found feasible and those with a status (the nominated node's
  // among them).
  if (cluster_.num_nodes() > 0) {
    next_start_node_ =
        static_cast<int>((next_start_node_ + feasible.size() +
                          static_cast<size_t>(statuses.Len())) %
                         static_cast<size_t>(cluster_.num_nodes()));
  }
  return feasible;
}

void Scheduler::Bind(Attempt& attempt, ObjectIndex n) {
  const ObjectIndex p = attempt.pod;
  attempt.outcome = Outcome::kScheduled;
  attempt.node = n;
  attempt.message = "Successfully assigned " + cluster_.pod(p).key + " to " +
                    cluster_.node(n).name;
  if (options_.decision) return;  // the input stays as it stands
  cluster_.Nominate(p, kNoNode);
  cluster_.Bind(p, n);
}

void Scheduler::RunPostFilterPlugins(CycleState& state, Attempt& attempt,
                                     const NodeToStatus& statuses,
                                     NodeCache::Shape* cache) {
  // The plugins that rejected the pod decide which events move it back
  // (queueing hints).
  unschedulable_plugins_ = RejectingPlugins(statuses, cluster_.num_nodes());
  const std::string prefilter_message =
      state.prefilter_status().ok() ? "" : state.prefilter_status().Message();
  // The profile's plugins may leave DefaultPreemption out: no dry run.
  if (!scenario_.config.plugins.preempts()) {
    FailWithoutPreemption(cluster_, scenario_.config.plugins, *options_.profile,
                          FitErrorMessage(statuses, prefilter_message, ""),
                          attempt);
    return;
  }
  bool clears_nomination = false;
  PreemptionEvaluator evaluator(cluster_, state, attempt, options_.seed, cache,
                                preemption_scratch_);
  Status preemption = evaluator.Preempt(statuses, clears_nomination);
  std::string fit_error = FitErrorMessage(statuses, prefilter_message, "");
  if (preemption.ok()) {
    // A node needing no victims (v1.14) is nominated the same way.
    PrepareCandidate(attempt, std::move(fit_error));
  } else {
    FailPreemption(attempt, preemption, clears_nomination,
                   std::move(fit_error));
  }
}

void Scheduler::PrepareCandidate(Attempt& attempt, std::string fit_error) {
  attempt.outcome = Outcome::kNominated;
  attempt.message = std::move(fit_error);
  const ObjectIndex n = attempt.node;
  if (options_.profile->reports_successful_preemption) {
    // Evaluator.Preempt's Success status (v1.37), which DefaultPreemption
    // prefixes and the FitError appends: every victim counts, those
    // already terminating too.
    attempt.message +=
        " preemption: found a potential placement for pod on "
        "node " +
        cluster_.node(n).name + ", preempting " +
        std::to_string(attempt.victims.size()) + " victims";
  }
  // Effects: the pod is nominated; victims are deleted (DisruptionTarget,
  // then a graceful delete: they keep their room until gone); then
  // lower-priority nominations on the node are cleared. At the decision
  // level each is only recorded.
  const bool apply = !options_.decision;
  if (apply) cluster_.Nominate(attempt.pod, n);
  const bool acts = StartTerminating(attempt, apply);
  std::vector<ObjectIndex> nominated = cluster_.NominatedPods(n);
  for (ObjectIndex q : nominated) {
    if (acts && cluster_.pod(q).priority < cluster_.pod(attempt.pod).priority) {
      if (apply) cluster_.Nominate(q, kNoNode);
      attempt.cleared_nominations.push_back(q);
    }
  }
  attempt.trace.push_back({.step = "actuate",
                           .pods = attempt.cleared_nominations,
                           .text = ActuationText(attempt, acts) + ".",
                           .fits = std::nullopt,
                           .result = "",
                           .pdb_violation = std::nullopt,
                           .status = std::nullopt});
}

bool Scheduler::StartTerminating(Attempt& attempt, bool apply) {
  // With an API latency, a deletion lands that much later: until then the
  // victim runs as before (and another preemption may pick it again).
  const int64_t latency = options_.api_latency_ms;
  bool any_new = attempt.victims.empty();
  for (Victim& v : attempt.victims) {
    if (cluster_.Terminating(v.pod) || terminations_.Leaving(v.pod)) {
      // It keeps its own deadline; an input pod past it leaves at once.
      v.already_terminating = true;
      v.gone_ms = terminations_.Leaving(v.pod) ? terminations_.GoneAt(v.pod)
                                               : clock_.now();
      continue;
    }
    any_new = true;
    v.gone_ms = clock_.now() + latency +
                Millis(cluster_.pod(v.pod).termination_grace_seconds);
    if (!apply) continue;
    if (latency > 0) {
      terminations_.LeaveAfterDeletion(v.pod, clock_.now() + latency,
                                       v.gone_ms);
      continue;
    }
    cluster_.MarkPreempted(v.pod);
    terminations_.LeaveAt(v.pod, v.gone_ms);
    // No grace period: gone before the next victim's deletion, as upstream
    // deletes them one at a time.
    if (v.gone_ms == clock_.now() && !HeldByFinalizer(v.pod))
      cluster_.LeavesAtOnce(v.pod);
    recorder_.Record(QueueEventKind::kTerminating, v.pod, v.node, v.gone_ms);
    if (controllers_) controllers_->OnPreempted(v.pod);
  }
  if (apply && options_.profile->async_preemption) {
    // PreEnqueue holds the preemptor back until its last new victim's
    // deletion lands (Evaluator.preempting).
    auto last =
        std::find_if(attempt.victims.rbegin(), attempt.victims.rend(),
                     [](const Victim& v) { return !v.already_terminating; });
    if (last != attempt.victims.rend()) {
      queue_.StartPreemption(attempt.pod);
      preemption_ends_with_[last->pod] = attempt.pod;
    }
  } else if (apply && latency > 0 && any_new && !attempt.victims.empty()) {
    // The cycle itself waits for the deletions, one after the other.
    cycle_cost_ms_ = latency * static_cast<int64_t>(attempt.victims.size());
  }
  return any_new || !options_.profile->skips_terminating_victims;
}

std::string Scheduler::ActuationText(const Attempt& attempt, bool acts) const {
  const std::string& node_name = cluster_.node(attempt.node).name;
  std::string text = "Nominated " + node_name;
  if (acts) {
    text +=
        "; deleted " + std::to_string(attempt.victims.size()) + " victim(s)";
  } else {
    text +=
        "; every victim was already terminating after an earlier "
        "preemption, so kube-scheduler (v1.34+) deletes none again and "
        "clears no other nomination";
  }
  if (!attempt.victims.empty()) text += VictimTimes(attempt);
  if (!attempt.cleared_nominations.empty()) {
    const bool one = attempt.cleared_nominations.size() == 1;
    std::string names;
    for (ObjectIndex q : attempt.cleared_nominations) {
      if (!names.empty()) names += ", ";
      names += cluster_.pod(q).name + " (priority " +
               std::to_string(cluster_.pod(q).priority) + ")";
    }
    text += std::string("; cleared the nomination") + (one ? " of " : "s of ") +
            names + ": " + (one ? "it was" : "they were") + " nominated to " +
            node_name +
            " with a lower priority and may no longer fit there, so " +
            (one ? "it goes" : "they go") +
            " back to the queue to find a node again";
  }
  return text;
}

void Scheduler::FailPreemption(Attempt& attempt, const Status& preemption,
                               bool clears_nomination, std::string fit_error) {
  const Profile& profile = *options_.profile;
  attempt.outcome = Outcome::kUnschedulable;
  attempt.node = kNoNode;
  attempt.victims.clear();
  attempt.pdb_violations = 0;
  std::string postfilter =
      PostFilterMessage(scenario_.config.plugins, profile, preemption);
  attempt.preemption.status_message = postfilter;
  // Since v1.23 the event adds the PostFilter result to the FitError (what
  // FitErrorMessage(statuses, prefilter_message, postfilter) writes, without
  // counting every node's reasons a second time); before, the FitError alone.
  attempt.message = std::move(fit_error);
  if (profile.postfilter_in_message) attempt.message += " " + postfilter;
  const ObjectIndex nominated = cluster_.NominatedNodeOf(attempt.pod);
  if (nominated != kNoNode && attempt.preemption.eligible &&
      preemption.code() != Code::kError) {
    KeepOrClearNomination(attempt, nominated, clears_nomination);
  }
  if (profile.postfilter_in_message && postfilter.starts_with(kDraReason)) {
    attempt.trace.push_back(
        {.step = "postfilter",
         .pods = {},
         .text = "The message ends with what the PostFilter plugins said, in "
                 "order: \"" +
                 std::string(kDraReason) +
                 "\" is the DynamicResources plugin, which could free devices "
                 "claimed by other pods but has nothing to free for a pod "
                 "without resource claims; \"preemption: ...\" is "
                 "DefaultPreemption, saying why evicting lower-priority pods "
                 "cannot make room.",
         .fits = std::nullopt,
         .result = "",
         .pdb_violation = std::nullopt,
         .status = std::nullopt});
  }
}

void Scheduler::KeepOrClearNomination(Attempt& attempt, ObjectIndex nominated,
                                      bool clears_nomination) {
  const Profile& profile = *options_.profile;
  const std::string& node_name = cluster_.node(nominated).name;
  attempt.preemption.nomination_cleared = clears_nomination;
  attempt.trace.push_back(
      {.step = "nomination",
       .pods = {},
       .text = clears_nomination
                   ? "The nomination of " + node_name + " is cleared."
                   : "The nomination of " + node_name +
                         " is kept: no candidate was found, and " +
                         std::string(profile.name) +
                         " clears it only when no node might help.",
       .fits = std::nullopt,
       .result = "",
       .pdb_violation = std::nullopt,
       .status = std::nullopt});
  if (clears_nomination && !options_.decision) {
    cluster_.Nominate(attempt.pod, kNoNode);
  }
}

}  // namespace podsim
