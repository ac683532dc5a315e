// kubectl cluster-info dump, written to standard output, puts each pod's
// logs between its JSON (or YAML) documents, from a line
// "==== START logs for container C of pod NS/NAME ====" to
// "==== END logs for container C of pod NS/NAME ====". PodLogs blanks them
// out of the input as it streams by: every byte but a newline becomes a
// space, so the readers see white space and every line and offset stays
// where it was.
#pragma once

#include <string>
#include <string_view>

namespace podsim {

class PodLogs {
 public:
  // Passes bytes on to read(piece) with the pod logs blanked, in order. A
  // few bytes at the end that may start a marker are held for the next
  // call.
  template <typename Read>
  void Feed(std::string_view bytes, Read read) {
    if (carry_.empty()) return Scan(bytes, false, read);
    std::string input = std::move(carry_);
    carry_.clear();
    input.append(bytes);
    Scan(input, false, read);
  }
  // Passes on what is held.
  template <typename Read>
  void Finish(Read read) {
    std::string input = std::move(carry_);
    carry_.clear();
    Scan(input, true, read);
  }

 private:
  template <typename Read>
  void Scan(std::string_view in, bool last, Read read) {
    size_t pos = 0;
    while (pos < in.size()) {
      Step step = Next(in, pos, last);
      if (step.end > pos) {
        if (step.blank) {
          read(std::string_view(Blank(in.substr(pos, step.end - pos))));
        } else {
          read(in.substr(pos, step.end - pos));
        }
        at_line_start_ = in[step.end - 1] == '\n';
      }
      if (step.hold) {
        carry_.assign(in.substr(step.end));
        return;
      }
      pos = step.end;
    }
  }
  // The next piece of in from pos on: passed as it is or blanked, up to
  // end; hold: the rest, from end, waits for more input.
  struct Step {
    size_t end;
    bool blank;
    bool hold;
  };
  Step Next(std::string_view in, size_t pos, bool last);
  // Returns text with every byte but '\n' made a space.
  const std::string& Blank(std::string_view text);

  enum class State { kOutside, kInLogs, kEndLine };
  State state_ = State::kOutside;
  bool at_line_start_ = true;  // the last byte passed on ended a line
  std::string carry_;
  std::string blanked_;
};

}  // namespace podsim
