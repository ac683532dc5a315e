// The page on a phone, a small laptop and a wide screen, and by keyboard
// alone: one column with the result first on a phone, nothing pinned over
// the content, every tab in view; Tab indents in the editors and Esc then Tab
// leaves them, Ctrl+Enter runs without editing, and every result can be
// reached by Tab with a focus ring nothing cuts or covers.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1024, height: 768 };
const WIDE = { width: 1400, height: 900 };

let dir;
let dump;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "podsim-layout-"));
  execFileSync(process.execPath, [
    new URL("../../bench/gen.mjs", import.meta.url).pathname,
    ...["--dumps", "--sizes", "small", "--formats", "yaml", "--out", dir],
  ]);
  dump = join(dir, "dump-small.yaml");
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function fresh(viewport) {
  const opened = await openPage(env.browser, env.server.url, { viewport });
  await settled(opened.page);
  return opened;
}

const editorContent = (page) => page.locator(".editor:not([hidden]) .cm-content");
// The visible editor's text, line by line (these scenarios are short enough
// for CodeMirror to draw every line).
const editorText = (page) => editorContent(page).evaluate((el) => [...el.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));

// What the page gets wrong about its width and what it pins, measured in the
// page: elements reaching past the window's sides that no scrolling box
// inside the window holds, and elements kept on screen (sticky or fixed)
// outside the editors' own text (CodeMirror pins its gutter).
function layoutProblems(page) {
  return page.evaluate(() => {
    const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`;
    const held = (el) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible") continue;
        const box = up.getBoundingClientRect();
        if (box.left >= -0.5 && box.right <= innerWidth + 0.5) return true;
      }
      return false;
    };
    const overflow = [];
    const pinned = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest(".cm-editor, dialog")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if ((box.right > innerWidth + 0.5 || box.left < -0.5) && !held(el)) overflow.push(`${describe(el)} ${Math.round(box.left)}–${Math.round(box.right)}`);
      const position = getComputedStyle(el).position;
      if (position === "sticky" || position === "fixed") pinned.push(describe(el));
    }
    return { scrollWidth: document.documentElement.scrollWidth, overflow: overflow.slice(0, 8), pinned };
  });
}

// Scrolls el to the top of the window, as following a link to it would, and
// returns what the window shows at its top left corner.
function coveredAtTop(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    el.scrollIntoView({ block: "start" });
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 12, Math.max(box.top, 0) + 6);
    return el.contains(hit) ? null : `${hit?.tagName}.${hit?.className}`;
  }, selector);
}

// Each tab that is not wholly inside its tab strip and the window.
function tabsOutOfView(page) {
  return page.evaluate(() => {
    const strip = document.querySelector(".tabs").getBoundingClientRect();
    return [...document.querySelectorAll(".tab")]
      .filter((tab) => {
        const box = tab.getBoundingClientRect();
        return box.left < strip.left - 0.5 || box.right > strip.right + 0.5 || box.right > innerWidth || box.bottom > strip.bottom + 0.5;
      })
      .map((tab) => tab.textContent);
  });
}

// The focused element: what it is, whether it shows a ring, and whether an
// ancestor cuts the ring (its outline box against each ancestor that clips)
// or something else is drawn over it.
function focusReport(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const kind = el.closest(".cm-editor")
      ? "editor"
      : el.matches(".attempt-head")
        ? "attempt"
        : el.closest("table.victims")
          ? "victim"
          : el.matches(".pod")
            ? "pod"
            : el.querySelector("table.selection") || el.closest("table.selection")
              ? "selection"
              : el.matches(".node-card")
                ? "node"
                : "other";
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`;
    if (kind === "editor") return { kind, name };
    // The ring is the element's outline, or (an attempt) its card's.
    const ringOf = (e) => {
      const s = getComputedStyle(e);
      if (s.outlineStyle === "none" || !(parseFloat(s.outlineWidth) > 0)) return null;
      return { e, spread: parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset) };
    };
    const ring = ringOf(el) ?? (el.parentElement ? ringOf(el.parentElement) : null);
    if (!ring) return { kind, name, ring: false };
    const box = ring.e.getBoundingClientRect();
    const s = Math.max(ring.spread, 0);
    const outer = { left: box.left - s, top: box.top - s, right: box.right + s, bottom: box.bottom + s };
    let clippedBy = null;
    for (let up = ring.e.parentElement; up && up !== document.documentElement; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const b = up.getBoundingClientRect();
      const inX = style.overflowX === "visible" || (outer.left >= b.left - 0.5 && outer.right <= b.right + 0.5);
      const inY = style.overflowY === "visible" || (outer.top >= b.top - 0.5 && outer.bottom <= b.bottom + 0.5);
      // A scrolling box cuts what is scrolled out of it, not what is in view.
      if (!inX || !inY) {
        clippedBy = `${up.tagName.toLowerCase()}.${[...up.classList].join(".")}`;
        break;
      }
    }
    const x = Math.min(Math.max((box.left + box.right) / 2, 1), innerWidth - 1);
    const y = Math.min(Math.max((box.top + box.bottom) / 2, 1), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    // The middle of the ring's box: inside an attempt's card, its message is no cover.
    const covered = hit && !ring.e.contains(hit) && !hit.contains(el) ? `${hit.tagName.toLowerCase()}.${hit.className}` : null;
    return { kind, name, ring: true, clippedBy, covered, visible: el.matches(":focus-visible") };
  });
}

