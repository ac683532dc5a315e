// What the result document shows of a run beyond its record: where each pod
// ended, the queue events in words, the replacement chains
// (core/framework/run_outcome.cc). The results here are built by hand, so
// each case shows exactly what it derives from.
#include "core/framework/run_outcome.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace podsim {
namespace {

constexpr int64_t kStart = 1'714'550'400'000;  // 2024-05-01T08:00:00Z

// A result over nodes and pods (default/<name>, pending unless a name is
// "<pod>@<node>"), its clock starting at kStart.
SimulationResult ResultWith(const std::vector<std::string>& nodes,
                            const std::vector<std::string>& pods) {
  SimulationResult r;
  for (const std::string& name : nodes) {
    Node& n = r.scenario.nodes.emplace_back();
    n.name = name;
    n.index = static_cast<ObjectIndex>(r.scenario.nodes.size() - 1);
  }
  for (const std::string& spec : pods) {
    Pod& p = r.scenario.pods.emplace_back();
    const size_t at = spec.find('@');
    p.name = spec.substr(0, at);
    if (at != std::string::npos) p.node_name = spec.substr(at + 1);
    p.key = "default/" + p.name;
    p.index = static_cast<ObjectIndex>(r.scenario.pods.size() - 1);
  }
  r.timeline.start_ms = kStart;
  return r;
}

Attempt AttemptOf(ObjectIndex pod, Outcome outcome, ObjectIndex node = -1) {
  return Attempt{
      .pod = pod, .time_ms = kStart, .outcome = outcome, .node = node};
}

Victim VictimOf(ObjectIndex pod, ObjectIndex node, int64_t gone_ms,
                bool already_terminating = false) {
  return Victim{.pod = pod,
                .node = node,
                .gone_ms = gone_ms,
                .already_terminating = already_terminating};
}

WorkloadOutcome ReplicaSet(const std::string& name, bool failed = false) {
  return WorkloadOutcome{
      .kind = "ReplicaSet", .ns = "default", .name = name, .failed = failed};
}

}  // namespace

