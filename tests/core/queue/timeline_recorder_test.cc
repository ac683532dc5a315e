// The timeline of a run (core/queue/timeline_recorder.h): each event at the
// clock's time, the end moved along, the events past the cap counted only.
#include "core/queue/timeline_recorder.h"

#include <doctest/doctest.h>

namespace podsim {

TEST_CASE("TimelineRecorder: events at the clock's time, the end with them") {
  Clock clock;
  clock.Set(2'000);
  TimelineRecorder recorder(clock, 10);
  QueueEvent* arrive = recorder.Record(QueueEventKind::kArrive, 4);
  REQUIRE(arrive != nullptr);
  CHECK(arrive->time_ms == 2'000);
  CHECK(arrive->pod == 4);
  CHECK(arrive->node == kNoNode);
  clock.Set(7'500);
  QueueEvent* terminating =
      recorder.Record(QueueEventKind::kTerminating, 1, 2, 37'500);
  REQUIRE(terminating != nullptr);
  CHECK(terminating->node == 2);
  CHECK(terminating->until_ms == 37'500);
  const Timeline& t = recorder.timeline();
  REQUIRE(t.events.size() == 2);
  CHECK(t.events[0].kind == QueueEventKind::kArrive);
  CHECK(t.events[1].time_ms == 7'500);
  CHECK(t.end_ms == 7'500);
  CHECK(t.events_dropped == 0);
}

TEST_CASE("TimelineRecorder: past the cap events are counted, not kept") {
  Clock clock;
  clock.Set(0);
  TimelineRecorder recorder(clock, 2);
  CHECK(recorder.Record(QueueEventKind::kArrive, 0) != nullptr);
  CHECK(recorder.Record(QueueEventKind::kArrive, 1) != nullptr);
  clock.Set(9'000);
  CHECK(recorder.Record(QueueEventKind::kBackoff, 1) == nullptr);
  CHECK(recorder.Record(QueueEventKind::kActive, 1) == nullptr);
  // The end still moves: the run went on past the last kept event.
  CHECK(recorder.timeline().end_ms == 9'000);
  Timeline taken = recorder.Take();
  CHECK(taken.events.size() == 2);
  CHECK(taken.events_dropped == 2);
}

}  // namespace podsim
