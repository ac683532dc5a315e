// The streaming reader: any chunking gives the same scenario, YAML and JSON
// alike; kubectl's noise is dropped; lines, documents and YAML's own rules
// hold.
#include "core/ingest/loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/output/result_json.h"
#include "core/scheduler/simulator.h"
#include "tests/builders.h"
#include "tests/core/ingest/event_recorder.h"  // prints string lists

namespace podsim {
using namespace testing;

namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string SimulateInChunks(const std::string& text, size_t chunk) {
  Loader loader;
  for (size_t i = 0; i < text.size(); i += chunk) {
    loader.Feed(std::string_view(text).substr(i, chunk));
  }
  DecodeResult decoded = loader.Finish();
  return ToJson(
      Simulate(std::move(decoded.scenario), std::move(decoded.diagnostics)));
}

std::vector<std::string> Messages(const DecodeResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.diagnostics.items()) {
    out.push_back(std::to_string(d.line) + " " + d.object + " " + d.path +
                  ": " + d.message);
  }
  return out;
}

// Each object's text as its range cuts it out of text, in input order, as
// "<form> <name>: <text>", the input fed in chunks of chunk bytes (0: whole).
std::vector<std::string> Ranges(const std::string& text, size_t chunk = 0) {
  Loader loader;
  if (chunk == 0) chunk = text.size();
  for (size_t i = 0; i < text.size(); i += chunk) {
    loader.Feed(std::string_view(text).substr(i, chunk));
  }
  const Scenario s = loader.Finish().scenario;
  std::vector<std::pair<SourceRange, std::string>> found;
  for (const Node& n : s.nodes) found.emplace_back(n.range, n.name);
  for (const Pod& p : s.pods) found.emplace_back(p.range, p.name);
  for (const PriorityClass& c : s.priority_classes) {
    found.emplace_back(c.range, c.name);
  }
  for (const PodDisruptionBudget& b : s.pdbs)
    found.emplace_back(b.range, b.name);
  for (const NamespaceObject& n : s.namespaces) {
    found.emplace_back(n.range, n.name);
  }
  if (s.has_config) found.emplace_back(s.config_range, "config");
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first.begin < b.first.begin;
  });
  std::vector<std::string> out;
  for (const auto& [range, name] : found) {
    REQUIRE(range.begin <= range.end);
    REQUIRE(range.end <= text.size());
    out.push_back(std::string(ToString(range.form)) + " " + name + ": " +
                  text.substr(range.begin, range.end - range.begin));
  }
  return out;
}

}  // namespace

TEST_CASE("Loader: any chunking reads every gallery example alike") {
  std::filesystem::path dir =
      std::filesystem::path(PODSIM_SOURCE_DIR) / "web/examples";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".yaml") continue;
    CAPTURE(entry.path().string());
    std::string text = ReadFile(entry.path());
    std::string whole = ToJson(Simulate(text));
    for (size_t chunk : {1, 7, 4096}) {
      CAPTURE(chunk);
      CHECK(SimulateInChunks(text, chunk) == whole);
    }
    ++count;
  }
  CHECK(count >= 10);
}

TEST_CASE("Loader: JSON split anywhere reads alike, escapes included") {
  Json pod = PendingPod("p", {"100m", "64Mi"}, 1);
  pod["metadata"]["labels"] = {{"app", "caf\u00e9 \U0001F600"}};
  std::string text =
      ScenarioWith(NodeWith("n1", {"1", "1Gi"}), pod) + "\n" +
      R"({"kind":"Node","metadata":{"name":"n2","labels":{"k":"\u00e9\ud83d\ude00\ud800"}},"status":{"allocatable":{"cpu":1.5e0}}})";
  std::string whole = ToJson(Simulate(text));
  for (size_t chunk : {1, 2, 3, 5, 64}) {
    CAPTURE(chunk);
    CHECK(SimulateInChunks(text, chunk) == whole);
  }
  DecodeResult r = Decode(text);
  REQUIRE(r.scenario.nodes.size() == 2);
  // A lone surrogate cannot travel as UTF-8: it becomes U+FFFD.
  const std::string* k = r.scenario.nodes[1].labels.Find("k");
  REQUIRE(k);
  CHECK(*k == "\u00e9\U0001F600\xEF\xBF\xBD");
  CHECK(r.scenario.nodes[1].allocatable.Get(kCpu) == 1500);
}

