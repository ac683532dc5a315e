// Graceful deletion on the clock (core/queue/terminations.h): when a
// deleted pod leaves its node, and the timers that say so.
#include "core/queue/terminations.h"

#include <doctest/doctest.h>

namespace podsim {

TEST_CASE("Terminations: a pod leaves at its time, once") {
  Clock clock;
  clock.Set(1000);
  Terminations terminations(clock);
  CHECK_FALSE(terminations.Leaving(3));
  CHECK(terminations.GoneAt(3) == -1);
  terminations.LeaveAt(3, 31'000);
  CHECK(terminations.Leaving(3));
  CHECK(terminations.GoneAt(3) == 31'000);
  CHECK_FALSE(terminations.Leaving(2));  // the others are untouched
  clock.Set(31'000);
  std::optional<DueTimer> due = clock.PopDue();
  REQUIRE(due.has_value());
  CHECK(due->timer == Timer::kGone);
  CHECK(due->pod == 3);
  CHECK(due->time_ms == 31'000);
  CHECK(terminations.Gone(3));
  CHECK_FALSE(terminations.Gone(3));  // a second removal changes nothing
  CHECK_FALSE(terminations.Leaving(3));
}

TEST_CASE(
    "Terminations: with an API latency the deletion lands first, then the "
    "grace period runs") {
  Clock clock;
  clock.Set(0);
  Terminations terminations(clock);
  terminations.LeaveAfterDeletion(1, 500, 30'500);
  CHECK(terminations.GoneAt(1) == 30'500);
  clock.Set(500);
  std::optional<DueTimer> lands = clock.PopDue();
  REQUIRE(lands.has_value());
  CHECK(lands->timer == Timer::kDeleteLands);
  CHECK_FALSE(clock.PopDue().has_value());  // no removal timer yet
  terminations.DeletionLanded(1);
  clock.Set(30'500);
  std::optional<DueTimer> gone = clock.PopDue();
  REQUIRE(gone.has_value());
  CHECK(gone->timer == Timer::kGone);
  CHECK(gone->pod == 1);
}

}  // namespace podsim
