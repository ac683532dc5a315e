// podsim reduce, reduce() and cluster.reduce(): the reduced scenario is cut
// out of the input unchanged and gives the pod the same first decision.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

import { seededRandom, writeDump } from "../../bench/dump.mjs";
import { loadCluster, reduce, reducedScenario, simulate } from "../../wasm/index.mjs";
import { formatReduction, formatReductionMarkdown } from "../../wasm/report.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const examples = join(root, "web/examples");
const dir = mkdtempSync(join(tmpdir(), "podsim-reduce-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

// The pod's first attempt in a result: outcome, node and victims.
function firstDecision(result, pod) {
  const a = result.pods.find((p) => p.pod === pod);
  if (!a) return null;
  return { outcome: a.outcome, node: a.node ?? "", victims: a.victims.map((v) => v.pod).sort() };
}

// Simulates the reduced scenario as the reduction did (its clock start) and
// checks it decides the pod as the reduction says.
async function assertSameDecision(reduction, scenario = reduction.scenario) {
  const result = await simulate(scenario, { startTime: reduction.startMs });
  assert.deepEqual(result.diagnostics.filter((d) => d.severity === "error"), []);
  assert.deepEqual(firstDecision(result, reduction.pod), reduction.decision);
}

const gallery = JSON.parse(readFileSync(join(examples, "gallery.json"), "utf8"));
const checkout = gallery.find((e) => e.id === "reduce-checkout");
const checkoutText = readFileSync(join(examples, checkout.file), "utf8");

test("reduce(): the gallery's reduction keeps the nodes it promises, verbatim", async () => {
  const r = await reduce(checkoutText, { pod: checkout.reduce.pod });
  assert.equal(r.kind, "Reduction");
  assert.equal(r.error, undefined);
  assert.deepEqual(r.kept.filter((o) => o.kind === "Node").map((o) => o.name), checkout.reduce.nodes);
  const [want] = checkout.expect;
  assert.deepEqual(r.decision, { outcome: want.outcome, node: want.node, victims: want.victims });
  assert.equal(r.capped, false);
  assert.ok(r.runs > 1 && r.runs <= r.limit);
  // Each document of the reduced scenario is a document of the input.
  const documents = r.scenario.split(/^---\n/m);
  assert.equal(documents.length, r.kept.length);
  for (const d of documents) assert.ok(checkoutText.includes(d.trim()), d);
  await assertSameDecision(r);
  assert.match(r.kept.find((o) => o.name === "reindex-0").reason, /^runs on node-09; needed: without it, the victims are /);
  assert.equal(r.kept.find((o) => o.name === "node-09").reason, "the node shop/checkout is nominated to");
});

test("reduce(): every gallery pod's first decision survives its reduction", async () => {
  for (const example of gallery) {
    const text = readFileSync(join(examples, example.file), "utf8");
    // Pods of the input (not those the controllers create in the run).
    const inInput = (pod) => text.includes(`name: ${pod.split("/")[1]}`);
    for (const want of example.expect.filter((e) => e.attempt === 1 && inInput(e.pod))) {
      const r = await reduce(text, { pod: want.pod });
      assert.equal(r.error, undefined, `${example.id} ${want.pod}: ${r.error}`);
      await assertSameDecision(r);
    }
  }
});

test("reduce(): conformance cases reduce to scenarios that decide alike", async () => {
  const cases = join(root, "tests/conformance");
  for (const name of readdirSync(cases).filter((n) => existsSync(join(cases, n, "expected.json")))) {
    const text = readFileSync(join(cases, name, "scenario.yaml"), "utf8");
    const expected = JSON.parse(readFileSync(join(cases, name, "expected.json"), "utf8"));
    for (const p of expected.pending ?? []) {
      const r = await reduce(text, { pod: p.pod });
      if (r.error) {
        assert.match(r.error, /gets no scheduling cycle/, `${name} ${p.pod}`);
        continue;
      }
      await assertSameDecision(r);
    }
  }
});

test("reduce(): a generated kubectl dump keeps its objects verbatim, managedFields and all", async () => {
  for (const format of ["yaml", "json"]) {
    const file = join(dir, `dump.${format}`);
    writeDump(file, { nodes: 12, pods: 200 }, format, seededRandom(7));
    const text = readFileSync(file, "utf8");
    const pending = (await simulate(text)).pods[0].pod;
    const r = await reduce(text, { pod: pending });
    assert.equal(r.error, undefined);
    assert.ok(r.counts.find((c) => c.kind === "Pod").kept < 200);
    assert.match(r.scenario, /managedFields/);
    await assertSameDecision(r);
    if (format === "yaml") {
      // Each kept List item is the input's lines, unchanged.
      const items = r.scenario.split(/^(?=- )/m).slice(1).map((i) => i.replace(/kind: List\n$/, ""));
      assert.equal(items.length, r.kept.length);
      for (const item of items) assert.ok(text.includes(item), item.slice(0, 80));
    } else {
      const input = JSON.parse(text).items;
      for (const item of JSON.parse(r.scenario).items) {
        assert.deepEqual(item, input.find((o) => o.kind === item.kind && o.metadata.name === item.metadata.name && o.metadata.namespace === item.metadata.namespace));
      }
    }
  }
});

test("reduce(): JSON values one after the other are cut out as values", async () => {
  const node = (name) => ({ apiVersion: "v1", kind: "Node", metadata: { name }, status: { allocatable: { cpu: "1", pods: "10" } } });
  const web = { apiVersion: "v1", kind: "Pod", metadata: { name: "web" }, spec: { containers: [{ name: 'a "}" in a string', resources: { requests: { cpu: "1" } } }] } };
  const text = [node("n1"), node("n2"), web].map((o) => JSON.stringify(o)).join("\n");
  const r = await reduce(text, { pod: "web" });
  assert.deepEqual(r.kept.map((o) => o.name), ["n1", "web"]);
  assert.deepEqual(JSON.parse(r.scenario).items, [node("n1"), web]);
  await assertSameDecision(r);
});

// Two nodes, the small one too small for web: the reduction keeps the big
// node and web. Their text carries what a re-serialization would change:
// comments, non-ASCII text, Go's HTML escapes, a brace in a string.
const SMALL = { apiVersion: "v1", kind: "Node", metadata: { annotations: { note: "café <b>" }, name: "small" }, status: { allocatable: { cpu: "1", pods: "10" } } };
const BIG = { apiVersion: "v1", kind: "Node", metadata: { annotations: { note: "naïve }{ <i>" }, name: "big" }, status: { allocatable: { cpu: "4", pods: "10" } } };
const WEB = { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "default" }, spec: { containers: [{ name: "c", resources: { requests: { cpu: "2" } } }] } };

// A List as kubectl get -o json prints it (encoding/json escapes < and >).
function kubectlJson(items) {
  const text = JSON.stringify({ apiVersion: "v1", items, kind: "List", metadata: { resourceVersion: "" } }, null, 4);
  return `${text.replace(/</g, "\\u003c").replace(/>/g, "\\u003e")}\n`;
}

test("reduce(): a kubectl JSON dump reduces to its kept items, byte for byte", async () => {
  const r = await reduce(kubectlJson([SMALL, BIG, WEB]), { pod: "default/web" });
  assert.deepEqual(r.kept.map((o) => o.name), ["big", "web"]);
  assert.deepEqual(r.kept.map((o) => o.range.form), ["json", "json"]);
  assert.equal(r.scenario, kubectlJson([BIG, WEB]));
});

test("reduce(): a YAML stream reduces to its kept documents, byte for byte", async () => {
  const small = '# The small node\napiVersion: v1\nkind: Node\nmetadata:\n  name: small\n  annotations: {note: "café"}\nstatus:\n  allocatable: {cpu: "1", pods: "10"}\n';
  const big = '# The big one: naïve }{\napiVersion: v1\nkind: Node\nmetadata: {name: big}\nstatus:\n  allocatable: {cpu: "4", pods: "10"}';
  const web = 'apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n  containers:\n  - name: c\n    resources: {requests: {cpu: "2"}}';
  // The comment after big is about what follows: it stays in the input.
  const text = `${small}---\n${big}\n# the pod follows\n--- # web\n${web}\n`;
  const r = await reduce(text, { pod: "default/web" });
  assert.deepEqual(r.kept.map((o) => `${o.name} ${o.range.form}`), ["big yamlDocument", "web yamlDocument"]);
  assert.equal(r.scenario, `${big}\n---\n${web}\n`);
  // The items of a YAML List, whatever their indentation, as a List.
  const item = (t) => `  - ${t.replace(/^#.*\n/, "").trimEnd().replace(/\n/g, "\n    ")}\n`;
  const list = `apiVersion: v1\nitems:\n${[small, big, web].map(item).join("")}kind: List\n`;
  const reduced = await reduce(list, { pod: "default/web" });
  assert.deepEqual(reduced.kept.map((o) => `${o.name} ${o.range.form}`), ["big yamlItem", "web yamlItem"]);
  assert.equal(reduced.scenario, `apiVersion: v1\nitems:\n${item(big)}${item(web)}kind: List\n`);
});

test("reducedScenario(): a cluster read as a Blob is cut out by its kept bytes alone", async () => {
  const text = kubectlJson([SMALL, BIG]);
  const change = `${JSON.stringify(WEB, null, 4)}\n`;
  const cluster = await loadCluster(new Blob([text]));
  try {
    const r = await cluster.reduce("default/web", { change });
    assert.deepEqual(r.kept.map((o) => `${o.name}${o.change ? " (change)" : ""}`), ["big", "web (change)"]);
    const fromText = await reducedScenario(r, { cluster: text, change });
    assert.equal(fromText, `${kubectlJson([BIG])}\n${kubectlJson([WEB])}`);
    assert.equal(await reducedScenario(r, { cluster: new Blob([text]), change }), fromText);
    assert.equal(await reducedScenario(r, { cluster: new TextEncoder().encode(text), change }), fromText);
  } finally {
    cluster.free();
  }
});

test("reduce(): a Namespace whose labels a namespaceSelector reads is cut out with its pod", async () => {
  const object = (kind, name, ns, rest = {}) => ({ apiVersion: "v1", kind, metadata: { name, ...(ns ? { namespace: ns } : {}), ...(rest.metadata ?? {}) }, ...rest.body });
  const pod = (name, ns, spec, labels = {}) => object("Pod", name, ns, { metadata: { labels }, body: { spec: { ...spec, containers: [{ name: "c", resources: { requests: { cpu: "1" } } }] } } });
  const objects = [
    object("Namespace", "team", "", { metadata: { labels: { tier: "gold" } } }),
    object("Namespace", "other", "", { metadata: { labels: { tier: "gold" } } }),
    object("Node", "n1", "", { metadata: { labels: { "kubernetes.io/hostname": "n1" } }, body: { status: { allocatable: { cpu: "4", pods: "10" } } } }),
    pod("db", "team", { nodeName: "n1" }, { app: "db" }),
    pod("web", "default", { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: "db" } }, namespaceSelector: { matchLabels: { tier: "gold" } }, topologyKey: "kubernetes.io/hostname" }] } } }),
  ];
  const yaml = objects.map((o) => JSON.stringify(o)).join("\n---\n");
  for (const text of [yaml, JSON.stringify({ apiVersion: "v1", kind: "List", items: objects })]) {
    const r = await reduce(text, { pod: "default/web" });
    assert.equal(r.decision.outcome, "Unschedulable");
    assert.deepEqual(r.kept.map((o) => `${o.kind} ${o.name}`), ["Node n1", "Pod db", "Pod web", "Namespace team"]);
    // Read on its own, as a person would run it.
    const result = await simulate(r.scenario);
    assert.deepEqual(firstDecision(result, "default/web"), r.decision);
  }
});

