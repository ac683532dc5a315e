// The parse events both input readers (YAML and JSON) produce, in document
// order, and the interface that consumes them. A scalar arrives resolved to
// its JSON type, as Kubernetes' own YAML reader (sigs.k8s.io/yaml) types it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace podsim {

// A scalar as a JSON value. text is the string for kString and the source
// text otherwise (for messages).
struct Scalar {
  enum class Type { kNull, kBool, kInt, kUint, kFloat, kString };
  Type type = Type::kNull;
  std::string_view text;
  bool boolean = false;
  int64_t integer = 0;
  uint64_t unsigned_integer = 0;
  double number = 0;
};

// Receives the events of one input. Lines are 1-based. anchor is empty
// unless the YAML node carries one (&name). Offsets count bytes from the
// start of the whole input.
class EventHandler {
 public:
  virtual ~EventHandler() = default;
  // begin: where the document's text starts (YAML: after its --- line,
  // comments included; JSON: the value's first byte).
  virtual void StartDocument(uint64_t begin) = 0;
  virtual void EndDocument() = 0;
  // begin: the map's first byte (its '{', or its first key, anchor or tag).
  virtual void StartMap(int line, std::string_view anchor, uint64_t begin) = 0;
  // end: just past the map's last byte (its '}', or its last value's).
  virtual void EndMap(uint64_t end) = 0;
  virtual void StartSequence(int line, std::string_view anchor) = 0;
  virtual void EndSequence() = 0;
  virtual void OnScalar(const Scalar& scalar, int line,
                        std::string_view anchor) = 0;
  // A YAML alias (*name).
  virtual void OnAlias(std::string_view anchor, int line) = 0;
  // The input is not well-formed at line; the current document is abandoned
  // (EndDocument is not called for it) and reading resumes at the next one.
  // related_line, when not 0, is a line the message names (where the
  // unclosed value starts).
  virtual void OnSyntaxError(int line, std::string message,
                             int related_line) = 0;
  // A value cannot be read (a tag that does not fit): the current document
  // is refused, but its remaining events still arrive, EndDocument too.
  virtual void OnValueError(int line, std::string message) = 0;
};

}  // namespace podsim
