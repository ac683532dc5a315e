// Runs the engine natively on a JSON scenario file and prints the result
// document, so native and WASM output can be compared byte for byte.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/output/result_json.h"
#include "core/scheduler/simulator.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: podsim_native SCENARIO.json [--seed N]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "podsim_native: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  podsim::SimulateOptions options;
  if (argc >= 4 && std::string(argv[2]) == "--seed") {
    options.seed = std::stoull(argv[3]);
  }
  std::cout << podsim::ToJson(podsim::Simulate(text.str(), options)) << "\n";
  return 0;
}
