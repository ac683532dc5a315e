// The result of a filter or of preemption on one node (mirrors
// framework.Status): a code, the plugin that set it, and its reasons.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace podsim {

enum class Code {
  kSuccess,
  kError,
  kUnschedulable,
  kUnschedulableAndUnresolvable,
};

// Statuses are made for every node in every cycle, so the common case does
// not allocate: reasons are views of text that outlives the status (string
// literals, the resource table), a few kept inline; a reason made at run
// time is owned through a shared pointer.
class Status {
 public:
  Status() = default;
  Status(Code code, std::string_view plugin) : code_(code), plugin_(plugin) {}

  // REQUIRES: reason outlives every copy of the status.
  static Status Make(Code code, std::string_view plugin,
                     std::string_view reason) {
    Status s(code, plugin);
    s.AddReason(reason);
    return s;
  }
  // For a reason built at run time (a message with names in it).
  static Status Owned(Code code, std::string_view plugin, std::string reason);

  // REQUIRES: reason outlives every copy of the status.
  void AddReason(std::string_view reason);
  void set_code(Code code) { code_ = code; }
  void set_plugin(std::string_view plugin) { plugin_ = plugin; }

  Code code() const { return code_; }
  std::string_view plugin() const { return plugin_; }
  int num_reasons() const { return size_; }
  std::string_view reason(int i) const {
    return i < kInline ? inline_[i] : extra_->reasons[i - kInline];
  }
  bool ok() const { return code_ == Code::kSuccess; }
  bool rejected() const {
    return code_ == Code::kUnschedulable ||
           code_ == Code::kUnschedulableAndUnresolvable;
  }
  // Returns the reasons joined with ", " (Status.Message()).
  std::string Message() const;

 private:
  // What few statuses need: reasons past the inline ones, and the text of
  // an owned reason. Shared, so copying a status stays cheap.
  struct Extra {
    std::vector<std::string_view> reasons;
    std::string owned;
  };
  static constexpr int kInline = 4;
  Code code_ = Code::kSuccess;
  std::string_view plugin_;
  int size_ = 0;
  std::array<std::string_view, kInline> inline_{};
  std::shared_ptr<Extra> extra_;
};

// Mirrors NodeToStatus: an explicit status for some nodes, and the status
// every other node has (absent).
struct NodeToStatus {
  std::vector<Status> statuses;  // by node index
  std::vector<char> present;     // whether statuses[n] is explicit
  Status absent;
  // How many explicit statuses carry each reason, kept as they are set so
  // that the FitError text does not walk every node. Few distinct reasons.
  std::vector<std::pair<std::string_view, int>> tally;

  explicit NodeToStatus(int num_nodes, Status absent_status = Status())
      : statuses(num_nodes),
        present(num_nodes, 0),
        absent(std::move(absent_status)) {}
  // Forgets every explicit status, keeping the storage for the next cycle.
  void Reset(Status absent_status) {
    std::fill(present.begin(), present.end(), 0);
    absent = std::move(absent_status);
    tally.clear();
    len_ = 0;
  }
  void Set(int node, Status status) {
    if (present[node]) {
      Count(statuses[node], -1);
    } else {
      ++len_;
    }
    statuses[node] = std::move(status);
    present[node] = 1;
    Count(statuses[node], +1);
  }
  const Status& Get(int node) const {
    return present[node] ? statuses[node] : absent;
  }
  int Len() const { return len_; }

 private:
  void Count(const Status& status, int delta);
  int len_ = 0;
};

// Mirrors FitError.Error: "0/N nodes are available: <count> <reason>, ...."
// with the counts sorted as strings, then the PostFilter message.
std::string FitErrorMessage(const NodeToStatus& statuses,
                            const std::string& prefilter_message,
                            const std::string& postfilter_message);

// Returns the upstream spelling: "Success", "Unschedulable", ...
std::string_view ToString(Code code);

}  // namespace podsim
