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

}  // namespace podsim
