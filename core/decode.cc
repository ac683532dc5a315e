#include "core/decode.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_set>

#include "core/pod_requests.h"
#include "core/quantity.h"

namespace podsim {
namespace {

using Json = nlohmann::json;

constexpr int kMaxNameLength = 253;
constexpr int kMaxDepth = 64;

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

// Reads typed fields of one object, reporting problems against it.
class Reader {
 public:
  Reader(Diagnostics& diagnostics, std::string object, int line, int document)
      : diagnostics_(diagnostics),
        object_(std::move(object)),
        line_(line),
        document_(document) {}

  void Error(const FieldPath& path, std::string message) {
    diagnostics_.Add(Severity::kError, object_, path, line_, std::move(message),
                     document_);
  }
  void Warn(const FieldPath& path, std::string message) {
    diagnostics_.Add(Severity::kWarning, object_, path, line_,
                     std::move(message), document_);
  }
  void SetObject(std::string object) { object_ = std::move(object); }
  const std::string& object() const { return object_; }
  int line() const { return line_; }
  int document() const { return document_; }

  // Returns the member, or nullptr when it is absent or null.
  static const Json* Member(const Json& obj, std::string_view key) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return nullptr;
    return &*it;
  }

  const Json* Object(const Json& obj, std::string_view key,
                     const FieldPath& path) {
    const Json* v = Member(obj, key);
    if (v && !v->is_object()) {
      Error(path, "must be an object (a map of fields), not " + TypeName(*v));
      return nullptr;
    }
    return v;
  }

  const Json* Array(const Json& obj, std::string_view key,
                    const FieldPath& path) {
    const Json* v = Member(obj, key);
    if (v && !v->is_array()) {
      Error(path, "must be a list, not " + TypeName(*v));
      return nullptr;
    }
    return v;
  }

  std::optional<std::string> String(const Json& obj, std::string_view key,
                                    const FieldPath& path) {
    const Json* v = Member(obj, key);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
      Error(path, "must be a string, not " + TypeName(*v));
      return std::nullopt;
    }
    return v->get_ref<const std::string&>();
  }

  std::optional<int64_t> Integer(const Json& obj, std::string_view key,
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

  std::optional<bool> Bool(const Json& obj, std::string_view key,
                           const FieldPath& path) {
    const Json* v = Member(obj, key);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) {
      Error(path, "must be true or false, not " + TypeName(*v));
      return std::nullopt;
    }
    return v->get<bool>();
  }

  std::optional<int64_t> Time(const Json& obj, std::string_view key,
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

  // Reads a map of string values (labels, nodeSelector).
  std::vector<std::pair<std::string, std::string>> StringMap(
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

  // Reads a quantity written as a string or a number.
  std::optional<Quantity> QuantityValue(const Json& v, const FieldPath& path) {
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

  // Reads a resource list (requests, allocatable, overhead) in milli-units.
  std::optional<Resources> ResourceList(ResourceTable& table, const Json& obj,
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

  static std::string Number(double d) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", d);
    return buf;
  }

 private:
  Diagnostics& diagnostics_;
  std::string object_;
  int line_;
  int document_;
};

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

std::optional<TaintEffect> ParseEffect(std::string_view s) {
  if (s == "NoSchedule") return TaintEffect::kNoSchedule;
  if (s == "PreferNoSchedule") return TaintEffect::kPreferNoSchedule;
  if (s == "NoExecute") return TaintEffect::kNoExecute;
  return std::nullopt;
}

constexpr const char* kEffects =
    "valid: NoSchedule, PreferNoSchedule, NoExecute";

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

class Decoder {
 public:
  DecodeResult Run(std::string_view text);

 private:
  // Where the value came from: a source line and document index (or -1).
  struct Source {
    int line = 0;
    int document = -1;
  };
  void AddValue(const Json& value, Source source, int depth);
  void AddObject(const Json& obj, Source source);
  void DecodeNode(const Json& obj, Reader& r);
  void DecodePod(const Json& obj, Reader& r);
  void DecodePodSpec(const Json& spec, Reader& r, Pod& pod,
                     PodResourceSpec& resources);
  void DecodeContainers(const Json& spec, std::string_view key, Reader& r,
                        Pod& pod, std::vector<ContainerRequests>& out);
  void DecodeAffinity(const Json& spec, Reader& r, Pod& pod);
  std::vector<PodAffinityTerm> DecodePodAffinityTerms(const Json& obj,
                                                      const FieldPath& path,
                                                      Reader& r,
                                                      const Pod& pod);
  void DecodeSpread(const Json& spec, Reader& r, Pod& pod);
  void DecodePriorityClass(const Json& obj, Reader& r);
  void DecodePdb(const Json& obj, Reader& r);
  void DecodeConfig(const Json& obj, Reader& r);
  void DecodeNamespace(const Json& obj, Reader& r);
  void DecodeController(const Json& obj, Reader& r, const std::string& kind);
  std::vector<OwnerReference> DecodeOwners(const Json& meta, Reader& r);
  void ResolveNamespaces();

  // Returns the metadata name (reporting when missing or invalid).
  std::optional<std::string> Name(const Json& meta, Reader& r);

  DecodeResult result_;
  Scenario& scenario_ = result_.scenario;
  size_t objects_ = 0;
  bool too_many_reported_ = false;
  std::unordered_set<std::string> seen_;  // "<kind>/<ns>/<name>"
  // Affinity terms whose namespaceSelector is resolved once all Namespace
  // objects are known: (pod, anti?, term index, selector).
  struct PendingNamespaceSelector {
    ObjectIndex pod;
    bool anti;
    size_t term;
    LabelSelector selector;
  };
  std::vector<PendingNamespaceSelector> namespace_selectors_;
};

DecodeResult Decoder::Run(std::string_view text) {
  if (text.size() > kMaxInputBytes) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), 0,
                            "input is " + std::to_string(text.size() >> 20) +
                                " MiB; the limit is " +
                                std::to_string(kMaxInputBytes >> 20) + " MiB");
    return std::move(result_);
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return std::move(result_);
  }
  // One JSON value, or else one value per line (what wasm/index.mjs sends).
  Json whole = Json::parse(text.begin(), text.end(), nullptr, false);
  if (!whole.is_discarded()) {
    AddValue(whole, Source{}, 0);
  } else if (text.find('\n') == std::string_view::npos) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), 0,
                            "input is not valid JSON");
  } else {
    size_t pos = 0;
    int line_number = 0;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(pos, end - pos);
      ++line_number;
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
        Json v = Json::parse(line.begin(), line.end(), nullptr, false);
        if (v.is_discarded()) {
          result_.diagnostics.Add(Severity::kError, "", FieldPath(),
                                  line_number, "this line is not valid JSON");
        } else {
          AddValue(v, Source{}, 0);
        }
      }
      pos = end + 1;
    }
  }
  ResolveNamespaces();
  return std::move(result_);
}

