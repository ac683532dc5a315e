#include "core/api_fields.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <iterator>
#include <vector>

namespace podsim {
namespace {

constexpr int16_t kValue = ApiFields::kValue;
constexpr int16_t kMap = ApiFields::kMap;
constexpr int16_t kAny = ApiFields::kAny;

#include "core/api_fields_data.inc"

}  // namespace

size_t EditDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  std::vector<size_t> prev2(b.size() + 1), prev(b.size() + 1),
      row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        row[j] = std::min(row[j], prev2[j - 2] + 1);
      }
    }
    prev2.swap(prev);
    prev.swap(row);
  }
  return prev[b.size()];
}

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

std::string_view ApiFields::Suggest(int type, std::string_view name) {
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
  return best;
}

}  // namespace podsim
