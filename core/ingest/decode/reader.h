// The readers every kind's decoder shares: typed fields of a JSON object,
// label and node selectors, taint effects and int-or-percent values. Each
// reports bad input as a diagnostic against its object and keeps going.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api/labels.h"
#include "core/api/objects.h"
#include "core/api/resources.h"
#include "core/base/diagnostics.h"
#include "core/base/quantity.h"
#include "core/ingest/object_builder.h"

namespace podsim::decode {

using Json = nlohmann::json;

inline constexpr const char* kEffects =
    "valid: NoSchedule, PreferNoSchedule, NoExecute";

// Returns s in double quotes, cut after 100 characters with "...".
std::string Quoted(std::string_view s);

// Returns v's JSON type for a message, e.g. "a list" or "an integer".
std::string TypeName(const Json& v);

// Returns the nesting depth of v, stopping early past the limit.
int Depth(const Json& v, int limit);

// Returns whether s is a valid object name (a lowercase RFC 1123 subdomain).
bool IsDnsSubdomain(std::string_view s);

// Reads typed fields of one object, reporting problems against it.
class Reader {
 public:
  // lines, when given, holds the source line of each field of the object.
  // range: where the object's text is in the input.
  Reader(Diagnostics& diagnostics, std::string object, int line, int document,
         const FieldLines* lines = nullptr, SourceRange range = {})
      : diagnostics_(diagnostics),
        object_(std::move(object)),
        line_(line),
        document_(document),
        lines_(lines),
        range_(range) {}

  // Report against the field's own line when it is known.
  // Each returns the diagnostic added, valid until the next one.
  Diagnostic& Error(const FieldPath& path, std::string message) {
    FieldPath full = Full(path);
    return diagnostics_.Add(Severity::kError, object_, full, LineOfFull(full),
                            std::move(message), document_);
  }
  Diagnostic& Warn(const FieldPath& path, std::string message) {
    FieldPath full = Full(path);
    return diagnostics_.Add(Severity::kWarning, object_, full, LineOfFull(full),
                            std::move(message), document_);
  }
  Diagnostic& Info(const FieldPath& path, std::string message) {
    FieldPath full = Full(path);
    return diagnostics_.Add(Severity::kInfo, object_, full, LineOfFull(full),
                            std::move(message), document_);
  }
  void SetObject(std::string object) { object_ = std::move(object); }
  const std::string& object() const { return object_; }
  // Reads a part of the object as if it were a whole one: paths given from
  // now on are under prefix ("spec.template" for a pod template, whose
  // fields are then read as spec.containers, metadata.labels, ...); ""
  // ends it.
  void SetPrefix(std::string prefix) { prefix_ = std::move(prefix); }
  int line() const { return line_; }
  int LineOf(const FieldPath& path) const { return LineOfFull(Full(path)); }
  int document() const { return document_; }
  const SourceRange& range() const { return range_; }

  // Returns the member, or nullptr when it is absent or null.
  static const Json* Member(const Json& obj, std::string_view key) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return nullptr;
    return &*it;
  }

  // Each typed reader returns the member's value, or nothing (nullptr or
  // nullopt) when it is absent or, reported, of the wrong type or range.
  const Json* Object(const Json& obj, std::string_view key,
                     const FieldPath& path);
  const Json* Array(const Json& obj, std::string_view key,
                    const FieldPath& path);
  std::optional<std::string> String(const Json& obj, std::string_view key,
                                    const FieldPath& path);
  std::optional<int64_t> Integer(const Json& obj, std::string_view key,
                                 const FieldPath& path, int64_t min,
                                 int64_t max);
  std::optional<bool> Bool(const Json& obj, std::string_view key,
                           const FieldPath& path);
  // Returns Unix seconds of an RFC 3339 time.
  std::optional<int64_t> Time(const Json& obj, std::string_view key,
                              const FieldPath& path);

  // Reads a map of string values (labels, nodeSelector).
  std::vector<std::pair<std::string, std::string>> StringMap(
      const Json& obj, std::string_view key, const FieldPath& path);

  // Reads a quantity written as a string or a number.
  std::optional<Quantity> QuantityValue(const Json& v, const FieldPath& path);

  // Reads a resource list (requests, allocatable, overhead) in milli-units.
  std::optional<Resources> ResourceList(ResourceTable& table, const Json& obj,
                                        std::string_view key,
                                        const FieldPath& path);

  // Reads a resource list as written: which resources it names, each
  // amount with its format (LimitRange items, a container's resources for
  // admission).
  std::optional<QuantityList> Quantities(ResourceTable& table, const Json& obj,
                                         std::string_view key,
                                         const FieldPath& path);

  // Returns d as text with up to 15 significant digits.
  static std::string Number(double d);

 private:
  FieldPath Full(const FieldPath& path) const {
    if (prefix_.empty()) return path;
    return FieldPath(path.str().empty() ? prefix_ : prefix_ + "." + path.str());
  }
  int LineOfFull(const FieldPath& full) const {
    int line = lines_ && !full.str().empty() ? lines_->Find(full.str()) : 0;
    return line > 0 ? line : line_;
  }

  Diagnostics& diagnostics_;
  std::string object_;
  std::string prefix_;
  int line_;
  int document_;
  const FieldLines* lines_;
  SourceRange range_;
};

// Reads a label selector (matchLabels and matchExpressions). Returns a nil
// selector when the field is absent or, reported, not an object.
LabelSelector ReadLabelSelector(Reader& r, const Json& obj,
                                std::string_view key, const FieldPath& path);

// Reads one node selector term (matchExpressions and matchFields).
NodeSelectorTerm ReadNodeSelectorTerm(Reader& r, const Json& term,
                                      const FieldPath& path);

// Reads a list of tolerations (a pod's, a RuntimeClass's scheduling),
// reporting each bad one and leaving it out.
std::vector<Toleration> ReadTolerations(Reader& r, const Json& obj,
                                        std::string_view key,
                                        const FieldPath& path);

// Returns the taint effect named s, or nullopt when it is unknown.
std::optional<TaintEffect> ParseEffect(std::string_view s);

// Reads an integer or a percentage string such as "50%" (PDB minAvailable,
// maxUnavailable). Returns nullopt when absent or, reported, invalid.
std::optional<IntOrPercent> ReadIntOrPercent(Reader& r, const Json& obj,
                                             std::string_view key,
                                             const FieldPath& path);

// Returns the controller.kubernetes.io/pod-deletion-cost annotation of a
// pod's (or a pod template's) metadata, 0 when absent or not valid
// (helper.GetDeletionCostFromPodAnnotations).
int32_t ReadDeletionCost(Reader& r, const Json& meta, const FieldPath& path);

}  // namespace podsim::decode
