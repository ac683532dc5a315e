// The order of the nodes in the scheduler's snapshot, which is the order
// the filters walk them and the score heap receives them in: zones in turn,
// each zone's nodes in the order the informer added them (by name).
#pragma once

#include <string>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

// Mirrors utilnode.GetZoneKey: "<region>:\0:<zone>" from the beta
// failure-domain labels, else the topology.kubernetes.io ones; "" when the
// node has neither a region nor a zone.
std::string ZoneKey(const Node& node);

// Returns the node indices in the order of Snapshot.nodeInfoList: the nodes
// are added to a nodeTree in name order (an informer's first list, which
// the API server sorts by key), and nodeTree.list takes one node of each
// zone in turn, zones in the order their first node was added.
// Mirrors nodeTree.addNode and nodeTree.list.
std::vector<ObjectIndex> NodeTreeOrder(const std::vector<Node>& nodes);

}  // namespace podsim
