// Times podsim reduce natively: reads a scenario (and, optionally, a change
// laid over it as a loaded cluster) and prints the Reduction document with
// the milliseconds the reduction took, for bench/reduce.mjs.
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/analysis/reduce.h"
#include "core/ingest/loader.h"
#include "core/output/result_json.h"

namespace {

bool ReadFile(const char* path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: podsim_reduce SCENARIO NAMESPACE/POD [CHANGE]\n";
    return 2;
  }
  std::string text, change;
  if (!ReadFile(argv[1], text) || (argc > 3 && !ReadFile(argv[3], change))) {
    std::cerr << "podsim_reduce: cannot read the input\n";
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  const Clock::time_point start = Clock::now();
  podsim::Reduction reduction;
  double load_ms = 0;
  if (argc > 3) {
    // As the page does: the dump loaded once, the change laid over it.
    podsim::Loader loader;
    loader.Feed(text);
    podsim::LoadedCluster cluster(loader.Finish());
    const Clock::time_point loaded = Clock::now();
    load_ms = ms(start, loaded);
    reduction = podsim::Reduce(cluster, change, argv[2]);
  } else {
    reduction = podsim::Reduce(text, argv[2]);
  }
  const double total_ms = ms(start, Clock::now());
  std::cout << "{\"loadMs\":" << load_ms
            << ",\"reduceMs\":" << total_ms - load_ms
            << ",\"reduction\":" << podsim::ToJson(reduction) << "}\n";
  return 0;
}
