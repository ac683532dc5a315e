#include "core/framework/node_info.h"

#include <algorithm>
#include <cassert>

#include "core/framework/node_tree.h"

namespace podsim {
namespace {

// Whether InterPodAffinity's Score reads the pod's terms once it is placed.
bool ScoresAffinity(const Pod& p) {
  return !p.required_affinity.empty() || !p.preferred_affinity.empty() ||
         !p.preferred_anti_affinity.empty();
}

}  // namespace

Cluster::Cluster(const Scenario& scenario)
    : scenario_(scenario),
      infos_(scenario.nodes.size()),
      leaving_at_once_(scenario.nodes.size(), 0),
      snapshot_order_(NodeTreeOrder(scenario.nodes)),
      pod_node_(scenario.pods.size(), kNoNode),
      nominated_(scenario.nodes.size()),
      nominated_node_(scenario.pods.size(), kNoNode),
      terminating_(scenario.pods.size(), 0),
      preempted_(scenario.pods.size(), 0),
      versions_(scenario.nodes.size(), 0) {
  for (const Node& n : scenario.nodes) {
    infos_[n.index].node = n.index;
    versions_[n.index] = next_version_++;
    node_by_name_.emplace(n.name, n.index);
  }
  for (const Pod& p : scenario.pods) {
    if (!p.required_anti_affinity.empty())
      pods_with_anti_affinity_.push_back(p.index);
    if (ScoresAffinity(p)) pods_with_affinity_.push_back(p.index);
    terminating_[p.index] = p.terminating;
    preempted_[p.index] = p.preempted_by_scheduler;
  }
}

void Cluster::MarkPreempted(ObjectIndex p) {
  terminating_[p] = 1;
  preempted_[p] = 1;
  Updated(p);
}

void Cluster::MarkTerminating(ObjectIndex p) {
  terminating_[p] = 1;
  Updated(p);
}

void Cluster::Updated(ObjectIndex p) {
  const ObjectIndex n = pod_node_[p];
  if (n == kNoNode) return;
  // cache.updatePod: removePod, then addPod, among the pods still listed.
  std::vector<ObjectIndex>& pods = infos_[n].pods;
  const auto listed_end = pods.end() - leaving_at_once_[n];
  auto it = std::find(pods.begin(), listed_end, p);
  if (it != listed_end) {
    *it = *(listed_end - 1);
    *(listed_end - 1) = p;
  }
  // Filters that skip terminating pods (PodTopologySpread) see a change.
  versions_[n] = next_version_++;
}

void Cluster::LeavesAtOnce(ObjectIndex p) {
  const ObjectIndex n = pod_node_[p];
  if (n == kNoNode) return;
  std::vector<ObjectIndex>& pods = infos_[n].pods;
  const auto listed_end = pods.end() - leaving_at_once_[n];
  auto it = std::find(pods.begin(), listed_end, p);
  if (it == listed_end) return;
  // NodeInfo.RemovePod's swap, now; the pod itself waits past the end.
  *it = *(listed_end - 1);
  *(listed_end - 1) = p;
  ++leaving_at_once_[n];
}

void Cluster::AddCreatedPod(ObjectIndex p) {
  assert(static_cast<size_t>(p) == pod_node_.size());
  const Pod& pod = scenario_.pods[p];
  pod_node_.push_back(kNoNode);
  nominated_node_.push_back(kNoNode);
  terminating_.push_back(0);
  preempted_.push_back(0);
  if (!pod.required_anti_affinity.empty())
    pods_with_anti_affinity_.push_back(p);
  if (ScoresAffinity(pod)) pods_with_affinity_.push_back(p);
  for (const auto& [key, value] : pod.labels.items()) {
    auto indexed = pods_by_label_.find(key);
    if (indexed != pods_by_label_.end()) indexed->second[value].push_back(p);
  }
}

const std::vector<ObjectIndex>& Cluster::PodsLabelled(
    const std::string& key, const std::string& value) const {
  auto [by_value, added] = pods_by_label_.try_emplace(key);
  if (added) {
    for (const Pod& p : scenario_.pods) {
      if (const std::string* v = p.labels.Find(key)) {
        by_value->second[*v].push_back(p.index);
      }
    }
  }
  static const std::vector<ObjectIndex> kNone;
  auto it = by_value->second.find(value);
  return it == by_value->second.end() ? kNone : it->second;
}

bool ListedBefore(const Pod& a, const Pod& b) {
  if (a.ns != b.ns) return a.ns < b.ns;
  return a.name < b.name;
}

ObjectIndex Cluster::FindNode(const std::string& name) const {
  auto it = node_by_name_.find(name);
  return it == node_by_name_.end() ? kNoNode : it->second;
}

void Cluster::Bind(ObjectIndex p, ObjectIndex n) {
  AddPod(p, n);
  versions_[n] = next_version_++;
}

void Cluster::Delete(ObjectIndex p) {
  ObjectIndex n = pod_node_[p];
  if (n == kNoNode) return;
  RemovePod(p);
  versions_[n] = next_version_++;
}

void Cluster::AddPod(ObjectIndex p, ObjectIndex n) {
  const Pod& added = pod(p);
  NodeInfo& info = infos_[n];
  // After the node's listed pods, before any leaving at once.
  info.pods.insert(info.pods.end() - leaving_at_once_[n], p);
  info.requested.Add(added.requests);
  const NonZeroRequests nonzero = PlacedNonZero(added);
  info.nonzero_cpu += nonzero.cpu;
  info.nonzero_memory += nonzero.memory;
  pod_node_[p] = n;
}

void Cluster::RemovePod(ObjectIndex p) {
  ObjectIndex n = pod_node_[p];
  if (n == kNoNode) return;
  const Pod& removed = pod(p);
  NodeInfo& info = infos_[n];
  std::vector<ObjectIndex>& pods = info.pods;
  auto it = std::find(pods.begin(), pods.end(), p);
  if (it != pods.end()) {
    const auto listed_end = pods.end() - leaving_at_once_[n];
    if (it >= listed_end) {
      --leaving_at_once_[n];  // it left the order already
    } else {
      // NodeInfo.RemovePod (removeFromSlice): the last pod takes its place.
      *it = *(listed_end - 1);
      it = listed_end - 1;
    }
    pods.erase(it);
  }
  info.requested.Subtract(removed.requests);
  const NonZeroRequests nonzero = PlacedNonZero(removed);
  info.nonzero_cpu -= nonzero.cpu;
  info.nonzero_memory -= nonzero.memory;
  pod_node_[p] = kNoNode;
}

void Cluster::RestoreOrder(ObjectIndex n,
                           const std::vector<ObjectIndex>& order) {
  assert(order.size() == infos_[n].pods.size() && leaving_at_once_[n] == 0);
  infos_[n].pods.assign(order.begin(), order.end());
}

void Cluster::Nominate(ObjectIndex p, ObjectIndex n) {
  ObjectIndex old = nominated_node_[p];
  if (old != kNoNode) {
    auto& list = nominated_[old];
    list.erase(std::remove(list.begin(), list.end(), p), list.end());
  }
  nominated_node_[p] = n;
  if (n != kNoNode) nominated_[n].push_back(p);
  if (old != kNoNode) versions_[old] = next_version_++;
  if (n != kNoNode) versions_[n] = next_version_++;
}

}  // namespace podsim
