// JS surface of the simulator: text in, JSON out.
#include <emscripten/bind.h>

#include <string>

#include "core/compare.h"
#include "core/simulator.h"

namespace {

// seed < 0 means "no seed": the candidate offset is 0. detail_attempt < 0
// means the default detail budget; otherwise only that attempt is detailed.
podsim::SimulateOptions Options(double seed, int detail_attempt,
                                const std::string& profile) {
  podsim::SimulateOptions options;
  if (seed >= 0) options.seed = static_cast<uint64_t>(seed);
  if (detail_attempt >= 0) options.detail_attempt = detail_attempt;
  options.profile = profile;
  return options;
}

std::string Simulate(const std::string& scenario, double seed,
                     int detail_attempt, const std::string& profile) {
  return podsim::ToJson(
      podsim::Simulate(scenario, Options(seed, detail_attempt, profile)));
}

// Unknown profile names come back as a result with the diagnostic.
std::string Compare(const std::string& scenario, double seed,
                    const std::string& a, const std::string& b) {
  const podsim::Profile* pa = podsim::FindProfile(a);
  const podsim::Profile* pb = podsim::FindProfile(b);
  if (!pa || !pb) return Simulate(scenario, seed, -1, pa ? b : a);
  return podsim::ToJson(
      podsim::Compare(scenario, *pa, *pb, Options(seed, -1, "")));
}

}  // namespace

EMSCRIPTEN_BINDINGS(podsim) {
  emscripten::function("simulate", &Simulate);
  emscripten::function("compare", &Compare);
  emscripten::function("profiles", &podsim::ProfilesJson);
}