TEST_CASE("Loader: a kubectl List keeps what the scheduler reads") {
  DecodeResult r = Decode(R"(apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      kubectl.kubernetes.io/restartedAt: "2024-05-01T10:00:00Z"
    creationTimestamp: "2024-05-01T10:00:00Z"
    labels:
      app: web
    managedFields:
    - apiVersion: v1
      fieldsType: FieldsV1
      fieldsV1:
        f:metadata:
          f:labels:
            .: {}
            f:app: {}
      manager: kube-controller-manager
    name: web-1
    namespace: shop
  spec:
    containers:
    - env:
      - name: A
        value: "1"
      image: nginx
      name: web
      resources:
        requests:
          cpu: 250m
          memory: 64Mi
    nodeName: n1
    priority: 1000
    priorityClassName: high
  status:
    phase: Running
    startTime: "2024-05-01T10:00:01Z"
kind: List
metadata:
  resourceVersion: ""
)");
  CHECK(Messages(r).empty());
  REQUIRE(r.scenario.pods.size() == 1);
  const Pod& pod = r.scenario.pods[0];
  CHECK(pod.key == "shop/web-1");
  CHECK(pod.line == 3);
  CHECK(pod.requests.Get(kCpu) == 250);
  CHECK(pod.node_name == "n1");
  CHECK(*pod.labels.Find("app") == "web");
  CHECK(pod.start_time.has_value());
}

TEST_CASE("Loader: YAML 1.1 values reach the readers as Kubernetes types") {
  DecodeResult r = Decode(R"(kind: PriorityClass
metadata: {name: a}
value: 0o17
globalDefault: yes
---
kind: PriorityClass
metadata: {name: b}
value: "1000"
---
kind: PriorityClass
metadata: {name: c}
value: 1e3
preemptionPolicy: ~
---
kind: Node
metadata:
  name: n1
  labels:
    on: off
status: {allocatable: {cpu: 017, pods: 9}}
)");
  REQUIRE(r.scenario.priority_classes.size() == 2);
  CHECK(r.scenario.priority_classes[0].value == 15);
  CHECK(r.scenario.priority_classes[0].global_default);
  CHECK(r.scenario.priority_classes[1].value == 1000);
  CHECK(Messages(r) ==
        std::vector<std::string>{
            "8 PriorityClass b value: must be an integer, not a string",
            "19 Node n1 metadata.labels.true: must be a string, not a "
            "boolean; quote it in YAML, e.g. \"false\"",
        });
}

TEST_CASE("Loader: .inf and .nan are refused, as YAMLToJSON refuses them") {
  DecodeResult r =
      Decode("kind: PriorityClass\nmetadata: {name: a}\nvalue: .inf\n");
  CHECK(Messages(r) ==
        std::vector<std::string>{
            "3 PriorityClass : YAML: .inf is not a JSON number (json: "
            "unsupported value); Kubernetes refuses it",
            "1 PriorityClass a value: is required, e.g. value: 1000",
        });
}

TEST_CASE("Loader: duplicate keys warn and the last one is used") {
  DecodeResult r = Decode(R"(kind: PriorityClass
metadata:
  name: a
value: 1
value: 2
)");
  REQUIRE(r.scenario.priority_classes.size() == 1);
  CHECK(r.scenario.priority_classes[0].value == 2);
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].severity == Severity::kWarning);
  CHECK(r.diagnostics.items()[0].line == 5);
  CHECK(r.diagnostics.items()[0].message ==
        "YAML: key \"value\" already set in map; the last one is used");
}

TEST_CASE("Loader: a duplicate map keeps the lines of the one used") {
  // A fuzzer found the lines of the replaced map's fields read after free.
  DecodeResult r = Decode(R"(kind: Pod
metadata: {name: a, labels: {x: y}}
metadata:
  name: b
spec:
  containers:
  - name: c
    resources: {requests: {cpu: nonsense}}
)");
  REQUIRE(r.diagnostics.items().size() == 2);
  CHECK(r.diagnostics.items()[1].object == "Pod default/b");
  CHECK(r.diagnostics.items()[1].line == 8);
}

