// The scheduling queue on its own (core/queue/scheduling_queue.h): the
// test owns the clock and plays the scheduler, popping pods, failing them
// and sending cluster events.
#include "core/queue/scheduling_queue.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace podsim {
namespace {

constexpr int64_t kStart = 1714550400'000;  // 2024-05-01T08:00:00Z

// "p<index>": what the tests call pod index.
std::string Name(ObjectIndex index) {
  std::string name = "p";
  name += std::to_string(index);
  return name;
}

// A queue over pods of the given priorities (pod i has priorities[i]),
// its clock started at kStart.
class QueueRun {
 public:
  explicit QueueRun(const std::vector<int32_t>& priorities,
                    const Profile& profile = CurrentProfile(),
                    SchedulerConfig config = {}) {
    scenario_.config = config;
    for (size_t i = 0; i < priorities.size(); ++i) {
      Pod pod;
      pod.name = Name(static_cast<ObjectIndex>(i));
      pod.index = static_cast<ObjectIndex>(i);
      pod.priority = priorities[i];
      scenario_.pods.push_back(pod);
    }
    // The pod the cluster events are about: bound elsewhere, of a priority
    // above the others'.
    Pod other;
    other.name = "other";
    other.index = static_cast<ObjectIndex>(priorities.size());
    other.priority = 1'000'000;
    other.node_name = "elsewhere";
    scenario_.pods.push_back(other);
    clock_.Set(kStart);
    queue_ = std::make_unique<SchedulingQueue>(scenario_, profile, clock_,
                                               recorder_);
    queue_->Run();
  }
  QueueRun(const QueueRun&) = delete;
  QueueRun& operator=(const QueueRun&) = delete;

  SchedulingQueue& queue() { return *queue_; }
  Clock& clock() { return clock_; }
  // Pod p, to give it what a hint looks at. REQUIRES: before the queue
  // looks at it.
  Pod& pod(ObjectIndex p) { return scenario_.pods[p]; }
  // Sends event about pod changed (by default the pod bound elsewhere).
  void Send(ClusterEvent event, std::optional<ObjectIndex> changed = {}) {
    queue_->MoveAllToActiveOrBackoffQueue(
        {.event = event,
         .pod = changed.value_or(
             static_cast<ObjectIndex>(scenario_.pods.size()) - 1)});
  }

  // Plays the scheduler's loop with nothing to schedule but the queue's
  // pods: fires the timers due, pops a pod or moves the clock on. Returns
  // "<pod> at +<seconds>s", or "none" once nothing is left to happen.
  std::string PopWhenReady() {
    for (;;) {
      FireDue();
      if (std::optional<ObjectIndex> p = queue_->Pop()) {
        return Name(*p) + " at " + Since(clock_.now());
      }
      if (!clock_.AdvanceToNextTimer(
              [&](const DueTimer& due) { return queue_->Stale(due); })) {
        return "none";
      }
    }
  }
  // Fires the timers due by now.
  void FireDue() {
    while (std::optional<DueTimer> due = clock_.PopDue()) queue_->OnTimer(*due);
  }
  // Every pod activeQ or backoffQ pops now, in order.
  std::vector<ObjectIndex> PopAll() {
    std::vector<ObjectIndex> popped;
    while (std::optional<ObjectIndex> p = queue_->Pop()) popped.push_back(*p);
    return popped;
  }
  // "<kind> p<pod> at +<seconds>s[ until +<seconds>s]" per event recorded.
  std::vector<std::string> Events() const {
    std::vector<std::string> out;
    for (const QueueEvent& e : recorder_.timeline().events) {
      out.push_back(std::string(ToString(e.kind)) + " " + Name(e.pod) + " at " +
                    Since(e.time_ms) +
                    (e.until_ms ? " until " + Since(e.until_ms) : ""));
    }
    return out;
  }

 private:
  static std::string Since(int64_t ms) {
    const int64_t since = ms - kStart;
    std::string text = "+";
    text += since % 1000 ? std::to_string(since) + "ms"
                         : std::to_string(since / 1000) + "s";
    return text;
  }

  Scenario scenario_;
  Clock clock_;
  TimelineRecorder recorder_{clock_, kMaxTimelineEvents};
  std::unique_ptr<SchedulingQueue> queue_;
};

const Profile& Release(std::string_view name) {
  const Profile* profile = FindProfile(name);
  REQUIRE(profile != nullptr);
  return *profile;
}

}  // namespace

