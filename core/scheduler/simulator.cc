#include "core/scheduler/simulator.h"

#include <memory>
#include <string>
#include <vector>

#include "core/admission/admission.h"
#include "core/controllers/disruption.h"
#include "core/framework/plugins/pod_topology_spread.h"
#include "core/framework/plugins/volume_restrictions.h"
#include "core/framework/preemption/pdb.h"
#include "core/ingest/decode.h"
#include "core/scheduler/scheduler.h"

namespace podsim {
namespace {

// Drops what the profile's release did not read, and says where a scenario
// uses what it did not have.
// What a release without PodLevelResources or sidecar host ports sees of
// a pod (or a pod template); returns whether it dropped pod-level requests.
bool AdaptPod(const Profile& profile, Pod& pod) {
  bool dropped = false;
  if (!profile.pod_level_resources && pod.without_pod_level) {
    pod.requests = pod.without_pod_level->requests;
    pod.nonzero_cpu = pod.without_pod_level->nonzero_cpu;
    pod.nonzero_memory = pod.without_pod_level->nonzero_memory;
    pod.without_pod_level.reset();
    dropped = true;
  }
  if (profile.sidecar_nonzero_requests) {
    pod.placed_nonzero_before_sidecars.reset();
  }
  if (!profile.sidecar_host_ports) {
    // Mirrors NodePorts and NodeInfo's used ports before #132040: regular
    // containers only.
    std::erase_if(pod.host_ports,
                  [](const HostPort& port) { return port.sidecar; });
  }
  return dropped;
}

void AdaptToProfile(SimulationResult& result) {
  const Profile& profile = *result.profile;
  auto dropped = [&](const std::string& object, const std::string& path,
                     int line, int document) {
    result.diagnostics.Add(
        Severity::kWarning, object, FieldPath(path), line,
        "ignored under profile " + std::string(profile.name) + ": Kubernetes " +
            std::string(profile.kubernetes_version) +
            " drops pod-level resources (PodLevelResources came in "
            "v1.34); the containers' requests count",
        document);
  };
  for (Pod& pod : result.scenario.pods) {
    if (AdaptPod(profile, pod)) {
      dropped(pod.ref().Describe(), "spec.resources", pod.line, pod.document);
    }
  }
  // The pods controllers create are copies of their templates.
  for (Controller& c : result.scenario.controllers) {
    if (!c.pod_template) continue;
    auto pod = std::make_shared<Pod>(*c.pod_template);
    if (AdaptPod(profile, *pod)) {
      dropped(c.ref().Describe(), "spec.template.spec.resources", c.line,
              c.document);
    }
    c.pod_template = std::move(pod);
  }
  if (profile.topology_spread) return;
  for (const Pod& pod : result.scenario.pods) {
    if (pod.spread_constraints.empty() || pod.bound()) continue;
    result.diagnostics.Add(
        Severity::kWarning, pod.ref().Describe(),
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
  ResolveDefaultSelectors(result.scenario);
  AdaptToProfile(result);
  ComputePdbStatus(result.scenario);
  IndexPdbs(result.scenario);
  SchedulerOptions scheduler_options;
  scheduler_options.seed = options.seed ? options.seed : result.scenario.seed;
  scheduler_options.detail_budget = options.detail_budget;
  scheduler_options.detail_attempt = options.detail_attempt;
  scheduler_options.profile = result.profile;
  scheduler_options.start_ms = options.start_ms;
  scheduler_options.focus_pod = options.focus_pod;
  scheduler_options.api_latency_ms = options.api_latency_ms;
  scheduler_options.controllers = options.controllers && !options.decision;
  scheduler_options.decision = options.decision;
  result.decision = options.decision;
  scheduler_options.max_events = options.max_events;
  SchedulerRun run =
      RunScheduler(result.scenario, scheduler_options, result.diagnostics);
  result.attempts = std::move(run.attempts);
  result.timeline = std::move(run.timeline);
  return result;
}

}  // namespace podsim
