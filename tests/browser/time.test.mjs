// Time on the page (#18 item 7): each attempt says when it ran on the
// simulated clock, the victims table when each victim leaves its node, and
// a line how long the preemptor waits nominated.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chooseExample, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

async function example(id, viewport) {
  const opened = await openPage(env.browser, env.server.url, viewport ? { viewport } : {});
  await settled(opened.page);
  await chooseExample(opened.page, id);
  await opened.page.waitForFunction((want) => document.querySelector(".attempt .verdict")?.textContent.startsWith(want), "web");
  await settled(opened.page);
  return opened;
}

const metas = (page) => page.locator(".attempt .meta").allTextContents();

test("time: a preemptor that preempts twice, attempt by attempt with its time", async () => {
  const { page, context, errors } = await example("preempts-twice");
  const verdicts = await page.locator(".attempt .verdict").allTextContents();
  assert.deepEqual(verdicts, [
    "web → nominated node-a, evicting 1 pod: low",
    "vip → nominated node-a, evicting 1 pod: low",
    "vip → scheduled on node-a",
    "web → nominated node-b, evicting 1 pod: spare",
    "web → scheduled on node-b",
  ]);
  assert.deepEqual(await metas(page), [
    "+0 s · priority 100",
    "+10 s · priority 1000",
    "+30 s · priority 1000 · attempt 2",
    "+30 s · priority 100 · attempt 2",
    "+1 min · priority 100 · attempt 3",
  ]);
  // web's first attempt: its victim leaves after its grace period.
  const victims = page.locator("table.victims tbody tr");
  assert.equal(await victims.count(), 1);
  assert.equal(await victims.locator(".leaves").textContent(), "leaves at +30 s");
  assert.equal(
    await page.locator(".victims-wait").textContent(),
    "web waits nominated on node-a for its victim to terminate: 30 s, until +30 s. The simulator holds each victim's whole grace period, the worst case the scheduler plans for.",
  );
  await screenshot(page, "time-preempts-twice");
  // vip picked the same victim, already terminating.
  await page.locator(".attempt-head").nth(1).click();
  assert.equal(await victims.locator(".leaves").textContent(), "leaves at +30 s (already terminating)");
  assert.deepEqual(errors, []);
  await context.close();
});

test("time: the grace period example waits a minute, and reads on a phone", async () => {
  const { page, context, errors } = await example("grace-period", { width: 390, height: 844 });
  assert.deepEqual(await metas(page), ["+0 s · priority 1000", "+1 min · priority 1000 · attempt 2"]);
  assert.equal(await page.locator("table.victims .leaves").textContent(), "leaves at +1 min");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await page.locator("table.victims").scrollIntoViewIfNeeded();
  await screenshot(page, "time-grace-period-phone");
  assert.deepEqual(errors, []);
  await context.close();
});
