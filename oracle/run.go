package main

// The run level: every pending pod through upstream's real scheduling queue and
// Scheduler.ScheduleOne on the fake clock, until the queue settles, as podsim's `run` does with
// its controllers off (docs/time.md). With --controllers, kube-controller-manager's workload
// controllers run beside it, synced at each moment something changed (controllers.go), as
// podsim's `run` with its controllers on.
//
//   - Arrivals. A pod to schedule is created in the fake API when the clock reaches its
//     creationTimestamp (one without it: a millisecond after the latest one), so that the queue
//     stamps it then. Pods created at the same second arrive in input order. Pods created before
//     the start are created first, each at its own time; then the clock moves to the start:
//     podsim's, the latest creationTimestamp of the nodes and budgets and the latest
//     creationTimestamp or startTime of the bound pods.
//   - Cycles take no time: while activeQ or backoffQ holds a pod, ScheduleOne runs (Pop takes
//     from backoffQ when activeQ is empty, SchedulerPopFromBackoffQ). After each one the run waits
//     for what it started beside itself: the binding goroutine, the asynchronous preemption's API
//     calls (let through one at a time, kubelet.go), and the informers' delivery of every write to
//     the cache and the queue (a barrier pod through the same handler).
//   - When both queues are empty the clock moves to the next thing that happens: an arrival, a
//     terminating pod's departure (the kubelet's end of its grace period, kubelet.go), or a flush
//     of the unschedulable pool that moves a pod. PriorityQueue.Run is not called: its two timers
//     run on their own goroutines, so the run calls the flushes itself (go:linkname, below) at the
//     moments they would run: flushBackoffQCompleted on every whole second the clock stops at (the
//     backoffQ's ordering windows; as the clock only moves when Pop has nothing to give, it only
//     ever moves podErrorBackoffQ's pods, below), flushUnschedulablePodsLeftover every 30 s from
//     the start.
//   - The stopping rule is podsim's: a flush only retries a pod when the cluster changed since it
//     last failed (a pod was bound, started terminating or left, or a preemption cleared a
//     nomination), since otherwise it would fail the same way forever. A flush that would move
//     only unchanged pods is skipped; one that would move some of them moves only the others (with
//     PriorityQueue.Activate, which puts them where the flush would: their backoff is long over);
//     the run ends when nothing is left that can change. As in podsim, it also stops after 8
//     attempts per pod to schedule.
//   - A pod that failed with an error rather than a plugin's rejection (ErrNoNodesAvailable)
//     waits in podErrorBackoffQ, which Pop does not take from; flushBackoffQCompleted moves it to
//     activeQ at the first whole second after its backoff, again only if the cluster changed.
//   - Upstream's random choices (the preemption's candidate offset and node order, its final tie
//     among candidates) follow podsim's rule, and the attempt lists upstream's other answers
//     (choices.go).

