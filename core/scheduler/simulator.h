// Entry point: scenario text in, every scheduling attempt and every
// diagnostic out. The CLI, the page and the tests all call this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/config/profile.h"
#include "core/framework/trace.h"

namespace podsim {

struct SimulateOptions {
  // Seeds the random candidate offset; without it the offset is 0.
  std::optional<uint64_t> seed;
  // Per-node detail budget and the one attempt to detail (SchedulerOptions).
  int64_t detail_budget = 10'000;
  std::optional<int> detail_attempt;
  // When set (a pod key, "<namespace>/<name>"): only that pod's first
  // attempt is detailed, and the run stops right after it
  // (SchedulerOptions::focus_pod). podsim reduce runs this way.
  std::string focus_pod;
  // The semantics profile by name ("current", "v1.14"); empty is current.
  std::string profile;
  // The simulated clock's start, Unix milliseconds; by default the latest
  // time on the cluster's objects.
  std::optional<int64_t> start_ms;
  // How long each API call of a preemption takes (SchedulerOptions).
  int64_t api_latency_ms = 0;
  // Workload controllers run on the clock (SchedulerOptions::controllers).
  bool controllers = true;
  // The decision level (SchedulerOptions::decision): each pending pod's
  // first cycle against the input as it stands; no controllers.
  bool decision = false;
  // The most queue events the result keeps (SchedulerOptions::max_events).
  int64_t max_events = kMaxTimelineEvents;
  // LoadedCluster::Simulate: the namespace of the change's objects that
  // name none.
  std::string ns = "default";
};

// Decodes, admits and simulates. Never fails: bad input becomes diagnostics
// and whatever can still be simulated is.
SimulationResult Simulate(std::string_view text,
                          const SimulateOptions& options = {});

// Admits and simulates an already decoded scenario.
SimulationResult Simulate(Scenario scenario, Diagnostics diagnostics,
                          const SimulateOptions& options = {});

// The same under a given profile (options.profile is not read).
// REQUIRES: profile outlives the result.
SimulationResult Simulate(Scenario scenario, Diagnostics diagnostics,
                          const Profile& profile,
                          const SimulateOptions& options);

}  // namespace podsim