TEST_CASE("Loader: a YAML syntax error loses only its own document") {
  DecodeResult r = Decode(R"(kind: PriorityClass
metadata: {name: a}
value: 1
---
kind: PriorityClass
metadata: {name: b
value: 2
---
kind: PriorityClass
metadata: {name: c}
value: 3
)");
  REQUIRE(r.scenario.priority_classes.size() == 2);
  CHECK(r.scenario.priority_classes[1].name == "c");
  CHECK(r.scenario.priority_classes[1].line == 9);
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].document == 1);
  CHECK(r.diagnostics.items()[0].message.rfind("YAML: ", 0) == 0);
}

TEST_CASE("Loader: JSON documents joined by --- lines are read as a stream") {
  DecodeResult r = Decode(
      "{\"kind\": \"PriorityClass\", \"metadata\": {\"name\": \"a\"}, "
      "\"value\": 1}\n---\n{\"kind\": \"PriorityClass\", \"metadata\": "
      "{\"name\": \"b\"}, \"value\": 2}\n--- # two\n");
  CHECK(Messages(r).empty());
  REQUIRE(r.scenario.priority_classes.size() == 2);
  CHECK(r.scenario.priority_classes[1].line == 3);
}

TEST_CASE("Loader: a flow mapping that looks like JSON is read as YAML") {
  DecodeResult r =
      Decode("{kind: PriorityClass, metadata: {name: a}, value: 7}");
  CHECK(Messages(r).empty());
  REQUIRE(r.scenario.priority_classes.size() == 1);
  CHECK(r.scenario.priority_classes[0].value == 7);
}

TEST_CASE("Loader: a diagnostic after decoding names the field's line") {
  SimulationResult r = Simulate(R"(kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
  priorityClassName: gold
)");
  REQUIRE_FALSE(r.diagnostics.items().empty());
  CHECK(r.diagnostics.items()[0].path == "spec.priorityClassName");
  CHECK(r.diagnostics.items()[0].line == 7);
}

TEST_CASE("Loader: aliases expand, and an alias bomb is refused") {
  DecodeResult r = Decode(R"(kind: Node
metadata:
  name: n1
  labels: &l {zone: a}
status: {allocatable: &a {cpu: "2", pods: 5}, capacity: *a}
)");
  CHECK(Messages(r).empty());
  std::string bomb =
      "kind: Node\nmetadata: {name: n1}\na: &a [x, x, x, x, x, x, x, x, x, "
      "x]\n";
  // Aliases in a dropped field cost nothing; in a kept one they are counted.
  bomb =
      "kind: KubeSchedulerConfiguration\na0: &a0 [x, x, x, x, x, x, x, x, x, "
      "x]\n";
  for (int i = 1; i < 9; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev +
            ", " + prev + ", " + prev + ", " + prev + ", " + prev + ", " +
            prev + ", " + prev + ", " + prev + ", " + prev + ", " + prev +
            "]\n";
  }
  DecodeResult b = Decode(bomb);
  bool refused = false;
  for (const Diagnostic& d : b.diagnostics.items()) {
    refused |= d.message.find("aliasing") != std::string::npos;
  }
  CHECK(refused);
}

}  // namespace podsim

namespace podsim {
using namespace testing;

// Found in review: each input once crashed, stalled or misplaced a line.
TEST_CASE("Loader: aliases cannot nest an object past the depth limit") {
  std::string text = "kind: KubeSchedulerConfiguration\n";
  std::string previous = "x";
  for (int k = 0; k < 180; ++k) {
    std::string name = "a" + std::to_string(k);
    text += name + ": &" + name + " " + std::string(55, '[') + previous +
            std::string(55, ']') + "\n";
    previous = "*" + name;
  }
  DecodeResult r = Decode(text);
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "is nested more than 64 levels deep; ignored");
}

TEST_CASE("Loader: anchors that copy aliases count against the budget") {
  std::string text =
      "kind: KubeSchedulerConfiguration\na0: &a0 [x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 5; ++i) {
    std::string p = "*a" + std::to_string(i - 1);
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + p +
            ", " + p + ", " + p + ", " + p + ", " + p + ", " + p + ", " + p +
            ", " + p + "]\n";
  }
  text += "big: &w0 ";
  for (int i = 1; i < 40; ++i) text += "[&w" + std::to_string(i) + " ";
  text +=
      "[*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]" + std::string(39, ']') + "\n";
  DecodeResult r = Decode(text);
  bool refused = false;
  for (const Diagnostic& d : r.diagnostics.items()) {
    refused |= d.message == "YAML: document contains excessive aliasing";
  }
  CHECK(refused);
}

