#include "core/api/api_fields.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <iterator>
#include <vector>

#include "core/base/strings.h"

namespace podsim {
namespace {

constexpr int16_t kValue = ApiFields::kValue;
constexpr int16_t kMap = ApiFields::kMap;
constexpr int16_t kAny = ApiFields::kAny;

#include "core/api/api_fields_data.inc"

}  // namespace

std::string_view ApiFields::Version() { return kApiVersion; }

int ApiFields::KindType(std::string_view kind) {
  auto it = std::lower_bound(
      std::begin(kApiKinds), std::end(kApiKinds), kind,
      [](const ApiKind& k, std::string_view name) { return k.kind < name; });
  return it != std::end(kApiKinds) && it->kind == kind ? it->type : -1;
}

const ApiField* ApiFields::Find(int type, std::string_view name) {
  assert(type >= 0 && type < static_cast<int>(std::size(kApiTypes)));
  const ApiType& t = kApiTypes[type];
  const ApiField* first = kApiFields + t.first;
  const ApiField* last = first + t.count;
  const ApiField* it = std::lower_bound(
      first, last, name,
      [](const ApiField& f, std::string_view n) { return f.name < n; });
  return it != last && it->name == name ? it : nullptr;
}

size_t ApiFields::FieldCount() { return std::size(kApiFields); }

size_t ApiFields::TypeCount() { return std::size(kApiTypes); }

size_t ApiFields::IndexOf(const ApiField* field) {
  assert(field >= kApiFields && field < std::end(kApiFields));
  return static_cast<size_t>(field - kApiFields);
}

std::string ApiFields::Suggest(int type, std::string_view name) {
  assert(type >= 0 && type < static_cast<int>(std::size(kApiTypes)));
  const ApiType& t = kApiTypes[type];
  std::string_view best;
  size_t best_distance = std::max<size_t>(1, name.size() / 3) + 1;
  for (size_t i = t.first; i < t.first + t.count; ++i) {
    size_t d = EditDistance(name, kApiFields[i].name);
    if (d < best_distance) {
      best_distance = d;
      best = kApiFields[i].name;
    }
  }
  if (!best.empty()) return std::string(best);
  // One level too shallow: an exact field of one of type's object fields.
  for (size_t i = t.first; i < t.first + t.count; ++i) {
    const ApiField& parent = kApiFields[i];
    if (parent.child >= 0 && Find(parent.child, name)) {
      return std::string(parent.name) + "." + std::string(name);
    }
  }
  return "";
}

}  // namespace podsim
