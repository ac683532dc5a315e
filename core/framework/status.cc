#include "core/framework/status.h"

#include <algorithm>

namespace podsim {

Status Status::Owned(Code code, std::string_view plugin, std::string reason) {
  Status s(code, plugin);
  s.extra_ = std::make_shared<Extra>();
  s.extra_->owned = std::move(reason);
  s.AddReason(s.extra_->owned);
  return s;
}

void Status::AddReason(std::string_view reason) {
  if (size_ < kInline) {
    inline_[size_] = reason;
  } else {
    if (!extra_) {
      extra_ = std::make_shared<Extra>();
    } else if (extra_.use_count() > 1) {
      // Shared with a copy: copy before changing. Only reasons are added
      // here, and an owned reason is always the first, so views stay valid.
      std::shared_ptr<Extra> copy = std::make_shared<Extra>(*extra_);
      if (size_ > 0 && inline_[0].data() == extra_->owned.data()) {
        inline_[0] = copy->owned;
      }
      extra_ = std::move(copy);
    }
    extra_->reasons.push_back(reason);
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

namespace {

// Adds n to the reason's count, appending the reason when it is new.
void AddCount(std::vector<std::pair<std::string_view, int>>& counts,
              std::string_view reason, int n) {
  auto it = std::find_if(counts.begin(), counts.end(),
                         [&](const auto& c) { return c.first == reason; });
  if (it == counts.end()) {
    counts.emplace_back(reason, n);
  } else {
    it->second += n;
  }
}

}  // namespace

std::vector<std::pair<std::string_view, int>> NodeToStatus::Tally() const {
  std::vector<std::pair<std::string_view, int>> tally;
  // Nodes mostly repeat the reason before (the same text, often the same
  // table entry): a run of one reason is counted locally, then added.
  std::string_view run_reason;
  int run = 0;
  for (const Status* status : refs_) {
    if (!status) continue;
    for (int i = 0; i < status->num_reasons(); ++i) {
      std::string_view reason = status->reason(i);
      if (run > 0 && reason.data() == run_reason.data() &&
          reason.size() == run_reason.size()) {
        ++run;
        continue;
      }
      if (run > 0) AddCount(tally, run_reason, run);
      run_reason = reason;
      run = 1;
    }
  }
  if (run > 0) AddCount(tally, run_reason, run);
  return tally;
}

std::string FitErrorMessage(const NodeToStatus& statuses,
                            const std::string& prefilter_message,
                            const std::string& postfilter_message,
                            int num_nodes) {
  if (num_nodes < 0) num_nodes = statuses.size();
  std::string msg = "0/" + std::to_string(num_nodes) + " nodes are available:";
  if (!prefilter_message.empty()) {
    msg += " " + prefilter_message + ".";
  } else {
    std::vector<std::pair<std::string_view, int>> counts = statuses.Tally();
    int absent = num_nodes - statuses.Len();
    for (int i = 0; absent > 0 && i < statuses.absent.num_reasons(); ++i) {
      AddCount(counts, statuses.absent.reason(i), absent);
    }
    std::vector<std::string> parts;
    for (const auto& [reason, n] : counts) {
      if (n > 0) parts.push_back(std::to_string(n) + " " + std::string(reason));
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
