#include "core/resources.h"

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
  if (id >= static_cast<int>(amounts_.size())) amounts_.resize(id + 1, 0);
  amounts_[id] = amount;
}

void Resources::Add(const Resources& other) {
  if (other.amounts_.size() > amounts_.size()) {
    amounts_.resize(other.amounts_.size(), 0);
  }
  for (size_t i = 0; i < other.amounts_.size(); ++i) {
    amounts_[i] += other.amounts_[i];
  }
}

void Resources::Subtract(const Resources& other) {
  if (other.amounts_.size() > amounts_.size()) {
    amounts_.resize(other.amounts_.size(), 0);
  }
  for (size_t i = 0; i < other.amounts_.size(); ++i) {
    amounts_[i] -= other.amounts_[i];
  }
}

void Resources::Max(const Resources& other) {
  if (other.amounts_.size() > amounts_.size()) {
    amounts_.resize(other.amounts_.size(), 0);
  }
  for (size_t i = 0; i < other.amounts_.size(); ++i) {
    amounts_[i] = std::max(amounts_[i], other.amounts_[i]);
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
  return std::all_of(amounts_.begin(), amounts_.end(),
                     [](int64_t a) { return a == 0; });
}

}  // namespace podsim
