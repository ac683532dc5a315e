#include "core/base/quantity.h"

#include <cctype>
#include <limits>

namespace podsim {
namespace {

__extension__ typedef __int128 Wide;
constexpr Wide kMaxMillis = std::numeric_limits<int64_t>::max();
constexpr int kMaxDigits = 30;  // keeps the mantissa well inside 128 bits

struct Suffix {
  int binary_shift = 0;  // power of two
  int decimal_exp = 0;   // power of ten
};

std::optional<Suffix> ParseSuffix(std::string_view s) {
  if (s.empty()) return Suffix{};
  if (s.size() == 2 && s[1] == 'i') {
    switch (s[0]) {
      case 'K':
        return Suffix{10, 0};
      case 'M':
        return Suffix{20, 0};
      case 'G':
        return Suffix{30, 0};
      case 'T':
        return Suffix{40, 0};
      case 'P':
        return Suffix{50, 0};
      case 'E':
        return Suffix{60, 0};
      default:
        return std::nullopt;
    }
  }
  if (s.size() == 1) {
    switch (s[0]) {
      case 'n':
        return Suffix{0, -9};
      case 'u':
        return Suffix{0, -6};
      case 'm':
        return Suffix{0, -3};
      case 'k':
        return Suffix{0, 3};
      case 'M':
        return Suffix{0, 6};
      case 'G':
        return Suffix{0, 9};
      case 'T':
        return Suffix{0, 12};
      case 'P':
        return Suffix{0, 15};
      case 'E':
        return Suffix{0, 18};
      default:
        return std::nullopt;
    }
  }
  if (s[0] == 'e' || s[0] == 'E') {
    std::string_view digits = s.substr(1);
    bool negative = false;
    if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
      negative = digits[0] == '-';
      digits.remove_prefix(1);
    }
    if (digits.empty() || digits.size() > 3) return std::nullopt;
    int exp = 0;
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      exp = exp * 10 + (c - '0');
    }
    return Suffix{0, negative ? -exp : exp};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Quantity> Quantity::Parse(std::string_view text) {
  std::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  Wide mantissa = 0;
  int digits = 0;
  int fraction_digits = 0;
  bool seen_point = false;
  size_t i = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    if (mantissa == 0 && c == '0') {
      if (seen_point) ++fraction_digits;
      ++digits;
      continue;
    }
    if (digits >= kMaxDigits) return std::nullopt;
    mantissa = mantissa * 10 + (c - '0');
    ++digits;
    if (seen_point) ++fraction_digits;
  }
  if (digits == 0) return std::nullopt;
  std::optional<Suffix> suffix = ParseSuffix(s.substr(i));
  if (!suffix) return std::nullopt;

  // millis = mantissa * 2^shift * 10^(exp - fraction_digits + 3), rounded up.
  Wide value = mantissa;
  for (int b = 0; b < suffix->binary_shift; ++b) {
    value *= 2;
    if (value > kMaxMillis * 1000) return std::nullopt;
  }
  int exp10 = suffix->decimal_exp - fraction_digits + 3;
  for (; exp10 > 0; --exp10) {
    value *= 10;
    if (value > kMaxMillis) return std::nullopt;
  }
  if (exp10 < 0) {
    Wide divisor = 1;
    for (; exp10 < 0 && divisor <= kMaxMillis * 1000; ++exp10) divisor *= 10;
    value = exp10 < 0 ? (value != 0) : (value + divisor - 1) / divisor;
  }
  if (value > kMaxMillis) return std::nullopt;
  int64_t millis = static_cast<int64_t>(value);
  return Quantity(negative ? -millis : millis);
}

int64_t Quantity::Value() const {
  if (millis_ >= 0) return millis_ / 1000 + (millis_ % 1000 != 0);
  return millis_ / 1000;
}

QuantityFormat FormatOf(std::string_view text) {
  size_t end = text.size();
  while (end > 0 && !std::isdigit(static_cast<unsigned char>(text[end - 1])) &&
         text[end - 1] != '.') {
    --end;
  }
  std::string_view suffix = text.substr(end);
  if (suffix.size() == 2 && suffix[1] == 'i') return QuantityFormat::kBinarySI;
  // An exponent's digits end the text: find its e or E.
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == 'e' || text[i] == 'E') {
      const bool exponent =
          i + 1 < text.size() &&
          (std::isdigit(static_cast<unsigned char>(text[i + 1])) ||
           text[i + 1] == '+' || text[i + 1] == '-');
      if (exponent) return QuantityFormat::kDecimalExponent;
    }
  }
  return QuantityFormat::kDecimalSI;
}

std::string CanonicalQuantity(int64_t millis, QuantityFormat format) {
  if (millis == 0) return "0";
  const bool negative = millis < 0;
  // |millis|, as unsigned: INT64_MIN has no positive int64.
  uint64_t m = negative ? 0 - static_cast<uint64_t>(millis)
                        : static_cast<uint64_t>(millis);
  std::string sign = negative ? "-" : "";
  if (format == QuantityFormat::kBinarySI && m % 1000 == 0 &&
      m / 1000 >= 1024) {
    static constexpr const char* kBinary[] = {"",   "Ki", "Mi", "Gi",
                                              "Ti", "Pi", "Ei"};
    uint64_t v = m / 1000;
    int k = 0;
    while (k < 6 && v % 1024 == 0) {
      v /= 1024;
      ++k;
    }
    return sign + std::to_string(v) + kBinary[k];
  }
  // Decimal: the largest power of 1000 that divides it, from milli up.
  static constexpr const char* kDecimal[] = {"m", "",  "k", "M",
                                             "G", "T", "P", "E"};
  int step = 0;  // 0: milli, 1: units, 2: kilo, ...
  while (step < 7 && m % 1000 == 0) {
    m /= 1000;
    ++step;
  }
  if (format == QuantityFormat::kDecimalExponent) {
    const int exp = (step - 1) * 3;
    return sign + std::to_string(m) +
           (exp == 0 ? "" : "e" + std::to_string(exp));
  }
  return sign + std::to_string(m) + kDecimal[step];
}

}  // namespace podsim
