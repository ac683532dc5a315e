// JS surface of the simulator: text in, JSON out, and a cluster loaded once
// from chunks (a stream) on which scenarios are simulated.
#include <emscripten/bind.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "core/analysis/change_effect.h"
#include "core/analysis/compare.h"
#include "core/analysis/loaded_cluster.h"
#include "core/analysis/reduce.h"
#include "core/analysis/variant_diff.h"
#include "core/ingest/loader.h"
#include "core/output/cluster_json.h"
#include "core/output/result_json.h"
#include "core/scheduler/simulator.h"

namespace {

// seed < 0 means "no seed": the candidate offset is 0. detail_attempt < 0
// means the default detail budget; otherwise only that attempt is detailed.
// start_ms, Unix milliseconds, starts the clock; NaN leaves it to the
// objects' times. latency_ms is each API call's (0: none).
podsim::SimulateOptions Options(double seed, int detail_attempt,
                                const std::string& profile, double start_ms,
                                double latency_ms, bool controllers = true) {
  podsim::SimulateOptions options;
  options.controllers = controllers;
  if (seed >= 0) options.seed = static_cast<uint64_t>(seed);
  if (detail_attempt >= 0) options.detail_attempt = detail_attempt;
  options.profile = profile;
  if (!std::isnan(start_ms)) options.start_ms = static_cast<int64_t>(start_ms);
  if (latency_ms > 0) options.api_latency_ms = static_cast<int64_t>(latency_ms);
  return options;
}

std::string Simulate(const std::string& scenario, double seed,
                     int detail_attempt, const std::string& profile,
                     double start_ms, double latency_ms, bool controllers,
                     bool decision) {
  podsim::SimulateOptions options =
      Options(seed, detail_attempt, profile, start_ms, latency_ms, controllers);
  options.decision = decision;
  return podsim::ToJson(podsim::Simulate(scenario, options));
}

// Unknown profile names come back as a result with the diagnostic.
std::string Compare(const std::string& scenario, double seed,
                    const std::string& a, const std::string& b, double start_ms,
                    double latency_ms, bool controllers) {
  const podsim::Profile* pa = podsim::FindProfile(a);
  const podsim::Profile* pb = podsim::FindProfile(b);
  if (!pa || !pb) {
    return Simulate(scenario, seed, -1, pa ? b : a, start_ms, latency_ms,
                    controllers, false);
  }
  return podsim::ToJson(podsim::Compare(
      scenario, *pa, *pb,
      Options(seed, -1, "", start_ms, latency_ms, controllers)));
}

// Two variants of a scenario, simulated alike under one profile; an unknown
// profile name comes back as variant a's result with the diagnostic.
std::string Diff(const std::string& a, const std::string& b, double seed,
                 const std::string& profile, double start_ms, double latency_ms,
                 bool controllers) {
  if (!profile.empty() && !podsim::FindProfile(profile)) {
    return Simulate(a, seed, -1, profile, start_ms, latency_ms, controllers,
                    false);
  }
  return podsim::ToJson(podsim::DiffVariants(
      a, b, Options(seed, -1, profile, start_ms, latency_ms, controllers)));
}

// The smallest subset of the scenario that gives pod the same decision;
// an unknown profile or pod comes back as a Reduction with its error.
std::string Reduce(const std::string& scenario, const std::string& pod,
                   double seed, const std::string& profile, double start_ms,
                   double latency_ms, bool controllers) {
  return podsim::ToJson(podsim::Reduce(
      scenario, pod,
      Options(seed, -1, profile, start_ms, latency_ms, controllers)));
}

// The two profiles Compare runs unless told which (see ComparedProfiles).
std::string ComparedProfiles(const std::string& against) {
  return podsim::ComparedProfilesJson(against);
}

// A cluster read from chunks (feed, then finish), then simulated under
// scenarios. JS owns it and calls delete().
class Cluster {
 public:
  // The next file of a cluster read from several (found: in a folder).
  void StartSource(const std::string& name, bool found) {
    if (loader_) loader_->StartSource(name, found);
  }
  void Feed(const std::string& bytes) {
    if (loader_) loader_->Feed(bytes);
  }
  void Finish() {
    if (!loader_) return;
    cluster_.emplace(loader_->Finish());
    loader_.reset();
  }
  double Bytes() const { return loader_ ? double(loader_->bytes()) : 0; }
  int Objects() const { return loader_ ? loader_->objects() : 0; }
  std::string Summary() const {
    return cluster_ ? podsim::ClusterSummaryJson(*cluster_) : "{}";
  }
  std::string Objects(const std::string& query, int offset, int limit) const {
    return cluster_
               ? podsim::ClusterObjectsJson(*cluster_, query, offset, limit)
               : "{}";
  }
  // ns: the namespace of the scenario's objects that name none.
  std::string Simulate(const std::string& scenario, double seed,
                       int detail_attempt, const std::string& profile,
                       double start_ms, double latency_ms, bool controllers,
                       bool decision, const std::string& ns) const {
    if (!cluster_) {
      return ::Simulate(scenario, seed, detail_attempt, profile, start_ms,
                        latency_ms, controllers, decision);
    }
    podsim::SimulateOptions options = Options(
        seed, detail_attempt, profile, start_ms, latency_ms, controllers);
    options.decision = decision;
    if (!ns.empty()) options.ns = ns;
    podsim::SimulationResult result = cluster_->Simulate(scenario, options);
    if (scenario.find_first_not_of(" \t\r\n") == std::string::npos) {
      return podsim::ToJson(result);
    }
    return podsim::ToJson(result, podsim::EffectOf(Alone(options), result));
  }
  // The reduction for pod over the cluster with the change laid over it.
  std::string Reduce(const std::string& change, const std::string& pod,
                     double seed, const std::string& profile, double start_ms,
                     double latency_ms, bool controllers,
                     const std::string& ns) const {
    if (!cluster_) {
      return ::Reduce(change, pod, seed, profile, start_ms, latency_ms,
                      controllers);
    }
    podsim::SimulateOptions options =
        Options(seed, -1, profile, start_ms, latency_ms, controllers);
    if (!ns.empty()) options.ns = ns;
    return podsim::ToJson(podsim::Reduce(*cluster_, change, pod, options));
  }

