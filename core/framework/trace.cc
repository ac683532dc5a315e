#include "core/framework/trace.h"

#include <cstdio>

namespace podsim {

std::string_view ToString(Outcome outcome) {
  switch (outcome) {
    case Outcome::kScheduled:
      return "Scheduled";
    case Outcome::kNominated:
      return "Nominated";
    case Outcome::kUnschedulable:
      return "Unschedulable";
  }
  return "Unschedulable";
}

std::string FormatTime(int64_t t) {
  int64_t days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
  int64_t secs = t - days * 86400;
  int64_t z = days + 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  int64_t y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ",
                static_cast<long long>(y), static_cast<long long>(m),
                static_cast<long long>(d), static_cast<long long>(secs / 3600),
                static_cast<long long>(secs / 60 % 60),
                static_cast<long long>(secs % 60));
  return buf;
}

std::string FormatMillis(int64_t ms) {
  int64_t seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;
  int64_t rest = ms - seconds * 1000;
  std::string text = FormatTime(seconds);
  if (rest == 0) return text;
  char buf[8];
  std::snprintf(buf, sizeof buf, ".%03lld", static_cast<long long>(rest));
  return text.substr(0, text.size() - 1) + buf + "Z";
}

std::string FormatDuration(int64_t ms) {
  if (ms > 0 && ms < 1000) return std::to_string(ms) + " ms";
  const int64_t s = ms / 1000;
  if (ms % 1000 != 0) {
    // "30.5 s", "90.25 s": a latency's milliseconds stay visible.
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    return std::to_string(s) + "." + fraction + " s";
  }
  if (s < 60) return std::to_string(s) + " s";
  std::string text;
  auto part = [&](int64_t n, const char* unit) {
    if (n == 0) return;
    if (!text.empty()) text += " ";
    text += std::to_string(n) + " " + unit;
  };
  part(s / 3600, "h");
  part(s / 60 % 60, "min");
  part(s % 60, "s");
  return text;
}

std::string_view ToString(QueueEventKind kind) {
  switch (kind) {
    case QueueEventKind::kArrive:
      return "arrive";
    case QueueEventKind::kTerminating:
      return "terminating";
    case QueueEventKind::kGone:
      return "gone";
    case QueueEventKind::kUnschedulable:
      return "unschedulable";
    case QueueEventKind::kBackoff:
      return "backoff";
    case QueueEventKind::kActive:
      return "active";
    case QueueEventKind::kFlush:
      return "flush";
    case QueueEventKind::kGated:
      return "gated";
    case QueueEventKind::kCreated:
      return "created";
    case QueueEventKind::kDeleted:
      return "deleted";
    case QueueEventKind::kPdbStatus:
      return "pdbStatus";
    case QueueEventKind::kRefused:
      return "refused";
  }
  return "arrive";
}

std::string_view ToString(Verdict verdict) {
  switch (verdict) {
    case Verdict::kNone:
      return "none";
    case Verdict::kCandidate:
      return "candidate";
    case Verdict::kNotHelpful:
      return "not-helpful";
    case Verdict::kNoVictims:
      return "no-victims";
    case Verdict::kDoesNotFit:
      return "does-not-fit";
    case Verdict::kNotEvaluated:
      return "not-evaluated";
  }
  return "none";
}

}  // namespace podsim
