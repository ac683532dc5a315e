// Named resource amounts (cpu, memory, pods, extended resources) as dense
// vectors indexed by a per-scenario resource id.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace podsim {

using ResourceId = int;
inline constexpr ResourceId kCpu = 0;
inline constexpr ResourceId kMemory = 1;
inline constexpr ResourceId kEphemeralStorage = 2;
inline constexpr ResourceId kPods = 3;

// Interns resource names. The four well-known names have fixed ids.
class ResourceTable {
 public:
  ResourceTable();
  ResourceId Intern(std::string_view name);
  const std::string& Name(ResourceId id) const { return names_[id]; }
  // The id of name, or -1 when no object named it.
  ResourceId Find(std::string_view name) const {
    for (size_t i = 0; i < names_.size(); ++i) {
      if (names_[i] == name) return static_cast<ResourceId>(i);
    }
    return -1;
  }
  int size() const { return static_cast<int>(names_.size()); }
  // Returns "Insufficient <name>", the NodeResourcesFit reason.
  std::string_view InsufficientReason(ResourceId id) const {
    return insufficient_[id];
  }

 private:
  // Deques: statuses hold views of these strings, which must not move.
  std::deque<std::string> names_;
  std::deque<std::string> insufficient_;
};

// Amounts by resource id: cpu in millicores, every other resource in whole
// units (bytes for memory), as the scheduler's framework.Resource holds them.
// The four well-known amounts live inline, so summing a pod into a node
// reads no second allocation; extended resources follow in a vector.
class Resources {
 public:
  int64_t Get(ResourceId id) const {
    if (id < kNumWellKnown) return well_known_[id];
    size_t extended = static_cast<size_t>(id - kNumWellKnown);
    return extended < extended_.size() ? extended_[extended] : 0;
  }
  void Set(ResourceId id, int64_t amount);
  void Add(const Resources& other);
  void Subtract(const Resources& other);
  // Sets each amount to the larger of this and other.
  void Max(const Resources& other);
  // Returns one more than the largest id that may hold an amount: the ids
  // to walk.
  int size() const {
    return kNumWellKnown + static_cast<int>(extended_.size());
  }

  // Converts amounts held in milli-units (as parsed quantities are) to the
  // units above: cpu stays in millicores, the rest round up to whole units
  // as resource.Quantity.Value() does.
  static Resources FromMillis(const Resources& millis);

 private:
  static constexpr int kNumWellKnown = kPods + 1;
  // Applies op(amount, other's amount) to every amount other may hold,
  // making room for its extended resources first.
  template <typename Op>
  void Combine(const Resources& other, Op op);

  int64_t well_known_[kNumWellKnown] = {};
  std::vector<int64_t> extended_;
};

}  // namespace podsim
