// JS surface of the simulator: one function, text in, JSON out.
#include <emscripten/bind.h>

#include <string>

#include "core/simulator.h"

namespace {

// seed < 0 means "no seed": the candidate offset is 0. detail_attempt < 0
// means the default detail budget; otherwise only that attempt is detailed.
std::string Simulate(const std::string& scenario, double seed,
                     int detail_attempt) {
  podsim::SimulateOptions options;
  if (seed >= 0) options.seed = static_cast<uint64_t>(seed);
  if (detail_attempt >= 0) options.detail_attempt = detail_attempt;
  return podsim::ToJson(podsim::Simulate(scenario, options));
}

}  // namespace

EMSCRIPTEN_BINDINGS(podsim) { emscripten::function("simulate", &Simulate); }
