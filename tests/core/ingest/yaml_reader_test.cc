#include "core/ingest/yaml_reader.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/core/ingest/event_recorder.h"

namespace podsim {
using namespace testing;
namespace {

using Events = std::vector<std::string>;

// Reads text fed in chunks of chunk bytes (0: whole).
Events ReadYaml(std::string_view text, size_t chunk = 0) {
  EventRecorder recorder;
  YamlReader reader(recorder);
  if (chunk == 0) chunk = text.size() + 1;
  for (size_t at = 0; at < text.size(); at += chunk) {
    reader.Feed(text.substr(at, chunk));
  }
  reader.Finish();
  return recorder.events;
}

// The offsets of the "doc", "{" and "}" events of text fed in chunks.
std::vector<uint64_t> YamlOffsets(std::string_view text, size_t chunk) {
  EventRecorder recorder;
  YamlReader reader(recorder);
  for (size_t at = 0; at < text.size(); at += chunk) {
    reader.Feed(text.substr(at, chunk));
  }
  reader.Finish();
  return recorder.offsets;
}

}  // namespace

TEST_CASE(
    "YamlReader: offsets are bytes, where documents and maps start and end") {
  // "# \xC3\xA9\n" is 5 bytes but 4 characters, which libyaml counts.
  const std::string text =
      "# \xC3\xA9\na: {b: c}\n--- # x\nk:\n  - x: 1\n    y: "
      "\"\xC3\xA9\"\n";
  const std::vector<uint64_t> want = {
      0,       // the first document, its comment included
      5,       // its map, at its first key
      8,  14,  // {b: c}, and past its '}'
      14,      // the document's map ends there too
      23,      // the second document, on the line after its ---
      23,      // its map
      30, 46,  // the item's map, at x, and past its last value
      46,      // the document's map
  };
  for (size_t chunk : {size_t{1}, size_t{4}, text.size()}) {
    CAPTURE(chunk);
    CHECK(YamlOffsets(text, chunk) == want);
  }
}

TEST_CASE("YamlReader: events arrive in document order with their lines") {
  Events events = ReadYaml(
      "kind: Pod\n"
      "spec:\n"
      "  containers:\n"
      "  - name: c\n"
      "    ports: [80, 443]\n"
      "  nodeName: n1\n");
  CHECK(events == Events{"doc",
                         "{ 1",
                         "string:kind 1",
                         "string:Pod 1",
                         "string:spec 2",
                         "{ 3",
                         "string:containers 3",
                         "[ 4",
                         "{ 4",
                         "string:name 4",
                         "string:c 4",
                         "string:ports 5",
                         "[ 5",
                         "int:80 5",
                         "int:443 5",
                         "]",
                         "}",
                         "]",
                         "string:nodeName 6",
                         "string:n1 6",
                         "}",
                         "}",
                         "/doc"});
}

TEST_CASE("YamlReader: scalars arrive typed as sigs.k8s.io/yaml types them") {
  struct Row {
    std::string name;
    std::string yaml;
    std::string event;
  };
  const Row rows[] = {
      {"a plain word", "web", "string:web 1"},
      {"yes is a boolean", "yes", "bool:true 1"},
      {"a quoted yes is a string", "\"yes\"", "string:yes 1"},
      {"a single-quoted number is a string", "'5'", "string:5 1"},
      {"an integer", "42", "int:42 1"},
      {"a hex integer", "0x1F", "int:31 1"},
      {"a float", "2.5", "float:2.5 1"},
      {"a tilde is null", "~", "null 1"},
      {"!!str keeps a number's text", "!!str 5", "string:5 1"},
      {"!!float takes an integer", "!!float 3", "float:3 1"},
      {"a block scalar is a string", "|\n  a\n  b\n", "string:a\nb\n 1"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(ReadYaml(row.yaml) == Events{"doc", row.event, "/doc"});
  }
}

TEST_CASE("YamlReader: a tag that does not fit is a value error") {
  CHECK(ReadYaml("a: 1\nb: !!int abc\nc: 2\n") ==
        Events{"doc", "{ 1", "string:a 1", "int:1 1", "string:b 2",
               "value-error 2: YAML: cannot decode !!str `abc` as a !!int",
               "string:c 3", "int:2 3", "}", "/doc"});
}

TEST_CASE("YamlReader: every document of a stream arrives") {
  SUBCASE("separated by ---") {
    CHECK(ReadYaml("a: 1\n---\nb: 2\n") ==
          Events{"doc", "{ 1", "string:a 1", "int:1 1", "}", "/doc", "doc",
                 "{ 3", "string:b 3", "int:2 3", "}", "/doc"});
  }
  SUBCASE("ended by ...") {
    CHECK(ReadYaml("--- 1\n...\n--- 2\n") ==
          Events{"doc", "int:1 1", "/doc", "doc", "int:2 3", "/doc"});
  }
  SUBCASE("an empty document is null") {
    CHECK(ReadYaml("---\n---\nx\n") ==
          Events{"doc", "null 2", "/doc", "doc", "string:x 3", "/doc"});
  }
  SUBCASE("no input: no document") { CHECK(ReadYaml("").empty()); }
}

TEST_CASE("YamlReader: anchors and aliases arrive as named") {
  CHECK(ReadYaml("a: &n 1\n"
                 "b: *n\n"
                 "c: &m {d: 2}\n"
                 "e: &s [3]\n"
                 "f: *m\n") == Events{"doc", "{ 1", "string:a 1", "int:1 1 &n",
                                      "string:b 2", "alias:n 2", "string:c 3",
                                      "{ 3 &m", "string:d 3", "int:2 3", "}",
                                      "string:e 4", "[ 4 &s", "int:3 4", "]",
                                      "string:f 5", "alias:m 5", "}", "/doc"});
}

TEST_CASE(
    "YamlReader: a syntax error abandons its document and reading resumes at "
    "the next ---") {
  SUBCASE("an unclosed flow list") {
    CHECK(ReadYaml("a: [1, 2\n"
                   "---\n"
                   "b: 3\n") ==
          Events{"doc", "{ 1", "string:a 1", "[ 1", "int:1 1", "int:2 1",
                 "syntax-error 2: YAML: did not find expected ',' or ']' "
                 "(while parsing a flow sequence started at line 1) "
                 "(related 1)",
                 "doc", "{ 3", "string:b 3", "int:3 3", "}", "/doc"});
  }
  SUBCASE("a tab in indentation, in the middle document") {
    CHECK(ReadYaml("a: 1\n"
                   "---\n"
                   "b:\n"
                   "\t- 2\n"
                   "---\n"
                   "c: 3\n") ==
          Events{"doc", "{ 1", "string:a 1", "int:1 1", "}", "/doc", "doc",
                 "{ 3", "string:b 3",
                 "syntax-error 4: YAML: found character that cannot start "
                 "any token (while scanning for the next token)",
                 "doc", "{ 6", "string:c 6", "int:3 6", "}", "/doc"});
  }
  SUBCASE("an error in the last document ends the stream") {
    CHECK(ReadYaml("a: 1\nb\n") ==
          Events{"doc", "{ 1", "string:a 1", "int:1 1",
                 "syntax-error 3: YAML: could not find expected ':' (while "
                 "scanning a simple key started at line 2) (related 2)"});
  }
}

TEST_CASE("YamlReader: bad UTF-8 is a syntax error at its line") {
  // libyaml decodes its input ahead of the tokens: the broken document's
  // events never arrive, the next document's do.
  CHECK(ReadYaml("a: 1\nb: \xFF\n---\nc: 2\n") ==
        Events{"syntax-error 2: YAML: invalid leading UTF-8 octet (byte 255)",
               "doc", "{ 4", "string:c 4", "int:2 4", "}", "/doc"});
}

TEST_CASE("YamlReader: chunks of any size give the same events") {
  const std::string text =
      "# a comment\n"
      "kind: Pod\n"
      "metadata: {name: \"caf\xC3\xA9\", labels: &l {app: web}}\n"
      "spec:\n"
      "  priority: 100\n"
      "  copy: *l\n"
      "  text: |\n"
      "    line one\n"
      "    line two\n"
      "---\n"
      "broken: [1\n"
      "---\n"
      "- 1.5\n"
      "- ~\n";
  Events whole = ReadYaml(text);
  REQUIRE(whole.size() > 20);
  for (size_t chunk = 1; chunk <= text.size(); ++chunk) {
    CAPTURE(chunk);
    CHECK(ReadYaml(text, chunk) == whole);
  }
}

TEST_CASE("YamlReader: nesting past the limit is refused") {
  const int limit = YamlReader::kMaxNesting;
  SUBCASE("at the limit") {
    Events events = ReadYaml(std::string(limit, '[') + std::string(limit, ']'));
    CHECK(events.size() == 2 + 2 * static_cast<size_t>(limit));
    CHECK(events.back() == "/doc");
  }
  SUBCASE("one past it, then the next document") {
    Events events = ReadYaml(std::string(limit + 1, '[') +
                             std::string(limit + 1, ']') + "\n---\nok\n");
    REQUIRE(events.size() == 1 + limit + 4);
    CHECK(events[limit + 1] ==
          "syntax-error 1: YAML: nested more than 1000 levels deep");
    CHECK(Events(events.end() - 3, events.end()) ==
          Events{"doc", "string:ok 3", "/doc"});
  }
}

}  // namespace podsim
