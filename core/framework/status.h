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
  // Makes the status plugin's failure with code, reason added to any it
  // has. REQUIRES: reason outlives every copy of the status.
  void Reject(Code code, std::string_view plugin, std::string_view reason) {
    code_ = code;
    plugin_ = plugin;
    AddReason(reason);
  }
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
// every other node has (absent). A status is held by value, or referenced
// when it lives elsewhere for the whole cycle (a memoized entry).
struct NodeToStatus {
  Status absent;

  explicit NodeToStatus(int num_nodes, Status absent_status = Status())
      : absent(std::move(absent_status)),
        owned_(num_nodes),
        refs_(num_nodes, nullptr) {}
  // Forgets every explicit status, keeping the storage for the next cycle.
  void Reset(Status absent_status) {
    std::fill(refs_.begin(), refs_.end(), nullptr);
    absent = std::move(absent_status);
    len_ = 0;
  }
  void Set(int node, Status status) {
    owned_[node] = std::move(status);
    SetRef(node, owned_[node]);
  }
  // REQUIRES: status outlives this map's use in the cycle.
  void SetRef(int node, const Status& status) {
    if (!refs_[node]) ++len_;
    refs_[node] = &status;
  }
  const Status& Get(int node) const {
    return refs_[node] ? *refs_[node] : absent;
  }
  bool has(int node) const { return refs_[node] != nullptr; }
  int size() const { return static_cast<int>(refs_.size()); }
  int Len() const { return len_; }
  // Returns how many explicit statuses carry each reason (few distinct).
  std::vector<std::pair<std::string_view, int>> Tally() const;

 private:
  std::vector<Status> owned_;
  std::vector<const Status*> refs_;
  int len_ = 0;
};

// Mirrors FitError.Error: "0/N nodes are available: <count> <reason>, ...."
// with the counts sorted as strings, then the PostFilter message. N is
// num_nodes, or every node of statuses when it is negative; the nodes
// absent from statuses up to N count with its absent status.
std::string FitErrorMessage(const NodeToStatus& statuses,
                            const std::string& prefilter_message,
                            const std::string& postfilter_message,
                            int num_nodes = -1);

// Returns the upstream spelling: "Success", "Unschedulable", ...
std::string_view ToString(Code code);

}  // namespace podsim
