package main

// What the run level (run.go) needs from the API server and the kubelet, which the fake clientset
// does not do by itself: binding (pods/binding sets spec.nodeName), graceful deletion (a bound pod
// keeps running with a deletionTimestamp until its grace period ends on the fake clock, then the
// run removes it), and resource versions (the fake tracker sets none, and the scheduler ignores an
// update of a pending pod whose resourceVersion did not change, such as a cleared nomination).
//
// It also holds the client the scheduler is given in run mode: the fake clientset, except that a
// call made beside the scheduling cycle (the binding goroutine, asynchronous preemption) waits at a
// gate until the run lets it through, one at a time, each one's events handled before the next. In
// a real cluster each call takes a round trip to the API server; this is that order, made
// deterministic.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	clienttesting "k8s.io/client-go/testing"
)

var podsResource = v1.SchemeGroupVersion.WithResource("pods")

// defaultGracePeriod is what the API server gives a pod without terminationGracePeriodSeconds.
const defaultGracePeriod = 30

// client is the clientset scheduler.New gets: the fake one at the decision level (whose writes
// the reactors drop), the gated one at the run level.
func (c *Cluster) client() kubernetes.Interface {
	if c.decision {
		return c.cs
	}
	return gatedClient{c.cs, c.run}
}

// addRunReactors applies the scheduler's writes at the run level.
func (c *Cluster) addRunReactors() {
	c.run = newRunState(c)
	r := c.run
	c.cs.PrependReactor("create", "pods", func(action clienttesting.Action) (bool, runtime.Object, error) {
		if action.GetSubresource() != "binding" {
			return false, nil, nil
		}
		return r.bind(action.(clienttesting.CreateAction))
	})
}

// bind is the API server's pods/binding: the pod gets its node and PodScheduled.
func (r *runState) bind(action clienttesting.CreateAction) (bool, runtime.Object, error) {
	binding := action.GetObject().(*v1.Binding)
	obj, err := r.c.cs.Tracker().Get(podsResource, binding.Namespace, binding.Name)
	if err != nil {
		return true, nil, err
	}
	pod := obj.(*v1.Pod).DeepCopy()
	pod.Spec.NodeName = binding.Target.Name
	pod.Status.NominatedNodeName = "" // ClearingNominatedNodeNameAfterBinding (beta, on in v1.35)
	if r.ctl != nil {
		running(pod, r.moment)
	}
	setCondition(&pod.Status, v1.PodCondition{Type: v1.PodScheduled, Status: v1.ConditionTrue,
		LastTransitionTime: metav1.NewTime(r.moment)})
	if err := r.c.cs.Tracker().Update(podsResource, pod, pod.Namespace); err != nil {
		return true, nil, err
	}
	r.mu.Lock()
	r.boundBy[key(pod.Namespace, pod.Name)] = pod.Spec.NodeName
	r.changes++
	r.mu.Unlock()
	return true, binding, nil
}

func setCondition(status *v1.PodStatus, cond v1.PodCondition) {
	for i := range status.Conditions {
		if status.Conditions[i].Type == cond.Type {
			status.Conditions[i] = cond
			return
		}
	}
	status.Conditions = append(status.Conditions, cond)
}

