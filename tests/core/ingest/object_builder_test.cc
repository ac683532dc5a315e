#include "core/ingest/object_builder.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/ingest/yaml_reader.h"
#include "tests/core/ingest/event_recorder.h"

namespace podsim {
namespace {

using Strings = std::vector<std::string>;

// Records what the builder hands over, as text.
class Sink final : public ObjectSink {
 public:
  struct Got {
    std::string json;
    int line = 0;
    int document = 0;
    int depth = 0;
    Strings lines;    // "<path> <line>" per kept field, in ForEach order
    Strings unknown;  // "<path> <line>" per unknown field
    FieldLines field_lines;
  };
  std::map<std::string, FieldRule, std::less<>> rules;
  std::vector<Got> objects;
  Strings reports;  // "<severity> <object>|<path> line L doc D: <message>"

  const FieldRule* FieldsOf(std::string_view kind) const override {
    auto it = rules.find(kind);
    return it == rules.end() ? nullptr : &it->second;
  }
  // The kinds a typed list streams the items of.
  std::vector<std::string> read = {"Node", "Pod"};
  bool Reads(std::string_view kind) const override {
    return std::find(read.begin(), read.end(), kind) != read.end();
  }
  void AddObject(const nlohmann::json& object,
                 const ObjectSource& source) override {
    Got got;
    got.json = object.dump();
    got.line = source.line;
    got.document = source.document;
    got.depth = source.depth;
    source.lines->ForEach([&](const std::string& path, int line) {
      got.lines.push_back(path + " " + std::to_string(line));
    });
    for (const UnknownField& f : *source.unknown_fields) {
      got.unknown.push_back(f.path + " " + std::to_string(f.line));
    }
    objects.push_back(std::move(got));
  }
  void AddUnknownFields(std::string_view kind,
                        const std::vector<UnknownField>& fields,
                        int document) override {
    for (const UnknownField& f : fields) {
      reports.push_back("unknown " + std::string(kind) + "|" + f.path +
                        " line " + std::to_string(f.line) + " doc " +
                        std::to_string(document));
    }
  }
  void Report(Severity severity, const std::string& object,
              const FieldPath& path, int line, std::string message,
              int document, int related_line) override {
    reports.push_back(
        std::string(severity == Severity::kError ? "error " : "warning ") +
        object + "|" + path.str() + " line " + std::to_string(line) + " doc " +
        std::to_string(document) + ": " + message +
        (related_line ? " (related " + std::to_string(related_line) + ")"
                      : ""));
  }
};

// Builds the objects of YAML (or JSON) text.
ObjectBuilder Build(Sink& sink, std::string_view text) {
  ObjectBuilder builder(sink);
  YamlReader reader(builder);
  reader.Feed(text);
  reader.Finish();
  return builder;
}

Strings Jsons(const Sink& sink) {
  Strings out;
  for (const Sink::Got& got : sink.objects) out.push_back(got.json);
  return out;
}

constexpr const char* kPod =
    "apiVersion: v1\n"                       // 1
    "kind: Pod\n"                            // 2
    "metadata:\n"                            // 3
    "  name: web\n"                          // 4
    "  labels:\n"                            // 5
    "    kubernetes.io/hostname: n1\n"       // 6
    "spec:\n"                                // 7
    "  nodeName: n1\n"                       // 8
    "  containers:\n"                        // 9
    "  - name: a\n"                          // 10
    "    image: pause\n"                     // 11
    "    resources: {requests: {cpu: 1}}\n"  // 12
    "  - name: b\n"                          // 13
    "    image: pause\n"                     // 14
    "status:\n"                              // 15
    "  phase: Running\n";                    // 16

}  // namespace

TEST_CASE("FieldRule: Parse keeps the named fields, a bare name all of it") {
  FieldRule rule = FieldRule::Parse(
      "metadata{name labels} spec{nodeName\n containers{resources}}");
  CHECK_FALSE(rule.keeps_all());
  REQUIRE(rule.Find("metadata") != nullptr);
  CHECK_FALSE(rule.Find("metadata")->keeps_all());
  REQUIRE(rule.Find("metadata")->Find("labels") != nullptr);
  CHECK(rule.Find("metadata")->Find("labels")->keeps_all());
  CHECK(rule.Find("metadata")->Find("namespace") == nullptr);
  const FieldRule* containers = rule.Find("spec")->Find("containers");
  REQUIRE(containers != nullptr);
  CHECK(containers->Find("resources") != nullptr);
  CHECK(containers->Find("image") == nullptr);
  CHECK(rule.Find("spec")->Find("nodeName")->keeps_all());
  CHECK(rule.Find("status") == nullptr);
  CHECK(FieldRule::All().keeps_all());
  CHECK(FieldRule::All().Find("anything") == &FieldRule::All());
}

TEST_CASE("ObjectBuilder: an object keeps only the fields its rule keeps") {
  Sink sink;
  sink.rules.emplace(
      "Pod", FieldRule::Parse("metadata{name} spec{containers{resources}}"));
  ObjectBuilder builder = Build(sink, kPod);
  CHECK(sink.reports.empty());
  CHECK(Jsons(sink) ==
        Strings{R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},)"
                R"("spec":{"containers":[{"resources":{"requests":{"cpu":1}}},)"
                R"({}]}})"});
  CHECK(builder.objects() == 1);
  CHECK(builder.values() == 1);
}

