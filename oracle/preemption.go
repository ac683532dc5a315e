package main

// DefaultPreemption under the oracle's hooks, for the release go.mod requires (v1.35): its plugin
// keeps an Evaluator, whose Interface and PreemptPod the factory replaces. v1.31/preemption.go is
// the same for v1.31, whose plugin builds an Evaluator each PostFilter.

import (
	"context"

	v1 "k8s.io/api/core/v1"
	policy "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	plfeature "k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	"k8s.io/kubernetes/pkg/scheduler/framework/preemption"
)

// kubernetesVersion is the module go.mod requires (kept in step by scripts/build.sh's check).
const kubernetesVersion = "1.35.4"

// The framework's types choices.go names, which v1.31 keeps in pkg/scheduler/framework.
type (
	schedCycleState = fwk.CycleState
	schedNodeInfo   = fwk.NodeInfo
	schedStatus     = fwk.Status
)

// tiedHosts is every node selectHost can pick for a pod that fits: v1.35's picks the top of the
// score heap, without randomness (choices.go), so that is the one, and the attempt lists none.
func (c *Cluster) tiedHosts(framework.Framework, *v1.Pod, string) []Answer { return nil }

// clockOptions puts the scheduler on the cluster's fake clock.
func (c *Cluster) clockOptions() []scheduler.Option {
	return []scheduler.Option{scheduler.WithClock(c.clock)}
}

// nodeToStatus is what a FitError gives RunPostFilterPlugins.
func nodeToStatus(fitErr *framework.FitError) *framework.NodeToStatus {
	return fitErr.Diagnosis.NodeToStatus
}

// preemptionInterface is upstream's DefaultPreemption but for the candidate offset.
type preemptionInterface struct {
	*defaultpreemption.DefaultPreemption
	cluster *Cluster
}

// SelectVictimsOnNode is upstream's, its answer recorded (choices.go).
func (p preemptionInterface) SelectVictimsOnNode(ctx context.Context, state schedCycleState, pod *v1.Pod,
	nodeInfo schedNodeInfo, pdbs []*policy.PodDisruptionBudget) ([]*v1.Pod, int, *schedStatus) {
	victims, violations, status := p.DefaultPreemption.SelectVictimsOnNode(ctx, state, pod, nodeInfo, pdbs)
	p.recordDryRun(pod, nodeInfo.Node().Name, victims, violations, status)
	return victims, violations, status
}

func (p preemptionInterface) GetOffsetAndNumCandidates(nodes int32) (int32, int32) {
	// Both levels dry-run every node and work out the candidates upstream could stop at
	// (choices.go); Decide and Run set cluster.run before the first cycle.
	_, n := p.DefaultPreemption.GetOffsetAndNumCandidates(nodes)
	return p.cluster.run.dryRunEveryNode(nodes, n)
}

func (c *Cluster) preemptionFactory(ctx context.Context, args runtime.Object, fh fwk.Handle) (fwk.Plugin, error) {
	fts := plfeature.NewSchedulerFeaturesFromGates(utilfeature.DefaultFeatureGate)
	pl, err := defaultpreemption.New(ctx, args, fh, fts)
	if err != nil {
		return nil, err
	}
	async := fts.EnableAsyncPreemption && !c.decision
	pl.Evaluator = preemption.NewEvaluator(defaultpreemption.Name, fh, preemptionInterface{pl, c}, async)
	c.evaluators = append(c.evaluators, pl.Evaluator)
	upstream := pl.Evaluator.PreemptPod
	pl.Evaluator.PreemptPod = func(ctx context.Context, cand preemption.Candidate, preemptor, victim *v1.Pod, pluginName string) error {
		c.mu.Lock()
		c.victims[key(victim.Namespace, victim.Name)] = int(cand.Victims().NumPDBViolations)
		c.mu.Unlock()
		if c.decision {
			return nil
		}
		return upstream(ctx, cand, preemptor, victim, pluginName)
	}
	return pl, nil
}
