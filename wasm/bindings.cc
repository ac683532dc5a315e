// JS surface of the simulator: one function, text in, JSON out.
#include <emscripten/bind.h>

#include <string>

#include "core/simulator.h"

namespace {

// seed < 0 means "no seed": the candidate offset is 0.
std::string Simulate(const std::string& scenario, double seed) {
  podsim::SimulateOptions options;
  if (seed >= 0) options.seed = static_cast<uint64_t>(seed);
  return podsim::ToJson(podsim::Simulate(scenario, options));
}

}  // namespace

EMSCRIPTEN_BINDINGS(podsim) { emscripten::function("simulate", &Simulate); }
