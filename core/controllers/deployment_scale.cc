#include "core/controllers/deployment_scale.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace podsim {
namespace {

// ReplicaSetsByCreationTimestamp.Less: older first, then by name.
bool Older(const ScaledSet& a, const ScaledSet& b) {
  int64_t ta = a.created_ms.value_or(0), tb = b.created_ms.value_or(0);
  if (ta == tb) return a.name < b.name;
  return ta < tb;
}

// Mirrors FindActiveOrLatest: the only active set; with none, the new one,
// else the newest old one; -1 when several are active.
int ActiveOrLatest(const std::vector<ScaledSet>& sets) {
  int active = -1, count = 0, fresh = -1, newest_old = -1;
  for (size_t i = 0; i < sets.size(); ++i) {
    const int s = static_cast<int>(i);
    if (sets[i].replicas > 0) {
      active = s;
      ++count;
    }
    if (sets[i].is_new) {
      fresh = s;
    } else if (newest_old < 0 || Older(sets[newest_old], sets[i])) {
      newest_old = s;
    }
  }
  if (count == 1) return active;
  if (count == 0) return fresh >= 0 ? fresh : newest_old;
  return -1;
}

// Mirrors getReplicaSetFraction.
int32_t Fraction(const ScaledSet& rs, const ScaledDeployment& d) {
  if (d.replicas == 0) return -rs.replicas;
  const int32_t max_replicas = d.replicas + d.max_surge;
  int32_t before = rs.max_annotation.value_or(0);
  if (before == 0) before = d.status_replicas;
  if (before == 0) return 0;
  const double size = static_cast<double>(rs.replicas) * max_replicas / before;
  return static_cast<int32_t>(std::round(size)) - rs.replicas;
}

// The rolling part of scale(): what is to add (or remove) spread over the
// active sets in proportion (GetReplicaSetProportion), the leftover to the
// first after sorting by size (ReplicaSetsBySizeNewer when adding,
// ReplicaSetsBySizeOlder when removing).
void Proportionally(const std::vector<ScaledSet>& sets,
                    const ScaledDeployment& d,
                    std::vector<std::optional<int32_t>>& out) {
  std::vector<size_t> active;
  int32_t total = 0;
  for (size_t i = 0; i < sets.size(); ++i) {
    if (sets[i].replicas <= 0) continue;
    active.push_back(i);
    total += sets[i].replicas;
  }
  const int32_t allowed_size = d.replicas > 0 ? d.replicas + d.max_surge : 0;
  const int32_t to_add = allowed_size - total;
  if (to_add != 0) {
    std::sort(active.begin(), active.end(), [&](size_t a, size_t b) {
      if (sets[a].replicas != sets[b].replicas) {
        return sets[a].replicas > sets[b].replicas;
      }
      return to_add > 0 ? Older(sets[b], sets[a]) : Older(sets[a], sets[b]);
    });
  }
  int32_t added = 0;
  for (size_t i : active) {
    int32_t proportion = 0;
    if (to_add != 0 && to_add != added) {
      const int32_t allowed = to_add - added;
      const int32_t fraction = Fraction(sets[i], d);
      proportion = to_add > 0 ? std::min(fraction, allowed)
                              : std::max(fraction, allowed);
    }
    out[i] = sets[i].replicas + proportion;
    added += proportion;
  }
  if (to_add != 0 && !active.empty()) {
    out[active[0]] = std::max(0, *out[active[0]] + to_add - added);
  }
}

}  // namespace

bool IsScalingEvent(const std::vector<ScaledSet>& sets, int32_t replicas) {
  for (const ScaledSet& rs : sets) {
    if (rs.replicas > 0 && rs.desired_annotation &&
        *rs.desired_annotation != replicas) {
      return true;
    }
  }
  return false;
}

std::vector<std::optional<int32_t>> ScaleSets(
    const std::vector<ScaledSet>& sets, const ScaledDeployment& d) {
  std::vector<std::optional<int32_t>> out(sets.size());
  if (sets.empty()) return out;
  // One active set (or none): it takes the whole scale.
  if (int only = ActiveOrLatest(sets); only >= 0) {
    if (sets[only].replicas != d.replicas) out[only] = d.replicas;
    return out;
  }
  // IsSaturated: the new set runs every replica; the old ones go to 0.
  for (size_t i = 0; i < sets.size(); ++i) {
    const ScaledSet& rs = sets[i];
    if (!rs.is_new || rs.replicas != d.replicas ||
        rs.desired_annotation != d.replicas || rs.available != d.replicas) {
      continue;
    }
    for (size_t j = 0; j < sets.size(); ++j) {
      if (!sets[j].is_new && sets[j].replicas > 0) out[j] = 0;
    }
    return out;
  }
  if (d.rolling) Proportionally(sets, d, out);
  return out;
}

}  // namespace podsim