import (
	"context"
	"fmt"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

const (
	flushPeriod          = 30 * time.Second // PriorityQueue.Run's period for the leftover flush
	unschedulableTimeout = 5 * time.Minute  // DefaultPodMaxInUnschedulablePodsDuration
	attemptsPerPod       = 8                // podsim's safety cap
	barrierNamespace     = "podsim-oracle-barrier"
	settleTimeout        = time.Minute
)

// trace prints each attempt's time on standard error (ORACLE_TRACE=1).
var trace = os.Getenv("ORACLE_TRACE") != ""

type removal struct {
	pod string
	at  time.Time
}

type arrival struct {
	pod *v1.Pod
	at  time.Time
}

// failure is what the scheduler's FailureHandler was given for the cycle's pod.
type failure struct {
	status     *fwk.Status
	nominating *fwk.NominatingInfo
}

// runState is the run level's side of the cluster: the hooks' records and the clock's plan.
type runState struct {
	c               *Cluster
	pq              *queue.PriorityQueue
	gate            *gate
	resourceVersion atomic.Int64
	logger          klog.Logger
	schedulerName   string

	mu            sync.Mutex // the fields below are written on the scheduler's goroutines
	popped        string
	poppedPod     *v1.Pod
	failure       *failure
	alternatives  []string          // the nodes upstream could have chosen (choices.go)
	dryRuns       map[string]Answer // SelectVictimsOnNode's answers this cycle, by node (choices.go)
	numCandidates int32             // the candidates upstream's dry run wants (choices.go)
	boundBy       map[string]string
	removals      []removal
	changes       int
	barriers      map[string]chan struct{}
	barrierSeq    int

	seen      map[string]int // changes when the pod last failed
	start     time.Time
	moment    time.Time // the run's time; the fake clock is a few nanoseconds on (see step)
	sub       int       // the steps taken at this moment
	arrivals  []arrival
	arrived   int
	lastFlush time.Time
	eventsAt  int

	victimNames []string     // every victim of the run (final)
	ctl         *controllers // the workload controllers (--controllers, controllers.go), or nil
}

func newRunState(c *Cluster) *runState {
	return &runState{c: c, gate: newGate(), logger: klog.Background(), boundBy: map[string]string{},
		barriers: map[string]chan struct{}{}, seen: map[string]int{}, dryRuns: map[string]Answer{}}
}

// heldBack says whether the run level creates the pod when it arrives: a pod to schedule.
func (c *Cluster) heldBack(p *v1.Pod) bool {
	if c.decision || p.Spec.NodeName != "" || p.DeletionTimestamp != nil ||
		p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
		return false
	}
	if c.input.Config == nil {
		return p.Spec.SchedulerName == v1.DefaultSchedulerName
	}
	for _, profile := range c.input.Config.Profiles {
		if profile.SchedulerName == p.Spec.SchedulerName {
			return true
		}
	}
	return false
}

// Run is the run level.
func (c *Cluster) Run() ([]Attempt, *Final, error) {
	r := c.run
	if err := r.hook(); err != nil {
		return nil, nil, err
	}
	r.plan()
	if withControllers {
		if err := c.startControllers(); err != nil {
			return nil, nil, err
		}
	}
	for r.arrived < len(r.arrivals) && !r.arrivals[r.arrived].at.After(r.start) {
		if err := r.arrive(); err != nil {
			return nil, nil, err
		}
	}
	r.setMoment(r.start)
	var attempts []Attempt
	for {
		if err := r.fireDue(); err != nil {
			return nil, nil, err
		}
		if err := r.reconcile(); err != nil {
			return nil, nil, err
		}
		if !r.poppable() {
			next, ok := r.nextMoment()
			if !ok {
				break
			}
			r.setMoment(next)
			continue
		}
		if len(attempts) >= r.limit() {
			break
		}
		attempt, ok, err := r.scheduleOne()
		if err != nil {
			return nil, nil, err
		}
		if ok {
			attempts = append(attempts, attempt)
			if trace {
				fmt.Fprintf(os.Stderr, "%s +%v %s %s %s %v %v\n", r.moment.Format(time.RFC3339), r.moment.Sub(r.start),
					attempt.Pod, attempt.Outcome, attempt.Node, attempt.Victims, r.dryRuns)
			}
		}
	}
	return attempts, r.final(attempts), nil
}

// limit is podsim's safety cap on attempts: 8 per pod to schedule, and 8 more per pod created.
func (r *runState) limit() int {
	created := 0
	if r.ctl != nil {
		created = len(r.ctl.createdPods())
	}
	return attemptsPerPod * (len(r.arrivals) + 1 + created)
}

// reconcile runs the controllers at the moment, if they are on.
func (r *runState) reconcile() error {
	if r.ctl == nil {
		return nil
	}
	return r.ctl.reconcile()
}

// workloads is the controllers' part of the result, if they ran.
func (c *Cluster) workloads() any {
	r := c.run
	if r == nil || r.ctl == nil {
		return nil
	}
	victims := map[string]bool{}
	for _, name := range r.victimNames {
		victims[name] = true
	}
	return r.ctl.result(victims)
}

