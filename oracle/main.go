// Command oracle runs kube-scheduler's own code (k8s.io/kubernetes, the release podsim's
// `current` profile models) on a scenario and prints the answer in the fields podsim's result
// document shares, so that the two can be compared (scripts/differential.mjs, docs/fidelity.md).
//
//	oracle run FILE [--json] [--decision]   one scenario (- for standard input)
//	oracle run FILE --controllers            the run level with the workload controllers (controllers.go)
//	oracle batch [--decision]               JSON lines: {"id","text"} in, {"id","result"|"error"} out
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"
)

// Result is the oracle's document: podsim's `pods[]` and `final`, for the fields both fill.
type Result struct {
	APIVersion        string            `json:"apiVersion"`
	KubernetesVersion string            `json:"kubernetesVersion"`
	Level             string            `json:"level"`
	Pods              []Attempt         `json:"pods"`
	Final             *Final            `json:"final,omitempty"`
	Rejected          map[string]string `json:"rejected"`
	Ignored           []string          `json:"ignored"`
	Workloads         any               `json:"workloads,omitempty"` // with --controllers: what they created and deleted
}

// withControllers: the run level runs the workload controllers too (--controllers; oracle/ only,
// the v1.31 oracle stays at the scheduler).
var withControllers bool

// Final is the end state once the queue has settled.
type Final struct {
	Bound   map[string]string `json:"bound"`
	Deleted []string          `json:"deleted"`
	Pending []string          `json:"pending"`
}

func main() {
	klog.SetLogger(logr.Discard())
	if len(os.Args) < 2 {
		usage()
	}
	switch os.Args[1] {
	case "run":
		flags := flag.NewFlagSet("run", flag.ExitOnError)
		asJSON := flags.Bool("json", false, "print the result document")
		decision := flags.Bool("decision", false, "each pending pod's first cycle against the input as it stands")
		flags.BoolVar(&withControllers, "controllers", false, "run level: the workload controllers beside the scheduler")
		args := reorder(os.Args[2:])
		_ = flags.Parse(args)
		if flags.NArg() != 1 {
			usage()
		}
		data, err := readFile(flags.Arg(0))
		if err != nil {
			fail(err)
		}
		result, err := Simulate(data, *decision)
		if err != nil {
			fail(err)
		}
		if *asJSON {
			out, _ := json.MarshalIndent(result, "", "  ")
			fmt.Println(string(out))
			return
		}
		printText(os.Stdout, result)
	case "batch":
		flags := flag.NewFlagSet("batch", flag.ExitOnError)
		decision := flags.Bool("decision", false, "decision level")
		flags.BoolVar(&withControllers, "controllers", false, "run level: the workload controllers beside the scheduler")
		cpuProfile := flags.String("cpuprofile", "", "write a CPU profile of the batch to this file")
		_ = flags.Parse(os.Args[2:])
		if *cpuProfile != "" {
			stop, err := startCPUProfile(*cpuProfile)
			if err != nil {
				fail(err)
			}
			defer stop()
		}
		batch(os.Stdin, os.Stdout, *decision)
	default:
		usage()
	}
}

// startCPUProfile profiles the process until the returned stop (go tool pprof reads the file).
func startCPUProfile(name string) (func(), error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// reorder puts flags before the file, so that `run FILE --json` works as `run --json FILE`.
func reorder(args []string) []string {
	var flags, rest []string
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			flags = append(flags, a)
		} else {
			rest = append(rest, a)
		}
	}
	return append(flags, rest...)
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: oracle run FILE [--json] [--decision|--controllers]\n       oracle batch [--decision|--controllers]")
	os.Exit(2)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "oracle:", err)
	os.Exit(1)
}

func readFile(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}

// Simulate reads a scenario and runs it at one level.
func Simulate(data []byte, decision bool) (*Result, error) {
	in, err := ReadInput(data)
	if err != nil {
		return nil, err
	}
	cluster, err := NewCluster(in, decision, startTime(in))
	if err != nil {
		return nil, err
	}
	defer cluster.Close()
	result := &Result{APIVersion: "podsim-oracle/v1", KubernetesVersion: kubernetesVersion,
		Rejected: cluster.rejected, Ignored: in.Ignored}
	if result.Ignored == nil {
		result.Ignored = []string{}
	}
	if decision {
		result.Level = "decision"
		result.Pods = cluster.Decide()
	} else {
		result.Level = "run"
		result.Pods, result.Final, err = cluster.Run()
		if err != nil {
			return nil, err
		}
		result.Workloads = cluster.workloads()
	}
	if result.Pods == nil {
		result.Pods = []Attempt{}
	}
	return result, nil
}

// startTime is the fake clock's first reading: the latest time on the input's objects. The
// decision level reads no clock; the run level moves it to podsim's start (run.go, plan).
func startTime(in *Input) time.Time {
	latest := time.Unix(0, 0).UTC()
	later := func(t time.Time) {
		if t.After(latest) {
			latest = t
		}
	}
	for _, n := range in.Nodes {
		later(n.CreationTimestamp.Time)
	}
	for _, p := range in.Pods {
		later(p.CreationTimestamp.Time)
		if p.Status.StartTime != nil {
			later(p.Status.StartTime.Time)
		}
	}
	return latest
}

func printText(w io.Writer, r *Result) {
	for _, a := range r.Pods {
		victims := victimNames(a.Victims)
		fmt.Fprintf(w, "%s\t%s\t%s\t[%s]\t%s\n", a.Pod, a.Outcome, a.Node, strings.Join(victims, " "), a.Message)
	}
	if r.Final != nil {
		var bound []string
		for pod, node := range r.Final.Bound {
			bound = append(bound, pod+"="+node)
		}
		sort.Strings(bound)
		fmt.Fprintf(w, "final: bound %s; deleted %s; pending %s\n", strings.Join(bound, " "),
			strings.Join(r.Final.Deleted, " "), strings.Join(r.Final.Pending, " "))
	}
}

type batchItem struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

type batchReply struct {
	ID     string  `json:"id"`
	Result *Result `json:"result,omitempty"`
	Error  string  `json:"error,omitempty"`
}

// batch answers one scenario per input line, so that a campaign pays one process start.
func batch(r io.Reader, w io.Writer, decision bool) {
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 1<<20), 1<<30)
	out := bufio.NewWriter(w)
	encoder := json.NewEncoder(out)
	for scanner.Scan() {
		var item batchItem
		reply := batchReply{}
		if err := json.Unmarshal(scanner.Bytes(), &item); err != nil {
			reply.Error = err.Error()
		} else {
			reply.ID = item.ID
			result, err := Simulate([]byte(item.Text), decision)
			if err != nil {
				reply.Error = err.Error()
			}
			reply.Result = result
		}
		_ = encoder.Encode(reply)
		_ = out.Flush()
	}
}
