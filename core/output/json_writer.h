// Streaming JSON text: the one writer of every document podsim returns.
// Values go out in call order, commas placed automatically; valid UTF-8
// strings are escaped as nlohmann::json's dump escapes them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace podsim {

// Writes one JSON value (usually an object) by calls in document order.
// Keys come out in call order, as written: the caller orders them.
class JsonWriter {
 public:
  // Returns the text written so far and leaves the writer empty.
  // REQUIRES: every Begin* has had its End*.
  std::string Take() { return std::move(out_); }

  JsonWriter& BeginObject() { return Open('{'); }
  JsonWriter& EndObject() { return Close('}'); }
  JsonWriter& BeginArray() { return Open('['); }
  JsonWriter& EndArray() { return Close(']'); }
  // Writes an object's key; the next call writes its value.
  // REQUIRES: inside an object, not just after another Key.
  JsonWriter& Key(std::string_view key) {
    Comma();
    String(key);
    out_ += ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& Value(std::string_view s) {
    Comma();
    String(s);
    return *this;
  }
  JsonWriter& Value(const char* s) { return Value(std::string_view(s)); }
  JsonWriter& Value(int64_t v) {
    Comma();
    out_ += std::to_string(v);
    return *this;
  }
  JsonWriter& Value(int v) { return Value(static_cast<int64_t>(v)); }
  JsonWriter& Bool(bool v) {
    Comma();
    out_ += v ? "true" : "false";
    return *this;
  }
  JsonWriter& Null() {
    Comma();
    out_ += "null";
    return *this;
  }
  // Writes json as it is.
  // REQUIRES: json is one complete JSON value.
  JsonWriter& Raw(std::string_view json) {
    Comma();
    out_ += json;
    return *this;
  }

 private:
  JsonWriter& Open(char c) {
    Comma();
    out_ += c;
    first_ = true;
    return *this;
  }
  JsonWriter& Close(char c) {
    out_ += c;
    first_ = false;
    return *this;
  }
  void Comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_) out_ += ',';
    first_ = false;
  }
  // Writes s as a string literal: '"' and '\' escaped, \b \f \n \r \t as
  // such, other control characters as \u00XX. A byte that does not start a
  // lead-and-continuation-bytes sequence becomes U+FFFD; nlohmann differs on
  // such text (one U+FFFD per truncated sequence; overlong forms and
  // surrogates replaced, not passed on), which the readers never hand on.
  void String(std::string_view s);

  std::string out_;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace podsim
