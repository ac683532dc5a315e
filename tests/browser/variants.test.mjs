// Variants A and B on the page: Fork into B, the A|B switch, the differences
// first (each pod's decision in A and B and the change that flips it), the
// object changes, links and the embed carrying B, the saved session, Remove B
// and its undo, and the profile comparison in the same view.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { decodeShare, encodeShare } from "../../web/src/model/share.js";
import { chooseExample, fromMenu, openPage, replaceWord, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();
const example = (file) => readFileSync(new URL(`../../web/examples/${file}`, import.meta.url), "utf8");
const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));

async function fresh(path = "", options = {}) {
  const opened = await openPage(env.browser, env.server.url + path, options);
  await settled(opened.page);
  return opened;
}

// Waits for the run an action starts, then for it to settle.
async function rerun(page, action) {
  const before = await page.evaluate(() => document.getElementById("status").textContent);
  await action();
  await page.waitForFunction((text) => document.getElementById("status").textContent !== text || !document.body.classList.contains("busy"), before);
  await settled(page);
}

const differences = (page) => page.locator("#differences .difference");
const sides = (page) => differences(page).first().locator(".sides dd").allTextContents();
const causes = (page) => differences(page).first().locator(".rule-name").allTextContents();
const objectChanges = (page) => page.locator("#differences .object-change .rule-name").allTextContents();

async function openExample(page, id) {
  await rerun(page, () => chooseExample(page, id));
}

async function selectTab(page, label) {
  await page.getByRole("tab", { name: new RegExp(`^${label}`) }).click();
}

// A (the PDB example) forked into B, B's PDB allowing one more disruption and free's priority raised.
async function forkWithTwoChanges(page) {
  await openExample(page, "pdb-steers-victims");
  await rerun(page, () => fromMenu(page, "#fork"));
  await selectTab(page, "PDBs");
  await rerun(page, () => replaceWord(page, "disruptionsAllowed: 0", "disruptionsAllowed: 1"));
  await selectTab(page, "Running");
  await rerun(page, () => replaceWord(page, "priority: 20", "priority: 25"));
  await page.waitForFunction(() => document.querySelectorAll("#differences .object-change").length === 2);
}

