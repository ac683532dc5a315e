// What a change laid over a cluster makes differ from the cluster settled
// alone: its pods, the cluster's pods that lose their place, the cascades
// that start from it, the budgets it exhausts, and the cluster's own
// activity apart.
#include "core/analysis/change_effect.h"

#include <algorithm>

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

ChangeEffect EffectOver(const std::string& cluster, const std::string& change,
                        SimulationResult* with = nullptr) {
  LoadedCluster loaded(Decode(cluster));
  ClusterAlone alone = SettleAlone(loaded, {});
  SimulationResult b = loaded.Simulate(change);
  ChangeEffect effect = EffectOf(alone, b);
  if (with) *with = std::move(b);
  return effect;
}

const DisplacedPod* Displaced(const ChangeEffect& e, const std::string& pod) {
  auto it = std::find_if(e.displaced.begin(), e.displaced.end(),
                         [&](const DisplacedPod& d) { return d.pod == pod; });
  return it == e.displaced.end() ? nullptr : &*it;
}

Json OwnedBy(Json pod, const std::string& rs) {
  pod["metadata"]["ownerReferences"] = Json::array({{{"apiVersion", "apps/v1"},
                                                     {"kind", "ReplicaSet"},
                                                     {"name", rs},
                                                     {"uid", rs + "-uid"},
                                                     {"controller", true}}});
  return pod;
}

Json ReplicaSetOf(const std::string& name, int priority) {
  Json rs = {{"apiVersion", "apps/v1"},
             {"kind", "ReplicaSet"},
             {"metadata", {{"name", name}, {"namespace", "default"}}},
             {"status", {{"replicas", 1}}}};
  rs["metadata"]["uid"] = name + "-uid";
  rs["spec"]["replicas"] = 1;
  rs["spec"]["selector"]["matchLabels"]["app"] = name;
  Json& t = rs["spec"]["template"];
  t["metadata"]["labels"]["app"] = name;
  t["spec"]["priority"] = priority;
  t["spec"]["containers"] =
      Json::array({{{"name", "c"},
                    {"image", "registry.k8s.io/pause:3.10"},
                    {"resources", {{"requests", {{"cpu", "1"}}}}}}});
  return rs;
}

}  // namespace

TEST_CASE("ChangeEffect: the change's pod and whom it evicts") {
  const std::string cluster =
      ScenarioWith(NodeWith("n1", {"2"}), RunningPod("low", "n1", {"2"}, 1));
  ChangeEffect e =
      EffectOver(cluster, ScenarioWith(PendingPod("web", {"2"}, 10)));
  REQUIRE(e.pods.size() == 1);
  CHECK(e.pods[0].pod == "default/web");
  CHECK(e.pods[0].where == "bound");
  CHECK(e.pods[0].node == "n1");
  CHECK(e.pods[0].evicted == std::vector<std::string>{"default/low"});
  REQUIRE(e.displaced.size() == 1);
  CHECK(e.displaced[0].pod == "default/low");
  CHECK(e.displaced[0].before == "n1");
  CHECK(e.displaced[0].fate == "evicted");
  CHECK(e.displaced[0].by == "default/web");
  CHECK(e.displaced[0].by_change);
  CHECK(e.exhausted.empty());
  CHECK(e.own.pending.empty());
  CHECK(e.own.preemptions == 0);
}

TEST_CASE(
    "ChangeEffect: a cluster pod the change pushes elsewhere is displaced; "
    "the cluster's own pending pod and its preemption are its own activity") {
  // Alone, own (priority 3) fits on n2. The change's web takes n2 first, so
  // own preempts low on n1: low loses its place to the cluster's own pod,
  // and own moves from n2 to n1.
  const std::string cluster = ScenarioWith(
      NodeWith("n1", {"2"}), NodeWith("n2", {"1"}),
      RunningPod("low", "n1", {"2"}, 1), PendingPod("own", {"1"}, 3));
  SimulationResult b;
  ChangeEffect e =
      EffectOver(cluster, ScenarioWith(PendingPod("web", {"1"}, 10)), &b);
  REQUIRE(e.pods.size() == 1);
  CHECK(e.pods[0].where == "bound");
  CHECK(e.pods[0].node == "n2");
  CHECK(e.pods[0].evicted.empty());
  const DisplacedPod* own = Displaced(e, "default/own");
  REQUIRE(own);
  CHECK(own->fate == "moved");
  CHECK(own->before == "n2");
  CHECK(own->after == "n1");
  const DisplacedPod* low = Displaced(e, "default/low");
  REQUIRE(low);
  CHECK(low->fate == "evicted");
  CHECK(low->by == "default/own");
  CHECK_FALSE(low->by_change);
  REQUIRE(e.own.pending.size() == 1);
  CHECK(b.scenario.pods[b.attempts[e.own.pending[0]].pod].key == "default/own");
  CHECK(e.own.preemptions == 1);
  CHECK(e.own.victims == 1);
}

TEST_CASE("ChangeEffect: nothing differs when the change moves nobody") {
  const std::string cluster =
      ScenarioWith(NodeWith("n1", {"4"}), RunningPod("low", "n1", {"1"}, 1),
                   PendingPod("own", {"1"}, 3));
  ChangeEffect e =
      EffectOver(cluster, ScenarioWith(PendingPod("web", {"1"}, 10)));
  CHECK(e.displaced.empty());
  CHECK(e.cascades.empty());
  CHECK(e.exhausted.empty());
  CHECK(e.own.pending.size() == 1);
}

TEST_CASE(
    "ChangeEffect: a cascade starts from the change: the replacement of its "
    "victim preempts in turn, and that victim is the change's doing too; the "
    "budget over the victim runs out") {
  Json web = PendingPod("web", {"1"}, 10);
  web["spec"]["nodeSelector"] = {{"zone", "a"}};
  const std::string cluster = ScenarioWith(
      NodeWith("n1", {"1"}, {{"zone", "a"}}), NodeWith("n2", {"1"}),
      ReplicaSetOf("rs", 5),
      OwnedBy(Labelled(RunningPod("rs-1", "n1", {"1"}, 5), "rs"), "rs"),
      RunningPod("low", "n2", {"1"}, 1), PdbWith("budget", {{"app", "rs"}}, 1));
  SimulationResult b;
  ChangeEffect e = EffectOver(cluster, ScenarioWith(web), &b);
  CHECK(e.exhausted == std::vector<std::string>{"default/budget"});
  REQUIRE(e.cascades.size() == 1);
  CHECK(e.own.chains.empty());
  const DisplacedPod* rs = Displaced(e, "default/rs-1");
  REQUIRE(rs);
  CHECK(rs->by == "default/web");
  const DisplacedPod* low = Displaced(e, "default/low");
  REQUIRE(low);
  CHECK(low->fate == "evicted");
  CHECK(low->by_change);
  CHECK(low->by != "default/web");
}

}  // namespace podsim
