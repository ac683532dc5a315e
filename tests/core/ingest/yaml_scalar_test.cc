// Plain YAML scalars resolve as Kubernetes' own YAML reader (sigs.k8s.io/yaml
// over goyaml.v2) resolves them; the rows come from its resolve.go.
#include "core/ingest/yaml_scalar.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

namespace podsim {

TEST_CASE("YamlScalar: plain scalars resolve as goyaml.v2 does") {
  using T = Scalar::Type;
  struct Row {
    const char* text;
    T type;
    double value;  // the number, or 1/0 for booleans
  };
  const Row rows[] = {
      {"", T::kNull, 0},
      {"~", T::kNull, 0},
      {"null", T::kNull, 0},
      {"Null", T::kNull, 0},
      {"yes", T::kBool, 1},
      {"Yes", T::kBool, 1},
      {"on", T::kBool, 1},
      {"ON", T::kBool, 1},
      {"y", T::kBool, 1},
      {"true", T::kBool, 1},
      {"no", T::kBool, 0},
      {"off", T::kBool, 0},
      {"N", T::kBool, 0},
      {"False", T::kBool, 0},
      {"0o17", T::kInt, 15},
      {"017", T::kInt, 15},
      {"0x1F", T::kInt, 31},
      {"0x_1F", T::kInt, 31},
      {"0b101", T::kInt, 5},
      {"-0b101", T::kInt, -5},
      {"+12", T::kInt, 12},
      {"1_000", T::kInt, 1000},
      {"-0", T::kInt, 0},
      {"08", T::kFloat, 8},
      {"1e3", T::kFloat, 1000},
      {"1E3", T::kFloat, 1000},
      {"+1e3", T::kFloat, 1000},
      {"5.", T::kFloat, 5},
      {".5", T::kFloat, 0.5},
      {"1_000.5", T::kFloat, 1000.5},
      {".inf", T::kFloat, HUGE_VAL},
      {"-.Inf", T::kFloat, -HUGE_VAL},
      {"9223372036854775808", T::kUint, 9223372036854775808.0},
      {"18446744073709551616", T::kFloat, 18446744073709551616.0},
      {"yess", T::kString, 0},
      {"TRUE1", T::kString, 0},
      {"1e400", T::kString, 0},
      {"0x1FFFFFFFFFFFFFFFFF", T::kString, 0},
      {"2024-01-01", T::kString, 0},
      {"250m", T::kString, 0},
      {"1Gi", T::kString, 0},
      {"inf", T::kString, 0},
      {"<<", T::kString, 0},
      {".", T::kString, 0},
  };
  for (const Row& row : rows) {
    CAPTURE(std::string(row.text));
    Scalar s = ResolvePlain(row.text);
    CHECK(s.type == row.type);
    if (row.type == T::kBool) CHECK(s.boolean == (row.value == 1));
    if (row.type == T::kInt)
      CHECK(s.integer == static_cast<int64_t>(row.value));
    if (row.type == T::kUint) {
      CHECK(s.unsigned_integer == 9223372036854775808ull);
    }
    if (row.type == T::kFloat) CHECK(s.number == row.value);
    if (row.type == T::kString) CHECK(s.text == row.text);
  }
  CHECK(std::isnan(ResolvePlain(".NaN").number));
}

TEST_CASE("YamlScalar: tags force or check the type") {
  std::string message, storage;
  auto tagged = [&](const char* tag, const char* text) {
    message.clear();
    return ResolveTagged(std::string("tag:yaml.org,2002:") + tag, text, message,
                         storage);
  };
  CHECK(tagged("str", "123")->type == Scalar::Type::kString);
  CHECK(tagged("float", "1")->number == 1.0);
  CHECK(tagged("binary", "aGk=")->text == "hi");
  CHECK_FALSE(tagged("int", "abc"));
  CHECK(message == "cannot decode !!str `abc` as a !!int");
  CHECK_FALSE(tagged("binary", "***"));
  CHECK(message == "!!binary value contains invalid base64 data");
  CHECK(ResolveTagged("!", "12", message, storage)->type ==
        Scalar::Type::kString);
  CHECK(ResolveTagged("!local", "12", message, storage)->type ==
        Scalar::Type::kString);
}

TEST_CASE("YamlScalar: keys become JSON keys as YAMLToJSON writes them") {
  CHECK(KeyText(ResolvePlain("on")) == "true");
  CHECK(KeyText(ResolvePlain("n")) == "false");
  CHECK(KeyText(ResolvePlain("017")) == "15");
  CHECK(KeyText(ResolvePlain("1e6")) == "1e+06");
  CHECK(KeyText(ResolvePlain("1.5")) == "1.5");
  CHECK(KeyText(ResolvePlain("3.141592653589793")) == "3.1415927");
  CHECK(KeyText(ResolvePlain(".inf")) == ".inf");
  // Finite as a double, past float32's range: Go prints float32's infinity.
  CHECK(KeyText(ResolvePlain("1e300")) == "+Inf");
  CHECK(KeyText(ResolvePlain("-1e300")) == "-Inf");
  CHECK(KeyText(ResolvePlain("3.4e38")) == "3.4e+38");
  CHECK_FALSE(KeyText(ResolvePlain("~")));
  CHECK_FALSE(KeyText(ResolvePlain("9223372036854775808")));
}

}  // namespace podsim
