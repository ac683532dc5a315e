// Workloads on the page (#19 items 2-3): the workloads panel (each workload
// that changed and the chains in which a controller replaced what preemption
// took), a created pod's controller on its verdict, and, over a loaded
// cluster, the editors as "your change" with its consequences first; a link
// carries a small cluster with the change.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { encodeShare } from "../../web/src/model/share.js";
import { openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

const CLASSES = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 10000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch}
value: 100
`;

// Two bare batch pods that a ReplicaSet (not in the input) owns, a budget
// over them, and a Deployment whose two pods need the room of one of them.
const SCENARIO = `${CLASSES}---
apiVersion: v1
kind: Node
metadata: {name: node-a}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
${["a", "b"]
  .map(
    (n) => `apiVersion: v1
kind: Pod
metadata:
  name: batch-7f9-${n.repeat(5)}
  labels: {app: batch}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: batch-7f9, uid: u1, controller: true}]
spec:
  nodeName: node-${n}
  priorityClassName: batch
  containers: [{name: c, resources: {requests: {cpu: "3", memory: 1Gi}}}]
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
`,
  )
  .join("---\n")}---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: batch}
spec:
  minAvailable: 1
  selector: {matchLabels: {app: batch}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      priorityClassName: high
      containers: [{name: c, resources: {requests: {cpu: "2", memory: 1Gi}}}]
`;

// The change laid over the cluster below: a Deployment of three pods that
// need a node each.
const CHANGE = `apiVersion: apps/v1
kind: Deployment
metadata: {name: checkout, namespace: shop}
spec:
  replicas: 3
  selector: {matchLabels: {app: checkout}}
  template:
    metadata: {labels: {app: checkout}}
    spec:
      priorityClassName: high
      containers: [{name: c, resources: {requests: {cpu: "3", memory: 1Gi}}}]
`;

// A kubectl List (so the page reads it as a cluster, not a scenario) of six
// nodes, each full with one batch pod of a ReplicaSet and a few small pods,
// and a budget over the batch pods: about 20 KiB, a link's worth once
// compressed.
function clusterList() {
  const items = [
    { apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { name: "high" }, value: 10000 },
    { apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { name: "batch" }, value: 100 },
  ];
  for (let i = 1; i <= 6; i++) {
    items.push({
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: `node-${i}`, labels: { "kubernetes.io/hostname": `node-${i}`, "topology.kubernetes.io/zone": `zone-${i % 3}` } },
      status: { allocatable: { cpu: "4", memory: "8Gi", pods: "110" } },
    });
  }
  const pod = (name, node, cpu, labels, owner) => ({
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      namespace: "shop",
      labels,
      annotations: { "kubectl.kubernetes.io/last-applied-configuration": `{"note": "padding for ${name}"}` },
      ownerReferences: [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: owner, uid: `uid-${owner}`, controller: true }],
    },
    spec: { nodeName: node, priorityClassName: "batch", containers: [{ name: "c", image: "registry.example/batch:1.0", resources: { requests: { cpu, memory: "512Mi" } } }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }] },
  });
  for (let i = 1; i <= 6; i++) {
    items.push(pod(`report-6c5d-${"bcdfgh"[i - 1].repeat(5)}`, `node-${i}`, "2", { app: "report" }, "report-6c5d"));
    for (let j = 0; j < 4; j++) items.push(pod(`sidecar-${i}-${j}`, `node-${i}`, "250m", { app: `sidecar-${i}` }, `sidecar-${i}`));
  }
  items.push({
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name: "report", namespace: "shop" },
    spec: { minAvailable: 4, selector: { matchLabels: { app: "report" } } },
  });
  return JSON.stringify({ apiVersion: "v1", kind: "List", items }, null, 2);
}

let dir;
let clusterFile;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "podsim-workloads-"));
  clusterFile = join(dir, "shop-cluster.json");
  const text = clusterList();
  assert.ok(text.length > 16 * 1024, "a List over 16 KiB: the page reads it as a cluster");
  writeFileSync(clusterFile, text);
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function openScenario(text, viewport = { width: 1400, height: 1000 }) {
  const fragment = await encodeShare({ scenario: text, kubernetesVersion: "1.37" });
  const opened = await openPage(env.browser, `${env.server.url}#${fragment}`, { viewport });
  await opened.page.waitForSelector("#verdicts > *");
  await settled(opened.page);
  return opened;
}

