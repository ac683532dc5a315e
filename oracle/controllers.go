package main

// The workload controllers beside the scheduler (oracle run --controllers): kube-controller-
// manager's ReplicaSet, Deployment, StatefulSet, DaemonSet, Job and disruption controllers from
// k8s.io/kubernetes/pkg/controller, built as their unit tests build them (informers from a
// SharedInformerFactory on the run's fake clientset, real pod control writing through it) and on
// the run's fake clock where they read one (Job, disruption).
//
// Their workers never run. Upstream's work queues and informer delays make the moment a
// controller acts nondeterministic; the run uses podsim's model instead (docs/workloads.md, "When
// pods appear on the clock"): at the start and after every change (an arrival, a cycle, a
// departure), every controller's sync is called for each of its objects, in a fixed order
// (Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs, then the budgets), round after round
// until a round writes nothing, all at the same moment. Before each round the run waits until the
// controllers' informers hold what the API holds and every controller's expectations are met, so
// each sync sees the writes of the ones before it, as a worker would once its informer caught up.
// A Job in its pod-failure backoff is synced again at the moment its backoff ends.

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	v1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/storage/names"
	"k8s.io/client-go/informers"
	scalefake "k8s.io/client-go/scale/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/daemon"
	"k8s.io/kubernetes/pkg/controller/deployment"
	"k8s.io/kubernetes/pkg/controller/disruption"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/kubernetes/pkg/controller/replicaset"
	"k8s.io/kubernetes/pkg/controller/statefulset"
)

//go:linkname statefulSetSync k8s.io/kubernetes/pkg/controller/statefulset.(*StatefulSetController).sync
func statefulSetSync(ssc *statefulset.StatefulSetController, ctx context.Context, key string) error

//go:linkname disruptionSync k8s.io/kubernetes/pkg/controller/disruption.(*DisruptionController).sync
func disruptionSync(dc *disruption.DisruptionController, ctx context.Context, key string) error

const maxRounds = 20 // rounds of syncs at one moment before the run gives up on a fixpoint

// expectations is what the run reads of a controller's ControllerExpectations.
type expectations interface {
	SatisfiedExpectations(logger klog.Logger, controllerKey string) bool
}

// loop is one controller: its sync, the keys of its objects, and its expectations if any.
type loop struct {
	kind   string
	keys   func() []string
	sync   func(ctx context.Context, key string) error
	expect expectations
}

// Created is a pod a controller created, in creation order.
type Created struct {
	Pod      string `json:"pod"`
	Workload string `json:"workload"` // "Kind ns/name" of its controller
	Node     string `json:"node,omitempty"`
	Time     string `json:"time"`
}

// Removed is a pod a controller deleted.
type Removed struct {
	Pod  string `json:"pod"`
	Time string `json:"time"`
}

// Workloads is the controllers' part of the result.
type Workloads struct {
	Created []Created `json:"created"`
	Deleted []Removed `json:"deleted"`
}

// controllers is the controllers' side of the run.
type controllers struct {
	c       *Cluster
	factory informers.SharedInformerFactory
	loops   []loop
	jobs    *job.Controller
	writes  atomic.Int64
	watches atomic.Int64

	mu      sync.Mutex // creations come from the controllers' goroutines (slowStartBatch)
	seq     int
	created []Created
	deleted []Removed
}

