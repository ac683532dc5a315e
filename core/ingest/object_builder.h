// Turns a stream of parse events into Kubernetes objects, one at a time:
// each object is built as JSON with only the fields its kind's reader keeps
// (FieldRule), handed on with the source line of every kept field, and
// dropped. A List's items stream through as objects of their own, so a
// cluster dump is never held whole; so do those of a typed list (NodeList,
// PodList, ... as the API and client-go write them), which take their kind
// and apiVersion from the list when they name none. Every field, built or
// skipped, is checked against its kind's API schema on the way
// (FieldValidator).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/api/objects.h"
#include "core/base/diagnostics.h"
#include "core/ingest/events.h"
#include "core/ingest/field_lines.h"
#include "core/ingest/field_validation.h"

namespace podsim {

// Which fields of an object a reader keeps: a tree of field names. A name
// without children keeps its whole value; a list's rule applies to each of
// its elements.
class FieldRule {
 public:
  // Parses "metadata{name labels} spec{nodeName containers{resources}}".
  // REQUIRES: spec is well-formed (it is a constant of the decoder).
  static FieldRule Parse(std::string_view spec);
  // Returns the rule for a field's value, or nullptr when it is dropped.
  const FieldRule* Find(std::string_view name) const;
  bool keeps_all() const { return keeps_all_; }
  // The rule that keeps every field.
  static const FieldRule& All();

 private:
  static FieldRule ParseFields(std::string_view spec, size_t& pos);
  std::vector<std::pair<std::string, FieldRule>> fields_;
  bool keeps_all_ = true;
};

// Where an object came from.
struct ObjectSource {
  int line = 0;
  int document = -1;
  int depth = 0;  // nesting depth of the object in the source, kept or not
  SourceRange range;
  const FieldLines* lines = nullptr;
  // Its fields that are not part of the Kubernetes API for its kind.
  const std::vector<UnknownField>* unknown_fields = nullptr;
};

// Receives the objects and the problems found between them.
class ObjectSink {
 public:
  virtual ~ObjectSink() = default;
  // Returns the fields kept for a kind, or nullptr to keep them all.
  virtual const FieldRule* FieldsOf(std::string_view kind) const = 0;
  // Returns whether objects of kind are read: a typed list of them
  // ("<kind>List") streams its items; one of another kind is one object.
  virtual bool Reads(std::string_view kind) const = 0;
  virtual void AddObject(const nlohmann::json& object,
                         const ObjectSource& source) = 0;
  // Receives the unknown fields of an object that is not handed over (a
  // List, whose items are).
  virtual void AddUnknownFields(std::string_view kind,
                                const std::vector<UnknownField>& fields,
                                int document) = 0;
  virtual void Report(Severity severity, const std::string& object,
                      const FieldPath& path, int line, std::string message,
                      int document, int related_line) = 0;
};

class ObjectBuilder final : public EventHandler {
 public:
  // Lists nested deeper than this are refused; deeper objects are dropped.
  static constexpr int kMaxListDepth = 4;
  static constexpr int kMaxObjectDepth = 64;
  // Nodes that aliases may copy per document (YAML's "billion laughs").
  static constexpr size_t kMaxAliasNodes = 1'000'000;

  // json: the events are read from JSON, which the objects' ranges say.
  // first_document: the index of the input's first document (an input read
  // from several sources numbers its documents across them).
  explicit ObjectBuilder(ObjectSink& sink, bool json = false,
                         int first_document = 0)
      : sink_(sink), json_(json), document_(first_document - 1) {}

  // Objects handed to the sink, and values (objects, Lists, scalars) read
  // at the top level, so far.
  int objects() const { return objects_done_; }
  int values() const { return values_done_; }
  // The index the next document will have.
  int next_document() const { return document_ + 1; }

  void StartDocument(uint64_t begin) override;
  void EndDocument() override;
  void StartMap(int line, std::string_view anchor, uint64_t begin) override;
  void EndMap(uint64_t end) override;
  void StartSequence(int line, std::string_view anchor) override;
  void EndSequence() override;
  void OnScalar(const Scalar& scalar, int line,
                std::string_view anchor) override;
  void OnAlias(std::string_view anchor, int line) override;
  void OnSyntaxError(int line, std::string message, int related_line) override;
  void OnValueError(int line, std::string message) override;

