// The shared readers: JSON field types, times, names, label and node
// selectors, taint effects and int-or-percent values.
#include "core/ingest/decode/reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>

namespace podsim::decode {
namespace {

constexpr int kMaxNameLength = 253;

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// Parses RFC 3339 ("2024-01-01T00:00:00Z", fractions and offsets allowed).
// Returns Unix seconds; fractions are dropped as the API's 1 s resolution.
std::optional<int64_t> ParseTime(std::string_view s) {
  auto digits = [&](size_t pos, size_t n, int64_t& out) {
    if (pos + n > s.size()) return false;
    out = 0;
    for (size_t i = pos; i < pos + n; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      out = out * 10 + (s[i] - '0');
    }
    return true;
  };
  int64_t y, mo, d, h, mi, se;
  if (!digits(0, 4, y) || s.size() < 20 || s[4] != '-' || !digits(5, 2, mo) ||
      s[7] != '-' || !digits(8, 2, d) ||
      (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(11, 2, h) ||
      s[13] != ':' || !digits(14, 2, mi) || s[16] != ':' ||
      !digits(17, 2, se)) {
    return std::nullopt;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) {
    return std::nullopt;
  }
  size_t pos = 19;
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    size_t start = pos;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
      ++pos;
    }
    if (pos == start) return std::nullopt;
  }
  int64_t offset = 0;
  if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
    ++pos;
  } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    int64_t oh, om;
    if (!digits(pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' ||
        !digits(pos + 4, 2, om)) {
      return std::nullopt;
    }
    offset = (oh * 3600 + om * 60) * (s[pos] == '+' ? 1 : -1);
    pos += 6;
  } else {
    return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  return DaysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se - offset;
}

std::optional<SelectorOp> ParseOp(std::string_view op, bool node_selector) {
  if (op == "In") return SelectorOp::kIn;
  if (op == "NotIn") return SelectorOp::kNotIn;
  if (op == "Exists") return SelectorOp::kExists;
  if (op == "DoesNotExist") return SelectorOp::kDoesNotExist;
  if (node_selector && op == "Gt") return SelectorOp::kGt;
  if (node_selector && op == "Lt") return SelectorOp::kLt;
  return std::nullopt;
}

std::vector<Requirement> ReadRequirements(Reader& r, const Json& obj,
                                          std::string_view key,
                                          const FieldPath& path,
                                          bool node_selector) {
  std::vector<Requirement> out;
  const Json* list = r.Array(obj, key, path);
  if (!list) return out;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& e = (*list)[i];
    FieldPath p = path.Index(i);
    if (!e.is_object()) {
      r.Error(p, "must be an object with key, operator and values");
      continue;
    }
    Requirement req;
    std::optional<std::string> k = r.String(e, "key", p.Child("key"));
    if (!k || k->empty()) {
      if (!Reader::Member(e, "key")) r.Error(p.Child("key"), "is required");
      continue;
    }
    req.key = *k;
    std::optional<std::string> op =
        r.String(e, "operator", p.Child("operator"));
    std::optional<SelectorOp> parsed =
        op ? ParseOp(*op, node_selector) : std::nullopt;
    if (!parsed) {
      r.Error(p.Child("operator"),
              (op ? "unknown operator " + Quoted(*op)
                  : std::string("is required")) +
                  (node_selector
                       ? "; valid: In, NotIn, Exists, DoesNotExist, Gt, Lt"
                       : "; valid: In, NotIn, Exists, DoesNotExist"));
      continue;
    }
    req.op = *parsed;
    if (const Json* values = r.Array(e, "values", p.Child("values"))) {
      for (size_t j = 0; j < values->size(); ++j) {
        const Json& v = (*values)[j];
        if (v.is_string()) {
          req.values.push_back(v.get<std::string>());
        } else {
          r.Error(p.Child("values").Index(j),
                  "must be a string, not " + TypeName(v));
        }
      }
    }
    bool needs_values =
        req.op == SelectorOp::kIn || req.op == SelectorOp::kNotIn;
    bool one_value = req.op == SelectorOp::kGt || req.op == SelectorOp::kLt;
    if (needs_values && req.values.empty()) {
      r.Error(p.Child("values"), "must be non-empty when operator is " + *op);
      continue;
    }
    if (!needs_values && !one_value && !req.values.empty()) {
      r.Error(p.Child("values"), "must be empty when operator is " + *op);
      continue;
    }
    if (one_value && req.values.size() != 1) {
      r.Error(p.Child("values"),
              "must have exactly one integer value when operator is " + *op);
      continue;
    }
    out.push_back(std::move(req));
  }
  return out;
}

}  // namespace

