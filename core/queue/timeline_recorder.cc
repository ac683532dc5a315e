#include "core/queue/timeline_recorder.h"

namespace podsim {

QueueEvent* TimelineRecorder::Record(QueueEventKind kind, ObjectIndex p,
                                     ObjectIndex node, int64_t until_ms) {
  timeline_.end_ms = clock_.now();
  if (static_cast<int64_t>(timeline_.events.size()) >= max_events_) {
    ++timeline_.events_dropped;
    return nullptr;
  }
  timeline_.events.push_back({.time_ms = clock_.now(),
                              .kind = kind,
                              .pod = p,
                              .node = node,
                              .until_ms = until_ms});
  return &timeline_.events.back();
}

}  // namespace podsim
