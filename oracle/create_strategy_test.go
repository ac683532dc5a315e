package main

import (
	"testing"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A pod read from a scenario carries what the API server would have stored: its required
// anti-affinity term's matchLabelKeys and mismatchLabelKeys merged into the term's selector, and
// its spread constraint's matchLabelKeys into the constraint's.
func TestReadInputMergesLabelKeysAsTheAPIServerDoes(t *testing.T) {
	in, err := ReadInput([]byte(`
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web, track: canary, tier: front}}
spec:
  containers: [{name: c, image: i}]
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: web}}
        topologyKey: kubernetes.io/hostname
        matchLabelKeys: [track]
        mismatchLabelKeys: [tier]
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector: {matchLabels: {app: web}}
    matchLabelKeys: [track]
`))
	if err != nil {
		t.Fatal(err)
	}
	pod := in.Pods[0]
	term := pod.Spec.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0]
	want := []metav1.LabelSelectorRequirement{
		{Key: "track", Operator: metav1.LabelSelectorOpIn, Values: []string{"canary"}},
		{Key: "tier", Operator: metav1.LabelSelectorOpNotIn, Values: []string{"front"}},
	}
	if got := term.LabelSelector.MatchExpressions; !equalRequirements(got, want) {
		t.Errorf("anti-affinity selector's expressions = %v, want %v", got, want)
	}
	spread := pod.Spec.TopologySpreadConstraints[0].LabelSelector.MatchExpressions
	if !equalRequirements(spread, want[:1]) {
		t.Errorf("spread selector's expressions = %v, want %v", spread, want[:1])
	}
	if pod.Status.Phase == v1.PodPending && pod.Status.QOSClass != "" {
		t.Errorf("the create strategy's status reset leaked into the pod read: %+v", pod.Status)
	}
}

func equalRequirements(a, b []metav1.LabelSelectorRequirement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Operator != b[i].Operator || len(a[i].Values) != len(b[i].Values) ||
			a[i].Values[0] != b[i].Values[0] {
			return false
		}
	}
	return true
}
