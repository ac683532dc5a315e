// The NodePorts plugin: a pod's host ports must be free on the node.
#pragma once

#include "core/framework/cycle_state.h"

namespace podsim {

// Mirrors HostPortInfo.CheckConflict for one port in use: the same port and
// protocol, on addresses that overlap ("" and 0.0.0.0 are every address).
bool PortsConflict(const HostPort& want, const HostPort& used);

// Mirrors NodePorts.Filter (v1.14's PodFitsHostPorts): when a host port the
// pod asks for is taken on n (same port and protocol, addresses that
// overlap), adds the profile's reason to status. An Unschedulable failure
// of the plugin, unless status already failed: then it keeps that
// failure's code and plugin (v1.14's GeneralPredicates reports its parts
// together).
void FilterNodePorts(const CycleState& state, ObjectIndex n, Status& status);

}  // namespace podsim
