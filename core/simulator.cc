#include "core/simulator.h"

#include "core/admission.h"
#include "core/decode.h"
#include "core/pdb.h"
#include "core/scheduler.h"
#include "core/volume_restrictions.h"

namespace podsim {
namespace {

// Says where a scenario uses what the profile's release did not have.
void WarnAboutProfile(SimulationResult& result) {
  const Profile& profile = *result.profile;
  if (profile.topology_spread) return;
  for (const Pod& pod : result.scenario.pods) {
    if (pod.spread_constraints.empty() || pod.bound()) continue;
    result.diagnostics.Add(
        Severity::kWarning, "Pod " + pod.key,
        FieldPath("spec.topologySpreadConstraints"), pod.line,
        "ignored under profile " + std::string(profile.name) +
            ": PodTopologySpread came in v1.16",
        pod.document);
  }
}

}  // namespace

SimulationResult Simulate(std::string_view text,
                          const SimulateOptions& options) {
  DecodeResult decoded = Decode(text);
  return Simulate(std::move(decoded.scenario), std::move(decoded.diagnostics),
                  options);
}

SimulationResult Simulate(Scenario scenario, Diagnostics diagnostics,
                          const SimulateOptions& options) {
  const Profile* profile = &CurrentProfile();
  if (!options.profile.empty()) profile = FindProfile(options.profile);
  if (!profile) {
    SimulationResult result;
    result.scenario = std::move(scenario);
    result.diagnostics = std::move(diagnostics);
    result.diagnostics.Add(Severity::kError, "", FieldPath("profile"), 0,
                           "unknown profile \"" + options.profile +
                               "\" (known: " + ProfileNames() + ")");
    return result;
  }
  return Simulate(std::move(scenario), std::move(diagnostics), *profile,
                  options);
}

SimulationResult Simulate(Scenario scenario, Diagnostics diagnostics,
                          const Profile& profile,
                          const SimulateOptions& options) {
  SimulationResult result;
  result.profile = &profile;
  result.scenario = std::move(scenario);
  result.diagnostics = std::move(diagnostics);
  Admit(result.scenario, result.diagnostics);
  ResolveClaims(result.scenario, profile, result.diagnostics);
  WarnAboutProfile(result);
  ComputePdbStatus(result.scenario);
  IndexPdbs(result.scenario);
  SchedulerOptions scheduler_options;
  scheduler_options.seed = options.seed ? options.seed : result.scenario.seed;
  scheduler_options.detail_budget = options.detail_budget;
  scheduler_options.detail_attempt = options.detail_attempt;
  scheduler_options.profile = result.profile;
  scheduler_options.start_ms = options.start_ms;
  scheduler_options.api_latency_ms = options.api_latency_ms;
  scheduler_options.controllers = options.controllers;
  SchedulerRun run =
      RunScheduler(result.scenario, scheduler_options, result.diagnostics);
  result.attempts = std::move(run.attempts);
  result.timeline = std::move(run.timeline);
  return result;
}

}  // namespace podsim
