// Over a 200-node dump (10 pending pods of its own) with a 6-replica
// Deployment typed as the change: the "Your change" panel leads with what
// the change makes differ (its pods, the cluster's pods that lose their
// place, the cascades), every list shows its first five, the cluster's own
// activity is a shut section, and the picture marks the change's pods and
// those they evicted. A dump without Nodes: its problems, with the fix, are
// the Cluster panel's, never the editors'; its figures add up.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { DEPLOYMENT_CHANGE as CHANGE, seededRandom, writeDump } from "../../bench/dump.mjs";
import { clusterShown, dropFiles, openPage, outputDir, screenshot, settled, useBrowser } from "./harness.mjs";

// A dump of pods whose node the dump lacks (150 of one class, one of a
// class the dump lacks), one pending pod naming no class: a List over
// 16 KiB, so the page reads it as a cluster.
const podItem = (name, ns, extra) => `- apiVersion: v1
  kind: Pod
  metadata: {name: ${name}, namespace: ${ns}}
  spec:
${extra}    containers: [{name: c, image: x, resources: {requests: {cpu: ${name === "agent" ? "100m" : '"1"'}}}}]
  status: {phase: ${extra.includes("nodeName") ? "Running" : "Pending"}}
`;
const NODELESS = `apiVersion: v1
kind: List
items:
- apiVersion: scheduling.k8s.io/v1
  kind: PriorityClass
  metadata: {name: high}
  value: 1000
${Array.from({ length: 150 }, (_, i) => podItem(`web-${i}`, "shop", "    nodeName: node-a\n    priorityClassName: high\n")).join("")}${podItem("agent", "kube-system", "    nodeName: node-a\n    priorityClassName: system-node-critical\n    priority: 2000001000\n")}${podItem("job", "shop", "")}`;

const env = useBrowser();
const files = { dir: null, dump: null, nodeless: null };

before(() => {
  files.dir = mkdtempSync(join(tmpdir(), "podsim-change-page-"));
  files.dump = join(files.dir, "dump-200.yaml");
  writeDump(files.dump, { nodes: 200, pods: 2_000 }, "yaml", seededRandom(1));
  files.nodeless = join(files.dir, "pods-only.yaml");
  writeFileSync(files.nodeless, NODELESS);
});
after(() => rmSync(files.dir, { recursive: true, force: true }));

async function paste(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("Control+v");
}

async function dumpWithChange(viewport) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  const { page } = opened;
  await settled(page);
  await dropFiles(page, [files.dump]);
  await clusterShown(page);
  await page.getByRole("tab", { name: /Workloads/ }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await paste(page, CHANGE);
  await page.waitForSelector(".change-panel .change-summary", { timeout: 60000 });
  await settled(page);
  return opened;
}

// The change panel's parts, top to bottom, as a person reads them.
const headings = (page) => page.locator(".change-panel > h3, .change-panel > .change-section > summary, .change-panel > .own-activity > summary").allTextContents();

