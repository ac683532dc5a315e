// What a change laid over a loaded cluster makes differ: the cluster settled
// alone (a) and with the change (b), from the one decoded cluster. The
// change's pods and where they end, the cluster's pods that lose their place
// because of it, the preemption chains that start from it and the budgets it
// exhausts; apart from it, the cluster's own activity, which a has too.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/analysis/loaded_cluster.h"
#include "core/scheduler/simulator.h"

namespace podsim {

// The cluster settled alone: where each of its pods ends, and the budgets
// that run out. It depends on the options only, not on the change: a caller
// may keep it for every change it lays over the same cluster.
struct ClusterAlone {
  // Pod key -> the node the run leaves it bound to; pods it leaves
  // unbound are absent.
  std::unordered_map<std::string, std::string> placed;
  // The pods that got a scheduling cycle.
  std::unordered_set<std::string> attempted;
  // The PDBs ("<namespace>/<name>") whose disruptionsAllowed reached 0.
  std::unordered_set<std::string> exhausted;
};

// A pod of the change (or one a workload of the change created) and where
// the run with the change leaves it.
struct ChangePod {
  std::string pod;  // "<namespace>/<name>"
  // "bound", "nominated" (still waiting), "pending", "evicted" (a later
  // preemption took it), "deleted" (its controller), "not tried".
  std::string_view where;
  std::string node;  // bound or nominated on; empty otherwise
  int attempt = -1;  // its last attempt (SimulationResult::attempts), or -1
  std::vector<std::string> evicted;  // the pods its preemptions deleted
};

// A pod of the cluster that has a place when the cluster settles alone and
// loses it with the change.
struct DisplacedPod {
  std::string pod;
  std::string before;  // its node in the cluster alone
  // "evicted" (a preemption deleted it), "deleted" (its controller did),
  // "moved" (it ends on another node), "pending" (it ends unbound).
  std::string_view fate;
  std::string after;       // moved: the node it ends on
  std::string by;          // evicted: whose preemption deleted it
  bool by_change = false;  // by is a pod of the change or of its cascade
};

// The cluster's own activity in the run with the change: its own pending
// pods and their preemptions, which the cluster alone has too.
struct OwnActivity {
  std::vector<int> pending;    // each own pending pod's last attempt
  int preemptions = 0;         // own attempts that evicted pods
  int victims = 0;             // the pods they evicted
  std::vector<size_t> chains;  // RunOutcome::chains not from the change
};

struct ChangeEffect {
  std::vector<ChangePod> pods;
  std::vector<DisplacedPod> displaced;
  // RunOutcome::chains (of the run with the change) that start from the
  // change: a preemption by one of its pods, or by a replacement such a
  // chain created.
  std::vector<size_t> cascades;
  std::vector<std::string> exhausted;  // PDBs at 0 with the change only
  OwnActivity own;
};

// Settles the cluster alone (no per-node detail: only where pods end).
ClusterAlone SettleAlone(const LoadedCluster& cluster,
                         const SimulateOptions& options);

// Returns what with_change (LoadedCluster::Simulate of a change) makes
// differ from the cluster alone, both under the same options.
ChangeEffect EffectOf(const ClusterAlone& alone,
                      const SimulationResult& with_change);

}  // namespace podsim