TEST_CASE("Loader: deep flow nesting is refused quickly") {
  DecodeResult r = Decode("a: " + std::string(100'000, '['));
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "YAML: nested more than 1000 levels deep");
}

TEST_CASE("Loader: bad bytes are reported at their own line") {
  DecodeResult r = Decode(
      "kind: PriorityClass\nmetadata: {name: a}\nvalue: 1\n---\nkind: "
      "PriorityClass\nmetadata: {name: b}\nvalue: 2\n---\nx: \"\xff\"\n");
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].line == 9);
  CHECK(r.diagnostics.items()[0].message.find("UTF-8") != std::string::npos);
}

TEST_CASE("Loader: JSON lines count from the top, byte order mark split") {
  DecodeResult r =
      Decode("\n\n\n{\"kind\": \"PriorityClass\", \"metadata\": {}}");
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].line == 4);
  std::string json =
      "\xEF\xBB\xBF{\"kind\":\"PriorityClass\",\"metadata\":{\"name\":\"a\"},"
      "\"value\":1}";
  CHECK(SimulateInChunks(json, 1) == ToJson(Simulate(json)));
}

TEST_CASE("Loader: a tag error refuses its document, counted once") {
  DecodeResult r = Decode(
      "x: !!int abc\ny: [\n---\nkind: PriorityClass\nmetadata: {name: b}\n"
      "value: 1\n---\nkind: PriorityClass\nvalue: 1\n");
  REQUIRE(r.scenario.priority_classes.size() == 1);
  REQUIRE(r.diagnostics.items().size() >= 2);
  CHECK(r.diagnostics.items()[0].document == 0);
  CHECK(r.diagnostics.items().back().document == 2);
}

TEST_CASE("Loader: an object of a YAML stream spans its document") {
  // From the document's start (its leading comments included, its ---
  // line not) to the end of its last value (the comments after it, which
  // are about the next document, not).
  const std::string text =
      "# the cluster: one node\n"
      "kind: Node\n"
      "metadata: {name: n1}\n"
      "# the pod follows\n"
      "---\n"
      "# the pod\n"
      "kind: Pod\n"
      "metadata:\n"
      "  name: web\n"
      "  annotations: {note: \"caf\xC3\xA9 \xF0\x9F\x98\x80\"}\n"
      "spec:\n"
      "  containers:\n"
      "  - name: c\n"
      "\n"
      "...\n"
      "--- # a class, and a comment on its marker line\n"
      "kind: PriorityClass\n"
      "metadata: {name: high}\n"
      "value: 10\n"
      "description: |\n"
      "  ten\n"
      "--- {kind: Namespace, metadata: {name: team}}\n"
      "---\n"
      "kind: Namespace\n"
      "metadata: {name: last}";
  const std::vector<std::string> want = {
      "yamlDocument n1: # the cluster: one node\nkind: Node\n"
      "metadata: {name: n1}",
      "yamlDocument web: # the pod\nkind: Pod\nmetadata:\n  name: web\n"
      "  annotations: {note: \"caf\xC3\xA9 \xF0\x9F\x98\x80\"}\nspec:\n"
      "  containers:\n  - name: c",
      // A block scalar ends past its line break.
      "yamlDocument high: kind: PriorityClass\nmetadata: {name: high}\n"
      "value: 10\ndescription: |\n  ten\n",
      "yamlDocument team: {kind: Namespace, metadata: {name: team}}",
      "yamlDocument last: kind: Namespace\nmetadata: {name: last}",
  };
  CHECK(Ranges(text) == want);
  for (size_t chunk : {1, 2, 3, 5, 64}) {
    CAPTURE(chunk);
    CHECK(Ranges(text, chunk) == want);
  }
}

TEST_CASE("Loader: a byte order mark and CRLF lines are counted as bytes") {
  const std::string text =
      "\xEF\xBB\xBF# caf\xC3\xA9\r\nkind: Node\r\nmetadata: {name: n1}\r\n"
      "---\r\nkind: Node\r\nmetadata:\r\n  name: n2\r\n";
  const std::vector<std::string> want = {
      "yamlDocument n1: # caf\xC3\xA9\r\nkind: Node\r\nmetadata: {name: n1}",
      "yamlDocument n2: kind: Node\r\nmetadata:\r\n  name: n2",
  };
  CHECK(Ranges(text) == want);
  CHECK(Ranges(text, 1) == want);
}

