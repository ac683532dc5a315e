// Text -> Scenario: reads Kubernetes objects (JSON) and reports every
// problem as a diagnostic, keeping whatever can still be simulated.
#pragma once

#include <string_view>

#include "core/diagnostics.h"
#include "core/objects.h"

namespace podsim {

// Limits that keep hostile input from exhausting memory or time.
inline constexpr size_t kMaxInputBytes = 256u << 20;
inline constexpr size_t kMaxObjects = 400'000;

struct DecodeResult {
  Scenario scenario;
  Diagnostics diagnostics;
};

// Decodes a scenario. The text is JSON: one value, or one value per line.
// A value is a Kubernetes object, a List (items), an array of values, or a
// source wrapper {"line": N, "object": {...}} that carries the YAML line the
// object started on. Unknown kinds are ignored with a warning.
DecodeResult Decode(std::string_view text);

}  // namespace podsim
