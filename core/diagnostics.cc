#include "core/diagnostics.h"

#include <algorithm>

namespace podsim {

FieldPath FieldPath::Child(std::string_view name) const {
  if (path_.empty()) return FieldPath(std::string(name));
  return FieldPath(path_ + "." + std::string(name));
}

FieldPath FieldPath::Index(size_t i) const {
  return FieldPath(path_ + "[" + std::to_string(i) + "]");
}

void Diagnostics::Add(Severity severity, std::string object,
                      const FieldPath& path, int line, std::string message,
                      int document) {
  items_.push_back({severity, std::move(object), path.str(), line,
                    std::move(message), document});
}

bool Diagnostics::HasErrors() const {
  return std::any_of(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kError;
  });
}

}  // namespace podsim
