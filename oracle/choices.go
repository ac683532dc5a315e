package main

// Upstream's random choices at the run level. Where kube-scheduler leaves a choice to chance, the
// run follows the answer podsim's documented rule gives (one of those upstream can give), so
// that the two runs stay comparable past it, and the attempt lists every answer upstream could
// have given (Attempt.Alternatives):
//   - pickOneNodeForPreemption's last tie-break is "the first such node" in Go map order, which
//     is random: podsim takes the first in input order;
//   - DefaultPreemption's candidate offset is random: podsim's (and the run's) is 0;
//   - from v1.37 a victim stops at the first budget it takes below zero
//     (FilterVictimsWithPDBViolation), and the budgets come from the lister in Go map order:
//     the oracle gives them in the input's order, podsim's (budgetsInInputOrder).
// Nodes tied at the top score are not a random choice in v1.35: without extenders every node's
// Randomizer is 0 (schedule_one.go, prioritizeNodes), so the score heap's order decides, over the
// feasible nodes in the snapshot's order. Upstream's own pick stands there; the run does not
// sample it, since each SchedulePod call moves the scheduler's nextStartNodeIndex.

import (
	"context"
	"fmt"
	"os"
	"sort"
	_ "unsafe" // go:linkname

	v1 "k8s.io/api/core/v1"
	policy "k8s.io/api/policy/v1"
	"k8s.io/klog/v2"
	extenderv1 "k8s.io/kube-scheduler/extender/v1"
	"k8s.io/kubernetes/pkg/scheduler/framework/preemption"
)

//go:linkname pickOneNodeForPreemption k8s.io/kubernetes/pkg/scheduler/framework/preemption.pickOneNodeForPreemption
func pickOneNodeForPreemption(logger klog.Logger, nodesToVictims map[string]*extenderv1.Victims, scoreFuncs []func(node string) int64) string

// recordDryRun is what the oracle's SelectVictimsOnNode (upstream's, in each release's
// preemption.go: its arguments differ) adds to upstream's: it records the answer for the node, so
// that an attempt lists the chosen candidate's victims as podsim does, those already terminating
// included (upstream does not delete them again, so the PreemptPod hook never sees them).
func (p preemptionInterface) recordDryRun(pod *v1.Pod, node string, victims []*v1.Pod, violations int, status *schedStatus) {
	if trace {
		fmt.Fprintf(os.Stderr, "     dry run %s on %s: %d victims, %v\n", pod.Name, node, len(victims), status)
	}
	if r := p.cluster.run; r != nil && status.IsSuccess() {
		names := make([]string, len(victims))
		for i, v := range victims {
			names[i] = key(v.Namespace, v.Name)
		}
		sort.Strings(names)
		r.mu.Lock()
		r.dryRuns[node] = Answer{Node: node, Victims: names, PDBViolations: violations}
		r.mu.Unlock()
	}
}

// dryRunEveryNode is GetOffsetAndNumCandidates at the run level: the dry run covers every
// potential node, and CandidatesToVictimsMap keeps the candidates upstream's would have found
// from offset 0 in podsim's node order. Upstream's own order is random twice over (the offset,
// and the potential nodes, listed from a map: NodeToStatus.NodesForStatusCode), so that is one
// of its answers; it differs only where fewer candidates than potential nodes are wanted
// (DefaultPreemptionArgs, or clusters of more than 100 nodes).
func (r *runState) dryRunEveryNode(nodes, candidates int32) (int32, int32) {
	if candidates <= 0 {
		return 0, candidates // none wanted (a small percentage and no minimum): none found
	}
	r.mu.Lock()
	r.numCandidates = candidates
	r.mu.Unlock()
	return 0, nodes
}

