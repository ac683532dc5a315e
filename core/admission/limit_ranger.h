// LimitRanger: a namespace's LimitRanges give a pod's containers their
// default requests and limits, then bound them.
// Mirrors plugin/pkg/admission/limitranger/admission.go.
#pragma once

#include <string>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

struct LimitRangerOutcome {
  // One note per LimitRange that set a default, in the order applied.
  std::vector<AdmissionNote> notes;
  // Why the pod is refused (the Forbidden message after "is forbidden: "),
  // empty when admitted; refused_by names the LimitRange.
  std::string error;
  std::string refused_by;
  // Whether a default was set: the pod's requests change.
  bool changed() const { return !notes.empty(); }
};

// LimitRanger's Admit: each range's Container defaults fill what a
// container leaves unset (PodMutateLimitFunc), in input order. Returns one
// note per range that set something.
std::vector<AdmissionNote> LimitRangerDefaults(
    const std::vector<const LimitRange*>& ranges, const ResourceTable& table,
    PodSpecResources& spec);

// LimitRanger's Validate: each range's min, max and maxLimitRequestRatio
// for every container and for the pod (PodValidateLimitFunc), stopping at
// the first range that refuses. Sets out.error and out.refused_by.
void LimitRangerValidate(const std::vector<const LimitRange*>& ranges,
                         const ResourceTable& table,
                         const PodSpecResources& spec, LimitRangerOutcome& out);

// Runs LimitRanger over spec for the namespace's LimitRanges, in input
// order (upstream lists them from an informer, in map order): first Admit,
// each range's Container defaults filling what a container leaves unset
// (PodMutateLimitFunc), then Validate, each range's min, max and
// maxLimitRequestRatio for every container and for the pod
// (PodValidateLimitFunc), stopping at the first range that refuses.
LimitRangerOutcome RunLimitRanger(const std::vector<const LimitRange*>& ranges,
                                  const ResourceTable& table,
                                  PodSpecResources& spec);

}  // namespace podsim
