package main

// DefaultPreemption under the oracle's hooks at v1.31 (../preemption.go is v1.35's). v1.31's
// plugin has no Evaluator field: its PostFilter builds one each cycle with the plugin itself as the
// Interface, and prepareCandidate deletes the victims through the clientset (whose reactors drop
// the writes at the decision level). So the oracle's plugin is upstream's with PostFilter
// rebuilt from the same lines, the Interface being preemptionInterface (choices.go's hooks).

import (
	"context"

	v1 "k8s.io/api/core/v1"
	policy "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	plfeature "k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	"k8s.io/kubernetes/pkg/scheduler/framework/preemption"
)

// kubernetesVersion is the module go.mod requires.
const kubernetesVersion = "1.31.14"

// The framework's types choices.go names: v1.31 keeps them in pkg/scheduler/framework, a
// CycleState and a NodeInfo being structs passed by pointer.
type (
	schedCycleState = *framework.CycleState
	schedNodeInfo   = *framework.NodeInfo
	schedStatus     = framework.Status
)

// clockOptions: v1.31's scheduler takes no clock (its queue keeps its own, internal), and the
// decision level does not need one.
func (c *Cluster) clockOptions() []scheduler.Option { return nil }

// nodeToStatus is what a FitError gives RunPostFilterPlugins (a map before v1.32).
func nodeToStatus(fitErr *framework.FitError) framework.NodeToStatusMap {
	return fitErr.Diagnosis.NodeToStatusMap
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
	// The dry run covers every node and works out the candidates upstream could stop at
	// (choices.go); Decide sets cluster.run before the first cycle.
	_, n := p.DefaultPreemption.GetOffsetAndNumCandidates(nodes)
	return p.cluster.run.dryRunEveryNode(nodes, n)
}

// oraclePreemption is the plugin registered as oraclePreemptionName.
type oraclePreemption struct {
	*defaultpreemption.DefaultPreemption
	fh      framework.Handle
	cluster *Cluster
}

// PostFilter is v1.31's DefaultPreemption.PostFilter (default_preemption.go) with the oracle's
// Interface; the listers are those New takes (getPDBLister: policy/v1).
func (pl oraclePreemption) PostFilter(ctx context.Context, state *framework.CycleState, pod *v1.Pod,
	m framework.NodeToStatusMap) (*framework.PostFilterResult, *framework.Status) {
	informers := pl.fh.SharedInformerFactory()
	pe := preemption.Evaluator{
		PluginName: defaultpreemption.Name,
		Handler:    pl.fh,
		PodLister:  informers.Core().V1().Pods().Lister(),
		PdbLister:  informers.Policy().V1().PodDisruptionBudgets().Lister(),
		State:      state,
		Interface:  preemptionInterface{pl.DefaultPreemption, pl.cluster},
	}
	result, status := pe.Preempt(ctx, pod, m)
	msg := status.Message()
	if len(msg) > 0 {
		return result, framework.NewStatus(status.Code(), "preemption: "+msg)
	}
	return result, status
}

func (c *Cluster) preemptionFactory(ctx context.Context, args runtime.Object, fh framework.Handle) (framework.Plugin, error) {
	// The features NewInTreeRegistry gives the plugins (registry.go; v1.31 has no
	// NewSchedulerFeaturesFromGates).
	gate := utilfeature.DefaultFeatureGate
	fts := plfeature.Features{
		EnableDRAControlPlaneController:              gate.Enabled(features.DRAControlPlaneController),
		EnableDynamicResourceAllocation:              gate.Enabled(features.DynamicResourceAllocation),
		EnableVolumeCapacityPriority:                 gate.Enabled(features.VolumeCapacityPriority),
		EnableNodeInclusionPolicyInPodTopologySpread: gate.Enabled(features.NodeInclusionPolicyInPodTopologySpread),
		EnableMatchLabelKeysInPodTopologySpread:      gate.Enabled(features.MatchLabelKeysInPodTopologySpread),
		EnableInPlacePodVerticalScaling:              gate.Enabled(features.InPlacePodVerticalScaling),
		EnableSidecarContainers:                      gate.Enabled(features.SidecarContainers),
		EnableSchedulingQueueHint:                    gate.Enabled(features.SchedulerQueueingHints),
	}
	pl, err := defaultpreemption.New(ctx, args, fh, fts)
	if err != nil {
		return nil, err
	}
	return oraclePreemption{pl.(*defaultpreemption.DefaultPreemption), fh, c}, nil
}

// tiedHosts is every node v1.31's selectHost can pick for a pod that fits: it takes the top of the
// score heap but replaces it by reservoir sampling over the nodes tied at the top score
// (rand.Intn, schedule_one.go), each picked with 1/k. So the oracle asks SchedulePod again until
// no new node came in 12k+16 tries (k the nodes seen so far): one of k tied nodes is then missed
// with about e^-12 (a campaign had 40 tied nodes, more than 64 tries find). A cycle writes
// nothing here (SchedulePod only updates the snapshot and the next start index, which matters
// only when fewer nodes are scored than there are); the nodes are listed in input order.
func (c *Cluster) tiedHosts(profile framework.Framework, pod *v1.Pod, first string) []Answer {
	hosts := map[string]bool{first: true}
	for since := 0; since < 12*len(hosts)+16; since++ {
		state := framework.NewCycleState()
		state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
		if result, err := c.sched.SchedulePod(c.ctx, profile, state, pod); err == nil && !hosts[result.SuggestedHost] {
			hosts[result.SuggestedHost] = true
			since = -1
		}
	}
	if len(hosts) < 2 {
		return nil
	}
	var out []Answer
	for _, n := range c.input.Nodes {
		if hosts[n.Name] {
			out = append(out, Answer{Node: n.Name, Victims: []string{}})
		}
	}
	return out
}
