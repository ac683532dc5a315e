// Comparing profiles: one scenario simulated under two profiles, the places
// where a pod's decision differs, and the profile switches that explain it.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/config/profile.h"
#include "core/scheduler/simulator.h"

namespace podsim {

// What one profile decided for a pod: its first attempt (the decision the
// conformance cases check) or where the queue left it.
struct PodDecision {
  Outcome outcome = Outcome::kUnschedulable;
  std::string node;                  // bound or nominated; empty otherwise
  std::vector<std::string> victims;  // "<namespace>/<name>", sorted
  bool operator==(const PodDecision&) const = default;
};

// Each pending pod's first decision and final outcome, by pod key.
struct PodDecisions {
  std::map<std::string, PodDecision> first;
  std::map<std::string, PodDecision> last;
};

// Returns the decisions of every pod that got a scheduling cycle in result.
PodDecisions DecisionsOf(const SimulationResult& result);

// A switch that, set alone as the other profile sets it, reproduces the
// other profile's decision for the pod.
struct Rule {
  std::string_view name;  // ProfileSwitch::name
  std::string text;       // "<profile b> <what it does>; <profile a> <...>"
};

struct Difference {
  std::string pod;  // "<namespace>/<name>"
  // "decision": the first attempt differs; "outcome": only where the queue
  // left the pod differs.
  std::string_view kind;
  PodDecision a, b;
  // The single switches that explain it; when none does alone, every switch
  // whose change moves the pod, and together is set.
  std::vector<Rule> rules;
  bool together = false;
};

struct Comparison {
  SimulationResult a, b;
  std::vector<Difference> differences;
};

// Simulates text under profiles a and b and explains every difference.
// Runs two extra simulations per switch the profiles set differently, only
// when some pod differs.
Comparison Compare(std::string_view text, const Profile& a, const Profile& b,
                   const SimulateOptions& options = {});

// Returns the two profiles Compare runs when the caller names at most one,
// against: the current profile and against, or, when against is empty or
// names the current profile, the current profile and the oldest (the
// release older write-ups describe). The second is nullptr when against
// names no profile.
std::pair<const Profile*, const Profile*> ComparedProfiles(
    std::string_view against = {});

}  // namespace podsim
