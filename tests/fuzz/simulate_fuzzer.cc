// libFuzzer target: the whole simulate call, result document included.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/output/result_json.h"
#include "core/scheduler/simulator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  podsim::SimulateOptions options;
  options.detail_budget = 2000;  // keep each run small
  podsim::ToJson(podsim::Simulate(
      std::string_view(reinterpret_cast<const char*>(data), size), options));
  return 0;
}
