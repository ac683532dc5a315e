// The scheduling queue and cycle: pending pods pop in priority order, each
// cycle filters (nominated node first), scores or preempts, and its effects
// are seen by the next.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/diagnostics.h"
#include "core/node_info.h"
#include "core/trace.h"

namespace podsim {

struct SchedulerOptions {
  std::optional<uint64_t> seed;  // random candidate offsets when set
};

// Runs the queue until every pending pod is bound or stays unschedulable.
// Bound pods in the scenario are placed first; pods that cannot be placed
// (unknown node) get a diagnostic and stay out of the simulation.
// REQUIRES: the scenario was admitted and its PDB statuses computed.
std::vector<Attempt> RunScheduler(const Scenario& scenario,
                                  const SchedulerOptions& options,
                                  Diagnostics& diagnostics);

}  // namespace podsim