test("reduce(): a KubeSchedulerConfiguration item of a List is cut out with the kept objects", async () => {
  const text = [
    "apiVersion: v1",
    "kind: List",
    "items:",
    "- apiVersion: kubescheduler.config.k8s.io/v1",
    "  kind: KubeSchedulerConfiguration",
    "  profiles:",
    "  - schedulerName: default-scheduler",
    "    plugins: {filter: {disabled: [{name: TaintToleration}]}}",
    "- apiVersion: v1",
    "  kind: Node",
    "  metadata: {name: n1}",
    "  spec: {taints: [{key: gpu, effect: NoSchedule}]}",
    '  status: {allocatable: {cpu: "2", pods: "10"}}',
    "- apiVersion: v1",
    "  kind: Pod",
    "  metadata: {name: web, namespace: default}",
    '  spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}',
    "",
  ].join("\n");
  const r = await reduce(text, { pod: "default/web" });
  assert.equal(r.decision.outcome, "Scheduled");
  assert.match(r.scenario, /^items:\n- apiVersion: kubescheduler.config.k8s.io\/v1\n {2}kind: KubeSchedulerConfiguration\n/m);
  // Read on its own: TaintToleration stays off, and web fits the tainted n1.
  assert.deepEqual(firstDecision(await simulate(r.scenario), "default/web"), r.decision);
});

