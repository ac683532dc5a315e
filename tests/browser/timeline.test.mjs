// The timeline (#20 item 2): a slider over the attempts or the clock, the
// cluster picture at that moment, the events that moved it and the
// attempt, with the keyboard; an embed that opens at a step; and a queue
// of over 5,000 attempts that still scrubs, fetching an attempt's detail
// when the timeline rests on one the result summarised.
import assert from "node:assert/strict";
import { test } from "node:test";

import { encodeShare } from "../../web/src/model/share.js";
import { chooseExample, fromMenu, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

async function example(id, options = {}) {
  const opened = await openPage(env.browser, env.server.url, options);
  await settled(opened.page);
  await chooseExample(opened.page, id);
  await opened.page.waitForFunction((want) => document.querySelector(".attempt .verdict")?.textContent.startsWith(want), "web");
  await settled(opened.page);
  return opened;
}

const where = (page) => page.locator(".timeline-where").textContent();
// A pod's state in the timeline's picture ("running", "terminating", "nominated", "pending", "gone"), or null when not drawn.
const podState = (page, pod) =>
  page.evaluate((key) => document.querySelector(`.timeline .pod[data-object="Pod ${key}"]`)?.dataset.state ?? null, pod);
// Waits until the slider says what is expected.
const waitWhere = (page, text) =>
  page.waitForFunction((want) => document.querySelector(".timeline-where")?.textContent === want, text, { timeout: 10000 });
// Where the timeline's slider is in the window, px from its top.
const sliderTop = (page) => page.evaluate(() => document.getElementById("timeline-slider").getBoundingClientRect().top);
const focusedVerdict = (page) => page.evaluate(() => [...document.querySelectorAll(".attempt-head")].findIndex((b) => b.getAttribute("aria-pressed") === "true"));

test("timeline: the slider moves the picture through a victim's life, and the focus with it", async () => {
  const { page, context, errors } = await example("preempts-twice");
  const slider = page.locator("#timeline-slider");
  await slider.focus();
  await page.keyboard.press("Home");
  await waitWhere(page, "the start, +0 s: before the first attempt");
  assert.equal(await podState(page, "default/low"), "running");
  assert.equal(await podState(page, "default/web"), null, "web has not arrived");
  // Attempt 1: web preempts low, which terminates for its grace period.
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "attempt 1 of 5, +0 s: default/web nominated node-a");
  assert.equal(await slider.getAttribute("aria-valuetext"), "attempt 1 of 5, +0 s: default/web nominated node-a");
  assert.equal(await podState(page, "default/low"), "terminating");
  assert.equal(await podState(page, "default/web"), "nominated");
  assert.match(await page.locator(".timeline-now").textContent(), /What moved it.*default\/web enters the scheduling queue.*Then.*default\/low is deleted by preemption/s);
  assert.equal(await focusedVerdict(page), 0, "the focus follows the timeline");
  // Attempt 3 (+30 s): low has left; vip binds on node-a.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "attempt 3 of 5, +30 s: default/vip scheduled on node-a");
  assert.equal(await podState(page, "default/low"), "gone");
  assert.equal(await podState(page, "default/vip"), "running");
  assert.match(await page.locator(".timeline-now").textContent(), /default\/low has left node-a/);
  assert.equal(await focusedVerdict(page), 2);
  assert.match(await page.locator("#nodes").textContent(), /node-a/);
  // Left steps back; End goes to the last step.
  await page.keyboard.press("ArrowLeft");
  await waitWhere(page, "attempt 2 of 5, +10 s: default/vip nominated node-a");
  assert.equal(await podState(page, "default/low"), "terminating");
  await page.keyboard.press("End");
  await waitWhere(page, "attempt 5 of 5, +1 min: default/web scheduled on node-b");
  assert.equal(await podState(page, "default/spare"), "gone");
  // Inside the moment's picture the arrow keys move between its pods, not the timeline.
  await page.locator(".timeline .picture .pod[tabindex='0']").focus();
  const from = await page.evaluate(() => document.activeElement.dataset.object);
  await page.keyboard.press("ArrowRight");
  assert.notEqual(await page.evaluate(() => document.activeElement.dataset.object), from);
  assert.equal(await where(page), "attempt 5 of 5, +1 min: default/web scheduled on node-b");
  // A verdict clicked moves the timeline there.
  await page.locator(".attempt-head").nth(3).click();
  await waitWhere(page, "attempt 4 of 5, +30 s: default/web nominated node-b");
  await screenshot(page, "timeline-steps");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: the two cluster pictures say which moment they show, in the same legend words", async () => {
  const { page, context, errors } = await example("preempts-twice");
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "attempt 3 of 5, +30 s: default/vip scheduled on node-a");
  assert.match(await page.locator("#picture .picture-about").textContent(), /^The end of the run: /);
  assert.match(await page.locator(".timeline .picture-about").textContent(), /^Replayed at this step: /);
  const legend = (where) => page.locator(`${where} .legend`).textContent();
  // The pods evicted at the end and those gone at this step: one swatch, one name.
  assert.ok((await legend("#picture")).includes("gone: evicted or deleted"));
  assert.ok((await legend(".timeline")).includes("gone: evicted or deleted"));
  assert.deepEqual(errors, []);
  await context.close();
});

