#include "core/ingest/pod_logs.h"

namespace podsim {
namespace {

// Mirrors the lines ClusterInfoDumpOptions.Run writes around each
// container's logs.
constexpr std::string_view kStart = "==== START logs for container ";
constexpr std::string_view kEnd = "==== END logs for container ";

}  // namespace

PodLogs::Step PodLogs::Next(std::string_view in, size_t pos, bool last) {
  switch (state_) {
    case State::kOutside: {
      // A start marker begins a line.
      for (size_t i = in.find(kStart, pos); i != std::string_view::npos;
           i = in.find(kStart, i + 1)) {
        if (i == 0 ? at_line_start_ : in[i - 1] == '\n') {
          state_ = State::kInLogs;
          return {.end = i, .blank = false, .hold = false};
        }
      }
      // The last line may be the start of a marker the next bytes finish.
      size_t newline = in.rfind('\n');
      size_t line = newline != std::string_view::npos ? newline + 1
                    : at_line_start_                  ? 0
                                                      : in.size();
      if (!last && line >= pos && line < in.size() &&
          in.size() - line < kStart.size() &&
          kStart.starts_with(in.substr(line))) {
        return {.end = line, .blank = false, .hold = true};
      }
      return {.end = in.size(), .blank = false, .hold = false};
    }
    case State::kInLogs: {
      // The end marker follows the logs, at a line's start unless the logs
      // did not end with a newline.
      size_t i = in.find(kEnd, pos);
      if (i != std::string_view::npos) {
        state_ = State::kEndLine;
        return {.end = i + kEnd.size(), .blank = true, .hold = false};
      }
      if (last) return {.end = in.size(), .blank = true, .hold = false};
      size_t keep = kEnd.size() - 1;  // may be the start of the marker
      size_t cut = in.size() - pos > keep ? in.size() - keep : pos;
      return {.end = cut, .blank = true, .hold = true};
    }
    case State::kEndLine: {
      size_t newline = in.find('\n', pos);
      if (newline == std::string_view::npos) {
        return {.end = in.size(), .blank = true, .hold = false};
      }
      state_ = State::kOutside;
      return {.end = newline, .blank = true, .hold = false};
    }
  }
  return {.end = in.size(), .blank = false, .hold = false};
}

const std::string& PodLogs::Blank(std::string_view text) {
  blanked_.assign(text);
  for (char& c : blanked_) {
    if (c != '\n') c = ' ';
  }
  return blanked_;
}

}  // namespace podsim
