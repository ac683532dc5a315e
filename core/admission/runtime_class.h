// RuntimeClass: a pod naming a RuntimeClass gets its overhead, node selector
// and tolerations. Mirrors plugin/pkg/admission/runtimeclass/admission.go.
#pragma once

#include <string>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

// Mirrors RuntimeClass.Admit for a pod naming rc (setOverhead, then
// setScheduling): spec.overhead becomes rc's overhead.podFixed, rc's node
// selector is merged into the pod's and its tolerations into the pod's
// (MergeTolerations). Returns why the pod is refused (the text after
// "is forbidden: "), "" when admitted; what it changed goes into notes.
std::string RuntimeClassAdmit(const RuntimeClass& rc,
                              const ResourceTable& table, Pod& pod,
                              PodSpecResources& spec,
                              std::vector<AdmissionNote>& notes);

// Mirrors RuntimeClass.Validate (validateOverhead) for a pod naming rc, or
// none (nullptr): its overhead must be rc's. Returns the refusal, or "".
std::string RuntimeClassValidate(const RuntimeClass* rc,
                                 const PodSpecResources& spec);

// Mirrors tolerations.MergeTolerations (pkg/util/tolerations): first then
// second, leaving out each toleration another one kept tolerates a
// superset of. tolerationSeconds is not read by podsim and plays no part.
std::vector<Toleration> MergeTolerations(const std::vector<Toleration>& first,
                                         const std::vector<Toleration>& second);

}  // namespace podsim
