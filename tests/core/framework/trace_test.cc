#include "core/framework/trace.h"

#include <doctest/doctest.h>

#include <string>

namespace podsim {

TEST_CASE("FormatTime: Unix seconds print as RFC 3339 in UTC") {
  struct Row {
    std::string name;
    int64_t seconds;
    std::string text;
  };
  const Row rows[] = {
      {"the epoch", 0, "1970-01-01T00:00:00Z"},
      {"a time of day", 1714550400, "2024-05-01T08:00:00Z"},
      {"the last second of a day", 1714607999, "2024-05-01T23:59:59Z"},
      {"a leap day", 951782400, "2000-02-29T00:00:00Z"},
      {"the day after 1900's non-leap February", -2203891200,
       "1900-03-01T00:00:00Z"},
      {"a year's end", 1735689599, "2024-12-31T23:59:59Z"},
      {"before the epoch", -1, "1969-12-31T23:59:59Z"},
      {"a whole day before the epoch", -86400, "1969-12-31T00:00:00Z"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(FormatTime(row.seconds) == row.text);
  }
}

TEST_CASE("FormatMillis: milliseconds show only when not whole seconds") {
  struct Row {
    std::string name;
    int64_t ms;
    std::string text;
  };
  const Row rows[] = {
      {"whole seconds", 1714550400000, "2024-05-01T08:00:00Z"},
      {"a quarter second", 1714550400250, "2024-05-01T08:00:00.250Z"},
      {"one millisecond", 1714550400001, "2024-05-01T08:00:00.001Z"},
      {"before the epoch", -1, "1969-12-31T23:59:59.999Z"},
      {"a whole second before the epoch", -1000, "1969-12-31T23:59:59Z"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(FormatMillis(row.ms) == row.text);
  }
}

TEST_CASE("FormatDuration: spans of time read as a person says them") {
  struct Row {
    std::string name;
    int64_t ms;
    std::string text;
  };
  const Row rows[] = {
      {"nothing", 0, "0 s"},
      {"under a second", 250, "250 ms"},
      {"one millisecond", 1, "1 ms"},
      {"whole seconds", 30'000, "30 s"},
      {"a minute and seconds", 90'000, "1 min 30 s"},
      {"whole minutes", 300'000, "5 min"},
      {"a half second", 30'500, "30.5 s"},
      {"milliseconds past a minute stay in seconds", 90'250, "90.25 s"},
      {"a thousandth past a second", 1'001, "1.001 s"},
      {"an hour", 3'600'000, "1 h"},
      {"hours, minutes and seconds", 3'661'000, "1 h 1 min 1 s"},
      {"hours and seconds skip the minutes", 7'230'000, "2 h 30 s"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(FormatDuration(row.ms) == row.text);
  }
}

TEST_CASE("ToString: outcomes, verdicts and queue events have fixed names") {
  SUBCASE("Outcome") {
    CHECK(ToString(Outcome::kScheduled) == "Scheduled");
    CHECK(ToString(Outcome::kNominated) == "Nominated");
    CHECK(ToString(Outcome::kUnschedulable) == "Unschedulable");
  }
  SUBCASE("Verdict") {
    CHECK(ToString(Verdict::kNone) == "none");
    CHECK(ToString(Verdict::kCandidate) == "candidate");
    CHECK(ToString(Verdict::kNotHelpful) == "not-helpful");
    CHECK(ToString(Verdict::kNoVictims) == "no-victims");
    CHECK(ToString(Verdict::kDoesNotFit) == "does-not-fit");
    CHECK(ToString(Verdict::kNotEvaluated) == "not-evaluated");
  }
  SUBCASE("QueueEventKind") {
    CHECK(ToString(QueueEventKind::kArrive) == "arrive");
    CHECK(ToString(QueueEventKind::kTerminating) == "terminating");
    CHECK(ToString(QueueEventKind::kGone) == "gone");
    CHECK(ToString(QueueEventKind::kUnschedulable) == "unschedulable");
    CHECK(ToString(QueueEventKind::kBackoff) == "backoff");
    CHECK(ToString(QueueEventKind::kActive) == "active");
    CHECK(ToString(QueueEventKind::kFlush) == "flush");
    CHECK(ToString(QueueEventKind::kGated) == "gated");
    CHECK(ToString(QueueEventKind::kCreated) == "created");
    CHECK(ToString(QueueEventKind::kDeleted) == "deleted");
    CHECK(ToString(QueueEventKind::kPdbStatus) == "pdbStatus");
  }
}

TEST_CASE("SelectionStep: the winner is the one candidate a step leaves") {
  SelectionStep step{.kept = {2, 0}};
  CHECK(step.winner() == -1);
  step.kept = {2};
  CHECK(step.winner() == 2);
  step.kept = {};
  CHECK(step.winner() == -1);
}

TEST_CASE("WorkloadOutcome: settled once as many pods run as it wanted") {
  WorkloadOutcome w{.wanted = 2, .running_after = 1};
  CHECK_FALSE(w.settled());
  w.running_after = 2;
  CHECK(w.settled());
  w.running_after = 3;
  CHECK(w.settled());
}

}  // namespace podsim