std::string Quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s.substr(0, 100)) out += c;
  if (s.size() > 100) out += "...";
  return out + "\"";
}

std::string TypeName(const Json& v) {
  switch (v.type()) {
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "a list";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a number";
    default:
      return "null";
  }
}

// Returns the nesting depth of v, stopping early past the limit.
int Depth(const Json& v, int limit) {
  if (limit <= 0) return 1;
  int deepest = 0;
  if (v.is_object() || v.is_array()) {
    for (const Json& child : v) {
      deepest = std::max(deepest, Depth(child, limit - 1));
      if (deepest >= limit) break;
    }
  }
  return deepest + 1;
}

bool IsDnsSubdomain(std::string_view s) {
  if (s.empty() || s.size() > kMaxNameLength) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && c != '-' && c != '.') return false;
    if ((i == 0 || i + 1 == s.size()) && !alnum) return false;
  }
  return true;
}

const Json* Reader::Object(const Json& obj, std::string_view key,
                           const FieldPath& path) {
  const Json* v = Member(obj, key);
  if (v && !v->is_object()) {
    Error(path, "must be an object (a map of fields), not " + TypeName(*v));
    return nullptr;
  }
  return v;
}

const Json* Reader::Array(const Json& obj, std::string_view key,
                          const FieldPath& path) {
  const Json* v = Member(obj, key);
  if (v && !v->is_array()) {
    Error(path, "must be a list, not " + TypeName(*v));
    return nullptr;
  }
  return v;
}

std::optional<std::string> Reader::String(const Json& obj, std::string_view key,
                                          const FieldPath& path) {
  const Json* v = Member(obj, key);
  if (!v) return std::nullopt;
  if (!v->is_string()) {
    Error(path, "must be a string, not " + TypeName(*v));
    return std::nullopt;
  }
  return v->get_ref<const std::string&>();
}

std::optional<int64_t> Reader::Integer(const Json& obj, std::string_view key,
                                       const FieldPath& path, int64_t min,
                                       int64_t max) {
  const Json* v = Member(obj, key);
  if (!v) return std::nullopt;
  int64_t value = 0;
  // is_number_integer() is true for unsigned numbers too: test those first.
  if (v->is_number_unsigned()) {
    uint64_t u = v->get<uint64_t>();
    value = static_cast<int64_t>(u);
    if (u > static_cast<uint64_t>(INT64_MAX)) {
      Error(path, "must be an integer from " + std::to_string(min) + " to " +
                      std::to_string(max) + ", not " + std::to_string(u));
      return std::nullopt;
    }
  } else if (v->is_number_integer()) {
    value = v->get<int64_t>();
  } else if (v->is_number_float()) {
    double d = v->get<double>();
    // The range first: converting a double beyond int64 is undefined.
    if (!(d >= -9e18 && d <= 9e18) ||
        d != static_cast<double>(static_cast<int64_t>(d))) {
      Error(path, "must be a whole number, not " + Number(d));
      return std::nullopt;
    }
    value = static_cast<int64_t>(d);
  } else {
    Error(path, "must be an integer, not " + TypeName(*v));
    return std::nullopt;
  }
  if (value < min || value > max) {
    Error(path, "must be an integer from " + std::to_string(min) + " to " +
                    std::to_string(max) + ", not " + std::to_string(value));
    return std::nullopt;
  }
  return value;
}

std::optional<bool> Reader::Bool(const Json& obj, std::string_view key,
                                 const FieldPath& path) {
  const Json* v = Member(obj, key);
  if (!v) return std::nullopt;
  if (!v->is_boolean()) {
    Error(path, "must be true or false, not " + TypeName(*v));
    return std::nullopt;
  }
  return v->get<bool>();
}

std::optional<int64_t> Reader::Time(const Json& obj, std::string_view key,
                                    const FieldPath& path) {
  std::optional<std::string> s = String(obj, key, path);
  if (!s) return std::nullopt;
  std::optional<int64_t> t = ParseTime(*s);
  if (!t) {
    Error(path, "invalid time " + Quoted(*s) +
                    "; expected RFC 3339, e.g. 2024-01-01T00:00:00Z");
  }
  return t;
}

