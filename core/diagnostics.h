// Problems found in the input: each names the object, the field path, the
// source line and what would be valid. All are collected, never thrown.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace podsim {

// A dotted field path such as spec.containers[0].resources.requests.cpu.
class FieldPath {
 public:
  FieldPath() = default;
  explicit FieldPath(std::string path) : path_(std::move(path)) {}
  FieldPath Child(std::string_view name) const;
  FieldPath Index(size_t i) const;
  const std::string& str() const { return path_; }

 private:
  std::string path_;
};

enum class Severity { kError, kWarning };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string object;  // "Pod default/web", or "" for the whole input
  std::string path;
  int line = 0;  // 1-based source line of the object, 0 when unknown
  std::string message;
  int document = -1;  // index of the source document, -1 when unknown
};

class Diagnostics {
 public:
  // Adds a diagnostic. line is the object's line; when the field at path was
  // remembered for that object (RememberField), the field's line is used.
  void Add(Severity severity, std::string object, const FieldPath& path,
           int line, std::string message, int document = -1);
  const std::vector<Diagnostic>& items() const { return items_; }
  bool HasErrors() const;

  // Remembers the line of a field of the object at (document, object_line),
  // for diagnostics added after decoding (admission, profiles). Returns
  // false once kMaxRememberedFields are held: a cluster dump's objects then
  // keep their own lines only.
  static constexpr size_t kMaxRememberedFields = 200'000;
  bool RememberField(int document, int object_line, std::string_view path,
                     int line);
  // Returns whether RememberField still keeps fields.
  bool remembering() const {
    return field_lines_->size() < kMaxRememberedFields;
  }
  // Also finds the fields other remembered (a loaded cluster's), without a
  // copy. REQUIRES: other remembers no more fields from now on.
  void ShareFieldLines(const Diagnostics& other) {
    shared_lines_ = other.field_lines_;
  }

 private:
  using FieldLines = std::unordered_map<std::string, int>;
  static std::string FieldKey(int document, int object_line,
                              std::string_view path);
  std::vector<Diagnostic> items_;
  std::shared_ptr<FieldLines> field_lines_ = std::make_shared<FieldLines>();
  std::shared_ptr<const FieldLines> shared_lines_;
};

}  // namespace podsim
