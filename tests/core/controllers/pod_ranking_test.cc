// The ranking of a ReplicaSet's scale-down (core/controllers/pod_ranking.cc):
// controller.ActivePodsWithRanks.Less and getPodsToDelete.
#include "core/controllers/pod_ranking.h"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

namespace podsim {
namespace {

constexpr int64_t kNow = 1'714'550'400'000;  // 2024-05-01T08:00:00Z
constexpr int64_t kHour = 3'600'000;

struct NamedPod {
  std::string name;
  RankedPod pod;
};

// pod(...) of TestSortingActivePodsWithRanks: a ready pod has its Ready
// condition since ready_since and its (sidecar) restarts.
NamedPod Pod(std::string name, std::string_view node, std::string_view phase,
             bool ready, int32_t restarts, int32_t sidecar_restarts,
             std::optional<int64_t> ready_since, std::optional<int64_t> created,
             int32_t cost = 0) {
  RankedPod p{
      .node = node, .phase = phase, .ready = ready, .deletion_cost = cost};
  if (ready) {
    p.ready_ms = ready_since;
    p.restarts = restarts;
    p.sidecar_restarts = sidecar_restarts;
  }
  p.created_ms = created;
  return {std::move(name), p};
}

RankedPod WithRank(RankedPod p, int rank) {
  p.rank = rank;
  return p;
}

}  // namespace

// Mirrors TestSortingActivePodsWithRanks (pkg/controller/
// controller_utils_test.go), PodDeletionCost and LogarithmicScaleDown on.
TEST_CASE("ActivePodsWithRanks.Less: TestSortingActivePodsWithRanks") {
  const std::optional<int64_t> zero;
  const int64_t now = kNow;
  const int64_t month = kNow - 30 * 24 * kHour;
  const int64_t h2 = kNow - 2 * kHour, h5 = kNow - 5 * kHour,
                h8 = kNow - 8 * kHour;
  const NamedPod unscheduled =
      Pod("unscheduled", "", "Pending", false, 0, 0, zero, zero);
  const NamedPod scheduled_pending =
      Pod("pending", "node", "Pending", false, 0, 0, zero, zero);
  const NamedPod unknown_phase =
      Pod("unknown-phase", "node", "Unknown", false, 0, 0, zero, zero);
  const NamedPod not_ready =
      Pod("not-ready", "node", "Running", false, 0, 0, zero, zero);
  const NamedPod ready_no_transition =
      Pod("ready-no-last-transition-time", "node", "Running", true, 0, 0, zero,
          zero);
  const NamedPod ready_now =
      Pod("ready-now", "node", "Running", true, 0, 0, now, now);
  const NamedPod ready_then =
      Pod("ready-then", "node", "Running", true, 0, 0, month, month);
  const NamedPod high_restarts =
      Pod("ready-high-restarts", "node", "Running", true, 9001, 0, now, now);
  const NamedPod high_side_restarts =
      Pod("ready-high-restarts", "node", "Running", true, 9001, 9001, now, now);
  const NamedPod ready_now_created_then =
      Pod("ready-now-created-then", "node", "Running", true, 0, 0, now, month);
  const NamedPod low_cost =
      Pod("low-deletion-cost", "node", "Running", true, 0, 0, now, month, 10);
  const NamedPod high_cost =
      Pod("high-deletion-cost", "node", "Running", true, 0, 0, now, month, 100);
  const NamedPod unscheduled_5h =
      Pod("unscheduled-5-hours", "", "Pending", false, 0, 0, h5, h5);
  const NamedPod unscheduled_8h =
      Pod("unscheduled-10-hours", "", "Pending", false, 0, 0, h8, h8);
  const NamedPod ready_2h =
      Pod("ready-2-hours", "", "Running", true, 0, 0, h2, month);
  const NamedPod ready_5h =
      Pod("ready-5-hours", "", "Running", true, 0, 0, h5, month);
  const NamedPod ready_8h =
      Pod("ready-10-hours", "", "Running", true, 0, 0, h8, month);

  struct Equal {
    const NamedPod* p1;
    const NamedPod* p2;
  };
  const Equal equal[] = {
      {&unscheduled, nullptr},
      {&scheduled_pending, nullptr},
      {&unknown_phase, nullptr},
      {&not_ready, nullptr},
      {&ready_now_created_then, nullptr},
      {&ready_now, nullptr},
      {&ready_then, nullptr},
      {&high_restarts, nullptr},
      {&unscheduled_5h, &unscheduled_8h},
      {&ready_5h, &ready_8h},
  };
  for (const Equal& t : equal) {
    const NamedPod& p2 = t.p2 ? *t.p2 : *t.p1;
    CAPTURE(t.p1->name);
    CAPTURE(p2.name);
    RankedPod a = WithRank(t.p1->pod, 1), b = WithRank(p2.pod, 1);
    CHECK_FALSE(DeleteBefore(a, b, kNow));
    CHECK_FALSE(DeleteBefore(b, a, kNow));
  }

  struct Unequal {
    const NamedPod* lesser;
    int lesser_rank;
    const NamedPod* greater;
    int greater_rank;
  };
  // The cases with PodDeletionCost off are left out: it is GA.
  const Unequal unequal[] = {
      {&unscheduled, 1, &scheduled_pending, 2},
      {&unscheduled, 2, &scheduled_pending, 1},
      {&scheduled_pending, 1, &unknown_phase, 2},
      {&unknown_phase, 1, &not_ready, 2},
      {&not_ready, 1, &ready_no_transition, 1},
      {&ready_no_transition, 1, &ready_now, 1},
      {&ready_now, 2, &ready_no_transition, 1},
      {&ready_now, 1, &ready_then, 1},
      {&ready_now, 2, &ready_then, 1},
      {&high_restarts, 1, &ready_now, 1},
      {&high_side_restarts, 1, &high_restarts, 1},
      {&ready_now, 2, &high_restarts, 1},
      {&ready_now, 1, &ready_now_created_then, 1},
      {&ready_now_created_then, 2, &ready_now, 1},
      {&low_cost, 2, &high_cost, 1},
      {&ready_2h, 1, &ready_5h, 1},
  };
  for (const Unequal& t : unequal) {
    CAPTURE(t.lesser->name);
    CAPTURE(t.greater->name);
    RankedPod a = WithRank(t.lesser->pod, t.lesser_rank);
    RankedPod b = WithRank(t.greater->pod, t.greater_rank);
    CHECK(DeleteBefore(a, b, kNow));
    CHECK_FALSE(DeleteBefore(b, a, kNow));
  }
}

// Mirrors logarithmicRankDiff: log2 of the nanoseconds since, truncated;
// a time at or after now ranks -1.
TEST_CASE("logarithmicRankDiff: buckets of the time since, in nanoseconds") {
  // 1 s is 1e9 ns: log2 29.9, bucket 29; 2 s: 30.9, 30; 1.1 s: 30.03, 30.
  CHECK(LogarithmicRankDiff(kNow - 1000, kNow - 2000, kNow) == -1);
  CHECK(LogarithmicRankDiff(kNow - 1100, kNow - 2000, kNow) == 0);
  CHECK(LogarithmicRankDiff(kNow, kNow - 1, kNow) == -1 - 19);
  CHECK(LogarithmicRankDiff(kNow + 5000, kNow, kNow) == 0);
}

// Mirrors getPodsToDelete: the diff first by the ranking; with every pod
// to go, none is sorted.
TEST_CASE("getPodsToDelete: the diff first, unsorted when all go") {
  const int64_t h = 3'600'000;
  std::vector<RankedPod> pods = {
      {.node = "a",
       .phase = "Running",
       .ready = true,
       .ready_ms = kNow - 9 * h,
       .created_ms = kNow - 9 * h},
      {.node = "a",
       .phase = "Running",
       .ready = true,
       .ready_ms = kNow - h,
       .created_ms = kNow - h},
      {.node = "", .phase = "Pending", .created_ms = kNow - 20 * h},
  };
  CHECK(PodsToDelete(pods, 1, kNow) == std::vector<size_t>{2});
  CHECK(PodsToDelete(pods, 2, kNow) == std::vector<size_t>{2, 1});
  CHECK(PodsToDelete(pods, 3, kNow) == std::vector<size_t>{0, 1, 2});
}

}  // namespace podsim