test("variants: Fork into B copies the scenario; an edit to B shows the pod it flips and the change that does", async () => {
  const { page, errors } = await fresh();
  await openExample(page, "pdb-steers-victims");
  assert.equal(await page.locator("#fork").textContent(), "Fork into B");
  await rerun(page, () => fromMenu(page, "#fork"));
  // B is shown, labelled, and focused; A and B are alike so far.
  assert.equal(await page.locator("#variant-b").getAttribute("aria-pressed"), "true");
  assert.equal(await page.locator("#variant-label").textContent(), "Editing variant B");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "variant-b");
  await page.waitForSelector("#differences .same");
  assert.equal(await page.locator("#differences .same").first().textContent(), "Both variants decide every pod alike.");
  assert.equal(await page.locator("#differences .variant-next").textContent(), "Edit B in the editors (they now hold B) to see what it changes.");
  assert.equal(await page.locator("#variant-summary").textContent(), "A and B decide every pod alike.");

  await selectTab(page, "PDBs");
  await rerun(page, () => replaceWord(page, "disruptionsAllowed: 0", "disruptionsAllowed: 1"));
  await page.waitForSelector("#differences .difference");
  assert.equal(await differences(page).count(), 1);
  assert.equal(await differences(page).first().locator(".difference-pod").textContent(), "web: its first scheduling attempt decides differently");
  assert.deepEqual(await sides(page), ["nominated node-1, evicting free", "nominated node-1, evicting guarded"]);
  assert.equal(await differences(page).first().locator(".rule-note").textContent(), "Alone, this change gives B's decision:");
  assert.deepEqual(await causes(page), ["PodDisruptionBudget default/db"]);
  // The object list, with the YAML lines that changed.
  assert.deepEqual(await objectChanges(page), ["PodDisruptionBudget default/db"]);
  assert.deepEqual(await page.locator("#differences .object-change .diff-del").allTextContents(), ["-   disruptionsAllowed: 0"]);
  assert.deepEqual(await page.locator("#differences .object-change .diff-add").allTextContents(), ["+   disruptionsAllowed: 1"]);
  // Both variants' verdicts side by side, the differing pod marked.
  assert.deepEqual(await page.locator("#differences .both-verdicts tr.differs td").allTextContents(), [
    "nominated node-1, evicting free",
    "nominated node-1, evicting guarded",
  ]);
  // The panels below show B, and the verdict is marked as differing.
  assert.match(await page.locator(".variant-shown").textContent(), /The panels below show variant B\./);
  assert.match(await page.locator("#victims").textContent(), /guarded/);
  assert.equal(await page.locator(".attempt .badge-differs").count(), 1);
  // The detail panels' badge wears B's colour, not A's.
  const badge = page.locator("#victims .badge-profile");
  assert.equal(await badge.textContent(), "variant B");
  const [badgeColour, bColour] = await badge.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.getElementById("variant-b")).backgroundColor]);
  assert.equal(badgeColour, bColour);
  assert.equal(await page.locator("#differences .variant-next").count(), 0, "the hint goes once B differs");

  // A is untouched: switching (by keyboard) shows A's text and result, the keyboard staying on the switch.
  await page.focus("#variant-a");
  await rerun(page, () => page.keyboard.press("Enter"));
  assert.equal(await page.evaluate(() => document.activeElement?.id), "variant-a");
  assert.equal(await page.locator("#variant-label").textContent(), "Editing variant A");
  assert.match(await page.locator(".editor:not([hidden]) .cm-content").textContent(), /disruptionsAllowed: 0/);
  assert.match(await page.locator(".variant-shown").textContent(), /The panels below show variant A\./);
  assert.match(await page.locator("#victims").textContent(), /free/);
  assert.deepEqual(
    ...(await page.locator("#victims .badge-profile").evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.getElementById("variant-a")).backgroundColor])),
    "A's badge wears A's colour",
  );
  assert.deepEqual(errors, []);
});

