#include "core/simulator.h"

#include "core/admission.h"
#include "core/decode.h"
#include "core/pdb.h"
#include "core/scheduler.h"

namespace podsim {

SimulationResult Simulate(std::string_view text,
                          const SimulateOptions& options) {
  DecodeResult decoded = Decode(text);
  return Simulate(std::move(decoded.scenario), std::move(decoded.diagnostics),
                  options);
}

SimulationResult Simulate(Scenario scenario, Diagnostics diagnostics,
                          const SimulateOptions& options) {
  SimulationResult result;
  result.scenario = std::move(scenario);
  result.diagnostics = std::move(diagnostics);
  Admit(result.scenario, result.diagnostics);
  ComputePdbStatus(result.scenario);
  IndexPdbs(result.scenario);
  SchedulerOptions scheduler_options;
  scheduler_options.seed = options.seed ? options.seed : result.scenario.seed;
  scheduler_options.detail_budget = options.detail_budget;
  scheduler_options.detail_attempt = options.detail_attempt;
  result.attempts =
      RunScheduler(result.scenario, scheduler_options, result.diagnostics);
  return result;
}

}  // namespace podsim