for (const [width, height] of [
  [1400, 1000],
  [390, 844],
]) {
  test(`change: at ${width} px the panel leads with the change's difference, in one screen, lists collapsed to three`, async () => {
    const { page, errors, context } = await dumpWithChange({ width, height });
    const panel = page.locator(".change-panel");
    // The change panel comes first in the result.
    assert.equal(await page.locator("#result-body > *:not(:empty)").first().getAttribute("id"), "change");
    assert.match(await panel.locator(".change-summary").textContent(), /^6 pods of yours: 6 bound · \d+ pods of the cluster lose their place · \d+ cascades\.$/);
    const parts = await headings(page);
    assert.equal(parts[0], "Its pods (6), where they end");
    assert.match(parts[1], /^Pods of the cluster that lose their place \(\d+\): \d+ evicted/);
    assert.match(parts[2], /^Cascades that start from it \(\d+\)/);
    assert.match(parts.at(-1), /^The cluster's own activity, without your change too: 10 pending pods/);
    // Three of the six pods; the others behind a count. The cluster's own activity is shut.
    assert.equal(await panel.locator(".change-pods").first().locator("li").count(), 3);
    assert.equal(await panel.locator(".more-items > summary").first().textContent(), "3 more pods of yours");
    // A phone shows the other parts behind their counts; a wide screen opens them.
    const open = await panel.locator(".change-section").evaluateAll((ds) => ds.map((d) => d.open));
    assert.ok(open.length >= 2 && open.every((o) => o === width > 700), String(open));
    assert.equal(await panel.locator(".own-activity").evaluate((d) => d.open), false);
    for (const list of await panel.locator("ul, ol").all()) {
      if (await list.isVisible()) assert.ok((await list.locator(":scope > li").count()) <= 3);
    }
    // Opened, the count shows the rest (waited for: a slow machine may still be drawing the panel
    // again when a later run's answer comes in).
    await panel.locator(".more-items > summary").first().click();
    await page.waitForFunction(() => document.querySelector(".change-panel .more-items")?.querySelectorAll("li").length === 3);
    assert.equal(await panel.locator(".more-items").first().locator("li").count(), 3);
    await panel.locator(".more-items > summary").first().click();
    // The change's consequences fit one screen: from the panel's top to the own activity's line.
    await panel.evaluate((el) => el.scrollIntoView({ block: "start" }));
    const box = await panel.boundingBox();
    const own = await panel.locator(".own-activity").boundingBox();
    assert.ok(own.y + own.height - box.y <= height, `the panel's difference is ${Math.round(own.y + own.height - box.y)} px tall`);
    await screenshot(page, `change-effect-${width}`);
    copyFileSync(join(outputDir, `change-effect-${width}.png`), `/tmp/h-change-${width}.png`);
    // The picture marks the change's pods and the pods evicted because of it.
    assert.ok((await page.locator("#picture .pod.mine").count()) >= 5);
    assert.ok((await page.locator("#picture .pod.evicted-by-change").count()) >= 1);
    assert.match(await page.locator("#picture .pod.evicted-by-change").first().getAttribute("title"), /evicted because of your change/);
    assert.match(await page.locator("#picture .legend").textContent(), /your change.*evicted because of your change/);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `the page is ${scroll} px wide`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

const stat = (page, label) => page.locator(".stat", { has: page.locator(".stat-label", { hasText: label }) });

test("change: a dump without Nodes: the Cluster panel says so with the fix, the editors show no error, the figures add up", async () => {
  const { page, errors, context } = await openPage(env.browser, env.server.url, { viewport: { width: 1400, height: 1000 } });
  await settled(page);
  await dropFiles(page, [files.nodeless]);
  await clusterShown(page);
  const cluster = page.locator(".cluster-panel");
  assert.match(await cluster.locator(".cluster-gaps").textContent(), /The dump has no Nodes: its pods have nowhere to run.*Add files….*kubectl get nodes -o yaml > nodes\.yaml/);
  // No "of 0 cores": nothing is allocatable, and the figure says why.
  assert.equal(await stat(page, "CPU requested").locator(".stat-value").textContent(), "–");
  assert.equal(await stat(page, "CPU requested").locator(".stat-detail").textContent(), "150 cores requested; no Nodes to allocate it");
  // Every pod counted once by class: the dump's, the one only named, none.
  const rows = await cluster.locator("table.classes tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows, [
    ["high", "1,000", "150"],
    ["system-node-criticalnot in the dump", "", "1"],
    ["no class", "", "1"],
  ]);
  assert.match(await cluster.locator("h3", { hasText: "Pods by priority class" }).textContent(), /\(1; 152 pods\)/);
  // The run's problems with the dump's pods are the panel's too, one per cause (they come with the
  // run's result, which may land a moment after the panel).
  await cluster.locator(".run-problems .diagnostic-line").first().waitFor();
  assert.equal(await cluster.locator(".run-problems .diagnostic-line").count(), 1);
  assert.match(await cluster.locator(".run-problems").textContent(), /^1 problem the run found in the cluster's objects .*bound to node "node-a".* \(and 150 more objects alike\)$/);
  // The editors are empty and hold no error; the result is not dimmed.
  assert.equal(await page.locator("#diagnostics .diagnostic").count(), 0);
  assert.equal(await page.locator("#result-body").evaluate((el) => el.classList.contains("stale")), false);
  assert.doesNotMatch(await page.locator("#status").textContent(), /error/);
  await cluster.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await screenshot(page, "change-effect-nodeless");
  assert.deepEqual(errors, []);
  await context.close();
});

test("change: a dimmed result is this scenario's: an erroneous change laid over another dump never shows the last dump's result", async () => {
  const { page, errors, context } = await dumpWithChange({ width: 1400, height: 1000 });
  // The change breaks: the last good result, over dump-200.yaml, is dimmed.
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.press("Control+a");
  await paste(page, CHANGE.replace('cpu: "6"', 'cpu: "lots"'));
  await page.waitForFunction(() => document.getElementById("result-body").classList.contains("stale"), null, { timeout: 20000 });
  assert.match(await page.locator(".change-panel h2").textContent(), /applied to dump-200\.yaml$/);
  // Another dump under the same change: the result shown is over it, not over dump-200.yaml.
  await dropFiles(page, [files.nodeless]);
  await page.waitForFunction(() => /pods-only\.yaml/.test(document.querySelector(".cluster-head .file-name")?.textContent ?? ""), null, { timeout: 60000 });
  await page.waitForFunction(() => /applied to pods-only\.yaml$/.test(document.querySelector(".change-panel h2")?.textContent ?? ""), null, { timeout: 20000 });
  assert.equal(await page.locator("#picture .column").count(), 0, "no node of dump-200.yaml is drawn");
  assert.deepEqual(errors, []);
  await context.close();
});
