#include "core/config/profile.h"

#include <algorithm>
#include <array>

namespace podsim {
namespace {

constexpr PickCriterion kFiveCriteria[] = {
    PickCriterion::kFewestPdbViolations, PickCriterion::kLowestHighestPriority,
    PickCriterion::kLowestPrioritySum, PickCriterion::kFewestVictims,
    PickCriterion::kLatestStartTime};
// v1.14 had the first four; latest start time came in v1.15.
constexpr std::span<const PickCriterion> kFourCriteria(kFiveCriteria, 4);

// Mirrors unresolvablePredicateFailureErrors of v1.14's generic_scheduler,
// as the reasons those errors print.
constexpr std::string_view kV114Unresolvable[] = {
    "node(s) didn't match node selector",
    "node(s) didn't match pod affinity rules",
    "node(s) didn't match the requested hostname",
    "node(s) had taints that the pod didn't tolerate",
    "node(s) didn't have the requested labels",
    "node(s) were not ready",
    "node(s) had unavailable network",
    "node(s) had disk pressure",
    "node(s) had pid pressure",
    "node(s) had memory pressure",
    "node(s) were unschedulable",
    "node(s) had unknown conditions",
    "node(s) had no available volume zone",
    "node(s) had volume node affinity conflict",
    "node(s) didn't find available persistent volumes to bind",
};

// v1.35.4: kube-scheduler 1.35 with its default gates (the Profile
// struct's defaults are its switches), before what 1.36 and 1.37 changed in
// what preemption decides or says.
Profile MakeV135() {
  Profile p;
  p.name = "v1.35";
  p.kubernetes_version = "1.35.4";
  p.summary =
      "kube-scheduler v1.34/v1.35: the DRA clause in the message, no success "
      "message, BalancedAllocation by the balance with the pod, every "
      "matching budget spent, the narrower anti-affinity hint, gated pods "
      "deaf to the flush";
  p.reasons = {
      .unschedulable = "node(s) were unschedulable",
      .taint = "node(s) had untolerated taint(s)",
      .node_affinity = "node(s) didn't match Pod's node affinity/selector",
      .too_many_pods = "Too many pods",
      .ports = "node(s) didn't have free ports for the requested pod ports",
      .affinity = "node(s) didn't match pod affinity rules",
      .anti_affinity = "node(s) didn't match pod anti-affinity rules",
      .existing_anti_affinity =
          "node(s) didn't satisfy existing pods anti-affinity rules",
      .read_write_once_pod_conflict =
          "node(s) unavailable due to PersistentVolumeClaim with "
          "ReadWriteOncePod access mode already in-use by another pod",
      .affinity_umbrella = "",
      .predicates = false,
  };
  p.pick_criteria = kFiveCriteria;
  return p;
}

// v1.37.2 with its default gates: v1.35 and what 1.36 and 1.37 changed
// (docs/upstream-changes.md#v137).
Profile MakeCurrent() {
  Profile p = MakeV135();
  p.name = "current";
  p.kubernetes_version = "1.37";
  p.summary =
      "kube-scheduler v1.37: the DefaultPreemption plugin of the scheduling "
      "framework, with its default gates";
  p.reports_successful_preemption = true;
  p.dra_postfilter = false;
  p.balanced_allocation_change = true;
  p.pdb_violation = PdbViolation::kPerPodUntilViolated;
  p.anti_affinity_hint_any_term = true;
  p.flush_moves_gated = true;
  p.victim_order = VictimOrder::kPriorityThenVictimStartTime;
  return p;
}

// v1.31.14, the last 1.31 patch: the same plugins and candidate rule
// (NodesForStatusCode), before the 1.32 to 1.35 changes set here.
Profile MakeV131() {
  Profile p = MakeV135();
  p.name = "v1.31";
  p.kubernetes_version = "1.31.14";
  p.summary =
      "kube-scheduler v1.31: DefaultPreemption before the DRA clause, the "
      "unresolvable over-allocatable request, pod-level resources, sidecar "
      "host ports, queueing hints and asynchronous preemption";
  p.reasons.taint = "node(s) had untolerated taint";
  p.reasons.names_taint = true;
  // Before #129145 (v1.33) VolumeRestrictions said this.
  p.reasons.read_write_once_pod_conflict =
      "node has pod using PersistentVolumeClaim with the same name and "
      "ReadWriteOncePod access mode";
  p.unresolvable_over_allocatable = false;
  p.pod_level_resources = false;
  p.sidecar_host_ports = false;
  p.sidecar_nonzero_requests = false;
  p.dra_postfilter = false;
  p.requeue = Requeue::kRegisteredEvents;
  p.pop_from_backoff = false;
  p.skips_terminating_victims = false;
  p.async_preemption = false;
  p.fit_error_counts_all_nodes = false;
  return p;
}

// v1.14 is older than v1.31 in everything v1.31 sets, and differs from
// both in what it sets here.
Profile MakeV114() {
  Profile p = MakeV131();
  p.name = "v1.14";
  p.kubernetes_version = "1.14";
  p.summary =
      "kube-scheduler v1.14: generic_scheduler.Preempt and the predicates, "
      "before the scheduling framework";
  p.reasons.taint = "node(s) had taints that the pod didn't tolerate";
  p.reasons.names_taint = false;
  p.reasons.node_affinity = "node(s) didn't match node selector";
  p.reasons.too_many_pods = "Insufficient pods";
  p.reasons.affinity_umbrella =
      "node(s) didn't match pod affinity/anti-affinity";
  p.reasons.predicates = true;
  p.predicate_order = true;
  p.topology_spread = false;
  p.node_affinity_prefilter = false;
  p.nominated_node_first = false;
  p.read_write_once_pod = false;
  p.honors_preemption_policy = false;
  p.eligibility = Eligibility::kAnyTerminating;
  p.potential_nodes = PotentialNodes::kResolvableReasons;
  p.unresolvable_reasons = kV114Unresolvable;
  p.samples_candidates = false;
  p.no_victims_shortcut = false;
  p.victim_order = VictimOrder::kPriorityOnly;
  p.resorts_victims = false;
  p.pdb_violation = PdbViolation::kAnyExhaustedBudget;
  p.zero_victims_chosen_at_once = true;
  p.pick_criteria = kFourCriteria;
  p.clears_nomination_without_candidate = false;
  p.postfilter_in_message = false;
  p.unschedulable_timeout_seconds = 60;
  p.requeue = Requeue::kMoveAll;
  return p;
}

const Profile kCurrent = MakeCurrent();
const Profile kV135 = MakeV135();
const Profile kV131 = MakeV131();
const Profile kV114 = MakeV114();
constexpr const Profile* kProfiles[] = {&kCurrent, &kV135, &kV131, &kV114};

// Whether two profiles hold the same value; spans compare their elements.
template <typename T>
bool Same(const T& a, const T& b) {
  return a == b;
}
template <typename T>
bool Same(std::span<const T> a, std::span<const T> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// A switch over two fields (or one, named twice), described by a clause
// per value.
#define PODSIM_SWITCH2(label, first, second, clause)                 \
  ProfileSwitch {                                                    \
    label,                                                           \
        [](Profile& to, const Profile& from) {                       \
          to.first = from.first;                                     \
          to.second = from.second;                                   \
        },                                                           \
        [](const Profile& a, const Profile& b) {                     \
          return Same(a.first, b.first) && Same(a.second, b.second); \
        },                                                           \
        [](const Profile& p) -> std::string { return clause; }       \
  }
#define PODSIM_SWITCH(label, field, clause) \
  PODSIM_SWITCH2(label, field, field, clause)

const std::array<ProfileSwitch, 29> kSwitches = {
    PODSIM_SWITCH("pod-level resources", pod_level_resources,
                  p.pod_level_resources
                      ? "counts a pod's spec.resources.requests in place of "
                        "its containers' sum (PodLevelResources, v1.34)"
                      : "ignores pod-level spec.resources, which the API "
                        "server drops before PodLevelResources (v1.34)"),
    PODSIM_SWITCH("failure reasons", reasons,
                  !p.reasons.affinity_umbrella.empty()
                      ? "spells filter failures as the predicates did"
                  : p.reasons.names_taint
                      ? "spells filter failures as the framework plugins do, "
                        "naming the first untolerated taint as {key: value}, "
                        "with the ReadWriteOncePod reason before #129145"
                      : "spells filter failures as the framework plugins do, "
                        "with the generic \"node(s) had untolerated "
                        "taint(s)\" (#134740)"),
    PODSIM_SWITCH("filter order", predicate_order,
                  p.predicate_order
                      ? "checks resources, ports and node selector together "
                        "before taints (GeneralPredicates)"
                      : "runs the filter plugins in their order, stopping at "
                        "the first failure"),
    PODSIM_SWITCH("PodTopologySpread", topology_spread,
                  p.topology_spread
                      ? "enforces topologySpreadConstraints and scores by them"
                      : "has no PodTopologySpread (it came in v1.16)"),
    PODSIM_SWITCH("NodeAffinity PreFilter", node_affinity_prefilter,
                  p.node_affinity_prefilter
                      ? "filters only the nodes a metadata.name affinity names"
                      : "filters every node against a metadata.name affinity"),
    PODSIM_SWITCH("sidecar host ports", sidecar_host_ports,
                  p.sidecar_host_ports
                      ? "checks the hostPorts of sidecar init containers too "
                        "(NodePorts, #132040)"
                      : "checks only regular containers' hostPorts, not "
                        "sidecars' (before #132040)"),
    PODSIM_SWITCH("sidecar non-zero requests", sidecar_nonzero_requests,
                  p.sidecar_nonzero_requests
                      ? "scores a node with its pods' sidecars summed with "
                        "their containers, as their requests are (#127878)"
                      : "scores a node with its pods' sidecars counted as "
                        "init containers, the largest against the "
                        "containers' sum (before #127878)"),
    PODSIM_SWITCH("balanced allocation", balanced_allocation_change,
                  p.balanced_allocation_change
                      ? "scores NodeResourcesBalancedAllocation by the "
                        "change in balance the pod brings (v1.37)"
                      : "scores NodeResourcesBalancedAllocation by the "
                        "balance with the pod placed (before v1.37)"),
    PODSIM_SWITCH(
        "request above allocatable", unresolvable_over_allocatable,
        p.unresolvable_over_allocatable
            ? "treats a request above the node's allocatable as unresolvable, "
              "so the node is never a candidate (#131345)"
            : "treats a request above the node's allocatable as "
              "Unschedulable, so the node is a candidate and is dry-run "
              "(before #131345)"),
    PODSIM_SWITCH("ReadWriteOncePod", read_write_once_pod,
                  p.read_write_once_pod
                      ? "rejects a pod whose ReadWriteOncePod claim another "
                        "pod uses, or whose claim does not exist "
                        "(VolumeRestrictions' PreFilter)"
                      : "has no ReadWriteOncePod access mode (it came in "
                        "v1.22) and does not check that claims exist"),
    PODSIM_SWITCH("nominated node first", nominated_node_first,
                  p.nominated_node_first
                      ? "binds a nominated pod to its nominated node first "
                        "when it fits there"
                      : "filters and scores every node again, nominated or "
                        "not"),
    PODSIM_SWITCH("preemptionPolicy", honors_preemption_policy,
                  p.honors_preemption_policy
                      ? "honours preemptionPolicy: Never"
                      : "has no preemptionPolicy (it came in v1.15): every "
                        "pod may preempt"),
    PODSIM_SWITCH("eligibility", eligibility,
                  p.eligibility == Eligibility::kAnyTerminating
                      ? "waits while any lower-priority pod is terminating on "
                        "the nominated node"
                      : "waits only for pods terminating by preemption on the "
                        "nominated node"),
    PODSIM_SWITCH2(
        "potential nodes", potential_nodes, unresolvable_reasons,
        p.potential_nodes == PotentialNodes::kResolvableReasons
            ? "tries every node whose failures are not on its list of "
              "unresolvable predicate failures"
            : "tries only nodes whose filter status is Unschedulable (not "
              "UnschedulableAndUnresolvable)"),
    PODSIM_SWITCH("candidate sampling", samples_candidates,
                  p.samples_candidates
                      ? "dry-runs nodes from a random offset and stops after "
                        "numCandidates candidates"
                      : "dry-runs every potential node"),
    PODSIM_SWITCH("no-victims shortcut", no_victims_shortcut,
                  p.no_victims_shortcut
                      ? "rejects a node without lower-priority pods at once"
                      : "runs the filters on a node without lower-priority "
                        "pods"),
    PODSIM_SWITCH("victim order", victim_order,
                  p.victim_order == VictimOrder::kPriorityOnly
                      ? "orders victims by priority only, so among equals "
                        "the pod listed first on the node is reprieved first"
                  : p.victim_order == VictimOrder::kPriorityThenVictimStartTime
                      ? "orders victims by priority, then the older pod first; "
                        "of two without a start time, the one listed first on "
                        "the node (v1.37)"
                      : "orders victims by priority, then the older pod first; "
                        "two without a start time are each older than the "
                        "other"),
    PODSIM_SWITCH("victim re-sort", resorts_victims,
                  p.resorts_victims
                      ? "sorts the victims by importance after the reprieve"
                      : "keeps PDB-violating victims first, even when a "
                        "non-violating one has a higher priority"),
    PODSIM_SWITCH("PDB violation", pdb_violation,
                  p.pdb_violation == PdbViolation::kAnyExhaustedBudget
                      ? "counts a victim as violating only when a matching "
                        "PDB already allows 0 disruptions"
                  : p.pdb_violation == PdbViolation::kPerPodUntilViolated
                      ? "spends each PDB's disruptionsAllowed victim by "
                        "victim, a victim stopping at the first budget it "
                        "exhausts (v1.37)"
                      : "spends each PDB's disruptionsAllowed victim by "
                        "victim, so the victims past the budget violate it"),
    PODSIM_SWITCH("zero-victim node", zero_victims_chosen_at_once,
                  p.zero_victims_chosen_at_once
                      ? "takes a node that needs no victims at once"
                      : "treats a node that needs no victims as an error"),
    PODSIM_SWITCH("pick criteria", pick_criteria,
                  p.pick_criteria.size() == kNumPickCriteria
                      ? "breaks ties between candidates by the latest start "
                        "time of their top victims"
                      : "has no latest-start-time criterion: a tie after the "
                        "fewest victims goes to the first candidate"),
    PODSIM_SWITCH("nomination without candidate",
                  clears_nomination_without_candidate,
                  p.clears_nomination_without_candidate
                      ? "clears the pod's nomination when no node can be "
                        "freed"
                      : "keeps the pod's nomination when no candidate is "
                        "found"),
    PODSIM_SWITCH("nodes without candidate", fit_error_counts_all_nodes,
                  p.fit_error_counts_all_nodes
                      ? "says 0/N of every node when preemption finds no "
                        "candidate (NodeToStatus, v1.32)"
                      : "counts only the nodes with a status when preemption "
                        "finds no candidate, leaving out nodes whose victims "
                        "were past numCandidates (NodeToStatusMap)"),
    PODSIM_SWITCH2("event message", postfilter_in_message, dra_postfilter,
                   !p.postfilter_in_message ? "prints the FitError alone"
                   : p.dra_postfilter
                       ? "adds DynamicResources' \"no new claims to "
                         "deallocate\" and the preemption result to the "
                         "event message (DRA GA, v1.34)"
                       : "adds the preemption result to the event message"),
    PODSIM_SWITCH("success message", reports_successful_preemption,
                  p.reports_successful_preemption
                      ? "ends a nominating preemption's message with "
                        "\"preemption: found a potential placement for pod "
                        "on node ...\" (#140180, v1.37)"
                      : "gives a nominating preemption the FitError alone as "
                        "its message"),
    PODSIM_SWITCH("terminating victims", skips_terminating_victims,
                  p.skips_terminating_victims
                      ? "skips victims already terminating, and when every "
                        "victim is, clears no lower-priority nomination "
                        "(#133167)"
                      : "deletes victims already terminating again and "
                        "clears lower-priority nominations (before #133167)"),
    PODSIM_SWITCH(
        "requeueing", requeue,
        p.requeue == Requeue::kQueueingHints
            ? "moves a waiting pod only when a rejecting plugin's queueing "
              "hint says the event may help (SchedulerQueueingHints, v1.32)"
        : p.requeue == Requeue::kRegisteredEvents
            ? "moves a waiting pod on any event a rejecting plugin "
              "registered, without asking its hint (SchedulerQueueingHints "
              "off)"
            : "moves every waiting pod when a pod is deleted "
              "(MoveAllToActiveQueue)"),
    PODSIM_SWITCH("anti-affinity hint", anti_affinity_hint_any_term,
                  p.anti_affinity_hint_any_term
                      ? "requeues a pod on a deletion that matches any of "
                        "its anti-affinity terms, or whose anti-affinity "
                        "matches it, nominated pods' too (v1.37)"
                      : "requeues a pod on a bound pod's deletion that "
                        "matches all of its anti-affinity terms"),
    PODSIM_SWITCH("flush of gated pods", flush_moves_gated,
                  p.flush_moves_gated
                      ? "re-checks a preemptor held back by its own "
                        "preemption at the 30 s flush once it has waited 5 "
                        "minutes, then every 5 minutes (#139162, v1.37)"
                      : "moves a preemptor held back by its own preemption "
                        "only on a pod's deletion, never at the flush"),
};

#undef PODSIM_SWITCH
#undef PODSIM_SWITCH2

}  // namespace

const Profile& CurrentProfile() { return kCurrent; }

const Profile* FindProfile(std::string_view name) {
  for (const Profile* p : kProfiles) {
    if (p->name == name) return p;
  }
  return nullptr;
}

std::span<const Profile* const> AllProfiles() { return kProfiles; }

std::string ProfileNames() {
  std::string out;
  for (const Profile* p : kProfiles) {
    if (!out.empty()) out += ", ";
    out += p->name;
  }
  return out;
}

std::span<const ProfileSwitch> ProfileSwitches() { return kSwitches; }

}  // namespace podsim