test("variants: of two changes, only the one that flips the pod is its cause", async () => {
  const { page, errors } = await fresh();
  await forkWithTwoChanges(page);
  assert.deepEqual(await objectChanges(page), ["Pod default/free", "PodDisruptionBudget default/db"]);
  assert.equal(await differences(page).count(), 1);
  assert.deepEqual(await causes(page), ["PodDisruptionBudget default/db"]);
  await screenshot(page, "variants-desktop");
  // Copy as Markdown: the variant shown, then the diff of A and B.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await fromMenu(page, "#copy-markdown");
  await page.waitForFunction(() => /Copied a Markdown report/.test(document.getElementById("status").textContent));
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(markdown, /\n### Variants A and B\n\nThe report above is of variant B; the link holds both\.\n/);
  assert.match(markdown, /because: PodDisruptionBudget default\/db \(changed\) flips it alone/);
  assert.deepEqual(errors, []);
});

test("variants: the gallery example opens with B and its differences", async () => {
  const entry = gallery.find((e) => e.variantB);
  assert.ok(entry, "the gallery has an example with a variant B");
  const { page, errors } = await fresh();
  await openExample(page, entry.id);
  await page.waitForSelector("#differences .difference");
  assert.equal(await page.locator("#variant-a").getAttribute("aria-pressed"), "true");
  for (const want of entry.variantDiff) {
    const row = page.locator(`#differences .difference[data-pod="${want.pod}"]`);
    assert.deepEqual(await row.locator(".rule-name").allTextContents(), want.changes);
  }
  assert.equal(await page.locator("#lesson").textContent(), entry.lesson);
  // An edit to B moves away from the example: its lesson goes.
  await rerun(page, () => page.click("#variant-b"));
  await selectTab(page, "PDBs");
  await rerun(page, () => replaceWord(page, "disruptionsAllowed: 1", "disruptionsAllowed: 2"));
  assert.equal(await page.locator("#lesson").isHidden(), true);
  assert.deepEqual(errors, []);
});

test("variants: the share link carries B and opens with it; reloading keeps B", async () => {
  const { page, context, errors } = await fresh();
  await forkWithTwoChanges(page);
  // The address bar follows the last edit a moment after it.
  await page.waitForFunction(() => location.hash.length > 1);
  let link = await decodeShare(new URL(page.url()).hash);
  while (!/priority: 25/.test(link.variantB ?? "")) {
    await page.waitForTimeout(100);
    link = await decodeShare(new URL(page.url()).hash);
  }
  assert.match(link.scenario, /disruptionsAllowed: 0/);
  assert.match(link.variantB, /disruptionsAllowed: 1/);
  assert.match(link.variantB, /priority: 25/);
  // Shared while B shows, the dialog says where the link opens.
  await page.click("#share");
  await page.waitForFunction(() => document.getElementById("share-info").textContent !== "");
  assert.match(await page.locator("#share-info").textContent(), /Both variants are in the link: it opens on variant A, whichever one you are looking at\./);
  await page.keyboard.press("Escape");

  // The link in another browser: A and B, the differences first.
  const other = await fresh(new URL(page.url()).hash);
  await other.page.waitForSelector("#differences .difference");
  assert.deepEqual(await causes(other.page), ["PodDisruptionBudget default/db"]);
  assert.equal(await other.page.locator("#variant-a").getAttribute("aria-pressed"), "true");
  assert.deepEqual(other.errors, []);

  // A reload of the plain page (the saved session) keeps B.
  const again = await context.newPage();
  await again.goto(env.server.url);
  await settled(again);
  await again.waitForSelector("#differences .difference");
  assert.deepEqual(await causes(again), ["PodDisruptionBudget default/db"]);
  assert.deepEqual(errors, []);
});

test("variants: a link without B opens as before; a damaged B says so and opens A", async () => {
  const text = example("pdb-steers-victims.yaml");
  const plain = await fresh(`#${await encodeShare({ scenario: text, kubernetesVersion: "1.37" })}`);
  assert.equal(await plain.page.locator("#fork").evaluate((b) => b.hidden), false, "Fork into B is in the Compare menu");
  assert.equal(await plain.page.locator("#variant-b").count(), 0);
  assert.equal(await plain.page.locator("#differences .differences").count(), 0);
  assert.deepEqual(plain.errors, []);

  const damaged = await fresh(`#${await encodeShare({ scenario: text, kubernetesVersion: "1.37", variantB: 42 })}`);
  assert.match(
    await damaged.page.locator("#banner").textContent(),
    /This link's variant B could not be opened: its variant B is damaged: it holds no scenario text; showing variant A alone\./,
  );
  assert.equal(await damaged.page.locator("#variant-b").count(), 0);
  assert.match(await damaged.page.locator(".attempt .verdict").first().textContent(), /evicting 1 pod: free/);
  assert.deepEqual(damaged.errors, []);
});

test("variants: a read-only embed with B shows the differences first and switches A|B, but cannot edit or remove", async () => {
  const a = example("pdb-steers-victims.yaml");
  const b = a.replace("disruptionsAllowed: 0", "disruptionsAllowed: 1");
  const { page, errors } = await fresh(`?embed&readonly#${await encodeShare({ scenario: a, kubernetesVersion: "1.37", variantB: b })}`, {
    viewport: { width: 720, height: 900 },
  });
  await page.waitForSelector("#differences .difference");
  // The differences come before the verdicts.
  const order = await page.evaluate(() => {
    const d = document.querySelector("#differences .differences");
    const v = document.getElementById("verdicts");
    return Boolean(d.compareDocumentPosition(v) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.equal(order, true);
  assert.equal(await page.locator("#fork").evaluate((b) => b.hidden), true);
  assert.equal(await page.locator("#remove-b").count(), 0);
  assert.equal(await page.locator("#variant-label").textContent(), "Showing variant A");
  await rerun(page, () => page.click("#variant-b"));
  assert.equal(await page.locator("#variant-label").textContent(), "Showing variant B");
  assert.match(await page.locator("#victims").textContent(), /guarded/);
  await screenshot(page, "variants-embed");
  assert.deepEqual(errors, []);
});

test("variants: Remove B can be undone; removed, B is gone from the session", async () => {
  const { page, context, errors } = await fresh();
  await forkWithTwoChanges(page);
  await rerun(page, () => page.click("#remove-b"));
  assert.equal(await page.locator("#variant-b").count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "compare-button", "the keyboard goes to the Compare menu, which holds Fork into B");
  assert.equal(await page.locator("#fork").evaluate((b) => b.hidden), false);
  assert.equal(await page.locator("#differences .differences").count(), 0);
  assert.match(await page.locator("#banner").textContent(), /Removed variant B\./);
  // Undo brings B back as it was.
  await rerun(page, () => page.locator("#banner").getByRole("button", { name: "Undo" }).click());
  await page.waitForSelector("#differences .difference");
  assert.deepEqual(await objectChanges(page), ["Pod default/free", "PodDisruptionBudget default/db"]);
  // Removed again, a reload has no B.
  await rerun(page, () => page.click("#remove-b"));
  const again = await context.newPage();
  await again.goto(env.server.url);
  await settled(again);
  assert.equal(await again.locator("#variant-b").count(), 0);
  assert.equal(await again.locator("#fork").evaluate((b) => b.hidden), false);
  assert.deepEqual(errors, []);
});

test("variants: the profile comparison is the same view; with B, Compare waits, and with Compare on, Fork does", async () => {
  const { page, errors } = await fresh();
  // A profile example turns Compare on: the same rows, the cause a profile rule.
  await openExample(page, "profiles-victim-order");
  await page.waitForSelector("#differences .difference");
  assert.equal(await page.locator("#compare").getAttribute("aria-pressed"), "true");
  assert.match(await page.locator("#differences h2").textContent(), /^Compared: /);
  assert.deepEqual(await causes(page), ["victim order"]);
  assert.equal(await page.locator("#fork").isDisabled(), true);
  assert.match(await page.locator("#fork").getAttribute("title"), /turn it off to compare two variants/);
  await rerun(page, () => fromMenu(page, "#compare"));
  await rerun(page, () => fromMenu(page, "#fork"));
  assert.equal(await page.locator("#compare").isDisabled(), true);
  assert.deepEqual(errors, []);
});

test("variants: narrow and dark screens", async () => {
  const { page, errors } = await fresh("", { viewport: { width: 390, height: 900 } });
  await forkWithTwoChanges(page);
  // Beside the editors, the bar says what differs, and goes to it (the panel is far below on a phone).
  const link = page.locator("#variant-summary-link");
  assert.equal(await link.textContent(), "1 pod decided differently — see the differences");
  await page.evaluate(() => window.scrollTo(0, 0));
  await link.click();
  const top = (await page.locator("#differences").boundingBox()).y;
  assert.ok(top >= 0 && top < 100, `the differences panel's top is at ${top} px`);
  assert.equal(await page.evaluate(() => document.activeElement.className), "difference-pod");
  // No name breaks across lines ("node-" and "a"); the A/B table stacks A and B.
  const broken = await page.locator("#differences .name").evaluateAll((names) => names.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent));
  assert.deepEqual(broken, []);
  assert.ok((await page.locator("#differences .name").count()) > 5);
  await page.locator("#differences").scrollIntoViewIfNeeded();
  await screenshot(page, "variants-narrow");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, "nothing is wider than the screen");
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "variants-dark");
  assert.deepEqual(errors, []);
});

// A node of 2 cpu full with two running pods, and a preemptor of 2 cpu.
function twoRunning(priority) {
  const pod = (name) =>
    `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}, namespace: default}\nspec:\n  nodeName: node-1\n  priority: ${priority}\n` +
    `  containers:\n  - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}}}\n`;
  return (
    `apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus:\n  allocatable: {cpu: "2", memory: 8Gi, pods: "110"}\n---\n` +
    `${pod("p1")}---\n${pod("p2")}---\n` +
    `apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n  priority: 5\n` +
    `  containers:\n  - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "2"}}}\n`
  );
}

test("variants: changes that flip a pod only together, and changes past the limit, are said so", async () => {
  const together = await fresh(`#${await encodeShare({ scenario: twoRunning(10), kubernetesVersion: "1.37", variantB: twoRunning(1) })}`);
  await together.page.waitForSelector("#differences .difference");
  assert.deepEqual(await sides(together.page), ["cannot be scheduled", "nominated node-1, evicting p1, p2"]);
  assert.equal(await together.page.locator("#differences .rule-note").textContent(), "No single change gives B's decision: the changes act together.");
  assert.deepEqual(await causes(together.page), []);
  assert.deepEqual(together.errors, []);

  // Twenty nodes relabelled before the PDB: the PDB, 21st, is not tried.
  const a = example("pdb-steers-victims.yaml");
  const nodes = (value) =>
    Array.from({ length: 20 }, (_, i) => `apiVersion: v1\nkind: Node\nmetadata: {name: spare-${i}, labels: {v: "${value}"}}\nstatus:\n  allocatable: {cpu: "0", memory: 8Gi, pods: "110"}\n---\n`).join("");
  const link = await encodeShare({ scenario: nodes("a") + a, kubernetesVersion: "1.37", variantB: nodes("b") + a.replace("disruptionsAllowed: 0", "disruptionsAllowed: 1") });
  const untried = await fresh(`#${link}`);
  await untried.page.waitForSelector("#differences .difference");
  assert.equal(
    await untried.page.locator("#differences .rule-note").textContent(),
    "None of the 20 changes tried gives B's decision alone; 1 change beyond the first 20 was not tried.",
  );
  assert.equal(await untried.page.locator("#differences .object-change").count(), 21);
  assert.deepEqual(untried.errors, []);
});

test("variants: over a loaded cluster, Fork is disabled and says why", async () => {
  const pending = example("pdb-steers-victims.yaml").split("---\n").filter((d) => /name: web/.test(d)).join("");
  const link = await encodeShare({ scenario: pending, kubernetesVersion: "1.37", cluster: { name: "tiny", text: example("default.yaml") } });
  const { page, errors } = await fresh(`#${link}`);
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent));
  assert.equal(await page.locator("#fork").isDisabled(), true);
  assert.match(await page.locator("#fork").getAttribute("title"), /over a loaded cluster the editors hold a change to it/);
  assert.deepEqual(errors, []);
});

