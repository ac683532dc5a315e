// A way in (#29 item 4): the one-line description at every width, a grouped
// gallery with each lesson's line and a blank starter, examples that open
// where their lesson shows, a header of Run, Share and the semantics with
// the rest in two menus, warnings that link to what they cause, and a
// timeline picture that stays in place.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { encodeShare } from "../../web/src/model/share.js";
import { chooseExample, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();
const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));

async function fresh(width, path = "") {
  const opened = await openPage(env.browser, env.server.url + path, { viewport: { width, height: width < 600 ? 844 : 900 } });
  await settled(opened.page);
  return opened;
}

const visible = (page, selector) => page.locator(selector).isVisible();
const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? "");

// Whether the element is drawn whole inside the window.
const inView = (page, selector) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });

for (const width of [390, 1100, 1400]) {
  test(`onramp: at ${width} px the header shows the description, Run, Share and the semantics; the rest waits in two menus`, async () => {
    const { page, errors, context } = await fresh(width);
    assert.equal(await inView(page, ".tagline"), true, "the one-line description shows");
    assert.equal(await page.locator(".tagline").textContent(), "what kube-scheduler does when a pod does not fit");
    for (const id of ["#run", "#share", "#profile", "#examples-button", "#export-button", "#compare-button"]) assert.equal(await inView(page, id), true, id);
    for (const id of ["#copy-markdown", "#embed", "#download-yaml", "#download-json", "#fork", "#compare"]) assert.equal(await visible(page, id), false, id);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(scroll <= 0, `the page scrolls sideways by ${scroll} px`);
    await screenshot(page, `onramp-header-${width}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("onramp: the menus are buttons with aria-expanded; the keyboard opens, moves in and closes them", async () => {
  const { page, errors, context } = await fresh(1400);
  const exportButton = page.locator("#export-button");
  assert.equal(await exportButton.getAttribute("aria-expanded"), "false");
  assert.equal(await exportButton.getAttribute("aria-controls"), "export-menu");
  await exportButton.focus();
  await page.keyboard.press("Enter");
  assert.equal(await exportButton.getAttribute("aria-expanded"), "true");
  assert.deepEqual(await page.locator("#export-menu button").allTextContents().then((t) => t.map((s) => s.trim())), [
    "Copy as Markdown",
    "Embed in a docs page…",
    "Download the scenario (YAML)",
    "Download the result (JSON)",
  ]);
  assert.equal(await focusedId(page), "copy-markdown");
  await page.keyboard.press("ArrowDown");
  assert.equal(await focusedId(page), "embed");
  await page.keyboard.press("End");
  assert.equal(await focusedId(page), "download-json");
  await page.keyboard.press("ArrowDown");
  assert.equal(await focusedId(page), "copy-markdown", "the arrows wrap around");
  await page.keyboard.press("Escape");
  assert.equal(await exportButton.getAttribute("aria-expanded"), "false");
  assert.equal(await visible(page, "#export-menu"), false);
  assert.equal(await focusedId(page), "export-button", "Escape goes back to the menu's button");
  // One menu at a time; a click elsewhere closes it.
  await exportButton.click();
  await page.locator("#compare-button").click();
  assert.equal(await exportButton.getAttribute("aria-expanded"), "false");
  assert.equal(await page.locator("#compare-button").getAttribute("aria-expanded"), "true");
  assert.deepEqual(await page.locator("#compare-menu button").allTextContents(), ["Fork into B", "Compare two releases"]);
  await page.locator("#lesson").click();
  assert.equal(await page.locator("#compare-button").getAttribute("aria-expanded"), "false");
  // Compare, chosen from the menu, runs two releases and the menu says it is on.
  await page.locator("#compare-button").click();
  await page.locator("#compare").click();
  await page.waitForSelector("#differences .differences");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  assert.equal(await page.locator("#compare-button").evaluate((b) => getComputedStyle(b).borderColor !== getComputedStyle(document.getElementById("share")).borderColor), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("onramp: the gallery is grouped, each example with its lesson's line, and starts with a blank starter", async () => {
  const { page, errors, context } = await fresh(1400);
  await page.locator("#examples-button").click();
  assert.equal(await page.locator("#examples-button").getAttribute("aria-expanded"), "true");
  assert.deepEqual(await page.locator("#examples .gallery-group h2").allTextContents(), [
    "Start",
    "Basics",
    "PodDisruptionBudgets",
    "Tie-breaks between nodes",
    "Time",
    "Profiles: older releases",
    "Workloads",
    "Admission: what the API server changes",
    "Tools: variants and reductions",
  ]);
  const items = await page.locator("#examples .gallery-item").evaluateAll((all) =>
    all.map((b) => ({ id: b.dataset.example, title: b.querySelector(".gallery-title").textContent, lesson: b.querySelector(".gallery-lesson").textContent })),
  );
  assert.equal(items.length, gallery.length);
  for (const e of gallery) assert.deepEqual(items.find((i) => i.id === e.id), { id: e.id, title: e.title, lesson: e.lesson });
  // The open example is marked; the keyboard starts on it.
  assert.equal(await focusedId(page).then(() => page.evaluate(() => document.activeElement.dataset.example)), "default");
  await screenshot(page, "onramp-gallery-1400");
  await page.locator('#examples [data-example="blank"]').click();
  await settled(page);
  assert.equal(await visible(page, "#examples"), false, "a choice closes the gallery");
  assert.equal(await page.locator(".attempt .verdict").first().textContent(), "my-pod → scheduled on node-a");
  assert.match(await page.locator("#lesson").textContent(), /^A starting point/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("onramp: on a phone, an example opens where its lesson shows, below the differences its variants bring", async () => {
  const { page, errors, context } = await fresh(390);
  await page.locator("#examples-button").click();
  await screenshot(page, "onramp-gallery-390");
  await page.keyboard.press("Escape");
  // Variants A and B: the differences panel comes above the verdicts, and the lesson with them.
  await chooseExample(page, "pdb-one-more-disruption");
  await settled(page);
  await page.waitForSelector("#differences .difference");
  assert.equal(await inView(page, "#lesson"), true, "the lesson shows");
  assert.equal(await page.locator("#lesson").textContent(), gallery.find((e) => e.id === "pdb-one-more-disruption").lesson);
  await screenshot(page, "onramp-lesson-390");
  assert.deepEqual(errors, []);
  await context.close();
});

const MISSPELT = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: default}
spec:
  nodeName: node-a
  priority: 10
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  priortyClassName: high
  containers:
  - name: c
    resources: {requests: {cpu: "1"}}
`;

for (const width of [390, 1400]) {
  test(`onramp: at ${width} px a pod whose priorityClassName was misspelt says so on its verdict, and shows the warning`, async () => {
    const { page, errors, context } = await fresh(width, `#${await encodeShare({ scenario: MISSPELT, profile: "current" })}`);
    await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("web"));
    const note = page.locator(".attempt").first().locator(".effect");
    assert.match(
      await note.textContent(),
      /^priority 0 because spec\.priortyClassName was not read: unknown field \(not in the Kubernetes [\d.]+ API for Pod; did you mean priorityClassName\?\) show$/,
    );
    // The status line offers the warning as it offers an error.
    assert.match(await page.locator("#status").textContent(), /· 1 warning Show the warning$/);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, `onramp-verdict-warning-${width}`);
    await page.getByRole("tab", { name: /Nodes/ }).click();
    await note.locator(".effect-show").click();
    assert.equal(await page.getByRole("tab", { name: /Pending/ }).getAttribute("aria-selected"), "true", "the show button goes to the pod's tab");
    await page.waitForFunction(() => [...document.querySelectorAll(".editor:not([hidden]) .cm-line")].some((l) => /priortyClassName/.test(l.textContent)));
    // A pod whose class is read has no such note.
    assert.equal(await page.locator(".attempt .effect").count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("onramp: the status line's Show the warning goes to the warning", async () => {
  const { page, errors, context } = await fresh(1400, `#${await encodeShare({ scenario: MISSPELT, profile: "current" })}`);
  await page.getByRole("tab", { name: /Classes/ }).click();
  await page.locator("#status").getByRole("button", { name: "Show the warning" }).click();
  assert.equal(await page.getByRole("tab", { name: /Pending/ }).getAttribute("aria-selected"), "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("onramp: on a desktop the timeline's picture stays in place while it plays", async () => {
  const { page, errors, context } = await fresh(1400);
  await chooseExample(page, "timeline-cascade");
  await settled(page);
  await page.locator(".timeline-jump").click();
  const slider = page.locator("#timeline-slider");
  await slider.focus();
  await page.keyboard.press("Home");
  const tops = [];
  for (let step = 0; step < 9; step++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((n) => document.getElementById("timeline-slider").value === String(n), step + 1);
    tops.push(await page.locator(".timeline-picture").evaluate((el) => Math.round(el.getBoundingClientRect().top)));
  }
  assert.ok(Math.max(...tops) - Math.min(...tops) <= 1, `the picture moved between steps: ${tops.join(", ")}`);
  // Scrolled down through a step's events and attempt, the controls and the picture stay at the top of the window.
  await page.evaluate(() => window.scrollBy(0, 300));
  const top = await page.locator(".timeline-stage").evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(Math.abs(top) <= 1, `the stage left the window's top: ${top}`);
  assert.equal(await inView(page, "#timeline-slider"), true);
  assert.equal(await inView(page, ".timeline-picture .picture"), true);
  await screenshot(page, "onramp-timeline-sticky-1400");
  assert.deepEqual(errors, []);
  await context.close();
});