TEST_CASE(
    "ObjectBuilder: kind and apiVersion are kept whatever the rule, and "
    "fields before kind whole") {
  Sink sink;
  sink.rules.emplace("Pod", FieldRule::Parse("metadata{name}"));
  Build(sink,
        "spec: {nodeName: n1}\n"
        "kind: Pod\n"
        "apiVersion: v1\n"
        "metadata: {name: web, namespace: default}\n"
        "status: {phase: Running}\n");
  // Until kind is read, the rule is not known: spec is kept whole.
  CHECK(Jsons(sink) ==
        Strings{R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},)"
                R"("spec":{"nodeName":"n1"}})"});
}

TEST_CASE("ObjectBuilder: a kind without a rule keeps every field") {
  Sink sink;
  Build(sink, "kind: Widget\nspec: {a: [1, 2.5, true, null, x]}\n");
  CHECK(Jsons(sink) ==
        Strings{R"({"kind":"Widget","spec":{"a":[1,2.5,true,null,"x"]}})"});
}

TEST_CASE("FieldLines: Find gives the source line of each kept field") {
  Sink sink;
  sink.rules.emplace("Pod", FieldRule::Parse("metadata{name labels} "
                                             "spec{containers{name}}"));
  Build(sink, kPod);
  REQUIRE(sink.objects.size() == 1);
  const Sink::Got& pod = sink.objects[0];
  CHECK(pod.line == 1);
  CHECK(pod.document == 0);
  CHECK(pod.lines ==
        Strings{"apiVersion 1", "kind 2", "metadata 4", "metadata.name 4",
                "metadata.labels 6", "metadata.labels.kubernetes.io/hostname 6",
                "spec 8", "spec.containers 10", "spec.containers[0] 10",
                "spec.containers[0].name 10", "spec.containers[1] 13",
                "spec.containers[1].name 13"});
}

TEST_CASE("FieldLines: Find looks a path up, dots in names included") {
  // The lines live while the object is handed over: look up then.
  struct Finder final : public ObjectSink {
    std::map<std::string, int> found;
    FieldRule rule =
        FieldRule::Parse("metadata{name labels} spec{containers{name}}");
    const FieldRule* FieldsOf(std::string_view) const override { return &rule; }
    bool Reads(std::string_view) const override { return true; }
    void AddObject(const nlohmann::json&, const ObjectSource& source) override {
      for (const char* path :
           {"kind", "metadata.name", "metadata.labels",
            "metadata.labels.kubernetes.io/hostname", "spec.containers",
            "spec.containers[0]", "spec.containers[1].name",
            "spec.containers[2]", "spec.nodeName", "status", "metadata.nam", "",
            "spec.containers[1"}) {
        found[path] = source.lines->Find(path);
      }
    }
    void AddUnknownFields(std::string_view, const std::vector<UnknownField>&,
                          int) override {}
    void Report(Severity, const std::string&, const FieldPath&, int,
                std::string, int, int) override {}
  } finder;
  ObjectBuilder finding(finder);
  YamlReader finding_reader(finding);
  finding_reader.Feed(kPod);
  finding_reader.Finish();
  CHECK(finder.found == std::map<std::string, int>{
                            {"kind", 2},
                            {"metadata.name", 4},
                            {"metadata.labels", 6},
                            {"metadata.labels.kubernetes.io/hostname", 6},
                            {"spec.containers", 10},
                            {"spec.containers[0]", 10},
                            {"spec.containers[1].name", 13},
                            {"spec.containers[2]", 0},
                            {"spec.nodeName", 0},  // dropped
                            {"status", 0},         // dropped
                            {"metadata.nam", 0},
                            {"", 0},
                            {"spec.containers[1", 0},
                        });
}