void Decoder::AddValue(const Json& value, Source source, int depth) {
  if (depth > 4) {
    result_.diagnostics.Add(Severity::kError, "", FieldPath(), source.line,
                            "lists are nested more than 4 deep; expected "
                            "objects, a List, or a list of objects",
                            source.document);
    return;
  }
  if (value.is_array()) {
    for (const Json& v : value) AddValue(v, source, depth + 1);
    return;
  }
  if (!value.is_object()) {
    result_.diagnostics.Add(
        Severity::kError, "", FieldPath(), source.line,
        "expected a Kubernetes object, not " + TypeName(value),
        source.document);
    return;
  }
  const Json* kind = Reader::Member(value, "kind");
  const Json* wrapped = Reader::Member(value, "object");
  if (!kind && wrapped) {
    const Json* line = Reader::Member(value, "line");
    const Json* document = Reader::Member(value, "document");
    Source inner = source;
    if (line && line->is_number_integer()) inner.line = line->get<int>();
    if (document && document->is_number_integer()) {
      inner.document = document->get<int>();
    }
    AddValue(*wrapped, inner, depth + 1);
    return;
  }
  if (kind && kind->is_string() &&
      kind->get_ref<const std::string&>() == "List") {
    if (const Json* items = Reader::Member(value, "items")) {
      if (items->is_array()) {
        for (const Json& item : *items) AddValue(item, source, depth + 1);
        return;
      }
    }
    result_.diagnostics.Add(Severity::kError, "List", FieldPath("items"),
                            source.line, "must be a list of objects",
                            source.document);
    return;
  }
  AddObject(value, source);
}

std::optional<std::string> Decoder::Name(const Json& meta, Reader& r) {
  std::optional<std::string> name =
      r.String(meta, "name", FieldPath("metadata.name"));
  if (!name) {
    if (!Reader::Member(meta, "name")) {
      r.Error(FieldPath("metadata.name"),
              "is required; every object needs a name");
    }
    return std::nullopt;
  }
  if (!IsDnsSubdomain(*name)) {
    r.Error(FieldPath("metadata.name"),
            "invalid name " + Quoted(*name) +
                "; expected a lowercase RFC 1123 subdomain (a-z, 0-9, '-' "
                "and '.', starting and ending with a letter or digit, at "
                "most 253 characters)");
    return std::nullopt;
  }
  return name;
}

void Decoder::AddObject(const Json& obj, Source source) {
  int line = source.line;
  if (++objects_ > kMaxObjects) {
    if (!too_many_reported_) {
      too_many_reported_ = true;
      result_.diagnostics.Add(Severity::kError, "", FieldPath(), line,
                              "too many objects; the limit is " +
                                  std::to_string(kMaxObjects) +
                                  " and the rest were ignored");
    }
    return;
  }
  Reader r(result_.diagnostics, "object", line, source.document);
  std::optional<std::string> kind = r.String(obj, "kind", FieldPath("kind"));
  if (!kind) {
    if (!Reader::Member(obj, "kind")) {
      r.Error(FieldPath("kind"),
              "is required; expected Node, Pod, PriorityClass, "
              "PodDisruptionBudget or KubeSchedulerConfiguration");
    }
    return;
  }
  if (Depth(obj, kMaxDepth + 1) > kMaxDepth) {
    r.SetObject(*kind);
    r.Error(FieldPath(), "is nested more than " + std::to_string(kMaxDepth) +
                             " levels deep; ignored");
    return;
  }
  r.SetObject(*kind);
  if (*kind == "Node") return DecodeNode(obj, r);
  if (*kind == "Pod") return DecodePod(obj, r);
  if (*kind == "PriorityClass") return DecodePriorityClass(obj, r);
  if (*kind == "PodDisruptionBudget") return DecodePdb(obj, r);
  if (*kind == "KubeSchedulerConfiguration") return DecodeConfig(obj, r);
  if (*kind == "Namespace") return DecodeNamespace(obj, r);
  if (*kind == "Deployment" || *kind == "ReplicaSet" ||
      *kind == "StatefulSet" || *kind == "ReplicationController") {
    return DecodeController(obj, r, *kind);
  }
  r.Warn(FieldPath("kind"),
         "kind " + Quoted(*kind) +
             " is ignored; podsim reads Node, Pod, PriorityClass, "
             "PodDisruptionBudget, KubeSchedulerConfiguration, Namespace and "
             "workload controllers (for their replicas)");
}

