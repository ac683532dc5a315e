// PodDisruptionBudgets as the scheduler reads them: which budgets select a
// pod, and the split of potential victims by PDB violation (DefaultPreemption's
// filterPodsWithPDBViolation). The budgets' status is the disruption
// controller's (controllers/disruption.h).
#pragma once

#include <vector>

#include "core/api/objects.h"
#include "core/config/profile.h"

namespace podsim {

// Mirrors filterPodsWithPDBViolation. kPerPodBudget walks pods (sorted most
// important first) and spends each matching PDB's disruptionsAllowed; a pod
// that drives any budget below zero violates. kAnyExhaustedBudget (v1.14):
// a pod violates when a matching PDB allows no disruption. Fills one flag
// per pod into violating; budget is scratch space.
void ClassifyPdbViolations(const Scenario& scenario,
                           const std::vector<ObjectIndex>& pods,
                           PdbViolation rule, std::vector<char>& violating,
                           std::vector<int64_t>& budget);

// Fills scenario.pod_pdbs: for each pod, the PDBs that select it (what
// ClassifyPdbViolations walks). PDBs are bucketed by one label their
// selector requires, so a pod is checked only against PDBs it may match.
void IndexPdbs(Scenario& scenario);

// Returns whether the PDB selects the pod (same namespace, labels match; a
// nil or empty selector selects nothing, as the scheduler reads it).
bool PdbSelectsForPreemption(const PodDisruptionBudget& pdb, const Pod& pod);

}  // namespace podsim