// Presses Tab from where the focus is until it leaves the page (or limit
// stops), leaving each editor with Esc then Tab; returns each stop's report.
async function tabWalk(page, limit = 120) {
  const stops = [];
  for (let i = 0; i < limit; i++) {
    const report = await focusReport(page);
    if (report?.kind === "editor") await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    const next = await focusReport(page);
    if (next === null) break;
    if (stops.length > 0 && stops.at(-1).name === next.name && next.kind === "editor") break;
    stops.push(next);
  }
  return stops;
}

test("layout: on a phone the page is one column, the result above the editors, nothing pinned or wider than the screen", async () => {
  const { page, errors, context } = await fresh(PHONE);
  const problems = await layoutProblems(page);
  assert.ok(problems.scrollWidth <= PHONE.width, `the page is ${problems.scrollWidth} px wide`);
  assert.deepEqual(problems.overflow, [], "nothing reaches past the screen's sides");
  assert.deepEqual(problems.pinned, [], "nothing is pinned over the content");
  const [result, editors] = await Promise.all([".result", ".editors"].map((s) => page.locator(s).boundingBox()));
  assert.ok(result.y + result.height <= editors.y, "the result comes first, the editors after it");
  assert.ok(Math.abs(result.x - editors.x) < 1 && Math.abs(result.width - editors.width) < 1, "one column");
  assert.equal(await coveredAtTop(page, ".attempt"), null, "the first verdict scrolled to the top is not covered");
  assert.deepEqual(await tabsOutOfView(page), [], "every tab is in view");
  await page.evaluate(() => scrollTo(0, 0));
  await screenshot(page, "50-phone");
  await page.locator("table.victims").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await screenshot(page, "51-phone-result");
  await page.locator(".editors").scrollIntoViewIfNeeded();
  await screenshot(page, "52-phone-editors");
  assert.deepEqual(errors, []);
  await context.close();
});