const rows = (page) => page.locator("table.workloads tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())));

async function paste(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("Control+v");
}

// Opens the cluster file and types the change into the Workloads tab.
async function clusterWithChange(viewport = { width: 1400, height: 1000 }) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  const { page } = opened;
  await settled(page);
  await page.setInputFiles("#open-file", clusterFile);
  await page.waitForSelector(".cluster-panel", { timeout: 30000 });
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent), null, { timeout: 30000 });
  await settled(page);
  await page.getByRole("tab", { name: /Workloads/ }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await paste(page, CHANGE);
  await page.waitForSelector(".change-panel .change-pods", { timeout: 20000 });
  await settled(page);
  return opened;
}

test("workloads: a Deployment over a ReplicaSet's bare pods: the workloads panel, the chain, and who created each pod", async () => {
  const { page, errors, context } = await openScenario(SCENARIO);
  // The Deployment sits in its own tab.
  assert.equal(await page.getByRole("tab", { name: /Workloads/ }).locator(".count").textContent(), "1");

  // Each workload that changed, as the engine counts it.
  assert.deepEqual(await rows(page), [
    ["Deployment web", "2", "0 → 2", "0", "2", "0", "yes"],
    ["ReplicaSet batch-7f9not in the input: named by its pods", "2", "2 → 1", "1", "1", "1", "no"],
  ]);

  // The chain, as a sentence whose pods are links.
  const chain = page.locator(".workloads-panel .chain");
  assert.equal(await chain.count(), 1);
  assert.equal(
    await chain.locator(".chain-text").textContent(),
    "web-5995786787-6qtqh evicted batch-7f9-aaaaa; ReplicaSet batch-7f9 recreated it as batch-7f9-jzhl8, which is pending:",
  );
  assert.match(await chain.locator(".message").textContent(), /^0\/2 nodes are available: 2 Insufficient cpu\./);
  assert.deepEqual(await chain.locator(".pod-link").allTextContents(), ["web-5995786787-6qtqh", "batch-7f9-aaaaa", "batch-7f9-jzhl8"]);

  // A created pod's verdict says which controller made it and whom it replaces.
  const origins = await page.locator(".attempt .origin").allTextContents();
  assert.deepEqual(origins, [
    "created by ReplicaSet web-5995786787",
    "created by ReplicaSet web-5995786787",
    "created by ReplicaSet batch-7f9 to replace batch-7f9-aaaaa, which preemption deleted",
  ]);

  // The controllers' events, on the clock.
  await page.locator(".controller-events > summary").click();
  const events = await page.locator(".controller-events .event").allTextContents();
  assert.equal(events.length, 4);
  assert.equal(events[3], "+0 s ReplicaSet default/batch-7f9 creates default/batch-7f9-jzhl8 to replace default/batch-7f9-aaaaa, which preemption deleted.");
  assert.match(events[2], /PodDisruptionBudget default\/batch's disruptionsAllowed to 0/);
  await page.locator(".controller-events > summary").click();

  // The replacement's link focuses its last attempt.
  await chain.getByRole("button", { name: "batch-7f9-jzhl8" }).click();
  assert.equal(await page.locator(".attempt.focused .verdict").textContent(), "batch-7f9-jzhl8 → cannot be scheduled");
  assert.equal(await page.locator(".attempt.focused .meta").textContent(), "+30 s · priority 100 · attempt 2");
  assert.equal(await page.evaluate(() => document.activeElement.closest(".attempt")?.classList.contains("focused")), true);
  // The victim's link shows the attempt that evicted it, on its row.
  await chain.getByRole("button", { name: "batch-7f9-aaaaa" }).click();
  assert.equal(await page.locator(".attempt.focused .verdict").textContent(), "web-5995786787-6qtqh → nominated node-a, evicting 1 pod: batch-7f9-aaaaa");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.object), "Pod default/batch-7f9-aaaaa");
  assert.equal(await page.evaluate(() => document.activeElement.closest("table")?.className), "victims");

  await page.locator(".workloads-panel").scrollIntoViewIfNeeded();
  await screenshot(page, "workloads-panel");
  assert.deepEqual(errors, []);
  await context.close();

  // A phone: the panel reads without sideways scrolling.
  const phone = await openScenario(SCENARIO, { width: 390, height: 844 });
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const table = await phone.page.locator(".workloads-panel .table-scroll").evaluate((el) => el.scrollWidth <= el.clientWidth);
  assert.ok(table, "the workloads table fits the phone");
  await phone.page.locator(".workloads-panel").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await screenshot(phone.page, "workloads-panel-phone");
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test("workloads: the end picture lifts out the pods a rollout deleted, naming their ReplicaSet, and keeps them off the pending row", async () => {
  const rollout = readFileSync(new URL("../../web/examples/deployment-rollout.yaml", import.meta.url), "utf8");
  const { page, errors, context } = await openScenario(rollout);
  for (const name of ["web-57f8d4b96-k2x9p", "web-57f8d4b96-m4w7q", "web-57f8d4b96-z8n5c"]) {
    const block = page.locator(`#picture .pod[data-object="Pod shop/${name}"]`);
    assert.equal(await block.count(), 1, `${name} is drawn once`);
    assert.match(await block.getAttribute("class"), /\bgone\b/, `${name} has left its node`);
    assert.match(await block.getAttribute("title"), /deleted by its controller, ReplicaSet shop\/web-57f8d4b96/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("workloads: without a workload, no panel and no tab", async () => {
  const { page, errors, context } = await openScenario(SCENARIO.replace(/---\napiVersion: apps\/v1\nkind: Deployment[^]*$/, ""));
  assert.equal(await page.locator(".workloads-panel").count(), 0);
  assert.equal(await page.getByRole("tab", { name: /Workloads/ }).count(), 0);
  assert.equal(await page.locator(".attempt .origin").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("workloads: over a loaded cluster the editors are your change, and the result leads with its consequences", async () => {
  const { page, errors, context } = await clusterWithChange();
  assert.equal(await page.locator("#editor-title").textContent(), "Your change, applied to shop-cluster.json");

  // The change's panel comes first in the result.
  const first = await page.locator("#result-body > *:not(:empty)").first().getAttribute("id");
  assert.equal(first, "change");
  const change = page.locator(".change-panel");
  assert.equal(await change.locator("h2").textContent(), "Your change, applied to shop-cluster.json");
  assert.match(await change.locator(".change-summary").textContent(), /^3 pods of yours: .* · \d+ pods? of the cluster lose their place · \d+ cascades? · 1 PDB exhausted\.$/);
  const pods = await change.locator(".change-pods li").allTextContents();
  assert.equal(pods.length, 3);
  for (const line of pods) assert.match(line, /^shop\/checkout-\w+-\w+ → (bound on node-\d|nominated to node-\d|pending)(, evicting shop\/report-6c5d-\w+.*)?$/);
  // The pods of the cluster that lose their place: the report pods the change evicts.
  const displaced = await change.locator(".change-displaced li").allTextContents();
  assert.ok(displaced.length >= 1, "the change evicts someone");
  for (const line of displaced) assert.match(line, /^shop\/report-6c5d-\w+ evicted by shop\/checkout-\w+-\w+$/);
  assert.deepEqual(await change.locator(".change-workloads li").allTextContents(), ["Deployment shop/checkout: wanted 3, running 0 → 3, 3 created"]);
  // The cascade: each evicted report pod recreated by its ReplicaSet, and where the replacement ends.
  const chains = await change.locator(".chain").allTextContents();
  assert.ok(chains.length >= 1);
  for (const line of chains) assert.match(line, /^shop\/report-6c5d-\w+ → shop\/report-6c5d-\w+, (bound to node-\d|nominated to node-\d|pending)/);
  assert.match(await change.locator(".chain").first().getAttribute("title"), /^shop\/checkout-\w+-\w+ evicted shop\/report-6c5d-\w+; ReplicaSet shop\/report-6c5d recreated it as /);
  // The budget over the report pods ran out.
  assert.equal(await change.locator(".change-budgets").textContent(), "shop/report reaches disruptionsAllowed 0");
  // Without the chains twice: the workloads panel below holds the table.
  assert.equal(await page.locator(".workloads-panel .chain").count(), 0);
  assert.ok((await rows(page)).some((r) => r[0].startsWith("Deploymentshop/checkout") || r[0].startsWith("Deployment shop/checkout")));
  // The first attempt shown is the change's, marked as such.
  assert.match(await page.locator(".attempt.focused .verdict").textContent(), /^shop\/checkout-/);
  assert.equal(await page.locator(".attempt.focused .badge-change").textContent(), "your change");
  await page.evaluate(() => scrollTo(0, 0));
  await screenshot(page, "workloads-change");
  await page.locator(".change-budgets").evaluate((el) => el.scrollIntoView({ block: "end" }));
  await screenshot(page, "workloads-change-cascade");
  assert.deepEqual(errors, []);
  await context.close();

  const phone = await clusterWithChange({ width: 390, height: 844 });
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await phone.page.locator(".change-panel").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await screenshot(phone.page, "workloads-change-phone");
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test("workloads: a link carries a small cluster with the change, and reopens both", async () => {
  const { page, errors, context } = await clusterWithChange();
  await page.waitForFunction(() => /reload or a bookmark opens both/.test(document.getElementById("url-note").textContent), null, { timeout: 10000 });
  assert.match(await page.locator(".cluster-note").textContent(), /share links and the address bar hold it with your change/);
  await page.getByRole("button", { name: "Share" }).click();
  await page.waitForFunction(() => document.getElementById("share-link").value !== "");
  const link = await page.locator("#share-link").inputValue();
  assert.match(await page.locator("#share-info").textContent(), /The cluster \(shop-cluster\.json\) is in it too, with your change laid over it: the link opens both\./);
  assert.ok(link.length < 32_000, `the link is ${link.length} characters`);
  await page.keyboard.press("Escape");
  const before = await page.locator(".change-panel").textContent();
  await context.close();

  const other = await openPage(env.browser, link, { viewport: { width: 1400, height: 1000 } });
  await other.page.waitForSelector(".change-panel .change-pods", { timeout: 30000 });
  await settled(other.page);
  assert.equal(await other.page.locator(".cluster-head .file-name").textContent(), "shop-cluster.json");
  assert.equal(await other.page.locator("#editor-title").textContent(), "Your change, applied to shop-cluster.json");
  assert.equal(await other.page.getByRole("tab", { name: /Workloads/ }).locator(".count").textContent(), "1");
  assert.equal(await other.page.locator(".change-panel").textContent(), before);
  // Remove goes back to the change alone, without the cluster (whose class it names).
  await other.page.getByRole("button", { name: "Remove cluster" }).click();
  await other.page.waitForFunction(() => document.getElementById("cluster").hidden);
  await settled(other.page);
  assert.match(await other.page.locator("#status").textContent(), /^1 error in the scenario/);
  assert.equal(await other.page.locator("#editor-title").textContent(), "Edit scenario");
  assert.equal(await other.page.getByRole("tab", { name: /Workloads/ }).locator(".count").textContent(), "1");
  assert.deepEqual([...errors, ...other.errors], []);
  await other.context.close();

  // A link whose cluster is not a dump's text says so and opens nothing.
  const fragment = await encodeShare({ scenario: CHANGE, kubernetesVersion: "1.37", cluster: { name: "x", text: "" } });
  const bad = await openPage(env.browser, `${env.server.url}#${fragment}`);
  await settled(bad.page);
  assert.match(await bad.page.locator("#banner").textContent(), /This link could not be opened: the link's cluster is damaged: it holds no dump text\./);
  assert.equal(await bad.page.locator("#cluster").isHidden(), true);
  await bad.context.close();
});

test("workloads: the chains and the change's pods are reached and followed by keyboard", async () => {
  const { page, errors, context } = await openScenario(SCENARIO);
  // From the last attempt, Tab reaches the chain's links (the victims' rows and the table's come first).
  await page.locator(".attempt-head").last().focus();
  let reached = null;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => (document.activeElement.closest(".chain") ? document.activeElement.textContent : null));
  }
  assert.equal(reached, "web-5995786787-6qtqh", "Tab reaches the chain's first pod");
  assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle !== "none"), true, "with a visible ring");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "batch-7f9-jzhl8");
  await page.keyboard.press("Enter");
  assert.equal(await page.locator(".attempt.focused .verdict").textContent(), "batch-7f9-jzhl8 → cannot be scheduled");
  assert.equal(await page.evaluate(() => document.activeElement.matches(".attempt.focused > .attempt-head")), true, "the focus moves to the attempt");
  // From a created pod's verdict, the pod it replaces, by keyboard too.
  const replaced = page.locator(".attempt .origin .pod-link");
  await replaced.focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.object), "Pod default/batch-7f9-aaaaa");
  assert.deepEqual(errors, []);
  await context.close();

  // Over a cluster: the change's pods are links to their attempts.
  const over = await clusterWithChange();
  const link = over.page.locator(".change-pods > li").nth(1).locator(".pod-link").first();
  const name = await link.textContent();
  await link.focus();
  await over.page.keyboard.press("Enter");
  assert.equal(await over.page.evaluate(() => document.activeElement.closest(".attempt")?.classList.contains("focused")), true);
  assert.ok((await over.page.locator(".attempt.focused .verdict").textContent()).startsWith(name));
  assert.deepEqual(over.errors, []);
  await over.context.close();
});

test("workloads: a long workloads table shows ten rows and the rest behind Show N more workloads", async () => {
  const deployments = Array.from({ length: 12 }, (_, i) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: app-${String(i + 1).padStart(2, "0")}}
spec:
  replicas: 1
  selector: {matchLabels: {app: app-${i + 1}}}
  template:
    metadata: {labels: {app: app-${i + 1}}}
    spec:
      containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]`);
  const text = `apiVersion: v1
kind: Node
metadata: {name: node-a}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
${deployments.join("\n")}
`;
  const { page, context, errors } = await openScenario(text);
  await page.waitForSelector("table.workloads");
  assert.equal(await page.locator("table.workloads tbody tr").count(), 10);
  await page.getByRole("button", { name: "Show 2 more workloads" }).click();
  assert.equal(await page.locator("table.workloads tbody tr").count(), 12);
  assert.deepEqual(errors, []);
  await context.close();
});
