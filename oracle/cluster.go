package main

// The cluster the real scheduler runs against: a fake clientset holding the scenario's objects
// (after priority admission, by upstream's admission plugin), the scheduler's own informer factory,
// and scheduler.New with the scenario's profile on a fake clock. The one change to upstream's
// wiring is DefaultPreemption's random candidate offset: the plugin is registered under another
// name (oraclePreemptionName) with an Evaluator whose Interface is upstream's plugin except for
// GetOffsetAndNumCandidates (every node is dry-run; choices.go works out the candidates upstream
// could stop at, from any offset). Its PreemptPod is upstream's, wrapped to record each victim.

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"sort"
	"sync"
	"time"

	v1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	configv1 "k8s.io/kube-scheduler/config/v1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	schedulingv1helpers "k8s.io/kubernetes/pkg/apis/scheduling/v1"
	"k8s.io/kubernetes/pkg/scheduler"
	schedulerapi "k8s.io/kubernetes/pkg/scheduler/apis/config"
	schedulerscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	frameworkruntime "k8s.io/kubernetes/pkg/scheduler/framework/runtime"
	priorityadmission "k8s.io/kubernetes/plugin/pkg/admission/priority"
	testingclock "k8s.io/utils/clock/testing"
)

const oraclePreemptionName = "OracleDefaultPreemption"

// Cluster is one scenario loaded into a fake API and a real scheduler.
type Cluster struct {
	ctx      context.Context
	cancel   context.CancelFunc
	cs       *fake.Clientset
	sched    *scheduler.Scheduler
	clock    *testingclock.FakeClock
	input    *Input
	pods     []*v1.Pod // admitted pods
	rejected map[string]string

	// decision: API writes are recorded, not applied (each cycle sees the input as it stands).
	decision bool

	mu      sync.Mutex
	watched map[string]bool // resources the fake clientset has a watch on
	victims map[string]int  // victim "ns/name" -> PDB violations of its candidate
	cleared []string        // pods whose nomination a preemption cleared
	events  []recordedEvent
	bound   map[string]string
	deleted map[string]bool

	// run: the run level's state (run.go); evaluators: each profile's DefaultPreemption
	// evaluator (its executor from v1.37), whose asynchronous preemption the run level waits for.
	run        *runState
	evaluators []asyncPreemption
}

// asyncPreemption is what says whether a pod's asynchronous preemption is still under way:
// DefaultPreemption's Evaluator at v1.35, its Executor at v1.37 (release.go).
type asyncPreemption interface {
	IsPodRunningPreemption(types.UID) bool
}

type recordedEvent struct {
	pod, reason, message string
}

func key(namespace, name string) string { return namespace + "/" + name }

// NewCluster admits the pods, fills the fake API and starts the scheduler's informers.
func NewCluster(in *Input, decision bool, start time.Time) (*Cluster, error) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Cluster{ctx: ctx, cancel: cancel, input: in, decision: decision,
		rejected: map[string]string{}, victims: map[string]int{}, bound: map[string]string{},
		deleted: map[string]bool{}, clock: testingclock.NewFakeClock(start)}
	if err := c.admit(); err != nil {
		cancel()
		return nil, err
	}
	if err := c.computePdbStatus(); err != nil {
		cancel()
		return nil, err
	}
	var objects []runtime.Object
	for _, n := range in.Nodes {
		objects = append(objects, n)
	}
	for _, p := range c.pods {
		if c.heldBack(p) {
			continue // the run level creates it when it arrives (run.go)
		}
		objects = append(objects, p)
	}
	for _, p := range in.PDBs {
		objects = append(objects, p)
	}
	for _, p := range in.PriorityClasses {
		objects = append(objects, p)
	}
	objects = append(objects, in.Others...)
	objects = append(objects, in.Workloads...) // only with --controllers (input.go)
	c.cs = fake.NewClientset(objects...)
	c.addReactors()
	if err := c.startScheduler(); err != nil {
		cancel()
		return nil, err
	}
	return c, nil
}