TEST_CASE("Loader: an item of a YAML list spans its own value") {
  // A List's items (the config among them) and a document that is a list.
  const std::string text =
      "apiVersion: v1\n"
      "items:\n"
      "- apiVersion: kubescheduler.config.k8s.io/v1\n"
      "  kind: KubeSchedulerConfiguration\n"
      "- kind: Node\n"
      "  metadata: {name: n1}   # trailing comment\n"
      "  # between items\n"
      "-   &a kind: Node\n"
      "    metadata:\n"
      "      name: n2\n"
      "kind: List\n"
      "---\n"
      "  - kind: Namespace\n"
      "    metadata: {name: web}\n"
      "  - {kind: Namespace, metadata: {name: db}}\n";
  const std::vector<std::string> want = {
      "yamlItem config: apiVersion: kubescheduler.config.k8s.io/v1\n"
      "  kind: KubeSchedulerConfiguration",
      "yamlItem n1: kind: Node\n  metadata: {name: n1}",
      "yamlItem n2: &a kind: Node\n    metadata:\n      name: n2",
      "yamlItem web: kind: Namespace\n    metadata: {name: web}",
      "yamlItem db: {kind: Namespace, metadata: {name: db}}",
  };
  CHECK(Ranges(text) == want);
  CHECK(Ranges(text, 3) == want);
}

TEST_CASE("Loader: a JSON value spans its braces, in a List or not") {
  const std::string text =
      "  {\n"
      "    \"apiVersion\": \"v1\",\n"
      "    \"items\": [\n"
      "        {\n"
      "            \"kind\": \"Node\",\n"
      "            \"metadata\": {\"name\": \"n1\", \"labels\": "
      "{\"a\": \"}\\u00e9\", \"b\": \"\xC3\xA9\"}}\n"
      "        },\n"
      "        {\"kind\": \"Pod\", \"metadata\": {\"name\": \"web\"}}\n"
      "    ],\n"
      "    \"kind\": \"List\"\n"
      "}\n"
      "---\n"
      "{\"kind\": \"Namespace\", \"metadata\": {\"name\": \"team\"}}\n";
  const std::vector<std::string> want = {
      "json n1: {\n"
      "            \"kind\": \"Node\",\n"
      "            \"metadata\": {\"name\": \"n1\", \"labels\": "
      "{\"a\": \"}\\u00e9\", \"b\": \"\xC3\xA9\"}}\n"
      "        }",
      "json web: {\"kind\": \"Pod\", \"metadata\": {\"name\": \"web\"}}",
      "json team: {\"kind\": \"Namespace\", \"metadata\": {\"name\": "
      "\"team\"}}",
  };
  CHECK(Ranges(text) == want);
  for (size_t chunk : {1, 2, 7}) {
    CAPTURE(chunk);
    CHECK(Ranges(text, chunk) == want);
  }
}

TEST_CASE("Loader: a YAML document after a syntax error keeps its offsets") {
  const std::string text =
      "kind: Node\nmetadata: {name: n1\n---\nkind: Node\nmetadata: {name: "
      "n2}\n";
  const std::vector<std::string> want = {
      "yamlDocument n2: kind: Node\nmetadata: {name: n2}"};
  CHECK(Ranges(text) == want);
  CHECK(Ranges(text, 4) == want);
}