void Decoder::DecodeNode(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  r.SetObject("Node " + *name);
  if (!seen_.insert("Node/" + *name).second) {
    r.Error(FieldPath("metadata.name"),
            "duplicate Node " + Quoted(*name) +
                "; names must be unique, this one is ignored");
    return;
  }
  Node node;
  node.name = *name;
  node.line = r.line();
  node.document = r.document();
  node.index = static_cast<ObjectIndex>(scenario_.nodes.size());
  auto labels = r.StringMap(*meta, "labels", FieldPath("metadata.labels"));
  bool has_hostname = std::any_of(labels.begin(), labels.end(), [](auto& l) {
    return l.first == "kubernetes.io/hostname";
  });
  if (!has_hostname) labels.emplace_back("kubernetes.io/hostname", node.name);
  node.labels = Labels(std::move(labels));

  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  node.unschedulable =
      r.Bool(*spec, "unschedulable", FieldPath("spec.unschedulable"))
          .value_or(false);
  if (const Json* taints = r.Array(*spec, "taints", FieldPath("spec.taints"))) {
    for (size_t i = 0; i < taints->size(); ++i) {
      const Json& t = (*taints)[i];
      FieldPath p = FieldPath("spec.taints").Index(i);
      if (!t.is_object()) {
        r.Error(p, "must be an object with key, value and effect");
        continue;
      }
      Taint taint;
      taint.key = r.String(t, "key", p.Child("key")).value_or("");
      taint.value = r.String(t, "value", p.Child("value")).value_or("");
      std::optional<std::string> effect =
          r.String(t, "effect", p.Child("effect"));
      std::optional<TaintEffect> parsed =
          effect ? ParseEffect(*effect) : std::nullopt;
      if (taint.key.empty()) {
        r.Error(p.Child("key"), "is required");
        continue;
      }
      if (!parsed) {
        r.Error(p.Child("effect"), (effect ? "unknown effect " + Quoted(*effect)
                                           : std::string("is required")) +
                                       "; " + kEffects);
        continue;
      }
      taint.effect = *parsed;
      node.taints.push_back(std::move(taint));
    }
  }

  const Json* status = r.Object(obj, "status", FieldPath("status"));
  if (!status) status = &empty;
  std::optional<Resources> alloc =
      r.ResourceList(scenario_.resources, *status, "allocatable",
                     FieldPath("status.allocatable"));
  if (!alloc) {
    alloc = r.ResourceList(scenario_.resources, *status, "capacity",
                           FieldPath("status.capacity"));
  }
  Resources millis = alloc.value_or(Resources());
  node.allocatable = Resources::FromMillis(millis);
  bool has_pods = false;
  for (const char* key : {"allocatable", "capacity"}) {
    if (const Json* m = Reader::Member(*status, key)) {
      has_pods = has_pods || (m->is_object() && m->contains("pods"));
    }
  }
  // kubelet always reports pods (110 by default); hand-written nodes may not.
  if (!has_pods) node.allocatable.Set(kPods, 110);
  scenario_.nodes.push_back(std::move(node));
}

std::vector<OwnerReference> Decoder::DecodeOwners(const Json& meta, Reader& r) {
  std::vector<OwnerReference> owners;
  FieldPath path("metadata.ownerReferences");
  const Json* refs = r.Array(meta, "ownerReferences", path);
  if (!refs) return owners;
  for (size_t i = 0; i < refs->size(); ++i) {
    const Json& ref = (*refs)[i];
    if (!ref.is_object()) {
      r.Error(path.Index(i), "must be an object with kind and name");
      continue;
    }
    OwnerReference owner;
    owner.kind =
        r.String(ref, "kind", path.Index(i).Child("kind")).value_or("");
    owner.name =
        r.String(ref, "name", path.Index(i).Child("name")).value_or("");
    owner.controller =
        r.Bool(ref, "controller", path.Index(i).Child("controller"))
            .value_or(false);
    owners.push_back(std::move(owner));
  }
  return owners;
}

