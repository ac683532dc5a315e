// Mirrors framework.CycleState: what one pod's scheduling cycle keeps
// between extension points. A plugin with PreFilter state writes it under
// its own key and reads it back in Filter and its PreFilterExtensions.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/config/plugins.h"
#include "core/config/profile.h"
#include "core/framework/node_info.h"
#include "core/framework/status.h"

namespace podsim {

// Mirrors framework.StateData: one plugin's entry in a CycleState. A type
// derived from it names its key, the plugin that writes it, as
// `static constexpr Plugin kPlugin` (upstream's preFilterStateKey).
class StateData {
 public:
  virtual ~StateData() = default;
};

class CycleState {
 public:
  // A cycle of pod against cluster, with the reasons and switches of
  // profile; nothing is written yet (the runtime's RunPreFilterPlugins
  // does that). REQUIRES: cluster and profile outlive the state.
  CycleState(const Cluster& cluster, ObjectIndex pod,
             const Profile& profile = CurrentProfile())
      : cluster_(cluster), pod_(pod), profile_(profile) {}

  const Cluster& cluster() const { return cluster_; }
  ObjectIndex pod() const { return pod_; }
  const Profile& profile() const { return profile_; }

  // Mirrors CycleState.Write under T's key, replacing what was there.
  template <typename T>
  void Write(std::unique_ptr<T> data) {
    constexpr int key = static_cast<int>(T::kPlugin);
    data_[key] = std::move(data);
    written_ |= 1u << key;
  }
  // Mirrors CycleState.Read: returns T's entry, or nullptr when its plugin
  // wrote none.
  template <typename T>
  const T* Read() const {
    return static_cast<const T*>(data_[static_cast<int>(T::kPlugin)].get());
  }
  template <typename T>
  T* Read() {
    return static_cast<T*>(data_[static_cast<int>(T::kPlugin)].get());
  }
  // Returns whether plugin wrote its entry. A plugin whose PreFilter would
  // return Skip writes none; the runtime then runs neither its Filter nor
  // its AddPod and RemovePod (upstream's SkipFilterPlugins).
  bool Wrote(Plugin plugin) const {
    return (written_ >> static_cast<int>(plugin)) & 1u;
  }
  bool WroteAny() const { return written_ != 0; }

  // PreFilter's verdict: a rejection every node gets, or Success.
  const Status& prefilter_status() const { return prefilter_status_; }
  void set_prefilter_status(Status status) {
    prefilter_status_ = std::move(status);
  }
  // PreFilter's result (NodeAffinity's): the only nodes worth filtering.
  const std::optional<std::vector<ObjectIndex>>& prefilter_nodes() const {
    return prefilter_nodes_;
  }
  void set_prefilter_nodes(std::vector<ObjectIndex> nodes) {
    prefilter_nodes_ = std::move(nodes);
  }

  // Returns whether a node's verdict may depend on other nodes' pods: a
  // plugin wrote PreFilter state (each of them, PodTopologySpread,
  // InterPodAffinity and VolumeRestrictions, counts pods across the
  // cluster), or PreFilter narrowed or rejected the nodes.
  bool DependsOnOtherNodes() const {
    return WroteAny() || prefilter_nodes_ || !prefilter_status_.ok();
  }

 private:
  static_assert(kNumPlugins <= 32, "written_ has a bit per plugin");

  const Cluster& cluster_;
  ObjectIndex pod_;
  const Profile& profile_;
  std::array<std::unique_ptr<StateData>, kNumPlugins> data_;
  uint32_t written_ = 0;  // bit i: data_[i] was written
  Status prefilter_status_;
  std::optional<std::vector<ObjectIndex>> prefilter_nodes_;
};

}  // namespace podsim
