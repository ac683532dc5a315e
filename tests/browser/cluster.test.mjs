// A real cluster in the page: a kubectl dump (100 nodes, 2,000 pods, 17 MB
// with managedFields) dropped or pasted becomes "the cluster", read by the
// engine in the worker; the editors hold only what is laid over it. How
// fast, and the longest frame while a dump loads, is the benchmark's
// (node bench/page.mjs: drop, paste): no test asserts a time.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { URGENT, clusterShown, dropFiles, openPage, screenshot, settled, useBrowser, useSmallDump } from "./harness.mjs";

const env = useBrowser();
const generated = useSmallDump();

async function fresh(viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  await settled(opened.page);
  return opened;
}

const dropFile = (page, path) => dropFiles(page, [path]);

const stat = (page, label) => page.locator(".stat", { has: page.locator(".stat-label", { hasText: label }) });

// Every editor's text, read tab by tab (hidden editors render lazily).
async function editorTexts(page) {
  const texts = {};
  for (const tab of await page.locator(".tab").all()) {
    await tab.click();
    texts[(await tab.textContent()).replace(/\d+$/, "")] = await page.evaluate(() =>
      [...document.querySelectorAll(".editor:not([hidden]) .cm-line")]
        .map((line) => [...line.childNodes].filter((n) => !n.classList?.contains("cm-placeholder")).map((n) => n.textContent).join(""))
        .join("\n"),
    );
  }
  return texts;
}

async function paste(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("Control+v");
}