// hook wraps the scheduler's replaceable parts to observe each cycle.
func (r *runState) hook() error {
	s := r.c.sched
	pq, ok := s.SchedulingQueue.(*queue.PriorityQueue)
	if !ok {
		return fmt.Errorf("the scheduler's queue is a %T, not upstream's PriorityQueue", s.SchedulingQueue)
	}
	r.pq = pq
	s.SchedulingQueue = queueHook{pq, r}
	names := make([]string, 0, len(s.Profiles))
	for name := range s.Profiles {
		names = append(names, name)
	}
	sort.Strings(names)
	r.schedulerName = names[0]

	r.hookPop(s)
	handle := s.FailureHandler
	s.FailureHandler = func(ctx context.Context, f framework.Framework, info *framework.QueuedPodInfo,
		status *fwk.Status, nominating *fwk.NominatingInfo, start time.Time) {
		r.mu.Lock()
		r.failure = &failure{status: status, nominating: nominating}
		r.mu.Unlock()
		handle(ctx, f, info, status, nominating, start)
	}
	return nil
}

// queueHook is the scheduler's queue, except that the barrier pods stop at it (its Add, Update
// and Delete are in each release's run_release.go: their arguments differ).
type queueHook struct {
	*queue.PriorityQueue
	r *runState
}

// popped records the pod the scheduler's queue gave the cycle (each release's hookPop).
func (r *runState) setPopped(pod *v1.Pod) {
	name := key(pod.Namespace, pod.Name)
	r.mu.Lock()
	r.popped, r.poppedPod = name, pod
	r.mu.Unlock()
	r.gate.setPopped(name)
}

func (r *runState) isBarrier(pod *v1.Pod) bool { return pod.Namespace == barrierNamespace }

func (r *runState) barrierArrived(pod *v1.Pod) bool {
	if !r.isBarrier(pod) {
		return false
	}
	r.mu.Lock()
	ch := r.barriers[pod.Name]
	delete(r.barriers, pod.Name)
	r.mu.Unlock()
	if ch != nil {
		close(ch)
	}
	return true
}

// settle waits until the scheduler's pod handler has handled every write made so far: it
// handles one event at a time, in order, so a barrier pod created now reaches the queue after
// them.
func (r *runState) settle() error {
	r.mu.Lock()
	r.barrierSeq++
	name := fmt.Sprintf("barrier-%d", r.barrierSeq)
	ch := make(chan struct{})
	r.barriers[name] = ch
	r.mu.Unlock()
	pod := &v1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: barrierNamespace, UID: types.UID(barrierNamespace + "-" + name)},
		Spec: v1.PodSpec{SchedulerName: r.schedulerName,
			Containers: []v1.Container{{Name: "barrier", Image: "barrier"}}},
	}
	if err := r.c.cs.Tracker().Create(podsResource, pod, barrierNamespace); err != nil {
		return err
	}
	select {
	case <-ch:
	case <-time.After(settleTimeout):
		return fmt.Errorf("the scheduler's pod handler did not handle the barrier pod %s", name)
	}
	return r.c.cs.Tracker().Delete(podsResource, barrierNamespace, name)
}

// plan lists the arrivals and the terminating input pods' departures, and finds the start.
func (r *runState) plan() {
	c := r.c
	nodes := map[string]bool{}
	latest := time.Unix(0, 0).UTC()
	later := func(t metav1.Time) {
		if !t.IsZero() && t.Time.After(latest) {
			latest = t.Time
		}
	}
	for _, n := range c.input.Nodes {
		nodes[n.Name] = true
		later(n.CreationTimestamp)
	}
	for _, pdb := range c.input.PDBs {
		later(pdb.CreationTimestamp)
	}
	latestCreated := time.Unix(0, 0).UTC()
	for _, p := range c.pods {
		if c.heldBack(p) {
			r.arrivals = append(r.arrivals, arrival{pod: p, at: p.CreationTimestamp.Time})
			if p.CreationTimestamp.Time.After(latestCreated) {
				latestCreated = p.CreationTimestamp.Time
			}
			continue
		}
		if p.Spec.NodeName == "" || !nodes[p.Spec.NodeName] {
			continue
		}
		later(p.CreationTimestamp)
		if p.Status.StartTime != nil {
			later(*p.Status.StartTime)
		}
	}
	r.start = latest
	for i := range r.arrivals {
		if r.arrivals[i].pod.CreationTimestamp.IsZero() {
			r.arrivals[i].at = latestCreated.Add(time.Millisecond)
		}
	}
	sort.SliceStable(r.arrivals, func(i, j int) bool { return r.arrivals[i].at.Before(r.arrivals[j].at) })
	for _, p := range c.pods {
		if p.DeletionTimestamp != nil && p.Spec.NodeName != "" && nodes[p.Spec.NodeName] {
			// Overdue at the start: its kubelet is late, it leaves a second after.
			at := p.DeletionTimestamp.Time
			if earliest := r.start.Add(time.Second); at.Before(earliest) {
				at = earliest
			}
			r.removals = append(r.removals, removal{pod: key(p.Namespace, p.Name), at: at})
		}
	}
}