 private:
  using Json = nlohmann::json;
  enum class FrameType { kValues, kItems, kMap, kList };
  struct Frame {
    explicit Frame(FrameType t) : type(t) {}
    FrameType type;
    Json* node = nullptr;             // kMap, kList: the value being built
    const FieldRule* rule = nullptr;  // for the children; nullptr keeps all
    int entry = -1;                   // FieldLines entry of this node
    int level = 0;                    // kValues: list depth
    int index = 0;                    // kList, kValues: next element
    bool has_key = false;             // kMap
    bool skip_value = false;          // kMap: the value after a bad key
    bool skipping_key = false;        // kMap: a key that is not a scalar
    bool object_root = false;         // kMap: the object itself
    std::string key;                  // kMap
    std::string anchor;               // recorded when the node ends
  };
  struct Object {
    Json root = Json::object();
    int line = 0;
    int document = 0;
    SourceRange range;
    int depth = 0;  // deepest level seen
    int level = 0;  // open containers, the object included
    std::string kind;
    bool items = false;  // its items were streamed as objects
    FieldLines lines;
    std::vector<Json> replaced;  // values of duplicate keys, kept for lines
    // An item of a typed list: the kind and apiVersion it takes from the
    // list when it names none.
    std::string implied_kind;
    std::string implied_api_version;
    // A list whose kind is not known yet (JSON with keys sorted puts kind
    // after items): its items that named no kind, held until it ends.
    std::vector<std::unique_ptr<Object>> held;
  };
  // Where the next node goes, decided by the open frames.
  struct Slot {
    bool skip = false;
    bool value_level = false;  // a value of the input, not inside an object
    Json* parent = nullptr;    // kMap or kList node to insert into
    const std::string* key = nullptr;
    const FieldRule* rule = nullptr;
    bool items = false;  // a List's items
  };

  // Returns true when a container starting here is not built: the
  // document was refused, it is inside a dropped value, or it is a key.
  bool Bypassed(int line);
  // Closes the innermost container (a map and a list alike).
  void End();
  Slot Place();
  // Inserts a value at the slot; returns it.
  Json* Insert(const Slot& slot, Json value, int line);
  // Bookkeeping in the parent once a value is complete.
  void ValueDone();
  void Deeper();
  void Shallower();
  void EnterSkipped();
  void LeaveSkipped();
  void Finished();
  // Returns whether the list object streams its items: a List, a typed
  // list of a kind the sink reads, or one whose kind is not known yet.
  bool StreamsItems(const Object& list) const;
  // Returns the kind of a typed list's items ("Node" for "NodeList"), or ""
  // when kind is no typed list of a kind the sink reads.
  std::string ItemKind(std::string_view kind) const;
  // Returns the list's apiVersion, or "" when it names none (yet).
  static std::string ApiVersionOf(const Object& list);
  // Hands an object to the sink, an item of a typed list with the kind and
  // apiVersion it takes from the list when it names none.
  void HandItem(Object& item, const std::vector<UnknownField>& unknown);
  // A list ended: its held items go on as its kind says.
  void ReleaseHeld(Object& list);
  void Report(int line, std::string message,
              Severity severity = Severity::kError);
  void Abandon();

  ObjectSink& sink_;
  const bool json_;
  uint64_t document_begin_ = 0;
  FieldValidator validator_;  // sees every event, skipped fields' too
  std::vector<Frame> frames_;
  std::vector<std::unique_ptr<Object>> objects_;  // a List, then its item
  int skip_ = 0;  // depth inside a dropped container
  int document_;
  bool abandoned_ = false;
  bool in_document_ = false;
  size_t alias_nodes_ = 0;
  int objects_done_ = 0;
  int values_done_ = 0;
  struct Anchor {
    Json value;
    size_t nodes = 0;
    int depth = 0;
  };
  void Remember(std::string_view anchor, const Json& value, int line);
  // Counts nodes copied for aliases; returns false (the document refused)
  // past kMaxAliasNodes.
  bool Charge(size_t nodes, int line);
  std::unordered_map<std::string, Anchor> anchors_;
};

}  // namespace podsim
