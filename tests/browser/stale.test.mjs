// No stale state (#29 item 3): every panel that belongs to a scenario (the
// minimal reproduction, the differences, the timeline's step, the dimmed
// last good result) goes when the editors no longer hold that scenario, and
// nothing opens what was made of another one.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { chooseExample, dropFiles, openPage, replaceWord, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();
let dir;
before(() => (dir = mkdtempSync(join(tmpdir(), "podsim-stale-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

async function fresh(viewport = { width: 1400, height: 900 }) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  await settled(opened.page);
  return opened;
}

async function open(page, id) {
  await chooseExample(page, id);
  await settled(page);
}

// A scenario with an error (a pod without containers), dropped on the page as a file.
async function dropBroken(page) {
  const path = join(dir, "broken.yaml");
  writeFileSync(
    path,
    "apiVersion: v1\nkind: Node\nmetadata: {name: lone-node}\nstatus: {allocatable: {cpu: '1', memory: 1Gi, pods: '10'}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: lonely}\nspec: {priority: 5}\n",
  );
  await dropFiles(page, [path]);
  await page.waitForFunction(() => /error/.test(document.getElementById("status").textContent));
  await settled(page);
}

// Reduces the focused attempt and waits for the answer.
async function reduceFocused(page) {
  await page.locator(".attempt.focused .reduce-button").click();
  await page.waitForSelector("#reduction-panel[aria-busy=false]", { timeout: 60000 });
}

test("stale: the minimal reproduction closes when another example replaces what it reduced", async () => {
  const { page, errors, context } = await fresh();
  await open(page, "reduce-checkout");
  await reduceFocused(page);
  await open(page, "equal-priority");
  assert.equal(await page.locator("#reduction-panel").count(), 0, "the panel of checkout's reduction is gone");
  assert.doesNotMatch(await page.locator("#status").textContent(), /Reduced for/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("stale: an edit closes the minimal reproduction; Open it never opens a reduction of another scenario", async () => {
  const { page, errors, context } = await fresh();
  await open(page, "reduce-checkout");
  await reduceFocused(page);
  // An edit the run has not answered yet: the panel closes at once, before Open it can be pressed.
  await page.getByRole("tab", { name: /All/ }).click();
  await replaceWord(page, "node-01", "node-x1");
  assert.equal(await page.locator("#reduction-panel").count(), 0, "the edit closed the panel");
  await settled(page);
  assert.equal(await page.locator("#reduction-panel").count(), 0);
  assert.match(await page.evaluate(() => localStorage.getItem("podsim:scenario")), /node-x1/, "the editors keep the edit");
  assert.deepEqual(errors, []);
  await context.close();
});

test("stale: a reduction asked while the result shown is the dimmed last good one is refused", async () => {
  const { page, errors, context } = await fresh();
  await open(page, "reduce-checkout");
  await page.getByRole("tab", { name: /All/ }).click();
  await replaceWord(page, "kind: PriorityClass", "kind: PriorityClass\nvalue: x");
  await page.waitForFunction(() => document.getElementById("result-body").classList.contains("stale"));
  await page.locator(".attempt.focused .reduce-button").click();
  assert.equal(await page.locator("#reduction-panel").count(), 0);
  assert.match(await page.locator("#status").textContent(), /Fix the scenario's errors first/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("stale: a dropped scenario with errors never shows the last scenario's result, nor its differences", async () => {
  const { page, errors, context } = await fresh();
  // Variants A and B: the differences panel shows.
  await open(page, "pdb-one-more-disruption");
  await page.waitForSelector("#differences .difference");
  await dropBroken(page);
  const verdicts = await page.locator("#verdicts").textContent();
  assert.doesNotMatch(verdicts, /\bweb\b/, "no verdict of the PDB example's web");
  assert.equal(await page.locator("#differences .difference").count(), 0, "no differences of the PDB example's variants");
  assert.match(await page.locator("#status").textContent(), /1 error in the scenario/);
  assert.doesNotMatch(await page.locator("#status").textContent(), /last good result/);
  // An edit of the dropped scenario keeps its own result, dimmed: the last good one is now its own.
  assert.deepEqual(errors, []);
  await context.close();
});

test("stale: the timeline's step is the new scenario's, never the last one's", async () => {
  const { page, errors, context } = await fresh();
  await open(page, "timeline-cascade");
  const slider = page.locator("#timeline-slider");
  await slider.focus();
  await page.keyboard.press("End");
  await page.waitForFunction(() => /^attempt 9 of 9/.test(document.querySelector(".timeline-where")?.textContent ?? ""));
  await open(page, "grace-period");
  await page.waitForSelector("#timeline-slider");
  const where = await page.locator(".timeline-where").textContent();
  assert.equal(await page.locator("#timeline-slider").getAttribute("max"), "2");
  assert.match(where, /^attempt 1 of 2, \+0 s: default\/web nominated node-a$/, "the step of the attempt in focus, of this scenario");
  assert.deepEqual(errors, []);
  await context.close();
});
