#!/usr/bin/env node
// Writes benchmark scenarios shaped like kube-scheduler's own performance
// tests (test/integration/scheduler_perf, PreemptionBasic / PreemptionAsync),
// deterministically from a seed, as one JSON object per line.
//
//   node bench/gen.mjs [--seed N] [--out bench/data]
//   node bench/gen.mjs --dumps [--sizes small,medium,large] [--formats yaml,json]
//                      [--seed N] [--out bench/data]
//
// basic-<N>:        N nodes (cpu 4, memory 32Gi, pods 110), 4 low-priority
//                   pods of 900m/500Mi per node, N preemptors of priority
//                   10000 asking 3970m/500Mi.
// basic-5000-150k:  5000 nodes with 30 running pods each (150,000 pods).
// mix-5000:         a realistic mix: priority classes, PDBs over labelled
//                   groups, taints on a tenth of the nodes, node selectors,
//                   zones and anti-affinity on some pods.
// --dumps writes dump-<size>.yaml and .json instead: what `kubectl get
// priorityclasses,nodes,pods,pdb -A -o yaml|json` prints for a busy cluster
// (see dump.mjs); small is 100 nodes and 2,000 pods (16 MB of YAML), medium
// 500 and 10,000 (80 MB), large 5,000 and 150,000 (1.2 GB).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { dumpSizes, seededRandom, writeDump } from "./dump.mjs";

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const seed = Number(arg("--seed", "1"));
const out = arg("--out", new URL("data", import.meta.url).pathname);

const node = (name, labels = {}, taints = undefined) => ({
  apiVersion: "v1",
  kind: "Node",
  metadata: { name, labels: { "kubernetes.io/hostname": name, ...labels } },
  spec: taints ? { taints } : {},
  status: { allocatable: { cpu: "4", memory: "32Gi", pods: "110" }, capacity: { cpu: "4", memory: "32Gi", pods: "110" } },
});

const time = (s) => new Date(Date.UTC(2024, 0, 1) + s * 1000).toISOString().replace(".000Z", "Z");

function pod(name, { nodeName, priority, priorityClassName, cpu, memory, labels, start, created, extra = {} }) {
  const spec = {
    containers: [{ name: "app", image: "registry.k8s.io/pause:3.10", resources: { requests: { cpu, memory } } }],
    ...extra,
  };
  if (nodeName) spec.nodeName = nodeName;
  if (priority !== undefined) spec.priority = priority;
  if (priorityClassName) spec.priorityClassName = priorityClassName;
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: "default", uid: name, labels, creationTimestamp: time(created ?? 0) },
    spec,
    status: nodeName ? { phase: "Running", startTime: time(start ?? 0) } : { phase: "Pending" },
  };
}

function basic(nodes, podsPerNode, podCpu, podMemory, preemptors) {
  const lines = [];
  for (let n = 0; n < nodes; n++) lines.push(node(`node-${n}`));
  for (let n = 0; n < nodes; n++) {
    for (let p = 0; p < podsPerNode; p++) {
      lines.push(pod(`low-${n}-${p}`, { nodeName: `node-${n}`, cpu: podCpu, memory: podMemory, start: n * podsPerNode + p }));
    }
  }
  // Created (in order) before the last running pod started: every
  // preemptor is already waiting when the simulated clock starts, a burst
  // as scheduler_perf creates them.
  for (let i = 0; i < preemptors; i++) {
    lines.push(pod(`preemptor-${i}`, { priority: 10000, cpu: "3970m", memory: "500Mi", created: i }));
  }
  return lines;
}

