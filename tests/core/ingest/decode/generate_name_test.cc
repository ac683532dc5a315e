// metadata.generateName: an object with one and no name is named as the
// API server names it, with the random part derived from the object.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "core/ingest/decode.h"
#include "core/ingest/loader.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

Json Generated(Json object, const std::string& prefix) {
  object["metadata"].erase("name");
  object["metadata"]["generateName"] = prefix;
  return object;
}

bool FromAlphabet(const std::string& suffix) {
  return suffix.size() == 5 &&
         suffix.find_first_not_of("bcdfghjklmnpqrstvwxz2456789") ==
             std::string::npos;
}

}  // namespace

TEST_CASE(
    "generateName: names the object as the API server would, and says so") {
  const std::string text =
      ScenarioWith(NodeWith("n1", {"2", "1Gi"}),
                   Generated(PendingPod("x", {"100m"}, 1), "bench-"),
                   Generated(PendingPod("x", {"100m"}, 1), "bench-"));
  DecodeResult r = Decode(text);
  REQUIRE(r.scenario.pods.size() == 2);
  const std::string a = r.scenario.pods[0].name;
  const std::string b = r.scenario.pods[1].name;
  CHECK(a.starts_with("bench-"));
  CHECK(FromAlphabet(a.substr(6)));
  CHECK(FromAlphabet(b.substr(6)));
  CHECK(a != b);
  REQUIRE(r.diagnostics.items().size() == 2);
  const Diagnostic& d = r.diagnostics.items()[0];
  CHECK(d.severity == Severity::kInfo);
  CHECK(d.object == "Pod default/" + a);
  CHECK(d.path == "metadata.generateName");
  CHECK(d.message ==
        "named \"" + a +
            "\" as the API server names an object created with a "
            "generateName; its 5 random characters are derived here from "
            "the object's kind, namespace, generateName and order, so the "
            "same input gives the same names");
  SUBCASE("the same input gives the same names") {
    DecodeResult again = Decode(text);
    CHECK(again.scenario.pods[0].name == a);
    CHECK(again.scenario.pods[1].name == b);
  }
  SUBCASE("objects before it that have names do not move them") {
    DecodeResult more =
        Decode(ScenarioWith(PendingPod("other", {"1"}, 1)) + "---\n" + text);
    CHECK(more.scenario.pods[1].name == a);
  }
}

TEST_CASE("generateName: a long prefix is cut to 58 characters") {
  // Mirrors names.MaxGeneratedNameLength: the name fits 63.
  const std::string prefix(70, 'a');
  DecodeResult r =
      Decode(ScenarioWith(Generated(PendingPod("x", {"100m"}, 1), prefix)));
  REQUIRE(r.scenario.pods.size() == 1);
  CHECK(r.scenario.pods[0].name.size() == 63);
  CHECK(r.scenario.pods[0].name.starts_with(std::string(58, 'a')));
}

TEST_CASE("generateName: every kind podsim reads takes one") {
  Json pdb = Generated(PdbWith("x", {{"app", "web"}}, 1), "web-");
  Json node = Generated(NodeWith("x", {"1", "1Gi"}), "pool-");
  DecodeResult r = Decode(ScenarioWith(node, pdb));
  REQUIRE(r.scenario.nodes.size() == 1);
  CHECK(r.scenario.nodes[0].name.starts_with("pool-"));
  REQUIRE(r.scenario.pdbs.size() == 1);
  CHECK(r.scenario.pdbs[0].name.starts_with("web-"));
}

TEST_CASE("generateName: must start a valid name; an empty one names nothing") {
  struct Row {
    const char* name;
    Json generate_name;
    const char* path;
    const char* message;
  };
  const Row rows[] = {
      {"uppercase", "Web-", "metadata.generateName",
       "invalid generateName \"Web-\"; expected the start of a lowercase "
       "RFC 1123 subdomain (a-z, 0-9, '-' and '.', starting with a letter or "
       "digit; it may end with '-')"},
      {"empty", "", "metadata.name",
       "is required; every object needs a name (or a generateName the API "
       "server makes one from)"},
      {"not a string", 5, "metadata.generateName",
       "must be a string, not an integer"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Json pod = PendingPod("x", {"100m"}, 1);
    pod["metadata"].erase("name");
    pod["metadata"]["generateName"] = row.generate_name;
    DecodeResult r = Decode(ScenarioWith(pod));
    CHECK(r.scenario.pods.empty());
    REQUIRE(r.diagnostics.items().size() == 1);
    CHECK(r.diagnostics.items()[0].path == row.path);
    CHECK(r.diagnostics.items()[0].message == row.message);
  }
}

TEST_CASE("generateName: a change laid over a cluster draws other names") {
  // kubectl create with a generateName always adds an object: it must not
  // replace the cluster's own one of the same generateName.
  const std::string text =
      ScenarioWith(Generated(PendingPod("x", {"100m"}, 1), "job-"));
  DecodeResult cluster = Decode(text);
  ResourceTable resources = cluster.scenario.resources;
  Loader change(&resources);
  change.Feed(text);
  DecodeResult over = change.Finish();
  REQUIRE(over.scenario.pods.size() == 1);
  CHECK(over.scenario.pods[0].name != cluster.scenario.pods[0].name);
}

}  // namespace podsim
