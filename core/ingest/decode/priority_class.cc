// PriorityClass: value, globalDefault and preemptionPolicy.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;

// What this reader reads; the builder drops every other field unbuilt.
const FieldRule& Decoder::PriorityClassFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName} value globalDefault preemptionPolicy"));
  return *rule;
}

void Decoder::DecodePriorityClass(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = ClusterMetadata(obj, r);
  if (!metadata) return;
  PriorityClass pc;
  pc.name = std::move(metadata->name);
  if (!FirstOfItsName(r, pc.ref(), "; this one is ignored")) return;
  pc.line = r.line();
  pc.document = r.document();
  pc.range = r.range();
  std::optional<int64_t> value =
      r.Integer(obj, "value", FieldPath("value"), INT32_MIN, INT32_MAX);
  if (!value) {
    if (!Reader::Member(obj, "value")) {
      r.Error(FieldPath("value"), "is required, e.g. value: 1000");
    }
    return;
  }
  pc.value = static_cast<int32_t>(*value);
  pc.global_default =
      r.Bool(obj, "globalDefault", FieldPath("globalDefault")).value_or(false);
  if (std::optional<std::string> policy =
          r.String(obj, "preemptionPolicy", FieldPath("preemptionPolicy"))) {
    if (*policy == "Never") {
      pc.preemption_policy = PreemptionPolicy::kNever;
    } else if (*policy != "PreemptLowerPriority") {
      r.Error(FieldPath("preemptionPolicy"),
              "unknown policy " + Quoted(*policy) +
                  "; valid: PreemptLowerPriority, Never");
    }
  }
  scenario_.priority_classes.push_back(std::move(pc));
}

}  // namespace podsim
