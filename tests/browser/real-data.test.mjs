// Real data as people bring it to the page (#29): several files picked or
// dropped at once are one cluster, a file added to a loaded cluster reads
// with it, and the panel names the file of each problem and object.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";

import { clusterShown, dropFiles, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();
const root = new URL("../..", import.meta.url).pathname;
const bundle = join(root, "tests/fixtures/support-bundle/cluster-resources");
const dumpDir = join(root, "tests/fixtures/cluster-info-dump/dir");

async function fresh(viewport = { width: 1400, height: 900 }) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  await settled(opened.page);
  return opened;
}

const stat = (page, label) => page.locator(".stat", { has: page.locator(".stat-label", { hasText: label }) }).locator(".stat-value").textContent();

test("real data: several files dropped at once are one cluster, and the panel names each file", async () => {
  const { page, errors, context } = await fresh();
  const files = ["nodes.json", "pods/default.json", "pods/kube-system.json", "pod-disruption-budgets/default.json", "priorityclasses.json", "groups.json"];
  await dropFiles(page, files.map((f) => join(bundle, f)));
  await clusterShown(page);
  assert.equal(await page.locator(".cluster-head .file-name").textContent(), "6 files");
  assert.equal(await stat(page, "Nodes"), "2");
  assert.equal(await stat(page, "Pods"), "4");
  assert.equal(await stat(page, "PDBs"), "1");
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "nightly-report → nominated kind-worker, evicting 1 pod: web-6d4cf56db6-8h2kq");
  // The files, with their sizes; each problem names its file.
  await page.locator(".cluster-files summary").click();
  assert.deepEqual(await page.locator(".cluster-files .file-list .file-name").allTextContents(), ["nodes.json", "default.json", "kube-system.json", "default.json (2)", "priorityclasses.json", "groups.json"]);
  // groups.json holds API discovery, not objects: one warning, not an error per value.
  assert.deepEqual(await page.locator(".cluster-problems .diagnostic-line").allTextContents(), [
    "warning groups.json holds no Kubernetes object, as none of its values names a kind (a support bundle keeps other data beside the cluster's objects: API discovery, RBAC rules, collection errors); skipped, with the 2 problems found in it",
  ]);
  // An object found by the search names its file and line.
  await page.locator("#cluster-search").fill("nightly");
  await page.waitForFunction(() => /of 1 matching "nightly"/.test(document.querySelector(".pager")?.textContent));
  assert.match(await page.locator(".cluster-object .line").textContent(), /^default\.json:\d+$/);
  await screenshot(page, "30-several-files");
  assert.deepEqual(errors, []);
  await context.close();
});

test("real data: Add files reads another namespace into the loaded cluster, under the same change", async () => {
  const { page, errors, context } = await fresh();
  // kubectl cluster-info dump --output-directory: nodes and one namespace first.
  await page.setInputFiles("#open-file", [join(dumpDir, "nodes.json"), join(dumpDir, "default/pods.json"), join(dumpDir, "default/events.json")]);
  await clusterShown(page);
  assert.equal(await page.locator(".cluster-head .file-name").textContent(), "3 files");
  assert.equal(await stat(page, "Pods"), "3");
  // A change typed over it stays when a file is added.
  await page.getByRole("tab", { name: /Pending/ }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), "apiVersion: v1\nkind: Pod\nmetadata: {name: probe}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: 50m}}}]\n");
  await page.keyboard.press("Control+v");
  await page.waitForFunction(() => [...document.querySelectorAll(".attempt .verdict")].some((v) => v.textContent.startsWith("probe")), null, { timeout: 20000 });
  await page.setInputFiles("#cluster-add-file", [join(dumpDir, "kube-system/pods.json")]);
  await page.waitForFunction(() => document.querySelector(".cluster-head .file-name")?.textContent === "4 files", null, { timeout: 60000 });
  await clusterShown(page);
  assert.equal(await stat(page, "Pods"), "4");
  assert.match(await page.locator(".editor:not([hidden]) .cm-content").textContent(), /name: probe/);
  assert.ok((await page.locator(".attempt .verdict").allTextContents()).some((v) => v.startsWith("probe")));
  // The dump's own problems name their files and lines: those found reading
  // it, and those the run found of its objects (the Cluster panel's, not the
  // editors').
  assert.deepEqual(await page.locator(".cluster-problems:not(.run-problems) .diagnostic-line .where").allTextContents(), ["EventList · kind · events.json:2"]);
  assert.deepEqual(await page.locator(".run-problems .diagnostic-line .where").allTextContents(), ["Pod default/nightly-report · spec.priorityClassName · pods.json:182"]);
  assert.equal(await page.locator("#diagnostics .diagnostic").count(), 0, "the editors list none of them");
  await page.locator(".cluster-files summary").click();
  assert.deepEqual(await page.locator(".cluster-files .file-list .file-name").allTextContents(), ["nodes.json", "pods.json", "events.json", "pods.json (2)"]);
  await screenshot(page, "31-added-file");
  assert.deepEqual(errors, []);
  await context.close();
});

test("real data: a cluster of several files on a phone fits the screen", async () => {
  const { page, errors, context } = await fresh({ width: 390, height: 844 });
  await page.setInputFiles("#open-file", ["nodes.json", "pods/default.json", "pods/kube-system.json", "priorityclasses.json"].map((f) => join(bundle, f)));
  await clusterShown(page);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "no sideways scrolling");
  await screenshot(page, "32-several-files-phone");
  assert.deepEqual(errors, []);
  await context.close();
});
