#include "core/api/resources.h"

#include <algorithm>

namespace podsim {

ResourceTable::ResourceTable() {
  for (std::string_view name : {"cpu", "memory", "ephemeral-storage", "pods"}) {
    Intern(name);
  }
}

ResourceId ResourceTable::Intern(std::string_view name) {
  for (int i = 0; i < size(); ++i) {
    if (names_[i] == name) return i;
  }
  names_.emplace_back(name);
  insufficient_.push_back("Insufficient " + std::string(name));
  return size() - 1;
}

void Resources::Set(ResourceId id, int64_t amount) {
  if (id < kNumWellKnown) {
    well_known_[id] = amount;
    return;
  }
  size_t extended = static_cast<size_t>(id - kNumWellKnown);
  if (extended >= extended_.size()) extended_.resize(extended + 1, 0);
  extended_[extended] = amount;
}

template <typename Op>
void Resources::Combine(const Resources& other, Op op) {
  for (int i = 0; i < kNumWellKnown; ++i)
    op(well_known_[i], other.well_known_[i]);
  if (other.extended_.empty()) return;
  if (other.extended_.size() > extended_.size()) {
    extended_.resize(other.extended_.size(), 0);
  }
  for (size_t i = 0; i < other.extended_.size(); ++i) {
    op(extended_[i], other.extended_[i]);
  }
}

void Resources::Add(const Resources& other) {
  Combine(other, [](int64_t& a, int64_t b) { a += b; });
}

void Resources::Subtract(const Resources& other) {
  Combine(other, [](int64_t& a, int64_t b) { a -= b; });
}

void Resources::Max(const Resources& other) {
  Combine(other, [](int64_t& a, int64_t b) { a = std::max(a, b); });
}

Resources Resources::FromMillis(const Resources& millis) {
  Resources out;
  for (ResourceId id = 0; id < millis.size(); ++id) {
    int64_t m = millis.Get(id);
    out.Set(id, id == kCpu ? m : m / 1000 + (m % 1000 != 0));
  }
  return out;
}

}  // namespace podsim