func (c *Cluster) Close() { c.cancel() }

// admit runs upstream's priority admission plugin on every pod that does not carry spec.priority
// yet (a pod that does was admitted when it was stored). A rejected pod stays out.
func (c *Cluster) admit() error {
	cs := fake.NewClientset()
	// The API server creates the system classes at start-up (unless the input has them).
	classes := c.input.PriorityClasses
	for _, system := range schedulingv1helpers.SystemPriorityClasses() {
		if !hasClass(classes, system.Name) {
			classes = append(classes, system.DeepCopy())
		}
	}
	c.input.PriorityClasses = classes
	for _, pc := range c.input.PriorityClasses {
		if _, err := cs.SchedulingV1().PriorityClasses().Create(c.ctx, pc, metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	factory := informers.NewSharedInformerFactory(cs, 0)
	plugin := priorityadmission.NewPlugin()
	plugin.SetExternalKubeInformerFactory(factory)
	factory.Start(c.ctx.Done())
	waitForSync(c.ctx, factory)
	for _, pod := range c.input.Pods {
		if pod.Spec.Priority != nil {
			c.pods = append(c.pods, pod)
			continue
		}
		internal := &api.Pod{}
		if err := legacyscheme.Scheme.Convert(pod, internal, nil); err != nil {
			return err
		}
		attrs := admission.NewAttributesRecord(internal, nil, api.Kind("Pod").WithVersion("v1"),
			pod.Namespace, pod.Name, api.Resource("pods").WithVersion("v1"), "", admission.Create,
			&metav1.CreateOptions{}, false, nil)
		if err := plugin.Admit(c.ctx, attrs, nil); err != nil {
			c.rejected[key(pod.Namespace, pod.Name)] = err.Error()
			continue
		}
		admitted := &v1.Pod{}
		if err := legacyscheme.Scheme.Convert(internal, admitted, nil); err != nil {
			return err
		}
		c.pods = append(c.pods, admitted)
	}
	return nil
}

func hasClass(classes []*schedulingv1.PriorityClass, name string) bool {
	for _, pc := range classes {
		if pc.Name == name {
			return true
		}
	}
	return false
}

// addReactors records what the scheduler writes. In decision mode nothing is applied; in run mode
// the writes are applied as the API server and the kubelet would (kubelet.go).
func (c *Cluster) addReactors() {
	if !c.decision {
		c.addRunReactors()
	}
	c.recordWatches()
	c.cs.PrependReactor("patch", "pods", func(action clienttesting.Action) (bool, runtime.Object, error) {
		patch := action.(clienttesting.PatchAction)
		if !c.decision {
			return c.run.patched(patch)
		}
		if patch.GetSubresource() == "status" && bytes.Contains(patch.GetPatch(), []byte(v1.DisruptionTarget)) {
			return true, nil, nil // a victim's DisruptionTarget (v1.31; v1.35's PreemptPod hook writes none)
		}
		if patch.GetSubresource() == "status" {
			// Only a preemption's clearing of lower-priority nominations patches a pod's
			// status in a decision (the victims' DisruptionTarget is not written).
			c.mu.Lock()
			c.cleared = append(c.cleared, key(patch.GetNamespace(), patch.GetName()))
			c.mu.Unlock()
			return true, nil, nil
		}
		return false, nil, nil
	})
	c.cs.PrependReactor("delete", "pods", func(action clienttesting.Action) (bool, runtime.Object, error) {
		if c.decision {
			return true, nil, nil
		}
		return c.run.deleted(action.(clienttesting.DeleteActionImpl))
	})
}

func (c *Cluster) profiles() ([]schedulerapi.KubeSchedulerProfile, *schedulerapi.KubeSchedulerConfiguration, error) {
	cfg := c.input.Config
	if cfg == nil {
		var versioned configv1.KubeSchedulerConfiguration
		schedulerscheme.Scheme.Default(&versioned)
		cfg = &schedulerapi.KubeSchedulerConfiguration{}
		if err := schedulerscheme.Scheme.Convert(&versioned, cfg, nil); err != nil {
			return nil, nil, err
		}
	}
	profiles := make([]schedulerapi.KubeSchedulerProfile, len(cfg.Profiles))
	for i, p := range cfg.Profiles {
		p = *p.DeepCopy()
		renamePlugin(&p, defaultpreemption.Name, oraclePreemptionName)
		profiles[i] = p
	}
	return profiles, cfg, nil
}

func renamePlugin(p *schedulerapi.KubeSchedulerProfile, from, to string) {
	if p.Plugins != nil {
		for _, set := range []*schedulerapi.PluginSet{&p.Plugins.MultiPoint, &p.Plugins.PreEnqueue,
			&p.Plugins.PreFilter, &p.Plugins.Filter, &p.Plugins.PostFilter, &p.Plugins.PreScore,
			&p.Plugins.Score, &p.Plugins.Reserve, &p.Plugins.Permit, &p.Plugins.PreBind,
			&p.Plugins.Bind, &p.Plugins.PostBind, &p.Plugins.QueueSort} {
			for i := range set.Enabled {
				if set.Enabled[i].Name == from {
					set.Enabled[i].Name = to
				}
			}
			for i := range set.Disabled {
				if set.Disabled[i].Name == from {
					set.Disabled[i].Name = to
				}
			}
		}
	}
	for i := range p.PluginConfig {
		if p.PluginConfig[i].Name == from {
			p.PluginConfig[i].Name = to
		}
	}
}

type recorder struct{ c *Cluster }

func (r recorder) Eventf(regarding runtime.Object, _ runtime.Object, _, reason, _, note string, args ...interface{}) {
	pod, ok := regarding.(*v1.Pod)
	if !ok {
		return
	}
	r.c.mu.Lock()
	r.c.events = append(r.c.events, recordedEvent{key(pod.Namespace, pod.Name), reason, fmt.Sprintf(note, args...)})
	r.c.mu.Unlock()
}

func (r recorder) WithLogger(klog.Logger) events.EventRecorderLogger { return r }

func (c *Cluster) startScheduler() error {
	profiles, cfg, err := c.profiles()
	if err != nil {
		return err
	}
	factory := newInformerFactory(c.cs)
	opts := []scheduler.Option{
		scheduler.WithProfiles(profiles...),
		scheduler.WithParallelism(1),
		scheduler.WithFrameworkOutOfTreeRegistry(frameworkruntime.Registry{oraclePreemptionName: c.preemptionFactory}),
		scheduler.WithPodInitialBackoffSeconds(cfg.PodInitialBackoffSeconds),
		scheduler.WithPodMaxBackoffSeconds(cfg.PodMaxBackoffSeconds),
	}
	opts = append(opts, c.clockOptions()...)
	if cfg.PercentageOfNodesToScore != nil {
		opts = append(opts, scheduler.WithPercentageOfNodesToScore(cfg.PercentageOfNodesToScore))
	}
	sched, err := scheduler.New(c.ctx, c.client(), factory, nil, recorderFactory(c), opts...)
	if err != nil {
		return err
	}
	c.sched = sched
	factory.Start(c.ctx.Done())
	informers := waitForSync(c.ctx, factory)
	if err := c.waitForWatches(informers); err != nil {
		return err
	}
	return c.waitForCache()
}

// recordWatches makes the fake clientset's watches (its own reactor's, as NewClientset adds it)
// and counts the resources watched. An informer has synced once its list is in, before its watch
// starts, and the fake tracker gives a watch no event from before it: a write made between the
// two would never reach the scheduler (a run's first barrier pod did not, under load).
func (c *Cluster) recordWatches() {
	c.watched = map[string]bool{}
	tracker := c.cs.Tracker()
	c.cs.PrependWatchReactor("*", func(action clienttesting.Action) (bool, watch.Interface, error) {
		var opts metav1.ListOptions
		if watchAction, ok := action.(clienttesting.WatchActionImpl); ok {
			opts = watchAction.ListOptions
		}
		w, err := tracker.Watch(action.GetResource(), action.GetNamespace(), opts)
		if err != nil {
			return false, nil, err
		}
		c.mu.Lock()
		c.watched[action.GetResource().String()] = true
		c.mu.Unlock()
		if !c.decision {
			// The run level stamps each event with the next resourceVersion (kubelet.go).
			return true, newStampedWatch(w, &c.run.resourceVersion), nil
		}
		return true, w, nil
	})
}

// waitForWatches waits until each of the informers has its watch.
func (c *Cluster) waitForWatches(informers int) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		watching := len(c.watched)
		c.mu.Unlock()
		if watching >= informers {
			return nil
		}
		time.Sleep(100 * time.Microsecond)
	}
	return fmt.Errorf("the scheduler's informers did not all start watching")
}

