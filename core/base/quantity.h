// Kubernetes resource quantities ("250m", "1Gi", "1e3") as exact integers.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
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

// How resource.Quantity prints an amount: the format its text was written
// in (a binary suffix Ki..Ei, an exponent e/E, otherwise decimal).
enum class QuantityFormat { kDecimalSI, kBinarySI, kDecimalExponent };

// The format of text as resource.ParseQuantity records it.
QuantityFormat FormatOf(std::string_view text);

// Mirrors resource.Quantity.String() for millis milli-units written in
// format: the largest suffix that keeps the number whole ("1", "500m",
// "2Gi", "1536Mi", "1e3"); a binary amount below 1024 or with a fraction
// prints in decimal ("512", "500m").
std::string CanonicalQuantity(int64_t millis, QuantityFormat format);

}  // namespace podsim
