#include "core/api/generated_names.h"

#include <cstdint>

namespace podsim {
namespace {

constexpr std::string_view kSuffixAlphabet = "bcdfghjklmnpqrstvwxz2456789";
// names.maxNameLength less randomLength (MaxGeneratedNameLength).
constexpr size_t kMaxGeneratedNameLength = 63 - 5;
// validation.DNS1123SubdomainMaxLength.
constexpr size_t kMaxSubdomainLength = 253;

uint32_t Fnv1a(std::string_view s) {
  uint32_t h = 2166136261u;
  for (char c : s) {
    h ^= static_cast<uint8_t>(c);
    h *= 16777619u;
  }
  return h;
}

}  // namespace

std::string NameSuffix(std::string_view seed, int n) {
  uint64_t h = (static_cast<uint64_t>(Fnv1a(seed)) << 32) |
               Fnv1a(std::string(seed) + "#");
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += kSuffixAlphabet[h % kSuffixAlphabet.size()];
    h /= kSuffixAlphabet.size();
  }
  return out;
}

std::string GenerateName(std::string_view base, std::string_view seed) {
  return std::string(base.substr(0, kMaxGeneratedNameLength)) +
         NameSuffix(seed);
}

std::string PodsPrefix(std::string_view controller_name) {
  // ValidatePodName(prefix, true) checks the prefix with its trailing
  // dash masked (maskTrailingDash: "web-" as "wea"), which a controller's
  // name, a subdomain, always passes.
  return std::string(controller_name) + "-";
}

std::string ReplicaSetNameFor(std::string_view deployment,
                              std::string_view hash) {
  const size_t max_deployment = kMaxSubdomainLength - 1 - hash.size();
  return std::string(deployment.substr(0, max_deployment)) + "-" +
         std::string(hash);
}

std::string TemplateHash(const Controller& c) {
  // rand.SafeEncodeString: each character's code point picks a letter
  // ("0" is 48, so "4").
  std::string out;
  for (char d : std::to_string(Fnv1a(c.template_key))) {
    out +=
        kSuffixAlphabet[static_cast<unsigned char>(d) % kSuffixAlphabet.size()];
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> ControllerPodLabels(
    const Controller& c) {
  if (c.kind == "Deployment") {
    return {{std::string(kPodTemplateHashLabel), c.template_hash}};
  }
  if (c.kind == "StatefulSet") {
    return {{"controller-revision-hash", c.name + "-" + c.template_hash}};
  }
  if (c.kind == "DaemonSet") {
    // CreatePodTemplate: the generation GetTemplateGeneration reads from
    // the DaemonSet's annotation.
    return {{"controller-revision-hash", c.template_hash},
            {"pod-template-generation", std::to_string(c.template_generation)}};
  }
  if (c.kind == "Job") {
    return {{"batch.kubernetes.io/controller-uid", c.uid},
            {"batch.kubernetes.io/job-name", c.name},
            {"controller-uid", c.uid},
            {"job-name", c.name}};
  }
  return {};
}

}  // namespace podsim