// fieldOf is an unexported field of a controller, as its unit tests reach it.
func fieldOf(obj any, name string) reflect.Value {
	v := reflect.ValueOf(obj).Elem().FieldByName(name)
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

func syncHandler(obj any) func(context.Context, string) error {
	return fieldOf(obj, "syncHandler").Interface().(func(context.Context, string) error)
}

func expectationsOf(obj any) expectations {
	return fieldOf(obj, "expectations").Interface().(expectations)
}

// startControllers builds the controllers and starts their informers (before any write of the
// run: the fake tracker gives a watch nothing from before it).
func (c *Cluster) startControllers() error {
	k := &controllers{c: c}
	c.run.ctl = k
	rankOnClock(c.clock)
	k.addReactors()
	f := informers.NewSharedInformerFactory(c.cs, 0)
	k.factory = f
	ctx := c.ctx
	pods := f.Core().V1().Pods()
	rsc := replicaset.NewReplicaSetController(ctx, f.Apps().V1().ReplicaSets(), pods, c.cs, 500)
	dc, err := deployment.NewDeploymentController(ctx, f.Apps().V1().Deployments(), f.Apps().V1().ReplicaSets(), pods, c.cs)
	if err != nil {
		return err
	}
	ssc := statefulset.NewStatefulSetController(ctx, pods, f.Apps().V1().StatefulSets(),
		f.Core().V1().PersistentVolumeClaims(), f.Apps().V1().ControllerRevisions(), c.cs)
	dsc, err := daemon.NewDaemonSetsController(ctx, f.Apps().V1().DaemonSets(), f.Apps().V1().ControllerRevisions(),
		pods, f.Core().V1().Nodes(), c.cs, flowcontrol.NewBackOff(time.Second, 15*time.Minute))
	if err != nil {
		return err
	}
	jm, err := newJobController(ctx, pods, f.Batch().V1().Jobs(), c.cs, c.clock)
	if err != nil {
		return err
	}
	k.jobs = jm
	pdbc := disruption.NewDisruptionControllerInternal(ctx, pods, f.Policy().V1().PodDisruptionBudgets(),
		f.Core().V1().ReplicationControllers(), f.Apps().V1().ReplicaSets(), f.Apps().V1().Deployments(),
		f.Apps().V1().StatefulSets(), c.cs, apimeta.NewDefaultRESTMapper(nil), &scalefake.FakeScaleClient{},
		c.cs.Discovery(), c.clock, 2*time.Minute)
	lister := func(inf cache.SharedIndexInformer) func() []string {
		return func() []string {
			keys := inf.GetIndexer().ListKeys()
			sort.Strings(keys)
			return keys
		}
	}
	k.loops = []loop{
		{"Deployment", lister(f.Apps().V1().Deployments().Informer()), syncHandler(dc), nil},
		{"ReplicaSet", lister(f.Apps().V1().ReplicaSets().Informer()), syncHandler(rsc), expectationsOf(rsc)},
		{"StatefulSet", lister(f.Apps().V1().StatefulSets().Informer()),
			func(ctx context.Context, key string) error { return statefulSetSync(ssc, ctx, key) }, nil},
		{"DaemonSet", lister(f.Apps().V1().DaemonSets().Informer()), syncHandler(dsc), expectationsOf(dsc)},
		{"Job", lister(f.Batch().V1().Jobs().Informer()), syncHandler(jm), expectationsOf(jm)},
		{"PodDisruptionBudget", lister(f.Policy().V1().PodDisruptionBudgets().Informer()),
			func(ctx context.Context, key string) error { return disruptionSync(pdbc, ctx, key) }, nil},
	}
	before := k.watches.Load()
	f.Start(c.ctx.Done())
	started := waitForSync(c.ctx, f)
	deadline := time.Now().Add(30 * time.Second)
	for k.watches.Load()-before < int64(started) {
		if time.Now().After(deadline) {
			return fmt.Errorf("the controllers' informers did not all start watching")
		}
		time.Sleep(100 * time.Microsecond)
	}
	return nil
}

// addReactors: the API server's part the fake clientset lacks for the controllers' writes (names
// from generateName, UIDs, creation times), and the records of the controllers' pods.
func (k *controllers) addReactors() {
	c := k.c
	c.cs.PrependWatchReactor("*", func(clienttesting.Action) (bool, watch.Interface, error) {
		k.watches.Add(1)
		return false, nil, nil
	})
	c.cs.PrependReactor("*", "*", func(action clienttesting.Action) (bool, runtime.Object, error) {
		switch action.GetVerb() {
		case "create", "update", "patch", "delete":
			// The disruption controller's status writes feed no controller (and its failSafe
			// writes on every sync): they do not keep the rounds going.
			if action.GetResource().Resource != "poddisruptionbudgets" {
				k.writes.Add(1)
			}
		}
		if action.GetVerb() != "create" {
			return false, nil, nil
		}
		create, ok := action.(clienttesting.CreateAction)
		if !ok || action.GetSubresource() != "" {
			return false, nil, nil
		}
		m, err := apimeta.Accessor(create.GetObject())
		if err != nil {
			return false, nil, nil
		}
		if m.GetNamespace() == "" {
			m.SetNamespace(action.GetNamespace())
		}
		k.stamp(m)
		pod, ok := create.GetObject().(*v1.Pod)
		if !ok || c.run.isBarrier(pod) || len(pod.OwnerReferences) == 0 {
			return false, nil, nil
		}
		if _, err := c.cs.Tracker().Get(podsResource, pod.Namespace, pod.Name); err == nil {
			return false, nil, nil // the default reaction answers AlreadyExists
		}
		if pod.Status.Phase == "" {
			pod.Status.Phase = v1.PodPending // the pod strategy's PrepareForCreate
		}
		if err := applyCreateStrategy(pod); err != nil {
			return true, nil, err
		}
		k.admit(pod)
		k.record(pod)
		// Created here, and the scheduler's handler waited for, each at its own step of the
		// clock: the queue orders the pods made at one moment by their creation, as a real
		// cluster's round trips would (the fake's lock already serializes the creations).
		if err := c.cs.Tracker().Create(podsResource, pod, pod.Namespace); err != nil {
			return true, nil, err
		}
		if err := c.run.settle(); err != nil {
			return true, nil, err
		}
		return true, pod.DeepCopy(), nil
	})
}

// admit is the priority admission plugin on a controller's pod (the fake clientset has none): the
// priority and preemption policy of its class, or of the global default class, or 0.
func (k *controllers) admit(pod *v1.Pod) {
	if pod.Spec.Priority != nil {
		return
	}
	var value int32
	policy := v1.PreemptLowerPriority
	for _, pc := range k.c.input.PriorityClasses {
		named := pod.Spec.PriorityClassName != "" && pc.Name == pod.Spec.PriorityClassName
		if named || (pod.Spec.PriorityClassName == "" && pc.GlobalDefault) {
			value = pc.Value
			if pc.PreemptionPolicy != nil {
				policy = *pc.PreemptionPolicy
			}
			if !named {
				pod.Spec.PriorityClassName = pc.Name
			}
			break
		}
	}
	pod.Spec.Priority = &value
	pod.Spec.PreemptionPolicy = &policy
}

// stamp is the API server's: a name from generateName, a UID, the creation time.
func (k *controllers) stamp(m metav1.Object) {
	if m.GetName() == "" && m.GetGenerateName() != "" {
		m.SetName(names.SimpleNameGenerator.GenerateName(m.GetGenerateName()))
	}
	if m.GetUID() == "" {
		m.SetUID(types.UID("podsim-oracle-" + m.GetNamespace() + "-" + m.GetName()))
	}
	if created := m.GetCreationTimestamp(); created.IsZero() {
		m.SetCreationTimestamp(metav1.NewTime(k.c.clock.Now()))
	}
}

// record notes a controller's pod, and steps the clock so that the queue orders the pods made at
// one moment by their creation.
func (k *controllers) record(pod *v1.Pod) {
	k.mu.Lock()
	defer k.mu.Unlock()
	r := k.c.run
	r.step()
	pod.CreationTimestamp = metav1.NewTime(r.moment)
	k.created = append(k.created, Created{Pod: key(pod.Namespace, pod.Name),
		Workload: k.workloadOf(pod), Node: daemonNode(pod),
		Time: r.moment.UTC().Format(time.RFC3339)})
}

// workloadOf names a pod's controller, "Kind ns/name"; a ReplicaSet a Deployment created in the
// run by its Deployment, "Deployment ns/name (new ReplicaSet)" (its own name is a hash).
func (k *controllers) workloadOf(pod *v1.Pod) string {
	ref := metav1.GetControllerOf(pod)
	name := ref.Kind + " " + key(pod.Namespace, ref.Name)
	if ref.Kind != "ReplicaSet" {
		return name
	}
	for _, obj := range k.c.input.Workloads {
		if rs, ok := obj.(*appsv1.ReplicaSet); ok && rs.Namespace == pod.Namespace && rs.Name == ref.Name {
			return name
		}
	}
	obj, err := k.c.cs.Tracker().Get(appsv1.SchemeGroupVersion.WithResource("replicasets"), pod.Namespace, ref.Name)
	if err != nil {
		return name
	}
	if d := metav1.GetControllerOf(obj.(*appsv1.ReplicaSet)); d != nil && d.Kind == "Deployment" {
		return "Deployment " + key(pod.Namespace, d.Name) + " (new ReplicaSet)"
	}
	return name
}

// daemonNode is the node a DaemonSet's pod is pinned to (its node affinity's metadata.name).
func daemonNode(pod *v1.Pod) string {
	a := pod.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return ""
	}
	for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		for _, f := range t.MatchFields {
			if f.Key == "metadata.name" && len(f.Values) == 1 {
				return f.Values[0]
			}
		}
	}
	return ""
}

