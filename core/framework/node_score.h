// A node's score from the Score plugins, total and per plugin (mirrors
// framework.NodePluginScores). The trace shows it; the plugins fill it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/framework/node_info.h"

namespace podsim {

struct PluginScore {
  std::string_view plugin;
  int64_t score = 0;  // normalized (0-100) times the plugin weight
};

struct NodeScore {
  ObjectIndex node = kNoNode;
  int64_t total = 0;
  std::vector<PluginScore> plugins;
};

}  // namespace podsim
