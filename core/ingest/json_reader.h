// Streams JSON text (what `kubectl get -o json` prints, or several values one
// after another) into parse events, as it arrives. A token split across two
// chunks waits for the next one; nothing else is held.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ingest/events.h"

namespace podsim {

class JsonReader {
 public:
  // first_line is the line the input given to Feed starts on, and
  // first_offset its byte offset in the whole input.
  explicit JsonReader(EventHandler& handler, int first_line = 1,
                      uint64_t first_offset = 0)
      : handler_(handler), offset_(first_offset), line_(first_line) {}

  // Appends input and parses every complete token. Returns false once the
  // input is not JSON; error_line() and error() then say where and why.
  bool Feed(std::string_view bytes);
  // Parses the rest. Returns false when the input is not JSON.
  bool Finish();

  int error_line() const { return error_line_; }
  const std::string& error() const { return error_; }
  // Bytes parsed so far, and top-level values completed.
  uint64_t consumed() const { return consumed_; }
  int values() const { return values_; }

 private:
  enum class Expect {
    kValue,
    kValueOrEnd,
    kKeyOrEnd,
    kKey,
    kColon,
    kCommaOrEnd
  };
  bool Pump();
  // Each returns false when the token is incomplete (wait for input) or on
  // error (failed_ set).
  bool String(size_t& pos, std::string& out);
  bool Literal(size_t& pos);
  bool Number(size_t& pos);
  // begin: the value's offset in the whole input.
  void Value(const Scalar& scalar, uint64_t begin);
  void Fail(std::string message);
  // end: just past the container's closing byte, in the whole input.
  void EndContainer(uint64_t end);
  // After a value: the document ends, or a ',' or the end comes next.
  void ValueEnded();

  EventHandler& handler_;
  std::string buffer_;
  uint64_t offset_ = 0;  // of buffer_'s first byte, in the whole input
  size_t pos_ = 0;
  uint64_t consumed_ = 0;
  int line_ = 1;
  int values_ = 0;
  bool final_ = false;
  bool in_marker_line_ = false;  // after a ---, up to its line's end
  bool failed_ = false;
  int error_line_ = 0;
  std::string error_;
  Expect expect_ = Expect::kValue;
  std::vector<bool> stack_;  // true for an object, false for an array
  std::string text_;         // the current string, unescaped
};

}  // namespace podsim