// deleted is the API server and the kubelet on a pod's deletion: a pod bound to a node is marked
// with its deadline (now + its grace period) and leaves when the run's clock reaches it; a pending
// pod, or one with no grace period and no finalizer, goes at once. A second deletion of a terminating pod changes
// nothing.
func (r *runState) deleted(action clienttesting.DeleteActionImpl) (bool, runtime.Object, error) {
	obj, err := r.c.cs.Tracker().Get(podsResource, action.GetNamespace(), action.GetName())
	if err != nil {
		return false, nil, nil // the default reaction answers NotFound
	}
	pod := obj.(*v1.Pod)
	if r.isBarrier(pod) {
		return false, nil, nil
	}
	if r.ctl != nil && pod.DeletionTimestamp == nil {
		r.ctl.noteDeleted(key(pod.Namespace, pod.Name))
	}
	if pod.Spec.NodeName == "" {
		return r.deletedPending(pod)
	}
	if pod.DeletionTimestamp != nil {
		return true, pod, nil
	}
	grace := int64(defaultGracePeriod)
	if g := action.DeleteOptions.GracePeriodSeconds; g != nil {
		grace = *g
	} else if g := pod.Spec.TerminationGracePeriodSeconds; g != nil {
		grace = *g
	}
	r.mu.Lock()
	r.changes++
	r.mu.Unlock()
	if grace <= 0 && (r.ctl == nil || len(pod.Finalizers) == 0) {
		return false, nil, nil
	}
	// With no grace period but a finalizer (a Job's pod), the API server keeps the pod, marked,
	// and its kubelet ends it at once: it leaves at this moment, through terminated and sweep.
	pod = pod.DeepCopy()
	deadline := metav1.NewTime(r.moment.Add(time.Duration(grace) * time.Second))
	pod.DeletionTimestamp = &deadline
	pod.DeletionGracePeriodSeconds = &grace
	if err := r.c.cs.Tracker().Update(podsResource, pod, pod.Namespace); err != nil {
		return true, nil, err
	}
	r.mu.Lock()
	r.removals = append(r.removals, removal{pod: key(pod.Namespace, pod.Name), at: deadline.Time})
	r.mu.Unlock()
	return true, pod, nil
}

// patched notes a preemption's clearing of a lower-priority pod's nomination; the default
// reaction applies the patch.
func (r *runState) patched(patch clienttesting.PatchAction) (bool, runtime.Object, error) {
	if patch.GetSubresource() != "status" {
		return false, nil, nil
	}
	var body struct {
		Status map[string]json.RawMessage `json:"status"`
	}
	if json.Unmarshal(patch.GetPatch(), &body) != nil {
		return false, nil, nil
	}
	nnn, ok := body.Status["nominatedNodeName"]
	if !ok || (string(nnn) != "null" && string(nnn) != `""`) {
		return false, nil, nil
	}
	name := key(patch.GetNamespace(), patch.GetName())
	r.mu.Lock()
	own := name == r.popped
	if !own {
		r.changes++
	}
	r.mu.Unlock()
	if !own {
		r.c.mu.Lock()
		r.c.cleared = append(r.c.cleared, name)
		r.c.mu.Unlock()
	}
	return false, nil, nil
}

// stampedWatch gives every object a watch delivers a new resourceVersion, as the API server does.
type stampedWatch struct {
	inner watch.Interface
	out   chan watch.Event
	done  chan struct{}
	once  sync.Once
}

func newStampedWatch(inner watch.Interface, counter *atomic.Int64) watch.Interface {
	w := &stampedWatch{inner: inner, out: make(chan watch.Event), done: make(chan struct{})}
	go func() {
		defer close(w.out)
		for ev := range inner.ResultChan() {
			if ev.Object != nil {
				if _, err := meta.Accessor(ev.Object); err == nil {
					ev.Object = ev.Object.DeepCopyObject()
					m, _ := meta.Accessor(ev.Object)
					m.SetResourceVersion(strconv.FormatInt(counter.Add(1), 10))
				}
			}
			select {
			case w.out <- ev:
			case <-w.done:
				return
			}
		}
	}()
	return w
}

func (w *stampedWatch) ResultChan() <-chan watch.Event { return w.out }

func (w *stampedWatch) Stop() {
	w.once.Do(func() { close(w.done) })
	w.inner.Stop()
}

// gate holds the calls made beside the scheduling cycle until the run lets them through.
type gate struct {
	mu      sync.Mutex
	cond    *sync.Cond
	cycle   bool   // Scheduler.ScheduleOne is running
	popped  string // the pod it popped: its own calls (the failure handler's status patch) pass
	waiting []chan struct{}
	busy    int
}

