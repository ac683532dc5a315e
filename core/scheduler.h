// The scheduling queue and cycle: pending pods pop in priority order, each
// cycle filters (nominated node first), scores or preempts, and its effects
// are seen by the next.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/diagnostics.h"
#include "core/filters.h"
#include "core/node_cache.h"
#include "core/node_info.h"
#include "core/preemption.h"
#include "core/trace.h"

namespace podsim {

struct SchedulerOptions {
  std::optional<uint64_t> seed;  // random candidate offsets when set
  // Attempts record every node's filter result and dry-run trace while the
  // node entries so far stay within this budget (the first attempt always).
  int64_t detail_budget = 10'000;
  // When set, only this attempt (0-based, in order) is detailed.
  std::optional<int> detail_attempt;
  // The release whose semantics to mirror. REQUIRES: outlives the queue.
  const Profile* profile = &CurrentProfile();
};

// The scheduling queue: one cycle per call, each seeing the effects of the
// ones before. REQUIRES: the scenario was admitted and its PDB statuses
// computed, and it outlives the queue.
class SchedulingQueue {
 public:
  SchedulingQueue(const Scenario& scenario, const SchedulerOptions& options,
                  Diagnostics& diagnostics);

  // Runs the next scheduling cycle into attempt. Returns false once every
  // pending pod is bound or waits with nothing left to retry it.
  bool Next(Attempt& attempt);

 private:
  using QueueKey = std::tuple<int64_t, int64_t, int64_t, ObjectIndex>;
  void Setup();
  void Enqueue(ObjectIndex p);
  bool Detailed(int attempt) const;
  Attempt ScheduleOne(ObjectIndex p, bool& retry_unschedulable);
  // Returns the feasible nodes; fills statuses and the per-node results.
  std::vector<ObjectIndex> FindNodesThatFit(CycleState& state, Attempt& attempt,
                                            NodeToStatus& statuses,
                                            NodeCache::Shape* cache);
  Diagnostic& Warn(const Pod& pod, const std::string& path, std::string message,
                   Severity severity = Severity::kWarning) {
    return diagnostics_.Add(severity, "Pod " + pod.key, FieldPath(path),
                            pod.line, std::move(message), pod.document);
  }

  const Scenario& scenario_;
  const SchedulerOptions options_;
  Diagnostics& diagnostics_;
  Cluster cluster_;
  std::set<QueueKey> active_;  // (-priority, timestamp, sequence, pod)
  std::vector<ObjectIndex> unschedulable_;
  std::vector<Status> last_failure_;
  std::vector<int> attempts_per_pod_;
  int64_t clock_ = 0;  // queue timestamps for re-added pods
  int64_t sequence_ = 0;
  int next_start_node_ = 0;
  int attempts_made_ = 0;
  int64_t attempt_limit_ = 0;
  int64_t detailed_entries_ = 0;
  NodeCache cache_;
  // Per-cycle filter statuses and the evaluator's working space, reused
  // across cycles.
  NodeToStatus filter_statuses_{0};
  PreemptionScratch preemption_scratch_{0};
};

// Runs the queue until every pending pod is bound or stays unschedulable.
// Bound pods in the scenario are placed first; pods that cannot be placed
// (unknown node) get a diagnostic and stay out of the simulation.
// REQUIRES: the scenario was admitted and its PDB statuses computed.
std::vector<Attempt> RunScheduler(const Scenario& scenario,
                                  const SchedulerOptions& options,
                                  Diagnostics& diagnostics);

}  // namespace podsim
