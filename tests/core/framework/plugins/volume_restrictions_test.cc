#include "core/framework/plugins/volume_restrictions.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("VolumeRestrictions: claims resolve against the input's claims") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), ClaimWith("solo", {"ReadWriteOncePod"}),
      ClaimWith("shared", {"ReadWriteMany"}),
      UsingClaims(PendingPod("web", {"1"}, 1), {"shared", "solo", "gone"})));
  CHECK(r.scenario.pods[0].claims ==
        std::vector<std::string>{"shared", "solo", "gone"});
  const PodClaims* web = ClaimsOf(r.scenario, 0);
  REQUIRE(web != nullptr);
  CHECK(web->read_write_once_pod == std::vector<std::string>{"solo"});
  CHECK(web->missing == "gone");
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/web: "
            "spec.volumes[2].persistentVolumeClaim.claimName: "
            "PersistentVolumeClaim default/gone is not in the input; "
            "kube-scheduler's PreFilter (VolumeRestrictions, else "
            "VolumeBinding) rejects the pod (persistentvolumeclaim \"gone\" "
            "not found) until the claim exists"});
}

TEST_CASE(
    "VolumeRestrictions: an input without claims takes them to exist, with "
    "one warning") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), UsingClaims(PendingPod("a", {"1"}, 1), {"data"}),
      UsingClaims(PendingPod("b", {"1"}, 1), {"data"})));
  CHECK(ClaimsOf(r.scenario, 0) == nullptr);
  CHECK(FirstAttempt(r, "a").outcome == Outcome::kScheduled);
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            ": : 2 pending pods name PersistentVolumeClaims, but the input "
            "holds none; podsim takes each claim to exist and not to be "
            "ReadWriteOncePod (add them, e.g. kubectl get pvc -A -o yaml, to "
            "check the ReadWriteOncePod rule)"});
}

TEST_CASE("VolumeRestrictions: an unbound claim is warned of (VolumeBinding)") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), ClaimWith("data", {"ReadWriteOnce"}, "Pending"),
      UsingClaims(PendingPod("web", {"1"}, 1), {"data"})));
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kScheduled);
  CHECK(DiagnosticTexts(r) ==
        std::vector<std::string>{
            "Pod default/web: spec.volumes[0].persistentVolumeClaim.claimName: "
            "PersistentVolumeClaim default/data is Pending; podsim does not "
            "model VolumeBinding, which binds a claim or rejects the pod, and "
            "treats the claim as bound to a volume every node can reach"});
}

TEST_CASE(
    "VolumeRestrictions: claims in use count by namespace, conflicting "
    "references by name alone, as upstream") {
  Json elsewhere = UsingClaims(RunningPod("elsewhere", "n1", {"1"}, 1),
                               {"solo", "logs", "solo"});
  elsewhere["metadata"]["namespace"] = "other";
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), ClaimWith("solo", {"ReadWriteOncePod"}), elsewhere,
      UsingClaims(PendingPod("web", {"1"}, 1), {"solo"})));
  const PodClaims* web = ClaimsOf(r.scenario, 1);
  REQUIRE(web != nullptr);
  const Pod& other = r.scenario.pods[0];
  // IsPVCUsedByPods keys by namespace: the claim is free for web.
  CHECK(FirstAttempt(r, "web").outcome == Outcome::kScheduled);
  // updateWithPod matches claim names only.
  CHECK(ConflictingClaimRefs(web->read_write_once_pod, other) == 2);
  CHECK(ClaimNotFound("x") == "persistentvolumeclaim \"x\" not found");
}

TEST_CASE(
    "VolumeRestrictions: Filter rejects every node while a ReadWriteOncePod "
    "claim is in use") {
  SimulationResult r = Run(ScenarioWith(
      NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
      ClaimWith("solo", {"ReadWriteOncePod"}),
      ClaimWith("shared", {"ReadWriteOnce"}),
      UsingClaims(RunningPod("holder", "n1", {"1"}, 100), {"solo", "shared"}),
      UsingClaims(PendingPod("web", {"1"}, 100), {"solo"}),
      UsingClaims(PendingPod("reader", {"1"}, 100), {"shared"})));
  for (const char* node : {"n1", "n2"}) {
    CHECK(FilterOf(r, "web", node) ==
          "Unschedulable VolumeRestrictions: node(s) unavailable due to "
          "PersistentVolumeClaim with ReadWriteOncePod access mode already "
          "in-use by another pod");
  }
  // ReadWriteOnce is the node's business (the kubelet's), not the
  // scheduler's.
  CHECK(FirstAttempt(r, "reader").outcome == Outcome::kScheduled);
}