func (k *controllers) noteDeleted(pod string) {
	k.mu.Lock()
	k.deleted = append(k.deleted, Removed{Pod: pod, Time: k.c.run.moment.UTC().Format(time.RFC3339)})
	k.mu.Unlock()
}

// reconcile runs the controllers to a fixpoint at the run's moment (see the top).
func (k *controllers) reconcile() error {
	r := k.c.run
	for round := 0; round < maxRounds; round++ {
		if err := k.catchUp(); err != nil {
			return err
		}
		before := k.writes.Load()
		for _, t := range k.order() {
			// A sync sees the writes of the syncs before it (a Deployment's scale of its
			// ReplicaSets reaches their sync in the same round, as in podsim).
			if k.writes.Load() != before {
				if err := k.catchUp(); err != nil {
					return err
				}
			}
			if err := t.loop.sync(k.c.ctx, t.key); err != nil && trace {
				fmt.Fprintf(os.Stderr, "oracle: %s %s: %v\n", t.loop.kind, t.key, err)
			}
		}
		k.sweep()
		if k.writes.Load() == before {
			return nil
		}
		if err := r.settle(); err != nil {
			return err
		}
	}
	return nil
}

type target struct {
	loop *loop
	key  string
}

// order is podsim's order of the syncs in a round: the Deployments first (they set their
// ReplicaSets' scale), then every other workload in input order, then those the run created (a
// rollout's ReplicaSets), then the budgets.
func (k *controllers) order() []target {
	byKind := map[string]*loop{}
	for i := range k.loops {
		byKind[k.loops[i].kind] = &k.loops[i]
	}
	var out []target
	listed := map[string]bool{}
	add := func(l *loop, key string) {
		if l != nil && !listed[l.kind+" "+key] {
			listed[l.kind+" "+key] = true
			out = append(out, target{l, key})
		}
	}
	for _, deployments := range []bool{true, false} {
		for _, obj := range k.c.input.Workloads {
			m, _ := apimeta.Accessor(obj)
			kind := reflect.TypeOf(obj).Elem().Name()
			if (kind == "Deployment") == deployments {
				add(byKind[kind], cacheKey(m))
			}
		}
	}
	for i := range k.loops {
		for _, key := range k.loops[i].keys() {
			add(&k.loops[i], key)
		}
	}
	return out
}

