// The result documents (apiVersion podsim/v1) as JSON text: a run, two
// profiles compared, two variants diffed, a reduction, the profiles' list.
// Everything is decided before; this only writes.
#pragma once

#include <string>
#include <string_view>

#include "core/analysis/change_effect.h"
#include "core/analysis/compare.h"
#include "core/analysis/reduce.h"
#include "core/analysis/variant_diff.h"
#include "core/scheduler/simulator.h"

namespace podsim {

// Returns the result document (apiVersion podsim/v1) as JSON text.
std::string ToJson(const SimulationResult& result);

// The same with "change": what a change laid over a cluster makes differ
// from the cluster alone (ChangeEffect; attempts and chains by index into
// "pods" and "workloads.chains").
std::string ToJson(const SimulationResult& result, const ChangeEffect& change);

// Returns {"apiVersion","kind":"Comparison","profiles","differences",
// "results":[a, b]} as JSON text.
std::string ToJson(const Comparison& comparison);

// Returns {"apiVersion","kind":"VariantDiff","objects","differences",
// "tried","limit","results":[a, b]} as JSON text.
std::string ToJson(const VariantDiff& diff);

// Returns {"apiVersion","capped","counts","decision","kept","kind":
// "Reduction","limit","message","pod","reducedMessage","runs","startMs",
// "startNeeded"} (or {"apiVersion","error","kind","pod","runs"}) as JSON
// text, its keys in byte order.
std::string ToJson(const Reduction& reduction);

// Returns every profile as JSON: [{"name","kubernetesVersion","summary"}].
std::string ProfilesJson();

// Returns ComparedProfiles(against) as JSON: ["current","v1.14"], with null
// in place of a name against does not know.
std::string ComparedProfilesJson(std::string_view against);

}  // namespace podsim
