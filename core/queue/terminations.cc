#include "core/queue/terminations.h"

namespace podsim {

void Terminations::Set(ObjectIndex p, int64_t gone_ms) {
  if (static_cast<size_t>(p) >= gone_at_.size()) {
    gone_at_.resize(static_cast<size_t>(p) + 1, -1);
  }
  gone_at_[p] = gone_ms;
}

void Terminations::LeaveAt(ObjectIndex p, int64_t gone_ms) {
  Set(p, gone_ms);
  clock_.SetTimer(gone_ms, Timer::kGone, p);
}

void Terminations::LeaveAfterDeletion(ObjectIndex p, int64_t lands_ms,
                                      int64_t gone_ms) {
  Set(p, gone_ms);
  clock_.SetTimer(lands_ms, Timer::kDeleteLands, p);
}

void Terminations::DeletionLanded(ObjectIndex p) {
  clock_.SetTimer(gone_at_[p], Timer::kGone, p);
}

bool Terminations::Gone(ObjectIndex p) {
  if (!Leaving(p)) return false;
  gone_at_[p] = -1;
  return true;
}

}  // namespace podsim