// cacheHasNodeObjects says whether each input Node is in the scheduler's cache as a Node: a pod
// bound to a node whose Node event is still on its way makes the cache hold that node without its
// labels and taints, which the node count alone does not show.
func (c *Cluster) cacheHasNodeObjects() bool {
	dump := c.sched.Cache.Dump()
	for _, n := range c.input.Nodes {
		if info := dump.Nodes[n.Name]; info == nil || info.Node() == nil {
			return false
		}
	}
	return true
}

// waitForSync waits until every informer the factory started has synced. The factory's own
// WaitForCacheSync polls every 100 ms (client-go's syncedPollPeriod), which was most of a
// decision's time here: asked with a closed channel it checks once and returns at once.
func waitForSync(ctx context.Context, factory interface {
	WaitForCacheSync(<-chan struct{}) map[reflect.Type]bool
}) int {
	checkOnce := make(chan struct{})
	close(checkOnce)
	for ctx.Err() == nil {
		informers := factory.WaitForCacheSync(checkOnce)
		synced := true
		for _, ok := range informers {
			synced = synced && ok
		}
		if synced {
			return len(informers)
		}
		time.Sleep(100 * time.Microsecond)
	}
	return 0
}

// waitForCache waits until the scheduler's cache holds every node and bound pod, and its queue
// every pending pod (the informers' handlers run on their own goroutines).
func (c *Cluster) waitForCache() error {
	bound, pending := 0, 0
	// The cache keeps an entry for every node a pod is bound to, with a Node object or not.
	nodeNames := map[string]bool{}
	for _, n := range c.input.Nodes {
		nodeNames[n.Name] = true
	}
	for _, p := range c.pods {
		if p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
			continue
		}
		if p.Spec.NodeName != "" {
			nodeNames[p.Spec.NodeName] = true
			bound++
		} else if _, ok := c.sched.Profiles[p.Spec.SchedulerName]; ok && !c.heldBack(p) {
			pending++
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	var nodes, pods, queued int
	for time.Now().Before(deadline) {
		pods, _ = c.sched.Cache.PodCount()
		inQueue, _ := c.sched.SchedulingQueue.PendingPods()
		nodes, queued = c.sched.Cache.NodeCount(), len(inQueue)
		if nodes == len(nodeNames) && pods == bound && queued == pending && c.cacheHasNodeObjects() {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return fmt.Errorf("the scheduler's cache did not fill: nodes %d of %d, bound pods %d of %d, pending %d of %d",
		nodes, len(nodeNames), pods, bound, queued, pending)
}

// pendingPods are the admitted pods the scheduler would schedule, in input order.
func (c *Cluster) pendingPods() []*v1.Pod {
	var out []*v1.Pod
	for _, p := range c.pods {
		if p.Spec.NodeName != "" || p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
			continue
		}
		if _, ok := c.sched.Profiles[p.Spec.SchedulerName]; ok {
			out = append(out, p)
		}
	}
	return out
}

func (c *Cluster) takeVictims() ([]string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	names := make([]string, 0, len(c.victims))
	violations := 0
	for name, v := range c.victims {
		names = append(names, name)
		violations = v
	}
	sort.Strings(names)
	c.victims = map[string]int{}
	return names, violations
}
