// Labels and the selectors that match them: label selectors (pods, PDBs,
// namespaces) and node selector terms (node affinity).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podsim {

// A label map, kept sorted by key for binary search.
class Labels {
 public:
  Labels() = default;
  // REQUIRES: keys are unique.
  explicit Labels(std::vector<std::pair<std::string, std::string>> items);

  // Returns the value for key, or nullptr when the label is absent.
  const std::string* Find(std::string_view key) const;
  bool empty() const { return items_.empty(); }
  const std::vector<std::pair<std::string, std::string>>& items() const {
    return items_;
  }

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

enum class SelectorOp { kIn, kNotIn, kExists, kDoesNotExist, kGt, kLt };

struct Requirement {
  std::string key;
  SelectorOp op = SelectorOp::kIn;
  std::vector<std::string> values;
};

// Mirrors metav1.LabelSelector after LabelSelectorAsSelector: matchLabels
// become In requirements. A nil selector matches nothing; an empty one
// matches everything (callers decide which applies, as upstream does).
struct LabelSelector {
  bool is_nil = true;
  std::vector<Requirement> requirements;

  bool empty() const { return requirements.empty(); }
  // Returns whether every requirement holds for labels (an empty selector
  // matches all labels). REQUIRES: !is_nil.
  bool Matches(const Labels& labels) const;
};

// Mirrors v1.NodeSelectorTerm: matchExpressions on labels and matchFields on
// metadata.name, ANDed. A term with no requirements matches no node.
struct NodeSelectorTerm {
  std::vector<Requirement> match_expressions;
  std::vector<Requirement> match_fields;

  bool Matches(const Labels& node_labels, std::string_view node_name) const;
};

// Returns whether one requirement holds for the given value (nullptr when the
// key is absent). Gt and Lt compare integers, as nodeaffinity does.
bool RequirementMatches(const Requirement& requirement,
                        const std::string* value);

}  // namespace podsim
