// Text -> Scenario: reads Kubernetes objects (YAML or JSON) and reports
// every problem as a diagnostic, keeping whatever can still be simulated.
#pragma once

#include <string_view>

#include "core/api/objects.h"
#include "core/base/diagnostics.h"

namespace podsim {

// Objects read from one input; more are ignored with an error. Kubernetes'
// published limits (5,000 nodes, 150,000 pods) fit well within it.
inline constexpr size_t kMaxObjects = 400'000;

struct DecodeResult {
  Scenario scenario;
  Diagnostics diagnostics;
};

// Decodes a whole scenario at once (Loader reads one in chunks). The text is
// YAML (documents separated by ---) or JSON (values one after another); a
// value is a Kubernetes object, a List (items) or a list of values. Unknown
// kinds are ignored with a warning, and an input with no objects at all gets
// one too.
DecodeResult Decode(std::string_view text);

}  // namespace podsim
