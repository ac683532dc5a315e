// The minimal reproduction in the page: the focused attempt's "Minimal
// reproduction" runs the engine's reduce in the worker, and its panel shows
// what was kept and why, and takes the reduced scenario to the editors, a
// link, a file and a Markdown report; over a loaded cluster, the objects are
// cut out of the dump verbatim.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { encodeShare } from "../../web/src/model/share.js";
import { chooseExample, fromMenu, openPage, screenshot, settled, shownExample, URGENT, useBrowser, useSmallDump } from "./harness.mjs";

const env = useBrowser();
const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));
const example = gallery.find((e) => e.id === "reduce-checkout");
const generated = useSmallDump();

// A scenario whose reduction needs the input's clock start (see its test).
const START_SCENARIO = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1, creationTimestamp: "2024-05-01T08:00:00Z"}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, creationTimestamp: "2024-05-01T08:10:00Z"}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy}
spec: {nodeName: n2, priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: early, creationTimestamp: "2024-05-01T08:05:00Z"}
spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web, creationTimestamp: "2024-05-01T08:00:00Z"}
spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
`;

async function fresh(viewport = { width: 1280, height: 900 }, url = env.server.url, colorScheme = "light") {
  const opened = await openPage(env.browser, url, { viewport, colorScheme });
  await settled(opened.page);
  return opened;
}

const panel = (page) => page.locator("#reduction-panel");

// In the page, before its scripts: the requests posted to the engine's
// worker ({id, kind}) and the ids of the answers that reached the page,
// recorded before the page's own handler takes each.
function recordEngine() {
  window.__engine = { asked: [], answered: [] };
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => window.__engine.answered.push(data?.id));
    }
    postMessage(message, ...rest) {
      window.__engine.asked.push({ id: message?.id, kind: message?.kind });
      return super.postMessage(message, ...rest);
    }
  };
}

// Presses the focused attempt's action and waits for the panel's answer.
async function reduceFocused(page) {
  await page.locator(".attempt.focused .reduce-button").click();
  await page.waitForSelector("#reduction-panel[aria-busy=false]", { timeout: 60000 });
}

async function openExample(page) {
  await chooseExample(page, example.id);
  await settled(page);
}

// The names listed under a kind's heading ("Nodes (2)").
async function keptNames(page, heading) {
  const list = panel(page).locator("h3", { hasText: heading }).locator("xpath=following-sibling::ul[1]");
  return list.locator(".object-name").allTextContents();
}

const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

test("reduce: the gallery example reduces to its two nodes, each with why, from the pod's focused attempt", async () => {
  const { page, errors, context } = await fresh();
  await openExample(page);
  // The example opens on its pod's attempt, and its lesson says what to press.
  assert.match(await page.locator(".attempt.focused .verdict").textContent(), new RegExp(`^${example.reduce.pod.split("/")[1]}|${example.reduce.pod}`));
  assert.match(await page.locator("#lesson").textContent(), /press Minimal reproduction/);
  assert.equal(await page.locator(".attempt.focused .reduce-button").isVisible(), true);
  assert.equal(await page.locator(".attempt:not(.focused) .reduce-button").first().isVisible(), false, "only the focused attempt offers it");

  await reduceFocused(page);
  const text = await panel(page).innerText();
  assert.match(text, /Minimal reproduction for shop\/checkout/);
  assert.match(text, /shop\/checkout → nominated to node-09, evicting batch\/reindex-2, batch\/reindex-3/);
  assert.match(text, /From 12 nodes, 58 pods, 5 priority classes, 2 PDBs to 2 nodes, 5 pods, 2 priority classes, 0 PDBs\./);
  assert.match(text, /19 simulations, each confirming a step/);
  assert.match(text, /0\/12 nodes are available: 4 node\(s\) had untolerated taint\(s\), 8 Insufficient cpu\./);
  assert.match(text, /0\/2 nodes are available: 1 Insufficient cpu, 1 node\(s\) had untolerated taint\(s\)\./);
  assert.deepEqual((await keptNames(page, "Nodes")).sort(), example.reduce.nodes);
  assert.match(text, /node-01: a node where Filter says UnschedulableAndUnresolvable: node\(s\) had untolerated taint\(s\)/);
  assert.match(text, /needed: when tried without it \(during the reduction\), the message became "0\/2 nodes are available: 2 Insufficient cpu\. preemption: found a potential placement for pod on node node-09, preempting 2 victims"/);
  assert.match(text, /node-09: the node shop\/checkout is nominated to/);
  assert.deepEqual(await keptNames(page, "PriorityClasses"), ["checkout-critical", "batch"]);
  assert.match(await page.locator("#status").textContent(), /Reduced for shop\/checkout in \d+\.\d s \(19 simulations\)/);

  // The kept objects the editors hold link to their YAML.
  const node = panel(page).locator(".object-link", { hasText: "node-09" });
  assert.equal(await node.count(), 1);
  await node.hover();
  assert.equal(await page.locator("#tab-nodes").evaluate((el) => el.classList.contains("hint")), true, "the pointer on it marks its tab");
  await node.click();
  const object = await page.locator(".editor:not([hidden]) .cm-activeLine").evaluate((line) => [line, line.nextElementSibling, line.nextElementSibling.nextElementSibling].map((l) => l.textContent).join("\n"));
  assert.match(object, /^apiVersion: v1\nkind: Node\nmetadata:\n?/, "a click goes to its YAML");
  assert.match(await page.locator(".editor:not([hidden]) .cm-activeLine").evaluate((line) => line.nextElementSibling.nextElementSibling.nextElementSibling.textContent), /name: node-09/);

  await panel(page).scrollIntoViewIfNeeded();
  await panel(page).screenshot({ path: join(new URL("../../test-output/", import.meta.url).pathname, "reduce-panel.png") });
  await screenshot(page, "reduce-desktop");
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: asked from a later attempt, the panel says it reproduces the first; the panel's heading takes the keyboard, and Close gives it back", async () => {
  const { page, errors, context } = await fresh({ width: 1280, height: 700 });
  // The default scenario: payments-api's attempt 2 is "scheduled on node-a".
  const second = page.locator(".attempt", { has: page.locator(".meta", { hasText: "attempt 2" }) }).first();
  await second.locator(".attempt-head").click();
  assert.match(await second.locator(".verdict").textContent(), /^payments-api → scheduled on node-a/);
  await second.locator(".reduce-button").click();
  await page.waitForSelector("#reduction-panel[aria-busy=false]", { timeout: 60000 });
  assert.match(
    await panel(page).locator(".reduction-attempt").textContent(),
    /This reproduces payments-api's attempt 1, its first scheduling decision, not attempt 2 you asked from/,
  );
  assert.match(await panel(page).locator(".reduction-decision").textContent(), /^payments-api → nominated to node-a/);
  // The heading has the keyboard, and the panel's top is in the window.
  assert.equal(await page.evaluate(() => document.activeElement.id), "reduction-title");
  const top = (await panel(page).boundingBox()).y;
  assert.ok(top >= 0 && top < 100, `the panel's top is at ${top} px`);
  await panel(page).getByRole("button", { name: "Close the minimal reproduction" }).click();
  assert.equal(await panel(page).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.className), "reduce-button");
  assert.equal(await page.evaluate(() => document.activeElement.closest(".attempt").querySelector(".meta").textContent.includes("attempt 2")), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: Open it replaces the scenario with the reduced one, which gives the pod the same decision; the link, the file and the Markdown carry it", async () => {
  const { page, errors, context } = await fresh();
  await openExample(page);
  const verdict = await page.locator(".attempt.focused .verdict").textContent();
  await reduceFocused(page);

  // The file.
  const [file] = await Promise.all([page.waitForEvent("download"), panel(page).getByRole("button", { name: "Download" }).click()]);
  assert.equal(file.suggestedFilename(), "reduced-shop-checkout.yaml");
  const reduced = readFileSync(await file.path(), "utf8");
  assert.match(reduced, /name: node-09/);
  assert.match(reduced, /name: node-01/);
  assert.doesNotMatch(reduced, /node-02/);
  assert.equal((reduced.match(/^kind: Pod$/gm) ?? []).length, 5);

  // The Markdown report, with the link to the reduced scenario alone.
  await panel(page).getByRole("button", { name: "Copy as Markdown" }).click();
  await page.waitForSelector(".reduction-note");
  assert.match(await page.locator(".reduction-note").textContent(), /Copied a Markdown report \([\d,]+ characters\)\./);
  const markdown = await clipboard(page);
  assert.match(markdown, /^### podsim reduce: `shop\/checkout`/);
  assert.match(markdown, /\| `Node node-01` \| a node where Filter says/);
  assert.match(markdown, /\[Open the reduced scenario in the podsim playground\]\(http:\/\/[^)]+#v1:/);

  // The link.
  await panel(page).getByRole("button", { name: "Copy share link" }).click();
  await page.waitForFunction(() => /Link copied/.test(document.querySelector(".reduction-note")?.textContent ?? ""));
  const link = await clipboard(page);
  assert.match(link, /#v1:/);
  assert.ok(markdown.includes(link), "the report holds the same link");

  // Open it: the editors hold the reduced scenario, and the pod's decision is the same.
  await panel(page).getByRole("button", { name: "Open it" }).click();
  await settled(page);
  // Opened over the unedited example, it still says what it did and offers Undo, focused, at the top of the page;
  // the panel is gone with the scenario it reduced.
  assert.equal(await panel(page).count(), 0, "the reduction panel closes once opened");
  assert.match(await page.locator("#banner").textContent(), /Replaced your scenario with the minimal reproduction for shop\/checkout\./);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Undo");
  assert.equal(await page.evaluate(() => scrollY), 0);
  const pods = await page.locator(".attempt-head").evaluateAll((heads) => [...new Set(heads.map((el) => el.dataset.object))]);
  assert.deepEqual(pods, ["Pod shop/checkout"], "the reduced scenario's one pending pod");
  assert.equal(await page.locator(".attempt.focused .verdict").textContent(), verdict);
  assert.match(await page.locator(".attempt.focused .message").textContent(), /^0\/2 nodes are available: 1 Insufficient cpu, 1 node\(s\) had untolerated taint\(s\)\./);
  assert.match(await page.locator("#lesson").textContent(), /^A minimal reproduction: shop\/checkout is nominated to node-09, evicting batch\/reindex-2, batch\/reindex-3\.$/);
  const [scenarioFile] = await Promise.all([page.waitForEvent("download"), fromMenu(page, "#download-yaml")]);
  assert.equal(readFileSync(await scenarioFile.path(), "utf8").trim(), reduced.trim());

  assert.match(await page.locator("#tab-nodes").textContent(), /^Nodes\s*2$/);
  // Undo brings the 12-node example back.
  await page.locator("#banner").getByRole("button", { name: "Undo" }).click();
  await settled(page);
  assert.match(await page.locator("#tab-nodes").textContent(), /^Nodes\s*12$/);
  assert.equal(await shownExample(page), example.id);
  // And Ctrl+Z does the same once the reduction is opened again.
  await page.locator("#banner").getByRole("button", { name: /Show the minimal reproduction/ }).click();
  await settled(page);
  assert.match(await page.locator("#tab-nodes").textContent(), /^Nodes\s*2$/);
  await page.locator("#banner").getByRole("button", { name: /Undo/ }).focus();
  await page.keyboard.press("Control+z");
  await settled(page);
  assert.match(await page.locator("#tab-nodes").textContent(), /^Nodes\s*12$/);

  // The link opens the reduced scenario alone, in a fresh page.
  const other = await fresh(undefined, link);
  assert.equal(await other.page.locator(".attempt-head").first().getAttribute("data-object"), "Pod shop/checkout");
  assert.equal(await other.page.locator(".attempt.focused .verdict").textContent(), verdict);
  assert.match(await other.page.locator("#lesson").textContent(), /^A minimal reproduction: shop\/checkout/);
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: over a cluster opened as a file, the reduction cuts the dump's objects verbatim (managedFields and all); Open it closes the cluster, undoably", async () => {
  const { page, errors, context } = await fresh();
  await page.setInputFiles("#open-file", generated.path);
  await page.waitForSelector(".cluster-panel", { timeout: 60000 });
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  await settled(page);
  const pod = await page.locator(".attempt.focused .attempt-head").getAttribute("data-object");
  const verdict = await page.locator(".attempt.focused .verdict").textContent();
  await reduceFocused(page);
  const text = await panel(page).innerText();
  assert.match(text, /The smallest part of dump-small\.yaml that gives/);
  assert.match(text, /From 100 nodes, 2,000 pods, [^.]*40 PDBs to /);
  assert.doesNotMatch(text, /No reduction/);

  const [file] = await Promise.all([page.waitForEvent("download"), panel(page).getByRole("button", { name: "Download" }).click()]);
  const reduced = readFileSync(await file.path(), "utf8");
  assert.match(reduced, /managedFields:/, "the dump's objects are cut out as they are");
  // Every kept object's text is the dump's, line for line.
  const source = readFileSync(generated.path, "utf8");
  const items = reduced.split(/\n(?=- apiVersion)/).slice(1).map((item) => item.replace(/\nkind: List\n[\s\S]*$/, ""));
  assert.ok(items.length >= 2);
  for (const item of items) assert.ok(source.includes(item), `${item.slice(0, 80)}… is in the dump`);

  await panel(page).scrollIntoViewIfNeeded();
  await screenshot(page, "reduce-cluster");
  await panel(page).getByRole("button", { name: "Open it" }).click();
  await settled(page);
  assert.equal(await page.locator("#cluster").isHidden(), true, "the cluster is closed");
  assert.match(await page.locator("#banner").textContent(), new RegExp(`Replaced your scenario with the minimal reproduction for ${pod.slice(4)}\\. The cluster \\(dump-small\\.yaml\\) was closed\\.`));
  assert.equal(await page.locator(".attempt.focused .attempt-head").getAttribute("data-object"), pod);
  assert.equal(await page.locator(".attempt.focused .verdict").textContent(), verdict);
  assert.match(await page.locator(".editors").textContent(), /managedFields/);

  // Undo brings the cluster back (it was read from a file the page holds no text of: it says so).
  await page.locator("#banner").getByRole("button", { name: "Undo" }).click();
  await settled(page);
  assert.match(await page.locator("#banner").textContent(), /Back to your scenario\./);
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: over a cluster with a change typed in the editors, the change's pod is kept from the editors' text and links to it, the dump's objects from the dump", async () => {
  const { page, errors, context } = await fresh();
  await page.setInputFiles("#open-file", generated.path);
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  await settled(page);
  await page.getByRole("tab", { name: "Pending" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), URGENT);
  await page.keyboard.press("Control+v");
  await page.waitForFunction(() => document.querySelector(".attempt.focused .verdict")?.textContent.startsWith("urgent-report"), null, { timeout: 20000 });
  await settled(page);
  const verdict = await page.locator(".attempt.focused .verdict").textContent();
  assert.match(verdict, /^urgent-report → nominated /);
  await reduceFocused(page);
  const text = await panel(page).innerText();
  assert.match(text, /The smallest part of dump-small\.yaml with your change that gives/);
  assert.match(text, /urgent-report → nominated to ip-10-0-/);
  const mine = panel(page).locator("li", { has: page.locator('[data-object="Pod default/urgent-report"]') });
  assert.match(await mine.innerText(), /urgent-report your change: the pod reduced for/);
  assert.equal(await mine.locator(".object-link").count(), 1, "the change's pod links to its YAML");
  assert.equal(await panel(page).locator(".object-link").count(), 1, "the dump's objects are not in the editors");

  const [file] = await Promise.all([page.waitForEvent("download"), panel(page).getByRole("button", { name: "Download" }).click()]);
  const reduced = readFileSync(await file.path(), "utf8");
  assert.match(reduced, /managedFields:/);
  assert.ok(reduced.endsWith(`---\n${URGENT}`), "the change's pod, as typed, after the dump's objects");
  await screenshot(page, "reduce-change");
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: the engine's refusal (a StatefulSet's replacement has the name of a pod bound in the input) shows in the panel; a second reduction supersedes the first", async () => {
  // solo evicts db-0; the StatefulSet recreates db-0 under the same name,
  // which the input holds bound: the engine refuses to reduce for it.
  const scenario = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, uid: sts-db}
spec:
  replicas: 1
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: db-0
  labels: {app: db}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: sts-db, controller: true}]
