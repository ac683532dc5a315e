// Where an object's fields came from: the source line of every field the
// object builder kept, by field path. The builder fills it; the field
// validator and the decoders read it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podsim {

// The source lines of one object's kept fields, by field path.
class FieldLines {
 public:
  struct Entry {
    int parent;              // index of the parent entry, -1 for the object
    const std::string* key;  // the field name, or nullptr in a list
    int index;               // the position in a list
    int line;
  };
  void Clear() { entries_.clear(); }
  int Add(const Entry& entry) {
    entries_.push_back(entry);
    return static_cast<int>(entries_.size()) - 1;
  }
  // Returns the line of the field at path (spec.containers[0].name), or 0.
  int Find(std::string_view path) const;
  // Calls f(path, line) for every field.
  template <typename F>
  void ForEach(F f) const {
    std::vector<std::string> paths(entries_.size());
    for (size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      std::string parent = e.parent < 0 ? "" : paths[e.parent];
      paths[i] = e.key ? (parent.empty() ? *e.key : parent + "." + *e.key)
                       : parent + "[" + std::to_string(e.index) + "]";
      f(paths[i], e.line);
    }
  }
  size_t size() const { return entries_.size(); }
  // Returns the entries, parents before their children.
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
};

}  // namespace podsim
