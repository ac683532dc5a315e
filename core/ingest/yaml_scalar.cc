#include "core/ingest/yaml_scalar.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace podsim {
namespace {

Scalar Null(std::string_view text) {
  Scalar s;
  s.type = Scalar::Type::kNull;
  s.text = text;
  return s;
}

Scalar Bool(std::string_view text, bool value) {
  Scalar s;
  s.type = Scalar::Type::kBool;
  s.text = text;
  s.boolean = value;
  return s;
}

Scalar Float(std::string_view text, double value) {
  Scalar s;
  s.type = Scalar::Type::kFloat;
  s.text = text;
  s.number = value;
  return s;
}

Scalar String(std::string_view text) {
  Scalar s;
  s.type = Scalar::Type::kString;
  s.text = text;
  return s;
}

bool OneOf(std::string_view text, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (text == s) return true;
  }
  return false;
}

// The resolveMap of goyaml.v2's resolve.go.
std::optional<Scalar> FromTable(std::string_view t) {
  if (OneOf(t, {"", "~", "null", "Null", "NULL"})) return Null(t);
  if (OneOf(t, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on",
                "On", "ON"})) {
    return Bool(t, true);
  }
  if (OneOf(t, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off",
                "Off", "OFF"})) {
    return Bool(t, false);
  }
  if (OneOf(t, {".nan", ".NaN", ".NAN"})) {
    return Float(t, std::numeric_limits<double>::quiet_NaN());
  }
  if (OneOf(t, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})) {
    return Float(t, std::numeric_limits<double>::infinity());
  }
  if (OneOf(t, {"-.inf", "-.Inf", "-.INF"})) {
    return Float(t, -std::numeric_limits<double>::infinity());
  }
  return std::nullopt;
}