spec: {nodeName: n1, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: solo}
spec: {priority: 1000, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
`;
  const fragment = await encodeShare({ scenario, kubernetesVersion: "" });
  const { page, errors, context } = await openPage(env.browser, "about:blank", { viewport: { width: 1280, height: 900 }, colorScheme: "light" });
  await page.addInitScript(recordEngine);
  await page.goto(`${env.server.url}#${fragment}`);
  await settled(page);
  const created = page.locator(".attempt", { has: page.locator(".origin") }).first();
  await created.locator(".attempt-head").click();
  assert.equal(await created.locator(".attempt-head").getAttribute("data-object"), "Pod default/db-0");
  await reduceFocused(page);
  assert.match(await panel(page).locator(".reduction-error").textContent(), /^No reduction for default\/db-0: pod default\/db-0 is bound to n1 in the input: only a pending pod has a decision to reduce/);
  assert.match(await page.locator("#status").textContent(), /No minimal reproduction for/);

  // Two in a row, in one task (the worker gets both before it answers the
  // first): the first's answer is dropped; the panel is the second's.
  const busy = await page.evaluate((pod) => {
    document.querySelector(".attempt.focused .reduce-button").click();
    document.querySelector(`.attempt-head[data-object="Pod ${pod}"]`).click();
    const button = document.querySelector(".attempt.focused .reduce-button");
    button.click();
    return { label: button.textContent, disabled: button.disabled, panel: document.getElementById("reduction-panel").innerText };
  }, "default/solo");
  // While it runs, the button and the panel say so.
  assert.deepEqual({ label: busy.label, disabled: busy.disabled }, { label: "Reducing…", disabled: true });
  assert.match(busy.panel, /Minimal reproduction for solo[\s\S]*Reducing the editors' scenario: removing objects and re-simulating/);
  await page.waitForSelector("#reduction-panel[aria-busy=false]", { timeout: 60000 });
  assert.match(await panel(page).locator("h2").textContent(), /Minimal reproduction for solo/);
  assert.match(await panel(page).innerText(), /solo → nominated to n1, evicting db-0/);
  assert.equal(await panel(page).locator(".reduction-error").count(), 0);
  // Every reduction asked for has its answer in the page (the superseded
  // one's too, whenever the worker sent it): none can land on the panel now.
  await page.waitForFunction(
    () => window.__engine.asked.filter((m) => m.kind === "reduce").every((m) => window.__engine.answered.includes(m.id)),
    null,
    { timeout: 60000 },
  );
  assert.equal(await page.evaluate(() => window.__engine.asked.filter((m) => m.kind === "reduce").length), 3);
  assert.match(await panel(page).locator("h2").textContent(), /Minimal reproduction for solo/);
  assert.match(await panel(page).innerText(), /solo → nominated to n1, evicting db-0/);
  assert.equal(await panel(page).locator(".reduction-error").count(), 0);

  await panel(page).getByRole("button", { name: "Close the minimal reproduction" }).click();
  assert.equal(await panel(page).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: a reduced scenario that decides alike only from the input's clock start says so, in the panel, the lesson it opens with and the Markdown", async () => {
  // n2 is the latest object (08:10): the input's clock starts then, when
  // early (created 08:05) is already queued and, higher, takes n1 first.
  // Without n2 the clock starts at 08:00 and web is tried before early exists.
  const fragment = await encodeShare({ scenario: START_SCENARIO, kubernetesVersion: "" });
  const { page, errors, context } = await fresh(undefined, `${env.server.url}#${fragment}`);
  await page.locator('.attempt-head[data-object="Pod default/web"]').click();
  await reduceFocused(page);
  const warning = await panel(page).locator(".warning").textContent();
  assert.match(warning, /^It decides alike only with the clock starting at 2024-05-01T08:10:00Z, the start of the whole input's run\./);
  assert.match(warning, /podsim run --start-time 2024-05-01T08:10:00Z/);
  assert.match(await panel(page).innerText(), /From 2 nodes, 3 pods, 1 priority class to 1 node, 2 pods, 1 priority class\./);
  await panel(page).screenshot({ path: join(new URL("../../test-output/", import.meta.url).pathname, "reduce-start-panel.png") });

  await panel(page).getByRole("button", { name: "Copy as Markdown" }).click();
  await page.waitForSelector(".reduction-note");
  assert.match(await clipboard(page), /it decides alike only with the clock starting at 2024-05-01T08:10:00Z \(--start-time 2024-05-01T08:10:00Z\)/);

  // Opened on its own, the clock starts at 08:00, and the page says why the decision may differ.
  await panel(page).getByRole("button", { name: "Open it" }).click();
  await settled(page);
  assert.match(await page.locator("#lesson").textContent(), /^A minimal reproduction: default\/web is unschedulable\. It decides alike only with the clock starting at 2024-05-01T08:10:00Z \(podsim run --start-time 2024-05-01T08:10:00Z\)\.$/);
  assert.match(await page.locator('.attempt-head[data-object="Pod default/web"] .verdict').first().textContent(), /^web → scheduled on n1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduce: the panel on a phone and in the dark theme", async () => {
  for (const [name, viewport, scheme] of [
    ["reduce-narrow", { width: 390, height: 844 }, "light"],
    ["reduce-dark", { width: 1280, height: 900 }, "dark"],
  ]) {
    const { page, errors, context } = await fresh(viewport, env.server.url, scheme);
    await openExample(page);
    await reduceFocused(page);
    await panel(page).scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `${name}: the page is ${width} px wide`);
    await screenshot(page, name);
    await panel(page).screenshot({ path: join(new URL("../../test-output/", import.meta.url).pathname, `${name}-panel.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
