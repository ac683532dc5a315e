// Reducing a scenario: the smallest subset of its objects that gives one
// pending pod the same decision, found by removing objects and
// re-simulating to confirm each step (delta debugging). Objects are never
// renamed or edited: the result lists the input's objects that stay.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/analysis/compare.h"
#include "core/analysis/loaded_cluster.h"
#include "core/scheduler/simulator.h"

namespace podsim {

// The most simulations one reduction runs, the first (the whole input)
// included. Past it the reduction stops where it is: the scenario still
// gives the same decision, but some objects may not be needed.
inline constexpr int kMaxReduceRuns = 400;

// An object of the input the reduced scenario keeps, and why.
struct KeptObject {
  std::string kind;  // "Node", "Pod", "Deployment", "Namespace", ...
  std::string ns;    // empty for cluster-scoped kinds
  std::string name;
  int line = 0;       // where it starts in its source
  int document = -1;  // its source document (0-based), -1 when not known
  // Its text in its source, which the reduced scenario is cut from.
  SourceRange range;
  // It came from the change laid over a loaded cluster, not the cluster.
  bool change = false;
  // The file of the cluster it came from, when the cluster was read from
  // several (Scenario::sources); "" otherwise.
  std::string source;
  // What it is to the decision ("the chosen node", "a victim") and what
  // re-simulating without it showed ("needed: without it, ...").
  std::string reason;
};

// How many objects of one kind the input had and the reduction kept.
struct KindCount {
  std::string kind;
  int total = 0;
  int kept = 0;
};

struct Reduction {
  std::string pod;  // the target, "<namespace>/<name>"
  // Why nothing was reduced (an unknown pod, a bound pod, ...); empty when
  // the reduction ran.
  std::string error;
  // The target's first attempt: the same in the input and the reduction.
  PodDecision decision;
  std::string message;          // its message over the whole input
  std::string reduced_message;  // over the reduced scenario
  int64_t start_ms = 0;         // the clock's start, fixed for every run
  // The reduced scenario decides alike only from start_ms: read on its own,
  // its clock starts at its own latest time, and the decision differs.
  bool start_needed = false;
  // In input order, kind by kind; the Namespace objects, then the
  // KubeSchedulerConfiguration (name empty), last.
  std::vector<KeptObject> kept;
  std::vector<KindCount> counts;
  int runs = 0;         // simulations run, the first included
  bool capped = false;  // kMaxReduceRuns stopped it
};

// Reduces the scenario text for the pod ("<namespace>/<name>"; a name alone
// is in "default"), simulated alike (options: profile, seed, start,
// controllers) in every run.
Reduction Reduce(std::string_view text, std::string_view pod,
                 const SimulateOptions& options = {});

// The same over a loaded cluster with a change laid over it
// (LoadedCluster::With; the change may be empty). Objects of the change
// are marked change in the result.
Reduction Reduce(const LoadedCluster& cluster, std::string_view change,
                 std::string_view pod, const SimulateOptions& options = {});

}  // namespace podsim
