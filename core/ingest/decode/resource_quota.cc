// ResourceQuota: spec.hard and the scopes (spec.scopes and
// spec.scopeSelector), what the API server's quota admission checks a new
// pod against. status.used is not read: podsim recomputes it from the pods.
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;

namespace {

constexpr std::string_view kScopes =
    "Terminating, NotTerminating, BestEffort, NotBestEffort, PriorityClass, "
    "CrossNamespacePodAffinity, VolumeAttributesClass";

bool KnownScope(const std::string& s) {
  for (std::string_view known :
       {"Terminating", "NotTerminating", "BestEffort", "NotBestEffort",
        "PriorityClass", "CrossNamespacePodAffinity",
        "VolumeAttributesClass"}) {
    if (s == known) return true;
  }
  return false;
}

}  // namespace

const FieldRule& Decoder::ResourceQuotaFields() {
  static const FieldRule* rule = new FieldRule(FieldRule::Parse(
      "metadata{name generateName namespace} "
      "spec{hard scopes scopeSelector{matchExpressions{scopeName operator "
      "values}}} status{hard used}"));
  return *rule;
}

void Decoder::DecodeResourceQuota(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  ResourceQuota quota;
  quota.name = std::move(metadata->name);
  quota.ns = std::move(metadata->ns);
  if (!FirstOfItsName(r, quota.ref(), "; this one is ignored")) return;
  quota.line = r.line();
  quota.document = r.document();
  quota.range = r.range();
  const Json empty = Json::object();
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  const FieldPath hard_path("spec.hard");
  if (const Json* hard = r.Object(*spec, "hard", hard_path)) {
    for (auto it = hard->begin(); it != hard->end(); ++it) {
      const FieldPath p = hard_path.Child(it.key());
      std::optional<Quantity> q = r.QuantityValue(*it, p);  // not negative
      if (!q) continue;
      quota.hard.push_back({it.key(), q->millis(),
                            it->is_string()
                                ? FormatOf(it->get_ref<const std::string&>())
                                : QuantityFormat::kDecimalSI});
    }
  }
  const FieldPath scopes_path("spec.scopes");
  if (const Json* scopes = r.Array(*spec, "scopes", scopes_path)) {
    for (size_t i = 0; i < scopes->size(); ++i) {
      const Json& s = (*scopes)[i];
      if (!s.is_string() || !KnownScope(s.get<std::string>())) {
        r.Error(scopes_path.Index(i),
                "unsupported scope " +
                    Quoted(s.is_string() ? s.get<std::string>() : s.dump()) +
                    "; valid: " + std::string(kScopes));
        continue;
      }
      quota.scopes.push_back({s.get<std::string>(), "Exists", {}});
    }
  }
  if (const Json* selector =
          r.Object(*spec, "scopeSelector", FieldPath("spec.scopeSelector"))) {
    const FieldPath mp("spec.scopeSelector.matchExpressions");
    const Json* exprs = r.Array(*selector, "matchExpressions", mp);
    for (size_t i = 0; exprs && i < exprs->size(); ++i) {
      const Json& e = (*exprs)[i];
      const FieldPath p = mp.Index(i);
      if (!e.is_object()) {
        r.Error(p, "must be an object with scopeName, operator and values");
        continue;
      }
      QuotaScopeRequirement req;
      req.scope = r.String(e, "scopeName", p.Child("scopeName")).value_or("");
      req.op = r.String(e, "operator", p.Child("operator")).value_or("");
      if (!KnownScope(req.scope)) {
        r.Error(p.Child("scopeName"),
                (req.scope.empty() ? std::string("is required")
                                   : "unsupported scope " + Quoted(req.scope)) +
                    "; valid: " + std::string(kScopes));
        continue;
      }
      if (const Json* values = r.Array(e, "values", p.Child("values"))) {
        for (const Json& v : *values) {
          if (v.is_string()) req.values.push_back(v.get<std::string>());
        }
      }
      const bool set_op = req.op == "In" || req.op == "NotIn";
      if (!set_op && req.op != "Exists" && req.op != "DoesNotExist") {
        r.Error(p.Child("operator"),
                (req.op.empty() ? std::string("is required")
                                : "unsupported operator " + Quoted(req.op)) +
                    "; valid: In, NotIn, Exists, DoesNotExist");
        continue;
      }
      if (set_op && req.values.empty()) {
        r.Error(p.Child("values"),
                "must be at least one value when operator is In or NotIn");
        continue;
      }
      if (!set_op && !req.values.empty()) {
        r.Error(p.Child("values"),
                "must be no value when operator is Exists or DoesNotExist");
        continue;
      }
      quota.scopes.push_back(std::move(req));
    }
  }
  scenario_.resource_quotas.push_back(std::move(quota));
}

}  // namespace podsim
