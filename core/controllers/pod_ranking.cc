#include "core/controllers/pod_ranking.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace podsim {
namespace {

constexpr int64_t kNanosPerMilli = 1'000'000;

// Go's math.Log2: exact for powers of two, else log(frac)/ln 2 + exp,
// which can round up to the next integer just below a power of two.
double GoLog2(double x) {
  int exp = 0;
  double frac = std::frexp(x, &exp);
  if (frac == 0.5) return static_cast<double>(exp - 1);
  return std::log(frac) * (1 / std::log(2.0)) + static_cast<double>(exp);
}

// podPhaseToOrdinal: Pending 0 < Unknown 1 < Running 2; any other, 0.
int PhaseOrdinal(std::string_view phase) {
  if (phase == "Unknown") return 1;
  if (phase == "Running") return 2;
  return 0;
}

// afterOrZero: whether t1 is after t2, a zero time being after any other.
bool AfterOrZero(const std::optional<int64_t>& t1,
                 const std::optional<int64_t>& t2) {
  if (!t1 || !t2) return !t1;
  return *t1 > *t2;
}

// The comparison of two ready or creation times (steps 6 and 8): newer or
// zero first, in logarithmic buckets of the time since, then by UID.
bool TimeBefore(const std::optional<int64_t>& t1,
                const std::optional<int64_t>& t2, const RankedPod& a,
                const RankedPod& b, int64_t now_ms) {
  if (!t1 || !t2) return AfterOrZero(t1, t2);
  int64_t diff = LogarithmicRankDiff(*t1, *t2, now_ms);
  if (diff == 0) return a.uid < b.uid;
  return diff < 0;
}

}  // namespace

int64_t LogarithmicRankDiff(int64_t t1_ms, int64_t t2_ms, int64_t now_ms) {
  auto rank = [&](int64_t t_ms) -> int64_t {
    int64_t d = (now_ms - t_ms) * kNanosPerMilli;  // a time.Duration
    return d > 0 ? static_cast<int64_t>(GoLog2(static_cast<double>(d))) : -1;
  };
  return rank(t1_ms) - rank(t2_ms);
}

bool DeleteBefore(const RankedPod& a, const RankedPod& b, int64_t now_ms) {
  // 1. Unassigned < assigned.
  if (a.node != b.node && (a.node.empty() || b.node.empty())) {
    return a.node.empty();
  }
  // 2. Pending < Unknown < Running.
  if (PhaseOrdinal(a.phase) != PhaseOrdinal(b.phase)) {
    return PhaseOrdinal(a.phase) < PhaseOrdinal(b.phase);
  }
  // 3. Not ready < ready.
  if (a.ready != b.ready) return !a.ready;
  // 4. Lower pod-deletion-cost first.
  if (a.deletion_cost != b.deletion_cost) {
    return a.deletion_cost < b.deletion_cost;
  }
  // 5. Doubled up with more related pods first.
  if (a.rank != b.rank) return a.rank > b.rank;
  // 6. Ready for less time first (both ready).
  if (a.ready && b.ready && a.ready_ms != b.ready_ms) {
    return TimeBefore(a.ready_ms, b.ready_ms, a, b, now_ms);
  }
  // 7. More container restarts first, then more sidecar restarts.
  if (a.restarts != b.restarts) return a.restarts > b.restarts;
  if (a.sidecar_restarts != b.sidecar_restarts) {
    return a.sidecar_restarts > b.sidecar_restarts;
  }
  // 8. Newer (or no) creation time first.
  if (a.created_ms != b.created_ms) {
    return TimeBefore(a.created_ms, b.created_ms, a, b, now_ms);
  }
  return false;
}

std::vector<size_t> PodsToDelete(const std::vector<RankedPod>& pods,
                                 size_t diff, int64_t now_ms) {
  std::vector<size_t> order(pods.size());
  std::iota(order.begin(), order.end(), 0);
  // No need to sort when all of them go.
  if (diff < pods.size()) {
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return DeleteBefore(pods[a], pods[b], now_ms);
    });
  }
  order.resize(std::min(diff, pods.size()));
  return order;
}

}  // namespace podsim
