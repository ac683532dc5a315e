// The timeline of a run as it happens: what the queue, the scheduler and
// the controllers did, each event stamped with the clock's time. Stands in
// for the events upstream's components record (client-go's
// record.EventRecorder).
#pragma once

#include <cstdint>

#include "core/framework/node_info.h"
#include "core/framework/trace.h"
#include "core/queue/clock.h"

namespace podsim {

class TimelineRecorder {
 public:
  // Keeps at most max_events events; the rest are counted. REQUIRES: clock
  // outlives the recorder.
  TimelineRecorder(const Clock& clock, int64_t max_events)
      : clock_(clock), max_events_(max_events) {}

  // Records an event of kind for pod p at the clock's time (on node, until
  // until_ms), and moves the timeline's end there. Returns the event, to
  // fill in further, or nullptr past max_events.
  QueueEvent* Record(QueueEventKind kind, ObjectIndex p,
                     ObjectIndex node = kNoNode, int64_t until_ms = 0);
  Timeline& timeline() { return timeline_; }
  const Timeline& timeline() const { return timeline_; }
  // Returns the timeline, leaving none (the run is over).
  Timeline Take() { return std::move(timeline_); }

 private:
  const Clock& clock_;
  const int64_t max_events_;
  Timeline timeline_;
};

}  // namespace podsim
