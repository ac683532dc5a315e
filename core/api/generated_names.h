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

// Mirrors names.SimpleNameGenerator.GenerateName: base cut to
// MaxGeneratedNameLength (58) characters, then five random ones (here
// NameSuffix(seed)), so that the name fits 63.
std::string GenerateName(std::string_view base, std::string_view seed);

// Mirrors controller's getPodsPrefix: the generateName of the pods a
// ReplicaSet, ReplicationController, DaemonSet or NonIndexed Job creates:
// "<controller>-" (upstream falls back to the bare name for a prefix that
// is not valid, which a valid controller name never gives).
std::string PodsPrefix(std::string_view controller_name);

// Mirrors the Deployment controller's generateReplicaSetName:
// "<deployment>-<hash>", the Deployment's name cut so that the whole fits
// a DNS subdomain (253 characters).
std::string ReplicaSetNameFor(std::string_view deployment,
                              std::string_view hash);

}  // namespace podsim