function mix(nodes, preemptors, random) {
  const lines = [];
  const classes = [
    ["batch", 100],
    ["standard", 1000],
    ["high", 10000],
    ["critical", 100000],
  ];
  for (const [name, value] of classes) {
    lines.push({ apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { name }, value });
  }
  const zones = ["zone-a", "zone-b", "zone-c"];
  for (let n = 0; n < nodes; n++) {
    const taints = n % 10 === 0 ? [{ key: "dedicated", value: "gpu", effect: "NoSchedule" }] : undefined;
    lines.push(node(`node-${n}`, { "topology.kubernetes.io/zone": zones[n % 3], disk: n % 4 === 0 ? "ssd" : "hdd" }, taints));
  }
  const apps = 200;
  for (let a = 0; a < apps; a++) {
    const pdb = {
      apiVersion: "policy/v1",
      kind: "PodDisruptionBudget",
      metadata: { name: `app-${a}`, namespace: "default" },
      spec: { minAvailable: "80%", selector: { matchLabels: { app: `app-${a}` } } },
    };
    if (a % 10 !== 0) pdb.status = { disruptionsAllowed: Math.floor(random() * 3) };
    lines.push(pdb);
  }
  let count = 0;
  for (let n = 0; n < nodes; n++) {
    let free = 4000;
    for (let p = 0; free > 400 && p < 20; p++) {
      const cpu = 100 * (1 + Math.floor(random() * 6));
      if (cpu > free) break;
      free -= cpu;
      const app = Math.floor(random() * apps);
      const cls = classes[Math.floor(random() * 3)][0];
      const extra = {};
      if (app % 25 === 0) {
        extra.affinity = {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { labelSelector: { matchLabels: { app: `app-${app}` } }, topologyKey: "kubernetes.io/hostname" },
            ],
          },
        };
      }
      if (n % 10 === 0) extra.tolerations = [{ key: "dedicated", operator: "Equal", value: "gpu", effect: "NoSchedule" }];
      lines.push(
        pod(`run-${count}`, {
          nodeName: `node-${n}`,
          priorityClassName: cls,
          cpu: `${cpu}m`,
          memory: `${256 * (1 + Math.floor(random() * 8))}Mi`,
          labels: { app: `app-${app}` },
          start: count,
          extra,
        }),
      );
      count++;
    }
  }
  for (let i = 0; i < preemptors; i++) {
    const extra = {};
    if (i % 5 === 0) extra.nodeSelector = { disk: "ssd" };
    if (i % 7 === 0) {
      extra.affinity = {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { app: `web-${i % 50}` } }, topologyKey: "kubernetes.io/hostname" },
          ],
        },
      };
    }
    lines.push(
      pod(`incoming-${i}`, {
        priorityClassName: i % 3 === 0 ? "critical" : "high",
        cpu: `${1000 + 500 * (i % 5)}m`,
        memory: "1Gi",
        labels: { app: `web-${i % 50}` },
        created: i, // waiting when the clock starts, as in basic()
        extra,
      }),
    );
  }
  return lines;
}

const scenarios = {
  "basic-100": () => basic(100, 4, "900m", "500Mi", 100),
  "basic-1000": () => basic(1000, 4, "900m", "500Mi", 1000),
  "basic-5000": () => basic(5000, 4, "900m", "500Mi", 5000),
  "basic-5000-150k": () => basic(5000, 30, "120m", "1Gi", 5000),
  "mix-1000": () => mix(1000, 200, seededRandom(seed)),
  "mix-5000": () => mix(5000, 1000, seededRandom(seed)),
};

function writeDumps() {
  const sizes = arg("--sizes", Object.keys(dumpSizes).join(",")).split(",");
  const formats = arg("--formats", "yaml,json").split(",");
  const unknown = [...sizes.filter((s) => !dumpSizes[s]), ...formats.filter((f) => f !== "yaml" && f !== "json")];
  if (unknown.length) {
    console.error(`unknown size or format: ${unknown.join(", ")} (sizes: ${Object.keys(dumpSizes).join(", ")}; formats: yaml, json)`);
    process.exit(2);
  }
  for (const size of sizes) {
    for (const format of formats) {
      const file = join(out, `dump-${size}.${format}`);
      const start = performance.now();
      const bytes = writeDump(file, dumpSizes[size], format, seededRandom(seed));
      const seconds = (performance.now() - start) / 1000;
      console.log(`${file}: ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
    }
  }
}

mkdirSync(out, { recursive: true });
if (process.argv.includes("--dumps")) {
  writeDumps();
} else {
  const only = arg("--only", null);
  for (const [name, make] of Object.entries(scenarios)) {
    if (only && !only.split(",").includes(name)) continue;
    const lines = make();
    const file = join(out, `${name}.json`);
    writeFileSync(file, lines.map((o) => JSON.stringify(o)).join("\n") + "\n");
    console.log(`${file}: ${lines.length} objects`);
  }
}
