// The streaming writer every document goes through: commas, keys in call
// order, and strings escaped as nlohmann::json escapes them.
#include "core/output/json_writer.h"

#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("JsonWriter: commas fall between values, keys stay in call order") {
  JsonWriter w;
  w.BeginObject();
  w.Key("b").Value(1);
  w.Key("a").BeginArray().Value("x").Null().Bool(false).EndArray();
  w.Key("c").BeginObject().EndObject();
  w.Key("d").Raw("[1,2]");
  w.EndObject();
  CHECK(w.Take() == R"({"b":1,"a":["x",null,false],"c":{},"d":[1,2]})");
}

TEST_CASE("JsonWriter: strings are escaped as nlohmann::json dumps them") {
  struct Row {
    std::string name;
    std::string text;
  };
  const std::vector<Row> rows = {
      {"quotes and backslashes", "say \"hi\" \\ bye"},
      {"short escapes", "a\bb\fc\nd\re\tf"},
      {"other control characters", std::string("\x01\x1f\0z", 4)},
      {"UTF-8 as it is", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"},
      {"DEL as it is", "\x7f"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    JsonWriter w;
    w.Value(row.text);
    CHECK(w.Take() == Json(row.text).dump());
  }
}

TEST_CASE("JsonWriter: an invalid UTF-8 byte becomes U+FFFD") {
  JsonWriter w;
  w.Value(
      "a\xff"
      "b\xC3");
  CHECK(w.Take() ==
        "\"a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD\"");
}

}  // namespace podsim
