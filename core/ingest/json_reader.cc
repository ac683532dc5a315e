#include "core/ingest/json_reader.h"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace podsim {
namespace {

bool IsDelimiter(char c) {
  return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' ||
         c == '\t' || c == '\r' || c == ':';
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Returns the length of the well-formed UTF-8 sequence at s (of n bytes),
// or 0 when it is not one.
size_t Utf8Length(const unsigned char* s, size_t n) {
  unsigned char c = s[0];
  size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (len == 0 || c > 0xF4 || n < len) return 0;
  for (size_t i = 1; i < len; ++i) {
    if ((s[i] & 0xC0) != 0x80) return 0;
  }
  if (c == 0xE0 && s[1] < 0xA0) return 0;   // overlong
  if (c == 0xED && s[1] >= 0xA0) return 0;  // a surrogate
  if (c == 0xF0 && s[1] < 0x90) return 0;   // overlong
  if (c == 0xF4 && s[1] >= 0x90) return 0;  // beyond U+10FFFF
  return len;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool JsonReader::Feed(std::string_view bytes) {
  if (failed_) return false;
  if (pos_ > (1u << 20)) {
    buffer_.erase(0, pos_);
    offset_ += pos_;
    pos_ = 0;
  }
  buffer_.append(bytes);
  return Pump();
}

bool JsonReader::Finish() {
  if (failed_) return false;
  final_ = true;
  if (!Pump()) return false;
  if (!stack_.empty() || expect_ != Expect::kValue) {
    Fail("JSON: the input ends inside a value");
    return false;
  }
  return true;
}

void JsonReader::Fail(std::string message) {
  failed_ = true;
  error_line_ = line_;
  error_ = std::move(message);
}

void JsonReader::Value(const Scalar& scalar, uint64_t begin) {
  if (stack_.empty()) handler_.StartDocument(begin);
  handler_.OnScalar(scalar, line_, {});
  ValueEnded();
}

void JsonReader::ValueEnded() {
  if (stack_.empty()) {
    handler_.EndDocument();
    ++values_;
    expect_ = Expect::kValue;
  } else {
    expect_ = Expect::kCommaOrEnd;
  }
}

void JsonReader::EndContainer(uint64_t end) {
  bool object = stack_.back();
  stack_.pop_back();
  if (object) {
    handler_.EndMap(end);
  } else {
    handler_.EndSequence();
  }
  ValueEnded();
}

bool JsonReader::Pump() {
  const char* data = buffer_.data();
  const size_t size = buffer_.size();
  size_t pos = pos_;
  // The rest of a --- line that began in an earlier chunk.
  if (in_marker_line_) {
    while (pos < size && data[pos] != '\n') ++pos;
    in_marker_line_ = pos == size;
  }
  while (!failed_) {
    while (pos < size) {
      char c = data[pos];
      if (c == '\n') {
        ++line_;
      } else if (c != ' ' && c != '\t' && c != '\r') {
        break;
      }
      ++pos;
    }
    if (pos == size) break;
    const char c = data[pos];
    if (expect_ == Expect::kKeyOrEnd || expect_ == Expect::kKey) {
      if (c == '}' && expect_ == Expect::kKeyOrEnd) {
        ++pos;
        EndContainer(offset_ + pos);
        continue;
      }
      if (c != '"') {
        Fail("JSON: expected a quoted key");
        break;
      }
      if (!String(pos, text_)) break;
      Scalar key;
      key.type = Scalar::Type::kString;
      key.text = text_;
      handler_.OnScalar(key, line_, {});
      expect_ = Expect::kColon;
      continue;
    }
    if (expect_ == Expect::kColon) {
      if (c != ':') {
        Fail("JSON: expected ':' after a key");
        break;
      }
      ++pos;
      expect_ = Expect::kValue;
      continue;
    }
    if (expect_ == Expect::kCommaOrEnd) {
      if (c == ',') {
        ++pos;
        expect_ = stack_.back() ? Expect::kKey : Expect::kValue;
        continue;
      }
      if ((c == '}' && stack_.back()) || (c == ']' && !stack_.back())) {
        ++pos;
        EndContainer(offset_ + pos);
        continue;
      }
      Fail(std::string("JSON: expected ',' or '") +
           (stack_.back() ? "}" : "]") + "'");
      break;
    }
    // Between top-level values, a YAML document marker line (---): JSON
    // documents joined as a YAML stream, as the page and people write them.
    if (stack_.empty() && c == '-') {
      if (size - pos < 4 && !final_) break;
      if (buffer_.compare(pos, 3, "---") == 0 &&
          (pos + 3 == size || data[pos + 3] == '\n' || data[pos + 3] == ' ' ||
           data[pos + 3] == '\r' || data[pos + 3] == '\t')) {
        pos += 3;
        while (pos < size && data[pos] != '\n') ++pos;
        // Its rest may arrive in a later chunk.
        in_marker_line_ = pos == size;
        continue;
      }
    }
    if (expect_ == Expect::kValueOrEnd && c == ']') {
      ++pos;
      EndContainer(offset_ + pos);
      continue;
    }
    // A value.
    if (c == '{' || c == '[') {
      if (stack_.empty()) handler_.StartDocument(offset_ + pos);
      if (c == '{') {
        handler_.StartMap(line_, {}, offset_ + pos);
      } else {
        handler_.StartSequence(line_, {});
      }
      stack_.push_back(c == '{');
      expect_ = c == '{' ? Expect::kKeyOrEnd : Expect::kValueOrEnd;
      ++pos;
      continue;
    }
    if (c == '"') {
      const size_t begin = pos;
      if (!String(pos, text_)) break;
      Scalar s;
      s.type = Scalar::Type::kString;
      s.text = text_;
      Value(s, offset_ + begin);
      continue;
    }
    if (c == 't' || c == 'f' || c == 'n') {
      if (!Literal(pos)) break;
      continue;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      if (!Number(pos)) break;
      continue;
    }
    Fail(std::string("JSON: unexpected character '") + c + "'");
  }
  consumed_ += pos - pos_;
  pos_ = pos;
  return !failed_;
}

bool JsonReader::String(size_t& pos, std::string& out) {
  const char* data = buffer_.data();
  const size_t size = buffer_.size();
  out.clear();
  size_t p = pos + 1;
  size_t run = p;  // start of the bytes not yet copied to out
  while (true) {
    while (p < size) {
      unsigned char c = static_cast<unsigned char>(data[p]);
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
      ++p;
    }
    if (p >= size) break;
    unsigned char c = static_cast<unsigned char>(data[p]);
    out.append(data + run, p - run);
    if (c == '"') {
      pos = p + 1;
      return true;
    }
    if (c < 0x20) {
      Fail("JSON: a control character inside a string (escape it, e.g. \\n)");
      return false;
    }
    if (c >= 0x80) {
      size_t len = Utf8Length(reinterpret_cast<const unsigned char*>(data + p),
                              size - p);
      if (len == 0 && size - p < 4 && !final_) break;  // may continue
      if (len == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD for a malformed byte
        ++p;
      } else {
        out.append(data + p, len);
        p += len;
      }
      run = p;
      continue;
    }
    // An escape.
    if (p + 1 >= size) break;
    char e = data[p + 1];
    const char* simple = std::strchr("\"\\/bfnrt", e);
    if (simple && e != '\0') {
      static constexpr char kValues[] = "\"\\/\b\f\n\r\t";
      out += kValues[simple - "\"\\/bfnrt"];
      p += 2;
      run = p;
      continue;
    }
    if (e != 'u') {
      Fail(std::string("JSON: unknown escape \\") + e);
      return false;
    }
    auto hex4 = [&](size_t at, uint32_t& cp) {
      cp = 0;
      for (size_t i = 0; i < 4; ++i) {
        int h = HexValue(data[at + i]);
        if (h < 0) return false;
        cp = cp * 16 + static_cast<uint32_t>(h);
      }
      return true;
    };
    if (p + 6 > size) break;
    uint32_t cp = 0;
    if (!hex4(p + 2, cp)) {
      Fail("JSON: \\u must be followed by four hex digits");
      return false;
    }
    p += 6;
    if (cp >= 0xD800 && cp < 0xDC00) {
      if (p + 6 > size && !final_) break;
      uint32_t low = 0;
      if (p + 6 <= size && data[p] == '\\' && data[p + 1] == 'u' &&
          hex4(p + 2, low) && low >= 0xDC00 && low < 0xE000) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        p += 6;
      } else {
        cp = 0xFFFD;  // a lone surrogate cannot travel as UTF-8
      }
    } else if (cp >= 0xDC00 && cp < 0xE000) {
      cp = 0xFFFD;
    }
    AppendUtf8(out, cp);
    run = p;
  }
  if (final_) Fail("JSON: the input ends inside a string");
  return false;
}

bool JsonReader::Literal(size_t& pos) {
  const char* data = buffer_.data();
  size_t end = pos;
  while (end < buffer_.size() && !IsDelimiter(data[end])) ++end;
  if (end == buffer_.size() && !final_) return false;
  std::string_view word(data + pos, end - pos);
  Scalar s;
  s.text = word;
  if (word == "true" || word == "false") {
    s.type = Scalar::Type::kBool;
    s.boolean = word == "true";
  } else if (word == "null") {
    s.type = Scalar::Type::kNull;
  } else {
    Fail("JSON: unexpected word \"" + std::string(word.substr(0, 40)) +
         "\"; expected true, false, null, a number or a quoted string");
    return false;
  }
  const size_t begin = pos;
  pos = end;
  Value(s, offset_ + begin);
  return true;
}

bool JsonReader::Number(size_t& pos) {
  const char* data = buffer_.data();
  size_t end = pos;
  while (end < buffer_.size() && !IsDelimiter(data[end])) ++end;
  if (end == buffer_.size() && !final_) return false;
  std::string_view text(data + pos, end - pos);
  // JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  size_t i = 0;
  auto digits = [&] {
    size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i - start;
  };
  if (i < text.size() && text[i] == '-') ++i;
  size_t int_start = i;
  size_t int_digits = digits();
  bool integer = true;
  bool ok = int_digits > 0 && !(int_digits > 1 && text[int_start] == '0');
  if (ok && i < text.size() && text[i] == '.') {
    ++i;
    integer = false;
    ok = digits() > 0;
  }
  if (ok && i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    integer = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    ok = digits() > 0;
  }
  if (!ok || i != text.size()) {
    Fail("JSON: malformed number \"" + std::string(text.substr(0, 40)) + "\"");
    return false;
  }
  Scalar s;
  s.text = text;
  if (integer) {
    const char* first = text.data();
    const char* last = first + text.size();
    if (std::from_chars(first, last, s.integer).ec == std::errc()) {
      s.type = Scalar::Type::kInt;
    } else if (text[0] != '-' &&
               std::from_chars(first, last, s.unsigned_integer).ec ==
                   std::errc()) {
      s.type = Scalar::Type::kUint;
    } else {
      integer = false;
    }
  }
  if (!integer) {
    std::string copy(text);
    s.type = Scalar::Type::kFloat;
    s.number = std::strtod(copy.c_str(), nullptr);
  }
  const size_t begin = pos;
  pos = end;
  Value(s, offset_ + begin);
  return true;
}

}  // namespace podsim
