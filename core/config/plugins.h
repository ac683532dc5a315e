// The profile's plugins: which of kube-scheduler's in-tree plugins run at
// each extension point, and in what order, once a KubeSchedulerConfiguration's
// profiles[].plugins is merged with the default set.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsim {

// kube-scheduler's in-tree plugins, named as upstream's names.go spells
// them. The rest of core names a plugin through these (or NameOf).
inline constexpr std::string_view kSchedulingGates = "SchedulingGates";
inline constexpr std::string_view kPrioritySort = "PrioritySort";
inline constexpr std::string_view kNodeUnschedulable = "NodeUnschedulable";
inline constexpr std::string_view kNodeName = "NodeName";
inline constexpr std::string_view kTaintToleration = "TaintToleration";
inline constexpr std::string_view kNodeAffinity = "NodeAffinity";
inline constexpr std::string_view kNodePorts = "NodePorts";
inline constexpr std::string_view kNodeResourcesFit = "NodeResourcesFit";
inline constexpr std::string_view kVolumeRestrictions = "VolumeRestrictions";
inline constexpr std::string_view kNodeVolumeLimits = "NodeVolumeLimits";
inline constexpr std::string_view kVolumeBinding = "VolumeBinding";
inline constexpr std::string_view kVolumeZone = "VolumeZone";
inline constexpr std::string_view kPodTopologySpread = "PodTopologySpread";
inline constexpr std::string_view kInterPodAffinity = "InterPodAffinity";
inline constexpr std::string_view kDynamicResources = "DynamicResources";
inline constexpr std::string_view kDefaultPreemption = "DefaultPreemption";
inline constexpr std::string_view kNodeResourcesBalancedAllocation =
    "NodeResourcesBalancedAllocation";
inline constexpr std::string_view kImageLocality = "ImageLocality";
inline constexpr std::string_view kDefaultBinder = "DefaultBinder";

// The extension points of a plugins section, in config.Plugins' order.
enum class ExtensionPoint : uint8_t {
  kPreEnqueue,
  kQueueSort,
  kPreFilter,
  kFilter,
  kPostFilter,
  kPreScore,
  kScore,
  kReserve,
  kPermit,
  kPreBind,
  kBind,
  kPostBind,
  kMultiPoint,
};
inline constexpr int kNumExtensionPoints = 13;

// Returns the field that configures point ("preFilter", "multiPoint").
std::string_view FieldName(ExtensionPoint point);

// The plugins whose work podsim does at some extension point. Filters keep
// upstream's default order.
enum class Plugin : uint8_t {
  kNodeUnschedulable,
  kNodeName,
  kTaintToleration,
  kNodeAffinity,
  kNodePorts,
  kNodeResourcesFit,
  kVolumeRestrictions,
  kVolumeBinding,  // only its PreFilter's check that each claim exists
  kPodTopologySpread,
  kInterPodAffinity,
  kDynamicResources,  // only its PostFilter's answer for a pod without claims
  kDefaultPreemption,
  kNodeResourcesBalancedAllocation,
};
inline constexpr int kNumPlugins = 13;

// Returns the plugin's name, as upstream spells it.
std::string_view NameOf(Plugin plugin);

// One entry of a plugin set's enabled or disabled list, as written, with
// the field path of the entry for diagnostics.
struct PluginEntry {
  std::string name;
  std::optional<int32_t> weight;
  std::string path;  // e.g. profiles[0].plugins.postFilter.disabled[0]
};

// A plugins section as written: per extension point, enabled and disabled.
struct PluginsConfig {
  struct Set {
    std::vector<PluginEntry> enabled;
    std::vector<PluginEntry> disabled;
    std::string path;  // e.g. profiles[0].plugins.filter
  };
  std::array<Set, kNumExtensionPoints> points;
  std::string path;  // e.g. profiles[0].plugins
};

// What resolving a plugins section has to say about one field.
struct PluginNote {
  bool error = false;  // kube-scheduler refuses the configuration
  std::string path;
  std::string message;
};

// The plugins that run at the extension points podsim models (preFilter,
// filter, postFilter and score), in run order, with the score weights.
class ProfilePlugins {
 public:
  // kube-scheduler's default profile (getDefaultPlugins, DynamicResources
  // included as its feature gate is on).
  ProfilePlugins();

  // Mirrors mergePlugins (pkg/scheduler/apis/config/v1/default_plugins.go)
  // and the framework's expandMultiPointPlugins and getScoreWeights: merges
  // config with the defaults. Appends to notes what kube-scheduler refuses
  // and every setting whose effect podsim does not model, each saying what
  // podsim does instead.
  static ProfilePlugins Resolve(const PluginsConfig& config,
                                std::vector<PluginNote>& notes);

  // Returns whether plugin runs at point (preFilter, filter, postFilter or
  // score; false elsewhere).
  bool Runs(ExtensionPoint point, Plugin plugin) const {
    return (mask_[Slot(point)] >> static_cast<int>(plugin)) & 1u;
  }
  // The modelled plugins that run at point, in run order.
  const std::vector<Plugin>& Order(ExtensionPoint point) const {
    return order_[Slot(point)];
  }
  // The weight of a score plugin (1 when it has none); 0 when it does not
  // score.
  int32_t Weight(Plugin plugin) const {
    return Runs(ExtensionPoint::kScore, plugin)
               ? weight_[static_cast<int>(plugin)]
               : 0;
  }
  // Whether DefaultPreemption runs at PostFilter.
  bool preempts() const {
    return Runs(ExtensionPoint::kPostFilter, Plugin::kDefaultPreemption);
  }
  // Whether any PostFilter plugin runs (podsim models the two defaults).
  bool has_post_filter() const {
    return !Order(ExtensionPoint::kPostFilter).empty();
  }
  // Whether the plugins are the default profile's.
  bool is_default() const { return is_default_; }

 private:
  struct Empty {};
  explicit ProfilePlugins(Empty) {}
  // The default profile's plugins, resolved once.
  static const ProfilePlugins& Defaults();
  // Mirrors the end of expandMultiPointPlugins for point: the modelled
  // plugins among names run there, in that order.
  void Enable(ExtensionPoint point, const std::vector<std::string>& names);
  // preFilter, filter, postFilter and score map to 0..3; others to 4, which
  // holds nothing.
  static int Slot(ExtensionPoint point) {
    switch (point) {
      case ExtensionPoint::kPreFilter:
        return 0;
      case ExtensionPoint::kFilter:
        return 1;
      case ExtensionPoint::kPostFilter:
        return 2;
      case ExtensionPoint::kScore:
        return 3;
      default:
        return 4;
    }
  }
  std::array<std::vector<Plugin>, 5> order_;
  std::array<uint32_t, 5> mask_{};
  std::array<int32_t, kNumPlugins> weight_{};
  bool is_default_ = true;
};

}  // namespace podsim
