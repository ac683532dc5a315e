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

// kInfo says what podsim did on the input's behalf that is no problem (a
// name it generated, as the API server would).
enum class Severity { kError, kWarning, kInfo };

// Returns "error", "warning" or "info", as the result documents spell it.
std::string_view ToString(Severity severity);

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string object;  // "Pod default/web", or "" for the whole input
  std::string path;
  int line = 0;  // 1-based source line of the object, 0 when unknown
  std::string message;
  int document = -1;  // index of the source document, -1 when unknown
  // Diagnostics with the same non-empty cause have one root cause (a typo
  // in one object that others name): readers list them as one problem
  // found at several places. "" when the diagnostic stands alone.
  std::string cause;
  // A second source line the message names as "line N" (where an unclosed
  // YAML value starts, where the object another names has its error); 0
  // when none.
  int related_line = 0;
  // Over a loaded cluster: it concerns an object of the cluster, not of the
  // change laid over it (its line is the cluster's).
  bool in_cluster = false;
  // The file its line is in, when the input was read from several
  // (Scenario::sources); "" otherwise.
  std::string source;
  // What it changes in the simulation of the object it names, for that
  // object's verdict to say: "priority" (an unread field meant to set a
  // pod's priority). "" when nothing known.
  std::string effect;
};

class Diagnostics {
 public:
  // Adds a diagnostic. line is the object's line; when the field at path was
  // remembered for that object (RememberField), the field's line is used.
  // Returns the diagnostic added, valid until the next Add.
  Diagnostic& Add(Severity severity, std::string object, const FieldPath& path,
                  int line, std::string message, int document = -1);
  const std::vector<Diagnostic>& items() const { return items_; }
  // The diagnostic at i, to annotate. REQUIRES: i < items().size().
  Diagnostic& at(size_t i) { return items_[i]; }
  bool HasErrors() const;

  // The first error about object ("PriorityClass batch", "Node node-a"):
  // what follow-on diagnostics join. Objects with an error are recorded by
  // MarkTroubled.
  struct Trouble {
    std::string cause;
    int line = 0;
  };
  // Records that object was not read whole: the first error added from
  // index first on gets a cause that diagnostics about things naming object
  // share (see TroubleOf). Does nothing when no error was added from first
  // on, or when object already has a trouble.
  void MarkTroubled(const std::string& object, size_t first);
  // Records that what object names was ignored for the reason of the
  // diagnostic at index (a kind "Nod" that was meant to be Node).
  void MarkIgnored(const std::string& object, size_t index);
  // Removes the diagnostics from index size on. REQUIRES: none of them was
  // named by MarkTroubled or MarkIgnored.
  void Truncate(size_t size) {
    if (size < items_.size()) items_.resize(size);
  }
  // Returns the trouble recorded for object, or nullptr.
  const Trouble* TroubleOf(const std::string& object) const;
  // Marks d, which says that object ("Node node-a") is missing, as a
  // follow-on: when object had a trouble, d joins its cause and says where
  // it is; otherwise d shares a cause with every diagnostic that misses the
  // same object. REQUIRES: d is one of items().
  void NamesMissing(Diagnostic& d, const std::string& object) const;

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
  // Also finds the fields other remembered and the troubles it recorded (a
  // loaded cluster's), without a copy. REQUIRES: other records no more of
  // either from now on.
  void ShareFieldLines(const Diagnostics& other) {
    shared_lines_ = other.field_lines_;
    shared_troubled_ = other.troubled_;
  }

 private:
  using FieldLines = std::unordered_map<std::string, int>;
  static std::string FieldKey(int document, int object_line,
                              std::string_view path);
  std::vector<Diagnostic> items_;
  using Troubles = std::unordered_map<std::string, Trouble>;
  std::shared_ptr<Troubles> troubled_ = std::make_shared<Troubles>();
  std::shared_ptr<const Troubles> shared_troubled_;
  std::shared_ptr<FieldLines> field_lines_ = std::make_shared<FieldLines>();
  std::shared_ptr<const FieldLines> shared_lines_;
};

}  // namespace podsim
