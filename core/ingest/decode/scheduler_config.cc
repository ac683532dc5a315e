// KubeSchedulerConfiguration: percentageOfNodesToScore, the plugins and
// the DefaultPreemption arguments of the default-scheduler profile.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/config/plugins.h"
#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;

void Decoder::DecodeConfig(const Json& obj, Reader& r) {
  r.SetObject("KubeSchedulerConfiguration");
  SchedulerConfig& config = scenario_.config;
  scenario_.has_config = true;
  scenario_.config_line = r.line();
  scenario_.config_document = r.document();
  scenario_.config_range = r.range();
  if (std::optional<int64_t> pct =
          r.Integer(obj, "percentageOfNodesToScore",
                    FieldPath("percentageOfNodesToScore"), 0, 100)) {
    config.percentage_of_nodes_to_score = static_cast<int32_t>(*pct);
  }
  // Validation: both at least 1 s, the max not below the initial one.
  if (std::optional<int64_t> initial =
          r.Integer(obj, "podInitialBackoffSeconds",
                    FieldPath("podInitialBackoffSeconds"), 1, INT32_MAX)) {
    config.pod_initial_backoff_seconds = *initial;
  }
  if (std::optional<int64_t> max =
          r.Integer(obj, "podMaxBackoffSeconds",
                    FieldPath("podMaxBackoffSeconds"), 1, INT32_MAX)) {
    config.pod_max_backoff_seconds = *max;
  }
  if (config.pod_max_backoff_seconds < config.pod_initial_backoff_seconds) {
    r.Error(FieldPath("podMaxBackoffSeconds"),
            "must be greater than or equal to podInitialBackoffSeconds (" +
                std::to_string(config.pod_initial_backoff_seconds) +
                "); the initial backoff is used as the max");
    config.pod_max_backoff_seconds = config.pod_initial_backoff_seconds;
  }
  const Json* profiles = r.Array(obj, "profiles", FieldPath("profiles"));
  if (!profiles) return;
  for (size_t i = 0; i < profiles->size(); ++i) {
    const Json& profile = (*profiles)[i];
    FieldPath p = FieldPath("profiles").Index(i);
    std::string scheduler =
        r.String(profile, "schedulerName", p.Child("schedulerName"))
            .value_or("default-scheduler");
    if (scheduler != "default-scheduler") {
      r.Warn(p.Child("schedulerName"),
             "profile " + Quoted(scheduler) +
                 " is ignored; podsim models the default-scheduler profile");
      continue;
    }
    if (std::optional<int64_t> pct =
            r.Integer(profile, "percentageOfNodesToScore",
                      p.Child("percentageOfNodesToScore"), 0, 100)) {
      config.percentage_of_nodes_to_score = static_cast<int32_t>(*pct);
    }
    DecodePlugins(profile, p.Child("plugins"), r);
    const Json* configs =
        r.Array(profile, "pluginConfig", p.Child("pluginConfig"));
    if (!configs) continue;
    for (size_t j = 0; j < configs->size(); ++j) {
      const Json& pc = (*configs)[j];
      FieldPath cp = p.Child("pluginConfig").Index(j);
      std::string name = r.String(pc, "name", cp.Child("name")).value_or("");
      if (name != kDefaultPreemption) {
        if (!name.empty() && Reader::Member(pc, "args")) {
          r.Warn(cp.Child("args"),
                 "podsim does not read " + name + "'s arguments; it runs " +
                     name + " (where it models it) with its defaults");
        }
        continue;
      }
      const Json* args = r.Object(pc, "args", cp.Child("args"));
      if (!args) continue;
      FieldPath ap = cp.Child("args");
      std::optional<int64_t> pct =
          r.Integer(*args, "minCandidateNodesPercentage",
                    ap.Child("minCandidateNodesPercentage"), 0, 100);
      std::optional<int64_t> abs =
          r.Integer(*args, "minCandidateNodesAbsolute",
                    ap.Child("minCandidateNodesAbsolute"), 0, INT32_MAX);
      int32_t new_pct = pct ? static_cast<int32_t>(*pct)
                            : config.min_candidate_nodes_percentage;
      int32_t new_abs = abs ? static_cast<int32_t>(*abs)
                            : config.min_candidate_nodes_absolute;
      if (new_pct == 0 && new_abs == 0) {
        r.Error(ap.Child("minCandidateNodesPercentage"),
                "cannot be zero at the same time as minCandidateNodesAbsolute");
        continue;
      }
      config.min_candidate_nodes_percentage = new_pct;
      config.min_candidate_nodes_absolute = new_abs;
    }
  }
}

// Reads profiles[].plugins, then resolves it against the default plugins.
void Decoder::DecodePlugins(const Json& profile, const FieldPath& path,
                            Reader& r) {
  const Json* plugins = r.Object(profile, "plugins", path);
  if (!plugins) return;
  PluginsConfig config;
  config.path = path.str();
  for (int i = 0; i < kNumExtensionPoints; ++i) {
    const std::string_view point = FieldName(static_cast<ExtensionPoint>(i));
    FieldPath sp = path.Child(point);
    PluginsConfig::Set& set = config.points[i];
    set.path = sp.str();
    const Json* json = r.Object(*plugins, point, sp);
    if (!json) continue;
    for (auto [key, list] : {std::pair{"enabled", &set.enabled},
                             std::pair{"disabled", &set.disabled}}) {
      FieldPath lp = sp.Child(key);
      const Json* entries = r.Array(*json, key, lp);
      if (!entries) continue;
      for (size_t j = 0; j < entries->size(); ++j) {
        const Json& e = (*entries)[j];
        FieldPath ep = lp.Index(j);
        if (!e.is_object()) {
          r.Error(ep, "must be an object with a name (and, enabled, a weight)");
          continue;
        }
        std::optional<std::string> name = r.String(e, "name", ep.Child("name"));
        if (!name || name->empty()) {
          if (name || !Reader::Member(e, "name")) {
            r.Error(ep.Child("name"), "is required, e.g. DefaultPreemption");
          }
          continue;
        }
        PluginEntry entry{*name, std::nullopt, ep.str()};
        if (std::optional<int64_t> weight = r.Integer(
                e, "weight", ep.Child("weight"), INT32_MIN, INT32_MAX)) {
          entry.weight = static_cast<int32_t>(*weight);
        }
        list->push_back(std::move(entry));
      }
    }
  }
  std::vector<PluginNote> notes;
  scenario_.config.plugins = ProfilePlugins::Resolve(config, notes);
  for (const PluginNote& note : notes) {
    if (note.error) {
      r.Error(FieldPath(note.path), note.message);
    } else {
      r.Warn(FieldPath(note.path), note.message);
    }
  }
}

}  // namespace podsim