test("cluster.reduce(): a change laid over a loaded dump, cut out of both sources", async () => {
  const file = join(dir, "cluster.yaml");
  writeDump(file, { nodes: 12, pods: 200 }, "yaml", seededRandom(3));
  const text = readFileSync(file, "utf8");
  const change = "apiVersion: v1\nkind: Pod\nmetadata: {name: urgent, namespace: default}\nspec:\n  priority: 1000000000\n  containers:\n  - {name: app, resources: {requests: {cpu: \"3\"}}}\n";
  const cluster = await loadCluster(text);
  try {
    const r = await cluster.reduce("default/urgent", { change });
    assert.equal(r.error, undefined);
    assert.equal(r.scenario, undefined);
    assert.equal(r.decision.outcome, "Nominated");
    assert.deepEqual(r.kept.filter((o) => o.change).map((o) => o.name), ["urgent"]);
    const scenario = await reducedScenario(r, { cluster: text, change });
    assert.ok(scenario.endsWith(change));
    await assertSameDecision(r, scenario);
    const again = await cluster.reduce("default/urgent", { change: "" });
    assert.match(again.error, /^pod default\/urgent is not in the scenario; pending pods: /);
  } finally {
    cluster.free();
  }
  assert.equal((await reducedScenario({ kept: [] }, { cluster: text })), "");
});

