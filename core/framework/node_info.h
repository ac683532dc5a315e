// The scheduler's view of the cluster: each node with its pods and running
// sums, where every pod is, and which pods are nominated to which node.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

inline constexpr ObjectIndex kNoNode = -1;

// Mirrors framework.NodeInfo: the node, its pods, and summed requests.
struct NodeInfo {
  ObjectIndex node = kNoNode;
  // Bound pods, terminating ones included, in the scheduler cache's order:
  // the order they were added, except that a pod removed leaves its place
  // to the last one, and one updated (its deletion starting) moves to the
  // end after the same swap. Victims of equal importance keep this order.
  std::vector<ObjectIndex> pods;
  Resources requested;
  int64_t nonzero_cpu = 0;  // NonZeroRequested: each pod's PlacedNonZero
  int64_t nonzero_memory = 0;
};

// What NodeInfo's NonZeroRequested counts for pod p on a node: its non-zero
// requests, or what the profile's release counted for its sidecars.
inline NonZeroRequests PlacedNonZero(const Pod& p) {
  return p.placed_nonzero_before_sidecars
             ? *p.placed_nonzero_before_sidecars
             : NonZeroRequests{p.nonzero_cpu, p.nonzero_memory};
}

// Returns whether the scheduler's informer lists pod a before pod b when it
// starts: by namespace, then name, as the fake clientset the oracle runs on
// sorts them (an API server lists by key, "namespace/name", which differs
// only where one namespace is another's prefix followed by '-' or '.').
// The cache adds the input's bound pods to their nodes in this order.
bool ListedBefore(const Pod& a, const Pod& b);

// Cluster state that scheduling cycles read and change. Adding or removing a
// pod updates its node's sums in O(resources).
class Cluster {
 public:
  // REQUIRES: scenario outlives the cluster.
  explicit Cluster(const Scenario& scenario);

  const Scenario& scenario() const { return scenario_; }
  const Pod& pod(ObjectIndex p) const { return scenario_.pods[p]; }
  const Node& node(ObjectIndex n) const { return scenario_.nodes[n]; }
  const NodeInfo& info(ObjectIndex n) const { return infos_[n]; }
  int num_nodes() const { return static_cast<int>(infos_.size()); }
  // The nodes in the order of the scheduler's snapshot (NodeTreeOrder):
  // the order the filters walk them in, and so the order in which nodes
  // that tie on score reach selectHost's heap. Displays keep input order.
  const std::vector<ObjectIndex>& snapshot_order() const {
    return snapshot_order_;
  }
  // Returns the node index for a name, or kNoNode.
  ObjectIndex FindNode(const std::string& name) const;
  ObjectIndex NodeOf(ObjectIndex p) const { return pod_node_[p]; }
  // Pods with required anti-affinity terms, bound or not (a short list that
  // InterPodAffinity's PreFilter walks instead of every pod).
  const std::vector<ObjectIndex>& PodsWithAntiAffinity() const {
    return pods_with_anti_affinity_;
  }
  // Pods with required pod affinity terms or preferred pod affinity or
  // anti-affinity terms, bound or not: those whose terms InterPodAffinity's
  // Score reads of placed pods (upstream's PodsWithAffinity, less the pods
  // with only required anti-affinity, which Score does not read).
  const std::vector<ObjectIndex>& PodsWithAffinity() const {
    return pods_with_affinity_;
  }
  // The pods, bound or not, that carry the label key=value, in index order
  // (a pod's labels never change). Indexed per key, on the key's first use.
  const std::vector<ObjectIndex>& PodsLabelled(const std::string& key,
                                               const std::string& value) const;

  // Committed changes, which move the node's version on. Bind adds the pod
  // after the node's others; Delete leaves its place to the last one.
  void Bind(ObjectIndex p, ObjectIndex n);
  void Delete(ObjectIndex p);
  // Tentative changes (a dry run, the nominated-pods pass), always undone:
  // the version stays.
  void AddPod(ObjectIndex p, ObjectIndex n);
  void RemovePod(ObjectIndex p);
  // A number that changes whenever the node's pods or nominations change
  // for good; results computed against one version hold while it lasts.
  uint64_t version(ObjectIndex n) const { return versions_[n]; }
  // Puts a node's pods back in a saved order. REQUIRES: the node holds the
  // same pods, in another order (a dry run removed and re-added some), and
  // none leaving at once (no cycle runs while one is).
  void RestoreOrder(ObjectIndex n, const std::vector<ObjectIndex>& order);

  // The PodNominator: pods nominated to a node, in nomination order.
  const std::vector<ObjectIndex>& NominatedPods(ObjectIndex n) const {
    return nominated_[n];
  }
  ObjectIndex NominatedNodeOf(ObjectIndex p) const {
    return nominated_node_[p];
  }
  void Nominate(ObjectIndex p, ObjectIndex n);  // kNoNode clears

  // Whether a pod is terminating (a deletionTimestamp), in the input or
  // since the scheduler preempted it; it keeps its room until deleted.
  bool Terminating(ObjectIndex p) const { return terminating_[p] != 0; }
  // Whether its DisruptionTarget condition says PreemptionByScheduler.
  bool PreemptedByScheduler(ObjectIndex p) const { return preempted_[p] != 0; }
  // The scheduler preempted p: it is terminating by preemption. As with
  // any update of a bound pod, it moves to the end of its node's pods.
  void MarkPreempted(ObjectIndex p);
  // p got a deletionTimestamp for another reason (its controller deleted
  // it): terminating, not by preemption. It moves as MarkPreempted's does.
  void MarkTerminating(ObjectIndex p);
  // p, just marked terminating, has no grace period: upstream's cache
  // removes it before the next victim's update, so it leaves its node's
  // order now (the last pod takes its place) and later updates pass it by.
  // It keeps its room until Delete, which must follow before any cycle.
  void LeavesAtOnce(ObjectIndex p);
  // Takes in the pod a controller appended to the scenario as index p,
  // pending. REQUIRES: p == the previous number of pods.
  void AddCreatedPod(ObjectIndex p);
  // Moves n's version on: results computed for it are stale (a budget of
  // one of its pods changed).
  void Touch(ObjectIndex n) { versions_[n] = next_version_++; }

 private:
  // Mirrors cache.updatePod (removePod, then addPod) on the node's order.
  void Updated(ObjectIndex p);

  const Scenario& scenario_;
  std::vector<NodeInfo> infos_;
  // Per node: how many pods at the end of its pods left the order at once
  // (LeavesAtOnce) and await their Delete.
  std::vector<int> leaving_at_once_;
  std::vector<ObjectIndex> snapshot_order_;
  std::vector<ObjectIndex> pod_node_;
  std::vector<std::vector<ObjectIndex>> nominated_;
  std::vector<ObjectIndex> nominated_node_;
  std::vector<uint8_t> terminating_;
  std::vector<uint8_t> preempted_;
  std::vector<ObjectIndex> pods_with_anti_affinity_;
  std::vector<ObjectIndex> pods_with_affinity_;
  mutable std::unordered_map<
      std::string, std::unordered_map<std::string, std::vector<ObjectIndex>>>
      pods_by_label_;
  std::vector<uint64_t> versions_;
  uint64_t next_version_ = 1;
  std::unordered_map<std::string, ObjectIndex> node_by_name_;
};

}  // namespace podsim