func newGate() *gate {
	g := &gate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// enter waits until the call on pod may go ahead; the returned function ends the call.
func (g *gate) enter(pod string) func() {
	g.mu.Lock()
	if g.cycle && pod == g.popped {
		g.busy++
		g.mu.Unlock()
		return g.leave
	}
	ch := make(chan struct{})
	g.waiting = append(g.waiting, ch)
	g.cond.Broadcast()
	g.mu.Unlock()
	<-ch
	return g.leave
}

func (g *gate) leave() {
	g.mu.Lock()
	g.busy--
	g.cond.Broadcast()
	g.mu.Unlock()
}

func (g *gate) setCycle(running bool, popped string) {
	g.mu.Lock()
	g.cycle, g.popped = running, popped
	g.mu.Unlock()
}

func (g *gate) setPopped(popped string) {
	g.mu.Lock()
	g.popped = popped
	g.mu.Unlock()
}

// grant lets the oldest waiting call through and waits until every call has returned. It says
// whether a call was waiting.
func (g *gate) grant() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.busy > 0 {
		g.cond.Wait()
	}
	if len(g.waiting) == 0 {
		return false
	}
	ch := g.waiting[0]
	g.waiting = g.waiting[1:]
	g.busy++
	close(ch)
	for g.busy > 0 {
		g.cond.Wait()
	}
	return true
}

func (g *gate) idle() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.busy == 0 && len(g.waiting) == 0
}

// gatedClient is the fake clientset whose pod writes pass the gate.
type gatedClient struct {
	kubernetes.Interface
	r *runState
}

func (g gatedClient) CoreV1() corev1client.CoreV1Interface {
	return gatedCore{g.Interface.CoreV1(), g.r}
}

type gatedCore struct {
	corev1client.CoreV1Interface
	r *runState
}

func (g gatedCore) Pods(namespace string) corev1client.PodInterface {
	return gatedPods{g.CoreV1Interface.Pods(namespace), namespace, g.r}
}

type gatedPods struct {
	corev1client.PodInterface
	namespace string
	r         *runState
}

func (p gatedPods) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	defer p.r.gate.enter(key(p.namespace, name))()
	return traced("delete "+name, p.PodInterface.Delete(ctx, name, opts))
}

func (p gatedPods) Patch(ctx context.Context, name string, pt types.PatchType, data []byte,
	opts metav1.PatchOptions, subresources ...string) (*v1.Pod, error) {
	defer p.r.gate.enter(key(p.namespace, name))()
	pod, err := p.PodInterface.Patch(ctx, name, pt, data, opts, subresources...)
	return pod, traced("patch "+name+" "+string(data), err)
}

func (p gatedPods) Update(ctx context.Context, pod *v1.Pod, opts metav1.UpdateOptions) (*v1.Pod, error) {
	defer p.r.gate.enter(key(p.namespace, pod.Name))()
	return p.PodInterface.Update(ctx, pod, opts)
}

func (p gatedPods) UpdateStatus(ctx context.Context, pod *v1.Pod, opts metav1.UpdateOptions) (*v1.Pod, error) {
	defer p.r.gate.enter(key(p.namespace, pod.Name))()
	return p.PodInterface.UpdateStatus(ctx, pod, opts)
}

func (p gatedPods) Bind(ctx context.Context, binding *v1.Binding, opts metav1.CreateOptions) error {
	defer p.r.gate.enter(key(p.namespace, binding.Name))()
	return traced("bind "+binding.Name, p.PodInterface.Bind(ctx, binding, opts))
}

// traced prints a failed call on standard error (ORACLE_TRACE=1): the scheduler's own log is off.
func traced(call string, err error) error {
	if trace && err != nil {
		fmt.Fprintf(os.Stderr, "oracle: %s: %v\n", call, err)
	}
	return err
}

// deletedPending: a pending pod goes at once, unless a finalizer holds it (a Job's pod, with the
// controllers on): then it is marked and goes when the finalizer is removed (controllers.go, sweep).
func (r *runState) deletedPending(pod *v1.Pod) (bool, runtime.Object, error) {
	if r.ctl == nil || len(pod.Finalizers) == 0 {
		return false, nil, nil
	}
	if pod.DeletionTimestamp != nil {
		return true, pod, nil
	}
	pod = pod.DeepCopy()
	now := metav1.NewTime(r.moment)
	pod.DeletionTimestamp = &now
	if err := r.c.cs.Tracker().Update(podsResource, pod, pod.Namespace); err != nil {
		return true, nil, err
	}
	return true, pod, nil
}