void Decoder::DecodePod(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  Pod pod;
  pod.name = *name;
  if (std::optional<std::string> ns =
          r.String(*meta, "namespace", FieldPath("metadata.namespace"))) {
    if (!ns->empty()) pod.ns = *ns;
  }
  pod.key = pod.ns + "/" + pod.name;
  r.SetObject("Pod " + pod.key);
  if (!seen_.insert("Pod/" + pod.key).second) {
    r.Error(FieldPath("metadata.name"),
            "duplicate Pod " + Quoted(pod.key) +
                "; names must be unique within a namespace, this one is "
                "ignored");
    return;
  }
  pod.line = r.line();
  pod.document = r.document();
  pod.index = static_cast<ObjectIndex>(scenario_.pods.size());
  pod.uid = r.String(*meta, "uid", FieldPath("metadata.uid")).value_or("");
  if (pod.uid.empty()) pod.uid = pod.key;
  pod.labels =
      Labels(r.StringMap(*meta, "labels", FieldPath("metadata.labels")));
  pod.owners = DecodeOwners(*meta, r);
  pod.creation_time = r.Time(*meta, "creationTimestamp",
                             FieldPath("metadata.creationTimestamp"));
  pod.terminating = Reader::Member(*meta, "deletionTimestamp") != nullptr &&
                    r.Time(*meta, "deletionTimestamp",
                           FieldPath("metadata.deletionTimestamp"))
                        .has_value();

  PodResourceSpec resources;
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) {
    r.Error(FieldPath("spec"), "is required; a pod needs spec.containers");
    spec = &empty;
  }
  DecodePodSpec(*spec, r, pod, resources);
  pod.requests = PodRequests(resources, false);
  Resources nonzero = PodRequests(resources, true);
  pod.nonzero_cpu = nonzero.Get(kCpu);
  pod.nonzero_memory = nonzero.Get(kMemory);

  const Json* status = r.Object(obj, "status", FieldPath("status"));
  if (!status) status = &empty;
  pod.start_time = r.Time(*status, "startTime", FieldPath("status.startTime"));
  pod.nominated_node_name = r.String(*status, "nominatedNodeName",
                                     FieldPath("status.nominatedNodeName"))
                                .value_or("");
  pod.phase =
      r.String(*status, "phase", FieldPath("status.phase")).value_or("");
  if (const Json* conditions =
          r.Array(*status, "conditions", FieldPath("status.conditions"))) {
    bool first_disruption_target = true;
    for (size_t i = 0; i < conditions->size(); ++i) {
      const Json& c = (*conditions)[i];
      FieldPath p = FieldPath("status.conditions").Index(i);
      if (!c.is_object()) {
        r.Error(p, "must be an object with type and status");
        continue;
      }
      std::string type = r.String(c, "type", p.Child("type")).value_or("");
      std::string value = r.String(c, "status", p.Child("status")).value_or("");
      if (type == "Ready") pod.ready = value == "True";
      if (type == "DisruptionTarget" && first_disruption_target) {
        first_disruption_target = false;
        pod.preempted_by_scheduler =
            value == "True" &&
            r.String(c, "reason", p.Child("reason")).value_or("") ==
                "PreemptionByScheduler";
      }
    }
  }
  scenario_.pods.push_back(std::move(pod));
}

void Decoder::DecodePodSpec(const Json& spec, Reader& r, Pod& pod,
                            PodResourceSpec& resources) {
  pod.node_name =
      r.String(spec, "nodeName", FieldPath("spec.nodeName")).value_or("");
  if (std::optional<std::string> s =
          r.String(spec, "schedulerName", FieldPath("spec.schedulerName"))) {
    if (!s->empty()) pod.scheduler_name = *s;
  }
  if (std::optional<int64_t> p = r.Integer(
          spec, "priority", FieldPath("spec.priority"), INT32_MIN, INT32_MAX)) {
    pod.spec_priority = static_cast<int32_t>(*p);
  }
  pod.priority_class_name =
      r.String(spec, "priorityClassName", FieldPath("spec.priorityClassName"))
          .value_or("");
  if (std::optional<std::string> policy = r.String(
          spec, "preemptionPolicy", FieldPath("spec.preemptionPolicy"))) {
    if (*policy == "Never") {
      pod.spec_preemption_policy = PreemptionPolicy::kNever;
    } else if (*policy == "PreemptLowerPriority") {
      pod.spec_preemption_policy = PreemptionPolicy::kPreemptLowerPriority;
    } else {
      r.Error(FieldPath("spec.preemptionPolicy"),
              "unknown policy " + Quoted(*policy) +
                  "; valid: PreemptLowerPriority, Never");
    }
  }
  DecodeContainers(spec, "containers", r, pod, resources.containers);
  if (resources.containers.empty() && !Reader::Member(spec, "containers")) {
    r.Error(FieldPath("spec.containers"),
            "is required; a pod needs at least one container");
  }
  DecodeContainers(spec, "initContainers", r, pod, resources.init_containers);
  resources.overhead = r.ResourceList(scenario_.resources, spec, "overhead",
                                      FieldPath("spec.overhead"));
  if (const Json* res =
          r.Object(spec, "resources", FieldPath("spec.resources"))) {
    resources.pod_level = r.ResourceList(scenario_.resources, *res, "requests",
                                         FieldPath("spec.resources.requests"));
  }
  pod.node_selector =
      r.StringMap(spec, "nodeSelector", FieldPath("spec.nodeSelector"));

  if (const Json* tols =
          r.Array(spec, "tolerations", FieldPath("spec.tolerations"))) {
    for (size_t i = 0; i < tols->size(); ++i) {
      const Json& t = (*tols)[i];
      FieldPath p = FieldPath("spec.tolerations").Index(i);
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
        r.Error(
            p.Child("value"),
            "must be empty when operator is Exists, not " + Quoted(tol.value));
        continue;
      }
      if (tol.key.empty() && !tol.exists) {
        r.Error(p.Child("operator"),
                "must be Exists when key is empty (an empty key with Exists "
                "tolerates every taint)");
        continue;
      }
      std::string effect =
          r.String(t, "effect", p.Child("effect")).value_or("");
      if (!effect.empty()) {
        tol.effect = ParseEffect(effect);
        if (!tol.effect) {
          r.Error(p.Child("effect"), "unknown effect " + Quoted(effect) + "; " +
                                         kEffects + ", or empty for all");
          continue;
        }
      }
      pod.tolerations.push_back(std::move(tol));
    }
  }
  DecodeAffinity(spec, r, pod);
  DecodeSpread(spec, r, pod);
}

