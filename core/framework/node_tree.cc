#include "core/framework/node_tree.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace podsim {
namespace {

// The label's value, or nullptr when the node lacks the label.
const std::string* Label(const Node& node, std::string_view key) {
  return node.labels.Find(key);
}

// The first label present wins, even with an empty value.
std::string FirstLabel(const Node& node, std::string_view beta,
                       std::string_view ga) {
  const std::string* value = Label(node, beta);
  if (!value) value = Label(node, ga);
  return value ? *value : std::string();
}

}  // namespace

std::string ZoneKey(const Node& node) {
  const std::string zone =
      FirstLabel(node, "failure-domain.beta.kubernetes.io/zone",
                 "topology.kubernetes.io/zone");
  const std::string region =
      FirstLabel(node, "failure-domain.beta.kubernetes.io/region",
                 "topology.kubernetes.io/region");
  if (region.empty() && zone.empty()) return "";
  // The NUL keeps a region with a colon apart from its zone.
  return region + std::string(":\0:", 3) + zone;
}

std::vector<ObjectIndex> NodeTreeOrder(const std::vector<Node>& nodes) {
  // 1) The informer adds the nodes in name order (bytewise, as Go compares
  //    strings).
  std::vector<ObjectIndex> by_name(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) by_name[i] = nodes[i].index;
  std::sort(by_name.begin(), by_name.end(), [&](ObjectIndex a, ObjectIndex b) {
    return nodes[a].name < nodes[b].name;
  });
  // 2) addNode: each zone's nodes in the order added; zones in the order of
  //    their first node.
  std::unordered_map<std::string, size_t> zone_index;
  std::vector<std::vector<ObjectIndex>> tree;
  for (ObjectIndex n : by_name) {
    auto [it, added] = zone_index.try_emplace(ZoneKey(nodes[n]), tree.size());
    if (added) tree.emplace_back();
    tree[it->second].push_back(n);
  }
  // 3) list: the i-th node of every zone that has one, for i = 0, 1, ...
  std::vector<ObjectIndex> order;
  order.reserve(nodes.size());
  for (size_t i = 0; order.size() < nodes.size(); ++i) {
    for (const std::vector<ObjectIndex>& zone : tree) {
      if (i < zone.size()) order.push_back(zone[i]);
    }
  }
  return order;
}

}  // namespace podsim
