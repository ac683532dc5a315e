// Streams YAML text into parse events with libyaml, as it arrives: input is
// fed in chunks and never held whole. A syntax error abandons its document
// and reading resumes at the next document marker (---).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/ingest/events.h"

namespace podsim {

class YamlReader {
 public:
  // Bytes of input kept ahead of the parser before it reads on: libyaml
  // reads through a callback that cannot wait, so one token (a scalar, a
  // key) must fit in this window. The API server refuses objects over
  // 1.5 MiB, so a real object never comes near it.
  static constexpr size_t kLookahead = 16u << 20;
  // Nesting deeper than this is refused: libyaml's scanner walks every open
  // flow level per token, so 100,000 '[' would take minutes.
  static constexpr int kMaxNesting = 1000;

  explicit YamlReader(EventHandler& handler);
  ~YamlReader();
  YamlReader(const YamlReader&) = delete;
  YamlReader& operator=(const YamlReader&) = delete;

  // Appends input and parses as far as the lookahead window allows.
  void Feed(std::string_view bytes);
  // Parses the rest of the input.
  void Finish();

 private:
  struct Parser;
  enum class State { kParsing, kSeeking, kDone };

  void Start(size_t offset, int first_line);
  void Pump();
  void Dispatch(const void* event);
  // Reports the parser's error (or message, when given) and seeks the next
  // document.
  void Fail(std::string message = {});
  void Seek();
  // Returns the byte offset in the whole input of libyaml's mark index,
  // which counts characters from where this parser started.
  uint64_t Offset(size_t index);
  // Returns where the text after a document marker (---) at offset
  // starts: the next line when the rest of the marker's line is blank or a
  // comment, else its first character that is not blank.
  uint64_t AfterMarker(uint64_t offset) const;
  static int Read(void* data, unsigned char* buffer, size_t size,
                  size_t* size_read);

  EventHandler& handler_;
  std::unique_ptr<Parser> parser_;
  State state_ = State::kParsing;
  std::string buffer_;     // input not yet dropped
  size_t read_ = 0;        // bytes of buffer_ handed to libyaml
  size_t dropped_ = 0;     // bytes dropped from buffer_'s front
  int dropped_lines_ = 0;  // newlines in the dropped bytes
  size_t start_ = 0;       // absolute offset where this parser started
  int first_line_ = 0;     // lines before start_
  size_t seek_from_ = 0;   // absolute offset to look for a marker from
  bool final_ = false;
  bool starved_ = false;
  int nesting_ = 0;
  // Offset() walks from the last mark it converted (marks arrive in
  // order), never from bytes dropped.
  uint64_t cursor_byte_ = 0;
  size_t cursor_index_ = 0;
  bool bom_checked_ = false;
  uint64_t content_end_ = 0;  // just past the last value read
};

}  // namespace podsim