test("variants: errors in the variant not shown are said, with a button that shows it", async () => {
  const a = example("pdb-steers-victims.yaml");
  const b = a.replace("  priority: 1000\n", "  priorityClassName: gold\n");
  const { page, errors } = await fresh(`#${await encodeShare({ scenario: a, kubernetesVersion: "1.37", variantB: b })}`);
  await page.waitForFunction(() => /Variant B has 1 error/.test(document.getElementById("status").textContent));
  await rerun(page, () => page.locator("#status").getByRole("button", { name: "Show variant B" }).click());
  assert.equal(await page.locator("#variant-label").textContent(), "Editing variant B");
  assert.match(await page.locator("#status").textContent(), /1 error in the scenario/);
  assert.match(await page.locator("#diagnostics").textContent(), /gold/);
  assert.deepEqual(errors, []);
});

test("variants: variants too long to read on the page list their changes without YAML lines", async () => {
  const padding = `# ${"padding ".repeat(80)}\n`.repeat(110); // about 70 KiB of comments
  const a = padding + example("pdb-steers-victims.yaml");
  const b = a.replace("disruptionsAllowed: 0", "disruptionsAllowed: 1");
  const { page, errors } = await fresh(`#${await encodeShare({ scenario: a, kubernetesVersion: "1.37", variantB: b })}`);
  await page.waitForSelector("#differences .difference");
  assert.deepEqual(await objectChanges(page), ["PodDisruptionBudget default/db"]);
  assert.equal(await page.locator("#differences .line-diff").count(), 0);
  assert.match(await page.locator("#differences .object-changes").textContent(), /The YAML lines are shown for variants of up to 64 KiB each\./);
  assert.deepEqual(errors, []);
});
