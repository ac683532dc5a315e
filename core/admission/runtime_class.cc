#include "core/admission/runtime_class.h"

#include <algorithm>

namespace podsim {
namespace {

bool Same(const Toleration& a, const Toleration& b) {
  return a.key == b.key && a.exists == b.exists && a.value == b.value &&
         a.effect == b.effect;
}

// Mirrors isSuperset: whether ss tolerates every taint t does.
bool IsSuperset(const Toleration& ss, const Toleration& t) {
  if (Same(ss, t)) return true;
  // An empty key with Exists matches every key.
  if (t.key != ss.key && (!ss.key.empty() || !ss.exists)) return false;
  // An empty effect matches every effect.
  if (t.effect != ss.effect && ss.effect) return false;
  return ss.exists || (!t.exists && t.value == ss.value);
}

// "gpu=true:NoSchedule", "dedicated:Exists", "*:Exists" (every taint).
std::string TolerationText(const Toleration& t) {
  std::string out = t.key.empty() ? "*" : t.key;
  out += t.exists ? ":Exists" : "=" + t.value;
  if (t.effect) out += std::string(":") + ToString(*t.effect);
  return out;
}

// Semantic.DeepEqual of two resource lists: the same resources, the same
// amounts.
bool SameAmounts(const QuantityList& a, const QuantityList& b) {
  if (a.items.size() != b.items.size()) return false;
  return std::all_of(a.items.begin(), a.items.end(),
                     [&](const ResourceQuantity& q) {
                       const ResourceQuantity* other = b.Find(q.id);
                       return other && other->millis == q.millis;
                     });
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

std::vector<Toleration> MergeTolerations(
    const std::vector<Toleration>& first,
    const std::vector<Toleration>& second) {
  std::vector<Toleration> all = first;
  all.insert(all.end(), second.begin(), second.end());
  std::vector<Toleration> merged;
  for (size_t i = 0; i < all.size(); ++i) {
    const Toleration& t = all[i];
    const bool covered =
        std::any_of(merged.begin(), merged.end(),
                    [&](const Toleration& m) { return IsSuperset(m, t); }) ||
        std::any_of(all.begin() + static_cast<std::ptrdiff_t>(i) + 1, all.end(),
                    [&](const Toleration& later) {
                      // Of two equal tolerations the first stays.
                      return !Same(t, later) && IsSuperset(later, t);
                    });
    if (!covered) merged.push_back(t);
  }
  return merged;
}

std::string RuntimeClassAdmit(const RuntimeClass& rc,
                              const ResourceTable& table, Pod& pod,
                              PodSpecResources& spec,
                              std::vector<AdmissionNote>& notes) {
  std::vector<std::string> changes;
  // setOverhead.
  if (rc.overhead) {
    if (spec.overhead && !spec.overhead->empty() &&
        !SameAmounts(*spec.overhead, *rc.overhead)) {
      return "pod rejected: Pod's Overhead doesn't match RuntimeClass's "
             "defined Overhead";
    }
    if (!spec.overhead || spec.overhead->empty()) {
      std::vector<std::string> amounts;
      for (const ResourceQuantity& q : rc.overhead->items) {
        amounts.push_back(table.Name(q.id) + " " + q.Text());
      }
      if (!amounts.empty()) changes.push_back("overhead " + Join(amounts));
    }
    spec.overhead = rc.overhead;
  }
  // setScheduling.
  if (rc.has_scheduling) {
    std::vector<std::string> added;
    for (const auto& entry : rc.node_selector) {
      // Clang 14 (emscripten) lets no lambda capture a structured binding.
      const std::string& key = entry.first;
      const std::string& value = entry.second;
      auto have =
          std::find_if(pod.node_selector.begin(), pod.node_selector.end(),
                       [&](const auto& kv) { return kv.first == key; });
      if (have != pod.node_selector.end()) {
        if (have->second != value) {
          return "conflict: runtimeClass.scheduling.nodeSelector[" + key +
                 "] = " + value + "; pod.spec.nodeSelector[" + key +
                 "] = " + have->second;
        }
        continue;
      }
      pod.node_selector.emplace_back(key, value);
      added.push_back(key + "=" + value);
    }
    if (!added.empty()) changes.push_back("node selector " + Join(added));
    std::vector<Toleration> merged =
        MergeTolerations(pod.tolerations, rc.tolerations);
    std::vector<std::string> new_tolerations;
    for (const Toleration& t : merged) {
      const bool had =
          std::any_of(pod.tolerations.begin(), pod.tolerations.end(),
                      [&](const Toleration& p) { return Same(p, t); });
      if (!had) new_tolerations.push_back(TolerationText(t));
    }
    if (!new_tolerations.empty()) {
      changes.push_back("tolerations " + Join(new_tolerations));
    }
    pod.tolerations = std::move(merged);
  }
  if (!changes.empty()) {
    std::string change = "set";
    for (size_t i = 0; i < changes.size(); ++i) {
      change += (i == 0 ? " " : "; ") + changes[i];
    }
    notes.push_back({.plugin = "RuntimeClass",
                     .object = rc.ref().Describe(),
                     .change = change});
  }
  return "";
}

std::string RuntimeClassValidate(const RuntimeClass* rc,
                                 const PodSpecResources& spec) {
  if (rc && rc->overhead) {
    if (!spec.overhead || !SameAmounts(*spec.overhead, *rc->overhead)) {
      return "pod rejected: Pod's Overhead doesn't match RuntimeClass's "
             "defined Overhead";
    }
  } else if (spec.overhead) {
    return "pod rejected: Pod Overhead set without corresponding "
           "RuntimeClass defined Overhead";
  }
  return "";
}

}  // namespace podsim