// catchUp waits until the controllers' informers hold what the fake API holds and every
// controller's expectations are met.
func (k *controllers) catchUp() error {
	deadline := time.Now().Add(settleTimeout)
	logger := klog.Background()
	for {
		ok := k.informersCurrent()
		for _, l := range k.loops {
			if l.expect == nil || !ok {
				continue
			}
			for _, key := range l.keys() {
				ok = ok && l.expect.SatisfiedExpectations(logger, key)
			}
		}
		if ok {
			time.Sleep(200 * time.Microsecond) // the handlers after the indexers (finalizer expectations)
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the controllers' informers did not catch up")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

var watchedKinds = []struct {
	gvr  schema.GroupVersionResource
	inf  func(f informers.SharedInformerFactory) cache.SharedIndexInformer
	list runtime.Object
}{
	{v1.SchemeGroupVersion.WithResource("pods"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Core().V1().Pods().Informer()
	}, nil},
	{appsv1.SchemeGroupVersion.WithResource("replicasets"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Apps().V1().ReplicaSets().Informer()
	}, nil},
	{appsv1.SchemeGroupVersion.WithResource("deployments"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Apps().V1().Deployments().Informer()
	}, nil},
	{appsv1.SchemeGroupVersion.WithResource("statefulsets"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Apps().V1().StatefulSets().Informer()
	}, nil},
	{appsv1.SchemeGroupVersion.WithResource("daemonsets"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Apps().V1().DaemonSets().Informer()
	}, nil},
	{appsv1.SchemeGroupVersion.WithResource("controllerrevisions"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Apps().V1().ControllerRevisions().Informer()
	}, nil},
	{batchv1.SchemeGroupVersion.WithResource("jobs"), func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Batch().V1().Jobs().Informer()
	}, nil},
	{schema.GroupVersionResource{Group: "policy", Version: "v1", Resource: "poddisruptionbudgets"}, func(f informers.SharedInformerFactory) cache.SharedIndexInformer {
		return f.Policy().V1().PodDisruptionBudgets().Informer()
	}, nil},
}

// informersCurrent says whether each informer's store equals the tracker's objects (but for the
// resourceVersion the run's watches stamp).
func (k *controllers) informersCurrent() bool {
	tracker := k.c.cs.Tracker()
	for _, w := range watchedKinds {
		store := w.inf(k.factory).GetIndexer()
		objs, err := tracker.List(w.gvr, w.gvr.GroupVersion().WithKind(""), "")
		if err != nil {
			continue
		}
		items, err := apimeta.ExtractList(objs)
		if err != nil {
			continue
		}
		n := 0
		for _, item := range items {
			m, _ := apimeta.Accessor(item)
			if m.GetNamespace() == barrierNamespace {
				continue
			}
			n++
			got, ok, _ := store.GetByKey(cacheKey(m))
			if !ok || !sameObject(item, got.(runtime.Object)) {
				return false
			}
		}
		stored := 0
		for _, key := range store.ListKeys() {
			if !strings.HasPrefix(key, barrierNamespace+"/") {
				stored++
			}
		}
		if stored != n {
			return false
		}
	}
	return true
}

func cacheKey(m metav1.Object) string {
	if m.GetNamespace() == "" {
		return m.GetName()
	}
	return m.GetNamespace() + "/" + m.GetName()
}

func sameObject(a, b runtime.Object) bool {
	a, b = a.DeepCopyObject(), b.DeepCopyObject()
	ma, _ := apimeta.Accessor(a)
	mb, _ := apimeta.Accessor(b)
	ma.SetResourceVersion("")
	mb.SetResourceVersion("")
	return apiequality.Semantic.DeepEqual(a, b)
}

// sweep is the API server's end of a deletion a finalizer held: a pod being deleted whose last
// finalizer is gone, and that is not running (its kubelet is done, or it was never bound), goes.
func (k *controllers) sweep() {
	tracker := k.c.cs.Tracker()
	objs, err := tracker.List(podsResource, v1.SchemeGroupVersion.WithKind("Pod"), "")
	if err != nil {
		return
	}
	for _, pod := range objs.(*v1.PodList).Items {
		if pod.DeletionTimestamp == nil || len(pod.Finalizers) > 0 {
			continue
		}
		if pod.Spec.NodeName != "" && pod.Status.Phase != v1.PodFailed && pod.Status.Phase != v1.PodSucceeded {
			continue
		}
		_ = tracker.Delete(podsResource, pod.Namespace, pod.Name)
	}
}

// terminated is the kubelet at the end of a pod's grace period: a pod a finalizer holds (a Job's)
// stays, Failed, until the finalizer is removed; any other goes. It says whether the pod stays.
func (k *controllers) terminated(ns, name string) bool {
	tracker := k.c.cs.Tracker()
	obj, err := tracker.Get(podsResource, ns, name)
	if err != nil {
		return false
	}
	pod := obj.(*v1.Pod).DeepCopy()
	if len(pod.Finalizers) == 0 {
		return false
	}
	now := metav1.NewTime(k.c.run.moment)
	pod.Status.Phase = v1.PodFailed
	setCondition(&pod.Status, v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionFalse, LastTransitionTime: now})
	setCondition(&pod.Status, v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse, LastTransitionTime: now})
	for i := range pod.Spec.Containers {
		pod.Status.ContainerStatuses = append(pod.Status.ContainerStatuses, v1.ContainerStatus{
			Name: pod.Spec.Containers[i].Name, Image: pod.Spec.Containers[i].Image,
			State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 137, Reason: "Error",
				FinishedAt: now}}})
	}
	_ = tracker.Update(podsResource, pod, ns)
	return true
}

