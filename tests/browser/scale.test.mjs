// A large cluster in the page: the engine runs in the worker, the lists are
// paged, and an attempt past the detail budget gets its detail on demand.
// How fast, and the longest frame on the way, is the benchmark's
// (node bench/page.mjs --only scale): no test asserts a time.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SCALE_NODES as NODES, scaleList } from "../../bench/dump.mjs";
import { openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

test("scale: 5,000 nodes, 25,000 pods and 5,000 preemptors stay paged", async () => {
  const { page, errors, context } = await openPage(env.browser, env.server.url);
  await settled(page);
  await page.getByRole("tab", { name: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.press("Control+a");
  // Paste, as a person does (typing a megabyte would take minutes).
  await page.evaluate((text) => navigator.clipboard.writeText(text), scaleList());
  await page.keyboard.press("Control+v");
  await page.waitForFunction(() => document.querySelectorAll(".attempt").length >= 100, null, { timeout: 60000 });
  await settled(page);
  assert.match(await page.locator(".cluster-head").textContent(), /pasted text5\.\d MiB · 5,000 nodes · 25,000 pods/);
  assert.equal(await page.locator(".attempt").count(), 100, "attempts are paged");
  const attempts = 2 * NODES; // each preemptor: nominated, then bound
  assert.equal(await page.locator("button.more").first().textContent(), `Show 100 more of ${attempts - 100} attempts`);
  assert.ok((await page.locator(".node-card").count()) <= 60, "node cards are paged");
  assert.ok((await page.locator("#picture .picture .column").count()) <= 120, "the picture is capped");
  assert.ok((await page.locator("#timeline .picture .column").count()) <= 20, "the timeline's picture is capped lower");
  assert.ok((await page.locator("table.selection thead th").count()) <= 13, "the selection table is capped");
  // Attempt 301 is past the detail budget (10,000 node entries = 2 attempts here).
  for (let i = 0; i < 3; i++) await page.locator("button.more").first().click();
  await page.locator(".attempt-head").nth(300).click();
  await page.waitForFunction(() => document.querySelectorAll(".node-card").length > 0, null, { timeout: 60000 });
  assert.equal(await page.locator(".node-card").count(), 60, "the detail arrives, paged");
  await screenshot(page, "11-scale");
  assert.deepEqual(errors, []);
  await context.close();
});
