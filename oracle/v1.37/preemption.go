package main

// DefaultPreemption under the oracle's hooks at v1.37 (../preemption.go is v1.35's). v1.37's
// plugin keeps an Evaluator, as v1.35's, but the actuation moved to an Executor it shares with the
// pod group preemption: PreemptPod is the Executor's (it says whether the victim went in memory
// only), and whether the preemption runs asynchronously is the Executor's features, not an
// argument of NewEvaluator. SelectVictimsOnNode takes the node's possible victims (pod groups
// spanning nodes; each pod alone when GenericWorkload is off).

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

// kubernetesVersion is the module go.mod requires.
const kubernetesVersion = "1.37.2"

// The framework's types choices.go names.
type (
	schedCycleState = fwk.CycleState
	schedNodeInfo   = fwk.NodeInfo
	schedStatus     = fwk.Status
)

// tiedHosts: v1.37's selectHost takes the top of the score heap, as v1.35's (choices.go).
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

// SelectVictimsOnNode is upstream's, the budgets in the input's order and its answer recorded
// (choices.go).
func (p preemptionInterface) SelectVictimsOnNode(ctx context.Context, state schedCycleState, pod *v1.Pod,
	nodeInfo schedNodeInfo, possible []*preemption.DomainVictim, pdbs []*policy.PodDisruptionBudget) ([]*v1.Pod, int, *schedStatus) {
	pdbs = p.cluster.budgetsInInputOrder(pdbs)
	victims, violations, status := p.DefaultPreemption.SelectVictimsOnNode(ctx, state, pod, nodeInfo, possible, pdbs)
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
	if c.decision {
		// The decision level preempts within the cycle, as v1.35's oracle does (NewEvaluator's
		// async argument there): an Executor whose features say so. The pod group evaluator New
		// built keeps upstream's (the decision level has no pod groups).
		inCycle := fts
		inCycle.EnableAsyncPreemption = false
		pl.Executor = preemption.NewExecutor(fh, inCycle)
	}
	pl.Evaluator = preemption.NewEvaluator(defaultpreemption.Name, fh, preemptionInterface{pl, c}, pl.Executor)
	c.evaluators = append(c.evaluators, pl.Executor)
	upstream := pl.Executor.PreemptPod
	pl.Executor.PreemptPod = func(ctx context.Context, cand preemption.Candidate, preemptor preemption.ExecutorPreemptor,
		victim *v1.Pod, pluginName string) (bool, error) {
		c.mu.Lock()
		c.victims[key(victim.Namespace, victim.Name)] = int(cand.Victims().NumPDBViolations)
		c.mu.Unlock()
		if c.decision {
			return false, nil
		}
		return upstream(ctx, cand, preemptor, victim, pluginName)
	}
	return pl, nil
}
