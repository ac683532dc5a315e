// A cluster loaded once (typically a `kubectl get -o yaml` dump) on which
// scenarios are simulated: each scenario's objects are laid over the
// cluster's, replacing those of the same kind and name, as `kubectl apply`
// would, so an edit re-reads only the scenario, never the dump.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "core/ingest/decode.h"
#include "core/scheduler/simulator.h"

namespace podsim {

class LoadedCluster {
 public:
  // Takes a decoded cluster (Loader::Finish or Decode).
  explicit LoadedCluster(DecodeResult decoded);

  const Scenario& scenario() const { return scenario_; }
  // The problems found when the cluster was read.
  const Diagnostics& diagnostics() const { return diagnostics_; }

  // Returns the cluster with the scenario text's objects laid over it, and
  // the scenario's diagnostics (the cluster's own are in diagnostics()).
  // The scenario is the change: its pods and workloads are marked applied,
  // and those naming no namespace get ns (kubectl apply -n).
  // mine, when given, receives the objects the change holds ("Pod
  // shop/web", "Deployment shop/web", "Node n1", ...).
  DecodeResult With(std::string_view scenario_text,
                    const std::string& ns = "default",
                    std::unordered_set<std::string>* mine = nullptr) const;

  // Decodes the scenario text over the cluster and simulates the whole.
  SimulationResult Simulate(std::string_view scenario_text,
                            const SimulateOptions& options = {}) const;

 private:
  Scenario scenario_;
  Diagnostics diagnostics_;
};

}  // namespace podsim