std::vector<std::pair<std::string, std::string>> Reader::StringMap(
    const Json& obj, std::string_view key, const FieldPath& path) {
  std::vector<std::pair<std::string, std::string>> out;
  const Json* m = Object(obj, key, path);
  if (!m) return out;
  for (auto it = m->begin(); it != m->end(); ++it) {
    if (it->is_string()) {
      out.emplace_back(it.key(), it->get_ref<const std::string&>());
    } else if (it->is_number() || it->is_boolean()) {
      Error(path.Child(it.key()), "must be a string, not " + TypeName(*it) +
                                      "; quote it in YAML, e.g. \"" +
                                      it->dump() + "\"");
    } else {
      Error(path.Child(it.key()), "must be a string, not " + TypeName(*it));
    }
  }
  return out;
}

std::optional<Quantity> Reader::QuantityValue(const Json& v,
                                              const FieldPath& path) {
  std::string text;
  if (v.is_string()) {
    text = v.get_ref<const std::string&>();
  } else if (v.is_number_integer() || v.is_number_unsigned()) {
    text = v.dump();
  } else if (v.is_number_float()) {
    text = Number(v.get<double>());
  } else {
    Error(path,
          "must be a quantity such as 500m, 2 or 1Gi, not " + TypeName(v));
    return std::nullopt;
  }
  std::optional<Quantity> q = Quantity::Parse(text);
  if (!q) {
    Error(path, "invalid quantity " + Quoted(text) +
                    "; expected a number with an optional suffix, e.g. "
                    "500m, 2, 1.5Gi, 100M or 1e3");
    return std::nullopt;
  }
  if (q->millis() < 0) {
    Error(path, "must not be negative, not " + Quoted(text));
    return std::nullopt;
  }
  return q;
}

std::optional<Resources> Reader::ResourceList(ResourceTable& table,
                                              const Json& obj,
                                              std::string_view key,
                                              const FieldPath& path) {
  const Json* m = Object(obj, key, path);
  if (!m) return std::nullopt;
  Resources out;
  for (auto it = m->begin(); it != m->end(); ++it) {
    std::optional<Quantity> q = QuantityValue(*it, path.Child(it.key()));
    if (!q) continue;  // Report every bad field in one pass.
    out.Set(table.Intern(it.key()), q->millis());
  }
  return out;
}

std::optional<QuantityList> Reader::Quantities(ResourceTable& table,
                                               const Json& obj,
                                               std::string_view key,
                                               const FieldPath& path) {
  const Json* m = Object(obj, key, path);
  if (!m) return std::nullopt;
  QuantityList out;
  for (auto it = m->begin(); it != m->end(); ++it) {
    std::optional<Quantity> q = QuantityValue(*it, path.Child(it.key()));
    if (!q) continue;  // Report every bad field in one pass.
    const QuantityFormat format =
        it->is_string() ? FormatOf(it->get_ref<const std::string&>())
                        : QuantityFormat::kDecimalSI;
    out.Set({table.Intern(it.key()), q->millis(), format});
  }
  return out;
}

std::string Reader::Number(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", d);
  return buf;
}

LabelSelector ReadLabelSelector(Reader& r, const Json& obj,
                                std::string_view key, const FieldPath& path) {
  LabelSelector sel;
  const Json* s = r.Object(obj, key, path);
  if (!s) return sel;
  sel.is_nil = false;
  for (auto& [k, v] :
       r.StringMap(*s, "matchLabels", path.Child("matchLabels"))) {
    sel.requirements.push_back({k, SelectorOp::kIn, {v}});
  }
  for (Requirement& req : ReadRequirements(
           r, *s, "matchExpressions", path.Child("matchExpressions"), false)) {
    sel.requirements.push_back(std::move(req));
  }
  return sel;
}

NodeSelectorTerm ReadNodeSelectorTerm(Reader& r, const Json& term,
                                      const FieldPath& path) {
  NodeSelectorTerm out;
  out.match_expressions = ReadRequirements(
      r, term, "matchExpressions", path.Child("matchExpressions"), true);
  std::vector<Requirement> fields =
      ReadRequirements(r, term, "matchFields", path.Child("matchFields"), true);
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].key != "metadata.name") {
      r.Error(path.Child("matchFields").Index(i).Child("key"),
              "unsupported field " + Quoted(fields[i].key) +
                  "; only metadata.name is supported");
      continue;
    }
    out.match_fields.push_back(std::move(fields[i]));
  }
  return out;
}

