// A loaded cluster's summary and object search, as the page reads them.
#include "core/output/cluster_json.h"

#include "core/ingest/loader.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

TEST_CASE("ClusterSummaryJson: counts, classes and PDBs, keys in byte order") {
  LoadedCluster loaded(Decode(ScenarioWith(NodeWith("n1", {"2", "1Gi"}),
                                           RunningPod("low", "n1", {"1"}, 1),
                                           PendingPod("web", {"1"}, 10))));
  CHECK(
      ClusterSummaryJson(loaded) ==
      R"({"allocatable":{"cpuMillis":2000,"memoryBytes":1073741824},)"
      R"("diagnosticCount":0,"diagnostics":[],"errors":0,"nodes":1,)"
      R"("pdbs":[],"pods":{"bound":1,"pending":1,"total":2},)"
      R"("podsByNamespace":[{"namespace":"default","pods":2}],)"
      R"("podsOfMissingClasses":[],"podsWithoutClass":2,"priorityClasses":[],)"
      R"("requested":{"cpuMillis":1000,"memoryBytes":0},"warnings":0})");
}

TEST_CASE(
    "ClusterSummaryJson: every pod is counted once by class: the cluster's "
    "classes, the classes pods name that it lacks, and no class") {
  Json named = RunningPod("agent", "n1", {"1"}, 5);
  named["spec"]["priorityClassName"] = "system-node-critical";
  Json high = PendingPod("web", {"1"}, std::nullopt);
  high["spec"]["priorityClassName"] = "high";
  LoadedCluster loaded(Decode(
      ScenarioWith(NodeWith("n1", {"2"}), PriorityClassWith("high", 100), named,
                   high, PendingPod("plain", {"1"}, std::nullopt))));
  Json summary = Json::parse(ClusterSummaryJson(loaded));
  CHECK(summary["priorityClasses"][0]["pods"] == 1);
  CHECK(summary["podsOfMissingClasses"] ==
        Json::parse(R"([{"name":"system-node-critical","pods":1}])"));
  CHECK(summary["podsWithoutClass"] == 1);
}

TEST_CASE("ClusterSummaryJson: a cluster read from several files names them") {
  Loader loader;
  loader.StartSource("nodes.yaml");
  loader.Feed(ScenarioWith(NodeWith("n1", {"2", "1Gi"})));
  loader.StartSource("pods/default.yaml");
  loader.Feed(ScenarioWith(RunningPod("low", "n1", {"1"}, 1),
                           PdbWith("web", {{"app", "web"}}, 1)));
  LoadedCluster loaded(loader.Finish());
  Json summary = Json::parse(ClusterSummaryJson(loaded));
  CHECK(summary["sources"] == Json::array({"nodes.yaml", "pods/default.yaml"}));
  CHECK(summary["pdbs"][0]["source"] == "pods/default.yaml");
  Json objects = Json::parse(ClusterObjectsJson(loaded, "", 0, 10));
  CHECK(objects["objects"][0]["source"] == "nodes.yaml");
  CHECK(objects["objects"][1]["source"] == "pods/default.yaml");
}

TEST_CASE(
    "ClusterObjectsJson: objects are searchable, stripped to what is read") {
  LoadedCluster loaded(Decode(
      ScenarioWith(NodeWith("n1", {"1"}), RunningPod("low", "n1", {"1"}, 1),
                   RunningPod("other", "n1", {"1"}, 1))));
  Json all = Json::parse(ClusterObjectsJson(loaded, "", 0, 10));
  CHECK(all["total"] == 3);
  Json low = Json::parse(ClusterObjectsJson(loaded, "low", 0, 10));
  REQUIRE(low["objects"].size() == 1);
  CHECK(low["objects"][0]["kind"] == "Pod");
  CHECK(low["objects"][0]["cpuMillis"] == 1000);
  Json page = Json::parse(ClusterObjectsJson(loaded, "", 1, 1));
  CHECK(page["total"] == 3);
  REQUIRE(page["objects"].size() == 1);
  CHECK(page["objects"][0]["name"] == "low");
}

}  // namespace podsim