// Go's strconv.ParseUint(s, 0, 64) after the sign: base from the prefix
// (0x, 0o, 0b, or a leading 0 for octal). Underscores are already gone.
std::optional<uint64_t> ParseGoUnsigned(std::string_view s) {
  int base = 10;
  if (s.size() >= 2 && s[0] == '0') {
    char p = s[1];
    if (p == 'x' || p == 'X') {
      base = 16, s.remove_prefix(2);
    } else if (p == 'o' || p == 'O') {
      base = 8, s.remove_prefix(2);
    } else if (p == 'b' || p == 'B') {
      base = 2, s.remove_prefix(2);
    } else {
      base = 8, s.remove_prefix(1);
    }
  }
  if (s.empty()) return std::nullopt;
  uint64_t value = 0;
  auto [end, error] =
      std::from_chars(s.data(), s.data() + s.size(), value, base);
  if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

// goyaml.v2's yamlStyleFloat:
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool IsYamlStyleFloat(std::string_view s) {
  size_t i = 0;
  auto digits = [&] {
    size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > start;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  } else {
    if (!digits()) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      digits();
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

// strtod over a bounded copy (the text is not NUL-terminated).
std::optional<double> ParseDouble(std::string_view s) {
  if (s.empty() || s.size() > 400) return std::nullopt;
  char buf[401];
  s.copy(buf, s.size());
  buf[s.size()] = '\0';
  char* end = nullptr;
  double d = std::strtod(buf, &end);
  if (end != buf + s.size()) return std::nullopt;
  return d;
}

// Go's strconv.ParseFloat(s, 64) accepts what strtod does, minus hex floats
// and "inf"/"nan" words, which YAML spells .inf/.nan.
std::optional<double> ParseGoFloat(std::string_view s) {
  for (char c : s) {
    bool ok = (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' ||
              c == '+' || c == '-';
    if (!ok) return std::nullopt;
  }
  return ParseDouble(s);
}

// Mirrors the 'D'/'S' branch of goyaml.v2's resolve: int, uint, then float.
std::optional<Scalar> Number(std::string_view text) {
  std::string plain;
  plain.reserve(text.size());
  for (char c : text) {
    if (c != '_') plain += c;
  }
  std::string_view p = plain;
  bool negative = false;
  std::string_view digits = p;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (std::optional<uint64_t> u = ParseGoUnsigned(digits)) {
    constexpr uint64_t kMaxInt = std::numeric_limits<int64_t>::max();
    Scalar s;
    s.text = text;
    if (negative && *u <= kMaxInt + 1) {
      s.type = Scalar::Type::kInt;
      s.integer = static_cast<int64_t>(0 - *u);
      return s;
    }
    if (!negative && *u <= kMaxInt) {
      s.type = Scalar::Type::kInt;
      s.integer = static_cast<int64_t>(*u);
      return s;
    }
    // ParseUint takes no sign: "+1..." beyond int64 is not a uint either.
    if (!negative && p[0] != '+') {
      s.type = Scalar::Type::kUint;
      s.unsigned_integer = *u;
      return s;
    }
  }
  if (IsYamlStyleFloat(p)) {
    // Go's ParseFloat fails beyond the double range; the text stays a string.
    std::optional<double> d = ParseDouble(p);
    if (d && std::isfinite(*d)) return Float(text, *d);
  }
  return std::nullopt;
}

// Returns the bytes of standard base64 text (whitespace ignored), as Go's
// base64.StdEncoding after go-yaml drops line breaks.
std::optional<std::string> DecodeBase64(std::string_view text) {
  std::string out;
  uint32_t bits = 0;
  int count = 0;
  int padding = 0;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    int v;
    if (c >= 'A' && c <= 'Z') {
      v = c - 'A';
    } else if (c >= 'a' && c <= 'z') {
      v = c - 'a' + 26;
    } else if (c >= '0' && c <= '9') {
      v = c - '0' + 52;
    } else if (c == '+') {
      v = 62;
    } else if (c == '/') {
      v = 63;
    } else if (c == '=') {
      ++padding;
      v = 0;
    } else {
      return std::nullopt;
    }
    if (padding > 0 && c != '=') return std::nullopt;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    if (++count == 4) {
      out += static_cast<char>((bits >> 16) & 0xFF);
      if (padding < 2) out += static_cast<char>((bits >> 8) & 0xFF);
      if (padding < 1) out += static_cast<char>(bits & 0xFF);
      bits = 0;
      count = 0;
    }
  }
  if (count != 0 || padding > 2) return std::nullopt;
  return out;
}

// Go's strconv.FormatFloat(v, 'g', -1, 32): the shortest digits that read
// back as the same float32, in %e form when the exponent is below -4 or at
// least 6 ("1e+06"), else in %f form.
// A finite double past float32's range rounds to an infinity, which Go
// spells "+Inf" or "-Inf".
std::string FormatGoFloat32(double value) {
  float f = static_cast<float>(value);
  if (std::isinf(f)) return f > 0 ? "+Inf" : "-Inf";
  char buf[64];
  int precision = 0;
  for (; precision < 9; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, static_cast<double>(f));
    if (std::strtof(buf, nullptr) == f) break;
  }
  std::string e = buf;  // d.ddde[+-]XX
  size_t epos = e.find('e');
  int exponent = std::atoi(e.c_str() + epos + 1);
  if (exponent < -4 || exponent >= 6) {
    std::string mantissa = e.substr(0, epos);
    char sign = exponent < 0 ? '-' : '+';
    int magnitude = exponent < 0 ? -exponent : exponent;
    std::snprintf(buf, sizeof buf, "%se%c%02d", mantissa.c_str(), sign,
                  magnitude);
    return buf;
  }
  int decimals = precision - exponent;
  std::snprintf(buf, sizeof buf, "%.*f", decimals < 0 ? 0 : decimals,
                static_cast<double>(f));
  return buf;
}

}  // namespace

Scalar ResolvePlain(std::string_view text) {
  if (text.empty()) return Null(text);
  char hint = text[0];
  bool table = hint == 'y' || hint == 'Y' || hint == 'n' || hint == 'N' ||
               hint == 't' || hint == 'T' || hint == 'f' || hint == 'F' ||
               hint == 'o' || hint == 'O' || hint == '~' || hint == '.' ||
               hint == '+' || hint == '-';
  if (table) {
    if (std::optional<Scalar> s = FromTable(text)) return *s;
  }
  if (hint == '.') {
    std::optional<double> d = ParseGoFloat(text);
    if (d && std::isfinite(*d)) return Float(text, *d);
  } else if ((hint >= '0' && hint <= '9') || hint == '+' || hint == '-') {
    if (std::optional<Scalar> s = Number(text)) return *s;
  }
  return String(text);
}

std::optional<Scalar> ResolveTagged(std::string_view tag, std::string_view text,
                                    std::string& message,
                                    std::string& storage) {
  constexpr std::string_view kPrefix = "tag:yaml.org,2002:";
  // The non-specific "!" and unknown tags keep the text as a string.
  if (tag.substr(0, kPrefix.size()) != kPrefix) return String(text);
  std::string_view name = tag.substr(kPrefix.size());
  if (name == "str") return String(text);
  if (name == "binary") {
    if (std::optional<std::string> bytes = DecodeBase64(text)) {
      storage = std::move(*bytes);
      return String(storage);
    }
    message = "!!binary value contains invalid base64 data";
    return std::nullopt;
  }
  Scalar resolved = ResolvePlain(text);
  static constexpr const char* kNames[] = {"null", "bool",  "int",
                                           "int",  "float", "str"};
  const char* resolved_name = kNames[static_cast<int>(resolved.type)];
  if (name == "float" && resolved.type == Scalar::Type::kInt) {
    return Float(text, static_cast<double>(resolved.integer));
  }
  if (name == "float" && resolved.type == Scalar::Type::kUint) {
    return Float(text, static_cast<double>(resolved.unsigned_integer));
  }
  // A timestamp tag on a timestamp keeps the text, as v2 does.
  if (name == resolved_name || name == "timestamp" || name == "merge") {
    return resolved;
  }
  message = "cannot decode !!" + std::string(resolved_name) + " `" +
            std::string(text.substr(0, 100)) + "` as a !!" + std::string(name);
  return std::nullopt;
}

std::optional<std::string> KeyText(const Scalar& scalar) {
  switch (scalar.type) {
    case Scalar::Type::kString:
      return std::string(scalar.text);
    case Scalar::Type::kBool:
      return scalar.boolean ? "true" : "false";
    case Scalar::Type::kInt:
      return std::to_string(scalar.integer);
    case Scalar::Type::kFloat:
      if (std::isnan(scalar.number)) return ".nan";
      if (std::isinf(scalar.number))
        return scalar.number > 0 ? ".inf" : "-.inf";
      return FormatGoFloat32(scalar.number);
    case Scalar::Type::kUint:  // YAMLToJSON has no case for uint64 keys
    case Scalar::Type::kNull:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace podsim
