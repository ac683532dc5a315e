#include "core/config/plugins.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "core/base/strings.h"

namespace podsim {
namespace {

using Points = uint16_t;  // one bit per ExtensionPoint

constexpr Points Bit(ExtensionPoint point) {
  return static_cast<Points>(1u << static_cast<int>(point));
}

constexpr Points kPreEnqueue = Bit(ExtensionPoint::kPreEnqueue);
constexpr Points kQueueSort = Bit(ExtensionPoint::kQueueSort);
constexpr Points kPreFilter = Bit(ExtensionPoint::kPreFilter);
constexpr Points kFilter = Bit(ExtensionPoint::kFilter);
constexpr Points kPostFilter = Bit(ExtensionPoint::kPostFilter);
constexpr Points kPreScore = Bit(ExtensionPoint::kPreScore);
constexpr Points kScore = Bit(ExtensionPoint::kScore);
constexpr Points kReserve = Bit(ExtensionPoint::kReserve);
constexpr Points kPreBind = Bit(ExtensionPoint::kPreBind);
constexpr Points kBind = Bit(ExtensionPoint::kBind);
// The points podsim runs plugins at.
constexpr Points kModelledPoints = kPreFilter | kFilter | kPostFilter | kScore;

// An in-tree plugin: the extension points it implements, and those where
// podsim does its work.
struct InTree {
  std::string_view name;
  Points points;
  Points modelled;
  Plugin plugin;  // meaningful when modelled is not 0
};

// Mirrors the in-tree registry (pkg/scheduler/framework/plugins/registry.go)
// of v1.35 with its default feature gates, and the interfaces each plugin
// implements.
constexpr InTree kInTree[] = {
    {kSchedulingGates, kPreEnqueue, 0, Plugin::kNodeName},
    {kPrioritySort, kQueueSort, 0, Plugin::kNodeName},
    {kNodeUnschedulable, kFilter, kFilter, Plugin::kNodeUnschedulable},
    {kNodeName, kFilter, kFilter, Plugin::kNodeName},
    {kTaintToleration, kFilter | kPreScore | kScore, kFilter | kScore,
     Plugin::kTaintToleration},
    {kNodeAffinity, kPreFilter | kFilter | kPreScore | kScore,
     kPreFilter | kFilter | kScore, Plugin::kNodeAffinity},
    {kNodePorts, kPreFilter | kFilter, kPreFilter | kFilter,
     Plugin::kNodePorts},
    {kNodeResourcesFit, kPreFilter | kFilter | kPreScore | kScore,
     kPreFilter | kFilter | kScore, Plugin::kNodeResourcesFit},
    {kVolumeRestrictions, kPreFilter | kFilter, kPreFilter | kFilter,
     Plugin::kVolumeRestrictions},
    {kNodeVolumeLimits, kPreFilter | kFilter, 0, Plugin::kNodeName},
    {kVolumeBinding,
     kPreFilter | kFilter | kReserve | kPreBind | kPreScore | kScore,
     kPreFilter, Plugin::kVolumeBinding},
    {kVolumeZone, kPreFilter | kFilter, 0, Plugin::kNodeName},
    {kPodTopologySpread, kPreFilter | kFilter | kPreScore | kScore,
     kPreFilter | kFilter | kScore, Plugin::kPodTopologySpread},
    {kInterPodAffinity, kPreFilter | kFilter | kPreScore | kScore,
     kPreFilter | kFilter | kScore, Plugin::kInterPodAffinity},
    {kDynamicResources,
     kPreEnqueue | kPreFilter | kFilter | kPostFilter | kReserve | kPreBind,
     kPostFilter, Plugin::kDynamicResources},
    {kDefaultPreemption, kPreEnqueue | kPostFilter, kPostFilter,
     Plugin::kDefaultPreemption},
    {kNodeResourcesBalancedAllocation, kPreScore | kScore, kScore,
     Plugin::kNodeResourcesBalancedAllocation},
    {kImageLocality, kScore, 0, Plugin::kNodeName},
    {kDefaultBinder, kBind, 0, Plugin::kNodeName},
};

const InTree* FindInTree(std::string_view name) {
  for (const InTree& p : kInTree) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

// Mirrors getDefaultPlugins: the multiPoint set, with DynamicResources
// before DefaultPreemption (applyFeatureGates).
std::vector<PluginEntry> DefaultMultiPoint() {
  const std::pair<std::string_view, std::optional<int32_t>> entries[] = {
      {kSchedulingGates, std::nullopt},
      {kPrioritySort, std::nullopt},
      {kNodeUnschedulable, std::nullopt},
      {kNodeName, std::nullopt},
      {kTaintToleration, 3},
      {kNodeAffinity, 2},
      {kNodePorts, std::nullopt},
      {kNodeResourcesFit, 1},
      {kVolumeRestrictions, std::nullopt},
      {kNodeVolumeLimits, std::nullopt},
      {kVolumeBinding, std::nullopt},
      {kVolumeZone, std::nullopt},
      {kPodTopologySpread, 2},
      {kInterPodAffinity, 2},
      {kDynamicResources, std::nullopt},
      {kDefaultPreemption, std::nullopt},
      {kNodeResourcesBalancedAllocation, 1},
      {kImageLocality, 1},
      {kDefaultBinder, std::nullopt},
  };
  std::vector<PluginEntry> out;
  for (const auto& [name, weight] : entries) {
    out.push_back({.name = std::string(name), .weight = weight, .path = ""});
  }
  return out;
}

// A plugin set after mergePluginSet.
struct MergedSet {
  std::vector<PluginEntry> enabled;
  std::unordered_set<std::string> disabled;
};

// Mirrors mergePluginSet: the defaults minus the disabled ones (all of them
// for "*"), each re-configured default replaced in place, then the custom
// plugins that replaced none.
MergedSet MergePluginSet(const std::vector<PluginEntry>& defaults,
                         const PluginsConfig::Set& custom) {
  MergedSet out;
  for (const PluginEntry& d : custom.disabled) out.disabled.insert(d.name);
  std::unordered_map<std::string, size_t> custom_index;
  for (size_t i = 0; i < custom.enabled.size(); ++i) {
    custom_index[custom.enabled[i].name] = i;
  }
  std::vector<bool> replaced(custom.enabled.size(), false);
  if (!out.disabled.count("*")) {
    for (const PluginEntry& d : defaults) {
      if (out.disabled.count(d.name)) continue;
      auto it = custom_index.find(d.name);
      if (it == custom_index.end()) {
        out.enabled.push_back(d);
      } else {
        out.enabled.push_back(custom.enabled[it->second]);
        replaced[it->second] = true;
      }
    }
  }
  for (size_t i = 0; i < custom.enabled.size(); ++i) {
    if (!replaced[i]) out.enabled.push_back(custom.enabled[i]);
  }
  return out;
}

std::string Quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

// "FilterPlugin", as upstream names the interface in its errors.
std::string InterfaceName(ExtensionPoint point) {
  std::string name(FieldName(point));
  name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name + "Plugin";
}

// The in-tree name one or two edits from name, for "did you mean".
std::string_view Closest(std::string_view name) {
  std::string_view best;
  size_t best_distance = 3;
  for (const InTree& p : kInTree) {
    size_t d = EditDistance(name, p.name);
    if (d < best_distance) {
      best = p.name;
      best_distance = d;
    }
  }
  return best;
}

std::string Unknown(std::string_view name) {
  std::string_view close = Closest(name);
  return "plugin " + Quote(name) +
         " is not one of kube-scheduler's in-tree plugins" +
         (close.empty() ? "" : " (did you mean " + std::string(close) + "?)");
}

// What podsim does at an extension point it does not model.
std::string_view InsteadAt(ExtensionPoint point) {
  switch (point) {
    case ExtensionPoint::kPreEnqueue:
      return "every pending pod is queued (scheduling gates are out of scope)";
    case ExtensionPoint::kQueueSort:
      return "the queue pops pods as PrioritySort orders them";
    case ExtensionPoint::kPreScore:
      return "each score plugin scores as if its PreScore had run";
    case ExtensionPoint::kBind:
      return "a pod is bound as DefaultBinder binds it";
    default:
      return "a pod is bound as soon as a node is chosen, as if every "
             "reserve, permit and bind-time plugin allowed it";
  }
}

// Appends a note on the field at path.
void AddNote(std::vector<PluginNote>& notes, bool error,
             const std::string& path, std::string message) {
  notes.push_back(
      {.error = error, .path = path, .message = std::move(message)});
}

// Returns whether the plugins section sets anything at all.
bool IsWritten(const PluginsConfig& config) {
  return std::any_of(config.points.begin(), config.points.end(),
                     [](const PluginsConfig::Set& set) {
                       return !set.enabled.empty() || !set.disabled.empty();
                     });
}

// Notes what kube-scheduler refuses, or podsim leaves out, of one enabled
// entry at point.
void NoteEnabledEntry(ExtensionPoint point, const PluginEntry& e,
                      std::vector<PluginNote>& notes) {
  const InTree* known = FindInTree(e.name);
  if (!known) {
    AddNote(notes, false, e.path + ".name",
            Unknown(e.name) +
                "; an out-of-tree plugin runs only in a scheduler built "
                "with it, and podsim leaves it out");
    return;
  }
  // The points whose plugins podsim knows for sure.
  const Points checked = kModelledPoints | kQueueSort | kBind;
  if ((Bit(point) & checked) && !(known->points & Bit(point))) {
    AddNote(notes, true, e.path + ".name",
            "kube-scheduler refuses this profile: plugin " + Quote(e.name) +
                " does not extend " + InterfaceName(point) +
                " plugin; podsim leaves it out here");
    return;
  }
  if (!e.weight) return;
  if (point != ExtensionPoint::kMultiPoint && point != ExtensionPoint::kScore) {
    AddNote(notes, false, e.path + ".weight",
            "kube-scheduler reads weights only under score and multiPoint; "
            "this one is ignored");
  } else if ((known->points & kScore) && !(known->modelled & kScore)) {
    AddNote(notes, false, e.path + ".weight",
            "podsim does not score with " + e.name +
                " (its scores are out of scope), so its weight changes "
                "nothing in podsim's result");
  }
}

// Notes what kube-scheduler refuses, and what podsim does not model, of the
// set written for point, entry by entry.
void NoteWrittenSet(ExtensionPoint point, const PluginsConfig::Set& set,
                    std::vector<PluginNote>& notes) {
  const bool modelled =
      point == ExtensionPoint::kMultiPoint || (Bit(point) & kModelledPoints);
  if (!modelled && (!set.enabled.empty() || !set.disabled.empty())) {
    AddNote(notes, false, set.path,
            "podsim does not run " + std::string(FieldName(point)) +
                " plugins, so this setting changes nothing in its result; " +
                std::string(InsteadAt(point)));
  }
  for (const PluginEntry& e : set.enabled) NoteEnabledEntry(point, e, notes);
  for (const PluginEntry& e : set.disabled) {
    if (e.name == "*" || FindInTree(e.name)) continue;
    AddNote(notes, false, e.path + ".name",
            Unknown(e.name) + "; disabling it changes nothing");
  }
}

// Mirrors mergePlugins: returns each point's set merged with its defaults
// (only multiPoint has any).
std::array<MergedSet, kNumExtensionPoints> MergePlugins(
    const PluginsConfig& config) {
  std::array<MergedSet, kNumExtensionPoints> merged;
  for (int i = 0; i < kNumExtensionPoints; ++i) {
    merged[i] = MergePluginSet(
        static_cast<ExtensionPoint>(i) == ExtensionPoint::kMultiPoint
            ? DefaultMultiPoint()
            : std::vector<PluginEntry>(),
        config.points[i]);
  }
  return merged;
}

// Notes each plugin enabled twice under multiPoint, which kube-scheduler
// refuses; path is the written multiPoint set's.
void NoteTwiceUnderMultiPoint(const MergedSet& multi, const std::string& path,
                              std::vector<PluginNote>& notes) {
  std::unordered_set<std::string> seen;
  for (const PluginEntry& e : multi.enabled) {
    if (!seen.insert(e.name).second) {
      AddNote(notes, true, e.path.empty() ? path : e.path + ".name",
              "kube-scheduler refuses this profile: plugin " + Quote(e.name) +
                  " is enabled twice under multiPoint");
    }
  }
}

// Mirrors updatePluginList and expandMultiPointPlugins for point: returns
// the names of the plugins that run there, in run order, from its merged
// set and multiPoint's; notes the plugins kube-scheduler registers twice.
std::vector<std::string> PluginList(ExtensionPoint point, const MergedSet& set,
                                    const MergedSet& multi,
                                    std::vector<PluginNote>& notes) {
  std::vector<std::string> specific;  // the point's own enabled, in order
  std::unordered_set<std::string> specific_names;
  for (const PluginEntry& e : set.enabled) {
    if (!specific_names.insert(e.name).second) {
      AddNote(notes, true, e.path + ".name",
              "kube-scheduler refuses this profile: plugin " + Quote(e.name) +
                  " already registered as " + Quote(InterfaceName(point)));
      continue;
    }
    specific.push_back(e.name);
  }
  std::vector<std::string> overrides, from_multi;
  if (!set.disabled.count("*")) {
    std::unordered_set<std::string> added;
    for (const PluginEntry& e : multi.enabled) {
      const InTree* known = FindInTree(e.name);
      if (!known || !(known->points & Bit(point))) continue;
      if (set.disabled.count(e.name)) continue;
      if (specific_names.count(e.name)) {
        overrides.push_back(e.name);
        continue;
      }
      if (added.insert(e.name).second) from_multi.push_back(e.name);
    }
  }
  // Overrides keep the order of the point's own list, and come first.
  auto overridden = [&](const std::string& name) {
    return std::find(overrides.begin(), overrides.end(), name) !=
           overrides.end();
  };
  std::vector<std::string> names;
  for (const std::string& name : specific) {
    if (overridden(name)) names.push_back(name);
  }
  names.insert(names.end(), from_multi.begin(), from_multi.end());
  for (const std::string& name : specific) {
    if (!overridden(name)) names.push_back(name);
  }
  return names;
}

// Mirrors the framework's checks of a profile's queueSort (exactly one) and
// bind (at least one) plugins; path is the plugins section's.
void NoteRequiredPlugins(ExtensionPoint point,
                         const std::vector<std::string>& names,
                         const std::string& path,
                         std::vector<PluginNote>& notes) {
  if (point == ExtensionPoint::kQueueSort && names.size() != 1) {
    AddNote(notes, true, path,
            "kube-scheduler refuses this profile: only one queue sort plugin "
            "required for profile with scheduler name \"default-scheduler\", "
            "but got " +
                std::to_string(names.size()) +
                "; podsim orders the queue as PrioritySort does");
  }
  if (point == ExtensionPoint::kBind && names.empty()) {
    AddNote(notes, true, path,
            "kube-scheduler refuses this profile: at least one bind plugin is "
            "needed for profile with scheduler name \"default-scheduler\"; "
            "podsim binds as DefaultBinder does");
  }
}

// Mirrors getScoreWeights: returns each modelled score plugin's weight, a
// score entry's first, then multiPoint's; 0 counts as 1.
std::array<int32_t, kNumPlugins> ScoreWeights(
    const std::vector<PluginEntry>& score,
    const std::vector<PluginEntry>& multi) {
  std::array<int32_t, kNumPlugins> weights{};
  std::array<bool, kNumPlugins> weighed{};
  for (const std::vector<PluginEntry>* list : {&score, &multi}) {
    for (const PluginEntry& e : *list) {
      const InTree* known = FindInTree(e.name);
      if (!known || !(known->modelled & kScore)) continue;
      const int p = static_cast<int>(known->plugin);
      if (weighed[p]) continue;
      weighed[p] = true;
      weights[p] = e.weight.value_or(0) == 0 ? 1 : *e.weight;
    }
  }
  return weights;
}

// Notes each Filter plugin that keeps PreFilter state but does not run at
// preFilter: kube-scheduler's then fails every pod.
void NoteFiltersWithoutPreFilter(const ProfilePlugins& plugins,
                                 const std::string& path,
                                 std::vector<PluginNote>& notes) {
  for (Plugin p : plugins.Order(ExtensionPoint::kFilter)) {
    if (p != Plugin::kNodeResourcesFit && p != Plugin::kNodePorts &&
        p != Plugin::kVolumeRestrictions && p != Plugin::kPodTopologySpread &&
        p != Plugin::kInterPodAffinity) {
      continue;
    }
    if (plugins.Runs(ExtensionPoint::kPreFilter, p)) continue;
    std::string name(NameOf(p));
    AddNote(notes, false, path,
            name + " runs at filter but not at preFilter: kube-scheduler's " +
                name +
                " Filter then fails every pod with an error (its PreFilter "
                "state is missing); podsim filters as if " +
                name + "'s PreFilter had run");
  }
}

}  // namespace

std::string_view FieldName(ExtensionPoint point) {
  static constexpr std::string_view kNames[] = {
      "preEnqueue", "queueSort", "preFilter", "filter", "postFilter",
      "preScore",   "score",     "reserve",   "permit", "preBind",
      "bind",       "postBind",  "multiPoint"};
  return kNames[static_cast<int>(point)];
}

std::string_view NameOf(Plugin plugin) {
  for (const InTree& p : kInTree) {
    if (p.modelled != 0 && p.plugin == plugin) return p.name;
  }
  return "";
}

ProfilePlugins::ProfilePlugins() : ProfilePlugins(Defaults()) {}

const ProfilePlugins& ProfilePlugins::Defaults() {
  static const ProfilePlugins* defaults = [] {
    std::vector<PluginNote> notes;
    return new ProfilePlugins(Resolve(PluginsConfig(), notes));
  }();
  return *defaults;
}

ProfilePlugins ProfilePlugins::Resolve(const PluginsConfig& config,
                                       std::vector<PluginNote>& notes) {
  // 1) What is written, entry by entry.
  for (int i = 0; i < kNumExtensionPoints; ++i) {
    NoteWrittenSet(static_cast<ExtensionPoint>(i), config.points[i], notes);
  }
  // 2) mergePlugins: each point's set merged with its defaults (only
  // multiPoint has any).
  constexpr int kMulti = static_cast<int>(ExtensionPoint::kMultiPoint);
  const std::array<MergedSet, kNumExtensionPoints> merged =
      MergePlugins(config);
  const MergedSet& multi = merged[kMulti];
  NoteTwiceUnderMultiPoint(multi, config.points[kMulti].path, notes);
  // 3) Per extension point: updatePluginList, then expandMultiPointPlugins.
  ProfilePlugins out(Empty{});
  out.is_default_ = !IsWritten(config);
  for (int i = 0; i < kNumExtensionPoints; ++i) {
    if (i == kMulti) continue;
    const auto point = static_cast<ExtensionPoint>(i);
    const std::vector<std::string> names =
        PluginList(point, merged[i], multi, notes);
    NoteRequiredPlugins(point, names, config.path, notes);
    out.Enable(point, names);
  }
  // 4) getScoreWeights.
  out.weight_ = ScoreWeights(
      merged[static_cast<int>(ExtensionPoint::kScore)].enabled, multi.enabled);
  // 5) A Filter whose plugin keeps PreFilter state needs its PreFilter.
  NoteFiltersWithoutPreFilter(out, config.path, notes);
  return out;
}

void ProfilePlugins::Enable(ExtensionPoint point,
                            const std::vector<std::string>& names) {
  const int slot = Slot(point);
  if (slot == 4) return;
  for (const std::string& name : names) {
    const InTree* known = FindInTree(name);
    if (!known || !(known->modelled & Bit(point))) continue;
    order_[slot].push_back(known->plugin);
    mask_[slot] |= 1u << static_cast<int>(known->plugin);
  }
}

}  // namespace podsim
