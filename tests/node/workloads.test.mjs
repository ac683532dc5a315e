// Workload controllers through the API and the CLI: bare-pod scenarios are
// unchanged by them, and `podsim run --apply` reports a change's
// consequences first.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { loadCluster, simulate } from "../../wasm/index.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = join(root, "wasm/cli.mjs");

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

// What the scheduler decided, attempt by attempt.
function decisions(result) {
  return result.pods.map((a) => `${a.pod}#${a.attempt} ${a.outcome} ${a.node} [${a.victims.map((v) => v.pod).join(",")}] ${a.message}`);
}

// Every scenario of bare pods: the conformance cases (ours and, when
// present, ../shared's) and the gallery's examples that hold no workload.
function bareScenarios() {
  const out = [];
  for (const base of [join(root, "tests/conformance"), join(root, "../shared/conformance")]) {
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const file = join(base, name, "scenario.yaml");
      if (existsSync(file)) out.push({ name: `conformance/${name}`, text: readFileSync(file, "utf8"), expected: JSON.parse(readFileSync(join(base, name, "expected.json"), "utf8")) });
    }
  }
  const gallery = JSON.parse(readFileSync(join(root, "web/examples/gallery.json"), "utf8"));
  for (const e of gallery) out.push({ name: `gallery/${e.id}`, text: readFileSync(join(root, "web/examples", e.file), "utf8"), expected: {} });
  return out.filter((s) => !/^kind:\s*(Deployment|ReplicaSet|StatefulSet|DaemonSet|Job|ReplicationController)\s*$/m.test(s.text));
}

test("workloads: the bench's scenarios (bare pods) decide the same with the controllers on and off", async () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-bench-"));
  const gen = spawnSync("node", [join(root, "bench/gen.mjs"), "--only", "basic-100,mix-1000", "--out", dir], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  for (const name of ["basic-100", "mix-1000"]) {
    const text = readFileSync(join(dir, `${name}.json`), "utf8");
    const on = await simulate(text);
    const off = await simulate(text, { controllers: false });
    assert.ok(on.pods.length > 0, name);
    assert.deepEqual(decisions(on), decisions(off), name);
  }
});

test("workloads: every bare-pod conformance case and gallery example decides the same with the controllers on and off", async () => {
  const scenarios = bareScenarios();
  assert.ok(scenarios.length >= 60, `only ${scenarios.length} scenarios`);
  for (const s of scenarios) {
    const options = { profile: s.expected.profile, seed: s.expected.seed };
    const on = await simulate(s.text, options);
    const off = await simulate(s.text, { ...options, controllers: false });
    assert.deepEqual(decisions(on), decisions(off), s.name);
    assert.equal(on.workloads.controllers, true);
    assert.equal(off.workloads.controllers, false);
    assert.deepEqual(off.workloads.items, []);
  }
});

const cluster = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: api}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: node-a, creationTimestamp: "2024-05-01T08:00:00Z"}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: batch-7c9d8
  namespace: jobs
spec:
  replicas: 2
  selector: {matchLabels: {app: batch}}
${["x1", "x2"].map((n) => `---
apiVersion: v1
kind: Pod
metadata:
  name: batch-7c9d8-${n}
  namespace: jobs
  labels: {app: batch}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: batch-7c9d8, controller: true, uid: u}]
spec:
  nodeName: node-a
  priorityClassName: batch
  priority: 100
  containers: [{name: c, image: busybox, resources: {requests: {cpu: "2"}}}]
status: {phase: Running}`).join("\n")}
`;

const change = `apiVersion: apps/v1
kind: Deployment
metadata: {name: api}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      priorityClassName: api
      containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]