// arrive creates the next arrivals that share a time, each a step after the one before (so that
// in the queue pods created at the same second keep their input order, as in podsim).
func (r *runState) arrive() error {
	at := r.arrivals[r.arrived].at
	if !at.Equal(r.moment) {
		r.setMoment(at)
	}
	for r.arrived < len(r.arrivals) && r.arrivals[r.arrived].at.Equal(at) {
		pod := r.arrivals[r.arrived].pod.DeepCopy()
		r.arrived++
		if pod.UID == "" {
			pod.UID = types.UID("podsim-oracle-" + pod.Namespace + "-" + pod.Name) // the API server's
		}
		r.step()
		if err := r.c.cs.Tracker().Create(podsResource, pod, pod.Namespace); err != nil {
			return err
		}
		if err := r.settle(); err != nil {
			return err
		}
	}
	return nil
}

// setMoment moves the run's time (and the fake clock) to t.
func (r *runState) setMoment(t time.Time) {
	r.moment, r.sub = t, 0
	r.c.clock.SetTime(t)
}

// step puts the fake clock a nanosecond after the previous step at this moment. Cycles take no
// time in the run (as in podsim), but the queue orders pods of equal priority by the time they
// were queued or failed, and its heap leaves equal times in no particular order: in a real
// cluster no two of those times are equal, and they come in the order things happened.
// Everything the run times itself (departures, flushes) is on the moment, not the step.
func (r *runState) step() {
	r.sub++
	r.c.clock.SetTime(r.moment.Add(time.Duration(r.sub)))
}

// fireDue does what is due at the clock's time: arrivals, departures, the flushes.
func (r *runState) fireDue() error {
	now := r.moment
	r.c.clock.SetTime(now)
	for {
		r.mu.Lock()
		sort.SliceStable(r.removals, func(i, j int) bool { return r.removals[i].at.Before(r.removals[j].at) })
		if len(r.removals) == 0 || r.removals[0].at.After(now) {
			r.mu.Unlock()
			break
		}
		gone := r.removals[0]
		r.removals = r.removals[1:]
		r.changes++
		r.mu.Unlock()
		ns, name := splitKey(gone.pod)
		if r.ctl == nil || !r.ctl.terminated(ns, name) {
			if err := r.c.cs.Tracker().Delete(podsResource, ns, name); err != nil {
				return err
			}
		}
		if err := r.settle(); err != nil {
			return err
		}
	}
	if now.Equal(now.Truncate(time.Second)) {
		r.flushBackoff(now)
	}
	if now.Sub(r.start)%flushPeriod == 0 && !now.Equal(r.lastFlush) {
		r.lastFlush = now
		r.flush(now)
	}
	for r.arrived < len(r.arrivals) && !r.arrivals[r.arrived].at.After(now) {
		if err := r.arrive(); err != nil {
			return err
		}
	}
	return nil
}

func splitKey(k string) (string, string) {
	for i := 0; i < len(k); i++ {
		if k[i] == '/' {
			return k[:i], k[i+1:]
		}
	}
	return "", k
}