TEST_CASE("EvictedBy: the preemptor that deleted a pod, not a later one") {
  SimulationResult r = ResultWith({"n1"}, {"low@n1", "mid@n1", "web", "api"});
  Attempt web = AttemptOf(2, Outcome::kNominated, 0);
  web.victims = {VictimOf(0, 0, kStart + 30'000)};
  Attempt api = AttemptOf(3, Outcome::kNominated, 0);
  // low is already terminating when api preempts: web deleted it.
  api.victims = {VictimOf(0, 0, kStart + 30'000, true),
                 VictimOf(1, 0, kStart + 30'000)};
  r.attempts = {web, api};
  CHECK(EvictedBy(r) == std::vector<ObjectIndex>{2, 3, -1, -1});
}

TEST_CASE(
    "Placements: where each pod started and where the run left it; pods "
    "neither bound nor tried are not shown") {
  SimulationResult r =
      ResultWith({"n1", "n2"}, {"low@n1", "stays@n2", "web", "api", "idle",
                                "lost@gone", "scaled@n2", "rejected"});
  r.scenario.pods[7].admitted = false;
  Attempt web = AttemptOf(2, Outcome::kNominated, 0);
  web.victims = {VictimOf(0, 0, kStart + 30'000)};
  r.attempts = {web, AttemptOf(3, Outcome::kUnschedulable),
                AttemptOf(2, Outcome::kScheduled, 0),
                AttemptOf(7, Outcome::kUnschedulable)};
  r.timeline.workloads = {ReplicaSet("scaled")};
  r.timeline.deleted_by = {-1, -1, -1, -1, -1, -1, 0};
  const std::vector<PodPlacement> placements = Placements(r, EvictedBy(r));
  struct Row {
    const char* name;
    ObjectIndex node, final_node, nominated_node, evicted_by;
    int deleted_by;
  };
  const std::vector<std::pair<ObjectIndex, Row>> rows = {
      {0, {"a victim ends nowhere", 0, -1, -1, 2, -1}},
      {1, {"an untouched pod stays", 1, 1, -1, -1, -1}},
      {2, {"a preemptor ends where it was bound", -1, 0, -1, -1, -1}},
      {3, {"an unschedulable pod ends nowhere", -1, -1, -1, -1, -1}},
      {6, {"a pod its controller deleted ends nowhere", 1, -1, -1, -1, 0}},
  };
  REQUIRE(placements.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& [pod, row] = rows[i];
    CAPTURE(row.name);
    const PodPlacement& p = placements[i];
    CHECK(p.pod == pod);
    CHECK(p.node == row.node);
    CHECK(p.final_node == row.final_node);
    CHECK(p.nominated_node == row.nominated_node);
    CHECK(p.evicted_by == row.evicted_by);
    CHECK(p.deleted_by == row.deleted_by);
  }
}

TEST_CASE("Placements: a pod keeps its last attempt's nomination") {
  SimulationResult r = ResultWith({"n1"}, {"web"});
  r.attempts = {AttemptOf(0, Outcome::kUnschedulable),
                AttemptOf(0, Outcome::kNominated, 0)};
  const std::vector<PodPlacement> placements = Placements(r, EvictedBy(r));
  REQUIRE(placements.size() == 1);
  CHECK(placements[0].nominated_node == 0);
  CHECK(placements[0].final_node == -1);
}

TEST_CASE("EventText: each queue event reads as one sentence") {
  SimulationResult r = ResultWith({"n1"}, {"low@n1", "web", "low-2"});
  r.timeline.workloads = {ReplicaSet("batch"), ReplicaSet("job", true)};
  PodDisruptionBudget pdb;
  pdb.name = "budget";
  r.scenario.pdbs = {pdb};
  struct Row {
    const char* name;
    QueueEvent event;
    std::string text;
  };
  const int64_t t = kStart + 10'000;
  const std::vector<Row> rows = {
      {"arrive",
       {.time_ms = t, .kind = QueueEventKind::kArrive, .pod = 1},
       "default/web enters the scheduling queue."},
      {"terminating",
       {.time_ms = t,
        .kind = QueueEventKind::kTerminating,
        .pod = 0,
        .node = 0,
        .until_ms = t + 30'000},
       "default/low is deleted by preemption; it keeps its room on n1 until "
       "+40 s (its grace period, 30 s)."},
      {"gone",
       {.time_ms = t, .kind = QueueEventKind::kGone, .pod = 0, .node = 0},
       "default/low has left n1; the pods its room may help move on."},
      {"unschedulable",
       {.time_ms = t, .kind = QueueEventKind::kUnschedulable, .pod = 1},
       "default/web waits in the unschedulable pool for a cluster event that "
       "may help it (at most 5 min)."},
      {"backoff",
       {.time_ms = t,
        .kind = QueueEventKind::kBackoff,
        .pod = 1,
        .until_ms = t + 2'000},
       "default/web backs off until +12 s."},
      {"active",
       {.time_ms = t, .kind = QueueEventKind::kActive, .pod = 1},
       "default/web moves to the active queue."},
      {"flush",
       {.time_ms = t, .kind = QueueEventKind::kFlush, .pod = 1},
       "default/web waited 5 min in the unschedulable pool: the flush moves "
       "it to the active queue."},
      {"gated",
       {.time_ms = t, .kind = QueueEventKind::kGated, .pod = 1},
       "default/web waits for its preemption's API calls to finish."},
      {"created, a replacement",
       {.time_ms = t,
        .kind = QueueEventKind::kCreated,
        .pod = 2,
        .workload = 0,
        .other = 0},
       "ReplicaSet default/batch creates default/low-2 to replace "
       "default/low, which preemption deleted."},
      {"created after a Job's backoff",
       {.time_ms = t,
        .kind = QueueEventKind::kCreated,
        .pod = 2,
        .until_ms = t + 10'000,
        .workload = 1},
       "ReplicaSet default/job creates default/low-2; it enters the queue at "
       "+20 s, after the Job's backoff."},
      {"deleted on a node",
       {.time_ms = t,
        .kind = QueueEventKind::kDeleted,
        .pod = 0,
        .node = 0,
        .until_ms = t + 30'000,
        .workload = 0},
       "ReplicaSet default/batch deletes default/low (scaling down); it keeps "
       "its room on n1 until +40 s."},
      {"deleted pending, by a failed Job",
       {.time_ms = t,
        .kind = QueueEventKind::kDeleted,
        .pod = 1,
        .workload = 1},
       "ReplicaSet default/job deletes default/web (the Job failed: "
       "backoffLimit exceeded), which was still pending."},
      {"pdbStatus",
       {.time_ms = t,
        .kind = QueueEventKind::kPdbStatus,
        .pod = 0,
        .workload = 0,
        .other = 1},
       "The disruption controller sets PodDisruptionBudget default/budget's "
       "disruptionsAllowed to 1 after default/low changed."},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(EventText(r, row.event) == row.text);
  }
}

TEST_CASE("EventText: the pool's timeout is the profile's") {
  SimulationResult r = ResultWith({}, {"web"});
  r.profile = FindProfile("v1.14");
  REQUIRE(r.profile != nullptr);
  CHECK(EventText(r, {.kind = QueueEventKind::kFlush, .pod = 0}) ==
        "default/web waited 1 min in the unschedulable pool: the flush moves "
        "it to the active queue.");
}

TEST_CASE(
    "ReplacementChains: who evicted a pod, who recreated it, and what the "
    "replacement's last attempt made of it") {
  SimulationResult r =
      ResultWith({"n1"}, {"a@n1", "b@n1", "web", "a-2", "b-2"});
  Attempt web = AttemptOf(2, Outcome::kNominated, 0);
  web.victims = {VictimOf(0, 0, kStart), VictimOf(1, 0, kStart)};
  Attempt a2 = AttemptOf(3, Outcome::kUnschedulable);
  a2.message = "0/1 nodes are available: 1 Insufficient cpu.";
  r.attempts = {web, a2};
  r.timeline.workloads = {ReplicaSet("batch")};
  r.timeline.events = {
      {.time_ms = kStart, .kind = QueueEventKind::kArrive, .pod = 2},
      {.time_ms = kStart + 1'000,
       .kind = QueueEventKind::kCreated,
       .pod = 3,
       .workload = 0,
       .other = 0},
      {.time_ms = kStart + 2'000,
       .kind = QueueEventKind::kCreated,
       .pod = 4,
       .workload = 0,
       .other = 1},
      // Created to scale up, not to replace: no chain.
      {.time_ms = kStart + 3'000,
       .kind = QueueEventKind::kCreated,
       .pod = 4,
       .workload = 0},
  };
  const std::vector<ReplacementChain> chains =
      ReplacementChains(r, EvictedBy(r));
  REQUIRE(chains.size() == 2);
  SUBCASE("tried") {
    const ReplacementChain& c = chains[0];
    CHECK(c.victim == 0);
    CHECK(c.preemptor == 2);
    CHECK(c.workload == 0);
    CHECK(c.replacement == 3);
    CHECK(c.created_ms == kStart + 1'000);
    CHECK(c.outcome == "Unschedulable");
    CHECK(c.node == -1);
    CHECK(c.message == a2.message);
    CHECK(c.text ==
          "default/web evicted default/a; ReplicaSet default/batch recreated "
          "it as default/a-2; default/a-2 pending: 0/1 nodes are available: "
          "1 Insufficient cpu.");
  }
  SUBCASE("not tried") {
    const ReplacementChain& c = chains[1];
    CHECK(c.outcome == "not tried");
    CHECK(c.node == -1);
    CHECK(c.message.empty());
    CHECK(c.text ==
          "default/web evicted default/b; ReplicaSet default/batch recreated "
          "it as default/b-2; default/b-2 not tried before the run ended");
  }
}

TEST_CASE(
    "ReplacementChains: a bound or nominated replacement names its node") {
  SimulationResult r = ResultWith({"n1"}, {"a@n1", "a-2", "b-2"});
  Attempt nominated = AttemptOf(2, Outcome::kNominated, 0);
  nominated.victims = {VictimOf(0, 0, kStart)};
  r.attempts = {AttemptOf(1, Outcome::kScheduled, 0), nominated};
  r.timeline.workloads = {ReplicaSet("batch")};
  r.timeline.events = {
      {.kind = QueueEventKind::kCreated, .pod = 1, .workload = 0, .other = 0},
      {.kind = QueueEventKind::kCreated, .pod = 2, .workload = 0, .other = 0},
  };
  const std::vector<ReplacementChain> chains =
      ReplacementChains(r, EvictedBy(r));
  REQUIRE(chains.size() == 2);
  // a's evictor is b-2 itself, an attempt later.
  CHECK(chains[0].text ==
        "default/b-2 evicted default/a; ReplicaSet default/batch recreated it "
        "as default/a-2; default/a-2 bound to n1");
  CHECK(chains[0].node == 0);
  CHECK(chains[1].text ==
        "default/b-2 evicted default/a; ReplicaSet default/batch recreated it "
        "as default/b-2; default/b-2 nominated to n1, preempting 1 pod(s)");
}

TEST_CASE("ReplacementChains: a victim no attempt evicted has no preemptor") {
  SimulationResult r = ResultWith({"n1"}, {"a@n1", "a-2"});
  r.timeline.events = {
      {.kind = QueueEventKind::kCreated, .pod = 1, .workload = 3, .other = 0},
  };
  const std::vector<ReplacementChain> chains =
      ReplacementChains(r, EvictedBy(r));
  REQUIRE(chains.size() == 1);
  CHECK(chains[0].preemptor == -1);
  CHECK(chains[0].text ==
        "? evicted default/a; a controller recreated it as default/a-2; "
        "default/a-2 not tried before the run ended");
}

TEST_CASE("WaitUntil: a preemptor waits for its last victim to leave") {
  Attempt a = AttemptOf(0, Outcome::kNominated, 0);
  a.time_ms = kStart + 5'000;
  CHECK(WaitUntil(a) == kStart + 5'000);
  a.victims = {VictimOf(1, 0, kStart + 30'000), VictimOf(2, 0, kStart + 60'000),
               VictimOf(3, 0, kStart)};
  CHECK(WaitUntil(a) == kStart + 60'000);
}

TEST_CASE("WorkloadName: kind and key, or a controller for none") {
  Timeline t;
  t.workloads = {ReplicaSet("batch")};
  CHECK(WorkloadName(t, 0) == "ReplicaSet default/batch");
  CHECK(WorkloadName(t, -1) == "a controller");
  CHECK(WorkloadName(t, 1) == "a controller");
}

TEST_CASE("SummarizeRun: one sentence per event and one wait per attempt") {
  SimulationResult r = ResultWith({"n1"}, {"low@n1", "web"});
  Attempt web = AttemptOf(1, Outcome::kNominated, 0);
  web.victims = {VictimOf(0, 0, kStart + 30'000)};
  r.attempts = {web, AttemptOf(1, Outcome::kScheduled, 0)};
  r.attempts[1].time_ms = kStart + 30'000;
  r.timeline.events = {
      {.time_ms = kStart, .kind = QueueEventKind::kArrive, .pod = 1},
      {.time_ms = kStart + 30'000,
       .kind = QueueEventKind::kGone,
       .pod = 0,
       .node = 0},
  };
  const RunOutcome o = SummarizeRun(r);
  CHECK(o.event_texts ==
        std::vector<std::string>{
            "default/web enters the scheduling queue.",
            "default/low has left n1; the pods its room may help move on."});
  CHECK(o.waits_until_ms ==
        std::vector<int64_t>{kStart + 30'000, kStart + 30'000});
  REQUIRE(o.placements.size() == 2);
  CHECK(o.placements[0].evicted_by == 1);
  CHECK(o.placements[1].final_node == 0);
  CHECK(o.chains.empty());
}

}  // namespace podsim
