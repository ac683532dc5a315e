// The Kubernetes API's field names for the kinds podsim reads, generated
// from the OpenAPI schema (scripts/gen-api-fields.mjs writes
// core/api/api_fields_data.inc): which fields each object type has, what their
// values hold, and the closest name to a misspelled one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace podsim {

// One field of an object type.
struct ApiField {
  std::string_view name;
  // The type of the field's value (of each element, for a list): an index
  // into the types, or one of ApiFields' kValue, kMap, kAny.
  int16_t child;
};

// An object type: its fields, sorted by name, in the fields table.
struct ApiType {
  uint16_t first;
  uint16_t count;
};

// A kind and the type of its objects.
struct ApiKind {
  std::string_view kind;
  int16_t type;
};

class ApiFields {
 public:
  // What a field's value holds when it is not an object type: a plain
  // value, a map with keys of any name (additionalProperties, such as
  // labels), or content that is not checked at all
  // (x-kubernetes-preserve-unknown-fields, such as managedFields' fieldsV1).
  static constexpr int16_t kValue = -1;
  static constexpr int16_t kMap = -2;
  static constexpr int16_t kAny = -3;

  // Returns the Kubernetes minor release the schema comes from ("1.36").
  static std::string_view Version();
  // Returns the type of a kind's objects, or -1 when podsim has no schema
  // for the kind.
  static int KindType(std::string_view kind);
  // Returns the field of type named name, or nullptr.
  // REQUIRES: type is a valid type index.
  static const ApiField* Find(int type, std::string_view name);
  // The number of fields (of all types) and of types, and a field's
  // position among all fields: for tables kept per field.
  static size_t FieldCount();
  static size_t TypeCount();
  static size_t IndexOf(const ApiField* field);
  // Returns the field name of type closest to name, or "" when none is
  // close: the fewest edits (insert, delete, replace, swap), at most a third
  // of the name's length, ties to the first in order. A name that is no
  // field of type but is one of a field's object ("requests" beside a
  // container's "resources") is written one level too shallow: the path
  // to it is suggested ("resources.requests").
  // REQUIRES: type is a valid type index.
  static std::string Suggest(int type, std::string_view name);
};

}  // namespace podsim
