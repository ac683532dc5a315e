// Measures the engine on a scenario file, natively or as WebAssembly (the
// same source, built both ways): load (JSON to model), the first preemption
// decision, and the whole queue, with preemptors per second and peak memory.
// Prints one JSON line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <sys/resource.h>
#endif

#include "core/admission.h"
#include "core/decode.h"
#include "core/pdb.h"
#include "core/scheduler.h"

namespace {

using Clock = std::chrono::steady_clock;

double Millis(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

double PeakMegabytes() {
#if defined(__EMSCRIPTEN__)
  // Linear memory only grows, so its size now is its peak.
  return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536 / 1048576;
#else
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: podsim_bench SCENARIO.json [--first-only]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "podsim_bench: cannot read %s\n", argv[1]);
    return 2;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  // 1) Load: decode, admit, PDB status, cluster and queue set-up.
  Clock::time_point t0 = Clock::now();
  podsim::DecodeResult decoded = podsim::Decode(text);
  podsim::Admit(decoded.scenario, decoded.diagnostics);
  podsim::ComputePdbStatus(decoded.scenario);
  podsim::IndexPdbs(decoded.scenario);
  podsim::SchedulerOptions options;
  options.detail_budget = 0;  // benchmarks record no per-node traces
  // Set-up of a queue (placing the bound pods) counts as loading.
  {
    podsim::SchedulingQueue queue(decoded.scenario, options,
                                  decoded.diagnostics);
  }
  Clock::time_point t1 = Clock::now();

  // 2) One preemption decision over all nodes: the first cycle, timed on
  // fresh queues a few times (the first run also warms the code up).
  std::vector<double> decisions;
  for (int i = 0; i < 5; ++i) {
    podsim::Diagnostics scratch;
    podsim::SchedulingQueue fresh(decoded.scenario, options, scratch);
    podsim::Attempt once;
    Clock::time_point start = Clock::now();
    fresh.Next(once);
    decisions.push_back(Millis(start, Clock::now()));
  }
  std::sort(decisions.begin(), decisions.end());
  // 3) The whole queue, each cycle's effects applied: the median of three
  // runs on fresh queues (wall-clock time on a shared machine is noisy).
  bool first_only = argc > 2 && std::string(argv[2]) == "--first-only";
  std::vector<double> queues;
  int attempts = 0;
  int nominated = 0;
  int first_potential = 0;
  for (int run = 0; run < (first_only ? 1 : 3); ++run) {
    podsim::Diagnostics scratch;
    podsim::SchedulingQueue fresh(decoded.scenario, options, scratch);
    podsim::Attempt attempt;
    attempts = 0;
    nominated = 0;
    Clock::time_point start = Clock::now();
    while (fresh.Next(attempt)) {
      if (attempts == 0) first_potential = attempt.preemption.potential_nodes;
      ++attempts;
      nominated += attempt.outcome == podsim::Outcome::kNominated;
      if (first_only) break;
    }
    queues.push_back(Millis(start, Clock::now()));
  }
  std::sort(queues.begin(), queues.end());
  double queue_ms = queues[queues.size() / 2];
  std::printf(
      "{\"nodes\":%zu,\"pods\":%zu,\"load_ms\":%.2f,\"decision_ms\":%.3f,"
      "\"decision_median_ms\":%.3f,"
      "\"first_potential_nodes\":%d,\"queue_ms\":%.1f,\"attempts\":%d,"
      "\"preemptions\":%d,\"preemptions_per_s\":%.0f,\"peak_mb\":%.0f,"
      "\"diagnostics\":%zu}\n",
      decoded.scenario.nodes.size(), decoded.scenario.pods.size(),
      Millis(t0, t1), decisions.front(), decisions[decisions.size() / 2],
      first_potential, queue_ms, attempts, nominated,
      queue_ms > 0 ? nominated * 1000.0 / queue_ms : 0.0, PeakMegabytes(),
      decoded.diagnostics.items().size());
  return 0;
}