TEST_CASE("FieldLines: the longest field name the path continues after wins") {
  const std::string metadata = "metadata", labels = "labels", app = "app",
                    app_name = "app.kubernetes.io/name";
  FieldLines lines;
  const int m = lines.Add({-1, &metadata, 0, 3});
  const int l = lines.Add({m, &labels, 0, 4});
  lines.Add({l, &app, 0, 5});
  lines.Add({l, &app_name, 0, 6});
  CHECK(lines.Find("metadata.labels.app") == 5);
  CHECK(lines.Find("metadata.labels.app.kubernetes.io/name") == 6);
  CHECK(lines.Find("metadata.labels.app.kubernetes.io") == 0);
  CHECK(lines.Find("metadata.labels.ap") == 0);
}

TEST_CASE("FieldLines: list positions past nine are found") {
  const std::string spec = "spec", containers = "containers";
  FieldLines lines;
  const int s = lines.Add({-1, &spec, 0, 1});
  const int c = lines.Add({s, &containers, 0, 2});
  for (int i = 0; i < 12; ++i) lines.Add({c, nullptr, i, 10 + i});
  CHECK(lines.Find("spec.containers[0]") == 10);
  CHECK(lines.Find("spec.containers[11]") == 21);
  CHECK(lines.Find("spec.containers[12]") == 0);
  std::vector<std::string> paths;
  lines.ForEach([&](const std::string& path, int line) {
    if (line >= 20) paths.push_back(path);
  });
  CHECK(paths == Strings{"spec.containers[10]", "spec.containers[11]"});
}

TEST_CASE("ObjectBuilder: a List's items stream through as objects") {
  SUBCASE("kind List before its items") {
    Sink sink;
    ObjectBuilder builder = Build(sink,
                                  "apiVersion: v1\n"
                                  "kind: List\n"
                                  "items:\n"
                                  "- kind: Node\n"
                                  "  metadata: {name: n1}\n"
                                  "- kind: Node\n"
                                  "  metadata: {name: n2}\n");
    CHECK(sink.reports.empty());
    CHECK(Jsons(sink) ==
          Strings{R"({"kind":"Node","metadata":{"name":"n1"}})",
                  R"({"kind":"Node","metadata":{"name":"n2"}})"});
    REQUIRE(sink.objects.size() == 2);
    CHECK(sink.objects[0].line == 4);
    CHECK(sink.objects[1].line == 6);
    CHECK(sink.objects[1].lines ==
          Strings{"kind 6", "metadata 7", "metadata.name 7"});
    CHECK(builder.objects() == 2);
    CHECK(builder.values() == 3);
  }
  SUBCASE("items before kind List, as kubectl prints them") {
    Sink sink;
    Build(
        sink,
        R"({"apiVersion": "v1", "items": [{"kind": "Node"}], "kind": "List"})");
    CHECK(sink.reports.empty());
    CHECK(Jsons(sink) == Strings{R"({"kind":"Node"})"});
  }
  SUBCASE("a List without items") {
    Sink sink;
    Build(sink, "kind: List\nitems: 3\n");
    CHECK(sink.objects.empty());
    CHECK(sink.reports ==
          Strings{"error List|items line 1 doc 0: must be a list of objects"});
  }
}

TEST_CASE("ObjectBuilder: values at the top level and in lists") {
  SUBCASE("a list of objects") {
    Sink sink;
    ObjectBuilder builder = Build(sink, "[{kind: A}, [{kind: B}]]");
    CHECK(Jsons(sink) == Strings{R"({"kind":"A"})", R"({"kind":"B"})"});
    CHECK(builder.values() == 2);
  }
  SUBCASE("a scalar is not an object") {
    Sink sink;
    Build(sink, "--- web\n--- 5\n---\n");
    CHECK(sink.reports ==
          Strings{"error | line 1 doc 0: expected a Kubernetes object, not a "
                  "string",
                  "error | line 2 doc 1: expected a Kubernetes object, not an "
                  "integer"});
  }
  SUBCASE("lists more than 4 deep") {
    Sink sink;
    Build(sink, "[[[[{kind: A}]]]]\n---\n[[[[[{kind: B}]]]]]\n");
    CHECK(Jsons(sink) == Strings{R"({"kind":"A"})"});
    CHECK(sink.reports ==
          Strings{"error | line 3 doc 1: lists are nested more than 4 deep; "
                  "expected objects, a List, or a list of objects"});
  }
}

