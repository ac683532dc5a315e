package main

// The run level's calls into upstream whose arguments differ between releases, at v1.37
// (../run_release.go is v1.35's): the queue's Add and Update take a context, Delete a logger,
// GetPod the pod's scheduling group; the scheduler pops an entity (a pod or a pod group),
// NextEntity; the leftover flush is flushUnschedulableEntitiesLeftover; the Job controller's
// constructor takes the Workload and PodGroup informers (nil while WorkloadWithJob is off).

import (
	"context"
	"time"
	_ "unsafe" // go:linkname

	v1 "k8s.io/api/core/v1"
	batchinformers "k8s.io/client-go/informers/batch/v1"
	coreinformers "k8s.io/client-go/informers/core/v1"
	schedulinginformers "k8s.io/client-go/informers/scheduling/v1beta1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/utils/clock"
)

// The queue's two timers, driven on the fake clock instead of PriorityQueue.Run's goroutines (flushUnschedulableEntitiesLeftover at v1.37).
//
//go:linkname flushBackoffQCompleted k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushBackoffQCompleted
func flushBackoffQCompleted(p *queue.PriorityQueue, logger klog.Logger)

//go:linkname flushUnschedulablePodsLeftover k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushUnschedulableEntitiesLeftover
func flushUnschedulablePodsLeftover(p *queue.PriorityQueue, logger klog.Logger)

// flushMovesGated says whether the leftover flush re-checks a pod DefaultPreemption's PreEnqueue
// gated: from v1.37 its wildcard event does (moveEntitiesToActiveOrBackoffQueue, #139162).
const flushMovesGated = true

// lastFailed is when the unschedulable pool's leftover flush counts the pod's time there from:
// its last attempt, or the last flush that moved it if later (a flushed pod that a PreEnqueue
// plugin sent back keeps its flush time, flushUnschedulableEntitiesLeftover).
func lastFailed(info *framework.QueuedPodInfo) time.Time {
	if info.FlushTimestamp.After(info.Timestamp) {
		return info.FlushTimestamp
	}
	return info.Timestamp
}

func (q queueHook) Add(ctx context.Context, pod *v1.Pod) {
	if q.r.barrierArrived(pod) {
		return
	}
	q.PriorityQueue.Add(ctx, pod)
}

func (q queueHook) Update(ctx context.Context, oldPod, newPod *v1.Pod) {
	if q.r.isBarrier(newPod) {
		return
	}
	q.PriorityQueue.Update(ctx, oldPod, newPod)
}

func (q queueHook) Delete(logger klog.Logger, pod *v1.Pod) {
	if q.r.isBarrier(pod) {
		return
	}
	q.PriorityQueue.Delete(logger, pod)
}

// hookPop records each pod the scheduler pops (Scheduler.NextEntity).
func (r *runState) hookPop(s *scheduler.Scheduler) {
	pop := s.NextEntity
	s.NextEntity = func(logger klog.Logger) (framework.QueuedEntityInfo, error) {
		entity, err := pop(logger)
		if info, ok := entity.(*framework.QueuedPodInfo); ok && info != nil && info.Pod != nil {
			r.setPopped(info.Pod)
		}
		return entity, err
	}
}

// queued is the queue's entry for a pod it holds.
func (r *runState) queued(pod *v1.Pod) (*framework.QueuedPodInfo, bool) {
	return r.pq.GetPod(pod.Name, pod.Namespace, pod.Spec.SchedulingGroup)
}

// newJobControllerWithClock is v1.37's newControllerWithClock. go:linkname checks no signature:
// v1.35's arguments here would run (and crash) all the same.
//
//go:linkname newJobControllerWithClock k8s.io/kubernetes/pkg/controller/job.newControllerWithClock
func newJobControllerWithClock(ctx context.Context, kubeClient kubernetes.Interface, clock clock.WithTicker,
	podInformer coreinformers.PodInformer, jobInformer batchinformers.JobInformer,
	workloadInformer schedulinginformers.WorkloadInformer, podGroupInformer schedulinginformers.PodGroupInformer) (*job.Controller, error)

// newJobController is the Job controller on the run's clock, without the Workload and PodGroup
// informers (only WorkloadWithJob, off by default, reads them).
func newJobController(ctx context.Context, podInformer coreinformers.PodInformer, jobInformer batchinformers.JobInformer,
	kubeClient kubernetes.Interface, clock clock.WithTicker) (*job.Controller, error) {
	return newJobControllerWithClock(ctx, kubeClient, clock, podInformer, jobInformer, nil, nil)
}