// CandidatesToVictimsMap is upstream's; at the run level it leaves SelectCandidate only the
// candidate podsim's rules take among those upstream can return, and records those as the
// attempt's alternatives. First, the candidates the dry run would have stopped at, walking the
// nodes in input order from the first (DryRunPreemption: non-violating ones first, each list up
// to the number wanted, stopping once there are enough with one non-violating). Then, among
// them, those that tie with pickOneNodeForPreemption's pick on every criterion: its last
// tie-break follows Go map order, so over the pair of them it returns either one if they tie,
// and always its pick if not; podsim takes the first in input order.
func (p preemptionInterface) CandidatesToVictimsMap(candidates []preemption.Candidate) map[string]*extenderv1.Victims {
	all := p.DefaultPreemption.CandidatesToVictimsMap(candidates)
	r := p.cluster.run
	if r == nil || len(all) < 2 {
		return all
	}
	r.mu.Lock()
	want := int(r.numCandidates)
	r.mu.Unlock()
	found := map[string]*extenderv1.Victims{}
	nonViolating, violating := 0, 0
	for _, n := range r.c.input.Nodes {
		victims, ok := all[n.Name]
		if !ok {
			continue
		}
		if victims.NumPDBViolations == 0 && nonViolating < want {
			nonViolating++
			found[n.Name] = victims
		} else if victims.NumPDBViolations > 0 && violating < want {
			violating++
			found[n.Name] = victims
		}
		if nonViolating > 0 && nonViolating+violating >= want {
			break
		}
	}
	pick := func(m map[string]*extenderv1.Victims) string {
		return pickOneNodeForPreemption(r.logger, m, p.DefaultPreemption.OrderedScoreFuncs(context.Background(), m))
	}
	tied := tiedCandidates(found, pick)
	var names []string
	for _, n := range r.c.input.Nodes {
		if tied[n.Name] {
			names = append(names, n.Name)
		}
	}
	r.mu.Lock()
	r.alternatives = names
	r.mu.Unlock()
	return map[string]*extenderv1.Victims{names[0]: found[names[0]]}
}

// tiedCandidates is every candidate pick can return: its first pick over all of them, and each
// one that pick, asked over the pair of them, returns at least once in tieSamples tries.
func tiedCandidates(found map[string]*extenderv1.Victims, pick func(map[string]*extenderv1.Victims) string) map[string]bool {
	first := pick(found)
	tied := map[string]bool{first: true}
	for node, victims := range found {
		// node goes in first: a small map's range starts at it 7 times in 8 (tieSamples).
		pair := make(map[string]*extenderv1.Victims, 2)
		pair[node] = victims
		pair[first] = found[first]
		for i := 0; i < tieSamples && !tied[node]; i++ {
			tied[node] = pick(pair) == node
		}
	}
	return tied
}

// tieSamples is how often a pair of candidates is tried. A two-entry Go map does not start its
// range at either entry with an even chance (Go 1.24 on, Swiss tables): the walk starts at a
// random one of the group's 8 slots and wraps, so the entry inserted second comes first only 1
// time in 8, and with the candidate inserted second a tied one was missed with (7/8)^40, about
// 1 in 200 (a campaign listed 7 of 8 tied nodes now and then). Inserted first, it is missed with
// (1/8)^tieSamples, or 2^-tieSamples were the order even.
const tieSamples = 64

// budgetsInInputOrder is the budgets SelectVictimsOnNode is given (getPodDisruptionBudgets: the
// lister's Go map order) in the input's order, budgets the input does not hold last by name. From
// v1.37 the order decides which budgets a victim spends when several select it, and so whether a
// later victim violates one: upstream's answer with this order is the one podsim's rule gives.
func (c *Cluster) budgetsInInputOrder(pdbs []*policy.PodDisruptionBudget) []*policy.PodDisruptionBudget {
	place := make(map[string]int, len(c.input.PDBs))
	for i, b := range c.input.PDBs {
		place[key(b.Namespace, b.Name)] = i
	}
	rank := func(b *policy.PodDisruptionBudget) (int, string) {
		k := key(b.Namespace, b.Name)
		if i, ok := place[k]; ok {
			return i, k
		}
		return len(place), k
	}
	ordered := append([]*policy.PodDisruptionBudget(nil), pdbs...)
	sort.SliceStable(ordered, func(i, j int) bool {
		ri, ki := rank(ordered[i])
		rj, kj := rank(ordered[j])
		if ri != rj {
			return ri < rj
		}
		return ki < kj
	})
	return ordered
}
