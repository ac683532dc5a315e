#include "core/ingest/field_lines.h"

namespace podsim {

int FieldLines::Find(std::string_view path) const {
  int parent = -1;
  int line = 0;
  std::string_view rest = path;
  while (!rest.empty()) {
    int found = -1;
    size_t used = 0;
    if (rest[0] == '[') {
      size_t close = rest.find(']');
      if (close == std::string_view::npos) return 0;
      int index = 0;
      for (char c : rest.substr(1, close - 1)) index = index * 10 + (c - '0');
      for (size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].parent == parent && !entries_[i].key &&
            entries_[i].index == index) {
          found = static_cast<int>(i);
          break;
        }
      }
      used = close + 1;
    } else {
      // Field names may hold dots (kubernetes.io/hostname): the longest
      // name that the path continues after wins.
      for (size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if (e.parent != parent || !e.key) continue;
        const std::string& k = *e.key;
        if (rest.substr(0, k.size()) != k) continue;
        if (rest.size() > k.size() && rest[k.size()] != '.' &&
            rest[k.size()] != '[') {
          continue;
        }
        if (k.size() >= used) {
          used = k.size();
          found = static_cast<int>(i);
        }
      }
    }
    if (found < 0) return 0;
    parent = found;
    line = entries_[found].line;
    rest.remove_prefix(used);
    if (!rest.empty() && rest[0] == '.') rest.remove_prefix(1);
  }
  return line;
}

}  // namespace podsim
