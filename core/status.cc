#include "core/status.h"

#include <algorithm>
#include <map>

namespace podsim {

std::string Status::Message() const {
  std::string out;
  for (const std::string& r : reasons) {
    if (!out.empty()) out += ", ";
    out += r;
  }
  return out;
}

int NodeToStatus::Len() const {
  return static_cast<int>(std::count(present.begin(), present.end(), 1));
}

std::string FitErrorMessage(const NodeToStatus& statuses,
                            const std::string& prefilter_message,
                            const std::string& postfilter_message) {
  int num_nodes = static_cast<int>(statuses.statuses.size());
  std::string msg = "0/" + std::to_string(num_nodes) + " nodes are available:";
  if (!prefilter_message.empty()) {
    msg += " " + prefilter_message + ".";
  } else {
    std::map<std::string, int> counts;
    for (int n = 0; n < num_nodes; ++n) {
      if (!statuses.present[n]) continue;
      for (const std::string& r : statuses.statuses[n].reasons) ++counts[r];
    }
    int absent = num_nodes - statuses.Len();
    if (absent > 0) {
      for (const std::string& r : statuses.absent.reasons) counts[r] += absent;
    }
    std::vector<std::string> parts;
    for (const auto& [reason, count] : counts) {
      parts.push_back(std::to_string(count) + " " + reason);
    }
    std::sort(parts.begin(), parts.end());
    if (!parts.empty()) {
      msg += " ";
      for (size_t i = 0; i < parts.size(); ++i) {
        msg += (i ? ", " : "") + parts[i];
      }
      msg += ".";
    }
  }
  if (!postfilter_message.empty()) msg += " " + postfilter_message;
  return msg;
}

std::string_view ToString(Code code) {
  switch (code) {
    case Code::kSuccess:
      return "Success";
    case Code::kError:
      return "Error";
    case Code::kUnschedulable:
      return "Unschedulable";
    case Code::kUnschedulableAndUnresolvable:
      return "UnschedulableAndUnresolvable";
  }
  return "Error";
}

}  // namespace podsim
