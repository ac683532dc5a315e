// Kubernetes resource quantities ("250m", "1Gi", "1e3") as exact integers.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

namespace podsim {

// An amount in milli-units: "250m" is 250 and "1Ki" is 1'024'000.
class Quantity {
 public:
  // Parses Kubernetes notation. Returns nullopt for malformed text or for an
  // amount whose milli-value does not fit in 63 bits (about 9.2 PB).
  // Fractions below one milli-unit round up, as resource.Quantity does.
  static std::optional<Quantity> Parse(std::string_view text);
  static Quantity FromMillis(int64_t millis) { return Quantity(millis); }

  int64_t millis() const { return millis_; }
  // Returns the whole-unit value rounded up (resource.Quantity.Value()).
  int64_t Value() const;
  auto operator<=>(const Quantity&) const = default;

 private:
  explicit Quantity(int64_t millis) : millis_(millis) {}
  int64_t millis_ = 0;
};

}  // namespace podsim
