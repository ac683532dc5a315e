// v1.14's predicates as the Filter plugins that became them: the order
// podFitsOnNode ran them in, and the predicate a failed status names.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/config/plugins.h"
#include "core/config/profile.h"
#include "core/framework/status.h"

namespace podsim {

// One Filter plugin in the place of the v1.14 predicate it became.
struct Predicate {
  Plugin plugin;
  std::string_view name;  // v1.14's name; "" for a filter v1.14 lacked
  // A part of GeneralPredicates, which runs every part and reports their
  // failures together.
  bool general = false;
};

// Returns v1.14's default predicates in podFitsOnNode's order:
// CheckNodeUnschedulable, GeneralPredicates (PodFitsResources,
// PodFitsHostPorts, PodMatchNodeSelector), PodToleratesNodeTaints,
// MatchInterPodAffinity; before the last, VolumeRestrictions and
// PodTopologySpread, which v1.14 lacked, where a profile mixed from two
// (Compare runs one with a switch of the other) has them.
std::span<const Predicate> Predicates();

// Returns the v1.14 predicate that wrote a failed status:
// "CheckNodeUnschedulable", "PodToleratesNodeTaints", "MatchInterPodAffinity",
// or the parts of GeneralPredicates that failed ("PodFitsResources",
// "PodFitsResources, PodFitsHostPorts", ...; they report together); "" for
// a success or a status no predicate wrote.
std::string PredicateName(const Status& status, const FilterReasons& reasons);

}  // namespace podsim
