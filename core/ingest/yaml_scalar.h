// YAML scalars resolved to JSON values the way Kubernetes reads YAML:
// sigs.k8s.io/yaml's YAMLToJSON over its fork of go-yaml v2 (YAML 1.1 types).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/ingest/events.h"

namespace podsim {

// Returns the JSON value of an untagged plain (unquoted) scalar.
// Mirrors goyaml.v2 resolve(""): null (~, null, empty), YAML 1.1 booleans
// (y, yes, on, true, n, no, off, false in three casings), integers with
// strconv.ParseInt base 0 (0x1F, 0o17, 017 octal, 0b101, underscores
// dropped), uint64 beyond int64, floats (1e3, .5, .inf, .nan), else a string.
// Timestamps stay strings, as v2 keeps them when decoding into interface{}.
Scalar ResolvePlain(std::string_view text);

// Returns the JSON value of a scalar with an explicit tag, as goyaml.v2:
// !!str and unknown or local tags keep the text, !!binary is base64-decoded
// (into storage), and !!int, !!float, !!bool, !!null must match what the
// text resolves to (!!float also takes an integer). Otherwise returns
// nullopt with message set ("cannot decode !!str `x` as a !!int").
std::optional<Scalar> ResolveTagged(std::string_view tag, std::string_view text,
                                    std::string& message, std::string& storage);

// Returns the JSON object key YAMLToJSON writes for a scalar key: 1 -> "1",
// on -> "true", 1e6 -> "1e+06" (Go's 32-bit 'g'), .inf -> ".inf"; nullopt
// for a null or uint64 key, which YAMLToJSON refuses.
std::optional<std::string> KeyText(const Scalar& scalar);

}  // namespace podsim
