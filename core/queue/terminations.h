// Pods on their way out: a deleted pod keeps its room on its node until
// its grace period ends, when the kubelet's removal lands on the clock
// (Timer::kGone); with an API latency, the deletion itself reaches the API
// server later (Timer::kDeleteLands). Stands in for graceful deletion
// (the API server's deletionTimestamp and the kubelet).
#pragma once

#include <cstdint>
#include <vector>

#include "core/queue/clock.h"

namespace podsim {

class Terminations {
 public:
  // REQUIRES: clock outlives this.
  explicit Terminations(Clock& clock) : clock_(clock) {}

  // Returns when pod p leaves its node, or -1 when it is not leaving.
  int64_t GoneAt(ObjectIndex p) const {
    return static_cast<size_t>(p) < gone_at_.size() ? gone_at_[p] : -1;
  }
  bool Leaving(ObjectIndex p) const { return GoneAt(p) >= 0; }
  // Pod p leaves its node at gone_ms.
  void LeaveAt(ObjectIndex p, int64_t gone_ms);
  // Pod p's deletion lands at lands_ms (the preemptor's API call); it
  // leaves at gone_ms. REQUIRES: lands_ms <= gone_ms.
  void LeaveAfterDeletion(ObjectIndex p, int64_t lands_ms, int64_t gone_ms);
  // Pod p's deletion landed: it leaves at GoneAt(p). REQUIRES: Leaving(p).
  void DeletionLanded(ObjectIndex p);
  // Pod p has left its node. Returns whether it was leaving (a second
  // removal changes nothing).
  bool Gone(ObjectIndex p);

 private:
  void Set(ObjectIndex p, int64_t gone_ms);

  Clock& clock_;
  std::vector<int64_t> gone_at_;  // by pod: when it leaves, or -1
};

}  // namespace podsim