`;

function files() {
  const dir = mkdtempSync(join(tmpdir(), "podsim-apply-"));
  writeFileSync(join(dir, "cluster.yaml"), cluster);
  writeFileSync(join(dir, "change.yaml"), change);
  return dir;
}

test("workloads: podsim run --apply leads with the change's difference: its pods, whom they evict, the cascade, then the workloads", () => {
  const dir = files();
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "change.yaml"), "--namespace", "shop"]);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split("\n");
  const at = (re) => lines.findIndex((l) => re.test(l));
  const head = at(/^Your change \(what differs from the cluster settled without it\):$/);
  assert.equal(head, 3, r.stdout);
  assert.equal(lines[4], "  Its pods (1): 1 bound");
  assert.match(lines[5], /^ {4}shop\/api-[a-z0-9]+-[a-z0-9]{5} -> bound on node-a, evicting jobs\/batch-7c9d8-x[12]$/);
  assert.match(r.stdout, /\n {2}Deployment shop\/api: wanted 1, running 0 -> 1, 1 created\n {2}Pods of the cluster that lose their place \(1\): 1 evicted\n {4}jobs\/batch-7c9d8-x[12] on node-a: evicted by shop\/api-\S+\n/);
  assert.match(r.stdout, /\n {2}Cascades that start from it \(1; a controller replaces what preemption took\):\n {4}shop\/api-\S+ evicted jobs\/batch-7c9d8-x[12]; ReplicaSet jobs\/batch-7c9d8 recreated it as jobs\/batch-7c9d8-[a-z0-9]{5}; jobs\/batch-7c9d8-[a-z0-9]{5} pending: 0\/1 nodes are available: 1 Insufficient cpu\./);
  assert.match(r.stdout, /\nThe cluster's own activity \(it happens without your change too\): 0 pending pods\.\n/);
  assert.match(r.stdout, /\nWorkloads \(those that changed: 2\):\n {2}ReplicaSet jobs\/batch-7c9d8: wanted 2, running 2 -> 1, 1 pending, 1 created, 1 preempted \(not settled\)\n {2}Deployment shop\/api: wanted 1, running 0 -> 1, 1 created\n/);
  // The attempts in full only when asked for.
  assert.equal(at(/ -> nominated node-a, evicting 1 pod/), -1);
  const detail = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "change.yaml"), "--namespace", "shop", "--detail"]);
  assert.ok(detail.stdout.indexOf("Cascades that start from it") < detail.stdout.search(/ -> nominated node-a, evicting 1 pod/), "the change's difference comes before the attempts");
});

test("workloads: --apply - reads the change from standard input; --json marks the change's pods", () => {
  const dir = files();
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", "-", "--json"], change);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  const mine = result.pods.filter((a) => a.fromChange);
  assert.ok(mine.length >= 1);
  assert.ok(mine.every((a) => a.pod.startsWith("default/api-")));
  assert.ok(result.pods.filter((a) => !a.fromChange).every((a) => a.pod.startsWith("jobs/batch-7c9d8-")));
  assert.equal(result.workloads.chains.length, 1);
  assert.equal(result.workloads.chains[0].workload, "ReplicaSet jobs/batch-7c9d8");
  assert.equal(result.workloads.chains[0].outcome, "Unschedulable");
});

test("workloads: --no-controllers leaves the victim unreplaced and creates no pods", () => {
  const dir = files();
  writeFileSync(join(dir, "pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: api}\nspec:\n  priorityClassName: api\n  containers: [{name: c, image: x, resources: {requests: {cpu: '2'}}}]\n");
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "pod.yaml"), "--no-controllers", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.deepEqual(result.workloads.chains, []);
  assert.deepEqual([...new Set(result.pods.map((a) => a.pod))], ["default/api"]);
});

test("workloads: diagnostics of a change name its file and its own lines", () => {
  const dir = files();
  writeFileSync(join(dir, "bad.yaml"), change.replace('cpu: "2"', 'cpu: "lots"').replaceAll("api", "web"));
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "change.yaml"), "--apply", join(dir, "bad.yaml")]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`^${join(dir, "bad.yaml").replace(/[.\\/]/g, "\\$&")}:11: error: Deployment default/web: spec\\.template\\.spec\\.containers\\[0\\]\\.resources\\.requests\\.cpu: invalid quantity "lots"`, "m"));
});

test("workloads: --apply usage errors say what is wrong", () => {
  const cases = [
    [["run", "a.yaml", "--apply"], /--apply takes a file/],
    [["run", "-", "--apply", "-"], /standard input \(-\) can be read once/],
    [["run", "a.yaml", "--namespace", "shop"], /--namespace sets the namespace of the change's objects: it needs --apply/],
    [["run", "a.yaml", "--apply", "b.yaml", "--namespace", "Shop"], /--namespace takes a namespace name/],
  ];
  for (const [args, message] of cases) {
    const r = podsim(args);
    assert.equal(r.status, 2, args.join(" "));
    assert.match(r.stderr, message);
  }
});

test("workloads: the API's options.controllers and options.namespace are checked", async () => {
  await assert.rejects(simulate("", { controllers: "yes" }), /options.controllers takes true or false/);
  const loaded = await loadCluster(cluster);
  try {
    await assert.rejects(loaded.simulate(change, { namespace: "Not_OK" }), /options.namespace takes a namespace name/);
    const result = await loaded.simulate(change, { namespace: "shop" });
    assert.ok(result.pods.some((a) => a.pod.startsWith("shop/api-") && a.fromChange));
  } finally {
    loaded.free();
  }
});

test("workloads: the Markdown report has the replacement chains and the workloads table", () => {
  const dir = files();
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "change.yaml"), "--markdown"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /\n### Workloads\n\n- `default\/api-\S+ evicted jobs\/batch-7c9d8-x[12]; ReplicaSet jobs\/batch-7c9d8 recreated it as /);
  assert.match(r.stdout, /\n\| `ReplicaSet jobs\/batch-7c9d8` \| 2 \| 2 \| 1 \| 1 \|\n\| `Deployment default\/api` \(your change\) \| 1 \| 0 \| 1 \| 0 \|\n/);
});

