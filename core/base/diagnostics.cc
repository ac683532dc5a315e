#include "core/base/diagnostics.h"

#include <algorithm>

namespace podsim {

std::string_view ToString(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "info";
  }
  return "error";
}

FieldPath FieldPath::Child(std::string_view name) const {
  if (path_.empty()) return FieldPath(std::string(name));
  return FieldPath(path_ + "." + std::string(name));
}

FieldPath FieldPath::Index(size_t i) const {
  return FieldPath(path_ + "[" + std::to_string(i) + "]");
}

Diagnostic& Diagnostics::Add(Severity severity, std::string object,
                             const FieldPath& path, int line,
                             std::string message, int document) {
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
  Diagnostic& d = items_.emplace_back();
  d.severity = severity;
  d.object = std::move(object);
  d.path = path.str();
  d.line = line;
  d.message = std::move(message);
  d.document = document;
  return d;
}

void Diagnostics::MarkTroubled(const std::string& object, size_t first) {
  // Only the first error is the one others follow from; the object's other
  // errors stay problems of their own.
  for (size_t i = first; i < items_.size(); ++i) {
    Diagnostic& d = items_[i];
    if (d.severity != Severity::kError || !d.cause.empty()) continue;
    if (troubled_->count(object)) return;
    d.cause = "object:" + object;
    troubled_->emplace(object, Trouble{d.cause, d.line});
    return;
  }
}

void Diagnostics::MarkIgnored(const std::string& object, size_t index) {
  Diagnostic& d = items_[index];
  if (d.cause.empty()) d.cause = "object:" + object;
  troubled_->try_emplace(object, Trouble{d.cause, d.line});
}

const Diagnostics::Trouble* Diagnostics::TroubleOf(
    const std::string& object) const {
  for (const Troubles* troubles :
       {static_cast<const Troubles*>(troubled_.get()),
        shared_troubled_.get()}) {
    if (!troubles) continue;
    auto it = troubles->find(object);
    if (it != troubles->end()) return &it->second;
  }
  return nullptr;
}

void Diagnostics::NamesMissing(Diagnostic& d, const std::string& object) const {
  const Trouble* trouble = TroubleOf(object);
  if (!trouble) {
    d.cause = "missing:" + object;
    return;
  }
  d.cause = trouble->cause;
  d.message += "; " + object;
  if (trouble->line > 0) {
    d.related_line = trouble->line;
    d.message += " at line " + std::to_string(trouble->line);
  }
  d.message += " was not read: see the problem there";
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
