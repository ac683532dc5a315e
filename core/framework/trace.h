// What the simulation tells a person: one Attempt per scheduling cycle,
// with per-node filter and preemption traces and the node selection table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/object_ref.h"
#include "core/api/objects.h"
#include "core/base/diagnostics.h"
#include "core/config/profile.h"
#include "core/framework/node_score.h"
#include "core/framework/status.h"

namespace podsim {

enum class Outcome { kScheduled, kNominated, kUnschedulable };

// What preemption made of one node.
enum class Verdict {
  kNone,          // preemption did not run for this attempt
  kCandidate,     // victims found: the node can host the pod
  kNotHelpful,    // the filter failure is unresolvable: not tried
  kNoVictims,     // no lower-priority pods (or none needed)
  kDoesNotFit,    // even with every lower-priority pod gone
  kNotEvaluated,  // a potential node the dry run never reached
};

struct Victim {
  ObjectIndex pod = 0;
  ObjectIndex node = 0;
  int32_t priority = 0;
  bool pdb_violation = false;
  // When the victim leaves its node (its deletion plus its grace period),
  // in Unix milliseconds; a victim already terminating keeps its deadline.
  int64_t gone_ms = 0;
  bool already_terminating = false;
};

// One readable step of an explanation, with the data behind it.
struct TraceStep {
  std::string step;  // e.g. remove-lower-priority, reprieve
  std::vector<ObjectIndex> pods;
  std::string text;
  std::optional<bool> fits;
  std::string result;  // reprieve: "reprieved" or "evicted"
  std::optional<bool> pdb_violation;
  std::optional<Status> status;  // the filter status the step saw
};

struct NodeResult {
  ObjectIndex node = 0;
  bool filtered = false;  // Filter ran on this node in this attempt
  Status filter;
  std::optional<NodeScore> score;
  Verdict verdict = Verdict::kNone;
  Status preemption;  // the dry run's status for this node
  std::vector<Victim> victims;
  int pdb_violations = 0;
  std::vector<TraceStep> trace;
};

// One criterion of pickOneNodeForPreemption, applied to the survivors.
struct SelectionStep {
  std::string criterion;
  // Each candidate's score as the criterion compares it: higher is better,
  // so counts and priorities are negated and the sum has 2^31 per victim.
  std::vector<std::pair<ObjectIndex, int64_t>> scores;
  // Per score, what a person compares: the words ("2 victims", "sum 90",
  // "started 2024-05-01T08:00:00Z") and the number in them (a count, a
  // priority, a sum of priorities, Unix seconds; nullopt: no startTime).
  std::vector<std::string> display;
  std::vector<std::optional<int64_t>> values;
  std::vector<ObjectIndex> kept;  // the best, which the next criterion sees
  std::string note;  // why, where the values alone do not tell; or empty