// running is the kubelet on a pod just bound: it starts at once and is Ready (podsim's model,
// docs/workloads.md "Where podsim differs from upstream").
func running(pod *v1.Pod, now time.Time) {
	t := metav1.NewTime(now)
	pod.Status.Phase = v1.PodRunning
	pod.Status.StartTime = &t
	setCondition(&pod.Status, v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionTrue, LastTransitionTime: t})
	setCondition(&pod.Status, v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionTrue, LastTransitionTime: t})
	setCondition(&pod.Status, v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue, LastTransitionTime: t})
}

// jobBackoffEnds are the moments a Job's pod-failure backoff ends (the Job controller's
// backoffStore, read as its tests read it), after now.
func (k *controllers) jobBackoffEnds(now time.Time) []time.Time {
	store := fieldOf(k.jobs, "podBackoffStore").Elem().FieldByName("store")
	s := reflect.NewAt(store.Type(), unsafe.Pointer(store.UnsafeAddr())).Elem().Interface().(cache.Store)
	var out []time.Time
	for _, item := range s.List() {
		rec := reflect.ValueOf(item).Elem()
		failures := rec.FieldByName("failuresAfterLastSuccess").Int()
		last := rec.FieldByName("lastFailureTime")
		if failures == 0 || last.IsNil() {
			continue
		}
		t := *(*time.Time)(unsafe.Pointer(last.Pointer()))
		backoff := job.DefaultJobPodFailureBackOff
		for i := int64(1); i < failures; i++ {
			backoff *= 2
			if backoff >= job.MaxJobPodFailureBackOff {
				backoff = job.MaxJobPodFailureBackOff
				break
			}
		}
		if end := t.Add(backoff); end.After(now) {
			out = append(out, end)
		}
	}
	return out
}

// result is the controllers' part of the result document.
func (k *controllers) result(victims map[string]bool) *Workloads {
	k.mu.Lock()
	defer k.mu.Unlock()
	w := &Workloads{Created: append([]Created{}, k.created...), Deleted: []Removed{}}
	for _, d := range k.deleted {
		if !victims[d.Pod] {
			w.Deleted = append(w.Deleted, d)
		}
	}
	return w
}

// pendingCreated are the controllers' pods never bound.
func (k *controllers) createdPods() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	out := make([]string, 0, len(k.created))
	for _, c := range k.created {
		out = append(out, c.Pod)
	}
	return out
}
