#include "core/framework/runtime/predicates.h"

#include <algorithm>

namespace podsim {
namespace {

constexpr Predicate kPredicates[] = {
    {.plugin = Plugin::kNodeUnschedulable, .name = "CheckNodeUnschedulable"},
    {.plugin = Plugin::kNodeResourcesFit,
     .name = "PodFitsResources",
     .general = true},
    {.plugin = Plugin::kNodePorts, .name = "PodFitsHostPorts", .general = true},
    {.plugin = Plugin::kNodeAffinity,
     .name = "PodMatchNodeSelector",
     .general = true},
    {.plugin = Plugin::kTaintToleration, .name = "PodToleratesNodeTaints"},
    {.plugin = Plugin::kVolumeRestrictions, .name = ""},
    {.plugin = Plugin::kPodTopologySpread, .name = ""},
    {.plugin = Plugin::kInterPodAffinity, .name = "MatchInterPodAffinity"},
};

// Whether reason is one GeneralPredicates' part plugin writes.
bool WritesReason(Plugin plugin, std::string_view reason,
                  const FilterReasons& reasons) {
  switch (plugin) {
    case Plugin::kNodeResourcesFit:
      return reason.starts_with("Insufficient ");
    case Plugin::kNodePorts:
      return reason == reasons.ports;
    case Plugin::kNodeAffinity:
      return reason == reasons.node_affinity;
    default:
      return false;
  }
}

}  // namespace

std::span<const Predicate> Predicates() { return kPredicates; }

std::string PredicateName(const Status& status, const FilterReasons& reasons) {
  const std::string_view plugin = status.plugin();
  if (status.ok() || plugin.empty()) return "";
  const Predicate* wrote = std::find_if(
      std::begin(kPredicates), std::end(kPredicates),
      [&](const Predicate& p) { return NameOf(p.plugin) == plugin; });
  if (wrote == std::end(kPredicates)) return "";
  if (!wrote->general) return std::string(wrote->name);
  // GeneralPredicates reports its parts' reasons together.
  std::string parts;
  for (const Predicate& part : kPredicates) {
    if (!part.general) continue;
    bool failed = false;
    for (int i = 0; i < status.num_reasons() && !failed; ++i) {
      failed = WritesReason(part.plugin, status.reason(i), reasons);
    }
    if (!failed) continue;
    if (!parts.empty()) parts += ", ";
    parts += part.name;
  }
  return parts.empty() ? "GeneralPredicates" : parts;
}

}  // namespace podsim