 private:
  std::unique_ptr<podsim::Loader> loader_ = std::make_unique<podsim::Loader>();
  std::optional<podsim::LoadedCluster> cluster_;
  // The cluster settled alone, for the options it was settled under: every
  // change laid over the cluster under the same options compares with it.
  mutable std::string alone_key_;
  mutable std::optional<podsim::ClusterAlone> alone_;

  const podsim::ClusterAlone& Alone(const podsim::SimulateOptions& o) const {
    std::string key = std::to_string(o.seed.value_or(~0ULL)) + "|" + o.profile +
                      "|" + std::to_string(o.start_ms.value_or(-1)) + "|" +
                      std::to_string(o.api_latency_ms) + "|" +
                      std::to_string(o.controllers) +
                      std::to_string(o.decision);
    if (!alone_ || key != alone_key_) {
      alone_ = podsim::SettleAlone(*cluster_, o);
      alone_key_ = std::move(key);
    }
    return *alone_;
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(podsim) {
  emscripten::function("simulate", &Simulate);
  emscripten::function("compare", &Compare);
  emscripten::function("diff", &Diff);
  emscripten::function("reduce", &Reduce);
  emscripten::function("profiles", &podsim::ProfilesJson);
  emscripten::function("comparedProfiles", &ComparedProfiles);
  emscripten::class_<Cluster>("Cluster")
      .constructor<>()
      .function("startSource", &Cluster::StartSource)
      .function("feed", &Cluster::Feed)
      .function("finish", &Cluster::Finish)
      .function("bytes", &Cluster::Bytes)
      .function("objectCount",
                static_cast<int (Cluster::*)() const>(&Cluster::Objects))
      .function("summary", &Cluster::Summary)
      .function("objects",
                static_cast<std::string (Cluster::*)(
                    const std::string&, int, int) const>(&Cluster::Objects))
      .function("simulate", &Cluster::Simulate)
      .function("reduce", &Cluster::Reduce);
}
