package main

// The run level's calls into upstream whose arguments differ between releases (v1.37/run_release.go
// is v1.37's): the barrier pods' stop in the queue's Add, Update and Delete, the hook on the
// scheduler's pop, the lookup of a queued pod, the queue's flushes, and the Job controller's
// constructor (controllers.go).

import (
	"context"
	"time"
	_ "unsafe" // go:linkname

	v1 "k8s.io/api/core/v1"
	batchinformers "k8s.io/client-go/informers/batch/v1"
	coreinformers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/utils/clock"
)

// The queue's two timers, driven on the fake clock instead of PriorityQueue.Run's goroutines.
//
//go:linkname flushBackoffQCompleted k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushBackoffQCompleted
func flushBackoffQCompleted(p *queue.PriorityQueue, logger klog.Logger)

//go:linkname flushUnschedulablePodsLeftover k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushUnschedulablePodsLeftover
func flushUnschedulablePodsLeftover(p *queue.PriorityQueue, logger klog.Logger)

// flushMovesGated says whether the leftover flush re-checks a pod DefaultPreemption's PreEnqueue
// gated: not up to v1.36 (its event is no Pod/Delete, the gate's only event).
const flushMovesGated = false

// lastFailed is when the unschedulable pool's leftover flush counts the pod's time there from.
func lastFailed(info *framework.QueuedPodInfo) time.Time { return info.Timestamp }

func (q queueHook) Add(logger klog.Logger, pod *v1.Pod) {
	if q.r.barrierArrived(pod) {
		return
	}
	q.PriorityQueue.Add(logger, pod)
}

func (q queueHook) Update(logger klog.Logger, oldPod, newPod *v1.Pod) {
	if q.r.isBarrier(newPod) {
		return
	}
	q.PriorityQueue.Update(logger, oldPod, newPod)
}

func (q queueHook) Delete(pod *v1.Pod) {
	if q.r.isBarrier(pod) {
		return
	}
	q.PriorityQueue.Delete(pod)
}

// hookPop records each pod the scheduler pops (Scheduler.NextPod).
func (r *runState) hookPop(s *scheduler.Scheduler) {
	pop := s.NextPod
	s.NextPod = func(logger klog.Logger) (*framework.QueuedPodInfo, error) {
		info, err := pop(logger)
		if info != nil && info.Pod != nil {
			r.setPopped(info.Pod)
		}
		return info, err
	}
}

// queued is the queue's entry for a pod it holds.
func (r *runState) queued(pod *v1.Pod) (*framework.QueuedPodInfo, bool) {
	return r.pq.GetPod(pod.Name, pod.Namespace)
}

// newJobController is the Job controller on the run's clock (newJobController's arguments are
// v1.35's newControllerWithClock's).
//
//go:linkname newJobController k8s.io/kubernetes/pkg/controller/job.newControllerWithClock
func newJobController(ctx context.Context, podInformer coreinformers.PodInformer, jobInformer batchinformers.JobInformer,
	kubeClient kubernetes.Interface, clock clock.WithTicker) (*job.Controller, error)
