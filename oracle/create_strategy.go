package main

// What the API server does to a pod when it creates it, as far as scheduling reads it: the pod
// strategy's PrepareForCreate (pkg/registry/core/pod/strategy.go) merges the matchLabelKeys and
// mismatchLabelKeys of pod (anti-)affinity terms, and the matchLabelKeys of topology spread
// constraints, into their label selectors. The oracle creates pods through a fake clientset, which
// has no such strategy, so it runs upstream's own PrepareForCreate on an internal copy of each pod
// and keeps what it did to the affinity and the spread constraints (the rest of what it does,
// such as resetting the status, is for a pod being created, not one read from a cluster).

import (
	"context"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	podstrategy "k8s.io/kubernetes/pkg/registry/core/pod"
)

func applyCreateStrategy(pod *v1.Pod) error {
	internal := &api.Pod{}
	if err := legacyscheme.Scheme.Convert(pod.DeepCopy(), internal, nil); err != nil {
		return fmt.Errorf("pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	podstrategy.Strategy.PrepareForCreate(context.Background(), internal)
	created := &v1.Pod{}
	if err := legacyscheme.Scheme.Convert(internal, created, nil); err != nil {
		return fmt.Errorf("pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	pod.Spec.Affinity = created.Spec.Affinity
	pod.Spec.TopologySpreadConstraints = created.Spec.TopologySpreadConstraints
	return nil
}
