// A node's score from the Score plugins, total and per plugin (mirrors
// framework.NodePluginScores), and the scale the plugins score on. The
// trace shows it; the plugins fill it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/framework/node_info.h"

namespace podsim {

// Mirrors framework.MaxNodeScore: a plugin's scores run from 0 to this.
inline constexpr int64_t kMaxNodeScore = 100;

struct PluginScore {
  std::string_view plugin;
  int64_t score = 0;  // normalized (0-100) times the plugin weight
};

struct NodeScore {
  ObjectIndex node = kNoNode;
  int64_t total = 0;
  std::vector<PluginScore> plugins;
};

// Mirrors helper.DefaultNormalizeScore: scales scores to 0..kMaxNodeScore
// by their maximum, then, if reverse, turns each s into kMaxNodeScore - s.
inline void DefaultNormalizeScore(bool reverse, std::vector<int64_t>& scores) {
  int64_t max = 0;
  for (int64_t s : scores) max = std::max(max, s);
  for (int64_t& s : scores) {
    if (max == 0) {
      s = reverse ? kMaxNodeScore : 0;
      continue;
    }
    s = kMaxNodeScore * s / max;
    if (reverse) s = kMaxNodeScore - s;
  }
}

}  // namespace podsim