test("layout: on a phone over a loaded cluster nothing is wider than the screen and nothing paints over the editors", async () => {
  const { page, errors, context } = await fresh(PHONE);
  await page.setInputFiles("#open-file", dump);
  await page.waitForSelector(".cluster-panel", { timeout: 60000 });
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  await settled(page);
  const problems = await layoutProblems(page);
  assert.ok(problems.scrollWidth <= PHONE.width, `the page is ${problems.scrollWidth} px wide`);
  assert.deepEqual(problems.overflow, []);
  assert.deepEqual(problems.pinned, []);
  const [cluster, result, editors] = await Promise.all(["#cluster", ".result", ".editors"].map((s) => page.locator(s).boundingBox()));
  assert.ok(cluster.y + cluster.height <= result.y && result.y + result.height <= editors.y, "the cluster, the result, then the editors");
  // Every point of the editor's text shows the editor, wherever the page is scrolled.
  for (const block of ["start", "center", "end"]) {
    const intruders = await page.evaluate((where) => {
      const content = document.querySelector(".editor:not([hidden]) .cm-scroller");
      content.scrollIntoView({ block: where });
      const box = content.getBoundingClientRect();
      const found = [];
      for (let fx = 0.05; fx < 1; fx += 0.15) {
        for (let fy = 0.05; fy < 1; fy += 0.15) {
          const y = box.top + fy * box.height;
          if (y < 0 || y > innerHeight) continue;
          const hit = document.elementFromPoint(box.left + fx * box.width, y);
          if (hit && !hit.closest(".editors")) found.push(`${hit.tagName}.${hit.className}`);
        }
      }
      return found;
    }, block);
    assert.deepEqual(intruders, [], `nothing covers the editor (scrolled to its ${block})`);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await screenshot(page, "53-phone-cluster");
  assert.deepEqual(errors, []);
  await context.close();
});

test("layout: on a small laptop every tab is in view and nothing pinned covers the result", async () => {
  const { page, errors, context } = await fresh(LAPTOP);
  assert.deepEqual(await tabsOutOfView(page), [], "every tab is in view");
  const problems = await layoutProblems(page);
  assert.ok(problems.scrollWidth <= LAPTOP.width);
  assert.deepEqual(problems.overflow, []);
  for (const selector of [".attempt", "table.victims", ".node-card"]) {
    assert.equal(await coveredAtTop(page, selector), null, `${selector} scrolled to the top is not covered`);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await screenshot(page, "54-laptop");
  await page.evaluate(() => scrollTo(0, 700));
  await screenshot(page, "55-laptop-scrolled");
  assert.deepEqual(errors, []);
  await context.close();
});

test("layout: on a wide screen the two columns stay, and what is pinned covers nothing", async () => {
  const { page, errors, context } = await fresh(WIDE);
  assert.deepEqual(await tabsOutOfView(page), []);
  const [result, editors] = await Promise.all([".result", ".editors"].map((s) => page.locator(s).boundingBox()));
  assert.ok(editors.x + editors.width < result.x, "the editors left of the result");
  for (const selector of [".attempt", "table.victims", ".node-card"]) {
    assert.equal(await coveredAtTop(page, selector), null, `${selector} scrolled to the top is not covered`);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await screenshot(page, "56-wide");
  assert.deepEqual(errors, []);
  await context.close();
});

test("keys: Tab in an editor inserts two spaces, never a tab character, and stays in the editor", async () => {
  const { page, errors, context } = await fresh(WIDE);
  await editorContent(page).click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("End");
  const before = await editorText(page);
  const [first, ...rest] = before.split("\n");
  await page.keyboard.press("Tab");
  const after = await editorText(page);
  assert.ok(!after.includes("\t"), "no tab character");
  assert.equal(after, [`${first}  `, ...rest].join("\n"), "two spaces at the cursor, the line itself unmoved");
  assert.equal(await page.evaluate(() => !!document.activeElement.closest(".cm-editor")), true, "the focus stays in the editor");
  // Over a selection, Tab indents its lines and Shift+Tab takes it back.
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Tab");
  assert.ok(!(await editorText(page)).includes("\t"));
  assert.ok((await editorText(page)).split("\n").every((line) => line === "" || line.startsWith("  ")));
  await page.keyboard.press("Shift+Tab");
  assert.equal(await editorText(page), after);
  await settled(page);
  assert.match(await page.locator("#status").textContent(), /^Simulated/, "the YAML is still valid");
  assert.deepEqual(errors, []);
  await context.close();
});

test("keys: while an editor has focus a hint says how to leave it, and Esc then Tab does", async () => {
  const { page, errors, context } = await fresh(WIDE);
  const hint = page.locator("#editor-keys");
  assert.equal(await hint.isVisible(), false, "no hint before the editor has focus");
  await editorContent(page).click();
  await hint.waitFor({ state: "visible" });
  assert.match(await hint.textContent(), /Tab indents.*Esc then Tab leaves.*Ctrl\+Enter runs/);
  assert.equal(await editorContent(page).getAttribute("aria-describedby"), "editor-keys", "screen readers hear it too");
  const box = await hint.boundingBox();
  const editor = await page.locator("#editor-host").boundingBox();
  assert.ok(box.y >= editor.y + editor.height - 1 && box.y < editor.y + editor.height + 40, "right under the editor");
  await screenshot(page, "57-editor-keys-hint");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement.closest(".cm-editor")), false, "the focus left the editor");
  await hint.waitFor({ state: "hidden" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("keys: Ctrl+Enter in an editor runs the scenario and leaves the text as it was", async () => {
  const { page, errors, context } = await fresh(WIDE);
  await editorContent(page).click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("End");
  const before = await editorText(page);
  await page.evaluate(() => {
    window.__runs = 0;
    new MutationObserver(() => window.__runs++).observe(document.getElementById("status"), { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press("Control+Enter");
  await page.waitForFunction(() => window.__runs > 0);
  await settled(page);
  assert.equal(await editorText(page), before, "no line inserted");
  assert.match(await page.locator("#status").textContent(), /^Simulated/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("focus: a focused attempt's ring is whole, not cut by its card", async () => {
  const { page, errors, context } = await fresh(WIDE);
  const head = page.locator(".attempt-head").first();
  await head.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const report = await focusReport(page);
  assert.equal(report.kind, "attempt");
  assert.equal(report.visible, true, "the ring shows (keyboard focus)");
  assert.equal(report.ring, true);
  assert.equal(report.clippedBy, null, "no ancestor cuts the ring");
  const card = await page.locator(".attempt").first().boundingBox();
  const clip = { x: card.x - 10, y: card.y - 10, width: card.width + 20, height: card.height + 20 };
  await page.screenshot({ path: new URL("../../test-output/58-attempt-focus.png", import.meta.url).pathname, clip });
  assert.deepEqual(errors, []);
  await context.close();
});

test("focus: from the editor, Tab reaches every part of the result, each with a ring nothing cuts or covers", async () => {
  for (const viewport of [WIDE, LAPTOP, PHONE]) {
    const { page, errors, context } = await fresh(viewport);
    await editorContent(page).click();
    const stops = await tabWalk(page);
    const kinds = new Set(stops.map((s) => s.kind));
    for (const kind of ["attempt", "victim", "pod", "selection", "node"]) {
      assert.ok(kinds.has(kind), `${viewport.width} px: Tab reaches a ${kind} (stops: ${stops.map((s) => s.name).join(", ")})`);
    }
    for (const stop of stops) {
      assert.equal(stop.ring, true, `${viewport.width} px: ${stop.name} shows a ring`);
      assert.equal(stop.clippedBy, null, `${viewport.width} px: ${stop.name}'s ring is whole`);
      assert.equal(stop.covered, null, `${viewport.width} px: ${stop.name} is not covered`);
    }
    // The picture (and the timeline's) is one stop; arrow keys move between its pods.
    const pod = page.locator("#picture .picture .pod[tabindex='0']");
    await pod.focus();
    const first = await page.evaluate(() => document.activeElement.dataset.object);
    await page.keyboard.press("ArrowRight");
    const second = await page.evaluate(() => document.activeElement.dataset.object);
    assert.ok(second && second !== first, "ArrowRight moves to another node's pod");
    assert.equal(await page.locator("#picture .picture .pod[tabindex='0']").count(), 1, "one pod in the Tab order");
    if (viewport === LAPTOP) await screenshot(page, "59-laptop-pod-focus");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("focus: from the top of the page every Tab stop shows a ring that nothing cuts or covers", async () => {
  for (const viewport of [LAPTOP, PHONE]) {
    const { page, errors, context } = await fresh(viewport);
    const stops = await tabWalk(page);
    assert.ok(stops.length > 10);
    for (const stop of stops) {
      if (stop.kind === "editor") continue;
      assert.equal(stop.ring, true, `${viewport.width} px: ${stop.name} shows a ring`);
      assert.equal(stop.visible, true, `${viewport.width} px: ${stop.name} is :focus-visible`);
      assert.equal(stop.clippedBy, null, `${viewport.width} px: ${stop.name}'s ring is whole`);
      assert.equal(stop.covered, null, `${viewport.width} px: ${stop.name} is not covered`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});