// Pods that workloads create as the clock runs: three nodes, each full of a
// low-priority pod, and one workload of each kind whose pod needs room.
const WORKLOAD_CLUSTER = [
  "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n",
  "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: 10\n",
  ...["n1", "n2", "n3"].map((n) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}}\nstatus:\n  allocatable: {cpu: "2", memory: 4Gi, pods: "10"}\n`),
  ...["n1", "n2", "n3"].map(
    (n) => `apiVersion: v1\nkind: Pod\nmetadata: {name: batch-${n}, namespace: default}\nspec:\n  nodeName: ${n}\n  priorityClassName: low\n  containers:\n  - name: c\n    resources: {requests: {cpu: 1500m}}\n`,
  ),
].join("---\n");
// The pod template: labels, then the rest of its spec.
const template = (labels, spec = "") =>
  `  template:\n    metadata:\n      labels: {${labels}}\n    spec:\n${spec}      priorityClassName: high\n      containers:\n      - name: c\n        resources: {requests: {cpu: "1"}}\n`;
// The Job as kubectl prints it: the selector the API server generated.
const JOB_UID = "0d6c4b8e-1f4a-4c1e-9d7a-2b3c4d5e6f70";
const WORKLOADS = [
  { kind: "Deployment", name: "api", created: /^default\/api-[a-z0-9]{9,10}-[a-z0-9]{5}$/, text: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api, namespace: default}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: api}}\n${template("app: api")}` },
  { kind: "ReplicaSet", name: "cache", created: /^default\/cache-[a-z0-9]{5}$/, text: `apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: cache, namespace: default}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: cache}}\n${template("app: cache")}` },
  { kind: "StatefulSet", name: "db", created: /^default\/db-0$/, text: `apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: default}\nspec:\n  replicas: 1\n  serviceName: db\n  selector: {matchLabels: {app: db}}\n${template("app: db")}` },
  {
    kind: "Job",
    name: "etl",
    created: /^default\/etl-[a-z0-9]{5}$/,
    text: `apiVersion: batch/v1\nkind: Job\nmetadata: {name: etl, namespace: default, uid: ${JOB_UID}}\nspec:\n  selector:\n    matchLabels: {batch.kubernetes.io/controller-uid: ${JOB_UID}}\n${template(`batch.kubernetes.io/controller-uid: ${JOB_UID}, batch.kubernetes.io/job-name: etl`, "      restartPolicy: Never\n")}`,
  },
];

