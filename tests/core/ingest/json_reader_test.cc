#include "core/ingest/json_reader.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/core/ingest/event_recorder.h"

namespace podsim {
using namespace testing;
namespace {

struct Read {
  std::vector<std::string> events;
  bool ok = false;
  int error_line = 0;
  std::string error;
  int values = 0;
};

// Reads text fed in chunks of chunk bytes (0: whole).
Read ReadJson(std::string_view text, size_t chunk = 0, int first_line = 1) {
  EventRecorder recorder;
  JsonReader reader(recorder, first_line);
  bool ok = true;
  if (chunk == 0) chunk = text.size() + 1;
  for (size_t at = 0; ok && at < text.size(); at += chunk) {
    ok = reader.Feed(text.substr(at, chunk));
  }
  ok = ok && reader.Finish();
  return {recorder.events, ok, reader.error_line(), reader.error(),
          reader.values()};
}

using Events = std::vector<std::string>;

// The offsets of the "doc", "{" and "}" events of text fed in chunks, its
// first byte at first_offset.
std::vector<uint64_t> JsonOffsets(std::string_view text, size_t chunk,
                                  uint64_t first_offset) {
  EventRecorder recorder;
  JsonReader reader(recorder, 1, first_offset);
  for (size_t at = 0; at < text.size(); at += chunk) {
    REQUIRE(reader.Feed(text.substr(at, chunk)));
  }
  REQUIRE(reader.Finish());
  return recorder.offsets;
}

}  // namespace

TEST_CASE("JsonReader: offsets are bytes, from the first one given") {
  // A \u escape counts its six bytes, an encoded character its own.
  const std::string text =
      "{\"a\": {\"b\": \"\\u00e9\xC3\xA9\"}}\n---\n\"x\"\n[{}]";
  const std::vector<uint64_t> want = {
      100, 100,  // the document and its map
      106, 123,  // {"b": ...}, and past its '}'
      124,       // past the first map's '}'
      129,       // the string's document
      133,       // the list's document
      134, 136,  // its map
  };
  for (size_t chunk : {size_t{1}, size_t{3}, text.size()}) {
    CAPTURE(chunk);
    CHECK(JsonOffsets(text, chunk, 100) == want);
  }
}

TEST_CASE("JsonReader: events arrive in document order with their lines") {
  Read r = ReadJson(
      "{\n"
      "  \"kind\": \"Pod\",\n"
      "  \"list\": [1, -2.5, true, false, null],\n"
      "  \"empty\": {},\n"
      "  \"none\": []\n"
      "}\n");
  CHECK(r.ok);
  CHECK(r.events == Events{"doc",
                           "{ 1",
                           "string:kind 2",
                           "string:Pod 2",
                           "string:list 3",
                           "[ 3",
                           "int:1 3",
                           "float:-2.5 3",
                           "bool:true 3",
                           "bool:false 3",
                           "null 3",
                           "]",
                           "string:empty 4",
                           "{ 4",
                           "}",
                           "string:none 5",
                           "[ 5",
                           "]",
                           "}",
                           "/doc"});
  CHECK(r.values == 1);
}

TEST_CASE("JsonReader: chunks of any size give the same events") {
  // Every kind of token, split at every byte: keys, escapes, a surrogate
  // pair, multi-byte UTF-8, numbers, literals and a document marker.
  const std::string text =
      "{\"name\": \"caf\xC3\xA9 \\u00e9 \\ud83d\\ude00 \\\"q\\\"\",\n"
      " \"n\": [12345, -0.125, 1e3, 18446744073709551615, true, null]}\n"
      "---\n"
      "[\"x\", false]\n"
      "42";
  Read whole = ReadJson(text);
  REQUIRE(whole.ok);
  CHECK(whole.values == 3);
  for (size_t chunk = 1; chunk <= text.size(); ++chunk) {
    CAPTURE(chunk);
    Read r = ReadJson(text, chunk);
    CHECK(r.ok);
    CHECK(r.error == "");
    CHECK(r.events == whole.events);
  }
}

TEST_CASE("JsonReader: escapes and unicode become UTF-8") {
  struct Row {
    std::string name;
    std::string json;
    std::string text;
  };
  const Row rows[] = {
      {"simple escapes", R"("\"\\\/\b\f\n\r\t")", "\"\\/\b\f\n\r\t"},
      {"two-byte \\u", R"("\u00e9")", "\xC3\xA9"},
      {"three-byte \\u, upper-case hex", R"("\u20AC")", "\xE2\x82\xAC"},
      {"a surrogate pair", R"("\ud83d\ude00")", "\xF0\x9F\x98\x80"},
      {"a lone high surrogate", R"("\ud83dx")", "\xEF\xBF\xBDx"},
      {"a lone low surrogate", R"("\ude00")", "\xEF\xBF\xBD"},
      {"raw UTF-8 passes", "\"\xE2\x82\xAC\"", "\xE2\x82\xAC"},
      {"a malformed byte",
       "\"a\xFF"
       "b\"",
       "a\xEF\xBF\xBD"
       "b"},
      {"an overlong sequence", "\"\xC0\xAF\"", "\xEF\xBF\xBD\xEF\xBF\xBD"},
      {"an encoded surrogate", "\"\xED\xA0\x80\"",
       "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Read r = ReadJson(row.json);
    CHECK(r.ok);
    CHECK(r.events == Events{"doc", "string:" + row.text + " 1", "/doc"});
  }
}

TEST_CASE("JsonReader: numbers arrive as typed scalars") {
  struct Row {
    std::string name;
    std::string json;
    std::string event;
  };
  const Row rows[] = {
      {"zero", "0", "int:0 1"},
      {"negative", "-5", "int:-5 1"},
      {"negative zero is an integer", "-0", "int:0 1"},
      {"the largest int64", "9223372036854775807", "int:9223372036854775807 1"},
      {"the smallest int64", "-9223372036854775808",
       "int:-9223372036854775808 1"},
      {"past int64: unsigned", "9223372036854775808",
       "uint:9223372036854775808 1"},
      {"the largest uint64", "18446744073709551615",
       "uint:18446744073709551615 1"},
      {"past uint64: a float", "18446744073709551616",
       "float:1.8446744073709552e+19 1"},
      {"below int64: a float", "-9223372036854775809",
       "float:-9.2233720368547758e+18 1"},
      {"a fraction", "1.5", "float:1.5 1"},
      {"an exponent is a float", "1e3", "float:1000 1"},
      {"a signed upper-case exponent", "25E-2", "float:0.25 1"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Read r = ReadJson(row.json);
    CHECK(r.ok);
    CHECK(r.events == Events{"doc", row.event, "/doc"});
  }
}

TEST_CASE("JsonReader: malformed input fails with its line and reason") {
  struct Row {
    std::string name;
    std::string json;
    int line;
    std::string error;
  };
  const Row rows[] = {
      {"a key without a colon", "{\n\"a\" 1}", 2,
       "JSON: expected ':' after a key"},
      {"an unquoted key", "{\n\n a: 1}", 3, "JSON: expected a quoted key"},
      {"a trailing comma in an object", "{\"a\": 1,\n}", 2,
       "JSON: expected a quoted key"},
      {"a trailing comma in a list", "[1,\n]", 2,
       "JSON: unexpected character ']'"},
      {"a missing comma in a list", "[1 2]", 1, "JSON: expected ',' or ']'"},
      {"a missing comma in an object", "{\"a\": 1\n\"b\": 2}", 2,
       "JSON: expected ',' or '}'"},
      {"a mismatched close", "[1}", 1, "JSON: expected ',' or ']'"},
      {"a leading zero", "[\n01]", 2, "JSON: malformed number \"01\""},
      {"a bare point", "1.", 1, "JSON: malformed number \"1.\""},
      {"an empty exponent", "2e+", 1, "JSON: malformed number \"2e+\""},
      {"a lone minus", "-", 1, "JSON: malformed number \"-\""},
      {"a bad word", "[tru]", 1,
       "JSON: unexpected word \"tru\"; expected true, false, null, a number "
       "or a quoted string"},
      {"an unknown escape", "\"a\\qb\"", 1, "JSON: unknown escape \\q"},
      {"a short \\u", "\"\\u12g4\"", 1,
       "JSON: \\u must be followed by four hex digits"},
      {"a raw newline in a string", "\n\"a\nb\"", 2,
       "JSON: a control character inside a string (escape it, e.g. \\n)"},
      {"an unexpected character", "\n\n@", 3, "JSON: unexpected character '@'"},
      {"a single quote", "['a']", 1, "JSON: unexpected character '''"},
      {"the end inside a value", "{\"a\": [1,\n", 2,
       "JSON: the input ends inside a value"},
      {"the end after a key", "{\"a\"", 1,
       "JSON: the input ends inside a value"},
      {"the end inside a string", "[\"abc", 1,
       "JSON: the input ends inside a string"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    for (size_t chunk : {size_t{0}, size_t{1}}) {
      CAPTURE(chunk);
      Read r = ReadJson(row.json, chunk);
      CHECK_FALSE(r.ok);
      CHECK(r.error_line == row.line);
      CHECK(r.error == row.error);
    }
  }
}

TEST_CASE("JsonReader: after an error nothing more is read") {
  EventRecorder recorder;
  JsonReader reader(recorder);
  CHECK_FALSE(reader.Feed("[1 2]"));
  const Events seen = recorder.events;
  CHECK_FALSE(reader.Feed("{\"a\": 1}"));
  CHECK_FALSE(reader.Finish());
  CHECK(recorder.events == seen);
  CHECK(reader.error() == "JSON: expected ',' or ']'");
}

TEST_CASE("JsonReader: values one after another are documents of their own") {
  SUBCASE("separated by whitespace") {
    Read r = ReadJson("{\"a\": 1} [2]\n3 \"s\"");
    CHECK(r.ok);
    CHECK(r.values == 4);
    CHECK(r.events == Events{"doc", "{ 1", "string:a 1", "int:1 1", "}", "/doc",
                             "doc", "[ 1", "int:2 1", "]", "/doc", "doc",
                             "int:3 2", "/doc", "doc", "string:s 2", "/doc"});
  }
  SUBCASE("separated by YAML document markers") {
    Read r = ReadJson("---\n{\"a\": 1}\n--- # the second\n[2]\n---\n");
    CHECK(r.ok);
    CHECK(r.values == 2);
    CHECK(r.events == Events{"doc", "{ 2", "string:a 2", "int:1 2", "}", "/doc",
                             "doc", "[ 4", "int:2 4", "]", "/doc"});
  }
  SUBCASE("a negative number is not a marker") {
    Read r = ReadJson("-1\n-2");
    CHECK(r.ok);
    CHECK(r.events ==
          Events{"doc", "int:-1 1", "/doc", "doc", "int:-2 2", "/doc"});
  }
  SUBCASE("nothing at all") {
    Read r = ReadJson(" \n\t\r\n");
    CHECK(r.ok);
    CHECK(r.values == 0);
    CHECK(r.events.empty());
  }
}

// Pump once skipped a --- line only to the end of the bytes it had; the
// rest of the line, arriving in the next chunk, was read as JSON.
TEST_CASE("JsonReader: a document marker line split across chunks is skipped") {
  // The marker's trailing text may arrive in a later chunk than the ---.
  const std::string text = "{}\n--- the second document\n{}";
  for (size_t chunk = 1; chunk <= text.size(); ++chunk) {
    CAPTURE(chunk);
    Read r = ReadJson(text, chunk);
    CHECK(r.ok);
    CHECK(r.error == "");
    CHECK(r.values == 2);
  }
}

TEST_CASE("JsonReader: lines count from the first line given") {
  Read r = ReadJson("\n{\"a\":\n 1}", 0, 10);
  CHECK(r.events ==
        Events{"doc", "{ 11", "string:a 11", "int:1 12", "}", "/doc"});
  Read bad = ReadJson("\n[1 2]", 0, 10);
  CHECK(bad.error_line == 11);
}

TEST_CASE("JsonReader: a token split across chunks waits for the rest") {
  EventRecorder recorder;
  JsonReader reader(recorder);
  CHECK(reader.Feed("[\"ab"));
  CHECK(recorder.events == Events{"doc", "[ 1"});
  CHECK(reader.consumed() == 1);
  CHECK(reader.Feed("c\", 12"));
  CHECK(recorder.events == Events{"doc", "[ 1", "string:abc 1"});
  CHECK(reader.consumed() == 8);  // 12 may go on
  CHECK(reader.Feed("3]"));
  CHECK(recorder.events ==
        Events{"doc", "[ 1", "string:abc 1", "int:123 1", "]", "/doc"});
  CHECK(reader.consumed() == 12);
  CHECK(reader.values() == 1);
  CHECK(reader.Feed("tr"));
  CHECK(reader.Finish() == false);
  CHECK(reader.error() ==
        "JSON: unexpected word \"tr\"; expected true, false, null, a number "
        "or a quoted string");
}

TEST_CASE("JsonReader: deep nesting streams without a depth limit") {
  // Unlike the YAML reader, the JSON reader holds one bit per open
  // container and recurses nowhere: depth is the object builder's concern.
  constexpr int kDepth = 200'000;
  EventRecorder recorder;
  JsonReader reader(recorder);
  CHECK(reader.Feed(std::string(kDepth, '[')));
  CHECK(reader.Feed(std::string(kDepth, ']')));
  CHECK(reader.Finish());
  CHECK(reader.values() == 1);
  CHECK(recorder.events.size() == 2 + 2 * static_cast<size_t>(kDepth));
}

}  // namespace podsim
