// The playground in real Chromium: what a person sees and does.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { decodeShare } from "../../web/src/model/share.js";
import { chooseExample, firstVerdict, fromMenu, openPage, replaceWord, screenshot, settled, useBrowser, visibleEditor } from "./harness.mjs";

const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));
const env = useBrowser();

async function fresh(path = "") {
  const opened = await openPage(env.browser, env.server.url + path);
  await settled(opened.page);
  return opened;
}

// The dialogs fill their field once the link is encoded (asynchronously).
async function filledValue(page, id) {
  await page.waitForFunction((i) => document.getElementById(i).value !== "", id);
  return page.locator(`#${id}`).inputValue();
}

async function rerun(page) {
  await page.keyboard.press("Control+Enter");
  await settled(page);
}

test("page: the default scenario is simulated on load", async () => {
  const { page, errors, context } = await fresh();
  assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.match(await page.locator(".attempt .message").first().textContent(), /^0\/3 nodes are available: 3 Insufficient cpu\. preemption: found a potential placement for pod on node node-a, preempting 2 victims$/);
  assert.equal(await page.locator("table.victims tbody tr").count(), 2);
  assert.equal(await page.locator(".node-card").count(), 3);
  assert.equal(await page.locator("table.selection tbody tr").count(), 2);
  assert.match(await page.locator(".pod.victim").first().getAttribute("title"), /evicted by default\/payments-api/);
  await screenshot(page, "01-default");
  await page.screenshot({ path: new URL("../../test-output/01-default-full.png", import.meta.url).pathname, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("page: editing a pod's priority changes the victims", async () => {
  const { page, errors, context } = await fresh();
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceWord(page, "critical", "batch");
  await settled(page);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.includes("cannot be scheduled"));
  assert.equal(await firstVerdict(page), "payments-api → cannot be scheduled");
  assert.equal(await page.locator("table.victims").count(), 0);
  assert.match(await page.locator(".attempt .message").first().textContent(), /No preemption victims found for incoming pod/);
  await screenshot(page, "02-edited-priority");
  assert.deepEqual(errors, []);
  await context.close();
});

test("page: broken YAML gets a marker and a message, the last result dims, and a fix restores it", async () => {
  const { page, errors, context } = await fresh();
  await page.getByRole("tab", { name: /Pending/ }).click();
  await visibleEditor(page).click();
  await page.keyboard.press("Control+End");
  // (No brackets: the editor would close them, and "[oops]" is valid YAML.)
  await page.keyboard.type("\nspec: oops: bad\n");
  await rerun(page);
  await page.waitForSelector(".cm-lint-marker-error");
  assert.match(await page.locator(".diagnostic.error .text").first().textContent(), /^YAML: /);
  assert.ok(await page.locator("#result-body.stale").count(), "the last good result is dimmed");
  assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.match(await page.locator("#status").textContent(), /error/);
  await screenshot(page, "03-yaml-error");
  for (let i = 0; i < 8; i++) await page.keyboard.press("Control+z"); // loads are not undoable
  await rerun(page);
  await page.waitForFunction(() => !document.querySelector("#result-body.stale"));
  assert.equal(await page.locator(".cm-lint-marker-error").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("page: an engine diagnostic lands on the line of the bad field", async () => {
  const { page, context } = await fresh();
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceWord(page, "critical", "gold");
  await settled(page);
  await page.waitForSelector(".diagnostic.error");
  const where = await page.locator(".diagnostic.error .where").first().textContent();
  assert.equal(where, "Pod default/payments-api · spec.priorityClassName · line 5");
  assert.match(await page.locator(".diagnostic.error .text").first().textContent(), /no PriorityClass with name gold was found/);
  assert.ok((await page.locator(".tab.has-errors").count()) >= 1);
  await context.close();
});

test("page: a share link reproduces the same scenario in a fresh page", async () => {
  const { page, context } = await fresh();
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceWord(page, "critical", "high");
  await settled(page);
  const verdict = await firstVerdict(page);
  await page.getByRole("button", { name: "Share" }).click();
  const link = await filledValue(page, "share-link");
  assert.match(link, /#v1:[A-Za-z0-9_-]+$/);
  assert.match(await page.locator("#share-info").textContent(), /characters/);
  await screenshot(page, "04-share-dialog");
  await context.close();

  const other = await openPage(env.browser, link);
  await settled(other.page);
  assert.equal(await firstVerdict(other.page), verdict);
  await other.page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await visibleEditor(other.page).textContent(), /priorityClassName: high/);
  assert.deepEqual(other.errors, []);
  await other.context.close();
});

test("page: embed mode shows the result first, with a way back to the playground", async () => {
  const { page, context } = await fresh();
  await fromMenu(page, "#embed");
  await page.locator("#embed-readonly").check();
  const snippet = await filledValue(page, "embed-snippet");
  assert.match(snippet, /^<iframe src="[^"]+\?embed&amp;readonly&amp;panels=victims,picture#v1:[^"]+" title="podsim: Kubernetes preemption"/);
  const src = snippet.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  await context.close();

  const embedded = await openPage(env.browser, src, { viewport: { width: 900, height: 700 } });
  await settled(embedded.page);
  const p = embedded.page;
  assert.ok(await p.locator("body.embed").count());
  assert.equal(await p.locator("#editor-details").getAttribute("open"), null, "editors start collapsed");
  assert.match(await p.locator("#open-playground").getAttribute("href"), /^[^?]+#v1:/);
  assert.equal(await firstVerdict(p), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  await screenshot(p, "05-embed");
  await p.locator("#editor-details summary").click();
  assert.equal(await p.locator(".editor:not([hidden]) .cm-content").getAttribute("contenteditable"), "false");
  assert.deepEqual(embedded.errors, []);
  await embedded.context.close();
});

test("page: a malformed or hostile fragment gives a clear message and the default scenario", async () => {
  const cases = [
    ["#v1:!!!not-base64!!!", /not base64url/],
    ["#v1:AAAA", /does not decompress|not JSON/],
    ["#v2:abc", /does not start with v1:/],
    [`#v1:${"A".repeat(500_000)}`, /characters long; the limit/],
  ];
  for (const [fragment, message] of cases) {
    const { page, errors, context } = await openPage(env.browser, env.server.url + fragment);
    await settled(page);
    assert.match(await page.locator("#banner").textContent(), message, fragment.slice(0, 20));
    assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
    if (fragment === cases[0][0]) await screenshot(page, "06-hostile-fragment");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("page: dark mode toggles the page and the editors", async () => {
  const { page, context } = await fresh();
  const before = await page.locator(".cm-editor").first().evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
  const afterToggle = await page.locator(".editor:not([hidden]) .cm-editor").evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.notEqual(afterToggle, before);
  await screenshot(page, "07-dark");
  await page.reload();
  await settled(page);
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark", "the choice is remembered");
  await context.close();
});

test("page: the dark scheme of the OS is followed until the user chooses", async () => {
  const { page, context } = await openPage(env.browser, env.server.url, { colorScheme: "dark" });
  await settled(page);
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
  await context.close();
});

test("page: the gallery loads every example and shows its verdict and lesson", async () => {
  const { page, errors, context } = await fresh();
  for (const example of gallery) {
    await chooseExample(page, example.id);
    await settled(page);
    const want = example.expect[0];
    const name = want.pod.replace(/^default\//, "");
    await page.waitForFunction(
      (n) => document.querySelector(".attempt .verdict")?.textContent.startsWith(n),
      name,
    );
    const attempts = page.locator(".attempt");
    const index = await attempts.evaluateAll(
      (items, w) =>
        items.findIndex((li) => li.querySelector(".verdict").textContent.startsWith(w.name) && li.querySelector(".badge").textContent === w.outcome),
      { name, outcome: want.outcome },
    );
    assert.ok(index >= 0, `${example.id}: no ${want.outcome} attempt for ${name}`);
    assert.equal(await page.locator("#lesson").textContent(), example.lesson);
    if (want.node) assert.match(await attempts.nth(index).locator(".verdict").textContent(), new RegExp(want.node));
    await screenshot(page, `10-gallery-${example.id}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("page: keyboard: Ctrl+Enter re-runs and Ctrl+S copies the share link", async () => {
  const { page, context } = await fresh();
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => /copied/.test(document.getElementById("status").textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /#v1:/);
  await context.close();
});

test("page: the last session is autosaved and restored", async () => {
  const { page, context } = await fresh();
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceWord(page, "payments", "checkout");
  await settled(page);
  await page.reload();
  await settled(page);
  await page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await visibleEditor(page).textContent(), /image: checkout:1\.0/);
  await context.close();
});

test("page: scenario and result download as files", async () => {
  const { page, context } = await fresh();
  const [yamlFile] = await Promise.all([page.waitForEvent("download"), fromMenu(page, "#download-yaml")]);
  assert.equal(yamlFile.suggestedFilename(), "scenario.yaml");
  assert.match(readFileSync(await yamlFile.path(), "utf8"), /kind: PriorityClass/);
  const [jsonFile] = await Promise.all([page.waitForEvent("download"), fromMenu(page, "#download-json")]);
  assert.equal(jsonFile.suggestedFilename(), "result.json");
  assert.equal(JSON.parse(readFileSync(await jsonFile.path(), "utf8")).apiVersion, "podsim/v1");
  await context.close();
});

test("page: hovering a node card highlights its YAML, and its YAML marks the card", async () => {
  const { page, context } = await fresh();
  await page.getByRole("tab", { name: /Nodes/ }).click();
  await page.locator(".node-card h3", { hasText: "node-b" }).first().hover();
  await page.waitForSelector(".cm-object-highlight");
  const lines = await page.locator(".editor:not([hidden]) .cm-object-highlight").allTextContents();
  assert.ok(lines.some((l) => l.includes("node-b")), lines.join("|"));
  // And the other way round: the pointer on node-c's YAML marks its card.
  await page.locator(".editor:not([hidden]) .cm-line", { hasText: "name: node-c" }).hover();
  await page.waitForSelector('.node-card.linked[data-object="Node node-c"]');
  assert.equal(await page.locator(".node-card.linked").count(), 1);
  await context.close();
});

test("page: the page loads nothing but its own files", async () => {
  const { page, context } = await fresh();
  const foreign = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(env.server.url) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) foreign.push(r.url());
  });
  await chooseExample(page, "queue-order");
  await settled(page);
  assert.deepEqual(foreign, []);
  await context.close();
});

test("page: the semantics selector and the compare view", async () => {
  const { page, errors, context } = await fresh();
  const options = await page.locator("#profile option").allTextContents();
  assert.deepEqual(options, ["v1.37 semantics", "v1.35.4 semantics", "v1.31.14 semantics", "v1.14 semantics"]);
  // A profile example opens with both profiles compared.
  await chooseExample(page, "profiles-victim-order");
  await settled(page);
  await page.waitForSelector(".differences .difference");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  const difference = page.locator(".differences .difference").first();
  assert.equal(await difference.locator(".difference-pod").textContent(), "web: its first scheduling attempt decides differently");
  assert.deepEqual(await difference.locator(".sides dd").allTextContents(), [
    "nominated node-a, evicting batch-new",
    "nominated node-a, evicting batch-old",
  ]);
  assert.equal(await difference.locator(".rule-name").textContent(), "victim order");
  assert.match(await difference.locator(".rule").textContent(), /v1\.14 orders victims by priority only/);
  assert.equal(await page.locator(".attempt .badge-differs").count(), 1);
  await screenshot(page, "12-compare");
  // Switching the semantics shows v1.14's own result, still compared.
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.includes("batch-old"));
  assert.equal(await firstVerdict(page), "web → nominated node-a, evicting 1 pod: batch-old");
  assert.equal(await page.locator(".attempt .message").first().textContent(), "0/1 nodes are available: 1 Insufficient cpu.");
  await screenshot(page, "13-compare-v1.14");
  // The embed snippet and the share link carry the profile and the toggle.
  await fromMenu(page, "#embed");
  const snippet = await filledValue(page, "embed-snippet");
  const embedded = await decodeShare(new URL(/src="([^"]+)"/.exec(snippet)[1].replaceAll("&amp;", "&")).hash);
  assert.deepEqual([embedded.profile, embedded.compare], ["v1.14", true]);
  await page.keyboard.press("Escape");
  await page.locator("#share").click();
  const link = await filledValue(page, "share-link");
  const other = await openPage(env.browser, link);
  await settled(other.page);
  await other.page.waitForSelector(".differences .difference");
  assert.equal(await other.page.locator("#profile").inputValue(), "v1.14");
  assert.equal(await other.page.locator("#compare").getAttribute("aria-pressed"), "true");
  assert.equal(await firstVerdict(other.page), "web → nominated node-a, evicting 1 pod: batch-old");
  // Turning compare off removes the panel and the marks.
  await fromMenu(other.page, "#compare");
  await settled(other.page);
  await other.page.waitForFunction(() => !document.querySelector(".differences"));
  assert.equal(await other.page.locator(".badge-differs").count(), 0);
  assert.deepEqual([...errors, ...other.errors], []);
  await other.context.close();
  await context.close();
});
