// The disruption controller: the status of every PodDisruptionBudget
// (disruptionsAllowed, and how many pods it keeps healthy) from the pods it
// selects. Mirrors pkg/controller/disruption.
#pragma once

#include <cstdint>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

class WorkloadControllers;

// Fills disruptions_allowed for every PDB given without status, as the
// disruption controller computes it, and records how in status_explanation.
// Mirrors pkg/controller/disruption/disruption.go (trySync).
void ComputePdbStatus(Scenario& scenario);

// Returns how many of the pods a budget selects must stay healthy, as the
// disruption controller derives it from the spec, the pods and the scale of
// their controllers as wc knows them (a budget that expects no pods, or
// whose sync fails: more than can ever be).
int32_t DesiredHealthy(const Scenario& scenario, const WorkloadControllers& wc,
                       const PodDisruptionBudget& pdb,
                       const std::vector<ObjectIndex>& pods);

}  // namespace podsim