// The pod a workload creates, as podsim run names it, and what the reduction
// must keep for it: the workload, the node it is nominated to, its victim and
// both classes.
async function createdPod(text, workload) {
  const [first] = (await simulate(text)).pods;
  assert.match(first.pod, workload.created);
  assert.deepEqual([first.attempt, first.outcome, first.node, first.victims.map((v) => v.pod)], [1, "Nominated", "n1", ["default/batch-n1"]]);
  return first.pod;
}
function keptFor(workload, pod) {
  return [
    `Node n1: the node ${pod} is nominated to`,
    "Pod default/batch-n1: a victim",
    `PriorityClass high: the priority class of ${workload.kind} default/${workload.name}`,
    "PriorityClass low: the priority class of default/batch-n1",
    `${workload.kind} default/${workload.name}: creates ${pod}; needed: without it, ${pod} gets no scheduling cycle`,
  ];
}
const keptLines = (r) => r.kept.map((o) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name}: ${o.reason}`);

test("reduce(): a pod a Deployment, ReplicaSet, StatefulSet or Job creates reduces to its workload, node, victim and classes", async () => {
  for (const workload of WORKLOADS) {
    const text = `${WORKLOAD_CLUSTER}---\n${workload.text}`;
    const pod = await createdPod(text, workload);
    const r = await reduce(text, { pod });
    assert.equal(r.error, undefined, `${workload.kind}: ${r.error}`);
    assert.equal(r.pod, pod);
    assert.deepEqual(r.decision, { outcome: "Nominated", node: "n1", victims: ["default/batch-n1"] });
    assert.deepEqual(keptLines(r), keptFor(workload, pod), workload.kind);
    assert.deepEqual(r.counts.find((c) => c.kind === "Node"), { kind: "Node", kept: 1, removed: 2, total: 3 });
    // The pod itself is no object of the text: its workload makes it again,
    // under the same name, when the reduced scenario runs.
    assert.ok(r.scenario.endsWith(workload.text), workload.kind);
    assert.ok(!r.scenario.includes(pod.split("/")[1]), workload.kind);
    await assertSameDecision(r);
    assert.deepEqual(firstDecision(await simulate(r.scenario), pod), r.decision);
  }
  // A name no workload makes is refused, naming the pods they do make.
  const text = `${WORKLOAD_CLUSTER}---\n${WORKLOADS[0].text}`;
  const pod = await createdPod(text, WORKLOADS[0]);
  assert.equal(
    (await reduce(text, { pod: "default/api-nope" })).error,
    `pod default/api-nope is not in the scenario nor created by its workloads; it has no pending pods; its workloads create ${pod}`,
  );
});

test("cluster.reduce(): a pod a Deployment of the change creates, over a loaded cluster", async () => {
  const [deployment] = WORKLOADS;
  const pod = await createdPod(`${WORKLOAD_CLUSTER}---\n${deployment.text}`, deployment);
  const cluster = await loadCluster(WORKLOAD_CLUSTER);
  try {
    const r = await cluster.reduce(pod, { change: deployment.text });
    assert.equal(r.error, undefined);
    assert.deepEqual(keptLines(r), keptFor(deployment, pod));
    assert.deepEqual(r.kept.filter((o) => o.change).map((o) => `${o.kind} ${o.name}`), ["Deployment api"]);
    const scenario = await reducedScenario(r, { cluster: WORKLOAD_CLUSTER, change: deployment.text });
    assert.ok(scenario.endsWith(deployment.text));
    await assertSameDecision(r, scenario);
  } finally {
    cluster.free();
  }
});

test("reduce(): pods that cannot be reduced for say why", async () => {
  assert.match((await reduce(checkoutText, { pod: "shop/nope" })).error, /^pod shop\/nope is not in the scenario; pending pods: shop\/checkout, batch\/report-0, /);
  assert.equal((await reduce(checkoutText, { pod: "batch/reindex-0" })).error, "pod batch/reindex-0 is bound to node-09 in the input: only a pending pod has a decision to reduce");
  assert.match((await reduce(checkoutText, { pod: "shop/checkout", profile: "v0.1" })).error, /^unknown profile "v0.1" \(known: /);
  await assert.rejects(() => reduce(checkoutText, {}), /options.pod takes a pod as "<namespace>\/<name>"/);
  await assert.rejects(() => reduce(checkoutText, { pod: "Bad Name" }), TypeError);
});

test("reports: the text and Markdown reports say what was kept and why", async () => {
  const r = await reduce(checkoutText, { pod: "shop/checkout" });
  const text = formatReduction(r, { file: "reduce-checkout.yaml" });
  assert.match(text, /^podsim reduce from reduce-checkout.yaml: shop\/checkout -> nominated node-09, evicting batch\/reindex-2, batch\/reindex-3\n/);
  assert.match(text, /kept 2 of 12 Nodes, 5 of 58 Pods, 2 of 5 PriorityClasses, 0 of 2 PodDisruptionBudgets \(\d+ simulations\)/);
  assert.match(text, /\n {2}Node node-01 {2,}a node where Filter says UnschedulableAndUnresolvable: node\(s\) had untolerated taint\(s\); needed: /);
  const md = formatReductionMarkdown(r, { shareLink: "https://example.com/#s=1" });
  assert.match(md, /^### podsim reduce: `shop\/checkout`\n/);
  assert.match(md, /\| `Pod batch\/reindex-2` \| a victim \|/);
  assert.match(md, /```yaml\n/);
  assert.match(md, /\[Open the reduced scenario in the podsim playground\]\(https:\/\/example.com\/#s=1\)/);
  assert.equal(formatReduction({ error: "pod x is not in the scenario" }), "podsim reduce: pod x is not in the scenario");
});

