#include "core/analysis/compare.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/ingest/decode.h"

namespace podsim {
namespace {

PodDecision DecisionOf(const SimulationResult& r, const Attempt& a) {
  PodDecision d;
  d.outcome = a.outcome;
  if (a.node >= 0 && a.outcome != Outcome::kUnschedulable) {
    d.node = r.scenario.nodes[a.node].name;
  }
  for (const Victim& v : a.victims)
    d.victims.push_back(r.scenario.pods[v.pod].key);
  std::sort(d.victims.begin(), d.victims.end());
  return d;
}

const PodDecision* Find(const std::map<std::string, PodDecision>& m,
                        const std::string& key) {
  auto it = m.find(key);
  return it == m.end() ? nullptr : &it->second;
}

std::string RuleText(const ProfileSwitch& s, const Profile& a,
                     const Profile& b) {
  return std::string(b.name) + " " + s.describe(b) + "; " +
         std::string(a.name) + " " + s.describe(a) + ".";
}

}  // namespace

PodDecisions DecisionsOf(const SimulationResult& result) {
  PodDecisions out;
  for (const Attempt& a : result.attempts) {
    const std::string& key = result.scenario.pods[a.pod].key;
    PodDecision d = DecisionOf(result, a);
    out.first.try_emplace(key, d);
    out.last[key] = std::move(d);
  }
  return out;
}

std::pair<const Profile*, const Profile*> ComparedProfiles(
    std::string_view against) {
  const Profile* current = &CurrentProfile();
  if (against.empty() || against == current->name) {
    return {current, AllProfiles().back()};
  }
  return {current, FindProfile(against)};
}

Comparison Compare(std::string_view text, const Profile& a, const Profile& b,
                   const SimulateOptions& options) {
  DecodeResult decoded = Decode(text);
  auto run = [&](const Profile& profile, int64_t detail_budget) {
    SimulateOptions o = options;
    o.detail_budget = detail_budget;
    return Simulate(decoded.scenario, decoded.diagnostics, profile, o);
  };
  Comparison out;
  out.a = run(a, options.detail_budget);
  out.b = run(b, options.detail_budget);
  PodDecisions da = DecisionsOf(out.a);
  PodDecisions db = DecisionsOf(out.b);

  // Hybrids: a with one switch of b, and b with one switch of a; each runs
  // once, without detail, and only when some pod differs.
  std::span<const ProfileSwitch> switches = ProfileSwitches();
  std::vector<std::optional<PodDecisions>> toward_b(switches.size());
  std::vector<std::optional<PodDecisions>> toward_a(switches.size());
  auto hybrid = [&](size_t i, const Profile& base, const Profile& from) {
    Profile h = base;
    switches[i].copy(h, from);
    return DecisionsOf(run(h, 0));
  };

  auto explain = [&](Difference& d, bool last) {
    auto pick = [&](const PodDecisions& ds) {
      return last ? &ds.last : &ds.first;
    };
    // Names the switches that alone turn base's decision into target's;
    // the others that move the pod at all go to moves, when given.
    auto alone = [&](std::vector<std::optional<PodDecisions>>& hybrids,
                     const Profile& base, const Profile& from,
                     const PodDecision& own, const PodDecision& target,
                     std::vector<size_t>* moves) {
      for (size_t i = 0; i < switches.size(); ++i) {
        if (switches[i].same(a, b)) continue;
        if (!hybrids[i]) hybrids[i] = hybrid(i, base, from);
        const PodDecision* h = Find(*pick(*hybrids[i]), d.pod);
        if (h && *h == target) {
          d.rules.push_back({switches[i].name, RuleText(switches[i], a, b)});
        } else if (moves && (!h || !(*h == own))) {
          moves->push_back(i);
        }
      }
    };
    std::vector<size_t> moves;
    alone(toward_b, a, b, d.a, d.b, &moves);
    if (d.rules.empty()) alone(toward_a, b, a, d.b, d.a, nullptr);
    if (!d.rules.empty()) return;
    d.together = true;
    for (size_t i : moves) {
      d.rules.push_back({switches[i].name, RuleText(switches[i], a, b)});
    }
  };

  // Pods in the order profile a first tried them.
  std::vector<std::string> order;
  for (const Attempt& at : out.a.attempts) {
    const std::string& key = out.a.scenario.pods[at.pod].key;
    if (std::find(order.begin(), order.end(), key) == order.end())
      order.push_back(key);
  }
  for (const auto& [key, unused] : db.first) {
    if (std::find(order.begin(), order.end(), key) == order.end())
      order.push_back(key);
  }
  for (const std::string& key : order) {
    const PodDecision* fa = Find(da.first, key);
    const PodDecision* fb = Find(db.first, key);
    if (!fa || !fb) continue;  // the pod never got a cycle under one of them
    Difference d;
    d.pod = key;
    bool last = false;
    if (!(*fa == *fb)) {
      d.kind = "decision";
      d.a = *fa;
      d.b = *fb;
    } else if (!(*Find(da.last, key) == *Find(db.last, key))) {
      d.kind = "outcome";
      d.a = *Find(da.last, key);
      d.b = *Find(db.last, key);
      last = true;
    } else {
      continue;
    }
    explain(d, last);
    out.differences.push_back(std::move(d));
  }
  return out;
}

}  // namespace podsim