TEST_CASE(
    "SchedulingQueue: activeQ pops by priority, then by timestamp, then as "
    "added") {
  QueueRun run({5, 5, 50, 5});
  run.queue().Add(0, kStart + 9'000);
  run.queue().Add(1, kStart + 1'000);
  run.queue().Add(2, kStart + 5'000);
  run.queue().Add(3, kStart + 1'000);
  CHECK(run.PopAll() == std::vector<ObjectIndex>{2, 1, 3, 0});
  CHECK_FALSE(run.queue().HasActiveOrBackoff());
}

TEST_CASE("SchedulingQueue: a pod created later arrives when the clock does") {
  QueueRun run({100, 1});
  run.queue().AddAt(0, kStart + 60'000);
  run.queue().Add(1, kStart);
  CHECK(run.queue().Contains(0));
  CHECK(run.PopWhenReady() == "p1 at +0s");
  CHECK(run.PopWhenReady() == "p0 at +60s");
  CHECK(run.PopWhenReady() == "none");
  CHECK(run.Events() == std::vector<std::string>{"arrive p0 at +60s"});
}

TEST_CASE(
    "SchedulingQueue: the backoff doubles per failed attempt, up to the max") {
  SUBCASE("the defaults: 1 s, at most 10 s") {
    QueueRun run({0});
    CHECK(run.queue().BackoffDuration(1) == 1'000);
    CHECK(run.queue().BackoffDuration(2) == 2'000);
    CHECK(run.queue().BackoffDuration(3) == 4'000);
    CHECK(run.queue().BackoffDuration(4) == 8'000);
    CHECK(run.queue().BackoffDuration(5) == 10'000);
    CHECK(run.queue().BackoffDuration(80) == 10'000);
  }
  SUBCASE("the KubeSchedulerConfiguration's: 3 s, at most 20 s") {
    SchedulerConfig config;
    config.pod_initial_backoff_seconds = 3;
    config.pod_max_backoff_seconds = 20;
    QueueRun run({0}, CurrentProfile(), config);
    CHECK(run.queue().BackoffDuration(1) == 3'000);
    CHECK(run.queue().BackoffDuration(2) == 6'000);
    CHECK(run.queue().BackoffDuration(3) == 12'000);
    CHECK(run.queue().BackoffDuration(4) == 20'000);
  }
}

TEST_CASE(
    "SchedulingQueue: a pod an event moves during its backoff waits it out "
    "in backoffQ") {
  SUBCASE("v1.31: until the 1 s ticker after its backoff") {
    QueueRun run({0}, Release("v1.31"));
    run.queue().AddUnschedulable(0, 3, kRejectsFit);  // backoff: 4 s
    run.clock().Advance(1'500);
    run.Send(ClusterEvent::kAssignedPodDelete);
    CHECK(run.queue().HasActiveOrBackoff());
    CHECK_FALSE(run.queue().Pop());
    CHECK(run.PopWhenReady() == "p0 at +4s");
    CHECK(run.Events() == std::vector<std::string>{
                              "unschedulable p0 at +0s",
                              "backoff p0 at +1500ms until +4s",
                              "active p0 at +4s",
                          });
  }
  SUBCASE("current: a backoff that ends at this second still holds it") {
    // isPodBackingoff compares whole-second windows: at +1 s exactly, a
    // 1 s backoff from +0 s has not ended yet (it ends in the next window).
    QueueRun run({0, 0});
    run.queue().AddUnschedulable(0, 1, kRejectsFit);  // backoff: 1 s
    run.clock().Advance(1'000);
    run.Send(ClusterEvent::kAssignedPodDelete);
    run.queue().Add(1, kStart);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{1, 0});
    CHECK(run.Events() == std::vector<std::string>{
                              "unschedulable p0 at +0s",
                              "backoff p0 at +1s until +2s",
                          });
  }
  SUBCASE("current: popped at once when activeQ is empty") {
    QueueRun run({0, 10});
    run.queue().AddUnschedulable(0, 3, kRejectsFit);
    run.clock().Advance(1'500);
    run.Send(ClusterEvent::kAssignedPodDelete);
    run.queue().Add(1, kStart);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{1, 0});
  }
}

TEST_CASE(
    "SchedulingQueue: a cluster event moves the pods in the pool that a "
    "plugin it may help rejected") {
  SUBCASE("current: queueing hints") {
    QueueRun run({0, 0, 0, 0, 0});
    run.queue().AddUnschedulable(0, 1, kRejectsFit);
    run.queue().AddUnschedulable(1, 1, kRejectsOther);
    run.queue().AddUnschedulable(2, 1, kRejectsSpread);
    run.queue().AddUnschedulable(3, 1, kRejectsPorts);
    run.queue().AddUnschedulable(4, 1, kRejectsAffinity);
    run.clock().Advance(5'000);  // past their backoff
    // A pod starting to terminate is a Pod/Update no plugin registers.
    run.Send(ClusterEvent::kPodTerminating);
    CHECK(run.PopAll().empty());
    // The pod that leaves (run.Send's) has no labels and no host port:
    // only NodeResourcesFit's hint says Queue.
    run.Send(ClusterEvent::kAssignedPodDelete);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{0});
    CHECK(run.Events() == std::vector<std::string>{
                              "unschedulable p0 at +0s",
                              "unschedulable p1 at +0s",
                              "unschedulable p2 at +0s",
                              "unschedulable p3 at +0s",
                              "unschedulable p4 at +0s",
                              "active p0 at +5s",
                          });
  }
  SUBCASE("v1.14: a deleted pod moves every waiting pod") {
    QueueRun run({0, 0}, Release("v1.14"));
    run.queue().AddUnschedulable(0, 1, kRejectsFit);
    run.queue().AddUnschedulable(1, 1, kRejectsOther);
    run.clock().Advance(5'000);
    run.Send(ClusterEvent::kNominationChanged);
    CHECK(run.PopAll().empty());
    run.Send(ClusterEvent::kAssignedPodDelete);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{0, 1});
  }
}

TEST_CASE(
    "SchedulingQueue: a pod an event would move while its preemption runs "
    "is gated; then a pod's deletion moves it, and from v1.37 the flush") {
  // DefaultPreemption's PreEnqueue (IsPodRunningPreemption) and its
  // GatingPluginEvents (Pod/Delete).
  auto gate = [](QueueRun& run) {
    run.queue().StartPreemption(0);
    run.queue().AddUnschedulable(0, 1, kRejectsFit);
    run.queue().AddUnschedulable(1, 1, kRejectsFit);
    run.clock().Advance(5'000);
    run.Send(ClusterEvent::kAssignedPodDelete);  // a victim without grace
    CHECK(run.PopAll() == std::vector<ObjectIndex>{1});
  };
  SUBCASE("v1.35.4: only a pod's deletion, never the flush") {
    QueueRun run({0, 0}, Release("v1.35"));
    gate(run);
    run.queue().FinishPreemption(0);
    // Nothing moves it now: the flush skips a gated pod.
    CHECK(run.PopWhenReady() == "none");
    CHECK(run.clock().now() == kStart + 5'000);
    run.Send(ClusterEvent::kAssignedPodDelete);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{0});
    CHECK(run.Events() == std::vector<std::string>{
                              "unschedulable p0 at +0s",
                              "unschedulable p1 at +0s",
                              "gated p0 at +5s",
                              "active p1 at +5s",
                              "active p0 at +5s",
                          });
  }
  SUBCASE("v1.37: the flush re-checks it 5 minutes on, then every 5") {
    // flushUnschedulableEntitiesLeftover (#139162): the first flush more
    // than 5 minutes after it failed finds it still preempting and sets its
    // flush time; the next is more than 5 minutes after that one.
    QueueRun run({0, 0});
    gate(run);
    run.clock().Advance(325'000);  // +330 s
    run.FireDue();
    CHECK(run.PopAll().empty());
    run.queue().FinishPreemption(0);
    CHECK(run.PopWhenReady() == "p0 at +660s");
    CHECK(run.Events() == std::vector<std::string>{
                              "unschedulable p0 at +0s",
                              "unschedulable p1 at +0s",
                              "gated p0 at +5s",
                              "active p1 at +5s",
                              "flush p0 at +660s",
                          });
  }
}

TEST_CASE(
    "SchedulingQueue: a pending pod's nomination changing moves the pods of "
    "lower or equal priority it may help") {
  // updatePodInSchedulingQueue: EventAssignedPodDelete with the pod as it
  // was (nominated), getLEPriorityPreCheck of its priority.
  QueueRun run({10, 100, 50, 50});
  run.queue().AddUnschedulable(0, 1, kRejectsFit);
  run.queue().AddUnschedulable(1, 1, kRejectsFit);
  run.queue().AddUnschedulable(2, 1, kRejectsFit);
  run.clock().Advance(5'000);
  SUBCASE("its own, after its failed cycle: itself too; no change to flush") {
    run.queue().OwnNominationChanged(2);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{2, 0});
    // p1 (priority 100) stays, and nothing changed for it since it failed.
    CHECK(run.PopWhenReady() == "none");
  }
  SUBCASE("another pod's, cleared by a preemption: a change") {
    run.Send(ClusterEvent::kNominationChanged, 3);
    CHECK(run.PopAll() == std::vector<ObjectIndex>{2, 0});
    CHECK(run.PopWhenReady() == "p1 at +330s");
  }
}

TEST_CASE(
    "SchedulingQueue: pods of equal priority that failed at the same moment "
    "pop in the order they failed, whichever event moved them") {
  // Upstream's activeQ orders by priority, then QueuedPodInfo.Timestamp,
  // which the failure set (a step apart on the fake clock); the moves do
  // not change it.
  QueueRun run({0, 0, 0, 0});
  run.pod(0).host_ports = {{.ip = "", .protocol = "TCP", .port = 8080}};
  run.pod(1).host_ports = run.pod(0).host_ports;
  run.pod(3).host_ports = run.pod(0).host_ports;  // bound, never queued
  run.queue().AddUnschedulable(0, 1, kRejectsPorts);
  run.queue().AddUnschedulable(1, 1, kRejectsPorts);
  run.queue().AddUnschedulable(2, 1, kRejectsFit);
  run.clock().Advance(5'000);
  run.Send(ClusterEvent::kAssignedPodDelete);     // moves p2 (Fit)
  run.Send(ClusterEvent::kAssignedPodDelete, 3);  // moves p0, p1 (ports)
  CHECK(run.PopAll() == std::vector<ObjectIndex>{0, 1, 2});
}

TEST_CASE(
    "SchedulingQueue: the pool's flush retries a pod that waited past the "
    "timeout, once the cluster changed") {
  // The current release's timeout is 5 min; the flush ticks every 30 s.
  QueueRun run({0});
  run.queue().AddUnschedulable(0, 1, kRejectsOther);
  SUBCASE("an event that helps no plugin of its rejectors") {
    run.Send(ClusterEvent::kAssignedPodAdd);
    CHECK(run.PopWhenReady() == "p0 at +330s");
    CHECK(run.Events().back() == "flush p0 at +330s");
  }
  SUBCASE("nothing changed: the pod stays until something does") {
    CHECK(run.PopWhenReady() == "none");
    CHECK(run.clock().now() == kStart + 330'000);
    run.Send(ClusterEvent::kAssignedPodAdd);
    CHECK(run.PopWhenReady() == "p0 at +360s");
  }
}

TEST_CASE(
    "SchedulingQueue: a pod back in the pool waits out its own timeout, not "
    "its earlier stay's") {
  QueueRun run({0});
  run.queue().AddUnschedulable(0, 1, kRejectsFit);  // the flush: +330 s
  run.clock().Advance(40'000);
  run.Send(ClusterEvent::kAssignedPodDelete);
  CHECK(run.PopAll() == std::vector<ObjectIndex>{0});
  run.queue().AddUnschedulable(0, 2, kRejectsFit);  // the flush: +360 s
  run.Send(ClusterEvent::kAssignedPodAdd);
  CHECK(run.PopWhenReady() == "p0 at +360s");
}

TEST_CASE("SchedulingQueue: a deleted pod leaves whichever queue holds it") {
  QueueRun run({0, 0, 0});
  run.queue().Add(0, kStart);
  run.queue().AddUnschedulable(1, 1, kRejectsFit);
  run.queue().AddAt(2, kStart + 1'000);
  for (ObjectIndex p : {0, 1, 2}) run.queue().Delete(p);
  CHECK_FALSE(run.queue().Contains(1));
  run.clock().Advance(5'000);
  run.Send(ClusterEvent::kAssignedPodDelete);
  CHECK(run.PopWhenReady() == "none");
}

}  // namespace podsim
