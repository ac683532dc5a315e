// The result document: SimulationResult -> JSON text (apiVersion podsim/v1),
// the comparison of two profiles and the diff of two variants around two of
// them, and a reduction. What a run's record holds only implicitly (where
// each pod ended, the events' sentences, the replacement chains) comes
// from SummarizeRun (core/framework/run_outcome.h); this file only writes.

#include "core/output/result_json.h"

#include <string>
#include <vector>

#include "core/analysis/change_effect.h"
#include "core/analysis/compare.h"
#include "core/analysis/reduce.h"
#include "core/analysis/variant_diff.h"
#include "core/framework/run_outcome.h"
#include "core/framework/runtime/predicates.h"
#include "core/output/json_writer.h"
#include "core/scheduler/simulator.h"

namespace podsim {
namespace {

// Writes one run: its record and its RunOutcome, field by field.
class ResultWriter {
 public:
  ResultWriter(const SimulationResult& result, const RunOutcome& outcome,
               const ChangeEffect* change = nullptr)
      : r_(result), o_(outcome), c_(change) {}

  std::string Write() {
    w_.BeginObject();
    w_.Key("apiVersion").Value("podsim/v1");
    w_.Key("kubernetesVersion").Value(r_.profile->kubernetes_version);
    w_.Key("profile").Value(r_.profile->name);
    if (r_.decision) w_.Key("level").Value("decision");
    w_.Key("diagnostics").BeginArray();
    for (const Diagnostic& d : r_.diagnostics.items()) {
      w_.BeginObject();
      w_.Key("severity").Value(ToString(d.severity));
      w_.Key("object").Value(d.object);
      w_.Key("path").Value(d.path);
      w_.Key("line").Value(d.line);
      w_.Key("message").Value(d.message);
      w_.Key("document").Value(d.document);
      if (!d.cause.empty()) w_.Key("cause").Value(d.cause);
      if (d.related_line > 0) w_.Key("relatedLine").Value(d.related_line);
      if (d.in_cluster) w_.Key("inCluster").Bool(true);
      if (!d.source.empty()) w_.Key("source").Value(d.source);
      if (!d.effect.empty()) w_.Key("effect").Value(d.effect);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("pdbs").BeginArray();
    for (const PodDisruptionBudget& pdb : r_.scenario.pdbs) {
      w_.BeginObject();
      w_.Key("pdb").Value(pdb.ref().Key());
      w_.Key("disruptionsAllowed")
          .Value(int64_t{pdb.disruptions_allowed_at_start});
      // What the disruption controller left it at (pdbStatus events).
      w_.Key("disruptionsAllowedAtEnd").Value(int64_t{pdb.disruptions_allowed});
      w_.Key("computed").Bool(!pdb.has_status);
      w_.Key("explanation").Value(pdb.status_explanation);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("pods").BeginArray();
    for (size_t i = 0; i < r_.attempts.size(); ++i) WriteAttempt(i);
    w_.EndArray();
    WriteClock();
    WriteWorkloads();
    WriteCluster();
    if (c_) WriteChange(*c_);
    w_.EndObject();
    return w_.Take();
  }

 private:
  const std::string& PodKey(ObjectIndex p) { return r_.scenario.pods[p].key; }
  const std::string& NodeName(ObjectIndex n) {
    return r_.scenario.nodes[n].name;
  }

  // The numbers a picture of the cluster needs: each node's allocatable,
  // each pod's requests, where it started and where the queue left it.
  void WriteCluster() {
    w_.Key("cluster").BeginObject();
    w_.Key("nodes").BeginArray();
    for (const Node& n : r_.scenario.nodes) {
      w_.BeginObject();
      w_.Key("node").Value(n.name);
      w_.Key("line").Value(n.line);
      w_.Key("allocatable").BeginObject();
      w_.Key("cpu").Value(n.allocatable.Get(kCpu));
      w_.Key("memory").Value(n.allocatable.Get(kMemory));
      w_.Key("pods").Value(n.allocatable.Get(kPods));
      w_.EndObject();
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("pods").BeginArray();
    for (const PodPlacement& pl : o_.placements) {
      const Pod& p = r_.scenario.pods[pl.pod];
      w_.BeginObject();
      w_.Key("pod").Value(p.key);
      w_.Key("line").Value(p.line);
      w_.Key("priority").Value(int64_t{p.priority});
      w_.Key("terminating").Bool(p.terminating);
      w_.Key("requests").BeginObject();
      w_.Key("cpu").Value(p.requests.Get(kCpu));
      w_.Key("memory").Value(p.requests.Get(kMemory));
      w_.EndObject();
      w_.Key("node");
      NodeOrNull(pl.node);
      w_.Key("pending").Bool(pl.node < 0);
      w_.Key("finalNode");
      NodeOrNull(pl.final_node);
      w_.Key("nominatedNode");
      NodeOrNull(pl.nominated_node);
      w_.Key("evictedBy");
      PodOrNull(pl.evicted_by);
      w_.Key("deletedBy");
      if (pl.deleted_by >= 0) {
        w_.Value(WorkloadName(r_.timeline, pl.deleted_by));
      } else {
        w_.Null();
      }
      w_.EndObject();
    }
    w_.EndArray();
    w_.EndObject();
  }

  void Strings(const std::vector<std::string>& items) {
    w_.BeginArray();
    for (const std::string& s : items) w_.Value(s);
    w_.EndArray();
  }
  template <typename T>
  void Numbers(const std::vector<T>& items) {
    w_.BeginArray();
    for (T i : items) w_.Value(static_cast<int64_t>(i));
    w_.EndArray();
  }

  // What the change makes differ from the cluster settled alone.
  void WriteChange(const ChangeEffect& c) {
    w_.Key("change").BeginObject();
    w_.Key("pods").BeginArray();
    for (const ChangePod& p : c.pods) {
      w_.BeginObject();
      w_.Key("pod").Value(p.pod);
      w_.Key("where").Value(p.where);
      w_.Key("node").Value(p.node);
      w_.Key("attempt");
      if (p.attempt >= 0) {
        w_.Value(p.attempt);
      } else {
        w_.Null();
      }
      w_.Key("evicted");
      Strings(p.evicted);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("displaced").BeginArray();
    for (const DisplacedPod& d : c.displaced) {
      w_.BeginObject();
      w_.Key("pod").Value(d.pod);
      w_.Key("before").Value(d.before);
      w_.Key("fate").Value(d.fate);
      w_.Key("after").Value(d.after);
      w_.Key("by").Value(d.by);
      w_.Key("byChange").Bool(d.by_change);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("cascades");
    Numbers(c.cascades);
    w_.Key("exhaustedPdbs");
    Strings(c.exhausted);
    w_.Key("own").BeginObject();
    w_.Key("pending");
    Numbers(c.own.pending);
    w_.Key("preemptions").Value(c.own.preemptions);
    w_.Key("victims").Value(c.own.victims);
    w_.Key("chains");
    Numbers(c.own.chains);
    w_.EndObject();
    w_.EndObject();
  }

  void NodeOrNull(ObjectIndex n) {
    if (n >= 0) {
      w_.Value(NodeName(n));
    } else {
      w_.Null();
    }
  }

  void PodOrNull(ObjectIndex p) {
    if (p >= 0) {
      w_.Value(PodKey(p));
    } else {
      w_.Null();
    }
  }

  void WriteStatus(const Status& s) {
    w_.BeginObject();
    w_.Key("code").Value(ToString(s.code()));
    w_.Key("plugin").Value(s.plugin());
    w_.Key("reasons").BeginArray();
    for (int i = 0; i < s.num_reasons(); ++i) w_.Value(s.reason(i));
    w_.EndArray();
    // v1.14 had predicates, not plugins: name the one that failed.
    if (r_.profile->reasons.predicates) {
      std::string predicate = PredicateName(s, r_.profile->reasons);
      if (!predicate.empty()) w_.Key("predicate").Value(predicate);
    }
    w_.EndObject();
  }

  // timed: the victims an attempt deleted, with when each leaves.
  void WriteVictims(const std::vector<Victim>& victims, bool timed = false) {
    w_.BeginArray();
    for (const Victim& v : victims) {
      w_.BeginObject();
      w_.Key("pod").Value(PodKey(v.pod));
      w_.Key("node").Value(NodeName(v.node));
      w_.Key("priority").Value(int64_t{v.priority});
      w_.Key("pdbViolation").Bool(v.pdb_violation);
      if (timed) {
        w_.Key("goneAt").Value(FormatMillis(v.gone_ms));
        w_.Key("goneAfterMs").Value(v.gone_ms - r_.timeline.start_ms);
        w_.Key("alreadyTerminating").Bool(v.already_terminating);
      }
      w_.EndObject();
    }
    w_.EndArray();
  }

  // What the workload controllers did: each workload's scale and pods, and
  // each chain of a preemption, a replacement and what became of it.
  void WriteWorkloads() {
    const Timeline& t = r_.timeline;
    w_.Key("workloads").BeginObject();
    w_.Key("controllers").Bool(t.controllers);
    w_.Key("capped").Bool(t.controllers_capped);
    w_.Key("items").BeginArray();
    for (const WorkloadOutcome& o : t.workloads) {
      w_.BeginObject();
      w_.Key("kind").Value(o.kind);
      w_.Key("namespace").Value(o.ns);
      w_.Key("name").Value(o.name);
      w_.Key("parent").Value(o.parent);
      w_.Key("inInput").Bool(o.in_input);
      w_.Key("createdByRun").Bool(o.created_by_run);
      w_.Key("fromChange").Bool(o.applied);
      w_.Key("failed").Bool(o.failed);
      w_.Key("wanted").Value(int64_t{o.wanted});
      w_.Key("runningBefore").Value(o.running_before);
      w_.Key("runningAfter").Value(o.running_after);
      w_.Key("pending").Value(o.pending);
      w_.Key("created").Value(o.created);
      w_.Key("lost").Value(o.lost);
      w_.Key("refused").Value(o.refused);
      w_.Key("failedCreate").Value(o.failed_create);
      w_.Key("settled").Bool(o.settled());
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("chains").BeginArray();
    for (const ReplacementChain& c : o_.chains) {
      w_.BeginObject();
      w_.Key("victim").Value(PodKey(c.victim));
      w_.Key("preemptor");
      PodOrNull(c.preemptor);
      w_.Key("workload").Value(WorkloadName(t, c.workload));
      w_.Key("replacement").Value(PodKey(c.replacement));
      w_.Key("createdAt").Value(FormatMillis(c.created_ms));
      w_.Key("outcome").Value(c.outcome);
      w_.Key("node");
      NodeOrNull(c.node);
      w_.Key("message").Value(c.message);
      w_.Key("text").Value(c.text);
      w_.EndObject();
    }
    w_.EndArray();
    w_.EndObject();
  }

  void WriteClock() {
    const Timeline& t = r_.timeline;
    w_.Key("clock").BeginObject();
    w_.Key("start").Value(FormatMillis(t.start_ms));
    w_.Key("startFrom")
        .Value(t.start_given ? "option" : (t.start_found ? "objects" : "none"));
    w_.Key("end").Value(FormatMillis(t.end_ms));
    w_.Key("durationMs").Value(t.end_ms - t.start_ms);
    w_.Key("events").BeginArray();
    for (size_t i = 0; i < t.events.size(); ++i) {
      const QueueEvent& e = t.events[i];
      w_.BeginObject();
      w_.Key("time").Value(FormatMillis(e.time_ms));
      w_.Key("atMs").Value(e.time_ms - t.start_ms);
      w_.Key("kind").Value(ToString(e.kind));
      w_.Key("pod").Value(e.pod >= 0 ? PodKey(e.pod) : std::string());
      if (e.node >= 0) w_.Key("node").Value(NodeName(e.node));
      if (e.until_ms > 0) w_.Key("until").Value(FormatMillis(e.until_ms));
      if (e.kind == QueueEventKind::kCreated ||
          e.kind == QueueEventKind::kDeleted ||
          e.kind == QueueEventKind::kRefused) {
        w_.Key("workload").Value(WorkloadName(t, e.workload));
      }
      if (e.kind == QueueEventKind::kRefused) {
        w_.Key("quota").Value(
            r_.scenario.resource_quotas[static_cast<size_t>(e.other)]
                .ref()
                .Key());
      }
      if (e.kind == QueueEventKind::kCreated && e.other >= 0) {
        w_.Key("replaces").Value(PodKey(static_cast<ObjectIndex>(e.other)));
      }
      if (e.kind == QueueEventKind::kPdbStatus) {
        const PodDisruptionBudget& pdb = r_.scenario.pdbs[e.workload];
        w_.Key("pdb").Value(pdb.ref().Key());
        w_.Key("disruptionsAllowed").Value(e.other);
      }
      w_.Key("text").Value(o_.event_texts[i]);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("eventsDropped").Value(t.events_dropped);
    w_.EndObject();
  }

  void WritePods(const std::vector<ObjectIndex>& pods) {
    w_.BeginArray();
    for (ObjectIndex p : pods) w_.Value(PodKey(p));
    w_.EndArray();
  }

  void WriteTrace(const std::vector<TraceStep>& steps) {
    w_.BeginArray();
    for (const TraceStep& t : steps) {
      w_.BeginObject();
      w_.Key("step").Value(t.step);
      w_.Key("pods");
      WritePods(t.pods);
      w_.Key("text").Value(t.text);
      if (t.fits) w_.Key("fits").Bool(*t.fits);
      if (!t.result.empty()) w_.Key("result").Value(t.result);
      if (t.pdb_violation) w_.Key("pdbViolation").Bool(*t.pdb_violation);
      if (t.status) {
        w_.Key("status");
        WriteStatus(*t.status);
      }
      w_.EndObject();
    }
    w_.EndArray();
  }

  void WriteNode(const Attempt& a, const NodeResult& n) {
    w_.BeginObject();
    w_.Key("node").Value(NodeName(n.node));
    w_.Key("filter");
    if (n.filtered || !n.filter.ok()) {
      WriteStatus(n.filter);
    } else {
      w_.Null();
    }
    if (n.score) {
      w_.Key("score").BeginObject();
      w_.Key("total").Value(n.score->total);
      w_.Key("plugins").BeginObject();
      for (const PluginScore& p : n.score->plugins)
        w_.Key(p.plugin).Value(p.score);
      w_.EndObject();
      w_.EndObject();
    }
    w_.Key("preemption");
    if (!a.preemption.ran || n.verdict == Verdict::kNone) {
      w_.Null();
    } else {
      w_.BeginObject();
      w_.Key("verdict").Value(ToString(n.verdict));
      w_.Key("status");
      WriteStatus(n.preemption);
      w_.Key("victims");
      WriteVictims(n.victims);
      w_.Key("pdbViolations").Value(n.pdb_violations);
      w_.Key("trace");
      WriteTrace(n.trace);
      w_.EndObject();
    }
    w_.EndObject();
  }

  void WriteAttempt(size_t i) {
    const Attempt& a = r_.attempts[i];
    const Pod& pod = r_.scenario.pods[a.pod];
    w_.BeginObject();
    w_.Key("pod").Value(pod.key);
    w_.Key("fromChange").Bool(pod.applied);
    w_.Key("attempt").Value(a.attempt);
    w_.Key("time").Value(FormatMillis(a.time_ms));
    w_.Key("atMs").Value(a.time_ms - r_.timeline.start_ms);
    w_.Key("eventsBefore").Value(a.events_before);
    w_.Key("detailed").Bool(a.detailed);
    w_.Key("priority").Value(int64_t{a.priority});
    w_.Key("preemptionPolicy").Value(ToString(a.preemption_policy));
    if (!pod.admission_notes.empty()) {
      // What the API server's admission changed before the pod was queued.
      w_.Key("admission").BeginArray();
      for (const AdmissionNote& note : pod.admission_notes) {
        w_.BeginObject();
        w_.Key("plugin").Value(note.plugin);
        w_.Key("object").Value(note.object);
        w_.Key("change").Value(note.change);
        w_.EndObject();
      }
      w_.EndArray();
    }
    w_.Key("outcome").Value(ToString(a.outcome));
    w_.Key("node");
    if (a.node >= 0) {
      w_.Value(NodeName(a.node));
    } else {
      w_.Null();
    }
    w_.Key("victims");
    WriteVictims(a.victims, /*timed=*/true);
    if (a.outcome == Outcome::kNominated) {
      const int64_t until = o_.waits_until_ms[i];
      w_.Key("waitMs").Value(until - a.time_ms);
      w_.Key("waitUntilMs").Value(until - r_.timeline.start_ms);
    }
    w_.Key("pdbViolations").Value(a.pdb_violations);
    w_.Key("message").Value(a.message);
    w_.Key("nodes").BeginArray();
    for (const NodeResult& n : a.nodes) WriteNode(a, n);
    w_.EndArray();
    w_.Key("selection").BeginArray();
    for (const SelectionStep& s : a.selection) {
      w_.BeginObject();
      w_.Key("criterion").Value(s.criterion);
      w_.Key("scores").BeginObject();
      for (const auto& [node, score] : s.scores)
        w_.Key(NodeName(node)).Value(score);
      w_.EndObject();
      w_.Key("display").BeginObject();
      for (size_t i = 0; i < s.display.size(); ++i) {
        w_.Key(NodeName(s.scores[i].first)).Value(s.display[i]);
      }
      w_.EndObject();
      w_.Key("values").BeginObject();
      for (size_t i = 0; i < s.values.size(); ++i) {
        w_.Key(NodeName(s.scores[i].first));
        if (s.values[i]) {
          w_.Value(*s.values[i]);
        } else {
          w_.Null();
        }
      }
      w_.EndObject();
      w_.Key("kept").BeginArray();
      for (ObjectIndex n : s.kept) w_.Value(NodeName(n));
      w_.EndArray();
      // The step that leaves one candidate decides: that node wins.
      w_.Key("winner");
      NodeOrNull(s.winner());
      w_.Key("note").Value(s.note);
      w_.EndObject();
    }
    w_.EndArray();
    w_.Key("scoredPlugins").BeginArray();
    for (std::string_view p : a.scored_plugins) w_.Value(p);
    w_.EndArray();
    const PreemptionSummary& p = a.preemption;
    w_.Key("preemption");
    if (!p.ran) {
      w_.Null();
    } else {
      w_.BeginObject();
      w_.Key("eligible").Bool(p.eligible);
      w_.Key("potentialNodes").Value(p.potential_nodes);
      w_.Key("numCandidates").Value(p.num_candidates);
      w_.Key("offset").Value(p.offset);
      w_.Key("candidateCount").Value(p.candidate_count);
      w_.Key("nominationCleared").Bool(p.nomination_cleared);
      w_.Key("candidates").BeginArray();
      for (const Candidate& c : p.candidates) {
        w_.BeginObject();
        w_.Key("node").Value(NodeName(c.node));
        w_.Key("victims").BeginArray();
        for (const Victim& v : c.victims) w_.Value(PodKey(v.pod));
        w_.EndArray();
        w_.Key("pdbViolations").Value(c.pdb_violations);
        w_.EndObject();
      }
      w_.EndArray();
      w_.Key("message").Value(p.status_message);
      w_.EndObject();
    }
    w_.Key("clearedNominations");
    WritePods(a.cleared_nominations);
    w_.Key("trace");
    WriteTrace(a.trace);
    w_.EndObject();
  }

  const SimulationResult& r_;
  const RunOutcome& o_;
  const ChangeEffect* c_;
  JsonWriter w_;
};

}  // namespace

std::string ToJson(const SimulationResult& result) {
  return ResultWriter(result, SummarizeRun(result)).Write();
}

std::string ToJson(const SimulationResult& result, const ChangeEffect& change) {
  return ResultWriter(result, SummarizeRun(result), &change).Write();
}

std::string ProfilesJson() {
  JsonWriter w;
  w.BeginArray();
  for (const Profile* p : AllProfiles()) {
    w.BeginObject();
    w.Key("name").Value(p->name);
    w.Key("kubernetesVersion").Value(p->kubernetes_version);
    w.Key("summary").Value(p->summary);
    w.EndObject();
  }
  w.EndArray();
  return w.Take();
}

std::string ComparedProfilesJson(std::string_view against) {
  auto [a, b] = ComparedProfiles(against);
  JsonWriter w;
  w.BeginArray();
  w.Value(a->name);
  if (b) {
    w.Value(b->name);
  } else {
    w.Null();
  }
  w.EndArray();
  return w.Take();
}

namespace {

void WriteDecision(JsonWriter& w, const PodDecision& d) {
  w.BeginObject();
  w.Key("outcome").Value(ToString(d.outcome));
  w.Key("node").Value(d.node);
  w.Key("victims").BeginArray();
  for (const std::string& v : d.victims) w.Value(v);
  w.EndArray();
  w.EndObject();
}

// How a difference begins in a Comparison and a VariantDiff: the pod, the
// kind of difference and each side's decision (null: no cycle there).
void WriteDifferenceHead(JsonWriter& w, const std::string& pod,
                         std::string_view kind, const PodDecision* a,
                         const PodDecision* b) {
  w.Key("pod").Value(pod);
  w.Key("kind").Value(kind);
  for (auto [key, d] : {std::pair{"a", a}, std::pair{"b", b}}) {
    w.Key(key);
    if (d) {
      WriteDecision(w, *d);
    } else {
      w.Null();
    }
  }
}

// Both documents end with the two runs' full results.
void WriteResults(JsonWriter& w, const SimulationResult& a,
                  const SimulationResult& b) {
  w.Key("results").BeginArray();
  w.Raw(ToJson(a));
  w.Raw(ToJson(b));
  w.EndArray();
}

}  // namespace

std::string ToJson(const Comparison& comparison) {
  JsonWriter w;
  w.BeginObject();
  w.Key("apiVersion").Value("podsim/v1");
  w.Key("kind").Value("Comparison");
  w.Key("profiles").BeginArray();
  for (const SimulationResult* r : {&comparison.a, &comparison.b}) {
    w.BeginObject();
    w.Key("name").Value(r->profile->name);
    w.Key("kubernetesVersion").Value(r->profile->kubernetes_version);
    w.Key("summary").Value(r->profile->summary);
    w.EndObject();
  }
  w.EndArray();
  w.Key("differences").BeginArray();
  for (const Difference& d : comparison.differences) {
    w.BeginObject();
    WriteDifferenceHead(w, d.pod, d.kind, &d.a, &d.b);
    w.Key("together").Bool(d.together);
    w.Key("rules").BeginArray();
    for (const Rule& r : d.rules) {
      w.BeginObject();
      w.Key("switch").Value(r.name);
      w.Key("text").Value(r.text);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  WriteResults(w, comparison.a, comparison.b);
  w.EndObject();
  return w.Take();
}

std::string ToJson(const VariantDiff& diff) {
  JsonWriter w;
  w.BeginObject();
  w.Key("apiVersion").Value("podsim/v1");
  w.Key("kind").Value("VariantDiff");
  w.Key("objects").BeginArray();
  for (const ObjectChange& c : diff.objects) {
    w.BeginObject();
    w.Key("object").Value(c.object);
    w.Key("kind").Value(c.kind);
    w.Key("namespace").Value(c.ns);
    w.Key("name").Value(c.name);
    w.Key("change").Value(c.change);
    w.EndObject();
  }
  w.EndArray();
  w.Key("differences").BeginArray();
  for (const VariantDifference& d : diff.differences) {
    w.BeginObject();
    WriteDifferenceHead(w, d.pod, d.kind, d.a ? &*d.a : nullptr,
                        d.b ? &*d.b : nullptr);
    w.Key("cause").Value(d.cause);
    w.Key("together").Bool(d.together);
    w.Key("changes").BeginArray();
    for (size_t i : d.changes) w.Value(diff.objects[i].object);
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.Key("tried").Value(diff.tried);
  w.Key("limit").Value(kMaxSingleChangeRuns);
  WriteResults(w, diff.a, diff.b);
  w.EndObject();
  return w.Take();
}

// The Reduction's keys are in byte order, as nlohmann::json wrote them
// before this writer did.
std::string ToJson(const Reduction& r) {
  JsonWriter w;
  w.BeginObject();
  w.Key("apiVersion").Value("podsim/v1");
  if (!r.error.empty()) {
    w.Key("error").Value(r.error);
    w.Key("kind").Value("Reduction");
    w.Key("pod").Value(r.pod);
    w.Key("runs").Value(r.runs);
    w.EndObject();
    return w.Take();
  }
  w.Key("capped").Bool(r.capped);
  w.Key("counts").BeginArray();
  for (const KindCount& c : r.counts) {
    if (c.total == 0) continue;
    w.BeginObject();
    w.Key("kept").Value(c.kept);
    w.Key("kind").Value(c.kind);
    w.Key("removed").Value(c.total - c.kept);
    w.Key("total").Value(c.total);
    w.EndObject();
  }
  w.EndArray();
  w.Key("decision").BeginObject();
  w.Key("node").Value(r.decision.node);
  w.Key("outcome").Value(ToString(r.decision.outcome));
  w.Key("victims").BeginArray();
  for (const std::string& v : r.decision.victims) w.Value(v);
  w.EndArray();
  w.EndObject();
  w.Key("kept").BeginArray();
  for (const KeptObject& o : r.kept) {
    w.BeginObject();
    if (o.change) w.Key("change").Bool(true);
    if (o.document >= 0) w.Key("document").Value(o.document);
    w.Key("kind").Value(o.kind);
    w.Key("line").Value(o.line);
    w.Key("name").Value(o.name);
    if (!o.ns.empty()) w.Key("namespace").Value(o.ns);
    w.Key("range").BeginObject();
    w.Key("begin").Value(static_cast<int64_t>(o.range.begin));
    w.Key("end").Value(static_cast<int64_t>(o.range.end));
    w.Key("form").Value(ToString(o.range.form));
    // What its text lacks that its typed list gave it.
    if (o.range.implied_api_version || o.range.implied_kind) {
      w.Key("implied").BeginObject();
      if (o.range.implied_api_version) {
        w.Key("apiVersion").Value(ServedApiVersion(o.kind));
      }
      if (o.range.implied_kind) w.Key("kind").Value(o.kind);
      w.EndObject();
    }
    w.EndObject();
    w.Key("reason").Value(o.reason);
    if (!o.source.empty()) w.Key("source").Value(o.source);
    w.EndObject();
  }
  w.EndArray();
  w.Key("kind").Value("Reduction");
  w.Key("limit").Value(kMaxReduceRuns);
  w.Key("message").Value(r.message);
  w.Key("pod").Value(r.pod);
  w.Key("reducedMessage").Value(r.reduced_message);
  w.Key("runs").Value(r.runs);
  w.Key("startMs").Value(r.start_ms);
  w.Key("startNeeded").Bool(r.start_needed);
  w.EndObject();
  return w.Take();
}

}  // namespace podsim