TEST_CASE("Loader: ranges stay exact past the input the readers let go") {
  // Over 16 MiB, fed in chunks: the YAML reader parses while its lookahead
  // is full and drops what it is well past; the JSON reader drops what it
  // parsed. Comments of multi-byte characters between the objects keep
  // libyaml's character count apart from the bytes.
  std::string comment;
  for (int i = 0; i < 1000; ++i) comment += "# \xC3\xA9\xF0\x9F\x98\x80 line\n";
  std::string yaml;
  for (int i = 0; i < 1400; ++i) {
    yaml += "---\n" + comment + "kind: Node\nmetadata: {name: n" +
            std::to_string(i) + "}\n";
  }
  REQUIRE(yaml.size() > (18u << 20));
  std::vector<std::string> ranges = Ranges(yaml, 64 << 10);
  REQUIRE(ranges.size() == 1400);
  for (int i : {0, 1, 150, 700, 1399}) {
    CAPTURE(i);
    const std::string name = "n" + std::to_string(i);
    CHECK(ranges[i] == "yamlDocument " + name + ": " + comment +
                           "kind: Node\nmetadata: {name: " + name + "}");
  }
  std::string json = "{\"kind\": \"List\", \"items\": [";
  for (int i = 0; i < 40000; ++i) {
    json += std::string(i ? ", " : "") +
            "{\"kind\": \"Node\", \"metadata\": {\"name\": \"n" +
            std::to_string(i) + "\", \"annotations\": {\"x\": \"\xC3\xA9\"}}}";
  }
  json += "]}";
  REQUIRE(json.size() > (2u << 20));
  ranges = Ranges(json, 64 << 10);
  REQUIRE(ranges.size() == 40000);
  CHECK(ranges.back() ==
        "json n39999: {\"kind\": \"Node\", \"metadata\": {\"name\": "
        "\"n39999\", \"annotations\": {\"x\": \"\xC3\xA9\"}}}");
}

TEST_CASE("Loader: a dropped list element does not shift the others' lines") {
  DecodeResult r = Decode(R"(kind: Pod
metadata: {name: p}
spec:
  containers:
  - *nope
  - name: c1
  - name: c2
    resources: {requests: {cpu: bad}}
)");
  bool found = false;
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (d.path == "spec.containers[1].resources.requests.cpu") {
      found = true;
      CHECK(d.line == 8);
    }
  }
  CHECK(found);
}

TEST_CASE("Loader: a typed list's items take its kind (the API's NodeList)") {
  // kubectl get --raw /api/v1/nodes: kind first, items without kind or
  // apiVersion, managedFields and all.
  const std::string text = ReadFile(std::filesystem::path(PODSIM_SOURCE_DIR) /
                                    "tests/fixtures/api/nodes.json");
  for (size_t chunk : {size_t{1}, size_t{7}, text.size()}) {
    CAPTURE(chunk);
    Loader loader;
    for (size_t i = 0; i < text.size(); i += chunk) {
      loader.Feed(std::string_view(text).substr(i, chunk));
    }
    DecodeResult r = loader.Finish();
    CHECK(Messages(r).empty());
    REQUIRE(r.scenario.nodes.size() == 2);
    CHECK(r.scenario.nodes[0].name == "kind-worker");
    CHECK(r.scenario.nodes[1].allocatable.Get(kCpu) == 2000);
    CHECK(*r.scenario.nodes[1].labels.Find("topology.kubernetes.io/zone") ==
          "zone-b");
  }
}

TEST_CASE("Loader: typed lists of every kind podsim reads, in YAML") {
  DecodeResult r = Decode(R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClassList
items:
- metadata: {name: high}
  value: 1000
---
apiVersion: apps/v1
kind: DeploymentList
items:
- metadata: {name: web, namespace: shop}
  spec:
    replicas: 1
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudgetList
items: null
---
apiVersion: v1
kind: PodList
items:
- metadata: {name: p, namespace: shop}
  spec:
    priorityClassName: high
    containers: [{name: c, image: nginx, resourcez: {}}]
)");
  CHECK(Messages(r) ==
        std::vector<std::string>{
            "28 Pod shop/p spec.containers[0].resourcez: unknown field (not "
            "in the Kubernetes 1.36 API for Pod; did you mean resources?)"});
  REQUIRE(r.scenario.priority_classes.size() == 1);
  CHECK(r.scenario.priority_classes[0].value == 1000);
  REQUIRE(r.scenario.controllers.size() == 1);
  CHECK(r.scenario.controllers[0].ref().Describe() == "Deployment shop/web");
  REQUIRE(r.scenario.pods.size() == 1);
  CHECK(r.scenario.pods[0].priority_class_name == "high");
  CHECK(r.scenario.pods[0].line == 25);
}

