#include "core/ingest/field_validation.h"

#include <optional>
#include <utility>

#include "core/api/api_fields.h"
#include "core/ingest/yaml_scalar.h"

namespace podsim {

namespace {

// The field's own name: the path's last step.
std::string_view NameOf(const UnknownField& field) {
  size_t dot = field.path.find_last_of('.');
  std::string_view name = field.path;
  if (dot != std::string::npos) name.remove_prefix(dot + 1);
  return name;
}

}  // namespace

std::string UnknownFieldEffect(const UnknownField& field,
                               std::string_view kind) {
  if (kind != "Pod" || !field.path.starts_with("spec.") ||
      field.path.find('.', 5) != std::string::npos) {
    return "";
  }
  std::string meant = ApiFields::Suggest(field.type, NameOf(field));
  return meant == "priorityClassName" || meant == "priority" ? "priority" : "";
}

std::string UnknownFieldMessage(const UnknownField& field,
                                std::string_view kind) {
  std::string_view name = NameOf(field);
  std::string message = "unknown field (not in the Kubernetes " +
                        std::string(ApiFields::Version()) + " API for " +
                        std::string(kind);
  std::string suggestion = ApiFields::Suggest(field.type, name);
  if (!suggestion.empty()) {
    message += "; did you mean " + suggestion + "?";
  }
  return message + ")";
}

void FieldValidator::Reset() {
  frames_.clear();
  objects_.clear();
  unchecked_ = 0;
}

void FieldValidator::StartFrame(bool map, Container container) {
  Frame frame;
  frame.map = map;
  if (container == Container::kObject) {
    frame.type = kPending;
    frame.outside = false;
    frames_.push_back(frame);
    objects_.push_back({frames_.size() - 1, {}});
    return;
  }
  if (container == Container::kItems || frames_.empty() ||
      frames_.back().outside) {
    frame.type = ApiFields::kAny;
    frame.outside = true;
    frames_.push_back(frame);
    return;
  }
  Frame& top = frames_.back();
  int16_t type = top.type;
  if (top.map) {
    // A map or a list as a key is refused by the builder; so is its value.
    type = top.expect_key ? ApiFields::kAny : top.next;
    if (top.expect_key) {
      top.expect_key = false;
      top.next = ApiFields::kAny;
    }
    frame.segment = top.next_name;
  } else {
    frame.element = top.index;
  }
  if (type < 0) {
    unchecked_ = 1;
    return;
  }
  frame.type = type;
  frame.outside = false;
  frame.last = static_cast<uint32_t>(ApiFields::FieldCount() + type);
  frames_.push_back(frame);
}

void FieldValidator::EndFrame() {
  if (unchecked_ > 0) {
    unchecked_ = 0;
    return ValueDone();
  }
  if (frames_.empty()) return;
  bool root = !objects_.empty() && objects_.back().root == frames_.size() - 1;
  frames_.pop_back();
  if (root) {
    finished_ = std::move(objects_.back().unknown);
    objects_.pop_back();
  }
  ValueDone();
}

void FieldValidator::ValueDone() {
  if (frames_.empty()) return;
  Frame& top = frames_.back();
  if (top.map) {
    top.expect_key = true;
  } else {
    ++top.index;
  }
}

FieldValidator::Frame* FieldValidator::TakeKeySlot() {
  if (frames_.empty()) return nullptr;
  Frame& top = frames_.back();
  if (top.outside) return nullptr;
  if (!top.map || !top.expect_key) {
    ValueDone();
    return nullptr;
  }
  top.expect_key = false;
  top.next = ApiFields::kAny;
  top.next_name = {};
  return &top;
}

void FieldValidator::ScalarInFrame(const Scalar& scalar, int line) {
  Frame* top = TakeKeySlot();
  if (!top || top->type < 0) return;
  if (scalar.type == Scalar::Type::kString) return Key(scalar.text, line);
  // Keys such as 1 or on, as YAMLToJSON writes them.
  std::optional<std::string> key = KeyText(scalar);
  if (key) Key(*key, line);
}

void FieldValidator::OnAlias() {
  // An alias as a key is refused by the builder: it names no field.
  if (unchecked_ == 0) TakeKeySlot();
}

void FieldValidator::Key(std::string_view key, int line) {
  Frame& top = frames_.back();
  if (successors_.empty()) {
    successors_.resize(ApiFields::FieldCount() + ApiFields::TypeCount());
  }
  const ApiField*& guess = successors_[top.last];
  const ApiField* field =
      guess && guess->name == key ? guess : ApiFields::Find(top.type, key);
  if (field) {
    guess = field;
    top.last = static_cast<uint32_t>(ApiFields::IndexOf(field));
    top.next = field->child;
    top.next_name = field->name;
    return;
  }
  objects_.back().unknown.push_back({PathTo(key), line, top.type});
}

std::string FieldValidator::PathTo(std::string_view key) const {
  std::string path;
  for (size_t i = objects_.back().root + 1; i < frames_.size(); ++i) {
    const Frame& f = frames_[i];
    if (f.element >= 0) {
      path += "[" + std::to_string(f.element) + "]";
    } else {
      if (!path.empty()) path += '.';
      path += f.segment;
    }
  }
  if (!path.empty()) path += '.';
  path += key;
  return path;
}

void FieldValidator::SetKind(std::string_view kind, const FieldLines& lines) {
  if (objects_.empty()) return;
  Object& object = objects_.back();
  Frame& root = frames_[object.root];
  if (root.type != kPending) return;  // a second kind: the first one counts
  int type = ApiFields::KindType(kind);
  root.type = type < 0 ? ApiFields::kAny : static_cast<int16_t>(type);
  if (type < 0) return;
  root.last = static_cast<uint32_t>(ApiFields::FieldCount() + type);
  // The fields read so far were kept whole: check them where they were
  // built.
  CheckBuilt(root.type, lines, object.unknown);
}

std::vector<UnknownField> FieldValidator::UnknownFieldsOf(
    std::string_view kind, const FieldLines& lines) {
  std::vector<UnknownField> unknown;
  int type = ApiFields::KindType(kind);
  if (type >= 0) CheckBuilt(static_cast<int16_t>(type), lines, unknown);
  return unknown;
}

void FieldValidator::CheckBuilt(int16_t type, const FieldLines& lines,
                                std::vector<UnknownField>& unknown) {
  // Each entry's content type follows from its parent's.
  const std::vector<FieldLines::Entry>& entries = lines.entries();
  std::vector<int16_t> content(entries.size(), ApiFields::kAny);
  for (size_t i = 0; i < entries.size(); ++i) {
    const FieldLines::Entry& e = entries[i];
    int16_t parent = e.parent < 0 ? type : content[e.parent];
    if (parent < 0) continue;
    if (!e.key) {
      content[i] = parent;  // a list's element
      continue;
    }
    if (const ApiField* field = ApiFields::Find(parent, *e.key)) {
      content[i] = field->child;
      continue;
    }
    std::string path = *e.key;
    for (int p = e.parent; p >= 0; p = entries[p].parent) {
      const FieldLines::Entry& up = entries[p];
      std::string step =
          up.key ? *up.key : "[" + std::to_string(up.index) + "]";
      path = step + (!path.empty() && path[0] == '[' ? "" : ".") + path;
    }
    unknown.push_back({std::move(path), e.line, parent});
  }
}

}  // namespace podsim
