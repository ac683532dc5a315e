// A loaded cluster as the page shows it before any scenario: a summary and
// a search over its objects, as JSON text.
#pragma once

#include <string>
#include <string_view>

#include "core/analysis/loaded_cluster.h"

namespace podsim {

// Returns a summary a person can read, as JSON: node and pod counts, pods
// by namespace and by priority class, the classes, the PDBs, and the first
// 200 of the cluster's diagnostics with their count; keys in byte order.
std::string ClusterSummaryJson(const LoadedCluster& cluster);

// Returns up to limit objects (nodes, pods, PDBs, then priority classes)
// whose kind, namespace/name or labels contain query (case-sensitive; empty
// matches all), skipping the first offset, as JSON:
// {"objects": [{kind, name, namespace, line, fields...}], "total": N},
// each with only the fields the scheduler reads, keys in byte order. A
// negative limit takes all.
std::string ClusterObjectsJson(const LoadedCluster& cluster,
                               std::string_view query, int offset, int limit);

}  // namespace podsim
