// An EventHandler that writes each parse event as one line of text, for the
// reader suites to compare whole event streams.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/ingest/events.h"

namespace podsim::testing {

// Events as "doc", "/doc", "{ 1" (a map at line 1), "}", "[ 1", "]",
// "string:a 1", "int:5 2", "alias:x 3", "&x" after an anchored node's line,
// "syntax-error 2: <message>" (with " (related 1)"), "value-error 2: ...".
class EventRecorder final : public EventHandler {
 public:
  std::vector<std::string> events;

  // The byte offsets of the "doc", "{" and "}" events, in order (the
  // event lines leave them out).
  std::vector<uint64_t> offsets;

  void StartDocument(uint64_t begin) override {
    events.push_back("doc");
    offsets.push_back(begin);
  }
  void EndDocument() override { events.push_back("/doc"); }
  void StartMap(int line, std::string_view anchor, uint64_t begin) override {
    events.push_back("{ " + std::to_string(line) + Anchor(anchor));
    offsets.push_back(begin);
  }
  void EndMap(uint64_t end) override {
    events.push_back("}");
    offsets.push_back(end);
  }
  void StartSequence(int line, std::string_view anchor) override {
    events.push_back("[ " + std::to_string(line) + Anchor(anchor));
  }
  void EndSequence() override { events.push_back("]"); }
  void OnScalar(const Scalar& scalar, int line,
                std::string_view anchor) override {
    events.push_back(Text(scalar) + " " + std::to_string(line) +
                     Anchor(anchor));
  }
  void OnAlias(std::string_view anchor, int line) override {
    events.push_back("alias:" + std::string(anchor) + " " +
                     std::to_string(line));
  }
  void OnSyntaxError(int line, std::string message, int related_line) override {
    events.push_back("syntax-error " + std::to_string(line) + ": " + message +
                     (related_line
                          ? " (related " + std::to_string(related_line) + ")"
                          : ""));
  }
  void OnValueError(int line, std::string message) override {
    events.push_back("value-error " + std::to_string(line) + ": " + message);
  }

  // A scalar as "<type>:<value>": the number for numbers ("float:1.5"), the
  // text for strings.
  static std::string Text(const Scalar& s) {
    switch (s.type) {
      case Scalar::Type::kNull:
        return "null";
      case Scalar::Type::kBool:
        return s.boolean ? "bool:true" : "bool:false";
      case Scalar::Type::kInt:
        return "int:" + std::to_string(s.integer);
      case Scalar::Type::kUint:
        return "uint:" + std::to_string(s.unsigned_integer);
      case Scalar::Type::kFloat: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "float:%.17g", s.number);
        return buf;
      }
      case Scalar::Type::kString:
        return "string:" + std::string(s.text);
    }
    return "?";
  }

 private:
  static std::string Anchor(std::string_view anchor) {
    return anchor.empty() ? "" : " &" + std::string(anchor);
  }
};

}  // namespace podsim::testing

// Event lists print one quoted event a line when a check fails.
template <>
struct doctest::StringMaker<std::vector<std::string>> {
  static doctest::String convert(const std::vector<std::string>& events) {
    std::string out = "{";
    for (const std::string& e : events) out += "\n  \"" + e + "\"";
    out += "}";
    return out.c_str();
  }
};
