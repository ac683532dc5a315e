#include "core/framework/node_tree.h"

#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
namespace {

Node NodeOf(std::string name,
            std::vector<std::pair<std::string, std::string>> labels = {}) {
  Node node;
  node.name = std::move(name);
  node.labels = Labels(std::move(labels));
  return node;
}

std::vector<std::string> Names(const std::vector<Node>& nodes,
                               const std::vector<ObjectIndex>& order) {
  std::vector<std::string> names;
  for (ObjectIndex n : order) names.push_back(nodes[n].name);
  return names;
}

std::vector<Node> Indexed(std::vector<Node> nodes) {
  for (size_t i = 0; i < nodes.size(); ++i) {
    nodes[i].index = static_cast<ObjectIndex>(i);
  }
  return nodes;
}

}  // namespace

TEST_CASE("ZoneKey: region and zone, the beta labels first") {
  using std::string_literals::operator""s;
  CHECK(ZoneKey(NodeOf("n")) == "");
  CHECK(ZoneKey(NodeOf("n", {{"topology.kubernetes.io/zone", "a"}})) ==
        ":\0:a"s);
  CHECK(ZoneKey(NodeOf("n", {{"topology.kubernetes.io/region", "r"},
                             {"topology.kubernetes.io/zone", "a"}})) ==
        "r:\0:a"s);
  // The beta label wins even when empty.
  CHECK(ZoneKey(NodeOf("n", {{"failure-domain.beta.kubernetes.io/zone", ""},
                             {"topology.kubernetes.io/zone", "a"},
                             {"topology.kubernetes.io/region", "r"}})) ==
        "r:\0:"s);
  CHECK(ZoneKey(NodeOf("n", {{"failure-domain.beta.kubernetes.io/zone", "b"},
                             {"topology.kubernetes.io/zone", "a"}})) ==
        ":\0:b"s);
}

TEST_CASE("NodeTreeOrder: one zone's nodes by name, bytewise") {
  const std::vector<Node> nodes =
      Indexed({NodeOf("n-b"), NodeOf("n-10"), NodeOf("n-a"), NodeOf("n-2")});
  CHECK(Names(nodes, NodeTreeOrder(nodes)) ==
        std::vector<std::string>{"n-10", "n-2", "n-a", "n-b"});
}

TEST_CASE("NodeTreeOrder: zones in turn, in the order of their first node") {
  auto in = [](std::string name, std::string zone) {
    return NodeOf(std::move(name), {{"topology.kubernetes.io/zone", zone}});
  };
  // By name: a-1 (z2) comes first, so z2 is the first zone; c-1 has no zone.
  const std::vector<Node> nodes =
      Indexed({in("b-1", "z1"), in("b-2", "z1"), in("a-1", "z2"),
               in("a-2", "z2"), in("a-3", "z2"), NodeOf("c-1")});
  CHECK(Names(nodes, NodeTreeOrder(nodes)) ==
        std::vector<std::string>{"a-1", "b-1", "c-1", "a-2", "b-2", "a-3"});
}

}  // namespace podsim
