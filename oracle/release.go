package main

// The calls into upstream whose arguments differ between releases, shared by the v1.31 module
// (v1.31/release.go links here); v1.37/release.go is v1.37's.

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/events"
	"k8s.io/kubernetes/pkg/controller/disruption"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/profile"
)

// newInformerFactory is the scheduler's informer factory, without resync.
func newInformerFactory(cs kubernetes.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(cs, 0)
}

// recorderFactory gives every profile the recorder that keeps the cluster's events.
func recorderFactory(c *Cluster) profile.RecorderFactory {
	return func(string) events.EventRecorder { return recorder{c} }
}

// schedulePod is Scheduler.SchedulePod for the pod.
func (c *Cluster) schedulePod(profile framework.Framework, state schedCycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	return c.sched.SchedulePod(c.ctx, profile, state, pod)
}

// runDisruptionController runs the disruption controller (one worker) until the context ends.
func runDisruptionController(ctx context.Context, dc *disruption.DisruptionController) {
	dc.Run(ctx)
}