TEST_CASE("Loader: a typed list whose kind follows its items holds them") {
  // JSON with its keys sorted (jq -S, a Go map) puts kind after items.
  const std::string text = R"({
  "apiVersion": "v1",
  "items": [
    {
      "metadata": {"name": "n1"},
      "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "10"}}
    },
    {
      "metadata": {"name": "Bad_Name"},
      "statuz": {}
    },
    {
      "kind": "Node",
      "metadata": {"name": "n3"},
      "status": {"allocatable": {"cpu": "3", "memory": "1Gi", "pods": "10"}}
    }
  ],
  "kind": "NodeList",
  "metadata": {"resourceVersion": "7"}
})";
  for (size_t chunk : {size_t{1}, size_t{5}, text.size()}) {
    CAPTURE(chunk);
    Loader loader;
    for (size_t i = 0; i < text.size(); i += chunk) {
      loader.Feed(std::string_view(text).substr(i, chunk));
    }
    DecodeResult r = loader.Finish();
    // The item that named its kind goes first; the others when the list
    // ends, each at its own lines.
    CHECK(Messages(r) ==
          std::vector<std::string>{
              "9 Node metadata.name: invalid name \"Bad_Name\"; expected a "
              "lowercase RFC 1123 subdomain (a-z, 0-9, '-' and '.', "
              "starting and ending with a letter or digit, at most 253 "
              "characters)",
              "10 Node statuz: unknown field (not in the Kubernetes 1.36 API "
              "for Node; did you mean status?)"});
    REQUIRE(r.scenario.nodes.size() == 2);
    CHECK(r.scenario.nodes[0].name == "n3");
    CHECK(r.scenario.nodes[1].name == "n1");
    CHECK(r.scenario.nodes[1].line == 4);
    CHECK(r.scenario.nodes[1].range.implied_kind);
    CHECK(r.scenario.nodes[1].range.implied_api_version);
    CHECK_FALSE(r.scenario.nodes[0].range.implied_kind);
    CHECK(text.substr(r.scenario.nodes[1].range.begin, 4) == "{\n  ");
  }
}

TEST_CASE("Loader: a typed list of a kind podsim does not read is one object") {
  for (
      const char* text :
      {R"({"kind": "EventList", "apiVersion": "v1", "items": [{"metadata": {"name": "e"}}]})",
       R"({"apiVersion": "v1", "items": [{"metadata": {"name": "e"}}], "kind": "EventList"})"}) {
    CAPTURE(text);
    DecodeResult r = Decode(text);
    REQUIRE(r.diagnostics.items().size() == 1);
    CHECK(r.diagnostics.items()[0].object == "EventList");
    CHECK(r.diagnostics.items()[0].message.starts_with(
        "kind \"EventList\" is ignored; podsim reads"));
  }
}

TEST_CASE("Loader: kubectl cluster-info dump, typed lists and pod logs") {
  // Printed to standard output: a NodeList, then for each namespace its
  // events, replication controllers, services, daemon sets, deployments,
  // replica sets and pods as typed lists, each pod's logs after them.
  const std::string text =
      ReadFile(std::filesystem::path(PODSIM_SOURCE_DIR) /
               "tests/fixtures/cluster-info-dump/dump.json");
  const std::string whole = SimulateInChunks(text, text.size());
  for (size_t chunk : {1, 7, 64, 4096}) {
    CAPTURE(chunk);
    CHECK(SimulateInChunks(text, chunk) == whole);
  }
  DecodeResult r = Decode(text);
  CHECK(r.scenario.nodes.size() == 2);
  CHECK(r.scenario.pods.size() == 4);
  CHECK(r.scenario.controllers.size() == 2);
  // Events and services are one warning each, at their list's line; the
  // empty lists of kinds podsim reads say nothing.
  std::vector<std::string> got;
  for (const Diagnostic& d : r.diagnostics.items()) {
    got.push_back(std::to_string(d.line) + " " + d.object + " " + d.cause);
  }
  CHECK(got == std::vector<std::string>{"153 EventList kind:EventList",
                                        "169 ServiceList kind:ServiceList",
                                        "308 EventList kind:EventList",
                                        "351 ServiceList kind:ServiceList"});
  // An item's text is its own value, the logs after the lists untouched.
  const Pod& report = r.scenario.pods[3];
  CHECK(report.key == "default/nightly-report");
  CHECK(text.substr(report.range.begin, 40).starts_with("{\n"));
  CHECK(text.substr(report.range.end - 1, 1) == "}");
}

