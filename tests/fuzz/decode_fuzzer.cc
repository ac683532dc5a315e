// libFuzzer target: the scenario decoder on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/ingest/decode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  podsim::Decode(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