TEST_CASE(
    "VolumeRestrictions: a claim the input lacks is rejected at PreFilter, "
    "with "
    "upstream's text") {
  SimulationResult r = Run(
      ScenarioWith(NodeWith("n1", {"4"}), ClaimWith("other", {"ReadWriteOnce"}),
                   UsingClaims(PendingPod("web", {"1"}, 100), {"data"})));
  const Attempt& a = FirstAttempt(r, "web");
  CHECK(a.outcome == Outcome::kUnschedulable);
  CHECK(FilterOf(r, "web", "n1") ==
        "UnschedulableAndUnresolvable VolumeRestrictions: "
        "persistentvolumeclaim \"data\" not found");
  CHECK(a.message ==
        "0/1 nodes are available: persistentvolumeclaim \"data\" not found. "
        "preemption: 0/1 nodes are available: 1 "
        "Preemption is not helpful for scheduling.");
  SUBCASE(
      "VolumeBinding's PreFilter rejects it when VolumeRestrictions is off") {
    SimulationResult off = Run(ScenarioWith(
        SchedulerPluginsWith(
            {{"multiPoint",
              {{"disabled", {{{"name", "VolumeRestrictions"}}}}}}}),
        NodeWith("n1", {"4"}), ClaimWith("other", {"ReadWriteOnce"}),
        UsingClaims(PendingPod("web", {"1"}, 100), {"data"})));
    CHECK(FilterOf(off, "web", "n1") ==
          "UnschedulableAndUnresolvable VolumeBinding: "
          "persistentvolumeclaim \"data\" not found");
  }
}

TEST_CASE(
    "VolumeRestrictions: PreFilter counts the claims in use, RemovePod and "
    "AddPod of their user count it out and in") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"4"}), NodeWith("n2", {"4"}),
                       ClaimWith("solo", {"ReadWriteOncePod"}),
                       ClaimWith("free", {"ReadWriteOncePod"}),
                       ClaimWith("shared", {"ReadWriteOnce"}),
                       UsingClaims(RunningPod("holder", "n1", {"1"}, 1),
                                   {"solo", "shared"}),
                       UsingClaims(PendingPod("web", {"1"}, 1), {"solo"}),
                       UsingClaims(PendingPod("idle", {"1"}, 1), {"free"}),
                       UsingClaims(PendingPod("reader", {"1"}, 1), {"shared"})))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  const ObjectIndex holder = PodIndex(s, "holder");
  const ObjectIndex n2 = NodeIndex(s, "n2");
  CycleState state(cluster, PodIndex(s, "web"));
  PreFilterVolumeRestrictions(state);
  REQUIRE(state.Wrote(Plugin::kVolumeRestrictions));
  auto filter = [&] {
    Status status;
    FilterVolumeRestrictions(state, n2, status);
    return StatusLine(status);
  };
  const std::string conflict =
      "Unschedulable VolumeRestrictions: node(s) unavailable due to "
      "PersistentVolumeClaim with ReadWriteOncePod access mode already in-use "
      "by another pod";
  CHECK(filter() == conflict);
  UpdateVolumeRestrictions(state, holder, -1);
  CHECK(filter() == "Success : ");
  UpdateVolumeRestrictions(state, holder, +1);
  CHECK(filter() == conflict);
  // A claim no pod uses, a claim that is not ReadWriteOncePod, a profile
  // before the rule: nothing to keep (Skip).
  for (const char* pod : {"idle", "reader"}) {
    CAPTURE(pod);
    CycleState other(cluster, PodIndex(s, pod));
    PreFilterVolumeRestrictions(other);
    CHECK_FALSE(other.Wrote(Plugin::kVolumeRestrictions));
  }
  CycleState old(cluster, PodIndex(s, "web"), *FindProfile("v1.14"));
  PreFilterVolumeRestrictions(old);
  CHECK_FALSE(old.Wrote(Plugin::kVolumeRestrictions));
  // v1.31.14's ErrReasonReadWriteOncePodConflict, before #129145 (v1.33)
  // reworded it; the v1.31 oracle gives this text.
  CycleState v131(cluster, PodIndex(s, "web"), *FindProfile("v1.31"));
  PreFilterVolumeRestrictions(v131);
  Status status;
  FilterVolumeRestrictions(v131, n2, status);
  CHECK(StatusLine(status) ==
        "Unschedulable VolumeRestrictions: node has pod using "
        "PersistentVolumeClaim with the same name and ReadWriteOncePod access "
        "mode");
}

TEST_CASE(
    "VolumeRestrictions: the claim lookup rejects for the plugin that looks, "
    "from v1.22") {
  Scenario s =
      Run(ScenarioWith(NodeWith("n1", {"4"}),
                       ClaimWith("other", {"ReadWriteOnce"}),
                       UsingClaims(PendingPod("web", {"1"}, 100), {"data"}),
                       UsingClaims(PendingPod("ok", {"1"}, 100), {"other"})))
          .scenario;
  Cluster cluster(s);
  PlaceInputPods(cluster);
  CycleState web(cluster, PodIndex(s, "web"));
  CHECK(StatusLine(LookUpClaims(web, Plugin::kVolumeBinding)) ==
        "UnschedulableAndUnresolvable VolumeBinding: persistentvolumeclaim "
        "\"data\" not found");
  CycleState ok(cluster, PodIndex(s, "ok"));
  CHECK(LookUpClaims(ok, Plugin::kVolumeRestrictions).ok());
  CycleState old(cluster, PodIndex(s, "web"), *FindProfile("v1.14"));
  CHECK(LookUpClaims(old, Plugin::kVolumeRestrictions).ok());
}

}  // namespace podsim
