// What a run's record comes to for a person: where the run left each pod,
// the queue events in words, and each chain of a preemption, the victim's
// replacement and what became of it. The result document writes these as
// they are (core/output/result_json).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/api/objects.h"
#include "core/framework/trace.h"

namespace podsim {

// Where one pod of the picture of the cluster started and where the run
// left it.
struct PodPlacement {
  ObjectIndex pod = 0;
  ObjectIndex node = -1;  // the node it was bound to at the start; -1: pending
  // Where the run left it: its start node or its last attempt's binding;
  // -1 once evicted, deleted by its controller or never bound.
  ObjectIndex final_node = -1;
  ObjectIndex nominated_node = -1;  // its last attempt's nomination, or -1
  ObjectIndex evicted_by = -1;      // see EvictedBy
  int deleted_by = -1;  // the workload whose controller deleted it, or -1
};

// A victim of preemption, the pod its workload controller created in its
// place, and what the replacement's last attempt made of it.
struct ReplacementChain {
  ObjectIndex victim = 0;
  ObjectIndex preemptor = -1;  // whose preemption deleted it, or -1
  int workload = -1;           // the workload (Timeline::workloads)
  ObjectIndex replacement = 0;
  int64_t created_ms = 0;
  std::string outcome;    // ToString of the last attempt's, or "not tried"
  ObjectIndex node = -1;  // the last attempt's node, or -1
  std::string message;    // the last attempt's message, or ""
  std::string text;       // the whole chain in one sentence
};

// Everything the result document shows of a run that the run's record
// holds only implicitly.
struct RunOutcome {
  // The pods the picture of the cluster shows (admitted, and bound to a
  // node of the scenario or attempted), in the scenario's order.
  std::vector<PodPlacement> placements;
  // Timeline::events in words, one sentence each, in the same order.
  std::vector<std::string> event_texts;
  // One per kCreated event that replaced a pod, in the events' order.
  std::vector<ReplacementChain> chains;
  // For each attempt, when a nominated preemptor stops waiting: when its
  // last victim has left (each holds its grace period, the worst case), or
  // the attempt's own time. Parallel to SimulationResult::attempts.
  std::vector<int64_t> waits_until_ms;
};

// Returns the run's outcome as RunOutcome spells it.
RunOutcome SummarizeRun(const SimulationResult& result);

// Returns, for each pod, the attempt's pod whose preemption deleted it, or
// -1: not a later preemptor that found it already terminating.
std::vector<ObjectIndex> EvictedBy(const SimulationResult& result);

// Returns RunOutcome::placements. REQUIRES: evicted_by is
// EvictedBy(result).
std::vector<PodPlacement> Placements(
    const SimulationResult& result, const std::vector<ObjectIndex>& evicted_by);

// Returns what event e of result's timeline says, as one sentence.
std::string EventText(const SimulationResult& result, const QueueEvent& e);

// Returns RunOutcome::chains. REQUIRES: evicted_by is EvictedBy(result).
std::vector<ReplacementChain> ReplacementChains(
    const SimulationResult& result, const std::vector<ObjectIndex>& evicted_by);

// Returns when attempt a's preemptor stops waiting nominated: the latest
// time one of its victims leaves, and at least the attempt's time.
int64_t WaitUntil(const Attempt& a);

// Returns workload w of the timeline as "Kind namespace/name", or "a
// controller" when w names none.
std::string WorkloadName(const Timeline& timeline, int w);

}  // namespace podsim
