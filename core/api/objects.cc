#include "core/api/objects.h"

#include <algorithm>

namespace podsim {

bool Toleration::Tolerates(const Taint& taint) const {
  if (effect && *effect != taint.effect) return false;
  if (!key.empty() && key != taint.key) return false;
  if (exists) return true;
  return value == taint.value;
}

bool PodAffinityTerm::Matches(const std::string& ns,
                              const Labels& labels) const {
  if (!all_namespaces &&
      std::find(namespaces.begin(), namespaces.end(), ns) == namespaces.end()) {
    return false;
  }
  // A nil label selector matches no pod, as LabelSelectorAsSelector does.
  return !selector.is_nil && selector.Matches(labels);
}

const char* ToString(PreemptionPolicy policy) {
  return policy == PreemptionPolicy::kNever ? "Never" : "PreemptLowerPriority";
}

const char* ToString(SourceRange::Form form) {
  switch (form) {
    case SourceRange::Form::kYamlDocument:
      return "yamlDocument";
    case SourceRange::Form::kYamlItem:
      return "yamlItem";
    case SourceRange::Form::kJson:
      return "json";
  }
  return "";
}

}  // namespace podsim
