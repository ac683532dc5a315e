// LimitRange: its items' type, min, max, default, defaultRequest and
// maxLimitRequestRatio, defaulted as the API server stores them.
#include <string>
#include <utility>

#include "core/ingest/decode/decoder.h"

namespace podsim {

using decode::Quoted;

const FieldRule& Decoder::LimitRangeFields() {
  static const FieldRule* rule = new FieldRule(
      FieldRule::Parse("metadata{name generateName namespace} "
                       "spec{limits{type min max default defaultRequest "
                       "maxLimitRequestRatio}}"));
  return *rule;
}

namespace {

// Mirrors SetDefaults_LimitRangeItem (pkg/apis/core/v1/defaults.go): a
// Container item's default limit comes from max, its default request from
// the default limit, then from min.
void DefaultItem(LimitRangeItem& item) {
  if (item.type != "Container") return;
  for (const ResourceQuantity& q : item.max.items) {
    if (!item.default_limit.Find(q.id)) item.default_limit.Set(q);
  }
  for (const ResourceQuantity& q : item.default_limit.items) {
    if (!item.default_request.Find(q.id)) item.default_request.Set(q);
  }
  for (const ResourceQuantity& q : item.min.items) {
    if (!item.default_request.Find(q.id)) item.default_request.Set(q);
  }
}

}  // namespace

void Decoder::DecodeLimitRange(const Json& obj, Reader& r) {
  std::optional<Metadata> metadata = NamespacedMetadata(obj, r);
  if (!metadata) return;
  LimitRange lr;
  lr.name = std::move(metadata->name);
  lr.ns = std::move(metadata->ns);
  if (!FirstOfItsName(r, lr.ref(), "; this one is ignored")) return;
  lr.line = r.line();
  lr.document = r.document();
  lr.range = r.range();
  const Json empty = Json::object();
  const Json* spec = r.Object(obj, "spec", FieldPath("spec"));
  if (!spec) spec = &empty;
  const FieldPath limits_path("spec.limits");
  const Json* limits = r.Array(*spec, "limits", limits_path);
  for (size_t i = 0; limits && i < limits->size(); ++i) {
    const Json& l = (*limits)[i];
    const FieldPath p = limits_path.Index(i);
    if (!l.is_object()) {
      r.Error(p,
              "must be an object with type and min, max, default, "
              "defaultRequest or maxLimitRequestRatio");
      continue;
    }
    LimitRangeItem item;
    item.type = r.String(l, "type", p.Child("type")).value_or("");
    if (item.type != "Container" && item.type != "Pod" &&
        item.type != "PersistentVolumeClaim") {
      r.Error(p.Child("type"),
              (item.type.empty() ? std::string("is required")
                                 : "unknown type " + Quoted(item.type)) +
                  "; valid: Container, Pod, PersistentVolumeClaim");
      continue;
    }
    auto read = [&](std::string_view key, QuantityList& into) {
      into = r.Quantities(scenario_.resources, l, key, p.Child(key))
                 .value_or(QuantityList());
    };
    read("min", item.min);
    read("max", item.max);
    read("default", item.default_limit);
    read("defaultRequest", item.default_request);
    read("maxLimitRequestRatio", item.max_limit_request_ratio);
    if (item.type == "Pod" &&
        (!item.default_limit.empty() || !item.default_request.empty())) {
      r.Error(
          p.Child(item.default_limit.empty() ? "defaultRequest" : "default"),
          "may not be specified when type is 'Pod'; only a Container "
          "item has defaults");
      continue;
    }
    DefaultItem(item);
    lr.items.push_back(std::move(item));
  }
  scenario_.limit_ranges.push_back(std::move(lr));
}

}  // namespace podsim
