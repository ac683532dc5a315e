// Strict fields in the playground: the engine's unknown-field warning at
// its line in the editor, completion of the fields podsim reads, and their
// docs on hover.
import assert from "node:assert/strict";
import { test } from "node:test";

import { openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

const editor = (page) => page.locator(".editor:not([hidden]) .cm-content");

// Replaces the visible editor's text, as a paste would (no auto-indent).
async function setText(page, text) {
  await editor(page).click();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
}

async function fresh() {
  const opened = await openPage(env.browser, env.server.url);
  await settled(opened.page);
  await opened.page.getByRole("tab", { name: /Pending/ }).click();
  return opened;
}

test("strict fields: a misspelled field is warned of at its own line in the editor", async () => {
  const { page, context, errors } = await fresh();
  await setText(page, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  priortyClassName: high\n  containers:\n  - name: app\n");
  await page.waitForSelector(".diagnostic.warning");
  const warning = page.locator(".diagnostic.warning", { hasText: "unknown field" });
  assert.equal(await warning.locator(".where").textContent(), "Pod default/web · spec.priortyClassName · line 6");
  assert.match(await warning.locator(".text").textContent(), /^unknown field \(not in the Kubernetes 1\.\d+ API for Pod; did you mean priorityClassName\?\)$/);
  // The editor's marker sits on line 6.
  await page.waitForSelector(".editor:not([hidden]) .cm-lint-marker-warning");
  const marker = await page.locator(".editor:not([hidden]) .cm-lint-marker-warning").first().boundingBox();
  const line6 = await editor(page).locator(".cm-line").nth(5).boundingBox();
  assert.ok(Math.abs(marker.y + marker.height / 2 - (line6.y + line6.height / 2)) < line6.height / 2, `marker at ${marker.y}, line 6 at ${line6.y}`);
  await screenshot(page, "strict-fields-warning");
  assert.deepEqual(errors, []);
  await context.close();
});

test("strict fields: typing prio under spec offers priorityClassName, and choosing it writes it", async () => {
  const { page, context, errors } = await fresh();
  await setText(page, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  ");
  await page.keyboard.type("prio");
  const options = page.locator(".cm-tooltip-autocomplete li");
  await options.first().waitFor();
  const labels = await options.allTextContents();
  assert.ok(labels.some((l) => l.startsWith("priorityClassName")), labels.join(", "));
  assert.ok(!labels.some((l) => l.startsWith("nodeName")), labels.join(", "));
  await screenshot(page, "strict-fields-completion");
  await page.locator(".cm-tooltip-autocomplete li", { hasText: "priorityClassName" }).click();
  assert.equal(await editor(page).locator(".cm-line").nth(5).textContent(), "  priorityClassName: ");
  assert.deepEqual(errors, []);
  await context.close();
});

test("strict fields: hovering a field podsim reads shows its doc", async () => {
  const { page, context, errors } = await fresh();
  await setText(page, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  priorityClassName: high\n  containers:\n  - name: app\n");
  const key = editor(page).locator(".cm-line").nth(5);
  const box = await key.boundingBox();
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  const doc = page.locator(".cm-tooltip-hover .cm-schema-doc");
  await doc.waitFor();
  const text = await doc.textContent();
  assert.ok(text.startsWith("spec.priorityClassName (Pod): If specified, indicates the pod's priority."), text);
  await screenshot(page, "strict-fields-hover");
  assert.deepEqual(errors, []);
  await context.close();
});
