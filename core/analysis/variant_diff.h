// Comparing variants: two versions of a scenario simulated alike, the objects
// that differ between them, and the object changes that explain each pod's
// different decision.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/compare.h"
#include "core/scheduler/simulator.h"

namespace podsim {

// Changes applied to variant a one at a time, at most: each is one more
// simulation.
inline constexpr int kMaxSingleChangeRuns = 20;

// An object that differs between the variants. Objects are keyed by kind
// and namespace/name (cluster-scoped kinds by name); one is changed when the
// JSON the decoder received for it differs, fields it does not read aside.
struct ObjectChange {
  std::string object;  // "Pod default/web", "PriorityClass high"
  std::string kind;
  std::string ns;  // empty for cluster-scoped kinds
  std::string name;
  std::string_view change;  // "added", "removed" or "changed" (a -> b)
};

struct VariantDifference {
  std::string pod;  // "<namespace>/<name>"
  // "decision": the first attempt differs (or the pod has a cycle in one
  // variant only); "outcome": only where the queue left the pod differs.
  std::string_view kind;
  // Empty when the pod got no scheduling cycle in that variant.
  std::optional<PodDecision> a, b;
  // "single": each of changes, applied alone to a, gives b's decision.
  // "together": every change was tried and none does alone; changes are
  // those that move the pod at all. "untried": none of the changes tried
  // does alone and some were not tried (kMaxSingleChangeRuns); changes are
  // the tried ones that move the pod.
  std::string_view cause;
  std::vector<size_t> changes;  // indexes into VariantDiff::objects
  bool together = false;        // cause == "together"
};

struct VariantDiff {
  SimulationResult a, b;
  std::vector<ObjectChange> objects;  // a's order, then b's additions
  std::vector<VariantDifference> differences;
  // Changes applied to a alone: the first kMaxSingleChangeRuns of objects,
  // and none when no pod differs.
  int tried = 0;
};

// Simulates variants a and b of a scenario alike (options) and explains
// every pod whose decision differs by the object changes from a to b.
// Runs one extra simulation per change tried, only when some pod differs.
VariantDiff DiffVariants(std::string_view a, std::string_view b,
                         const SimulateOptions& options = {});

}  // namespace podsim