test("--events prints the run as a log in the queue's order: each cycle between the events before it and the ones it caused", () => {
  const dir = files();
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "change.yaml"), "--events"]);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.match(lines[0], /^podsim: kube-scheduler 1\.37 semantics \(profile current\); the simulated clock starts at 2024-05-01T08:00:00Z/);
  const kinds = lines.slice(1).map((l) => l.trim().split(/\s{2,}/)[1]);
  // The change's pod is created, tried (it nominates), then its victim
  // terminates and the ReplicaSet replaces it; 30 s later the victim is gone.
  assert.deepEqual(kinds.slice(0, 5), ["created", "attempt", "terminating", "unschedulable", "created"]);
  assert.match(lines[1], /^ {1}\+0 s {2}created {8}ReplicaSet default\/api-\S+ creates default\/api-\S+\.$/);
  assert.match(lines[2], /^ {1}\+0 s {2}attempt {8}default\/api-\S+ -> nominated node-a, evicting 1 pod: jobs\/batch-7c9d8-x[12] \(attempt 1\)$/);
  assert.ok(lines.some((l) => /^\+30 s {2}gone {11}jobs\/batch-7c9d8-x[12] has left node-a/.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^\+30 s {2}attempt {8}default\/api-\S+ -> scheduled on node-a \(attempt 2\)$/.test(l)), r.stdout);
  const usage = podsim(["run", join(dir, "cluster.yaml"), "--events", "--json"]);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--json, --markdown and --events print different things: choose one/);
});

test("--apply reads JSON and YAML files together, and a cluster object's problem keeps the cluster's file and line", () => {
  const dir = files();
  const pod = { apiVersion: "v1", kind: "Pod", metadata: { name: "json-pod" }, spec: { priorityClassName: "batch", containers: [{ name: "c", image: "x", resources: { requests: { cpu: "1" } } }] } };
  writeFileSync(join(dir, "pod.json"), JSON.stringify(pod, null, 2));
  // A cluster pod bound to a node the cluster lacks: found by the run.
  writeFileSync(join(dir, "cluster.yaml"), `${cluster}---
apiVersion: v1
kind: Pod
metadata: {name: stray, namespace: jobs}
spec: {nodeName: gone-node, containers: [{name: c, image: x}]}
`);
  const r = podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "pod.json"), "--apply", join(dir, "change.yaml"), "--json"]);
  assert.equal(r.status, 1, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.ok(result.pods.some((a) => a.pod === "default/json-pod" && a.fromChange), "the JSON file's pod");
  assert.ok(result.pods.some((a) => a.pod.startsWith("default/api-") && a.fromChange), "the YAML file's Deployment");
  const stray = cluster.split("\n").length + 4; // its spec.nodeName line
  assert.match(r.stderr, new RegExp(`^${join(dir, "cluster.yaml").replace(/[.\\/]/g, "\\$&")}:${stray}: error: Pod jobs/stray: spec\\.nodeName: bound to node "gone-node"`, "m"));
});
