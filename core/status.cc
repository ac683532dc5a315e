#include "core/status.h"

#include <algorithm>

namespace podsim {

Status Status::Owned(Code code, std::string_view plugin, std::string reason) {
  Status s(code, plugin);
  s.owned_ = std::make_shared<const std::string>(std::move(reason));
  s.AddReason(*s.owned_);
  return s;
}

void Status::AddReason(std::string_view reason) {
  if (size_ < kInline) {
    inline_[size_] = reason;
  } else {
    extra_.push_back(reason);
  }
  ++size_;
}

std::string Status::Message() const {
  std::string out;
  for (int i = 0; i < size_; ++i) {
    if (i > 0) out += ", ";
    out += reason(i);
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
    // Few distinct reasons, each a view of shared text: count them in a
    // short list, comparing the views' addresses before their text.
    std::vector<std::pair<std::string_view, int>> counts;
    auto count = [&](std::string_view reason, int n) {
      for (auto& [r, c] : counts) {
        if (r.data() == reason.data() || r == reason) {
          c += n;
          return;
        }
      }
      counts.emplace_back(reason, n);
    };
    for (int n = 0; n < num_nodes; ++n) {
      if (!statuses.present[n]) continue;
      const Status& s = statuses.statuses[n];
      for (int i = 0; i < s.num_reasons(); ++i) count(s.reason(i), 1);
    }
    int absent = num_nodes - statuses.Len();
    if (absent > 0) {
      for (int i = 0; i < statuses.absent.num_reasons(); ++i) {
        count(statuses.absent.reason(i), absent);
      }
    }
    std::vector<std::string> parts;
    for (const auto& [reason, n] : counts) {
      parts.push_back(std::to_string(n) + " " + std::string(reason));
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
