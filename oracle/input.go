package main

// Reading a scenario the way the API server would store it: the same input podsim reads (a YAML
// stream, a `kind: List` or a typed list, JSON), decoded with upstream's machinery and defaulted
// with the API server's defaulting functions (legacyscheme holds the SetObjectDefaults_* of every
// installed group). A KubeSchedulerConfiguration is decoded and defaulted by the scheduler's own
// config scheme.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	v1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	schedulerapi "k8s.io/kubernetes/pkg/scheduler/apis/config"
	schedulerscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
)

// Input is a scenario's objects, typed and defaulted.
type Input struct {
	Nodes           []*v1.Node
	Pods            []*v1.Pod
	PDBs            []*policyv1.PodDisruptionBudget
	PriorityClasses []*schedulingv1.PriorityClass
	Others          []runtime.Object // PersistentVolumeClaims, PersistentVolumes, StorageClasses
	Workloads       []runtime.Object // Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs (--controllers)
	Config          *schedulerapi.KubeSchedulerConfiguration
	Ignored         []string // kinds the oracle has no use for (workloads: no controllers here)
}

type typeMeta struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Items      []json.RawMessage `json:"items"`
}

// ReadInput decodes every object in data. The documents are split on `---` lines first:
// apimachinery's YAMLOrJSONDecoder reads JSON documents separated so only from v0.33 on (the
// v1.31 oracle's v0.31 reads the first and fails on the separator).
func ReadInput(data []byte) (*Input, error) {
	in := &Input{}
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for doc := 1; ; doc++ {
		text, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return in, nil
		}
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", doc, err)
		}
		var raw json.RawMessage
		err = utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(text), 4096).Decode(&raw)
		if errors.Is(err, io.EOF) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", doc, err)
		}
		if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
			continue
		}
		if err := in.add(raw, fmt.Sprintf("document %d", doc)); err != nil {
			return nil, err
		}
	}
}

func (in *Input) add(raw json.RawMessage, where string) error {
	var meta typeMeta
	if err := json.Unmarshal(raw, &meta); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if strings.HasSuffix(meta.Kind, "List") && meta.Items != nil {
		for i, item := range meta.Items {
			var itemMeta typeMeta
			if err := json.Unmarshal(item, &itemMeta); err != nil {
				return fmt.Errorf("%s items[%d]: %w", where, i, err)
			}
			// A typed list (PodList) leaves kind and apiVersion out of its items.
			if itemMeta.Kind == "" {
				kind := strings.TrimSuffix(meta.Kind, "List")
				patched, err := withKind(item, meta.APIVersion, kind)
				if err != nil {
					return fmt.Errorf("%s items[%d]: %w", where, i, err)
				}
				item = patched
			}
			if err := in.add(item, fmt.Sprintf("%s items[%d]", where, i)); err != nil {
				return err
			}
		}
		return nil
	}
	if meta.Kind == "KubeSchedulerConfiguration" {
		obj, _, err := schedulerscheme.Codecs.UniversalDecoder().Decode(raw, nil, nil)
		if err != nil {
			return fmt.Errorf("%s: KubeSchedulerConfiguration: %w", where, err)
		}
		in.Config = obj.(*schedulerapi.KubeSchedulerConfiguration)
		return nil
	}
	if isWorkload(meta.Kind) && withControllers {
		return in.addWorkload(raw, meta.Kind, where)
	}
	switch meta.Kind {
	case "Node", "Pod", "PodDisruptionBudget", "PriorityClass", "PersistentVolumeClaim",
		"PersistentVolume", "StorageClass":
	default:
		in.Ignored = append(in.Ignored, meta.Kind)
		return nil
	}
	obj, _, err := legacyscheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", where, meta.Kind, err)
	}
	legacyscheme.Scheme.Default(obj)
	switch o := obj.(type) {
	case *v1.Node:
		in.Nodes = append(in.Nodes, o)
	case *v1.Pod:
		if o.Namespace == "" {
			o.Namespace = "default"
		}
		if err := applyCreateStrategy(o); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		in.Pods = append(in.Pods, o)
	case *policyv1.PodDisruptionBudget:
		if o.Namespace == "" {
			o.Namespace = "default"
		}
		in.PDBs = append(in.PDBs, o)
	case *schedulingv1.PriorityClass:
		in.PriorityClasses = append(in.PriorityClasses, o)
	case *v1.PersistentVolumeClaim:
		if o.Namespace == "" {
			o.Namespace = "default"
		}
		in.Others = append(in.Others, o)
	default:
		in.Others = append(in.Others, obj)
	}
	return nil
}

func withKind(item json.RawMessage, apiVersion, kind string) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(item, &fields); err != nil {
		return nil, err
	}
	fields["kind"], _ = json.Marshal(kind)
	fields["apiVersion"], _ = json.Marshal(apiVersion)
	return json.Marshal(fields)
}

func isWorkload(kind string) bool {
	switch kind {
	case "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job":
		return true
	}
	return false
}

// addWorkload reads a controller's object, defaulted as the API server stores it.
func (in *Input) addWorkload(raw json.RawMessage, kind, where string) error {
	obj, _, err := legacyscheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", where, kind, err)
	}
	legacyscheme.Scheme.Default(obj)
	m, err := apimeta.Accessor(obj)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", where, kind, err)
	}
	if m.GetNamespace() == "" {
		m.SetNamespace("default")
	}
	if m.GetUID() == "" {
		m.SetUID(types.UID("podsim-oracle-" + kind + "-" + m.GetNamespace() + "-" + m.GetName())) // the API server's
	}
	in.Workloads = append(in.Workloads, obj)
	return nil
}
