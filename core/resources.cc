#include "core/resources.h"

#include <algorithm>
#include <iterator>

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

void Resources::Widen(const Resources& other) {
  if (other.extended_.size() > extended_.size()) {
    extended_.resize(other.extended_.size(), 0);
  }
}

void Resources::Add(const Resources& other) {
  for (int i = 0; i < kNumWellKnown; ++i)
    well_known_[i] += other.well_known_[i];
  if (other.extended_.empty()) return;
  Widen(other);
  for (size_t i = 0; i < other.extended_.size(); ++i) {
    extended_[i] += other.extended_[i];
  }
}

void Resources::Subtract(const Resources& other) {
  for (int i = 0; i < kNumWellKnown; ++i)
    well_known_[i] -= other.well_known_[i];
  if (other.extended_.empty()) return;
  Widen(other);
  for (size_t i = 0; i < other.extended_.size(); ++i) {
    extended_[i] -= other.extended_[i];
  }
}

void Resources::Max(const Resources& other) {
  for (int i = 0; i < kNumWellKnown; ++i) {
    well_known_[i] = std::max(well_known_[i], other.well_known_[i]);
  }
  if (other.extended_.empty()) return;
  Widen(other);
  for (size_t i = 0; i < other.extended_.size(); ++i) {
    extended_[i] = std::max(extended_[i], other.extended_[i]);
  }
}

Resources Resources::FromMillis(const Resources& millis) {
  Resources out;
  for (ResourceId id = 0; id < millis.size(); ++id) {
    int64_t m = millis.Get(id);
    out.Set(id, id == kCpu ? m : m / 1000 + (m % 1000 != 0));
  }
  return out;
}

bool Resources::IsZero() const {
  auto zero = [](int64_t a) { return a == 0; };
  return std::all_of(std::begin(well_known_), std::end(well_known_), zero) &&
         std::all_of(extended_.begin(), extended_.end(), zero);
}

}  // namespace podsim
