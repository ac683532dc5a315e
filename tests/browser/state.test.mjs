// What the page keeps and forgets: an example's lesson and settings once its
// text is edited, the person's scenario when something replaces it (undo),
// the URL following the scenario, a saved session a link must not overwrite
// unasked, and a scenario too large for a link.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { decodeShare, encodeShare } from "../../web/src/model/share.js";
import { chooseExample, firstVerdict, fromMenu, openPage, replaceWord, screenshot, settled, shownExample, useBrowser, visibleEditor } from "./harness.mjs";

const env = useBrowser();
const example = (file) => readFileSync(new URL(`../../web/examples/${file}`, import.meta.url), "utf8");
const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));
const titleOf = (id) => gallery.find((e) => e.id === id).title;

let dir;
before(() => (dir = mkdtempSync(join(tmpdir(), "podsim-state-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

async function fresh(path = "", options = {}) {
  const opened = await openPage(env.browser, env.server.url + path, options);
  await settled(opened.page);
  return opened;
}

// A second tab of the same browser profile (same localStorage), its errors kept.
async function sameProfile(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await settled(page);
  return { page, errors };
}

const saved = (page) => page.evaluate(() => localStorage.getItem("podsim:scenario"));
const banner = (page) => page.locator("#banner");

// Replaces a word in the visible editor and waits for the run it starts.
async function replaceAndRun(page, word, replacement) {
  await replaceWord(page, word, replacement);
  await settled(page);
}

/** Edits the default scenario into the person's own: payments-api becomes checkout-api. */
async function makeOwn(page) {
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceAndRun(page, "payments", "checkout");
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("checkout-api"));
}

async function choose(page, id) {
  await chooseExample(page, id);
  await settled(page);
}

// Waits until the URL's fragment holds a scenario test(decoded) accepts; returns it.
async function waitForHash(page, test) {
  for (let i = 0; i < 100; i++) {
    const hash = await page.evaluate(() => location.hash);
    if (hash.startsWith("#v1:")) {
      const decoded = await decodeShare(hash);
      if (test(decoded)) return decoded;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the URL never held the expected scenario: ${await page.evaluate(() => location.hash.slice(0, 60))}`);
}

test("state: an edit clears the example's lesson and gallery entry; undoing it brings them back", async () => {
  const { page, errors, context } = await fresh();
  const lesson = gallery[0].lesson;
  assert.equal(await page.locator("#lesson").textContent(), lesson);
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceAndRun(page, "critical", "batch");
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.includes("cannot be scheduled"));
  // "node-a wins" would now contradict the verdict on screen.
  assert.equal(await page.locator("#lesson").isHidden(), true, "the lesson is gone");
  assert.equal(await shownExample(page), "", "the gallery no longer names the example");
  await visibleEditor(page).click();
  await page.keyboard.press("Control+z");
  await settled(page);
  await page.waitForFunction(() => !document.getElementById("lesson").hidden);
  assert.equal(await page.locator("#lesson").textContent(), lesson);
  assert.equal(await shownExample(page), "default", "the gallery names the example on screen");
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: the Compare an example turned on goes with an edit; a Compare or semantics you chose stays", async () => {
  const { page, errors, context } = await fresh();
  await choose(page, "profiles-victim-order");
  await page.waitForSelector(".differences .difference");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceAndRun(page, "priority: 1000", "priority: 2000");
  await page.waitForFunction(() => !document.querySelector(".differences .difference"));
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "false", "Compare goes back to the person's own choice");
  assert.equal(await page.locator("#lesson").isHidden(), true);
  assert.equal(await shownExample(page), "");

  // Chosen by the person, Compare and the semantics stay through edits.
  await fromMenu(page, "#compare");
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  await replaceAndRun(page, "priority: 2000", "priority: 3000");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  assert.equal(await page.locator("#profile").inputValue(), "v1.14");
  await page.waitForSelector(".differences");

  // An example opened over a Compare you chose leaves it on after an edit.
  await choose(page, "profiles-pdb-budget");
  await replaceAndRun(page, "priority: 1000", "priority: 2000");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: an example chosen over your scenario can be undone, from the banner or with Ctrl+Z, and your session comes back", async () => {
  const { page, errors, context } = await fresh();
  await makeOwn(page);
  await choose(page, "equal-priority");
  assert.equal(await firstVerdict(page), "web → cannot be scheduled");
  assert.match(await banner(page).textContent(), new RegExp(`^Replaced your scenario with the example "${titleOf("equal-priority")}"\\.`));
  assert.match(await saved(page), /name: web\b/);
  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, `${width} px: no sideways scrolling`);
    await screenshot(page, `60-state-replaced-${width}`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // The banner's Undo.
  await banner(page).getByRole("button", { name: "Undo" }).click();
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.match(await saved(page), /checkout-api/, "the saved session is yours again");
  assert.match(await banner(page).textContent(), /^Back to your scenario\./);

  // Ctrl+Z with the focus on the gallery, where the choice was made.
  await choose(page, "equal-priority");
  await page.locator("#examples-button").focus();
  await page.keyboard.press("Control+z");
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");

  // Ctrl+Z in an editor: its own edits first, then the replacement.
  await choose(page, "equal-priority");
  await page.getByRole("tab", { name: /Pending/ }).click();
  await replaceAndRun(page, "name: web", "name: api");
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("api"));
  await visibleEditor(page).click();
  await page.keyboard.press("Control+z");
  await settled(page);
  assert.equal(await firstVerdict(page), "web → cannot be scheduled", "the first Ctrl+Z undoes the edit");
  await page.keyboard.press("Control+z");
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  await page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await visibleEditor(page).textContent(), /checkout-api/);
  assert.match(await saved(page), /checkout-api/);
  await waitForHash(page, (s) => s.scenario.includes("checkout-api"));
  await page.reload();
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");

  // Between unedited examples there is nothing to undo, so no banner.
  await choose(page, "equal-priority");
  await page.locator("#banner button", { hasText: "×" }).click();
  await choose(page, "queue-order");
  assert.equal(await banner(page).isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: the URL follows your edits and settings, and a reload shows them", async () => {
  const { page, errors, context } = await fresh();
  assert.equal(await page.evaluate(() => location.hash), "", "a fresh page keeps its plain URL");
  await makeOwn(page);
  let shown = await waitForHash(page, (s) => s.scenario.includes("checkout-api"));
  assert.equal(shown.profile, "current");
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  shown = await waitForHash(page, (s) => s.profile === "v1.14");
  assert.match(shown.scenario, /checkout-api/);
  const url = page.url();

  // In another browser (no saved session) the URL alone shows the edits.
  const other = await fresh(url.slice(env.server.url.length));
  assert.equal(await firstVerdict(other.page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.equal(await other.page.locator("#profile").inputValue(), "v1.14");
  assert.deepEqual(other.errors, []);
  await other.context.close();

  // A reload shows the edits, and nothing about a kept scenario: they are the same.
  await page.reload();
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.equal(await banner(page).isHidden(), true);

  // Over a cluster too large for a link (random labels do not compress), the
  // URL holds only what the editors lay over it, and the page says so.
  const node = (name) => ({
    apiVersion: "v1",
    kind: "Node",
    metadata: { name, labels: { serial: randomBytes(32).toString("hex") } },
    status: { allocatable: { cpu: "4", pods: "110" } },
  });
  const dump = JSON.stringify({ apiVersion: "v1", kind: "List", items: Array.from({ length: 1000 }, (_, i) => node(`dump-${i}`)) }, null, 2);
  await page.getByRole("tab", { name: "All" }).click();
  await visibleEditor(page).click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), dump);
  await page.keyboard.press("Control+v");
  await page.waitForSelector(".cluster-panel", { timeout: 20000 });
  await settled(page);
  await waitForHash(page, (s) => s.scenario === "" && s.cluster === null);
  assert.equal(await page.locator("#url-note").textContent(), "The address bar holds what the editors lay over pasted text, not the cluster itself.");
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: a link does not overwrite a different saved session until you edit; Restore brings it back", async () => {
  const { page, errors, context } = await fresh();
  await makeOwn(page);
  assert.match(await saved(page), /checkout-api/);
  await page.close();
  const link = `${env.server.url}#${await encodeShare({ scenario: example("equal-priority.yaml"), profile: "current" })}`;

  // The link shows; the session is kept, across a reload too.
  const tab = await sameProfile(context, link);
  assert.equal(await firstVerdict(tab.page), "web → cannot be scheduled");
  assert.match(await banner(tab.page).textContent(), /Your previous scenario was kept/);
  assert.match(await saved(tab.page), /checkout-api/, "the link did not overwrite the saved session");
  await screenshot(tab.page, "61-state-link-kept");
  await tab.page.reload();
  await settled(tab.page);
  assert.match(await saved(tab.page), /checkout-api/);
  await tab.page.locator("#banner").getByRole("button", { name: "Restore it" }).click();
  await settled(tab.page);
  assert.equal(await firstVerdict(tab.page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.match(await saved(tab.page), /checkout-api/);
  await waitForHash(tab.page, (s) => s.scenario.includes("checkout-api"));

  // Opened again, the link's scenario becomes the session once it is edited.
  const again = await sameProfile(context, link);
  assert.match(await saved(again.page), /checkout-api/);
  await again.page.getByRole("tab", { name: /Pending/ }).click();
  await replaceAndRun(again.page, "name: web", "name: edited-web");
  await again.page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("edited-web"));
  assert.match(await saved(again.page), /edited-web/);
  assert.deepEqual([...errors, ...tab.errors, ...again.errors], []);
  await context.close();
});

test("state: a link opened in a tab showing your scenario replaces it undoably, and Back goes back", async () => {
  const { page, errors, context } = await fresh();
  await makeOwn(page);
  await waitForHash(page, (s) => s.scenario.includes("checkout-api"));
  const fragment = await encodeShare({ scenario: example("equal-priority.yaml"), profile: "v1.14", compare: true });
  await page.evaluate((f) => (location.hash = f), fragment);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("web"));
  await settled(page);
  assert.match(await banner(page).textContent(), /^Replaced your scenario with the link's scenario\./);
  assert.equal(await page.locator("#profile").inputValue(), "v1.14");
  assert.match(await saved(page), /checkout-api/, "the link did not overwrite the saved session");
  await banner(page).getByRole("button", { name: "Undo" }).click();
  await settled(page);
  assert.equal(await firstVerdict(page), "checkout-api → nominated node-a, evicting 2 pods: report-1, report-2");
  assert.equal(await page.locator("#profile").inputValue(), "current");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "false");
  // The banner offers the link's scenario again.
  await banner(page).getByRole("button", { name: "Show the link's scenario again" }).click();
  await settled(page);
  assert.equal(await firstVerdict(page), "web → cannot be scheduled");
  // The link's entry in the history: Back returns to the URL of your edits.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("checkout-api"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: a link made when current was kube-scheduler 1.35 opens with the v1.35 semantics, and says so", async () => {
  const { page, errors, context } = await fresh(`#${await encodeShare({ scenario: example("equal-priority.yaml"), kubernetesVersion: "1.35" })}`);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("web"));
  await settled(page);
  assert.equal(await page.locator("#profile").inputValue(), "v1.35");
  assert.match(await banner(page).textContent(), /made when podsim's current semantics were kube-scheduler 1\.35; showing v1\.35\./);
  assert.match(await page.locator(".attempt .message").first().textContent(), /no new claims to deallocate/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("state: a scenario too large for a link is not copied: Share, Ctrl+S and Copy as Markdown say so and offer the download", async () => {
  // 300 nodes carrying 2,000 random characters each: 0.6 MB that compresses
  // badly, so its link would be far over the 400,000 characters a link may have.
  const node = (i) =>
    `apiVersion: v1\nkind: Node\nmetadata:\n  name: node-${i}\n  annotations: {blob: "${randomBytes(1500).toString("base64url")}"}\n` +
    `status: {allocatable: {cpu: "4", pods: "110"}}\n`;
  const pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: 100m}}}]\n";
  const big = [...Array.from({ length: 300 }, (_, i) => node(i)), pod].join("---\n");
  const file = join(dir, "big.yaml");
  writeFileSync(file, big);

  const { page, errors, context } = await fresh();
  await page.setInputFiles("#open-file", file);
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("web"), null, { timeout: 20000 });
  await settled(page);
  await page.evaluate(() => navigator.clipboard.writeText("untouched"));

  await page.locator("#share").click();
  await page.waitForFunction(() => /too large for a link/.test(document.getElementById("share-info").textContent));
  const info = await page.locator("#share-info").textContent();
  assert.match(info, /its link would be [\d,]+ characters; the page opens links of up to 400,000/);
  assert.equal(await page.locator("#share-link").inputValue(), "");
  assert.equal(await page.locator("#share-copy").isHidden(), true);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "untouched");
  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `62-state-share-too-large-${width}`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the scenario (YAML)" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "scenario.yaml");
  assert.equal(readFileSync(await download.path(), "utf8"), big);
  await page.keyboard.press("Escape");

  // Ctrl+S copies nothing either: it opens the same dialog.
  await page.locator("#status").click();
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => document.getElementById("share-dialog").open);
  assert.match(await page.locator("#share-info").textContent(), /too large for a link/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "untouched");
  await page.keyboard.press("Escape");

  // The report goes without a link, and says why.
  await fromMenu(page, "#copy-markdown");
  await page.waitForFunction(() => /Markdown/.test(document.getElementById("status").textContent));
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(markdown, /^## podsim report/);
  assert.doesNotMatch(markdown, /#v1:/);
  assert.match(await page.locator("#status").textContent(), /without a link: the scenario is too large for one/);

  // Nor does the URL hold it; the page says so, quietly.
  assert.equal(await page.evaluate(() => location.hash), "");
  await page.waitForFunction(() => /too large for the link/.test(document.getElementById("url-note")?.textContent ?? ""));
  assert.deepEqual(errors, []);
  await context.close();
});
