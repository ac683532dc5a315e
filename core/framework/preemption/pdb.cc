#include "core/framework/preemption/pdb.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace podsim {

bool PdbSelectsForPreemption(const PodDisruptionBudget& pdb, const Pod& pod) {
  if (pdb.ns != pod.ns || pod.labels.empty()) return false;
  if (pdb.selector.is_nil || pdb.selector.empty()) return false;
  return pdb.selector.Matches(pod.labels);
}

void IndexPdbs(Scenario& scenario) {
  std::unordered_map<std::string, std::vector<int>> by_label;  // "k\x1fv"
  std::vector<int> scan;  // selectors with no single-value In requirement
  for (size_t j = 0; j < scenario.pdbs.size(); ++j) {
    const LabelSelector& sel = scenario.pdbs[j].selector;
    if (sel.is_nil || sel.empty()) continue;  // selects nothing here
    auto it =
        std::find_if(sel.requirements.begin(), sel.requirements.end(),
                     [](const Requirement& r) {
                       return r.op == SelectorOp::kIn && r.values.size() == 1;
                     });
    if (it == sel.requirements.end()) {
      scan.push_back(static_cast<int>(j));
    } else {
      by_label[it->key + '\x1f' + it->values[0]].push_back(static_cast<int>(j));
    }
  }
  scenario.pod_pdbs.assign(scenario.pods.size(), {});
  std::vector<int> candidates;
  for (const Pod& pod : scenario.pods) {
    candidates = scan;
    for (const auto& [key, value] : pod.labels.items()) {
      auto it = by_label.find(key + '\x1f' + value);
      if (it != by_label.end()) {
        candidates.insert(candidates.end(), it->second.begin(),
                          it->second.end());
      }
    }
    std::sort(candidates.begin(), candidates.end());
    for (int j : candidates) {
      if (PdbSelectsForPreemption(scenario.pdbs[j], pod)) {
        scenario.pod_pdbs[pod.index].push_back(j);
      }
    }
  }
}

void ClassifyPdbViolations(const Scenario& scenario,
                           const std::vector<ObjectIndex>& pods,
                           PdbViolation rule, std::vector<char>& violating,
                           std::vector<int64_t>& budget) {
  violating.assign(pods.size(), 0);
  if (scenario.pdbs.empty()) return;
  std::vector<int64_t>& allowed = budget;
  allowed.clear();
  for (const PodDisruptionBudget& pdb : scenario.pdbs) {
    allowed.push_back(pdb.disruptions_allowed);
  }
  const bool indexed = scenario.pod_pdbs.size() == scenario.pods.size();
  for (size_t i = 0; i < pods.size(); ++i) {
    const Pod& pod = scenario.pods[pods[i]];
    auto classify = [&](size_t j) {
      const PodDisruptionBudget& pdb = scenario.pdbs[j];
      if (rule == PdbViolation::kAnyExhaustedBudget) {
        if (pdb.disruptions_allowed <= 0) violating[i] = 1;
        return;
      }
      // Already being evicted: it does not spend the budget again.
      if (std::find(pdb.disrupted_pods.begin(), pdb.disrupted_pods.end(),
                    pod.name) != pdb.disrupted_pods.end()) {
        return;
      }
      if (--allowed[j] < 0) violating[i] = 1;
    };
    // v1.37's podIsViolating returns at the first budget it exhausts.
    const bool stops = rule == PdbViolation::kPerPodUntilViolated;
    if (indexed) {
      for (int j : scenario.pod_pdbs[pod.index]) {
        classify(j);
        if (stops && violating[i]) break;
      }
    } else {
      for (size_t j = 0; j < scenario.pdbs.size(); ++j) {
        if (PdbSelectsForPreemption(scenario.pdbs[j], pod)) classify(j);
        if (stops && violating[i]) break;
      }
    }
  }
}

}  // namespace podsim
