// Problems found in the input: each names the object, the field path, the
// source line and what would be valid. All are collected, never thrown.
#pragma once

#include <string>
#include <string_view>
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
  void Add(Severity severity, std::string object, const FieldPath& path,
           int line, std::string message, int document = -1);
  const std::vector<Diagnostic>& items() const { return items_; }
  bool HasErrors() const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace podsim