void Decoder::DecodeContainers(const Json& spec, std::string_view key,
                               Reader& r, Pod& pod,
                               std::vector<ContainerRequests>& out) {
  FieldPath path = FieldPath("spec").Child(key);
  const Json* list = r.Array(spec, key, path);
  if (!list) return;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& c = (*list)[i];
    FieldPath p = path.Index(i);
    if (!c.is_object()) {
      r.Error(p, "must be an object (a container with name, image, resources)");
      continue;
    }
    ContainerRequests container;
    if (const Json* res = r.Object(c, "resources", p.Child("resources"))) {
      FieldPath rp = p.Child("resources");
      Resources requests = r.ResourceList(scenario_.resources, *res, "requests",
                                          rp.Child("requests"))
                               .value_or(Resources());
      // API defaulting: a limit without a request sets the request.
      if (const Json* limits = r.Object(*res, "limits", rp.Child("limits"))) {
        const Json* req_map = Reader::Member(*res, "requests");
        for (auto it = limits->begin(); it != limits->end(); ++it) {
          std::optional<Quantity> q =
              r.QuantityValue(*it, rp.Child("limits").Child(it.key()));
          bool requested =
              req_map && req_map->is_object() && req_map->contains(it.key());
          if (q && !requested) {
            requests.Set(scenario_.resources.Intern(it.key()), q->millis());
          }
        }
      }
      container.requests = requests;
    }
    if (key == "initContainers") {
      std::optional<std::string> policy =
          r.String(c, "restartPolicy", p.Child("restartPolicy"));
      if (policy && *policy != "Always") {
        r.Error(p.Child("restartPolicy"),
                "unsupported value " + Quoted(*policy) +
                    "; init containers allow only Always (a sidecar)");
      }
      container.restartable = policy && *policy == "Always";
    }
    if (const Json* ports = r.Array(c, "ports", p.Child("ports"))) {
      for (size_t j = 0; j < ports->size(); ++j) {
        const Json& port = (*ports)[j];
        FieldPath pp = p.Child("ports").Index(j);
        if (!port.is_object()) {
          r.Error(pp, "must be an object with containerPort");
          continue;
        }
        std::optional<int64_t> host =
            r.Integer(port, "hostPort", pp.Child("hostPort"), 0, 65535);
        std::string protocol =
            r.String(port, "protocol", pp.Child("protocol")).value_or("TCP");
        if (protocol != "TCP" && protocol != "UDP" && protocol != "SCTP") {
          r.Error(pp.Child("protocol"), "unknown protocol " + Quoted(protocol) +
                                            "; valid: TCP, UDP, SCTP");
          continue;
        }
        // Mirrors schedutil.GetHostPorts: regular and sidecar containers.
        bool counts = key == "containers" || container.restartable;
        if (host && *host > 0 && counts) {
          pod.host_ports.push_back(
              {r.String(port, "hostIP", pp.Child("hostIP")).value_or(""),
               protocol, static_cast<int32_t>(*host)});
        }
      }
    }
    out.push_back(std::move(container));
  }
}

