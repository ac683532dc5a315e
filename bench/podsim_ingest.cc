// Reads a cluster dump natively, in 4 MiB chunks as the CLI does, and prints
// one JSON line of figures: what the same ingestion costs without
// WebAssembly, and (--events) what the parsers alone cost, the floor under
// everything the engine does with the events.
//   podsim_ingest FILE [--events]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "core/analysis/loaded_cluster.h"
#include "core/ingest/events.h"
#include "core/ingest/json_reader.h"
#include "core/ingest/loader.h"
#include "core/ingest/yaml_reader.h"

namespace {

// Counts events and does nothing else.
class Counter final : public podsim::EventHandler {
 public:
  long events = 0;
  void StartDocument(uint64_t) override { ++events; }
  void EndDocument() override { ++events; }
  void StartMap(int, std::string_view, uint64_t) override { ++events; }
  void EndMap(uint64_t) override { ++events; }
  void StartSequence(int, std::string_view) override { ++events; }
  void EndSequence() override { ++events; }
  void OnScalar(const podsim::Scalar&, int, std::string_view) override {
    ++events;
  }
  void OnAlias(std::string_view, int) override { ++events; }
  void OnValueError(int line, std::string message) override {
    OnSyntaxError(line, std::move(message), 0);
  }
  void OnSyntaxError(int line, std::string message, int) override {
    std::fprintf(stderr, "line %d: %s\n", line, message.c_str());
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: podsim_ingest FILE [--events]\n");
    return 2;
  }
  bool events_only = argc > 2 && std::string(argv[2]) == "--events";
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "podsim_ingest: cannot read %s\n", argv[1]);
    return 2;
  }
  auto start = std::chrono::steady_clock::now();
  std::vector<char> chunk(4u << 20);
  uint64_t bytes = 0;
  Counter counter;
  podsim::Loader loader;
  std::unique_ptr<podsim::JsonReader> json;
  std::unique_ptr<podsim::YamlReader> yaml;
  bool first = true;
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    std::string_view data(chunk.data(), static_cast<size_t>(in.gcount()));
    if (data.empty()) break;
    bytes += data.size();
    if (!events_only) {
      loader.Feed(data);
      continue;
    }
    if (first) {
      first = false;
      size_t i = data.find_first_not_of(" \t\r\n");
      bool is_json = i != std::string_view::npos && data[i] == '{';
      if (is_json) {
        json = std::make_unique<podsim::JsonReader>(counter);
      } else {
        yaml = std::make_unique<podsim::YamlReader>(counter);
      }
    }
    if (json) json->Feed(data);
    if (yaml) yaml->Feed(data);
  }
  long objects = 0;
  double simulate_s = 0;
  if (events_only) {
    if (json) json->Finish();
    if (yaml) yaml->Finish();
  } else {
    podsim::LoadedCluster cluster(loader.Finish());
    objects = static_cast<long>(cluster.scenario().pods.size() +
                                cluster.scenario().nodes.size());
    auto sim_start = std::chrono::steady_clock::now();
    podsim::SimulationResult result = cluster.Simulate("");
    simulate_s = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - sim_start)
                     .count();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf(
      "{\"mode\":\"%s\",\"bytes\":%llu,\"seconds\":%.3f,\"mb_per_s\":%.1f,"
      "\"simulate_s\":%.3f,\"objects\":%ld,\"events\":%ld,\"peak_mb\":%.0f}\n",
      events_only ? "events" : "native", static_cast<unsigned long long>(bytes),
      seconds, bytes / 1e6 / seconds, simulate_s, objects, counter.events,
      usage.ru_maxrss / 1024.0);
  return 0;
}
