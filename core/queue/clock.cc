#include "core/queue/clock.h"

namespace podsim {

void Clock::SetTimer(int64_t time_ms, Timer timer, ObjectIndex p) {
  timers_.insert({time_ms, sequence_++, timer, p});
}

std::optional<DueTimer> Clock::PopDue() {
  if (timers_.empty() || std::get<0>(*timers_.begin()) > now_) {
    return std::nullopt;
  }
  DueTimer due = Due(*timers_.begin());
  timers_.erase(timers_.begin());
  return due;
}

}  // namespace podsim