  // Returns the node this step decides on (the one candidate it leaves),
  // or -1 when it leaves more.
  ObjectIndex winner() const { return kept.size() == 1 ? kept[0] : -1; }
};

struct Candidate {
  ObjectIndex node = 0;
  std::vector<Victim> victims;
  int pdb_violations = 0;
};

struct PreemptionSummary {
  bool ran = false;
  bool eligible = true;
  std::string status_message;  // the PostFilter message, when it failed
  int potential_nodes = 0;
  int num_candidates = 0;
  int offset = 0;
  int candidate_count = 0;
  bool nomination_cleared = false;    // the pod's own nomination was removed
  std::vector<Candidate> candidates;  // in dry-run order, when detailed
};

struct Attempt {
  ObjectIndex pod = 0;
  int attempt = 1;      // the pod's how-manieth attempt
  int64_t time_ms = 0;  // when the cycle ran, on the simulated clock
  // Queue events recorded before the cycle began (Timeline::events): the
  // ones from there on came of it or after it.
  int64_t events_before = 0;
  // Whether nodes, the dry-run traces and the candidates were recorded.
  bool detailed = true;
  int32_t priority = 0;
  PreemptionPolicy preemption_policy = PreemptionPolicy::kPreemptLowerPriority;
  Outcome outcome = Outcome::kUnschedulable;
  ObjectIndex node = -1;  // bound or nominated node
  std::vector<Victim> victims;
  int pdb_violations = 0;
  std::string message;            // what the scheduler writes in the event
  std::vector<NodeResult> nodes;  // in input node order, when detailed
  std::vector<SelectionStep> selection;
  std::vector<std::string_view> scored_plugins;
  PreemptionSummary preemption;
  std::vector<ObjectIndex> cleared_nominations;
  std::vector<TraceStep> trace;  // the cycle's own steps
};

// What happens between scheduling cycles, on the simulated clock.
enum class QueueEventKind {
  kArrive,         // a pod to schedule enters the queue
  kTerminating,    // a victim is deleted: it keeps its room until gone
  kGone,           // a terminating pod has left its node
  kUnschedulable,  // a pod waits in the unschedulable pool for an event
  kBackoff,        // a pod waits out its backoff
  kActive,         // a pod moves to activeQ (an event, its backoff done)
  kFlush,          // the unschedulable pool's timeout moves a pod
  kGated,          // asynchronous preemption holds the preemptor back
  kCreated,        // a workload controller created a pod (a replacement)
  kDeleted,        // a workload controller deleted a pod (scaling down)
  kPdbStatus,      // the disruption controller updated a PDB's status
  kRefused,        // admission refused a pod a controller creates (no pod)
};

struct QueueEvent {
  int64_t time_ms = 0;
  QueueEventKind kind = QueueEventKind::kArrive;
  ObjectIndex pod = 0;
  ObjectIndex node = -1;  // the node a victim leaves
  int64_t until_ms = 0;   // the end of a grace period or a backoff
  // kCreated, kDeleted, kRefused: the workload (Timeline::workloads);
  // kPdbStatus: the PDB's index.
  int workload = -1;
  // kCreated: the pod it replaces, or -1; kPdbStatus: disruptionsAllowed;
  // kRefused: the ResourceQuota (Scenario::resource_quotas).
  int64_t other = -1;
};

// What one workload controller wanted and got over the run.
struct WorkloadOutcome {
  std::string kind;
  std::string ns;
  std::string name;
  std::string parent;           // a ReplicaSet's Deployment, or ""
  bool in_input = true;         // false: built from its pods' ownerReferences
  bool created_by_run = false;  // a ReplicaSet a rollout created
  bool applied = false;         // from the change (--apply)
  bool failed = false;          // a Job past its backoffLimit
  int32_t wanted = 0;  // replicas (a DaemonSet: nodes it should run on)
  int running_before = 0;
  int running_after = 0;  // bound and not terminating at the end
  int pending = 0;        // created or given, never bound, not deleted
  int created = 0;        // pods it created in the run
  int lost = 0;           // its pods that were preempted
  // Creations the API server refused (a ResourceQuota), and the last one's
  // FailedCreate event message ("Error creating: pods ... is forbidden:
  // exceeded quota: ...").
  int refused = 0;
  std::string failed_create;

  ObjectRef ref() const { return {kind, ns, name}; }
  // Returns whether it ended with as many pods running as it wanted.
  bool settled() const { return running_after >= wanted; }
};

// The most queue events a timeline keeps by default. 60,000 holds a
// preemption-heavy queue of 10,000 attempts (bench basic-5000 records
// 55,000), so the page's timeline can replay every step of it.
inline constexpr int64_t kMaxTimelineEvents = 60'000;

// The simulated clock of a run and what happened on it.
struct Timeline {
  int64_t start_ms = 0;  // the latest time on the cluster's objects, or given
  bool start_given = false;
  bool start_found = false;  // whether any object carried a time
  int64_t end_ms = 0;
  std::vector<QueueEvent> events;
  int64_t events_dropped = 0;  // past the cap, counted only
  // For each pod a workload controller deleted (scaling down, a rollout),
  // the workload's index in workloads; empty when none did. Kept whatever
  // the events' cap, for the picture of where the run left each pod.
  std::vector<int> deleted_by;
  // The workload controllers' view, when they ran.
  std::vector<WorkloadOutcome> workloads;
  bool controllers = false;         // whether they ran
  bool controllers_capped = false;  // they stopped at kMaxCreatedPods
};

struct SimulationResult {
  const Profile* profile = &CurrentProfile();  // the semantics simulated
  Scenario scenario;
  Diagnostics diagnostics;
  std::vector<Attempt> attempts;
  Timeline timeline;
  // The decision level: each attempt is a pending pod's first cycle against
  // the input as it stands (SchedulerOptions::decision).
  bool decision = false;
};

// A Unix time in seconds as RFC 3339 ("2024-05-01T08:00:00Z").
std::string FormatTime(int64_t unix_seconds);
// The same in milliseconds, with ".250" when not whole seconds.
std::string FormatMillis(int64_t unix_ms);
// A span of time for people: "30 s", "1 min 30 s", "5 min", "250 ms",
// "30.5 s".
std::string FormatDuration(int64_t ms);
std::string_view ToString(Outcome outcome);
std::string_view ToString(QueueEventKind kind);
std::string_view ToString(Verdict verdict);

}  // namespace podsim
