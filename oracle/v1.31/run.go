package main

// The run level is out of reach at v1.31: it drives the scheduling queue (../run.go), which v1.31
// keeps in pkg/scheduler/internal/queue, not importable from outside k8s.io/kubernetes. What the
// shared files need of the run level's state is here: the preemption hooks' records (choices.go),
// and stubs for the run level's reactors, which the decision level never calls.

import (
	"errors"
	"os"
	"sync"
	"sync/atomic"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"
)

var trace = os.Getenv("ORACLE_TRACE") != ""

var errNoRunLevel = errors.New("the run level needs the scheduling queue, internal at v1.31: use --decision")

// runState holds the preemption hooks' records for a cycle (choices.go).
type runState struct {
	c               *Cluster
	resourceVersion atomic.Int64
	logger          klog.Logger

	mu            sync.Mutex
	alternatives  []string
	dryRuns       map[string]Answer
	numCandidates int32
}

func newRunState(c *Cluster) *runState {
	return &runState{c: c, logger: klog.Background(), dryRuns: map[string]Answer{}}
}

// heldBack: the decision level creates every pod up front.
func (c *Cluster) heldBack(*v1.Pod) bool { return false }

// Run is the run level, which v1.31's oracle cannot run.
func (c *Cluster) Run() ([]Attempt, *Final, error) { return nil, nil, errNoRunLevel }

func (c *Cluster) client() kubernetes.Interface { return c.cs }

func (c *Cluster) addRunReactors() { c.run = newRunState(c) }

func (r *runState) patched(clienttesting.PatchAction) (bool, runtime.Object, error) {
	return true, nil, errNoRunLevel
}

func (r *runState) deleted(clienttesting.DeleteActionImpl) (bool, runtime.Object, error) {
	return true, nil, errNoRunLevel
}

func newStampedWatch(w watch.Interface, _ *atomic.Int64) watch.Interface { return w }

// workloads: the v1.31 oracle runs no controllers (controllers.go is oracle/'s only).
func (c *Cluster) workloads() any { return nil }