std::vector<PodAffinityTerm> Decoder::DecodePodAffinityTerms(
    const Json& obj, const FieldPath& path, Reader& r, const Pod& pod) {
  std::vector<PodAffinityTerm> terms;
  const Json* list =
      r.Array(obj, "requiredDuringSchedulingIgnoredDuringExecution",
              path.Child("requiredDuringSchedulingIgnoredDuringExecution"));
  if (!list) return terms;
  FieldPath lp = path.Child("requiredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& t = (*list)[i];
    FieldPath p = lp.Index(i);
    if (!t.is_object()) {
      r.Error(p, "must be an object with labelSelector and topologyKey");
      continue;
    }
    PodAffinityTerm term;
    term.selector =
        ReadLabelSelector(r, t, "labelSelector", p.Child("labelSelector"));
    term.topology_key =
        r.String(t, "topologyKey", p.Child("topologyKey")).value_or("");
    if (term.topology_key.empty()) {
      r.Error(p.Child("topologyKey"),
              "is required, e.g. kubernetes.io/hostname or "
              "topology.kubernetes.io/zone");
      continue;
    }
    // matchLabelKeys / mismatchLabelKeys merge the pod's own label values in.
    for (const char* field : {"matchLabelKeys", "mismatchLabelKeys"}) {
      if (const Json* keys = r.Array(t, field, p.Child(field))) {
        for (const Json& k : *keys) {
          if (!k.is_string()) continue;
          const std::string* v =
              pod.labels.Find(k.get_ref<const std::string&>());
          if (!v) continue;
          if (term.selector.is_nil) continue;
          term.selector.requirements.push_back(
              {k.get<std::string>(),
               std::string_view(field) == "matchLabelKeys" ? SelectorOp::kIn
                                                           : SelectorOp::kNotIn,
               {*v}});
        }
      }
    }
    if (const Json* nss = r.Array(t, "namespaces", p.Child("namespaces"))) {
      for (const Json& ns : *nss) {
        if (ns.is_string()) term.namespaces.push_back(ns.get<std::string>());
      }
    }
    LabelSelector ns_selector = ReadLabelSelector(r, t, "namespaceSelector",
                                                  p.Child("namespaceSelector"));
    if (!ns_selector.is_nil) {
      if (ns_selector.empty()) {
        term.all_namespaces = true;
      } else {
        namespace_selectors_.push_back(
            {pod.index, false, terms.size(), std::move(ns_selector)});
      }
    } else if (term.namespaces.empty()) {
      term.namespaces.push_back(pod.ns);
    }
    terms.push_back(std::move(term));
  }
  return terms;
}

void Decoder::DecodeAffinity(const Json& spec, Reader& r, Pod& pod) {
  FieldPath path("spec.affinity");
  const Json* affinity = r.Object(spec, "affinity", path);
  if (!affinity) return;
  if (const Json* na =
          r.Object(*affinity, "nodeAffinity", path.Child("nodeAffinity"))) {
    FieldPath np = path.Child("nodeAffinity");
    FieldPath rp = np.Child("requiredDuringSchedulingIgnoredDuringExecution");
    if (const Json* req = r.Object(
            *na, "requiredDuringSchedulingIgnoredDuringExecution", rp)) {
      std::vector<NodeSelectorTerm> terms;
      if (const Json* list = r.Array(*req, "nodeSelectorTerms",
                                     rp.Child("nodeSelectorTerms"))) {
        for (size_t i = 0; i < list->size(); ++i) {
          if (!(*list)[i].is_object()) {
            r.Error(rp.Child("nodeSelectorTerms").Index(i),
                    "must be an object with matchExpressions or matchFields");
            continue;
          }
          terms.push_back(ReadNodeSelectorTerm(
              r, (*list)[i], rp.Child("nodeSelectorTerms").Index(i)));
        }
      }
      if (terms.empty()) {
        r.Error(rp.Child("nodeSelectorTerms"),
                "must have at least one term with matchExpressions or "
                "matchFields");
      }
      pod.required_node_affinity = std::move(terms);
    }
    FieldPath pp = np.Child("preferredDuringSchedulingIgnoredDuringExecution");
    if (const Json* list = r.Array(
            *na, "preferredDuringSchedulingIgnoredDuringExecution", pp)) {
      for (size_t i = 0; i < list->size(); ++i) {
        const Json& e = (*list)[i];
        if (!e.is_object()) {
          r.Error(pp.Index(i), "must be an object with weight and preference");
          continue;
        }
        std::optional<int64_t> weight =
            r.Integer(e, "weight", pp.Index(i).Child("weight"), 1, 100);
        const Json* pref =
            r.Object(e, "preference", pp.Index(i).Child("preference"));
        if (!weight || !pref) {
          if (!Reader::Member(e, "weight")) {
            r.Error(pp.Index(i).Child("weight"), "is required (1 to 100)");
          }
          continue;
        }
        pod.preferred_node_affinity.push_back(
            {static_cast<int32_t>(*weight),
             ReadNodeSelectorTerm(r, *pref, pp.Index(i).Child("preference"))});
      }
    }
  }
  if (const Json* pa =
          r.Object(*affinity, "podAffinity", path.Child("podAffinity"))) {
    pod.required_affinity =
        DecodePodAffinityTerms(*pa, path.Child("podAffinity"), r, pod);
  }
  if (const Json* pa = r.Object(*affinity, "podAntiAffinity",
                                path.Child("podAntiAffinity"))) {
    size_t before = namespace_selectors_.size();
    pod.required_anti_affinity =
        DecodePodAffinityTerms(*pa, path.Child("podAntiAffinity"), r, pod);
    for (size_t i = before; i < namespace_selectors_.size(); ++i) {
      namespace_selectors_[i].anti = true;
    }
  }
}