std::vector<Toleration> ReadTolerations(Reader& r, const Json& obj,
                                        std::string_view key,
                                        const FieldPath& path) {
  std::vector<Toleration> out;
  const Json* tols = r.Array(obj, key, path);
  for (size_t i = 0; tols && i < tols->size(); ++i) {
    const Json& t = (*tols)[i];
    FieldPath p = path.Index(i);
    if (!t.is_object()) {
      r.Error(p, "must be an object with key, operator, value and effect");
      continue;
    }
    Toleration tol;
    tol.key = r.String(t, "key", p.Child("key")).value_or("");
    std::string op =
        r.String(t, "operator", p.Child("operator")).value_or("Equal");
    if (op != "Equal" && op != "Exists") {
      r.Error(p.Child("operator"),
              "unknown operator " + Quoted(op) + "; valid: Equal, Exists");
      continue;
    }
    tol.exists = op == "Exists";
    tol.value = r.String(t, "value", p.Child("value")).value_or("");
    if (tol.exists && !tol.value.empty()) {
      r.Error(p.Child("value"), "must be empty when operator is Exists, not " +
                                    Quoted(tol.value));
      continue;
    }
    if (tol.key.empty() && !tol.exists) {
      r.Error(p.Child("operator"),
              "must be Exists when key is empty (an empty key with Exists "
              "tolerates every taint)");
      continue;
    }
    std::string effect = r.String(t, "effect", p.Child("effect")).value_or("");
    if (!effect.empty()) {
      tol.effect = ParseEffect(effect);
      if (!tol.effect) {
        r.Error(p.Child("effect"), "unknown effect " + Quoted(effect) + "; " +
                                       kEffects + ", or empty for all");
        continue;
      }
    }
    out.push_back(std::move(tol));
  }
  return out;
}

std::optional<TaintEffect> ParseEffect(std::string_view s) {
  if (s == "NoSchedule") return TaintEffect::kNoSchedule;
  if (s == "PreferNoSchedule") return TaintEffect::kPreferNoSchedule;
  if (s == "NoExecute") return TaintEffect::kNoExecute;
  return std::nullopt;
}

std::optional<IntOrPercent> ReadIntOrPercent(Reader& r, const Json& obj,
                                             std::string_view key,
                                             const FieldPath& path) {
  const Json* v = Reader::Member(obj, key);
  if (!v) return std::nullopt;
  if (v->is_number_integer() || v->is_number_unsigned()) {
    std::optional<int64_t> n = r.Integer(obj, key, path, 0, INT32_MAX);
    if (!n) return std::nullopt;  // reported
    return IntOrPercent{false, static_cast<int32_t>(*n)};
  }
  if (v->is_string()) {
    const std::string& s = v->get_ref<const std::string&>();
    int32_t value = 0;
    bool ok = !s.empty() && s.size() <= 10;
    bool percent = ok && s.back() == '%';
    std::string_view digits(s.data(), s.size() - (percent ? 1 : 0));
    ok = ok && !digits.empty();
    for (char c : digits) {
      ok = ok && std::isdigit(static_cast<unsigned char>(c));
      if (ok) value = value * 10 + (c - '0');
    }
    if (ok && percent && value > 100) ok = false;
    if (ok) return IntOrPercent{percent, value};
    r.Error(path, "invalid value " + Quoted(s) +
                      "; expected a non-negative integer or a percentage "
                      "from 0% to 100%, e.g. 1 or \"50%\"");
    return std::nullopt;
  }
  r.Error(path,
          "must be an integer or a percentage string, not " + TypeName(*v));
  return std::nullopt;
}

int32_t ReadDeletionCost(Reader& r, const Json& meta, const FieldPath& path) {
  for (const auto& [key, value] :
       r.StringMap(meta, "annotations", path.Child("annotations"))) {
    if (key != "controller.kubernetes.io/pod-deletion-cost") continue;
    // validFirstDigit: no "+", no leading zero; then a 32-bit integer.
    if (value.empty() || (value[0] == '0' && value != "0") || value[0] == '+') {
      return 0;
    }
    int32_t v = 0;
    auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), v);
    return ec == std::errc() && end == value.data() + value.size() ? v : 0;
  }
  return 0;
}

}  // namespace podsim::decode
