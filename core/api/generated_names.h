// What the API server and the workload controllers generate for the objects
// they create: a name's random suffix, a pod template's hash and the labels
// a controller adds to its pods. Ingestion reads them back from a dump; the
// controllers write them.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

// The label a Deployment's ReplicaSets and their pods carry.
inline constexpr std::string_view kPodTemplateHashLabel = "pod-template-hash";

// Returns the stand-in for the hash a controller names its revision with:
// upstream hashes Go's dump of the defaulted template (ComputeHash), which
// cannot be rebuilt from YAML; podsim hashes the template's canonical JSON
// (FNV-1a, 32 bits) and spells it as upstream does (rand.SafeEncodeString
// of the decimal number). REQUIRES: c.template_key is set.
std::string TemplateHash(const Controller& c);

// Returns the labels the controller adds to every pod it creates, beyond
// the template's: pod-template-hash (Deployment), controller-revision-hash
// (StatefulSet, DaemonSet) and pod-template-generation (DaemonSet), the
// job-name and controller-uid pairs (Job).
std::vector<std::pair<std::string, std::string>> ControllerPodLabels(
    const Controller& c);

// Returns n characters from upstream's generateName alphabet
// ("bcdfghjklmnpqrstvwxz2456789"), drawn from an FNV-1a hash of seed: the
// deterministic stand-in for the API server's random name suffix.
std::string NameSuffix(std::string_view seed, int n = 5);

}  // namespace podsim
