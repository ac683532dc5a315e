#include "core/api/labels.h"

#include <algorithm>
#include <charconv>

namespace podsim {
namespace {

bool ParseInt(std::string_view text, int64_t& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

bool Contains(const std::vector<std::string>& values, const std::string& v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

}  // namespace

Labels::Labels(std::vector<std::pair<std::string, std::string>> items)
    : items_(std::move(items)) {
  std::sort(items_.begin(), items_.end());
}

const std::string* Labels::Find(std::string_view key) const {
  auto it = std::lower_bound(
      items_.begin(), items_.end(), key,
      [](const auto& item, std::string_view k) { return item.first < k; });
  if (it == items_.end() || it->first != key) return nullptr;
  return &it->second;
}

bool RequirementMatches(const Requirement& requirement,
                        const std::string* value) {
  switch (requirement.op) {
    case SelectorOp::kIn:
      return value != nullptr && Contains(requirement.values, *value);
    case SelectorOp::kNotIn:
      return value == nullptr || !Contains(requirement.values, *value);
    case SelectorOp::kExists:
      return value != nullptr;
    case SelectorOp::kDoesNotExist:
      return value == nullptr;
    case SelectorOp::kGt:
    case SelectorOp::kLt: {
      int64_t have = 0;
      int64_t want = 0;
      if (value == nullptr || requirement.values.size() != 1 ||
          !ParseInt(*value, have) || !ParseInt(requirement.values[0], want)) {
        return false;
      }
      return requirement.op == SelectorOp::kGt ? have > want : have < want;
    }
  }
  return false;
}

bool LabelSelector::Matches(const Labels& labels) const {
  for (const Requirement& r : requirements) {
    if (!RequirementMatches(r, labels.Find(r.key))) return false;
  }
  return true;
}

bool NodeSelectorTerm::Matches(const Labels& node_labels,
                               std::string_view node_name) const {
  if (match_expressions.empty() && match_fields.empty()) return false;
  for (const Requirement& r : match_expressions) {
    if (!RequirementMatches(r, node_labels.Find(r.key))) return false;
  }
  const std::string name(node_name);
  for (const Requirement& r : match_fields) {
    // Only metadata.name is a valid field; decode rejects other keys.
    if (!RequirementMatches(r, &name)) return false;
  }
  return true;
}

}  // namespace podsim
