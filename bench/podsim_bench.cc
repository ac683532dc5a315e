// Measures the engine on a scenario file, natively or as WebAssembly (the
// same source, built both ways): load (JSON to model), the first preemption
// decision, and the whole queue, with preemptors per second and peak memory.
// Prints one JSON line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <sys/resource.h>
#endif

#include "core/admission/admission.h"
#include "core/controllers/disruption.h"
#include "core/framework/preemption/pdb.h"
#include "core/ingest/decode.h"
#include "core/scheduler/scheduler.h"

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
  // VmHWM is this program's own peak; ru_maxrss also counts what the
  // process held before exec, i.e. its parent's size at the fork.
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      return std::strtod(line.c_str() + 6, nullptr) / 1024;  // in kB
    }
  }
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

  // Wall-clock time on a shared machine is noisy, and a WebAssembly
  // function runs as baseline code until V8 finds it hot: each figure is the
  // median of repeated runs after a warm-up. Runs repeat until min_runs are
  // done and min_wall_ms of wall-clock time (set-up included) has passed.
  // The first, cold run is reported too.
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  auto repeat = [](int min_runs, int max_runs, double min_wall_ms,
                   auto&& once) {
    std::vector<double> times;
    Clock::time_point start = Clock::now();
    while (static_cast<int>(times.size()) < max_runs &&
           (static_cast<int>(times.size()) < min_runs ||
            Millis(start, Clock::now()) < min_wall_ms)) {
      times.push_back(once());
    }
    return times;
  };
  // 1) Load: decode, admit, PDB status, cluster and queue set-up (placing
  // the bound pods). The first load's model is the one measured below; the
  // warm loads run last, so their garbage does not scatter the heap the
  // decisions and queues allocate from.
  podsim::SchedulerOptions options;
  options.detail_budget = 0;  // benchmarks record no per-node traces
  auto load = [&](podsim::DecodeResult& decoded) {
    Clock::time_point start = Clock::now();
    decoded = podsim::Decode(text);
    podsim::Admit(decoded.scenario, decoded.diagnostics);
    podsim::ComputePdbStatus(decoded.scenario);
    podsim::IndexPdbs(decoded.scenario);
    podsim::Scheduler scheduler(decoded.scenario, options, decoded.diagnostics);
    return Millis(start, Clock::now());
  };
  podsim::DecodeResult decoded;
  double load_cold_ms = load(decoded);

  // 2) One preemption decision over all nodes: the first cycle, on a fresh
  // queue each time.
  auto decide = [&] {
    podsim::Diagnostics scratch;
    podsim::Scheduler fresh(decoded.scenario, options, scratch);
    podsim::Attempt once;
    Clock::time_point start = Clock::now();
    fresh.Next(once);
    return Millis(start, Clock::now());
  };
  double decision_cold_ms = decide();
  // Warm-up: half a second lets V8 compile the hot functions optimized.
  repeat(3, 100000, 500, decide);
  std::vector<double> decisions = repeat(5, 200, 300, decide);
  // 3) The whole queue, each cycle's effects applied.
  bool first_only = argc > 2 && std::string(argv[2]) == "--first-only";
  int attempts = 0;
  int nominated = 0;
  int first_potential = 0;
  auto run_queue = [&] {
    podsim::Diagnostics scratch;
    podsim::Scheduler fresh(decoded.scenario, options, scratch);
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
    return Millis(start, Clock::now());
  };
  if (!first_only) repeat(1, 1000, 300, run_queue);  // warm-up
  std::vector<double> queues =
      first_only ? repeat(1, 1, 0, run_queue) : repeat(3, 50, 1500, run_queue);
  double queue_ms = median(queues);
  double peak_mb = PeakMegabytes();  // before a second model is loaded
  std::vector<double> loads = repeat(2, 200, 1000, [&] {
    podsim::DecodeResult again;
    return load(again);
  });
  std::printf(
      "{\"nodes\":%zu,\"pods\":%zu,\"load_cold_ms\":%.2f,\"load_ms\":%.2f,"
      "\"decision_cold_ms\":%.3f,\"decision_median_ms\":%.3f,"
      "\"decision_runs\":%zu,\"queue_runs\":%zu,"
      "\"first_potential_nodes\":%d,\"queue_ms\":%.1f,\"attempts\":%d,"
      "\"preemptions\":%d,\"preemptions_per_s\":%.0f,\"peak_mb\":%.0f,"
      "\"diagnostics\":%zu}\n",
      decoded.scenario.nodes.size(), decoded.scenario.pods.size(), load_cold_ms,
      median(loads), decision_cold_ms, median(decisions), decisions.size(),
      queues.size(), first_potential, queue_ms, attempts, nominated,
      queue_ms > 0 ? nominated * 1000.0 / queue_ms : 0.0, peak_mb,
      decoded.diagnostics.items().size());
  return 0;
}
