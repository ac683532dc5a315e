package main

// The run level's calls on the scheduling queue whose arguments differ between releases, at v1.37
// (../queue.go is v1.35's): the queue's Add and Update take a context, Delete a logger, GetPod the
// pod's scheduling group; the scheduler pops an entity (a pod or a pod group), NextEntity.

import (
	"time"
	_ "unsafe" // go:linkname

	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// The queue's two timers, driven on the fake clock instead of PriorityQueue.Run's goroutines (flushUnschedulableEntitiesLeftover at v1.37).
//
//go:linkname flushBackoffQCompleted k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushBackoffQCompleted
func flushBackoffQCompleted(p *queue.PriorityQueue, logger klog.Logger)

//go:linkname flushUnschedulablePodsLeftover k8s.io/kubernetes/pkg/scheduler/backend/queue.(*PriorityQueue).flushUnschedulableEntitiesLeftover
func flushUnschedulablePodsLeftover(p *queue.PriorityQueue, logger klog.Logger)

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
