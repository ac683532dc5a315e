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
  if (!path.str().empty() && (!field_lines_->empty() || shared_lines_)) {
    std::string key = FieldKey(document, line, path.str());
    for (const FieldLines* lines :
         {static_cast<const FieldLines*>(field_lines_.get()),
          shared_lines_.get()}) {
      if (!lines) continue;
      auto it = lines->find(key);
      if (it == lines->end()) continue;
      line = it->second;
      break;
    }
  }
  items_.push_back({severity, std::move(object), path.str(), line,
                    std::move(message), document});
}

std::string Diagnostics::FieldKey(int document, int object_line,
                                  std::string_view path) {
  return std::to_string(document) + ":" + std::to_string(object_line) + ":" +
         std::string(path);
}

bool Diagnostics::RememberField(int document, int object_line,
                                std::string_view path, int line) {
  if (field_lines_->size() >= kMaxRememberedFields) return false;
  field_lines_->emplace(FieldKey(document, object_line, path), line);
  return true;
}

bool Diagnostics::HasErrors() const {
  return std::any_of(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kError;
  });
}

}  // namespace podsim
