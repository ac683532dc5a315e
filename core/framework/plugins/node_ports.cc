#include "core/framework/plugins/node_ports.h"

#include <string>

namespace podsim {

bool PortsConflict(const HostPort& want, const HostPort& used) {
  if (want.port != used.port || want.protocol != used.protocol) return false;
  auto any = [](const std::string& ip) {
    return ip.empty() || ip == "0.0.0.0";
  };
  return any(want.ip) || any(used.ip) || want.ip == used.ip;
}

namespace {

bool HostPortsConflict(const Cluster& cluster, const Pod& pod,
                       const NodeInfo& info) {
  if (pod.host_ports.empty()) return false;
  for (ObjectIndex q : info.pods) {
    for (const HostPort& used : cluster.pod(q).host_ports) {
      for (const HostPort& want : pod.host_ports) {
        if (PortsConflict(want, used)) return true;
      }
    }
  }
  return false;
}

}  // namespace

void FilterNodePorts(const CycleState& state, ObjectIndex n, Status& status) {
  const Cluster& cluster = state.cluster();
  if (!HostPortsConflict(cluster, cluster.pod(state.pod()), cluster.info(n))) {
    return;
  }
  status.AddReason(state.profile().reasons.ports);
  if (status.plugin().empty()) {
    status.set_code(Code::kUnschedulable);
    status.set_plugin(kNodePorts);
  }
}

}  // namespace podsim