// flushBackoff is flushBackoffQCompleted under podsim's stopping rule. It only ever finds pods of
// podErrorBackoffQ whose backoff is over (see poppable): those the cluster changed for move to
// activeQ.
func (r *runState) flushBackoff(now time.Time) {
	done := 0
	changed := map[string]*v1.Pod{}
	for _, pod := range r.pq.PodsInBackoffQ() {
		info, ok := r.queued(pod)
		if !ok || !info.BackoffExpiration.Before(now) {
			continue
		}
		done++
		if r.changedSince(pod) {
			changed[key(pod.Namespace, pod.Name)] = pod
		}
	}
	switch {
	case len(changed) == 0:
	case len(changed) == done:
		flushBackoffQCompleted(r.pq, r.logger)
	default:
		r.pq.Activate(r.logger, changed)
	}
}

// flush is flushUnschedulablePodsLeftover under podsim's stopping rule (see the top).
func (r *runState) flush(now time.Time) {
	due := 0
	changed := map[string]*v1.Pod{}
	for _, pod := range r.pq.UnschedulablePods() {
		info, ok := r.queued(pod)
		// A gated pod (DefaultPreemption's PreEnqueue) does not match the flush's event up to
		// v1.36 (movePodsToActiveOrBackoffQueue), and Activate would move it all the same; from
		// v1.37 the flush re-checks it whatever changed (flushMovesGated).
		if !ok || (info.Gated() && !flushMovesGated) || now.Sub(lastFailed(info)) <= unschedulableTimeout {
			continue
		}
		due++
		if info.Gated() || r.changedSince(pod) {
			changed[key(pod.Namespace, pod.Name)] = pod
		}
	}
	switch {
	case len(changed) == 0:
	case len(changed) == due:
		flushUnschedulablePodsLeftover(r.pq, r.logger)
	default:
		r.pq.Activate(r.logger, changed)
	}
}

func (r *runState) changedSince(pod *v1.Pod) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.changes > r.seen[key(pod.Namespace, pod.Name)]
}

// poppable says whether Pop has a pod to give: one in activeQ, or one in backoffQ's podBackoffQ
// (SchedulerPopFromBackoffQ). A pod that failed with an error rather than a plugin's rejection
// (ErrNoNodesAvailable, an API error) waits in podErrorBackoffQ, which Pop does not take from:
// only flushBackoffQCompleted moves it on, once its backoff is over.
func (r *runState) poppable() bool {
	if len(r.pq.PodsInActiveQ()) > 0 {
		return true
	}
	for _, pod := range r.pq.PodsInBackoffQ() {
		if info, ok := r.queued(pod); ok && !erred(info) {
			return true
		}
	}
	return false
}

// erred says whether the queue holds the pod in podErrorBackoffQ (no plugin rejected it).
func erred(info *framework.QueuedPodInfo) bool {
	return len(info.UnschedulablePlugins) == 0 && len(info.PendingPlugins) == 0
}

// nextMoment is the next time something happens, if anything can.
func (r *runState) nextMoment() (time.Time, bool) {
	now := r.moment
	var best time.Time
	found := false
	consider := func(t time.Time) {
		if t.After(now) && (!found || t.Before(best)) {
			best, found = t, true
		}
	}
	if r.arrived < len(r.arrivals) {
		consider(r.arrivals[r.arrived].at)
	}
	if r.ctl != nil {
		for _, t := range r.ctl.jobBackoffEnds(now) {
			consider(t)
		}
	}
	r.mu.Lock()
	for _, gone := range r.removals {
		consider(gone.at)
	}
	r.mu.Unlock()
	for _, pod := range r.pq.PodsInBackoffQ() {
		// A pod in podErrorBackoffQ leaves it at the first whole second after its backoff (the
		// expiry is aligned to the second), if the cluster changed since it failed.
		if info, ok := r.queued(pod); ok && erred(info) && r.changedSince(pod) {
			consider(info.BackoffExpiration.Add(time.Second))
		}
	}
	for _, pod := range r.pq.UnschedulablePods() {
		info, ok := r.queued(pod)
		if !ok {
			continue
		}
		if info.Gated() && !flushMovesGated || !info.Gated() && !r.changedSince(pod) {
			continue // see flush
		}
		// The first flush more than the timeout after it failed, and after now.
		from := lastFailed(info).Add(unschedulableTimeout)
		if now.After(from) {
			from = now
		}
		ticks := from.Sub(r.start)/flushPeriod + 1
		consider(r.start.Add(ticks * flushPeriod))
	}
	return best, found
}

