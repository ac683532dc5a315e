package main

// The decision level: each pending pod's first scheduling cycle against the input as it stands,
// the way upstream's unit tests call the framework. schedulingCycle is unexported, so this follows
// its steps through the public entry points it uses: Scheduler.SchedulePod (the snapshot, PreFilter,
// Filter with the nominated pods, Score, selectHost) and, on a FitError, the profile's
// RunPostFilterPlugins (DefaultPreemption's Evaluator.Preempt), whose message becomes the FitError's
// PostFilterMsg. Nothing the cycle writes reaches the fake API, so every pod sees the same cluster.

import (
	"errors"
	"fmt"
	"sort"

	v1 "k8s.io/api/core/v1"
	eventsvalidation "k8s.io/kubernetes/pkg/apis/core/validation"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// Answer is one (node, victims) upstream can give for a cycle.
type Answer struct {
	Node          string   `json:"node"`
	Victims       []string `json:"victims"`
	PDBViolations int      `json:"pdbViolations"`
}

// VictimRef names a victim as podsim's result document does.
type VictimRef struct {
	Pod string `json:"pod"`
}

// Attempt is one scheduling cycle, in the fields podsim's result document shares.
type Attempt struct {
	Pod                string      `json:"pod"`
	Outcome            string      `json:"outcome"` // Scheduled | Nominated | Unschedulable | Error
	Node               string      `json:"node"`
	Victims            []VictimRef `json:"victims"`
	PDBViolations      int         `json:"pdbViolations"`
	Message            string      `json:"message"`
	ClearedNominations []string    `json:"clearedNominations"`
	// Every (node, victims) upstream's code can give for this cycle: the preemption's answer at
	// each candidate offset and for each order of its final tie (selectHost is not random).
	Alternatives []Answer `json:"alternatives"`
}

// Decide runs one cycle for every pending pod against the unchanged input. The run level's
// hooks on DefaultPreemption (choices.go) record every node's dry run and the candidates upstream
// could pick, so that a cycle's victims are its candidate's (those already terminating, which
// PreemptPod never sees, included) and its alternatives are every answer upstream can give.
// selectHost needs none: since v1.34 it takes the top of the score heap, without randomness,
// unless an extender scores.
func (c *Cluster) Decide() []Attempt {
	c.run = newRunState(c)
	var out []Attempt
	for _, pod := range c.pendingPods() {
		if pod.DeletionTimestamp != nil {
			continue // skipPodSchedule: a pod being deleted is not scheduled
		}
		out = append(out, c.cycle(pod))
	}
	return out
}

func victimNames(victims []VictimRef) []string {
	names := make([]string, len(victims))
	for i, v := range victims {
		names[i] = v.Pod
	}
	return names
}

func (c *Cluster) cycle(pod *v1.Pod) Attempt {
	attempt := Attempt{Pod: key(pod.Namespace, pod.Name), Victims: []VictimRef{}, ClearedNominations: []string{}}
	profile := c.sched.Profiles[pod.Spec.SchedulerName]
	state := framework.NewCycleState()
	state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
	result, err := c.schedulePod(profile, state, pod)
	if err == nil {
		attempt.Outcome = "Scheduled"
		attempt.Node = result.SuggestedHost
		attempt.Message = fmt.Sprintf("Successfully assigned %s/%s to %s", pod.Namespace, pod.Name, result.SuggestedHost)
		attempt.Alternatives = c.tiedHosts(profile, pod, result.SuggestedHost)
		return attempt
	}
	attempt.Outcome = "Unschedulable"
	var fitErr *framework.FitError
	if errors.Is(err, scheduler.ErrNoNodesAvailable) || !errors.As(err, &fitErr) {
		if !errors.Is(err, scheduler.ErrNoNodesAvailable) {
			attempt.Outcome = "Error"
		}
		attempt.Message = truncate(err.Error())
		return attempt
	}
	r := c.run
	r.mu.Lock()
	r.alternatives, r.dryRuns = nil, map[string]Answer{}
	r.mu.Unlock()
	if profile.HasPostFilterPlugins() {
		post, status := profile.RunPostFilterPlugins(c.ctx, state, pod, nodeToStatus(fitErr))
		fitErr.Diagnosis.PostFilterMsg = status.Message()
		if post != nil && post.NominatingInfo != nil && post.NominatingInfo.NominatedNodeName != "" {
			attempt.Outcome = "Nominated"
			attempt.Node = post.NominatingInfo.NominatedNodeName
		}
	}
	r.mu.Lock()
	if answer, ok := r.dryRuns[attempt.Node]; ok && attempt.Outcome == "Nominated" {
		for _, name := range answer.Victims {
			attempt.Victims = append(attempt.Victims, VictimRef{Pod: name})
		}
		attempt.PDBViolations = answer.PDBViolations
		for _, n := range r.alternatives {
			attempt.Alternatives = append(attempt.Alternatives, r.dryRuns[n])
		}
	}
	r.mu.Unlock()
	c.mu.Lock()
	attempt.ClearedNominations = append(attempt.ClearedNominations, c.cleared...)
	sort.Strings(attempt.ClearedNominations)
	c.cleared = nil
	c.victims = map[string]int{}
	c.mu.Unlock()
	attempt.Message = truncate(fitErr.Error())
	return attempt
}

// truncate is schedule_one.go's truncateMessage: an event's note has a length limit.
func truncate(message string) string {
	limit := eventsvalidation.NoteLengthLimit
	if len(message) <= limit {
		return message
	}
	suffix := " ..."
	return message[:limit-len(suffix)] + suffix
}
