// Strict field validation, as `kubectl --validate=strict` asks of the API
// server: every field of an object must be part of the Kubernetes API for
// its kind (core/api/api_fields.h). The validator follows the parse events
// beside the object builder, fields it skips included, and collects the
// unknown ones of each object with their lines.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/api_fields.h"
#include "core/ingest/events.h"
#include "core/ingest/field_lines.h"

namespace podsim {

// A field that is not part of its type.
struct UnknownField {
  std::string path;  // spec.priortyClassName
  int line = 0;
  int16_t type = 0;  // the type it is not a field of (for a suggestion)
};

// Returns the warning for an unknown field of an object of kind:
// "unknown field (not in the Kubernetes 1.36 API for Pod; did you mean
// priorityClassName?)".
std::string UnknownFieldMessage(const UnknownField& field,
                                std::string_view kind);
// Returns what an unknown field of an object of kind changes in its
// simulation (Diagnostic::effect): "priority" for a pod's field meant as
// spec.priorityClassName or spec.priority (the pod gets the default
// priority instead), "" otherwise.
std::string UnknownFieldEffect(const UnknownField& field,
                               std::string_view kind);

class FieldValidator {
 public:
  // What a starting container is, as the builder decides it.
  enum class Container { kNested, kObject, kItems };

  // Forgets everything: a document starts or is abandoned.
  void Reset();
  // A map or a list starts: an object of its own (top level or a List's
  // item), a List's items, or anything else. Inside content that is not
  // checked (labels, managedFields' fieldsV1), only depth is counted.
  void Start(bool map, Container container) {
    if (unchecked_ > 0) {
      ++unchecked_;
      return;
    }
    StartFrame(map, container);
  }
  void End() {
    if (unchecked_ > 1) {
      --unchecked_;
      return;
    }
    EndFrame();
  }
  // A scalar: a key or a value, as the validator tracks them.
  void OnScalar(const Scalar& scalar, int line) {
    if (unchecked_ == 0) ScalarInFrame(scalar, line);
  }
  void OnAlias();
  // The innermost object's kind, read at its top level. Its fields read
  // before, which the builder keeps whole (lines), are checked now.
  void SetKind(std::string_view kind, const FieldLines& lines);
  // Returns the unknown fields among those built whole (lines) of an object
  // whose kind was learnt only after it ended (an item of a typed List
  // whose kind follows its items).
  static std::vector<UnknownField> UnknownFieldsOf(std::string_view kind,
                                                   const FieldLines& lines);
  // Returns the unknown fields of the object that ended last; they are
  // cleared by the next object's end.
  const std::vector<UnknownField>& finished() const { return finished_; }

 private:
  static constexpr int16_t kPending = -4;  // the object's kind is not known
  struct Frame {
    int16_t type;  // content's type: >= 0 checked, < 0 not
    bool map;
    bool outside;  // not inside an object (or a List's items)
    bool expect_key = true;
    int16_t next = 0;   // map: the value's type after the key just read
    uint32_t last = 0;  // map: successors_' slot of the key just read
    int index = 0;      // list: the next element's index
    std::string_view next_name;  // map: the key just read, if a field
    std::string_view segment;    // the field this container is the value of
    int element = -1;            // or its index in a list
  };
  struct Object {
    size_t root;  // its frame
    std::vector<UnknownField> unknown;
  };
  void StartFrame(bool map, Container container);
  void EndFrame();
  // A scalar or alias in the open frame: in a key slot, takes the slot and
  // returns the frame (the caller checks the key); in a value slot, ends
  // the value and returns nullptr, as it does outside the checked part.
  Frame* TakeKeySlot();
  void ScalarInFrame(const Scalar& scalar, int line);
  void Key(std::string_view key, int line);
  void ValueDone();
  std::string PathTo(std::string_view key) const;
  // Adds to unknown the fields of lines that type (an object's) lacks.
  static void CheckBuilt(int16_t type, const FieldLines& lines,
                         std::vector<UnknownField>& unknown);

  std::vector<Frame> frames_;
  std::vector<Object> objects_;
  int unchecked_ = 0;  // depth inside content that is not checked
  std::vector<UnknownField> finished_;
  // The field that followed each field (or, past the fields, came first in
  // a map of each type) last time: kubectl prints the same fields in the
  // same order, sorted in YAML and in Go's order in JSON, so one compare
  // most often finds a key.
  std::vector<const ApiField*> successors_;
};

}  // namespace podsim