// scheduleOne runs one ScheduleOne and waits for everything it started. It says whether the
// pod popped was attempted (a pod being deleted is popped and skipped).
func (r *runState) scheduleOne() (Attempt, bool, error) {
	c := r.c
	r.mu.Lock()
	r.popped, r.poppedPod, r.failure, r.alternatives = "", nil, nil, nil
	r.dryRuns = map[string]Answer{}
	r.mu.Unlock()
	c.mu.Lock()
	r.eventsAt = len(c.events)
	c.mu.Unlock()
	r.gate.setCycle(true, "")
	r.step()
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.sched.ScheduleOne(c.ctx)
	}()
	select {
	case <-done:
	case <-time.After(settleTimeout):
		r.pq.Close() // Pop waited for a pod poppable() said was there: unblock it and give up
		return Attempt{}, false, fmt.Errorf("ScheduleOne did not return")
	}
	r.mu.Lock()
	pod, failed := r.poppedPod, r.failure != nil
	_, bound := r.boundBy[r.popped]
	r.mu.Unlock()
	r.gate.setCycle(false, "")
	if pod == nil {
		return Attempt{}, false, fmt.Errorf("ScheduleOne popped no pod")
	}
	name := key(pod.Namespace, pod.Name)
	assumed, _ := c.sched.Cache.IsAssumedPod(pod)
	binding := !failed && (assumed || bound || r.event(name, "Scheduled") != nil)
	if !failed && !binding {
		return Attempt{}, false, r.settle() // skipPodSchedule
	}
	if err := r.drain(pod); err != nil {
		return Attempt{}, false, err
	}
	if err := r.settle(); err != nil {
		return Attempt{}, false, err
	}
	return r.attempt(pod), true, nil
}

// drain lets the calls made beside the cycle through, one at a time, each one's events handled
// before the next, until the cycle's pod is bound or failed and its preemption is done.
func (r *runState) drain(pod *v1.Pod) error {
	name := key(pod.Namespace, pod.Name)
	deadline := time.Now().Add(settleTimeout)
	for {
		if r.gate.grant() {
			if err := r.settle(); err != nil {
				return err
			}
			continue
		}
		r.mu.Lock()
		failed := r.failure != nil
		r.mu.Unlock()
		decided := failed || r.event(name, "Scheduled") != nil
		if decided && !r.preempting(pod) && r.gate.idle() {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the cycle of %s did not finish", name)
		}
		time.Sleep(20 * time.Microsecond)
	}
}

func (r *runState) preempting(pod *v1.Pod) bool {
	for _, ev := range r.c.evaluators {
		if ev.IsPodRunningPreemption(pod.UID) {
			return true
		}
	}
	return false
}

// event is the last event with the reason for the pod since the cycle began.
func (r *runState) event(pod, reason string) *recordedEvent {
	r.c.mu.Lock()
	defer r.c.mu.Unlock()
	for i := len(r.c.events) - 1; i >= r.eventsAt; i-- {
		if e := r.c.events[i]; e.pod == pod && e.reason == reason {
			return &e
		}
	}
	return nil
}