// The contrast of two CSS colours (rgb(…)), by WCAG's formula.
function contrastIn(page, selector) {
  return page.evaluate((sel) => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const surface = getComputedStyle(document.querySelector(".panel")).backgroundColor;
    return [...document.querySelectorAll(sel)].map((el) => {
      const style = getComputedStyle(el);
      const back = style.backgroundColor === "rgba(0, 0, 0, 0)" ? surface : style.backgroundColor;
      const [a, b] = [lum(style.color), lum(back)].sort((x, y) => y - x);
      return { pod: el.dataset.object, ratio: (a + 0.05) / (b + 0.05), opacity: style.opacity };
    });
  }, selector);
}

test("timeline: the pictures read well: names clear of the frame, in full with few nodes, dark on light fills, no faded pods", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, context, errors } = await example("timeline-cascade", { colorScheme });
    const slider = page.locator("#timeline-slider");
    await slider.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector(".timeline-where").textContent.startsWith("attempt 3 of"));
    // node-a is full: its top block starts inside the box's padding, not under its frame.
    const [top, frame] = await page.evaluate(() => {
      const stack = document.querySelector('.timeline .column[data-object="Node node-a"] .stack');
      return [Math.min(...[...stack.querySelectorAll(".pod")].map((p) => p.getBoundingClientRect().top)), stack.getBoundingClientRect().top];
    });
    assert.ok(top >= frame + 4, `the top block at ${top}, the frame at ${frame}`);
    // Two nodes on a wide screen: the workers' names are whole.
    const cut = await page.evaluate(() => [...document.querySelectorAll(".timeline .pod-name")].filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent));
    assert.deepEqual(cut, [], "no name cut short");
    // Every block's text, terminating or gone too, reads at 3:1 or more, and none is faded.
    const blocks = await contrastIn(page, ".timeline .pod, #picture .pod");
    assert.ok(blocks.length > 4);
    for (const b of blocks) {
      assert.ok(b.ratio >= 3, `${colorScheme}: ${b.pod} at ${b.ratio.toFixed(2)}:1`);
      assert.equal(b.opacity, "1", `${colorScheme}: ${b.pod} is not faded`);
    }
    assert.equal(await page.locator('.timeline .pod[data-object="Pod default/batch-slow"]').getAttribute("data-state"), "terminating");
    assert.equal(await page.locator('.timeline .pod[data-object="Pod default/batch-fast"]').getAttribute("data-state"), "gone");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("timeline: \"Pending:\" keeps its distance from the first pod; no keyboard hint on a touch screen", async () => {
  const { page, context, errors } = await example("timeline-cascade");
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.querySelector(".timeline .waiting .pod"));
  const gap = await page.evaluate(() => {
    const waiting = document.querySelector(".timeline .waiting");
    return waiting.querySelector(".pod").getBoundingClientRect().left - waiting.querySelector(".waiting-label").getBoundingClientRect().right;
  });
  assert.ok(gap >= 6, `${gap} px between "Pending:" and its first pod`);
  assert.ok(await page.locator(".timeline-keys").isVisible(), "the keys are listed with a mouse");
  // This chromium emulates no touch screen's (hover: none): the page's own rule for it says.
  const touchRules = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSMediaRule && rule.conditionText === "(hover: none)")
      .flatMap((rule) => [...rule.cssRules].map((r) => `${r.selectorText} ${r.style.display}`)),
  );
  assert.ok(touchRules.includes(".timeline-keys none"), `the keys hidden where nothing hovers: ${touchRules}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: Space plays to the end and pauses", async () => {
  const { page, context, errors } = await example("preempts-twice");
  // The page's timers and frames on a clock the test moves: the player's
  // steps (400 ms apart) happen when the test says, and no others.
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
  const playLabel = () => page.locator(".timeline-play").textContent();
  const slider = page.locator("#timeline-slider");
  await slider.focus();
  await page.keyboard.press("Home");
  await page.clock.runFor(100);
  assert.equal(await where(page), "the start, +0 s: before the first attempt");
  await page.keyboard.press(" ");
  await page.clock.runFor(100);
  assert.equal(await playLabel(), "Pause");
  assert.equal(await where(page), "attempt 1 of 5, +0 s: default/web nominated node-a");
  // It plays step by step and stops at the last.
  await page.clock.runFor(400);
  assert.match(await where(page), /^attempt 2 of 5/);
  await page.clock.runFor(3 * 400);
  assert.equal(await where(page), "attempt 5 of 5, +1 min: default/web scheduled on node-b");
  assert.equal(await playLabel(), "Play");
  // Space again starts from the start; a second Space pauses where it is.
  await page.keyboard.press(" ");
  await page.clock.runFor(100);
  assert.equal(await playLabel(), "Pause");
  const paused = await where(page);
  assert.match(paused, /^attempt 1 of 5/);
  await page.keyboard.press(" ");
  await page.clock.runFor(100);
  assert.equal(await playLabel(), "Play");
  // Ten steps' time later: a player still running would be at the end.
  await page.clock.runFor(10 * 400);
  assert.equal(await where(page), paused, "paused");
  assert.equal(await playLabel(), "Play");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: Next clicked again and again at the same place steps each time, as the panels above change", async () => {
  const { page, context, errors } = await example("preempts-twice", { viewport: { width: 1440, height: 1000 } });
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("Home");
  await waitWhere(page, "the start, +0 s: before the first attempt");
  // The timeline near the top of the window, the victims panel above it.
  await page.evaluate(() => window.scrollBy(0, document.querySelector(".timeline-controls").getBoundingClientRect().top - 80));
  const box = await page.getByRole("button", { name: "Next step" }).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const steps = ["attempt 1 of 5", "attempt 2 of 5", "attempt 3 of 5", "attempt 4 of 5", "attempt 5 of 5"];
  for (const want of steps) {
    await page.mouse.click(x, y);
    await page.waitForFunction((w) => document.querySelector(".timeline-where").textContent.startsWith(w), want, { timeout: 5000 });
    const top = await page.evaluate(() => document.querySelector(".timeline-controls").getBoundingClientRect().top);
    assert.ok(Math.abs(top - 80) < 1, `the controls stay at 80 px, at ${top} after ${want}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: Space on a button presses it; from the slider it plays", async () => {
  const { page, context, errors } = await example("preempts-twice");
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("Home");
  await waitWhere(page, "the start, +0 s: before the first attempt");
  const playing = () => page.locator(".timeline-play").textContent();
  await page.getByRole("button", { name: "Next step" }).focus();
  await page.keyboard.press(" ");
  await waitWhere(page, "attempt 1 of 5, +0 s: default/web nominated node-a");
  assert.equal(await playing(), "Play", "Space on Next steps, it does not play");
  await page.getByRole("button", { name: "The end" }).focus();
  await page.keyboard.press(" ");
  await waitWhere(page, "attempt 5 of 5, +1 min: default/web scheduled on node-b");
  assert.equal(await playing(), "Play");
  await page.locator(".timeline .toggle button", { hasText: "by time" }).focus();
  await page.keyboard.press(" ");
  await page.waitForFunction(() => document.getElementById("timeline-slider").max === "60000");
  assert.equal(await playing(), "Play");
  // The arrow keys still step from a button.
  await page.keyboard.press("Home");
  await waitWhere(page, "+0 s of 1 min: default/web nominated node-a");
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "+10 s of 1 min: default/vip nominated node-a");
  // From the slider, Space plays.
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press(" ");
  await page.waitForFunction(() => document.querySelector(".timeline-play").textContent === "Pause");
  await page.keyboard.press(" ");
  await page.waitForFunction(() => document.querySelector(".timeline-play").textContent === "Play");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: \"Timeline ↓\" in the verdicts' head goes to the timeline and its slider", async () => {
  const { page, context, errors } = await example("preempts-twice");
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.ok((await sliderTop(page)) > 1000, "the timeline starts below the window");
  await page.locator(".verdicts-panel .timeline-jump").click();
  const top = await sliderTop(page);
  assert.ok(top >= 0 && top < 300, `the slider is near the top of the window, at ${top} px`);
  assert.equal(await page.evaluate(() => document.activeElement.id), "timeline-slider");
  // The slider has the keys.
  await page.keyboard.press("Home");
  await waitWhere(page, "the start, +0 s: before the first attempt");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: on a phone the moment's picture comes right under the slider", async () => {
  const { page, context, errors } = await example("preempts-twice", { viewport: { width: 390, height: 844 } });
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("ArrowRight");
  await page.locator(".timeline-picture").waitFor();
  const tops = await page.evaluate(() => ["timeline-where", "timeline-picture", "timeline-now"].map((c) => document.querySelector(`.${c}`).getBoundingClientRect().top));
  assert.ok(tops[0] < tops[1] && tops[1] < tops[2], `the slider's words, the picture, then the text: ${tops}`);
  await page.locator(".timeline-controls").evaluate((e) => e.scrollIntoView({ block: "start" }));
  await screenshot(page, "timeline-phone");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: by time, the slider moves over the clock", async () => {
  const { page, context, errors } = await example("preempts-twice");
  await page.locator(".timeline .toggle button", { hasText: "by time" }).click();
  const slider = page.locator("#timeline-slider");
  // The slider now runs over the clock, in ms: the run ends at +1 min.
  await page.waitForFunction(() => document.getElementById("timeline-slider").max === "60000");
  await slider.focus();
  await page.keyboard.press("Home");
  await waitWhere(page, "+0 s of 1 min: default/web nominated node-a");
  // Right goes to the next moment something happens.
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "+10 s of 1 min: default/vip nominated node-a");
  assert.equal(await podState(page, "default/low"), "terminating");
  // Just before and at low's departure (+30 s).
  await slider.fill("29999");
  await waitWhere(page, "+29.999 s of 1 min: default/vip nominated node-a");
  assert.equal(await podState(page, "default/low"), "terminating");
  await slider.fill("30000");
  await page.waitForFunction(() => document.querySelector(".timeline-where").textContent.startsWith("+30 s of 1 min"));
  assert.equal(await podState(page, "default/low"), "gone");
  assert.equal(await podState(page, "default/spare"), "terminating");
  assert.match(await page.locator(".timeline-now h3").nth(1).textContent(), /The last of 2 attempts at this moment/);
  await page.keyboard.press("End");
  await waitWhere(page, "+1 min of 1 min: default/web scheduled on node-b");
  assert.equal(await podState(page, "default/web"), "running");
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: by time past a minute, the slider and the player land on whole seconds, written as the events are", async () => {
  const { page, context, errors } = await example("timeline-cascade");
  // By attempt, then by time: the same moment, the attempt's.
  const slider = page.locator("#timeline-slider");
  await slider.focus();
  const last = Number(await slider.getAttribute("max"));
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((want) => document.getElementById("timeline-slider").value === want, String(last - 1));
  const attemptAt = (await where(page)).match(/, (\+[^:]+):/)[1];
  await page.locator(".timeline .toggle button", { hasText: "by time" }).click();
  await page.waitForFunction((want) => document.querySelector(".timeline-where").textContent.startsWith(`${want} of `), attemptAt);
  const duration = Number(await slider.getAttribute("max"));
  assert.ok(duration > 90000, `the run lasts ${duration} ms`);
  await slider.fill("91200");
  await page.waitForFunction(() => document.querySelector(".timeline-where").textContent.startsWith("+1 min 31 s of "));
  // Playing: every time past a minute in minutes and whole seconds.
  await slider.fill("60000");
  await page.locator(".timeline-play").click();
  const seen = new Set();
  for (let i = 0; i < 1000 && seen.size < 6; i++) {
    const text = await where(page);
    seen.add(text.split(" of ")[0]);
    if (/^\+\d+(\.\d+)? s$/.test(text.split(" of ")[0])) assert.ok(Number(text.slice(1).split(" ")[0]) < 60, text);
    assert.doesNotMatch(text.split(" of ")[0], /\./, "no decimal past a minute");
  }
  assert.equal(seen.size, 6, "the player moved on");
  await page.locator(".timeline-play").click();
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: an embed opens at a step; a bad step is ignored", async () => {
  const fragment = await encodeShare({ scenario: (await import("node:fs")).readFileSync(new URL("../../web/examples/preempts-twice.yaml", import.meta.url), "utf8"), kubernetesVersion: "1.37" });
  const open = async (query) => {
    const opened = await openPage(env.browser, `${env.server.url}${query}#${fragment}`);
    await settled(opened.page);
    return opened;
  };
  let { page, context, errors } = await open("?embed&step=3");
  await waitWhere(page, "attempt 3 of 5, +30 s: default/vip scheduled on node-a");
  assert.equal(await focusedVerdict(page), 2, "the victims and node cards show attempt 3");
  // The embed shows the timeline first, where a frame of 560 px sees it.
  assert.equal(await page.evaluate(() => document.getElementById("result-body").firstElementChild.id), "timeline");
  assert.ok((await sliderTop(page)) < 560, "the slider is in the frame's first 560 px");
  assert.deepEqual(errors, []);
  await context.close();
  for (const bad of ["abc", "-2", "1e3", "%00"]) {
    ({ page, context, errors } = await open(`?embed&step=${bad}`));
    // Ignored: the timeline is at the focus the page picks (the first preemption).
    await waitWhere(page, "attempt 1 of 5, +0 s: default/web nominated node-a");
    assert.deepEqual(errors, [], bad);
    await context.close();
  }
  // Past the end: the last step. Without the timeline panel the focus still moves.
  ({ page, context, errors } = await open("?embed&panels=victims&step=99999"));
  await page.waitForFunction(() => document.querySelectorAll(".attempt-head[aria-pressed=true]").length === 1);
  assert.equal(await focusedVerdict(page), 4);
  assert.equal(await page.locator(".timeline").count(), 0, "the timeline is not among the panels");
  assert.equal(await page.locator(".timeline-jump").count(), 0, "no jump to a timeline that is not there");
  assert.deepEqual(errors, []);
  await context.close();
  // The full page takes ?step too.
  ({ page, context, errors } = await open("?step=2"));
  await waitWhere(page, "attempt 2 of 5, +10 s: default/vip nominated node-a");
  // … and scrolls the timeline into view.
  const top = await sliderTop(page);
  assert.ok(top >= 0 && top < 300, `the slider is near the top of the window, at ${top} px`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("timeline: the Embed dialog offers to open at this step", async () => {
  const { page, context, errors } = await example("preempts-twice");
  await page.locator("#timeline-slider").focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await waitWhere(page, "attempt 2 of 5, +10 s: default/vip nominated node-a");
  await fromMenu(page, "#embed");
  // The dialog names the step once it has encoded the scenario.
  await page.waitForFunction(() => document.getElementById("embed-step-name").textContent === "attempt 2");
  await page.locator("#embed-step").check();
  await page.locator("input[name=embed-panel][value=timeline]").check();
  await page.waitForFunction(() => /step=2/.test(document.getElementById("embed-snippet").value));
  assert.match(await page.locator("#embed-snippet").inputValue(), /\?embed&amp;panels=victims,picture,timeline&amp;step=2#v1:/);
  assert.deepEqual(errors, []);
  await context.close();
});

// 40 full nodes and 2,600 pods that fit nowhere, a third of them able to
// preempt: 5,200 attempts, most of them summarised (the detail budget is
// 10,000 node entries: 250 attempts here).
function largeQueue() {
  const docs = [];
  for (let n = 0; n < 40; n++) {
    docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: n${n}}\nstatus: {allocatable: {cpu: "4", memory: 32Gi, pods: "110"}}`);
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: low-${n}}\nspec: {nodeName: n${n}, containers: [{name: c, resources: {requests: {cpu: "4"}}}]}`);
  }
  for (let i = 0; i < 2600; i++) {
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: p-${i}}\nspec: {priority: ${i % 3 === 0 ? 1000 : 10}, containers: [{name: c, resources: {requests: {cpu: "4"}}}]}`);
  }
  return `${docs.join("\n---\n")}\n`;
}

test("timeline: 5,200 attempts scrub, and an attempt past the detail budget gets its detail", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await settled(page);
  await page.getByRole("tab", { name: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.press("Control+a");
  await page.evaluate((text) => navigator.clipboard.writeText(text), largeQueue());
  await page.keyboard.press("Control+v");
  await page.waitForFunction(() => /\(5200 attempts\)/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  await settled(page);
  const slider = page.locator("#timeline-slider");
  const max = Number(await slider.getAttribute("max"));
  assert.ok(max >= 5200, `the slider has ${max} steps`);
  // Across the slider, each position shows its attempt and its picture.
  for (let step = 0; step <= 5200; step += 400) {
    await slider.fill(String(step));
    const want = step === 0 ? "the start" : `attempt ${step} of 5200`;
    await page.waitForFunction((w) => document.querySelector(".timeline-where").textContent.startsWith(w), want);
    assert.equal(await page.locator(".timeline .picture .column").count(), 20, "the moment's picture shows 20 of the 40 nodes");
    // The attempt shown is the one the slider names.
    const pod = (await where(page)).match(/: default\/(\S+) /)?.[1];
    if (step > 0) assert.equal(await page.locator(".timeline-verdict strong").first().textContent(), pod);
  }
  // Attempt 4,001 is summarised; resting there fetches its detail.
  await slider.fill("4001");
  await page.waitForFunction(() => document.querySelector(".timeline-where").textContent.startsWith("attempt 4001 of 5200"));
  await page.waitForFunction(() => document.querySelectorAll("#nodes .node-card").length > 0, null, { timeout: 60000 });
  assert.match(await page.locator("#nodes").textContent(), /n0/);
  await page.locator(".timeline").scrollIntoViewIfNeeded();
  await screenshot(page, "timeline-large");
  assert.deepEqual(errors, []);
  await context.close();
});
