package main

// PodDisruptionBudgets given without status (manifests from git, not a dump) get the status
// upstream's disruption controller computes for them, as podsim's controllers/disruption does:
// the real controller runs once over the admitted pods and those budgets (the ones that carry a
// status keep it, as in podsim), and its status writes are copied back into the input.

import (
	"fmt"
	"time"

	policyv1 "k8s.io/api/policy/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	scalefake "k8s.io/client-go/scale/fake"
	"k8s.io/kubernetes/pkg/controller/disruption"
)

// hasStatus says whether a budget came with a status (a dump's budgets always do).
func hasStatus(pdb *policyv1.PodDisruptionBudget) bool {
	s := pdb.Status
	return s.ObservedGeneration != 0 || s.ExpectedPods != 0 || s.CurrentHealthy != 0 ||
		s.DesiredHealthy != 0 || s.DisruptionsAllowed != 0 || len(s.Conditions) != 0
}

func (c *Cluster) computePdbStatus() error {
	var objects []runtime.Object
	var without []*policyv1.PodDisruptionBudget
	for _, pdb := range c.input.PDBs {
		if !hasStatus(pdb) {
			without = append(without, pdb)
			objects = append(objects, pdb)
		}
	}
	if len(without) == 0 {
		return nil
	}
	for _, p := range c.pods {
		objects = append(objects, p)
	}
	cs := fake.NewClientset(objects...)
	factory := informers.NewSharedInformerFactory(cs, 0)
	dc := disruption.NewDisruptionController(c.ctx,
		factory.Core().V1().Pods(), factory.Policy().V1().PodDisruptionBudgets(),
		factory.Core().V1().ReplicationControllers(), factory.Apps().V1().ReplicaSets(),
		factory.Apps().V1().Deployments(), factory.Apps().V1().StatefulSets(),
		cs, apimeta.NewDefaultRESTMapper(nil), &scalefake.FakeScaleClient{}, cs.Discovery())
	factory.Start(c.ctx.Done())
	waitForSync(c.ctx, factory)
	go runDisruptionController(c.ctx, dc)
	deadline := time.Now().Add(30 * time.Second)
	for _, pdb := range without {
		for {
			got, err := cs.PolicyV1().PodDisruptionBudgets(pdb.Namespace).Get(c.ctx, pdb.Name, metav1.GetOptions{})
			if err == nil && len(got.Status.Conditions) > 0 {
				pdb.Status = got.Status
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the disruption controller gave PodDisruptionBudget %s/%s no status", pdb.Namespace, pdb.Name)
			}
			time.Sleep(time.Millisecond)
		}
	}
	return nil
}
