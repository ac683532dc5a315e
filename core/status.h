// The result of a filter or of preemption on one node (mirrors
// framework.Status): a code, the plugin that set it, and its reasons.
#pragma once

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

struct Status {
  Code code = Code::kSuccess;
  std::string_view plugin;  // a static plugin name, or empty
  std::vector<std::string> reasons;

  static Status Make(Code code, std::string_view plugin, std::string reason) {
    return Status{code, plugin, {std::move(reason)}};
  }
  bool ok() const { return code == Code::kSuccess; }
  bool rejected() const {
    return code == Code::kUnschedulable ||
           code == Code::kUnschedulableAndUnresolvable;
  }
  // Returns the reasons joined with ", " (Status.Message()).
  std::string Message() const;
};

// Mirrors NodeToStatus: an explicit status for some nodes, and the status
// every other node has (absent).
struct NodeToStatus {
  std::vector<Status> statuses;  // by node index
  std::vector<char> present;     // whether statuses[n] is explicit
  Status absent;

  explicit NodeToStatus(int num_nodes, Status absent_status = Status())
      : statuses(num_nodes),
        present(num_nodes, 0),
        absent(std::move(absent_status)) {}
  void Set(int node, Status status) {
    statuses[node] = std::move(status);
    present[node] = 1;
  }
  const Status& Get(int node) const {
    return present[node] ? statuses[node] : absent;
  }
  int Len() const;
};

// Mirrors FitError.Error: "0/N nodes are available: <count> <reason>, ...."
// with the counts sorted as strings, then the PostFilter message.
std::string FitErrorMessage(const NodeToStatus& statuses,
                            const std::string& prefilter_message,
                            const std::string& postfilter_message);

// Returns the upstream spelling: "Success", "Unschedulable", ...
std::string_view ToString(Code code);

}  // namespace podsim
