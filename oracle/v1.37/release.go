package main

// The calls into upstream whose arguments differ between releases, at v1.37 (../release.go is
// v1.35's and v1.31's).

import (
	"context"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/disruption"
	"k8s.io/kubernetes/pkg/scheduler"
	internalcache "k8s.io/kubernetes/pkg/scheduler/backend/cache"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/profile"
)

// newInformerFactory is the scheduler's informer factory, without resync (an informer name is
// only for metrics).
func newInformerFactory(cs kubernetes.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(cs, 0, nil)
}

// recorderFactory gives every profile the recorder that keeps the cluster's events (a
// RecorderFactory gives an EventRecorderLogger at v1.37).
func recorderFactory(c *Cluster) profile.RecorderFactory {
	return func(string) events.EventRecorderLogger { return recorder{c} }
}

// schedulePod is Scheduler.SchedulePod for the pod, which v1.37 takes as a QueuedPodInfo (as the
// queue's Pop gives it). The snapshot is brought up to date first, as schedulingCycle does since
// the update moved there from SchedulePod (the scheduler's snapshot is the one its profiles list).
func (c *Cluster) schedulePod(profile framework.Framework, state schedCycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	snapshot, ok := profile.SnapshotSharedLister().(*internalcache.Snapshot)
	if !ok {
		return scheduler.ScheduleResult{}, fmt.Errorf("the profile's snapshot is a %T", profile.SnapshotSharedLister())
	}
	if err := c.sched.Cache.UpdateSnapshot(klog.FromContext(c.ctx), snapshot); err != nil {
		return scheduler.ScheduleResult{}, err
	}
	info, err := framework.NewPodInfo(pod)
	if err != nil {
		return scheduler.ScheduleResult{}, err
	}
	return c.sched.SchedulePod(c.ctx, profile, state, &framework.QueuedPodInfo{PodInfo: info})
}

// runDisruptionController runs the disruption controller with one worker (v1.35's Run starts
// one) until the context ends.
func runDisruptionController(ctx context.Context, dc *disruption.DisruptionController) {
	dc.Run(ctx, 1)
}