test("CLI: podsim reduce prints the report and the scenario, or writes it", () => {
  const file = join(examples, checkout.file);
  const printed = podsim(["reduce", file, "--pod", "shop/checkout"]);
  assert.equal(printed.status, 0, printed.stderr);
  assert.match(printed.stdout, /shop\/checkout -> nominated node-09/);
  assert.match(printed.stdout, /\nKept:\n/);
  assert.match(printed.stdout, /\nReduced scenario:\napiVersion: /);
  const out = join(dir, "reduced.yaml");
  const written = podsim(["reduce", file, "--pod", "shop/checkout", "--out", out]);
  assert.equal(written.status, 0, written.stderr);
  assert.match(written.stdout, new RegExp(`The reduced scenario is in ${out}\\.`));
  const reduced = readFileSync(out, "utf8");
  assert.ok(printed.stdout.endsWith(reduced));
  const json = podsim(["reduce", "-", "--pod", "shop/checkout", "--json"], checkoutText);
  assert.equal(json.status, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout).scenario, reduced);
  const md = podsim(["reduce", file, "--pod", "shop/checkout", "--markdown"]);
  assert.match(md.stdout, /^### podsim reduce/);
  assert.doesNotMatch(written.stdout, /Run it as the reduction did/);
});

test("CLI: podsim reduce says the options the reduced scenario needs to decide alike", () => {
  const out = join(dir, "seeded.yaml");
  const file = join(examples, checkout.file);
  const seeded = podsim(["reduce", file, "--pod", "shop/checkout", "--out", out, "--seed", "7", "--no-controllers"]);
  assert.equal(seeded.status, 0, seeded.stderr);
  assert.match(seeded.stdout, new RegExp(`\\nRun it as the reduction did: podsim run ${out} --seed 7 --no-controllers\\n`));
  const printed = podsim(["reduce", file, "--pod", "shop/checkout", "--start-time", "2024-05-01T08:00:00Z"]);
  assert.match(printed.stdout, /\nRun it as the reduction did: podsim run <reduced.yaml> --start-time 2024-05-01T08:00:00Z\n\nReduced scenario:\n/);
});

