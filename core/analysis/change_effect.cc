#include "core/analysis/change_effect.h"

#include <algorithm>

#include "core/framework/run_outcome.h"

namespace podsim {
namespace {

// The PDBs whose disruptionsAllowed reached 0 in the run.
std::vector<std::string> Exhausted(const SimulationResult& r) {
  std::vector<std::string> out;
  for (const QueueEvent& e : r.timeline.events) {
    if (e.kind != QueueEventKind::kPdbStatus || e.other != 0) continue;
    std::string key = r.scenario.pdbs[e.workload].ref().Key();
    if (std::find(out.begin(), out.end(), key) == out.end()) {
      out.push_back(std::move(key));
    }
  }
  return out;
}

// Where the run leaves a pod it placed, as ChangePod::where says it.
std::string_view Where(const PodPlacement& pl, const Attempt* last) {
  if (pl.deleted_by >= 0) return "deleted";
  if (pl.evicted_by >= 0) return "evicted";
  if (pl.final_node >= 0) return "bound";
  if (pl.nominated_node >= 0) return "nominated";
  return last ? "pending" : "not tried";
}

// What the run with the change holds, indexed for EffectOf.
struct Run {
  const SimulationResult& r;
  std::vector<ObjectIndex> evicted_by = EvictedBy(r);
  std::vector<PodPlacement> placements = Placements(r, evicted_by);
  std::vector<ReplacementChain> chains = ReplacementChains(r, evicted_by);
  std::vector<int> last = LastAttempts(r);

  static std::vector<int> LastAttempts(const SimulationResult& r) {
    std::vector<int> out(r.scenario.pods.size(), -1);
    for (size_t i = 0; i < r.attempts.size(); ++i) {
      out[r.attempts[i].pod] = static_cast<int>(i);
    }
    return out;
  }
  const std::string& Key(ObjectIndex p) const { return r.scenario.pods[p].key; }
  std::string NodeName(ObjectIndex n) const {
    return n >= 0 ? r.scenario.nodes[n].name : "";
  }
};

// The pods the change stands for: its own, and those of every chain that
// starts from one of them. Marks ChangeEffect::cascades and own.chains.
std::vector<char> CausedByChange(const Run& run, ChangeEffect& out) {
  const std::vector<Pod>& pods = run.r.scenario.pods;
  std::vector<char> caused(pods.size(), 0);
  for (const Pod& p : pods) caused[p.index] = p.applied;
  for (size_t i = 0; i < run.chains.size(); ++i) {
    const ReplacementChain& c = run.chains[i];
    if (c.preemptor >= 0 && caused[c.preemptor]) {
      caused[c.replacement] = 1;
      out.cascades.push_back(i);
    } else {
      out.own.chains.push_back(i);
    }
  }
  return caused;
}

void ListChangePods(const Run& run, ChangeEffect& out) {
  std::vector<std::vector<std::string>> evicted(run.r.scenario.pods.size());
  for (size_t p = 0; p < run.evicted_by.size(); ++p) {
    ObjectIndex by = run.evicted_by[p];
    if (by >= 0) evicted[by].push_back(run.Key(static_cast<ObjectIndex>(p)));
  }
  for (const PodPlacement& pl : run.placements) {
    if (!run.r.scenario.pods[pl.pod].applied) continue;
    const int last = run.last[pl.pod];
    ChangePod& c = out.pods.emplace_back();
    c.pod = run.Key(pl.pod);
    c.where = Where(pl, last >= 0 ? &run.r.attempts[last] : nullptr);
    c.node = run.NodeName(c.where == "nominated" ? pl.nominated_node
                                                 : pl.final_node);
    c.attempt = last;
    c.evicted = std::move(evicted[pl.pod]);
  }
}

void ListDisplaced(const ClusterAlone& alone, const Run& run,
                   const std::vector<char>& caused, ChangeEffect& out) {
  for (const PodPlacement& pl : run.placements) {
    const Pod& p = run.r.scenario.pods[pl.pod];
    auto before = alone.placed.find(p.key);
    if (p.applied || before == alone.placed.end()) continue;
    const std::string after = run.NodeName(pl.final_node);
    if (after == before->second && pl.evicted_by < 0 && pl.deleted_by < 0) {
      continue;
    }
    DisplacedPod& d = out.displaced.emplace_back();
    d.pod = p.key;
    d.before = before->second;
    if (pl.evicted_by >= 0) {
      d.fate = "evicted";
      d.by = run.Key(pl.evicted_by);
      d.by_change = caused[pl.evicted_by];
    } else if (pl.deleted_by >= 0) {
      d.fate = "deleted";
    } else {
      d.fate = after.empty() ? "pending" : "moved";
      d.after = after;
    }
  }
}

void ListOwn(const ClusterAlone& alone, const Run& run,
             const std::vector<char>& caused, ChangeEffect& out) {
  std::vector<char> listed(run.r.scenario.pods.size(), 0);
  for (const Attempt& a : run.r.attempts) {
    if (caused[a.pod]) continue;
    const std::string& key = run.Key(a.pod);
    if (!listed[a.pod] && alone.attempted.contains(key)) {
      listed[a.pod] = 1;
      out.own.pending.push_back(run.last[a.pod]);
    }
    int evicted = 0;
    for (const Victim& v : a.victims) evicted += !v.already_terminating;
    out.own.victims += evicted;
    out.own.preemptions += evicted > 0;
  }
}

}  // namespace

ClusterAlone SettleAlone(const LoadedCluster& cluster,
                         const SimulateOptions& options) {
  SimulateOptions quiet = options;
  quiet.detail_budget = 0;
  quiet.detail_attempt.reset();
  const SimulationResult a = cluster.Simulate("", quiet);
  ClusterAlone out;
  const Run run{a};
  const size_t input = cluster.scenario().pods.size();
  for (const PodPlacement& pl : run.placements) {
    // Pods the run created have names of its own: only the cluster's count.
    if (static_cast<size_t>(pl.pod) >= input) continue;
    if (pl.final_node >= 0 && pl.evicted_by < 0) {
      out.placed.emplace(run.Key(pl.pod), run.NodeName(pl.final_node));
    }
  }
  for (const Attempt& at : a.attempts) out.attempted.insert(run.Key(at.pod));
  for (std::string& pdb : Exhausted(a)) out.exhausted.insert(std::move(pdb));
  return out;
}

ChangeEffect EffectOf(const ClusterAlone& alone,
                      const SimulationResult& with_change) {
  ChangeEffect out;
  const Run run{with_change};
  const std::vector<char> caused = CausedByChange(run, out);
  ListChangePods(run, out);
  ListDisplaced(alone, run, caused, out);
  ListOwn(alone, run, caused, out);
  for (std::string& pdb : Exhausted(with_change)) {
    if (!alone.exhausted.contains(pdb)) out.exhausted.push_back(std::move(pdb));
  }
  return out;
}

}  // namespace podsim
