#include "core/framework/run_outcome.h"

#include <algorithm>
#include <unordered_map>

namespace podsim {
namespace {

// "+30 s" for a time on the run's clock.
std::string Since(const Timeline& t, int64_t ms) {
  return "+" + FormatDuration(ms - t.start_ms);
}

// How long a pod waits in the unschedulable pool at most.
std::string PoolTimeout(const Profile& profile) {
  return FormatDuration(profile.unschedulable_timeout_seconds * 1000);
}

// The workload whose controller deleted pod p in the run, or -1.
int DeletedBy(const Timeline& t, ObjectIndex p) {
  const std::vector<int>& d = t.deleted_by;
  return static_cast<size_t>(p) < d.size() ? d[p] : -1;
}

// A workload controller deleted the pod of event e: why, and where it was.
std::string DeletedText(const SimulationResult& r, const QueueEvent& e) {
  const Timeline& t = r.timeline;
  const std::string& pod = r.scenario.pods[e.pod].key;
  // A Job past its backoffLimit deletes its pods; others scale down.
  const bool failed_job =
      e.workload >= 0 && static_cast<size_t>(e.workload) < t.workloads.size() &&
      t.workloads[e.workload].failed;
  const std::string why = failed_job
                              ? " (the Job failed: backoffLimit exceeded)"
                              : " (scaling down)";
  if (e.node >= 0) {
    return WorkloadName(t, e.workload) + " deletes " + pod + why +
           "; it keeps its room on " + r.scenario.nodes[e.node].name +
           " until " + Since(t, e.until_ms) + ".";
  }
  return WorkloadName(t, e.workload) + " deletes " + pod + why +
         ", which was still pending.";
}

// A workload controller created the pod of event e.
std::string CreatedText(const SimulationResult& r, const QueueEvent& e) {
  const Timeline& t = r.timeline;
  std::string text =
      WorkloadName(t, e.workload) + " creates " + r.scenario.pods[e.pod].key;
  if (e.other >= 0) {
    text += " to replace " +
            r.scenario.pods[static_cast<ObjectIndex>(e.other)].key +
            ", which preemption deleted";
  }
  if (e.until_ms > e.time_ms) {
    text += "; it enters the queue at " + Since(t, e.until_ms) +
            ", after the Job's backoff";
  }
  return text + ".";
}

// How the chain of a replacement ends: its last attempt, or none.
void EndChain(const SimulationResult& r, const Attempt* last,
              ReplacementChain& c) {
  const std::string& pod = r.scenario.pods[c.replacement].key;
  if (!last) {
    c.outcome = "not tried";
    c.text += pod + " not tried before the run ended";
    return;
  }
  c.outcome = std::string(ToString(last->outcome));
  c.node = last->node;
  c.message = last->message;
  c.text += pod + " ";
  if (last->outcome == Outcome::kScheduled) {
    c.text += "bound to " + r.scenario.nodes[last->node].name;
  } else if (last->outcome == Outcome::kNominated) {
    c.text += "nominated to " + r.scenario.nodes[last->node].name +
              ", preempting " + std::to_string(last->victims.size()) +
              " pod(s)";
  } else {
    c.text += "pending: " + last->message;
  }
}

}  // namespace

RunOutcome SummarizeRun(const SimulationResult& result) {
  RunOutcome out;
  const std::vector<ObjectIndex> evicted_by = EvictedBy(result);
  out.placements = Placements(result, evicted_by);
  out.event_texts.reserve(result.timeline.events.size());
  for (const QueueEvent& e : result.timeline.events) {
    out.event_texts.push_back(EventText(result, e));
  }
  out.chains = ReplacementChains(result, evicted_by);
  out.waits_until_ms.reserve(result.attempts.size());
  for (const Attempt& a : result.attempts) {
    out.waits_until_ms.push_back(WaitUntil(a));
  }
  return out;
}

std::vector<ObjectIndex> EvictedBy(const SimulationResult& result) {
  std::vector<ObjectIndex> evicted_by(result.scenario.pods.size(), -1);
  for (const Attempt& a : result.attempts) {
    for (const Victim& v : a.victims) {
      if (!v.already_terminating) evicted_by[v.pod] = a.pod;
    }
  }
  return evicted_by;
}

std::vector<PodPlacement> Placements(
    const SimulationResult& result,
    const std::vector<ObjectIndex>& evicted_by) {
  const Scenario& sc = result.scenario;
  // What each pod's last attempt left it: bound, nominated, or neither.
  std::vector<ObjectIndex> bound(sc.pods.size(), -1);
  std::vector<ObjectIndex> nominated(sc.pods.size(), -1);
  std::vector<char> queued(sc.pods.size(), 0);
  for (const Attempt& a : result.attempts) {
    queued[a.pod] = 1;
    bound[a.pod] = a.outcome == Outcome::kScheduled ? a.node : -1;
    nominated[a.pod] = a.outcome == Outcome::kNominated ? a.node : -1;
  }
  std::unordered_map<std::string, ObjectIndex> node_index;
  for (const Node& n : sc.nodes) node_index.emplace(n.name, n.index);
  std::vector<PodPlacement> out;
  for (const Pod& p : sc.pods) {
    auto node = p.bound() ? node_index.find(p.node_name) : node_index.end();
    const bool placed = node != node_index.end();
    if (!p.admitted || (!placed && !queued[p.index])) continue;
    PodPlacement& pl = out.emplace_back();
    pl.pod = p.index;
    pl.node = placed ? node->second : -1;
    pl.nominated_node = nominated[p.index];
    pl.evicted_by = evicted_by[p.index];
    pl.deleted_by = DeletedBy(result.timeline, p.index);
    // Nowhere once evicted or deleted by its controller.
    const bool removed = pl.deleted_by >= 0 || (placed && pl.evicted_by >= 0);
    pl.final_node = removed ? -1 : (placed ? pl.node : bound[p.index]);
  }
  return out;
}

std::string EventText(const SimulationResult& result, const QueueEvent& e) {
  const Scenario& sc = result.scenario;
  const Timeline& t = result.timeline;
  if (e.kind == QueueEventKind::kRefused) {
    return WorkloadName(t, e.workload) + " cannot create a pod: " +
           sc.resource_quotas[static_cast<size_t>(e.other)].ref().Describe() +
           " is full (FailedCreate); it tries again when its own pods "
           "change, or at its backoff's next step once a pod of the "
           "namespace is gone.";
  }
  const std::string& pod = sc.pods[e.pod].key;
  switch (e.kind) {
    case QueueEventKind::kArrive:
      return pod + " enters the scheduling queue.";
    case QueueEventKind::kTerminating:
      return pod + " is deleted by preemption; it keeps its room on " +
             sc.nodes[e.node].name + " until " + Since(t, e.until_ms) +
             " (its grace period, " + FormatDuration(e.until_ms - e.time_ms) +
             ").";
    case QueueEventKind::kGone:
      return pod + " has left " + sc.nodes[e.node].name +
             "; the pods its room may help move on.";
    case QueueEventKind::kUnschedulable:
      return pod +
             " waits in the unschedulable pool for a cluster event that may "
             "help it (at most " +
             PoolTimeout(*result.profile) + ").";
    case QueueEventKind::kBackoff:
      return pod + " backs off until " + Since(t, e.until_ms) + ".";
    case QueueEventKind::kActive:
      return pod + " moves to the active queue.";
    case QueueEventKind::kFlush:
      return pod + " waited " + PoolTimeout(*result.profile) +
             " in the unschedulable pool: the flush moves it to the active "
             "queue.";
    case QueueEventKind::kGated:
      return pod + " waits for its preemption's API calls to finish.";
    case QueueEventKind::kCreated:
      return CreatedText(result, e);
    case QueueEventKind::kDeleted:
      return DeletedText(result, e);
    case QueueEventKind::kRefused:  // said above: it has no pod
      return "";
    case QueueEventKind::kPdbStatus: {
      return "The disruption controller sets " +
             sc.pdbs[e.workload].ref().Describe() +
             "'s disruptionsAllowed to " + std::to_string(e.other) + " after " +
             pod + " changed.";
    }
  }
  return pod;
}

std::vector<ReplacementChain> ReplacementChains(
    const SimulationResult& result,
    const std::vector<ObjectIndex>& evicted_by) {
  std::unordered_map<ObjectIndex, const Attempt*> last;
  for (const Attempt& a : result.attempts) last[a.pod] = &a;
  const std::vector<Pod>& pods = result.scenario.pods;
  std::vector<ReplacementChain> out;
  for (const QueueEvent& e : result.timeline.events) {
    if (e.kind != QueueEventKind::kCreated || e.other < 0) continue;
    ReplacementChain& c = out.emplace_back();
    c.victim = static_cast<ObjectIndex>(e.other);
    c.preemptor = evicted_by[c.victim];
    c.workload = e.workload;
    c.replacement = e.pod;
    c.created_ms = e.time_ms;
    c.text = (c.preemptor >= 0 ? pods[c.preemptor].key : "?") + " evicted " +
             pods[c.victim].key + "; " +
             WorkloadName(result.timeline, c.workload) + " recreated it as " +
             pods[c.replacement].key + "; ";
    auto attempt = last.find(e.pod);
    EndChain(result, attempt != last.end() ? attempt->second : nullptr, c);
  }
  return out;
}

int64_t WaitUntil(const Attempt& a) {
  int64_t until = a.time_ms;
  for (const Victim& v : a.victims) until = std::max(until, v.gone_ms);
  return until;
}

std::string WorkloadName(const Timeline& timeline, int w) {
  const std::vector<WorkloadOutcome>& all = timeline.workloads;
  if (w < 0 || static_cast<size_t>(w) >= all.size()) return "a controller";
  return all[w].ref().Describe();
}

}  // namespace podsim
