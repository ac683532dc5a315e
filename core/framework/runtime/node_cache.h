// Memoized per-node results: the filter status and the preemption dry run
// of a node, for preemptors of one scheduling shape, kept while the node's
// version lasts. A queue of alike pods then re-evaluates only the nodes
// that changed. Results are what recomputation would give.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "core/framework/cycle_state.h"
#include "core/framework/trace.h"

namespace podsim {

struct DryRun {
  Status status;
  Verdict verdict = Verdict::kNone;
  std::vector<Victim> victims;
  int pdb_violations = 0;
  CriterionScores scores{};  // when status is ok
};

class NodeCache {
 public:
  struct Shape {
    std::vector<uint64_t> filter_version;  // 0: nothing stored
    std::vector<Status> filter;
    std::vector<uint64_t> dry_version;
    std::vector<DryRun> dry;
  };

  // Returns the entries for the pod's shape, or nullptr when its results on
  // a node may depend on other nodes (topology spread, inter-pod affinity,
  // a PreFilter verdict), which a node's version does not cover.
  Shape* For(const CycleState& state, const Cluster& cluster);

 private:
  // The fields of a pod that Filter and the dry run read.
  static std::string ShapeOf(const Pod& pod);

  std::unordered_map<std::string, Shape> shapes_;
  // A pod's shape never changes: found once, looked up by pod after.
  std::unordered_map<ObjectIndex, Shape*> by_pod_;
};

}  // namespace podsim
