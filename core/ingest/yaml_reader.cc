#include "core/ingest/yaml_reader.h"

#include <yaml.h>

#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>

#include "core/ingest/yaml_scalar.h"

namespace podsim {

struct YamlReader::Parser {
  yaml_parser_t parser;
  Parser() { yaml_parser_initialize(&parser); }
  ~Parser() { yaml_parser_delete(&parser); }
};

YamlReader::YamlReader(EventHandler& handler) : handler_(handler) {
  Start(0, 0);
}

YamlReader::~YamlReader() = default;

void YamlReader::Start(size_t offset, int first_line) {
  parser_ = std::make_unique<Parser>();
  yaml_parser_set_input(&parser_->parser, &YamlReader::Read, this);
  start_ = offset;
  first_line_ = first_line;
  read_ = offset - dropped_;
  state_ = State::kParsing;
  cursor_byte_ = offset;
  cursor_index_ = 0;
  bom_checked_ = offset > 0;
}

uint64_t YamlReader::Offset(size_t index) {
  const uint64_t end = dropped_ + buffer_.size();
  auto continuation = [&](uint64_t at) {
    return (static_cast<unsigned char>(buffer_[at - dropped_]) & 0xC0) == 0x80;
  };
  if (!bom_checked_) {
    // libyaml skips a byte order mark without counting it.
    bom_checked_ = true;
    if (cursor_byte_ == 0 && buffer_.compare(0, 3, "\xEF\xBB\xBF") == 0) {
      cursor_byte_ = 3;
    }
  }
  while (cursor_index_ < index && cursor_byte_ < end) {
    ++cursor_index_;
    do {
      ++cursor_byte_;
    } while (cursor_byte_ < end && continuation(cursor_byte_));
  }
  while (cursor_index_ > index && cursor_byte_ > dropped_) {
    --cursor_index_;
    do {
      --cursor_byte_;
    } while (cursor_byte_ > dropped_ && continuation(cursor_byte_));
  }
  return cursor_byte_;
}

uint64_t YamlReader::AfterMarker(uint64_t offset) const {
  size_t i = offset > dropped_ ? offset - dropped_ : 0;
  const size_t n = buffer_.size();
  while (i < n && (buffer_[i] == ' ' || buffer_[i] == '\t')) ++i;
  if (i < n && buffer_[i] == '#') {
    while (i < n && buffer_[i] != '\r' && buffer_[i] != '\n') ++i;
  }
  if (i < n && buffer_[i] == '\r') ++i;
  if (i < n && buffer_[i] == '\n') ++i;
  return dropped_ + i;
}

int YamlReader::Read(void* data, unsigned char* buffer, size_t size,
                     size_t* size_read) {
  auto* self = static_cast<YamlReader*>(data);
  size_t n = std::min(size, self->buffer_.size() - self->read_);
  std::memcpy(buffer, self->buffer_.data() + self->read_, n);
  self->read_ += n;
  *size_read = n;
  if (n == 0 && !self->final_) self->starved_ = true;
  return 1;
}

void YamlReader::Feed(std::string_view bytes) {
  // Drop what the parser is well past: libyaml keeps its own copy of the
  // bytes it scans, and an error names a line at most that far back.
  constexpr size_t kKeep = 1u << 20;
  size_t done = state_ == State::kSeeking ? seek_from_ - dropped_ : read_;
  if (done > 2 * kKeep && done > buffer_.size() / 2) {
    size_t drop = done - kKeep;
    // A character stays whole, and the cursor of Offset() off the bytes
    // dropped: it counts characters.
    while (drop > 0 &&
           (static_cast<unsigned char>(buffer_[drop]) & 0xC0) == 0x80) {
      --drop;
    }
    for (; cursor_byte_ < dropped_ + drop; ++cursor_byte_) {
      if ((static_cast<unsigned char>(buffer_[cursor_byte_ - dropped_]) &
           0xC0) != 0x80) {
        ++cursor_index_;
      }
    }
    dropped_lines_ += static_cast<int>(
        std::count(buffer_.begin(), buffer_.begin() + drop, '\n'));
    buffer_.erase(0, drop);
    dropped_ += drop;
    read_ -= std::min(read_, drop);
  }
  buffer_.append(bytes);
  Pump();
}

void YamlReader::Finish() {
  final_ = true;
  Pump();
}

void YamlReader::Pump() {
  while (state_ != State::kDone) {
    if (state_ == State::kSeeking) {
      Seek();
      if (state_ == State::kSeeking) return;
      continue;
    }
    if (!final_ && buffer_.size() - read_ < kLookahead) return;
    yaml_event_t event;
    if (!yaml_parser_parse(&parser_->parser, &event)) {
      Fail();
      continue;
    }
    if (starved_) {
      yaml_event_delete(&event);
      Fail();
      continue;
    }
    bool end = event.type == YAML_STREAM_END_EVENT;
    if (event.type == YAML_MAPPING_START_EVENT ||
        event.type == YAML_SEQUENCE_START_EVENT) {
      ++nesting_;
    } else if (event.type == YAML_MAPPING_END_EVENT ||
               event.type == YAML_SEQUENCE_END_EVENT) {
      --nesting_;
    }
    if (nesting_ > kMaxNesting) {
      yaml_event_delete(&event);
      Fail("YAML: nested more than " + std::to_string(kMaxNesting) +
           " levels deep");
      continue;
    }
    Dispatch(&event);
    yaml_event_delete(&event);
    if (end) state_ = State::kDone;
  }
}

void YamlReader::Dispatch(const void* raw) {
  const auto& event = *static_cast<const yaml_event_t*>(raw);
  int line = first_line_ + static_cast<int>(event.start_mark.line) + 1;
  auto text = [](const yaml_char_t* s) {
    return s ? std::string_view(reinterpret_cast<const char*>(s))
             : std::string_view();
  };
  // A value ends at its last byte; a block collection's end event comes at
  // the next token, past comments and blank lines, where a flow one's
  // comes at its ']' or '}'.
  if (event.type == YAML_SCALAR_EVENT || event.type == YAML_ALIAS_EVENT ||
      ((event.type == YAML_MAPPING_END_EVENT ||
        event.type == YAML_SEQUENCE_END_EVENT) &&
       event.end_mark.index > event.start_mark.index)) {
    content_end_ = Offset(event.end_mark.index);
  }
  switch (event.type) {
    case YAML_DOCUMENT_START_EVENT:
      // Only a parser's first document goes without a --- line.
      handler_.StartDocument(event.data.document_start.implicit
                                 ? Offset(0)
                                 : AfterMarker(Offset(event.end_mark.index)));
      break;
    case YAML_DOCUMENT_END_EVENT:
      handler_.EndDocument();
      break;
    case YAML_MAPPING_START_EVENT:
      handler_.StartMap(line, text(event.data.mapping_start.anchor),
                        Offset(event.start_mark.index));
      break;
    case YAML_MAPPING_END_EVENT:
      handler_.EndMap(content_end_);
      break;
    case YAML_SEQUENCE_START_EVENT:
      handler_.StartSequence(line, text(event.data.sequence_start.anchor));
      break;
    case YAML_SEQUENCE_END_EVENT:
      handler_.EndSequence();
      break;
    case YAML_ALIAS_EVENT:
      handler_.OnAlias(text(event.data.alias.anchor), line);
      break;
    case YAML_SCALAR_EVENT: {
      const auto& s = event.data.scalar;
      std::string_view value(reinterpret_cast<const char*>(s.value), s.length);
      std::string_view tag = text(s.tag);
      bool plain = s.style == YAML_PLAIN_SCALAR_STYLE;
      if (tag.empty()) {
        Scalar scalar;
        if (plain) {
          scalar = ResolvePlain(value);
        } else {
          scalar.type = Scalar::Type::kString;
          scalar.text = value;
        }
        handler_.OnScalar(scalar, line, text(s.anchor));
        break;
      }
      std::string message;
      std::string storage;
      std::optional<Scalar> scalar =
          ResolveTagged(tag, value, message, storage);
      if (!scalar) {
        handler_.OnValueError(line, "YAML: " + message);
        break;
      }
      handler_.OnScalar(*scalar, line, text(s.anchor));
      break;
    }
    default:
      break;
  }
}

void YamlReader::Fail(std::string message) {
  const yaml_parser_t& p = parser_->parser;
  int line = first_line_ + static_cast<int>(p.problem_mark.line) + 1;
  if (p.error == YAML_READER_ERROR) {
    // Reader errors (bad UTF-8, control characters) give a byte offset.
    size_t end = std::min(buffer_.size(), start_ + p.problem_offset - dropped_);
    size_t from = start_ >= dropped_ ? start_ - dropped_ : 0;
    line = first_line_ + 1 +
           static_cast<int>(std::count(buffer_.begin() + std::min(from, end),
                                       buffer_.begin() + end, '\n'));
  } else if (!message.empty()) {
    line = first_line_ + static_cast<int>(p.mark.line) + 1;
  }
  int related_line = 0;
  if (message.empty() && starved_) {
    message = "YAML: a single value or key is longer than " +
              std::to_string(kLookahead >> 20) +
              " MiB; the API server refuses objects over 1.5 MiB";
  } else if (message.empty()) {
    message = "YAML: ";
    message += p.problem ? p.problem : "syntax error";
    if (p.error == YAML_READER_ERROR) {
      message += " (byte " + std::to_string(p.problem_value) + ")";
    }
    if (p.context) {
      message += " (";
      message += p.context;
      if (p.context_mark.line != p.problem_mark.line) {
        related_line = first_line_ + static_cast<int>(p.context_mark.line) + 1;
        message += " started at line " + std::to_string(related_line);
      }
      message += ")";
    }
  }
  handler_.OnSyntaxError(line, std::move(message), related_line);
  if (starved_) {
    state_ = State::kDone;
    return;
  }
  // Resume at the first document marker from the line that failed (libyaml
  // often notices an unclosed value only at the next ---), but past where
  // this parser started.
  int error_line = line;
  size_t pos = 0;
  int current = dropped_lines_ + 1;
  while (current < error_line && pos < buffer_.size()) {
    size_t nl = buffer_.find('\n', pos);
    if (nl == std::string::npos) {
      pos = buffer_.size();
      break;
    }
    pos = nl + 1;
    ++current;
  }
  // Never the marker this parser started at: the line after it, at least.
  if (dropped_ + pos <= start_) {
    size_t nl = buffer_.find('\n', start_ - dropped_);
    pos = nl == std::string::npos ? buffer_.size() : nl + 1;
  }
  seek_from_ = dropped_ + pos;
  nesting_ = 0;
  state_ = State::kSeeking;
}

void YamlReader::Seek() {
  // A line starting with --- followed by a space, a tab or the line's end.
  size_t pos = seek_from_ - dropped_;
  while (pos < buffer_.size()) {
    size_t nl = buffer_.find('\n', pos);
    if (nl == std::string::npos) {
      if (!final_) break;  // the line may still grow
      nl = buffer_.size();
    }
    std::string_view line(buffer_.data() + pos, nl - pos);
    if (line.substr(0, 3) == "---" && (line.size() == 3 || line[3] == ' ' ||
                                       line[3] == '\t' || line[3] == '\r')) {
      int lines_before =
          dropped_lines_ + static_cast<int>(std::count(
                               buffer_.begin(), buffer_.begin() + pos, '\n'));
      starved_ = false;
      Start(dropped_ + pos, lines_before);
      return;
    }
    pos = nl + 1;
  }
  seek_from_ = dropped_ + std::min(pos, buffer_.size());
  if (final_) state_ = State::kDone;
}

}  // namespace podsim
