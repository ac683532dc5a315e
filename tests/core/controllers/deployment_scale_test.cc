// A Deployment's scaling event (core/controllers/deployment_scale.cc):
// isScalingEvent and scale() of pkg/controller/deployment/sync.go.
#include "core/controllers/deployment_scale.h"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

namespace podsim {
namespace {

constexpr int64_t kNewTimestamp = 1'700'000'000'000;
constexpr int64_t kOldTimestamp = kNewTimestamp - 10 * 60'000;
constexpr int64_t kOlderTimestamp = kNewTimestamp - 20 * 60'000;

struct SetCase {
  std::string name;
  int32_t replicas;
  int64_t created_ms;
};

// A TestScale case: the Deployment's replicas and maxSurge before and
// after, its new set (name empty: none) and old sets, and the sizes scale
// leaves them at (new first).
struct ScaleCase {
  std::string name;
  int32_t before, before_surge, after, after_surge;
  SetCase fresh;
  std::vector<SetCase> old;
  std::vector<int32_t> expected;
};

std::vector<int32_t> RunScale(const ScaleCase& c) {
  // As the test sets them: each set's annotations from the Deployment
  // before (SetReplicasAnnotations), every set fully available.
  std::vector<ScaledSet> sets;
  auto add = [&](const SetCase& s, bool is_new) {
    sets.push_back({.name = s.name,
                    .created_ms = s.created_ms,
                    .replicas = s.replicas,
                    .desired_annotation = c.before,
                    .max_annotation = c.before + c.before_surge,
                    .available = s.replicas,
                    .is_new = is_new});
  };
  if (!c.fresh.name.empty()) add(c.fresh, true);
  for (const SetCase& s : c.old) add(s, false);
  std::vector<std::optional<int32_t>> out =
      ScaleSets(sets, {.replicas = c.after, .max_surge = c.after_surge});
  std::vector<int32_t> sizes;
  for (size_t i = 0; i < sets.size(); ++i) {
    sizes.push_back(out[i].value_or(sets[i].replicas));
  }
  return sizes;
}

}  // namespace

// Mirrors TestScale (pkg/controller/deployment/sync_test.go): its cases
// with every update landing (newDeployment's maxSurge is 0 by default).
TEST_CASE("DeploymentController.scale: TestScale") {
  const ScaleCase cases[] = {
      {"normal scaling event: 10 -> 12",
       10,
       0,
       12,
       0,
       {"foo-v1", 10, kNewTimestamp},
       {},
       {12}},
      {"normal scaling event: 10 -> 5",
       10,
       0,
       5,
       0,
       {"foo-v1", 10, kNewTimestamp},
       {},
       {5}},
      {"proportional scaling: 5 -> 10",
       5,
       0,
       10,
       0,
       {"foo-v2", 2, kNewTimestamp},
       {{"foo-v1", 3, kOldTimestamp}},
       {4, 6}},
      {"proportional scaling: 5 -> 3",
       5,
       0,
       3,
       0,
       {"foo-v2", 2, kNewTimestamp},
       {{"foo-v1", 3, kOldTimestamp}},
       {1, 2}},
      {"proportional scaling: 9 -> 4",
       9,
       0,
       4,
       0,
       {"foo-v2", 8, kNewTimestamp},
       {{"foo-v1", 1, kOldTimestamp}},
       {4, 0}},
      {"proportional scaling: 7 -> 10",
       7,
       0,
       10,
       0,
       {"foo-v3", 2, kNewTimestamp},
       {{"foo-v2", 3, kOldTimestamp}, {"foo-v1", 2, kOlderTimestamp}},
       {3, 4, 3}},
      {"proportional scaling: 13 -> 8",
       13,
       0,
       8,
       0,
       {"foo-v3", 2, kNewTimestamp},
       {{"foo-v2", 8, kOldTimestamp}, {"foo-v1", 3, kOlderTimestamp}},
       {1, 5, 2}},
      {"leftover distribution: 3 -> 4",
       3,
       0,
       4,
       0,
       {"foo-v3", 1, kNewTimestamp},
       {{"foo-v2", 1, kOldTimestamp}, {"foo-v1", 1, kOlderTimestamp}},
       {2, 1, 1}},
      {"leftover distribution: 3 -> 2",
       3,
       0,
       2,
       0,
       {"foo-v3", 1, kNewTimestamp},
       {{"foo-v2", 1, kOldTimestamp}, {"foo-v1", 1, kOlderTimestamp}},
       {1, 1, 0}},
      {"proportional scaling (no new rs): 4 -> 5",
       4,
       0,
       5,
       0,
       {},
       {{"foo-v2", 2, kOldTimestamp}, {"foo-v1", 2, kOlderTimestamp}},
       {3, 2}},
      {"proportional scaling: 6 -> 0",
       6,
       0,
       0,
       0,
       {"foo-v3", 3, kNewTimestamp},
       {{"foo-v2", 2, kOldTimestamp}, {"foo-v1", 1, kOlderTimestamp}},
       {0, 0, 0}},
      {"proportional scaling: 0 -> 6",
       6,
       0,
       6,
       0,
       {"foo-v3", 0, kNewTimestamp},
       {{"foo-v2", 0, kOldTimestamp}, {"foo-v1", 0, kOlderTimestamp}},
       {6, 0, 0}},
      {"deployment with surge pods",
       10,
       2,
       20,
       2,
       {"foo-v2", 6, kNewTimestamp},
       {{"foo-v1", 6, kOldTimestamp}},
       {11, 11}},
      {"change both surge and size",
       10,
       3,
       50,
       6,
       {"foo-v2", 5, kNewTimestamp},
       {{"foo-v1", 8, kOldTimestamp}},
       {22, 34}},
      {"change both size and template",
       10,
       0,
       14,
       0,
       {},
       {{"foo-v2", 7, kNewTimestamp}, {"foo-v1", 3, kOldTimestamp}},
       {10, 4}},
  };
  for (const ScaleCase& c : cases) {
    CAPTURE(c.name);
    CHECK(RunScale(c) == c.expected);
  }
}

// Mirrors TestScale's "saturated but broken new replica set does not
// affect old pods": not available, the new set is not saturated, and the
// proportional split leaves every set as it is.
TEST_CASE("DeploymentController.scale: a saturated but broken new set") {
  std::vector<ScaledSet> sets = {{.name = "foo-v2",
                                  .created_ms = kNewTimestamp,
                                  .replicas = 2,
                                  .desired_annotation = 2,
                                  .max_annotation = 3,
                                  .available = 0,
                                  .is_new = true},
                                 {.name = "foo-v1",
                                  .created_ms = kOldTimestamp,
                                  .replicas = 1,
                                  .desired_annotation = 2,
                                  .max_annotation = 3,
                                  .available = 1}};
  std::vector<std::optional<int32_t>> out =
      ScaleSets(sets, {.replicas = 2, .max_surge = 1});
  CHECK(out[0].value_or(2) == 2);
  CHECK(out[1].value_or(1) == 1);
  // Available, it is saturated: the old set goes to 0.
  sets[0].available = 2;
  out = ScaleSets(sets, {.replicas = 2, .max_surge = 1});
  CHECK(out[1] == 0);
}

// Mirrors isScalingEvent: only active sets with the annotation count.
TEST_CASE("isScalingEvent: an active set's desired-replicas differs") {
  std::vector<ScaledSet> sets = {
      {.name = "a", .replicas = 0, .desired_annotation = 5},
      {.name = "b", .replicas = 3, .desired_annotation = std::nullopt}};
  CHECK_FALSE(IsScalingEvent(sets, 3));
  sets[1].desired_annotation = 3;
  CHECK_FALSE(IsScalingEvent(sets, 3));
  CHECK(IsScalingEvent(sets, 4));
}

}  // namespace podsim
