// KubeSchedulerConfiguration: percentageOfNodesToScore and the
// DefaultPreemption arguments of the default-scheduler profile.
#include <cstdint>
#include <optional>
#include <string>

#include "core/decode/decoder.h"

namespace podsim {

using decode::Quoted;

void Decoder::DecodeConfig(const Json& obj, Reader& r) {
  r.SetObject("KubeSchedulerConfiguration");
  SchedulerConfig& config = scenario_.config;
  scenario_.has_config = true;
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
    const Json* configs =
        r.Array(profile, "pluginConfig", p.Child("pluginConfig"));
    if (!configs) continue;
    for (size_t j = 0; j < configs->size(); ++j) {
      const Json& pc = (*configs)[j];
      FieldPath cp = p.Child("pluginConfig").Index(j);
      if (r.String(pc, "name", cp.Child("name")).value_or("") !=
          "DefaultPreemption") {
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

}  // namespace podsim