TEST_CASE("ObjectBuilder: a duplicate key warns and the last value is kept") {
  Sink sink;
  Build(sink, "kind: Widget\nspec: {a: 1}\nspec: {b: 2}\n");
  CHECK(Jsons(sink) == Strings{R"({"kind":"Widget","spec":{"b":2}})"});
  CHECK(sink.reports ==
        Strings{"warning Widget| line 3 doc 0: YAML: key \"spec\" already set "
                "in map; the last one is used"});
}

TEST_CASE("ObjectBuilder: a value JSON cannot hold is reported and dropped") {
  Sink sink;
  Build(sink, "kind: Widget\nspec: {a: .inf, b: 1}\n");
  CHECK(Jsons(sink) == Strings{R"({"kind":"Widget","spec":{"b":1}})"});
  CHECK(sink.reports ==
        Strings{"error Widget| line 2 doc 0: YAML: .inf is not a JSON number "
                "(json: unsupported value); Kubernetes refuses it"});
}

TEST_CASE("ObjectBuilder: aliases copy the anchored value") {
  SUBCASE("a scalar and a map") {
    Sink sink;
    Build(sink,
          "kind: Widget\n"
          "spec:\n"
          "  a: &n web\n"
          "  b: &m {c: 1}\n"
          "  d: [*n, *m]\n");
    CHECK(sink.reports.empty());
    CHECK(Jsons(sink) == Strings{R"({"kind":"Widget","spec":{"a":"web",)"
                                 R"("b":{"c":1},"d":["web",{"c":1}]}})"});
  }
  SUBCASE("misused aliases") {
    Sink sink;
    Build(sink,
          "kind: Widget\n"
          "spec:\n"
          "  a: *missing\n"
          "  *x : 1\n"
          "---\n"
          "- {kind: A, spec: &s {x: 1}}\n"
          "- *s\n");
    CHECK(Jsons(sink) == Strings{R"({"kind":"Widget","spec":{}})",
                                 R"({"kind":"A","spec":{"x":1}})"});
    CHECK(sink.reports ==
          Strings{"error Widget| line 3 doc 0: YAML: unknown anchor "
                  "\"missing\" referenced (or it is in a field podsim does "
                  "not read)",
                  "error Widget| line 4 doc 0: YAML: an alias cannot be a key",
                  "error | line 7 doc 1: YAML: an alias cannot stand for a "
                  "whole object"});
  }
}

TEST_CASE("ObjectBuilder: aliases past the expansion cap refuse the document") {
  // Each level holds ten aliases of the one before: 10^6 copies of the
  // first by the sixth level ("billion laughs").
  std::string text =
      "kind: Widget\nspec:\n  l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 6; ++i) {
    std::string prev = "*l" + std::to_string(i - 1);
    text += "  l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) text += (j ? ", " : "") + prev;
    text += "]\n";
  }
  text += "---\nkind: After\n";
  Sink sink;
  Build(sink, text);
  CHECK(Jsons(sink) == Strings{R"({"kind":"After"})"});
  CHECK(sink.reports ==
        Strings{"error | line 8 doc 0: YAML: document contains excessive "
                "aliasing"});
}

TEST_CASE("ObjectBuilder: syntax errors are reported by document") {
  Sink sink;
  Build(sink, "kind: A\n---\nkind: [B\n---\nkind: C\n");
  CHECK(Jsons(sink) == Strings{R"({"kind":"A"})", R"({"kind":"C"})"});
  REQUIRE(sink.objects.size() == 2);
  CHECK(sink.objects[1].document == 2);
  CHECK(sink.reports ==
        Strings{"error | line 4 doc 1: YAML: did not find expected ',' or ']' "
                "(while parsing a flow sequence started at line 3) "
                "(related 3)"});
}

TEST_CASE("ObjectBuilder: depth counts the levels of kept fields, leaves too") {
  Sink sink;
  Build(sink, "kind: Widget\nspec: {x: {y: {z: 1}}}\n");
  REQUIRE(sink.objects.size() == 1);
  CHECK(sink.objects[0].depth == 5);
}

// A dropped field's scalar leaf once went uncounted, so an object nested
// past the decoder's 64 levels in a field podsim drops was read while the
// same object with the field kept was refused.
TEST_CASE("ObjectBuilder: depth counts dropped fields as deep as kept ones") {
  Sink sink;
  sink.rules.emplace("Pod", FieldRule::Parse("metadata{name}"));
  Build(sink, "kind: Pod\nmetadata: {name: a}\nspec: {x: {y: {z: 1}}}\n");
  REQUIRE(sink.objects.size() == 1);
  CHECK(sink.objects[0].json == R"({"kind":"Pod","metadata":{"name":"a"}})");
  CHECK(sink.objects[0].depth == 5);
}

}  // namespace podsim