void Decoder::DecodeSpread(const Json& spec, Reader& r, Pod& pod) {
  FieldPath path("spec.topologySpreadConstraints");
  const Json* list = r.Array(spec, "topologySpreadConstraints", path);
  if (!list) return;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& c = (*list)[i];
    FieldPath p = path.Index(i);
    if (!c.is_object()) {
      r.Error(
          p,
          "must be an object with maxSkew, topologyKey and whenUnsatisfiable");
      continue;
    }
    TopologySpreadConstraint constraint;
    std::optional<int64_t> skew =
        r.Integer(c, "maxSkew", p.Child("maxSkew"), 1, INT32_MAX);
    if (!skew) {
      if (!Reader::Member(c, "maxSkew"))
        r.Error(p.Child("maxSkew"), "is required (at least 1)");
      continue;
    }
    constraint.max_skew = static_cast<int32_t>(*skew);
    constraint.topology_key =
        r.String(c, "topologyKey", p.Child("topologyKey")).value_or("");
    if (constraint.topology_key.empty()) {
      r.Error(p.Child("topologyKey"),
              "is required, e.g. topology.kubernetes.io/zone");
      continue;
    }
    std::string when =
        r.String(c, "whenUnsatisfiable", p.Child("whenUnsatisfiable"))
            .value_or("");
    if (when != "DoNotSchedule" && when != "ScheduleAnyway") {
      r.Error(p.Child("whenUnsatisfiable"),
              (when.empty() ? std::string("is required")
                            : "unknown value " + Quoted(when)) +
                  "; valid: DoNotSchedule, ScheduleAnyway");
      continue;
    }
    constraint.do_not_schedule = when == "DoNotSchedule";
    constraint.selector =
        ReadLabelSelector(r, c, "labelSelector", p.Child("labelSelector"));
    if (const Json* keys =
            r.Array(c, "matchLabelKeys", p.Child("matchLabelKeys"))) {
      for (const Json& k : *keys) {
        if (!k.is_string()) continue;
        const std::string* v = pod.labels.Find(k.get_ref<const std::string&>());
        if (v && !constraint.selector.is_nil) {
          constraint.selector.requirements.push_back(
              {k.get<std::string>(), SelectorOp::kIn, {*v}});
        }
      }
    }
    if (std::optional<int64_t> m =
            r.Integer(c, "minDomains", p.Child("minDomains"), 1, INT32_MAX)) {
      if (!constraint.do_not_schedule) {
        r.Error(p.Child("minDomains"),
                "can only be set when whenUnsatisfiable is DoNotSchedule");
      }
      constraint.min_domains = static_cast<int32_t>(*m);
    }
    for (auto [field, honor_default, out] :
         {std::tuple{"nodeAffinityPolicy", true,
                     &constraint.honor_node_affinity},
          std::tuple{"nodeTaintsPolicy", false,
                     &constraint.honor_node_taints}}) {
      std::string v = r.String(c, field, p.Child(field)).value_or("");
      if (v.empty()) {
        *out = honor_default;
      } else if (v == "Honor" || v == "Ignore") {
        *out = v == "Honor";
      } else {
        r.Error(p.Child(field),
                "unknown policy " + Quoted(v) + "; valid: Honor, Ignore");
      }
    }
    pod.spread_constraints.push_back(std::move(constraint));
  }
}