// attempt is the settled cycle in podsim's terms.
func (r *runState) attempt(pod *v1.Pod) Attempt {
	c := r.c
	name := key(pod.Namespace, pod.Name)
	a := Attempt{Pod: name, Victims: []VictimRef{}, ClearedNominations: []string{}}
	r.mu.Lock()
	failure, node, alternatives, dryRuns := r.failure, r.boundBy[name], r.alternatives, r.dryRuns
	if failure != nil {
		r.seen[name] = r.changes
	}
	r.mu.Unlock()
	deleted, violations := c.takeVictims() // those PreemptPod deleted; the candidate's are below
	if failure == nil {
		a.Outcome, a.Node = "Scheduled", node
		if e := r.event(name, "Scheduled"); e != nil {
			a.Message = e.message
		}
	} else {
		a.Outcome = "Unschedulable"
		if failure.status.Code() == fwk.Error {
			a.Outcome = "Error"
		}
		if n := failure.nominating; n != nil && n.Mode() == fwk.ModeOverride && n.NominatedNodeName != "" {
			a.Outcome, a.Node = "Nominated", n.NominatedNodeName
		}
		if e := r.event(name, "FailedScheduling"); e != nil {
			a.Message = e.message
		} else {
			a.Message = truncate(failure.status.Message())
		}
	}
	if run, ok := dryRuns[a.Node]; ok && a.Outcome == "Nominated" {
		// The candidate's victims, as podsim lists them (those already terminating too).
		deleted, violations = run.Victims, run.PDBViolations
		if len(alternatives) > 1 {
			for _, n := range alternatives {
				a.Alternatives = append(a.Alternatives, dryRuns[n])
			}
		}
	}
	for _, v := range deleted {
		a.Victims = append(a.Victims, VictimRef{Pod: v})
	}
	a.PDBViolations = violations
	c.mu.Lock()
	a.ClearedNominations = append(a.ClearedNominations, c.cleared...)
	c.cleared = nil
	c.mu.Unlock()
	sort.Strings(a.ClearedNominations)
	return a
}

// final is the end state by the rule podsim's result is read with (tests/conformance/README.md):
// a pod bound in the input stays bound unless it was a victim, a pod the run bound is bound
// unless it was a victim later, every victim is deleted, and the pods to schedule that never got
// bound are pending.
func (r *runState) final(attempts []Attempt) *Final {
	c := r.c
	deleted := map[string]bool{}
	for _, a := range attempts {
		for _, v := range a.Victims {
			deleted[v.Pod] = true
		}
	}
	nodes := map[string]bool{}
	for _, n := range c.input.Nodes {
		nodes[n.Name] = true
	}
	f := &Final{Bound: map[string]string{}, Deleted: []string{}, Pending: []string{}}
	for _, p := range c.pods {
		if name := key(p.Namespace, p.Name); p.Spec.NodeName != "" && nodes[p.Spec.NodeName] && !deleted[name] {
			f.Bound[name] = p.Spec.NodeName
		}
	}
	r.mu.Lock()
	for name, node := range r.boundBy {
		if !deleted[name] {
			f.Bound[name] = node
		}
	}
	r.mu.Unlock()
	for name := range deleted {
		f.Deleted = append(f.Deleted, name)
		r.victimNames = append(r.victimNames, name)
	}
	sort.Strings(f.Deleted)
	for _, a := range r.arrivals {
		name := key(a.pod.Namespace, a.pod.Name)
		if _, ok := f.Bound[name]; !ok && !deleted[name] {
			f.Pending = append(f.Pending, name)
		}
	}
	if r.ctl != nil {
		for _, name := range r.ctl.createdPods() {
			if _, ok := f.Bound[name]; !ok && !deleted[name] {
				f.Pending = append(f.Pending, name)
			}
		}
	}
	sort.Strings(f.Pending)
	return f
}

// MoveAllToActiveOrBackoffQueue is upstream's; with ORACLE_TRACE it says what each event moved.
func (q queueHook) MoveAllToActiveOrBackoffQueue(logger klog.Logger, event fwk.ClusterEvent, oldObj, newObj interface{}, preCheck queue.PreEnqueueCheck) {
	if !trace {
		q.PriorityQueue.MoveAllToActiveOrBackoffQueue(logger, event, oldObj, newObj, preCheck)
		return
	}
	before := len(q.PriorityQueue.UnschedulablePods())
	q.PriorityQueue.MoveAllToActiveOrBackoffQueue(logger, event, oldObj, newObj, preCheck)
	name := ""
	if p, ok := oldObj.(*v1.Pod); ok {
		name = p.Name + " (nominated " + p.Status.NominatedNodeName + ")"
	}
	if p, ok := newObj.(*v1.Pod); ok {
		name += " -> " + p.Name + " (nominated " + p.Status.NominatedNodeName + ")"
	}
	fmt.Fprintf(os.Stderr, "   %s %s: unschedulable pool %d -> %d\n", event.Label(), name, before, len(q.PriorityQueue.UnschedulablePods()))
}
