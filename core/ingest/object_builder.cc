#include "core/ingest/object_builder.h"

#include <cmath>

#include "core/ingest/yaml_scalar.h"

namespace podsim {

const FieldRule& FieldRule::All() {
  static const FieldRule* all = new FieldRule();
  return *all;
}

FieldRule FieldRule::Parse(std::string_view spec) {
  size_t pos = 0;
  return ParseFields(spec, pos);
}

FieldRule FieldRule::ParseFields(std::string_view spec, size_t& pos) {
  FieldRule rule;
  rule.keeps_all_ = false;
  while (pos < spec.size()) {
    char c = spec[pos];
    if (c == ' ' || c == '\n') {
      ++pos;
      continue;
    }
    if (c == '}') {
      ++pos;
      break;
    }
    size_t start = pos;
    while (pos < spec.size() && spec[pos] != ' ' && spec[pos] != '{' &&
           spec[pos] != '}' && spec[pos] != '\n') {
      ++pos;
    }
    std::string name(spec.substr(start, pos - start));
    FieldRule child;
    if (pos < spec.size() && spec[pos] == '{') {
      ++pos;
      child = ParseFields(spec, pos);
    }
    rule.fields_.emplace_back(std::move(name), std::move(child));
  }
  return rule;
}

const FieldRule* FieldRule::Find(std::string_view name) const {
  if (keeps_all_) return this;
  for (const auto& [field, rule] : fields_) {
    if (field == name) return &rule;
  }
  return nullptr;
}

void ObjectBuilder::StartDocument(uint64_t begin) {
  ++document_;
  document_begin_ = begin;
  in_document_ = true;
  abandoned_ = false;
  frames_.clear();
  objects_.clear();
  skip_ = 0;
  anchors_.clear();
  alias_nodes_ = 0;
  validator_.Reset();
}

void ObjectBuilder::EndDocument() { in_document_ = false; }

void ObjectBuilder::Abandon() {
  frames_.clear();
  objects_.clear();
  skip_ = 0;
  abandoned_ = true;
  validator_.Reset();
}

void ObjectBuilder::OnSyntaxError(int line, std::string message,
                                  int related_line) {
  // An error before a document's first event belongs to that document.
  if (!in_document_) ++document_;
  in_document_ = false;
  sink_.Report(Severity::kError, "", FieldPath(), line, std::move(message),
               std::max(document_, 0), related_line);
  Abandon();
}

void ObjectBuilder::OnValueError(int line, std::string message) {
  // The document goes, as goyaml.v2 refuses it; its events still arrive.
  sink_.Report(Severity::kError, "", FieldPath(), line, std::move(message),
               std::max(document_, 0), 0);
  Abandon();
}

void ObjectBuilder::Report(int line, std::string message, Severity severity) {
  std::string object;
  if (!objects_.empty()) {
    const Object& o = *objects_.back();
    object = o.kind.empty() ? o.implied_kind : o.kind;
  }
  sink_.Report(severity, object, FieldPath(), line, std::move(message),
               document_, 0);
}

ObjectBuilder::Slot ObjectBuilder::Place() {
  Slot slot;
  if (frames_.empty()) {
    slot.value_level = true;
    return slot;
  }
  Frame& top = frames_.back();
  switch (top.type) {
    case FrameType::kValues:
    case FrameType::kItems:
      slot.value_level = true;
      return slot;
    case FrameType::kList:
      slot.parent = top.node;
      slot.rule = top.rule;
      break;
    case FrameType::kMap: {
      if (top.skip_value) {
        slot.skip = true;
        return slot;
      }
      const Object& object = *objects_.back();
      bool root = top.object_root;
      // A List's items, which kubectl prints before kind: List.
      slot.items = root && top.key == "items" && StreamsItems(object);
      slot.rule =
          (root && (top.key == "kind" || top.key == "apiVersion")) || slot.items
              ? &FieldRule::All()
              : top.rule->Find(top.key);
      if (!slot.rule) {
        slot.skip = true;
        return slot;
      }
      slot.parent = top.node;
      slot.key = &top.key;
      break;
    }
  }
  // Below the depth limit nothing more is built (the decoder then reports
  // the object as too deep).
  if (objects_.back()->level > kMaxObjectDepth) slot.skip = true;
  return slot;
}

ObjectBuilder::Json* ObjectBuilder::Insert(const Slot& slot, Json value,
                                           int line) {
  Object& object = *objects_.back();
  Frame& top = frames_.back();
  if (slot.parent->is_object()) {
    auto& map = slot.parent->get_ref<Json::object_t&>();
    auto [it, inserted] = map.try_emplace(*slot.key);
    if (!inserted) {
      // The earlier value's field names stay alive: line entries point at
      // them.
      object.replaced.push_back(std::move(it->second));
      // Mirrors the API server's warning (YAMLToJSONStrict); kubectl's
      // own reading keeps the last value silently.
      Report(line,
             "YAML: key \"" + *slot.key +
                 "\" already set in map; the last one is used",
             Severity::kWarning);
    }
    it->second = std::move(value);
    object.lines.Add({top.entry, &it->first, 0, line});
    return &it->second;
  }
  slot.parent->push_back(std::move(value));
  object.lines.Add(
      {top.entry, nullptr, static_cast<int>(slot.parent->size()) - 1, line});
  return &slot.parent->back();
}

void ObjectBuilder::ValueDone() {
  if (frames_.empty()) return;
  Frame& top = frames_.back();
  if (top.type == FrameType::kMap) {
    top.has_key = false;
    top.skip_value = false;
  } else {
    ++top.index;
  }
}

void ObjectBuilder::Deeper() {
  if (objects_.empty()) return;  // a dropped list outside any object
  Object& object = *objects_.back();
  object.depth = std::max(object.depth, ++object.level);
}

void ObjectBuilder::Shallower() {
  if (!objects_.empty()) --objects_.back()->level;
}

void ObjectBuilder::EnterSkipped() {
  skip_ = 1;
  Deeper();
}

void ObjectBuilder::LeaveSkipped() {
  Shallower();
  if (!frames_.empty() && frames_.back().skipping_key) {
    Frame& top = frames_.back();
    top.skipping_key = false;
    top.has_key = true;
    top.skip_value = true;
    return;
  }
  ValueDone();
}

bool ObjectBuilder::Bypassed(int line) {
  if (abandoned_) return true;
  if (skip_ > 0) {
    ++skip_;
    Deeper();
    return true;
  }
  if (!frames_.empty() && frames_.back().type == FrameType::kMap &&
      !frames_.back().has_key) {
    Report(line, "YAML: a key must be a string, a number or a boolean");
    frames_.back().skipping_key = true;
    EnterSkipped();
    return true;
  }
  return false;
}

void ObjectBuilder::StartMap(int line, std::string_view anchor,
                             uint64_t begin) {
  using Container = FieldValidator::Container;
  if (abandoned_) return;
  if (Bypassed(line)) return validator_.Start(true, Container::kNested);
  Slot slot = Place();
  validator_.Start(true, slot.value_level && !slot.skip ? Container::kObject
                                                        : Container::kNested);
  if (slot.skip) return EnterSkipped();
  if (slot.value_level) {
    auto object = std::make_unique<Object>();
    object->line = line;
    object->document = std::max(document_, 0);
    // A document's own object spans the document; an item its value.
    const bool item = !frames_.empty();
    object->range.begin = item ? begin : document_begin_;
    object->range.form = json_  ? SourceRange::Form::kJson
                         : item ? SourceRange::Form::kYamlItem
                                : SourceRange::Form::kYamlDocument;
    object->level = object->depth = 1;
    Frame frame(FrameType::kMap);
    frame.node = &object->root;
    frame.rule = &FieldRule::All();
    frame.object_root = true;
    // An item of a typed list is of the list's kind from its first field
    // on (its own kind, if it names one, still counts).
    if (item && frames_.back().type == FrameType::kItems) {
      const Object& list = *objects_.back();
      object->implied_kind = ItemKind(list.kind);
      if (!object->implied_kind.empty()) {
        object->implied_api_version = ApiVersionOf(list);
        const FieldRule* rule = sink_.FieldsOf(object->implied_kind);
        if (rule) frame.rule = rule;
      }
    }
    objects_.push_back(std::move(object));
    frames_.push_back(std::move(frame));
    const Object& pushed = *objects_.back();
    if (!pushed.implied_kind.empty()) {
      validator_.SetKind(pushed.implied_kind, pushed.lines);
    }
    return;
  }
  Object& object = *objects_.back();
  object.depth = std::max(object.depth, ++object.level);
  Json* node = Insert(slot, Json::object(), line);
  Frame frame(FrameType::kMap);
  frame.node = node;
  frame.rule = slot.rule;
  frame.entry = static_cast<int>(object.lines.size()) - 1;
  frame.anchor = anchor;
  frames_.push_back(std::move(frame));
}

void ObjectBuilder::StartSequence(int line, std::string_view anchor) {
  using Container = FieldValidator::Container;
  if (abandoned_) return;
  if (Bypassed(line)) return validator_.Start(false, Container::kNested);
  Slot slot = Place();
  validator_.Start(
      false, slot.items && !slot.skip ? Container::kItems : Container::kNested);
  if (slot.skip) return EnterSkipped();
  if (slot.value_level) {
    int level = frames_.empty() ? 1 : frames_.back().level + 1;
    if (level > kMaxListDepth) {
      Report(line,
             "lists are nested more than 4 deep; expected objects, a "
             "List, or a list of objects");
      return EnterSkipped();
    }
    Frame frame(FrameType::kValues);
    frame.level = level;
    frames_.push_back(std::move(frame));
    return;
  }
  Object& object = *objects_.back();
  object.depth = std::max(object.depth, ++object.level);
  if (slot.items) {
    object.items = true;
    Frame frame(FrameType::kItems);
    frames_.push_back(std::move(frame));
    return;
  }
  Json* node = Insert(slot, Json::array(), line);
  Frame frame(FrameType::kList);
  frame.node = node;
  frame.rule = slot.rule;
  frame.entry = static_cast<int>(object.lines.size()) - 1;
  frame.anchor = anchor;
  frames_.push_back(std::move(frame));
}

void ObjectBuilder::EndMap(uint64_t end) {
  if (!abandoned_ && skip_ == 0 && frames_.back().object_root) {
    objects_.back()->range.end = end;
  }
  End();
}

void ObjectBuilder::EndSequence() { End(); }

void ObjectBuilder::End() {
  if (abandoned_) return;
  validator_.End();
  if (skip_ > 0) {
    if (--skip_ == 0) return LeaveSkipped();
    Shallower();
    return;
  }
  Frame frame = std::move(frames_.back());
  frames_.pop_back();
  if (frame.object_root) {
    Finished();
  } else if (frame.type != FrameType::kValues) {
    if (!frame.anchor.empty()) Remember(frame.anchor, *frame.node, 0);
    if (abandoned_) return;  // the anchor cost too much
    --objects_.back()->level;
  }
  ValueDone();
}

std::string ObjectBuilder::ApiVersionOf(const Object& list) {
  auto it = list.root.find("apiVersion");
  return it != list.root.end() && it->is_string() ? it->get<std::string>() : "";
}

bool ObjectBuilder::StreamsItems(const Object& list) const {
  return list.kind.empty() || list.kind == "List" ||
         !ItemKind(list.kind).empty();
}

std::string ObjectBuilder::ItemKind(std::string_view kind) const {
  constexpr std::string_view kList = "List";
  if (kind.size() <= kList.size() || !kind.ends_with(kList)) return "";
  std::string_view item = kind.substr(0, kind.size() - kList.size());
  return sink_.Reads(item) ? std::string(item) : "";
}

void ObjectBuilder::Finished() {
  std::unique_ptr<Object> object = std::move(objects_.back());
  objects_.pop_back();
  ++values_done_;
  // An item without kind in a list whose kind is still to come waits for
  // it (the list ends first).
  if (!objects_.empty() && frames_.back().type == FrameType::kItems &&
      object->kind.empty() && object->implied_kind.empty() &&
      objects_.back()->kind.empty()) {
    objects_.back()->held.push_back(std::move(object));
    return;
  }
  ReleaseHeld(*object);
  const bool typed_list = !ItemKind(object->kind).empty();
  if (object->kind == "List" || typed_list) {
    // Go writes a typed list without items as items: null.
    auto items = object->root.find("items");
    const bool none = items == object->root.end() || items->is_null();
    if (!object->items && (object->kind == "List" || !none)) {
      sink_.Report(Severity::kError, object->kind, FieldPath("items"),
                   object->line, "must be a list of objects", object->document,
                   0);
    }
    if (!validator_.finished().empty()) {
      sink_.AddUnknownFields(object->kind, validator_.finished(),
                             object->document);
    }
    return;
  }
  HandItem(*object, validator_.finished());
}

void ObjectBuilder::HandItem(Object& item,
                             const std::vector<UnknownField>& unknown) {
  ObjectSource source;
  source.line = item.line;
  source.document = item.document;
  source.depth = item.depth;
  source.range = item.range;
  if (!item.implied_kind.empty()) {
    source.range.implied_kind =
        item.root.emplace("kind", item.implied_kind).second;
    if (!item.implied_api_version.empty()) {
      source.range.implied_api_version =
          item.root.emplace("apiVersion", item.implied_api_version).second;
    }
  }
  source.lines = &item.lines;
  source.unknown_fields = &unknown;
  sink_.AddObject(item.root, source);
  ++objects_done_;
}

void ObjectBuilder::ReleaseHeld(Object& list) {
  if (list.held.empty()) return;
  std::vector<std::unique_ptr<Object>> held = std::move(list.held);
  std::string kind = ItemKind(list.kind);
  // The items of a typed list of a kind podsim does not read go with it
  // (the list is one object of that kind).
  if (kind.empty() && list.kind != "List" && list.kind.ends_with("List")) {
    return;
  }
  const std::string version = ApiVersionOf(list);
  for (std::unique_ptr<Object>& item : held) {
    std::vector<UnknownField> unknown;
    if (!kind.empty()) {
      item->implied_kind = kind;
      item->implied_api_version = version;
      unknown = FieldValidator::UnknownFieldsOf(kind, item->lines);
    }
    HandItem(*item, unknown);
  }
}

void ObjectBuilder::OnScalar(const Scalar& scalar, int line,
                             std::string_view anchor) {
  if (abandoned_) return;
  validator_.OnScalar(scalar, line);
  if (skip_ > 0) {
    // A leaf of a dropped field is as deep as a kept one's (a key counts as
    // deep as its value, so the deepest level is the same).
    if (!objects_.empty()) {
      Object& object = *objects_.back();
      object.depth = std::max(object.depth, object.level + 1);
    }
    return;
  }
  if (!frames_.empty() && frames_.back().type == FrameType::kMap &&
      !frames_.back().has_key) {
    Frame& top = frames_.back();
    std::optional<std::string> key = KeyText(scalar);
    top.has_key = true;
    if (!key) {
      Report(line, "YAML: a key must be a string, a number or a boolean, not " +
                       std::string(scalar.text.substr(0, 40)));
      top.skip_value = true;
      return;
    }
    top.key = std::move(*key);
    return;
  }
  Slot slot = Place();
  if (!objects_.empty() && !slot.value_level) {
    Object& object = *objects_.back();
    object.depth = std::max(object.depth, object.level + 1);
  }
  if (slot.skip) return ValueDone();
  if (slot.value_level) {
    ++values_done_;
    if (scalar.type != Scalar::Type::kNull) {
      static constexpr const char* kTypes[] = {"null",       "a boolean",
                                               "an integer", "an integer",
                                               "a number",   "a string"};
      sink_.Report(Severity::kError, "", FieldPath(), line,
                   std::string("expected a Kubernetes object, not ") +
                       kTypes[static_cast<int>(scalar.type)],
                   std::max(document_, 0), 0);
    }
    return ValueDone();
  }
  Json value;
  switch (scalar.type) {
    case Scalar::Type::kNull:
      break;
    case Scalar::Type::kBool:
      value = scalar.boolean;
      break;
    case Scalar::Type::kInt:
      value = scalar.integer;
      break;
    case Scalar::Type::kUint:
      value = scalar.unsigned_integer;
      break;
    case Scalar::Type::kFloat:
      if (!std::isfinite(scalar.number)) {
        // YAMLToJSON hands the value to encoding/json, which refuses it.
        Report(line, "YAML: " + std::string(scalar.text) +
                         " is not a JSON number (json: unsupported value); "
                         "Kubernetes refuses it");
        return ValueDone();
      }
      value = scalar.number;
      break;
    case Scalar::Type::kString:
      value = std::string(scalar.text);
      break;
  }
  Frame& top = frames_.back();
  if (top.object_root && top.key == "kind" && value.is_string()) {
    Object& object = *objects_.back();
    object.kind = value.get<std::string>();
    const FieldRule* rule = sink_.FieldsOf(object.kind);
    top.rule = rule ? rule : &FieldRule::All();
    validator_.SetKind(object.kind, object.lines);
  }
  Json* node = Insert(slot, std::move(value), line);
  if (!anchor.empty()) Remember(anchor, *node, line);
  if (abandoned_) return;
  ValueDone();
}

void ObjectBuilder::OnAlias(std::string_view anchor, int line) {
  if (abandoned_) return;
  validator_.OnAlias();
  if (skip_ > 0) return;
  if (!frames_.empty() && frames_.back().type == FrameType::kMap &&
      !frames_.back().has_key) {
    Report(line, "YAML: an alias cannot be a key");
    frames_.back().has_key = true;
    frames_.back().skip_value = true;
    return;
  }
  Slot slot = Place();
  if (slot.skip) return ValueDone();
  auto it = anchors_.find(std::string(anchor));
  if (it == anchors_.end()) {
    Report(line, "YAML: unknown anchor \"" + std::string(anchor) +
                     "\" referenced (or it is in a field podsim does not "
                     "read)");
    return ValueDone();
  }
  const Anchor& found = it->second;
  if (!Charge(found.nodes, line)) return;
  if (slot.value_level) {
    // Anchors are kept inside objects only.
    Report(line, "YAML: an alias cannot stand for a whole object");
    return ValueDone();
  }
  Object& object = *objects_.back();
  object.depth = std::max(object.depth, object.level + found.depth);
  // Too deep: not built (the decoder reports the object as too deep).
  if (object.level + found.depth <= kMaxObjectDepth + 1) {
    Insert(slot, found.value, line);
  }
  ValueDone();
}

bool ObjectBuilder::Charge(size_t nodes, int line) {
  alias_nodes_ += nodes;
  if (alias_nodes_ <= kMaxAliasNodes) return true;
  // goyaml.v2 refuses the whole document.
  OnValueError(line, "YAML: document contains excessive aliasing");
  return false;
}

void ObjectBuilder::Remember(std::string_view anchor, const Json& value,
                             int line) {
  // Nodes and depth, without recursion: a copy costs its nodes.
  size_t nodes = 0;
  int depth = 0;
  std::vector<std::pair<const Json*, int>> stack = {{&value, 1}};
  while (!stack.empty()) {
    auto [v, level] = stack.back();
    stack.pop_back();
    ++nodes;
    depth = std::max(depth, level);
    if (v->is_structured()) {
      for (const Json& child : *v) stack.emplace_back(&child, level + 1);
    }
  }
  if (!Charge(nodes, line)) return;
  anchors_[std::string(anchor)] = Anchor{value, nodes, depth};
}

}  // namespace podsim