test("cluster: a dropped kubectl dump becomes the cluster, the editors stay empty, and a pod typed over it gets a verdict", async () => {
  const { page, errors, context } = await fresh();
  await dropFile(page, generated.path);
  await clusterShown(page);

  // The summary, from the engine.
  assert.equal(await page.locator(".cluster-head .file-name").textContent(), "dump-small.yaml");
  assert.equal(await stat(page, "Nodes").locator(".stat-value").textContent(), "100");
  assert.equal(await stat(page, "Pods").locator(".stat-value").textContent(), "2,000");
  assert.equal(await stat(page, "Pods").locator(".stat-detail").textContent(), "1,990 bound · 10 pending");
  assert.equal(await stat(page, "PDBs").locator(".stat-value").textContent(), "40");
  assert.match(await page.locator(".cluster-panel").textContent(), /Pods by namespace \(20\)/);
  assert.match(await page.locator("table.classes").textContent(), /system-node-critical/);
  assert.match(await page.locator(".cluster-note").textContent(), /share links and the saved session hold only the editors' text/);

  // The dump's own pending pods are simulated; the editors hold nothing.
  assert.equal(await page.locator(".attempt").count(), 10);
  assert.equal(await page.locator(".tab .count").count(), 0, "no tab counts objects");
  const texts = await editorTexts(page);
  for (const [tab, text] of Object.entries(texts)) assert.equal(text, "", `the ${tab} editor is empty`);
  assert.equal(await page.locator(".editors").evaluate((el) => el.textContent.includes("managedFields")), false);
  await page.getByRole("tab", { name: "Pending" }).click();
  assert.match(await page.locator(".editor:not([hidden]) .cm-placeholder").textContent(), /Pods to schedule on top of the cluster go here/);
  await screenshot(page, "20-cluster-loaded");

  // The search box finds a pod among the cluster's objects, stripped of noise.
  await page.locator("#cluster-search").fill("feed-web");
  await page.waitForFunction(() => /of 15 matching "feed-web"/.test(document.querySelector(".pager")?.textContent));
  const first = page.locator(".cluster-object").first();
  assert.equal(await first.locator(".badge.kind").textContent(), "Pod");
  assert.match(await first.locator(".object-name").textContent(), /^catalog\/feed-web-/);
  const fields = await first.locator(".object-fields > div").evaluateAll((rows) => rows.map((r) => `${r.children[0].textContent}: ${r.children[1].textContent}`));
  assert.match(fields[0], /^node: ip-10-0-[\d-]+\.ec2\.internal$/);
  assert.deepEqual(fields.slice(1), ["cpu request: 200m", "memory request: 256 MiB", "phase: Running", "class: default"]);
  assert.equal(await page.locator(".cluster-object", { hasText: "managedFields" }).count(), 0);
  await page.locator("#cluster-search").fill("");
  await page.waitForFunction(() => /^1–20 of 2,146/.test(document.querySelector(".pager")?.textContent));
  await page.getByRole("button", { name: "Next ›" }).click();
  await page.waitForFunction(() => /^21–40 of 2,146/.test(document.querySelector(".pager")?.textContent));

  // A pending pod typed in the Pending editor is scheduled over the cluster.
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await paste(page, URGENT);
  await page.waitForFunction(() => document.querySelector(".attempt.focused .verdict")?.textContent.startsWith("urgent-report"), null, { timeout: 20000 });
  await settled(page);
  assert.match(
    await page.locator(".attempt.focused .verdict").textContent(),
    /^urgent-report → nominated ip-10-0-118-161\.ec2\.internal, evicting 5 pods: [^,]+, [^,]+, [^,]+ and 2 more$/,
  );
  assert.equal(await page.locator("table.victims tbody tr").count(), 5);
  assert.equal(await page.locator(".picture .column").first().getAttribute("data-object"), "Node ip-10-0-118-161.ec2.internal", "the node where it lands comes first");
  assert.equal(await page.locator(".tab", { hasText: "Pending" }).locator(".count").textContent(), "1");
  // The typed pod links to its lines; the dump's pods link to nothing in the editors.
  await page.locator(".attempt.focused .attempt-head").hover();
  await page.waitForSelector(".editor:not([hidden]) .cm-object-highlight");
  await page.locator('.attempt-head:not([data-object="Pod default/urgent-report"])').first().hover();
  await page.waitForFunction(() => !document.querySelector(".cm-object-highlight"));
  await screenshot(page, "21-cluster-verdict");

  // Share links hold the editors' text only, and say so.
  await page.getByRole("button", { name: "Share" }).click();
  await page.waitForFunction(() => document.getElementById("share-link").value !== "");
  assert.ok((await page.locator("#share-link").inputValue()).length < 2000, "the link holds the typed pod, not the dump");
  assert.match(await page.locator("#share-info").textContent(), /The cluster \(dump-small\.yaml\) is not in it/);
  await page.keyboard.press("Escape");

  // Remove brings the editors (and the default scenario) back.
  await page.getByRole("button", { name: "Remove cluster" }).click();
  await page.waitForFunction(() => document.getElementById("cluster").hidden);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("payments-api"));
  await settled(page);
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.equal(await page.locator("#compare").isDisabled(), false);
  await page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await page.locator(".editor:not([hidden]) .cm-content").textContent(), /payments-api/);
  assert.equal(await page.locator(".editor:not([hidden]) .cm-placeholder").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("cluster: the dump pasted into All becomes the cluster, not editor text", async () => {
  const { page, errors, context } = await fresh();
  await page.getByRole("tab", { name: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await paste(page, readFileSync(generated.path, "utf8"));
  await clusterShown(page);
  assert.equal(await page.locator(".cluster-head .file-name").textContent(), "pasted text");
  assert.equal(await stat(page, "Nodes").locator(".stat-value").textContent(), "100");
  assert.equal(await stat(page, "Pods").locator(".stat-value").textContent(), "2,000");
  assert.equal(await page.locator(".attempt").count(), 10);
  const texts = await editorTexts(page);
  for (const [tab, text] of Object.entries(texts)) assert.equal(text, "", `the ${tab} editor is empty`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("cluster: on a phone, the panel and the result fit the screen", async () => {
  const { page, errors, context } = await fresh({ width: 390, height: 844 });
  await page.setInputFiles("#open-file", generated.path);
  await clusterShown(page);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "no sideways scrolling");
  await screenshot(page, "22-cluster-phone");
  await page.locator(".attempt").first().scrollIntoViewIfNeeded();
  await screenshot(page, "23-cluster-phone-verdicts");
  assert.deepEqual(errors, []);
  await context.close();
});

test("cluster: the text laid over a cluster is saved, and the page says the cluster is not", async () => {
  const { page, context } = await fresh();
  await page.setInputFiles("#open-file", generated.path);
  await clusterShown(page);
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await paste(page, URGENT);
  await page.waitForFunction(() => document.querySelector(".attempt.focused .verdict")?.textContent.startsWith("urgent-report"), null, { timeout: 20000 });
  await page.reload();
  await settled(page);
  assert.match(await page.locator("#banner").textContent(), /These objects were laid over dump-small\.yaml, which the page does not keep/);
  await page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await page.locator(".editor:not([hidden]) .cm-content").textContent(), /urgent-report/);
  // Opening the dump again lays the saved text over it.
  await page.setInputFiles("#open-file", generated.path);
  await clusterShown(page);
  await page.waitForFunction(() => document.querySelector(".attempt.focused .verdict")?.textContent.startsWith("urgent-report"), null, { timeout: 20000 });
  await context.close();
});

test("cluster: a file over 1 GiB is refused with the command line to use; the page keeps working", async () => {
  const { page, errors, context } = await fresh();
  // 1 GiB + 1 MiB made of one repeated MiB: the browser does not copy it.
  await page.evaluate(() => {
    const mib = new Blob([new Uint8Array(1024 * 1024)]);
    const file = new File(Array.from({ length: 1025 }, () => mib), "huge.yaml");
    const data = new DataTransfer();
    data.items.add(file);
    document.querySelector(".editor:not([hidden]) .cm-content").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForSelector("#banner:not([hidden])");
  const banner = await page.locator("#banner").textContent();
  assert.match(banner, /^huge\.yaml is 1,025 MiB: the page reads dumps up to 1,024 MiB \(1 GiB\)\./);
  assert.ok(banner.includes("kubectl get priorityclasses,nodes,pods,pdb -A -o yaml | npx podsim run -"), banner);
  assert.equal(await page.locator("#cluster").isHidden(), true);
  await page.keyboard.press("Control+Enter");
  await settled(page);
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  await screenshot(page, "24-cluster-refused");
  assert.deepEqual(errors, []);
  await context.close();
});

test("cluster: a large file without nodes or pods is not a cluster: a message, and the editors as they were", async () => {
  const { page, errors, context } = await fresh();
  const notes = join(generated.dir, "notes.txt");
  writeFileSync(notes, "# nothing to schedule here\n".repeat(80_000));
  await page.setInputFiles("#open-file", notes);
  await page.waitForSelector("#banner:not([hidden])", { timeout: 20000 });
  assert.match(await page.locator("#banner").textContent(), /^notes\.txt holds no nodes and no pods: it is not a cluster \(the input holds no Kubernetes objects; podsim reads .*\)\.×$/);
  await settled(page);
  assert.equal(await page.locator("#cluster").isHidden(), true);
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.deepEqual(errors, []);
  await context.close();
});

test("cluster: Cancel stops a load and keeps the editors", async () => {
  const { page, errors, context } = await fresh();
  await dropFile(page, generated.path);
  // The engine takes about a second over this dump: time to think better of it.
  await page.locator(".cluster-loading").getByRole("button", { name: "Cancel" }).click();
  await settled(page);
  assert.equal(await page.locator("#cluster").isHidden(), true);
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  await page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await page.locator(".editor:not([hidden]) .cm-content").textContent(), /payments-api/);
  assert.deepEqual(errors, []);
  await context.close();
});
