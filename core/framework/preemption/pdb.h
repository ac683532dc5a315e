// PodDisruptionBudgets: the status the disruption controller would compute,
// and the scheduler's split of potential victims by PDB violation.
#pragma once

#include <vector>

#include "core/api/objects.h"
#include "core/config/profile.h"

namespace podsim {

// Fills disruptions_allowed for every PDB given without status, as the
// disruption controller computes it, and records how in status_explanation.
// Mirrors pkg/controller/disruption/disruption.go (trySync).
void ComputePdbStatus(Scenario& scenario);

// Mirrors filterPodsWithPDBViolation. kPerPodBudget walks pods (sorted most
// important first) and spends each matching PDB's disruptionsAllowed; a pod
// that drives any budget below zero violates. kAnyExhaustedBudget (v1.14):
// a pod violates when a matching PDB allows no disruption. Fills one flag
// per pod into violating; budget is scratch space.
void ClassifyPdbViolations(const Scenario& scenario,
                           const std::vector<ObjectIndex>& pods,
                           PdbViolation rule, std::vector<char>& violating,
                           std::vector<int64_t>& budget);

// Returns how many of the pods a budget selects must stay healthy, as the
// disruption controller derives it from the spec (a budget that expects no
// pods: more than can ever be).
int32_t DesiredHealthy(const Scenario& scenario, const PodDisruptionBudget& pdb,
                       const std::vector<ObjectIndex>& pods);

// Fills scenario.pod_pdbs: for each pod, the PDBs that select it (what
// ClassifyPdbViolations walks). PDBs are bucketed by one label their
// selector requires, so a pod is checked only against PDBs it may match.
void IndexPdbs(Scenario& scenario);

// Returns whether the PDB selects the pod (same namespace, labels match; a
// nil or empty selector selects nothing, as the scheduler reads it).
bool PdbSelectsForPreemption(const PodDisruptionBudget& pdb, const Pod& pod);

}  // namespace podsim
