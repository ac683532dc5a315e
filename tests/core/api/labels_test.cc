#include "core/api/labels.h"

#include "tests/builders.h"

namespace podsim {

TEST_CASE("Labels: selector operators follow labels.Selector") {
  Labels labels({{"app", "web"}, {"tier", "front"}});
  struct Row {
    const char* name;
    Requirement requirement;
    bool matches;
  };
  const Row rows[] = {
      {"In hit", {"app", SelectorOp::kIn, {"db", "web"}}, true},
      {"In miss", {"app", SelectorOp::kIn, {"db"}}, false},
      {"In absent key", {"zone", SelectorOp::kIn, {"a"}}, false},
      {"NotIn hit", {"app", SelectorOp::kNotIn, {"web"}}, false},
      {"NotIn absent key", {"zone", SelectorOp::kNotIn, {"a"}}, true},
      {"Exists", {"tier", SelectorOp::kExists, {}}, true},
      {"DoesNotExist", {"tier", SelectorOp::kDoesNotExist, {}}, false},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    LabelSelector selector{false, {row.requirement}};
    CHECK(selector.Matches(labels) == row.matches);
  }
  CHECK(LabelSelector{false, {}}.Matches(labels));  // empty matches all
}

TEST_CASE("Labels: Gt and Lt compare integers and fail on non-integers") {
  Labels labels({{"cores", "8"}, {"name", "big"}});
  CHECK(RequirementMatches({"cores", SelectorOp::kGt, {"4"}},
                           labels.Find("cores")));
  CHECK_FALSE(RequirementMatches({"cores", SelectorOp::kLt, {"4"}},
                                 labels.Find("cores")));
  CHECK_FALSE(RequirementMatches({"name", SelectorOp::kGt, {"4"}},
                                 labels.Find("name")));
  CHECK_FALSE(RequirementMatches({"gpus", SelectorOp::kLt, {"4"}},
                                 labels.Find("gpus")));
}

TEST_CASE("Labels: a node selector term with no requirements matches no node") {
  Labels labels({{std::string("zone"), std::string("a")}});
  CHECK_FALSE(NodeSelectorTerm{}.Matches(labels, "n1"));
  NodeSelectorTerm by_name;
  by_name.match_fields.push_back({"metadata.name", SelectorOp::kIn, {"n1"}});
  CHECK(by_name.Matches(labels, "n1"));
  CHECK_FALSE(by_name.Matches(labels, "n2"));
}

}  // namespace podsim