test("CLI: podsim reduce --apply lays the change over the scenario", () => {
  const change = join(dir, "change.yaml");
  writeFileSync(change, "apiVersion: v1\nkind: Pod\nmetadata: {name: rush}\nspec:\n  priority: 5000\n  containers:\n  - {name: app, resources: {requests: {cpu: \"4\"}}}\n");
  const run = podsim(["reduce", join(examples, checkout.file), "--apply", change, "--pod", "default/rush", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  const r = JSON.parse(run.stdout);
  assert.deepEqual(r.kept.filter((o) => o.change).map((o) => o.name), ["rush"]);
  assert.ok(r.scenario.endsWith(readFileSync(change, "utf8")));
});

test("CLI: podsim reduce for a pod a workload creates, in the scenario or applied over it", async () => {
  const [deployment] = WORKLOADS;
  const scenarioFile = join(dir, "workloads.yaml");
  writeFileSync(scenarioFile, `${WORKLOAD_CLUSTER}---\n${deployment.text}`);
  const pod = await createdPod(readFileSync(scenarioFile, "utf8"), deployment);
  const printed = podsim(["reduce", scenarioFile, "--pod", pod]);
  assert.equal(printed.status, 0, printed.stderr);
  assert.ok(
    printed.stdout.startsWith(`podsim reduce from ${scenarioFile}: ${pod} -> nominated n1, evicting default/batch-n1\n  kept 1 of 3 Nodes, 1 of 3 Pods, 2 of 2 PriorityClasses, 1 of 1 workload (`),
    printed.stdout,
  );
  assert.match(printed.stdout, new RegExp(`\\n {2}Deployment default/api +creates ${pod}; needed: without it, ${pod} gets no scheduling cycle\\n`));
  assert.ok(printed.stdout.endsWith(`\nReduced scenario:\n${(await reduce(readFileSync(scenarioFile, "utf8"), { pod })).scenario}`));
  for (const file of ["n2", "batch-n3"]) assert.doesNotMatch(printed.stdout.split("\nReduced scenario:\n")[1], new RegExp(`name: ${file}\\b`));
  // The Deployment as the change laid over the cluster (--apply).
  const clusterFile = join(dir, "workload-cluster.yaml");
  const changeFile = join(dir, "deployment.yaml");
  writeFileSync(clusterFile, WORKLOAD_CLUSTER);
  writeFileSync(changeFile, deployment.text);
  const applied = podsim(["reduce", clusterFile, "--apply", changeFile, "--pod", pod, "--json"]);
  assert.equal(applied.status, 0, applied.stderr);
  const r = JSON.parse(applied.stdout);
  assert.deepEqual(keptLines(r), keptFor(deployment, pod));
  assert.deepEqual(r.kept.filter((o) => o.change).map((o) => `${o.kind} ${o.name}`), ["Deployment api"]);
  assert.ok(r.scenario.endsWith(deployment.text));
  await assertSameDecision(r);
  // A name its workloads do not make: exit 1, naming the ones they do.
  const unknown = podsim(["reduce", scenarioFile, "--pod", "default/api-nope"]);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, new RegExp(`workloads.yaml: pod default/api-nope is not in the scenario nor created by its workloads; it has no pending pods; its workloads create ${pod}\\n`));
});

test("CLI: podsim reduce refuses clearly", () => {
  const file = join(examples, checkout.file);
  const unknown = podsim(["reduce", file, "--pod", "default/x"]);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /reduce-checkout.yaml: pod default\/x is not in the scenario; pending pods: shop\/checkout, /);
  const missing = podsim(["reduce", file]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /reduce needs --pod NAMESPACE\/NAME/);
  assert.equal(podsim(["reduce", file, "--pod", "A/B"]).status, 2);
  assert.match(podsim(["reduce", file, "--pod", "x/y", "--bogus"]).stderr, /unknown option for reduce: --bogus/);
  assert.match(podsim(["reduce", file, "--pod", "x/y", "--json", "--markdown"]).stderr, /choose one/);
  const absent = podsim(["reduce", join(dir, "absent.yaml"), "--pod", "x/y"]);
  assert.equal(absent.status, 2);
  assert.match(absent.stderr, /absent.yaml: no such file/);
  const profile = podsim(["reduce", file, "--pod", "shop/checkout", "--profile", "v0.1"]);
  assert.equal(profile.status, 2);
  assert.match(profile.stderr, /unknown profile "v0.1"/);
});

