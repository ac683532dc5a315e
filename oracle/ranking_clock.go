package main

// A ReplicaSet's scale-down ranks on the run's clock. getPodsToDelete orders the pods it may delete
// with controller.ActivePodsWithRanks, whose Now is the moment LogarithmicScaleDown measures the
// pods' ready and creation ages from (log2 buckets of nanoseconds). Upstream's
// getPodsRankedByRelatedPodsOnSameNode (pkg/controller/replicaset/replica_set.go) takes that Now
// from metav1.Now(), the wall clock: the one read of the wall clock on a path of the controllers
// that decides something. A scenario is dated at some moment of its own (the generated ones in
// 2024), so at the wall clock every pod's age fell in the same bucket and upstream broke the tie
// by UID, where a controller-manager at the scenario's moment, and podsim, rank by the buckets.
// The run replaces that function, at its entry, with the copy below, which differs from upstream's
// only in reading the run's fake clock. The function is too large for the compiler to inline into
// getPodsToDelete (cost 136, budget 80), so its entry is the only way in.

import (
	"sync"
	_ "unsafe" // go:linkname

	"github.com/agiledragon/gomonkey/v2"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kubernetes/pkg/controller"
	"k8s.io/utils/clock"
)

//go:linkname rankPodsOnSameNode k8s.io/kubernetes/pkg/controller/replicaset.getPodsRankedByRelatedPodsOnSameNode
func rankPodsOnSameNode(podsToRank, relatedPods []*v1.Pod) controller.ActivePodsWithRanks

var (
	rankingOnce  sync.Once
	rankingMu    sync.Mutex
	rankingClock clock.PassiveClock
)

// rankOnClock makes the ReplicaSet controller's scale-down rank at clk's time from now on.
func rankOnClock(clk clock.PassiveClock) {
	rankingMu.Lock()
	rankingClock = clk
	rankingMu.Unlock()
	rankingOnce.Do(func() { gomonkey.ApplyFunc(rankPodsOnSameNode, rankPodsOnSameNodeAtRunTime) })
}

// rankPodsOnSameNodeAtRunTime is upstream's getPodsRankedByRelatedPodsOnSameNode with Now from
// the run's clock.
func rankPodsOnSameNodeAtRunTime(podsToRank, relatedPods []*v1.Pod) controller.ActivePodsWithRanks {
	podsOnNode := make(map[string]int)
	for _, pod := range relatedPods {
		if controller.IsPodActive(pod) {
			podsOnNode[pod.Spec.NodeName]++
		}
	}
	ranks := make([]int, len(podsToRank))
	for i, pod := range podsToRank {
		ranks[i] = podsOnNode[pod.Spec.NodeName]
	}
	rankingMu.Lock()
	now := metav1.NewTime(rankingClock.Now())
	rankingMu.Unlock()
	return controller.ActivePodsWithRanks{Pods: podsToRank, Rank: ranks, Now: now}
}