void Decoder::DecodePriorityClass(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  r.SetObject("PriorityClass " + *name);
  if (!seen_.insert("PriorityClass/" + *name).second) {
    r.Error(
        FieldPath("metadata.name"),
        "duplicate PriorityClass " + Quoted(*name) + "; this one is ignored");
    return;
  }
  PriorityClass pc;
  pc.name = *name;
  pc.line = r.line();
  pc.document = r.document();
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

void Decoder::DecodePdb(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  PodDisruptionBudget pdb;
  pdb.name = *name;
  if (std::optional<std::string> ns =
          r.String(*meta, "namespace", FieldPath("metadata.namespace"))) {
    if (!ns->empty()) pdb.ns = *ns;
  }
  r.SetObject("PodDisruptionBudget " + pdb.ns + "/" + pdb.name);
  if (!seen_.insert("PodDisruptionBudget/" + pdb.ns + "/" + pdb.name).second) {
    r.Error(FieldPath("metadata.name"), "duplicate PodDisruptionBudget " +
                                            Quoted(pdb.ns + "/" + pdb.name) +
                                            "; this one is ignored");
    return;
  }
  pdb.line = r.line();
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  pdb.selector =
      ReadLabelSelector(r, *spec, "selector", FieldPath("spec.selector"));
  pdb.min_available = ReadIntOrPercent(r, *spec, "minAvailable",
                                       FieldPath("spec.minAvailable"));
  pdb.max_unavailable = ReadIntOrPercent(r, *spec, "maxUnavailable",
                                         FieldPath("spec.maxUnavailable"));
  if (pdb.min_available && pdb.max_unavailable) {
    r.Error(FieldPath("spec"),
            "minAvailable and maxUnavailable cannot be both set; keep one");
  }
  const Json* status = r.Object(obj, "status", FieldPath("status"));
  if (status) {
    if (std::optional<int64_t> allowed =
            r.Integer(*status, "disruptionsAllowed",
                      FieldPath("status.disruptionsAllowed"), 0, INT32_MAX)) {
      pdb.has_status = true;
      pdb.disruptions_allowed = static_cast<int32_t>(*allowed);
    }
    if (const Json* disrupted = r.Object(*status, "disruptedPods",
                                         FieldPath("status.disruptedPods"))) {
      for (auto it = disrupted->begin(); it != disrupted->end(); ++it) {
        pdb.disrupted_pods.push_back(it.key());
      }
    }
  }
  scenario_.pdbs.push_back(std::move(pdb));
}

void Decoder::DecodeConfig(const Json& obj, Reader& r) {
  r.SetObject("KubeSchedulerConfiguration");
  SchedulerConfig& config = scenario_.config;
  if (std::optional<int64_t> pct =
          r.Integer(obj, "percentageOfNodesToScore",
                    FieldPath("percentageOfNodesToScore"), 0, 100)) {
    config.percentage_of_nodes_to_score = static_cast<int32_t>(*pct);
  }
  const Json* profiles = r.Array(obj, "profiles", FieldPath("profiles"));
  if (!profiles) return;
  for (size_t i = 0; i < profiles->size(); ++i) {
    const Json& profile = (*profiles)[i];
    FieldPath p = FieldPath("profiles").Index(i);
    std::string scheduler =
        r.String(profile, "schedulerName", p.Child("schedulerName"))
            .value_or("default-scheduler");
    if (scheduler != "default-scheduler") {
      r.Warn(p.Child("schedulerName"),
             "profile " + Quoted(scheduler) +
                 " is ignored; podsim models the default-scheduler profile");
      continue;
    }
    if (std::optional<int64_t> pct =
            r.Integer(profile, "percentageOfNodesToScore",
                      p.Child("percentageOfNodesToScore"), 0, 100)) {
      config.percentage_of_nodes_to_score = static_cast<int32_t>(*pct);
    }
    const Json* configs =
        r.Array(profile, "pluginConfig", p.Child("pluginConfig"));
    if (!configs) continue;
    for (size_t j = 0; j < configs->size(); ++j) {
      const Json& pc = (*configs)[j];
      FieldPath cp = p.Child("pluginConfig").Index(j);
      if (r.String(pc, "name", cp.Child("name")).value_or("") !=
          "DefaultPreemption") {
        continue;
      }
      const Json* args = r.Object(pc, "args", cp.Child("args"));
      if (!args) continue;
      FieldPath ap = cp.Child("args");
      std::optional<int64_t> pct =
          r.Integer(*args, "minCandidateNodesPercentage",
                    ap.Child("minCandidateNodesPercentage"), 0, 100);
      std::optional<int64_t> abs =
          r.Integer(*args, "minCandidateNodesAbsolute",
                    ap.Child("minCandidateNodesAbsolute"), 0, INT32_MAX);
      int32_t new_pct = pct ? static_cast<int32_t>(*pct)
                            : config.min_candidate_nodes_percentage;
      int32_t new_abs = abs ? static_cast<int32_t>(*abs)
                            : config.min_candidate_nodes_absolute;
      if (new_pct == 0 && new_abs == 0) {
        r.Error(ap.Child("minCandidateNodesPercentage"),
                "cannot be zero at the same time as minCandidateNodesAbsolute");
        continue;
      }
      config.min_candidate_nodes_percentage = new_pct;
      config.min_candidate_nodes_absolute = new_abs;
    }
  }
}

void Decoder::DecodeNamespace(const Json& obj, Reader& r) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  r.SetObject("Namespace " + *name);
  auto labels = r.StringMap(*meta, "labels", FieldPath("metadata.labels"));
  labels.erase(std::remove_if(labels.begin(), labels.end(),
                              [](auto& l) {
                                return l.first == "kubernetes.io/metadata.name";
                              }),
               labels.end());
  labels.emplace_back("kubernetes.io/metadata.name", *name);
  scenario_.namespace_labels[*name] = Labels(std::move(labels));
}

void Decoder::DecodeController(const Json& obj, Reader& r,
                               const std::string& kind) {
  const Json empty = Json::object();
  const Json* meta = r.Object(obj, "metadata", FieldPath("metadata"));
  if (!meta) meta = &empty;
  std::optional<std::string> name = Name(*meta, r);
  if (!name) return;
  Controller c;
  c.kind = kind;
  c.name = *name;
  c.ns = r.String(*meta, "namespace", FieldPath("metadata.namespace"))
             .value_or("default");
  if (c.ns.empty()) c.ns = "default";
  r.SetObject(kind + " " + c.ns + "/" + c.name);
  c.owners = DecodeOwners(*meta, r);
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (spec) {
    c.replicas = static_cast<int32_t>(
        r.Integer(*spec, "replicas", FieldPath("spec.replicas"), 0, INT32_MAX)
            .value_or(1));
  }
  scenario_.controllers.push_back(std::move(c));
}

void Decoder::ResolveNamespaces() {
  // Namespaces that pods use exist even without a Namespace object.
  for (const Pod& pod : scenario_.pods) {
    if (!scenario_.namespace_labels.count(pod.ns)) {
      scenario_.namespace_labels[pod.ns] =
          Labels({{"kubernetes.io/metadata.name", pod.ns}});
    }
  }
  for (PendingNamespaceSelector& p : namespace_selectors_) {
    Pod& pod = scenario_.pods[p.pod];
    auto& terms = p.anti ? pod.required_anti_affinity : pod.required_affinity;
    if (p.term >= terms.size()) continue;
    std::set<std::string> names(terms[p.term].namespaces.begin(),
                                terms[p.term].namespaces.end());
    for (const auto& [ns, labels] : scenario_.namespace_labels) {
      if (p.selector.Matches(labels)) names.insert(ns);
    }
    terms[p.term].namespaces.assign(names.begin(), names.end());
  }
}

}  // namespace

DecodeResult Decode(std::string_view text) { return Decoder().Run(text); }

}  // namespace podsim
