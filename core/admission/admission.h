// Priority admission: PriorityClass validation, and priorityClassName ->
// spec.priority and preemptionPolicy for pods that were never admitted.
#pragma once

#include "core/api/objects.h"
#include "core/base/diagnostics.h"

namespace podsim {

inline constexpr int32_t kHighestUserDefinablePriority = 1'000'000'000;
inline constexpr int32_t kSystemCriticalPriority = 2'000'000'000;

// Adds the two built-in system classes, validates user classes, then
// resolves every pod's priority and preemption policy.
// Pods that already carry spec.priority were admitted when stored: their
// values are kept and a disagreement with their class is a warning. Other
// pods go through admission; a rejected pod gets admitted = false and an
// error with the upstream Forbidden text.
// Mirrors plugin/pkg/admission/priority/admission.go.
void Admit(Scenario& scenario, Diagnostics& diagnostics);

}  // namespace podsim
