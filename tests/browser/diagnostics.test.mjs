// One typo, one problem (#17 item 6): diagnostics that share a root cause
// are one entry with its places, what follows from another object's error
// is marked quietly where it is, the line an unclosed value starts at is
// named in the editors' own lines, and the status line jumps to the first
// problem when the list is out of view.
import assert from "node:assert/strict";
import { test } from "node:test";

import { openPage, replaceWord, screenshot, settled, useBrowser, visibleEditor } from "./harness.mjs";

const env = useBrowser();

async function fresh(options = {}) {
  const opened = await openPage(env.browser, env.server.url, options);
  await settled(opened.page);
  return opened;
}

/** Waits for the run after an edit and returns the status line's text. */
async function statusAfterEdit(page) {
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("error"), null, { timeout: 20000 });
  await settled(page);
  return page.locator("#status").textContent();
}

/** The 1-based line of the cursor in the visible editor (its active line). */
const cursorLine = (page) =>
  visibleEditor(page).evaluate((content) => [...content.querySelectorAll(".cm-line")].findIndex((l) => l.classList.contains("cm-activeLine")) + 1);

/** Waits until the tab named name is the selected one. */
const selected = (page, name) => page.getByRole("tab", { name, selected: true }).waitFor({ timeout: 5000 });

/** Whether the tab named name is marked as holding errors. */
const hasErrors = (page, name) => page.getByRole("tab", { name: new RegExp(name) }).evaluate((tab) => tab.classList.contains("has-errors"));

test("diagnostics: a class renamed by mistake is one error with the places that name it", async () => {
  const { page, context, errors } = await fresh();
  await page.getByRole("tab", { name: /Classes/ }).click();
  await replaceWord(page, "name: batch", "name: batc");
  const status = await statusAfterEdit(page);
  assert.match(status, /^1 error in the scenario \(marked at 4 places\): showing the last good result, dimmed\. Show the error$/);
  const items = page.locator("#diagnostics .diagnostic");
  assert.equal(await items.count(), 1);
  assert.match(await items.locator(".text").textContent(), /no PriorityClass with name batch was found/);
  const places = items.locator(".diagnostic-places .place");
  assert.equal(await places.count(), 3);
  // The places are in the first one's tab (Running), so they name no tab.
  assert.deepEqual(await places.allTextContents(), ["Pod default/report-2 · line 15", "Pod default/db-0 · line 51", "Pod default/cache · line 64"]);
  // A place jumps to its line.
  await places.nth(1).click();
  await selected(page, /Running/);
  assert.equal(await cursorLine(page), 51);
  await screenshot(page, "diagnostics-grouped");
  assert.deepEqual(errors, []);
  await context.close();
});

test("diagnostics: pods naming a class with an error follow from it, marked quietly on their tab", async () => {
  const { page, context, errors } = await fresh();
  await page.getByRole("tab", { name: /Classes/ }).click();
  // batch's value (value: 100, not critical's 100000): select the number and retype it.
  await visibleEditor(page).locator(".cm-line", { hasText: /^value: 100$/ }).click();
  await page.keyboard.press("End");
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.insertText("1e99");
  const status = await statusAfterEdit(page);
  assert.match(status, /^1 error in the scenario \(marked at 5 places\)/);
  const item = page.locator("#diagnostics .diagnostic");
  assert.equal(await item.count(), 1);
  assert.equal(await item.locator(".where").textContent(), "PriorityClass batch · value · line 17");
  assert.equal(await item.locator(".diagnostic-places .place").count(), 4);
  // The error's tab has the dot; the pods' tab does not: their markers are quiet.
  assert.equal(await hasErrors(page, "Classes"), true);
  assert.equal(await hasErrors(page, "Running"), false);
  await page.getByRole("tab", { name: /Running/ }).click();
  assert.equal(await page.locator(".editor:not([hidden]) .cm-lint-marker-error").count(), 0);
  assert.ok((await page.locator(".editor:not([hidden]) .cm-lint-marker-info").count()) >= 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("diagnostics: an unclosed value names the line it starts at in the tab, and a button goes there", async () => {
  const { page, context, errors } = await fresh();
  await page.getByRole("tab", { name: /Running/ }).click();
  // Line 8 (report-1's container) ends "{cpu: 1500m, memory: 2Gi}}}": open a brace before 1500m.
  // From the line's first word, right to its 1500m (the editor may wrap
  // the line, so End would stop short of its end; Home skips the indent).
  const line = visibleEditor(page).locator(".cm-line").nth(7);
  await line.click({ position: { x: 2, y: 4 } });
  await page.keyboard.press("Home");
  const written = await line.textContent();
  for (let i = written.search(/\S/); i < written.indexOf("1500m"); i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.insertText("{");
  await statusAfterEdit(page);
  const item = page.locator("#diagnostics .diagnostic");
  assert.equal(await item.count(), 1);
  const text = await item.locator(".text").textContent();
  const started = Number(/started at line (\d+)\)$/.exec(text)?.[1]);
  // The first report's container line, in the Running tab (not the whole stream's line 50).
  assert.equal(started, 8, text);
  await item.locator(".diagnostic-more button", { hasText: "Go to line 8" }).click();
  assert.equal(await cursorLine(page), 8);
  // Both lines are marked: the error where libyaml noticed it, the start as a note.
  assert.equal(await page.locator(".editor:not([hidden]) .cm-lint-marker-error").count(), 1);
  assert.equal(await page.locator(".editor:not([hidden]) .cm-lint-marker-info").count(), 1);
  await screenshot(page, "diagnostics-unclosed");
  assert.deepEqual(errors, []);
  await context.close();
});

test("diagnostics: on a phone the status line's button brings the error and the list into view", async () => {
  const { page, context, errors } = await fresh({ viewport: { width: 390, height: 844 } });
  await page.getByRole("tab", { name: /Classes/ }).click();
  await replaceWord(page, "name: batch", "name: batc");
  await statusAfterEdit(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const list = page.locator("#diagnostics .diagnostic").first();
  const inView = async (locator) => {
    const box = await locator.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 844;
  };
  assert.equal(await inView(list), false, "the list starts below the fold");
  await page.locator("#status button", { hasText: "Show the error" }).click();
  await selected(page, /Running/);
  // The editor scrolls the line into view in its next frame, the page the list a frame later.
  await page.waitForFunction(
    () => {
      const seen = (el) => {
        const box = el?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.bottom <= innerHeight;
      };
      return seen(document.querySelector("#diagnostics .diagnostic")) && seen(document.querySelector(".editor:not([hidden]) .cm-activeLine"));
    },
    null,
    { timeout: 10000 },
  );
  // The problem, its marked line (with the cursor on it) and the editor's focus.
  assert.equal(await inView(list), true, "the list is in view after the jump");
  assert.equal(await cursorLine(page), 6);
  assert.equal(await inView(page.locator(".editor:not([hidden]) .cm-activeLine")), true, "the error's line is in view");
  assert.ok(await visibleEditor(page).evaluate((el) => el.contains(document.activeElement)));
  await screenshot(page, "diagnostics-phone-jump");
  assert.deepEqual(errors, []);
  await context.close();
});
