#include "core/framework/cycle_state.h"

#include <memory>

#include "tests/builders.h"

namespace podsim {
using namespace testing;
namespace {

struct SpreadEntry : StateData {
  static constexpr Plugin kPlugin = Plugin::kPodTopologySpread;
  int value = 0;
};
struct AffinityEntry : StateData {
  static constexpr Plugin kPlugin = Plugin::kInterPodAffinity;
};

}  // namespace

TEST_CASE("CycleState: each plugin reads back what it wrote, under its key") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"1"}), PendingPod("web", {"1"}, 1)))
          .scenario;
  Cluster cluster(s);
  CycleState state(cluster, PodIndex(s, "web"));
  CHECK(state.Read<SpreadEntry>() == nullptr);
  CHECK_FALSE(state.WroteAny());
  auto entry = std::make_unique<SpreadEntry>();
  entry->value = 7;
  state.Write(std::move(entry));
  REQUIRE(state.Read<SpreadEntry>() != nullptr);
  CHECK(state.Read<SpreadEntry>()->value == 7);
  CHECK(state.Wrote(Plugin::kPodTopologySpread));
  CHECK_FALSE(state.Wrote(Plugin::kInterPodAffinity));
  CHECK(state.Read<AffinityEntry>() == nullptr);
  // An entry is the plugin's to change in place (AddPod, RemovePod).
  state.Read<SpreadEntry>()->value = 8;
  const CycleState& read_only = state;
  CHECK(read_only.Read<SpreadEntry>()->value == 8);
}

TEST_CASE(
    "CycleState: a verdict depends on other nodes with plugin state, a "
    "narrowed or a rejected PreFilter") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"1"}), PendingPod("web", {"1"}, 1)))
          .scenario;
  Cluster cluster(s);
  const ObjectIndex web = PodIndex(s, "web");
  CycleState plain(cluster, web);
  CHECK_FALSE(plain.DependsOnOtherNodes());
  CycleState with_state(cluster, web);
  with_state.Write(std::make_unique<AffinityEntry>());
  CHECK(with_state.DependsOnOtherNodes());
  CycleState narrowed(cluster, web);
  narrowed.set_prefilter_nodes({0});
  CHECK(narrowed.DependsOnOtherNodes());
  CycleState rejected(cluster, web);
  rejected.set_prefilter_status(
      Status::Make(Code::kUnschedulableAndUnresolvable, "NodeAffinity", "x"));
  CHECK(rejected.DependsOnOtherNodes());
}

}  // namespace podsim