TEST_CASE("Loader: kubectl cluster-info dump -o yaml, logs between documents") {
  // The YAML printer writes --- between objects, but the logs go right
  // after a PodList's document, in it: they must not spoil it.
  const std::string text =
      "apiVersion: v1\nkind: PodList\nitems:\n"
      "- metadata: {name: p, namespace: default}\n"
      "  spec:\n    containers: [{name: c}]\n"
      "==== START logs for container c of pod default/p ====\n"
      "key: [unclosed\n"
      "==== END logs for container c of pod default/p ====\n"
      "---\napiVersion: v1\nkind: PodList\nitems:\n"
      "- metadata: {name: q, namespace: kube-system}\n"
      "  spec:\n    containers: [{name: c}]\n";
  for (size_t chunk : {size_t{1}, size_t{9}, text.size()}) {
    CAPTURE(chunk);
    Loader loader;
    for (size_t i = 0; i < text.size(); i += chunk) {
      loader.Feed(std::string_view(text).substr(i, chunk));
    }
    DecodeResult r = loader.Finish();
    CHECK(Messages(r).empty());
    REQUIRE(r.scenario.pods.size() == 2);
    CHECK(r.scenario.pods[1].key == "kube-system/q");
    CHECK(r.scenario.pods[1].line == 14);
  }
}

TEST_CASE("Loader: several sources are one input, each with its own lines") {
  Loader loader;
  loader.StartSource("nodes.yaml");
  loader.Feed("kind: Node\nmetadata: {name: n1}\n");
  loader.Feed("status: {allocatable: {cpu: 1, memory: 1Gi, pods: 5}}\n");
  loader.StartSource("pods.json");
  loader.Feed("{\"kind\": \"PodList\", \"apiVersion\": \"v1\", \"items\": [\n");
  loader.Feed(
      "  {\"metadata\": {\"name\": \"p\"}, \"spec\": {\"nodeName\": 5, "
      "\"containers\": [{\"name\": \"c\"}]}}\n");
  loader.Feed("]}\n");
  loader.StartSource("empty.yaml");
  loader.StartSource("more.yaml");
  loader.Feed("kind: Node\nmetadata: {name: n1}\n");
  DecodeResult r = loader.Finish();
  std::vector<std::string> got;
  for (const Diagnostic& d : r.diagnostics.items()) {
    got.push_back(d.source + ":" + std::to_string(d.line) + " " + d.path +
                  ": " + d.message);
  }
  CHECK(got ==
        std::vector<std::string>{
            "pods.json:2 spec.nodeName: must be a string, not an integer",
            "more.yaml:2 metadata.name: duplicate Node \"n1\"; names must be "
            "unique, this one is ignored"});
  REQUIRE(r.scenario.sources.size() == 4);
  CHECK(r.scenario.sources[1].name == "pods.json");
  CHECK(r.scenario.sources[1].first_document == 1);
  CHECK(r.scenario.sources[3].first_document == 2);
  REQUIRE(r.scenario.pods.size() == 1);
  CHECK(r.scenario.pods[0].document == 1);
  CHECK(r.scenario.pods[0].range.begin == 53);  // in pods.json
  CHECK(*SourceOf(r.scenario, r.scenario.pods[0].document) == "pods.json");
}

TEST_CASE(
    "Loader: a file found in a folder that holds no objects is one warning") {
  // A support bundle's API discovery, RBAC rules and collection errors.
  const char* groups = R"([{"name": "apps", "versions": [{"version": "v1"}]}])";
  for (bool found : {true, false}) {
    CAPTURE(found);
    Loader loader;
    loader.StartSource("groups.json", found);
    loader.Feed(groups);
    loader.StartSource("nodes.yaml", found);
    loader.Feed(
        "kind: Node\nmetadata: {name: n1}\n"
        "status: {allocatable: {cpu: 1, memory: 1Gi, pods: 5}}\n");
    DecodeResult r = loader.Finish();
    CHECK(r.scenario.nodes.size() == 1);
    REQUIRE(r.diagnostics.items().size() == 1);
    const Diagnostic& d = r.diagnostics.items()[0];
    CHECK(d.source == "groups.json");
    if (found) {
      CHECK(d.severity == Severity::kWarning);
      CHECK(d.message ==
            "holds no Kubernetes object, as none of its values names a kind "
            "(a support bundle keeps other data beside the cluster's "
            "objects: API discovery, RBAC rules, collection errors); "
            "skipped, with the 1 problem found in it");
    } else {
      CHECK(d.severity == Severity::kError);
      CHECK(d.path == "kind");
    }
  }
}

}  // namespace podsim
