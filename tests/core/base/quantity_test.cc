#include "core/base/quantity.h"

#include "tests/builders.h"

namespace podsim {

TEST_CASE("Quantity: parses Kubernetes notation exactly in milli-units") {
  struct Row {
    const char* name;
    const char* text;
    int64_t millis;
  };
  const Row rows[] = {
      {"millicores", "250m", 250},
      {"whole", "2", 2000},
      {"decimal fraction", "0.1", 100},
      {"leading point", ".5", 500},
      {"binary suffix", "1Ki", 1'024'000},
      {"binary with fraction", "1.5Gi", 1'610'612'736'000},
      {"decimal suffix", "100M", 100'000'000'000},
      {"exponent", "1e3", 1'000'000},
      {"negative exponent", "5e-1", 500},
      {"nano rounds up", "1n", 1},
      {"micro rounds up", "1500u", 2},
      {"plus sign", "+3", 3000},
      {"negative", "-1", -1000},
      {"petabytes fit", "9P", 9'000'000'000'000'000'000},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    std::optional<Quantity> q = Quantity::Parse(row.text);
    REQUIRE(q.has_value());
    CHECK(q->millis() == row.millis);
  }
}

TEST_CASE("Quantity: rejects malformed and overflowing text") {
  for (const char* text :
       {"", "abc", "1.5.5Gi", "1Gb", "Gi", "1 Gi", "1e", "--1", "1ki", "9E",
        "99999999999999999999", "1e1000"}) {
    CAPTURE(text);
    CHECK_FALSE(Quantity::Parse(text).has_value());
  }
}

TEST_CASE(
    "Quantity: Value rounds up to whole units as resource.Quantity does") {
  CHECK(Quantity::Parse("1m")->Value() == 1);
  CHECK(Quantity::Parse("1500m")->Value() == 2);
  CHECK(Quantity::Parse("1Gi")->Value() == 1'073'741'824);
}

}  // namespace podsim
