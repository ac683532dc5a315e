#!/usr/bin/env node
// Measures the playground with real cluster dumps, in Chromium: the built
// page (web/dist: run `npx vite build` first; this script builds nothing) is
// served on loopback, and for each case a fresh page takes a dump the way a
// person gives it one, while the page records when the verdicts are on
// screen and its longest frame and long task on the way.
//
//   node bench/page.mjs [--runs N] [--data bench/data]
//                       [--only drop,paste,scale,change,timeline,reduce] [--trace FILE]
//
// drop:   dump-medium.yaml (500 nodes, 10,000 pods, 84 MB) dropped as a file
// paste:  dump-small.yaml (100 nodes, 2,000 pods, 17 MB) pasted into All
// scale:  the browser scale test's kubectl List (5,000 nodes each running 4
//         pods, 5,000 preemptors: 25,000 pods, 10,000 attempts; 5.8 MB of
//         JSON) pasted into All over its text
// change: dump-medium.yaml dropped, then a 200-replica Deployment pasted into
//         the Workloads tab (the change over the cluster), then edited once
//         (replicas 200 -> 199); each timed from the edit to the change's
//         pods on screen (#19: within 2 s of editing the change)
// timeline: a queue of over 5,000 attempts (200 nodes of 4 running pods,
//         2,600 pods of 4 cpu pasted into All, a third of them able to
//         preempt), then the timeline's slider set to 60 positions across
//         it, by attempt and by time: each timed from the slider's input to
//         the frame after the redraw (the moment's picture, its events, the
//         panels the focused attempt drives)
// reduce: dump-medium.yaml dropped, then "Minimal reproduction" pressed on
//         the focused attempt (a pending pod of the dump), then a preemptor
//         pasted into the Pending tab (the change) and the same for it
//         (nominated, with victims): each timed from the click to the frame
//         that shows the reduction's panel painted, with the engine's part
//         (cluster.reduce and cutting the kept objects out of the dropped
//         File, in the worker) (#20: under 10 s)
// Missing dumps are written first with bench/gen.mjs. --trace writes a
// Chromium performance trace of the change case's first run (its two edits).
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

import { launchChromium } from "../scripts/chromium.mjs";
import { PREEMPTOR, scaleList } from "./dump.mjs";

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const runs = Number(arg("--runs", "3"));
const CASES = ["drop", "paste", "scale", "change", "timeline", "reduce"];
const only = arg("--only", CASES.join(",")).split(",");
if (only.some((c) => !CASES.includes(c))) {
  console.error(`bench/page.mjs: --only takes ${CASES.join(", ")} (comma-separated)`);
  process.exit(2);
}
const tracePath = arg("--trace", null);
const data = arg("--data", new URL("data", import.meta.url).pathname);
const root = new URL("../web/dist/", import.meta.url).pathname;

// Targets from the issue: what a person with a real cluster waits for.
// (The scale case has none for its verdicts: it shows how the page copes.)
const TARGETS = { dropMs: 5000, pasteMs: 2000, changeMs: 2000, frameMs: 200, reduceMs: 10000 };

// The change of #19: a Deployment of 200 pods in a class the dump has
// (high, value 100000), each asking a cpu and 1Gi.
const REPLICAS = 200;
const CHANGE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout
  namespace: shop
spec:
  replicas: ${REPLICAS}
  selector:
    matchLabels:
      app: checkout
  template:
    metadata:
      labels:
        app: checkout
    spec:
      priorityClassName: high
      containers:
      - name: checkout
        image: registry.example/checkout:1.0
        resources:
          requests:
            cpu: "1"
            memory: 1Gi
`;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};

function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(root) || !existsSync(file)) return res.writeHead(404).end("not found");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function dumpFile(size) {
  const file = join(data, `dump-${size}.yaml`);
  if (!existsSync(file)) {
    console.error(`writing ${file} (bench/gen.mjs)…`);
    execFileSync(process.execPath, [new URL("gen.mjs", import.meta.url).pathname, "--dumps", "--sizes", size, "--formats", "yaml", "--out", data], {
      stdio: "inherit",
    });
  }
  return file;
}

// In the page, before its scripts (every case's page): the messages to and
// from the engine's worker, timed (a run's post, and its answer with the
// worker's own ms), and __benchWatch(until), which calls until(marks, now)
// once a frame and, once it returns true, resolves when the frame that
// shows it has been painted (the next frame begins) to {end, marks, during}:
// during(from, to) is the longest gap between frames and the longest task
// on the page's thread in that span. Frames are timed as their callbacks
// run, not by the frame's own timestamp: a frame whose main-thread work
// waited behind a long task keeps the time it was due.
function instrument() {
  const Native = window.Worker;
  window.__benchWorker = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      // Added before the page's onmessage: the time the answer reaches the page.
      this.addEventListener("message", ({ data }) => window.__benchWorker.push({ at: performance.now(), id: data?.id, ms: data?.ms, pods: data?.result?.pods?.length }));
    }
    postMessage(message, ...rest) {
      window.__benchWorker.push({ at: performance.now(), out: true, id: message?.id, kind: message?.kind });
      return super.postMessage(message, ...rest);
    }
  };
  window.__benchWatch = (until) =>
    new Promise((resolve) => {
      const tasks = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
      });
      observer.observe({ type: "longtask" });
      const frames = [];
      const marks = {};
      let last = performance.now();
      const frame = () => {
        const now = performance.now();
        frames.push({ at: now, gap: now - last });
        last = now;
        return now;
      };
      const tick = () => {
        const now = frame();
        if (!until(marks, now)) return requestAnimationFrame(tick);
        requestAnimationFrame(() => {
          const end = frame();
          // Long tasks are reported after they end: wait for the last ones.
          setTimeout(() => {
            for (const e of observer.takeRecords()) tasks.push({ start: e.startTime, duration: e.duration });
            observer.disconnect();
            const during = (from, to) => ({
              frame: Math.max(0, ...frames.filter((f) => f.at > from && f.at <= to).map((f) => Math.min(f.gap, f.at - from))),
              task: Math.max(0, ...tasks.filter((t) => t.start + t.duration > from && t.start < to).map((t) => t.duration)),
            });
            resolve({ end, marks, during });
          }, 200);
        });
      };
      requestAnimationFrame(tick);
    });
}

// In the page: from now until the verdicts over the cluster are on screen,
// every frame's gap and every long task, split at the moment the cluster
// panel appears (the end of the load). Resolves to the figures.
async function watch() {
  const { end, marks, during } = await window.__benchWatch((marks, now) => {
    if (marks.loaded === undefined && document.querySelector(".cluster-panel")) marks.loaded = now;
    const status = document.getElementById("status").textContent;
    return /over the cluster/.test(status) && document.querySelector(".attempt") && !document.body.classList.contains("busy");
  });
  const start = window.__benchStart;
  return {
    loadedMs: marks.loaded - start,
    verdictMs: end - start,
    load: during(start, marks.loaded),
    render: during(marks.loaded, end),
    attempts: document.querySelectorAll(".attempt").length,
    summary: document.querySelector(".cluster-head").innerText,
  };
}

async function freshPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.addInitScript(instrument);
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector(".attempt") && !document.body.classList.contains("busy"));
  return { page, context };
}

// A file from disk dropped on the editor: the page gets a file-backed File,
// as from a file manager, and hands it to the worker without reading it.
async function drop(browser, url, file) {
  const { page, context } = await freshPage(browser, url);
  try {
    return await dropOn(page, file);
  } finally {
    await context.close();
  }
}

// Drops a file on the page's editor and resolves to watch()'s figures.
async function dropOn(page, file) {
  await page.evaluate(() => {
    const input = Object.assign(document.createElement("input"), { type: "file", id: "bench-file", hidden: true });
    document.body.append(input);
  });
  await page.setInputFiles("#bench-file", file);
  const watching = page.evaluate(watch);
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(document.getElementById("bench-file").files[0]);
    window.__benchStart = performance.now();
    document.querySelector(".editor:not([hidden]) .cm-content").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  return await watching;
}

// Text on the clipboard pasted into All with Ctrl+V (over All's text, with
// replace); the clock starts at the key.
async function paste(browser, url, text, { replace = false } = {}) {
  const { page, context } = await freshPage(browser, url);
  try {
    await page.getByRole("tab", { name: "All" }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    if (replace) await page.keyboard.press("Control+a");
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.evaluate(() => {
      document.addEventListener(
        "keydown",
        (e) => {
          if (e.ctrlKey && e.key === "v") window.__benchStart ??= performance.now();
        },
        { capture: true },
      );
    });
    const watching = page.evaluate(watch);
    await page.keyboard.press("Control+v");
    return await watching;
  } finally {
    await context.close();
  }
}

// In the page: from the last key pressed (window.__benchStart) until the
// change panel lists the change's `pods` pods, the longest frame and long
// task, and where the time went: the page's pause after typing (to the
// run's post to the worker), the engine's run in the worker, and the rest
// (the answer's transfer, rendering it, the frame that shows it).
async function watchChange(pods) {
  const heading = `Its pods (${pods}), where they end`;
  const { end, during } = await window.__benchWatch(
    () => [...document.querySelectorAll(".change-panel h3")].some((h3) => h3.textContent === heading) && !document.body.classList.contains("busy"),
  );
  const start = window.__benchStart;
  const post = window.__benchWorker.filter((m) => m.out && m.kind === "simulate" && m.at >= start).at(-1);
  const answer = window.__benchWorker.find((m) => !m.out && m.id === post?.id);
  return {
    ms: end - start,
    ...during(start, end),
    pauseMs: post ? post.at - start : NaN,
    engineMs: answer?.ms ?? NaN,
    answerMs: answer ? answer.at - start : NaN,
    attempts: answer?.pods ?? 0,
    workload: document.querySelector(".change-workloads")?.innerText ?? "",
  };
}

// The change over a dropped dump: the medium dump dropped (as in drop), then
// the Deployment pasted into the Workloads tab with Ctrl+V, then its replicas
// retyped (200 -> 199) as a person would: the line clicked, the number
// selected, "199" typed. Each is timed from its last key.
async function change(browser, url, file, traceThis = false) {
  const { page, context } = await freshPage(browser, url);
  try {
    const load = await dropOn(page, file);
    await page.waitForFunction(() => !document.body.classList.contains("busy"));
    await page.waitForTimeout(500);
    await page.getByRole("tab", { name: /Workloads/ }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), CHANGE);
    await page.evaluate(() => document.addEventListener("keydown", () => (window.__benchStart = performance.now()), { capture: true }));
    if (traceThis) await browser.startTracing(page, { path: tracePath });
    let watching = page.evaluate(watchChange, REPLICAS);
    await page.keyboard.press("Control+v");
    const first = await watching;
    await page.waitForTimeout(500);
    const line = page.locator(".editor:not([hidden]) .cm-line", { hasText: `replicas: ${REPLICAS}` });
    await line.click();
    await page.keyboard.press("End");
    for (let i = 0; i < String(REPLICAS).length; i++) await page.keyboard.press("Shift+ArrowLeft");
    watching = page.evaluate(watchChange, REPLICAS - 1);
    await page.keyboard.type(String(REPLICAS - 1), { delay: 80 });
    const second = await watching;
    if (traceThis) await browser.stopTracing();
    return { load, first, second };
  } finally {
    await context.close();
  }
}

// In the page: from the click (window.__benchStart) until the reduction's
// panel has its answer, the longest frame and long task, and the worker's
// own ms for it.
async function watchReduction() {
  const { end, during } = await window.__benchWatch(() => document.querySelector("#reduction-panel[aria-busy=false]") !== null);
  const start = window.__benchStart;
  const post = window.__benchWorker.find((m) => m.out && m.kind === "reduce" && m.at >= start);
  const answer = window.__benchWorker.find((m) => !m.out && m.id === post?.id);
  const panel = document.getElementById("reduction-panel");
  return {
    ms: end - start,
    ...during(start, end),
    engineMs: answer?.ms ?? NaN,
    pod: panel.querySelector("h2 .pod-ref").textContent,
    decision: panel.querySelector(".reduction-decision")?.innerText ?? "",
    counts: panel.querySelector(".reduction-counts")?.innerText ?? panel.querySelector(".reduction-error")?.innerText ?? "",
    runs: panel.querySelector(".reduction-counts + .hint")?.innerText ?? "",
  };
}

// The medium dump dropped, then the focused attempt's Minimal reproduction clicked.
async function reduceCase(browser, url, file) {
  const { page, context } = await freshPage(browser, url);
  try {
    const load = await dropOn(page, file);
    await page.waitForFunction(() => !document.body.classList.contains("busy"));
    await page.waitForTimeout(500);
    const reduceFocused = async () => {
      const watching = page.evaluate(watchReduction);
      await page.evaluate(() => {
        window.__benchStart = performance.now();
        document.querySelector(".attempt.focused .reduce-button").click();
      });
      return watching;
    };
    const pending = await reduceFocused();
    await page.getByRole("tab", { name: /Pending/ }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), PREEMPTOR);
    await page.keyboard.press("Control+v");
    await page.waitForFunction(() => document.querySelector(".attempt.focused .verdict")?.textContent.startsWith("bench-preemptor") && !document.body.classList.contains("busy"), null, { timeout: 60000 });
    await page.waitForTimeout(500);
    const change = await reduceFocused();
    return { load, pending, change };
  } finally {
    await context.close();
  }
}

// The timeline case's queue: see the header.
function timelineQueue() {
  const docs = [];
  for (let n = 0; n < 200; n++) {
    docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: node-${n}}\nstatus: {allocatable: {cpu: "4", memory: 32Gi, pods: "110"}}`);
    for (let p = 0; p < 4; p++) {
      docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: low-${n}-${p}}\nspec: {nodeName: node-${n}, containers: [{name: c, resources: {requests: {cpu: "1"}}}]}`);
    }
  }
  for (let i = 0; i < 2600; i++) {
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: pod-${i}}\nspec: {priority: ${i % 3 === 0 ? 1000 : 10}, containers: [{name: c, resources: {requests: {cpu: "4"}}}]}`);
  }
  return `${docs.join("\n---\n")}\n`;
}

// In the page: the slider set to each value in turn; for each, the ms from
// its input event to the end of the frame that draws it, and to the frame
// after (painted).
async function scrub(values) {
  const slider = document.getElementById("timeline-slider");
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const out = [];
  for (const value of values) {
    const start = performance.now();
    slider.value = String(value);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    const drawn = await frame(); // the timeline draws in the first frame after the input
    const painted = await frame();
    out.push({ drawn: drawn - start, painted: painted - start, where: document.querySelector(".timeline-where").textContent });
  }
  return out;
}

async function timeline(browser, url) {
  const { page, context } = await freshPage(browser, url);
  try {
    await page.getByRole("tab", { name: "All" }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    await page.keyboard.press("Control+a");
    await page.evaluate((text) => navigator.clipboard.writeText(text), timelineQueue());
    await page.keyboard.press("Control+v");
    await page.waitForFunction(() => /\(\d+ attempts\)/.test(document.getElementById("status").textContent) && !document.body.classList.contains("busy"), null, { timeout: 120000 });
    const status = await page.locator("#status").textContent();
    const rows = [];
    for (const mode of ["attempt", "time"]) {
      await page.locator(".timeline .toggle button", { hasText: `by ${mode}` }).click();
      const max = Number(await page.locator("#timeline-slider").getAttribute("max"));
      // 60 positions spread over the slider, out of order (no step is next to the last).
      const values = Array.from({ length: 60 }, (_, i) => Math.round((((i * 37) % 60) / 59) * max));
      const steps = await page.evaluate(scrub, values);
      rows.push({ mode, max, steps });
    }
    return { status: status.trim(), rows };
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  if (!existsSync(join(root, "index.html"))) throw new Error("web/dist is missing: run npx vite build first");
  const cases = [
    { key: "drop", name: "drop medium YAML", size: "medium", how: drop, target: TARGETS.dropMs },
    { key: "paste", name: "paste small YAML into All", size: "small", how: (b, u, file) => paste(b, u, readFileSync(file, "utf8")), target: TARGETS.pasteMs },
    { key: "scale", name: "paste 5,000-node List", text: only.includes("scale") ? scaleList() : "", how: (b, u, text) => paste(b, u, text, { replace: true }), target: null },
  ].filter((c) => only.includes(c.key));
  const withChange = only.includes("change");
  const withTimeline = only.includes("timeline");
  const withReduce = only.includes("reduce");
  const timelines = [];
  const reductions = [];
  for (const c of cases) if (c.size) c.file = dumpFile(c.size);
  const changeFile = withChange ? dumpFile("medium") : null;
  const reduceFile = withReduce ? dumpFile("medium") : null;
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  console.log(`Chromium ${browser.version()}, ${runs} runs each, 1280x800\n`);
  const rows = [];
  const changes = [];
  try {
    for (const c of cases) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await c.how(browser, url, c.file ?? c.text));
      const r = {
        case: c.name,
        mb: c.file ? statSync(c.file).size / 1e6 : Buffer.byteLength(c.text) / 1e6,
        loaded: median(results.map((x) => x.loadedMs)),
        verdicts: median(results.map((x) => x.verdictMs)),
        loadFrame: Math.max(...results.map((x) => x.load.frame)),
        loadTask: Math.max(...results.map((x) => x.load.task)),
        renderFrame: Math.max(...results.map((x) => x.render.frame)),
        target: c.target,
        summary: results[0].summary.replace(/\s+/g, " ").trim(),
      };
      rows.push(r);
    }
    for (let i = 0; withChange && i < runs; i++) changes.push(await change(browser, url, changeFile, i === 0 && tracePath !== null));
    for (let i = 0; withTimeline && i < runs; i++) timelines.push(await timeline(browser, url));
    for (let i = 0; withReduce && i < runs; i++) reductions.push(await reduceCase(browser, url, reduceFile));
  } finally {
    await browser.close();
    server.close();
  }
  const pad = (text, n) => String(text).padStart(n);
  if (rows.length > 0) {
    console.log(
      `${"case".padEnd(28)}${pad("MB", 7)}${pad("loaded ms", 11)}${pad("verdicts ms", 13)}${pad("target", 8)}` +
        `${pad("load: frame", 13)}${pad("long task", 11)}${pad("render: frame", 15)}  ok`,
    );
    for (const r of rows) {
      const ok = (r.target === null || r.verdicts <= r.target) && r.loadFrame <= TARGETS.frameMs;
      console.log(
        `${r.case.padEnd(28)}${pad(r.mb.toFixed(1), 7)}${pad(Math.round(r.loaded), 11)}${pad(Math.round(r.verdicts), 13)}${pad(r.target ?? "-", 8)}` +
          `${pad(Math.round(r.loadFrame), 13)}${pad(Math.round(r.loadTask), 11)}${pad(Math.round(r.renderFrame), 15)}  ${ok ? "yes" : "NO"}`,
      );
    }
    console.log(
      `\nms are medians of ${runs} runs; frame (the longest frame) and long task (the longest task) are the worst of all runs` +
        `\n(target: no frame over ${TARGETS.frameMs} ms while loading; the scale case has no target for its verdicts).` +
        "\nloaded: the cluster panel is on screen; verdicts: the result over the cluster is; render: from loaded to verdicts.",
    );
    for (const r of rows) console.log(`${r.case}: ${r.summary}`);
  }
  if (changes.length > 0) {
    const edits = [
      { name: `change: paste ${REPLICAS} replicas`, of: (x) => x.first },
      { name: `change: edit to ${REPLICAS - 1}`, of: (x) => x.second },
    ];
    if (rows.length > 0) console.log("");
    console.log(
      `${changeFile.replace(/.*\//, "")} dropped (verdicts in ${changes.map((x) => Math.round(x.load.verdictMs)).join(", ")} ms), ` +
        `then a Deployment of ${REPLICAS} pods pasted into Workloads, then its replicas retyped:`,
    );
    console.log(
      `${"case".padEnd(30)}${pad("ms", 7)}${pad("runs", 20)}${pad("target", 8)}${pad("frame", 8)}${pad("long task", 11)}` +
        `${pad("pause", 7)}${pad("engine", 8)}${pad("answer", 8)}${pad("attempts", 10)}  ok`,
    );
    for (const e of edits) {
      const results = changes.map(e.of);
      const ms = median(results.map((x) => x.ms));
      const frame = Math.max(...results.map((x) => x.frame));
      const ok = ms <= TARGETS.changeMs;
      console.log(
        `${e.name.padEnd(30)}${pad(Math.round(ms), 7)}${pad(results.map((x) => Math.round(x.ms)).join(", "), 20)}${pad(TARGETS.changeMs, 8)}` +
          `${pad(Math.round(frame), 8)}${pad(Math.round(Math.max(...results.map((x) => x.task))), 11)}` +
          `${pad(Math.round(median(results.map((x) => x.pauseMs))), 7)}${pad(Math.round(median(results.map((x) => x.engineMs))), 8)}` +
          `${pad(Math.round(median(results.map((x) => x.answerMs))), 8)}${pad(results[0].attempts, 10)}  ${ok ? "yes" : "NO"}`,
      );
    }
    console.log(
      `\nms: from the last key (Ctrl+V; the last digit typed) to the frame that shows the change panel listing the change's pods painted,` +
        `\nmedian of ${runs} runs (each listed); ok: within ${TARGETS.changeMs} ms (#19). frame and long task: the worst of all runs (for a load the` +
        `\ntarget is ${TARGETS.frameMs} ms; here the person has stopped typing). Medians of where the time went: pause, the page's wait after typing` +
        "\n(the run's post to the worker); engine, the run in the worker (cluster.simulate); answer, when its result reached the page;" +
        "\nthe rest is rendering it. attempts: in the result (the change's pods, the dump's pending ones, their replacements).",
    );
    for (const e of edits) console.log(`${e.name}: ${e.of(changes[0]).workload.replace(/\s+/g, " ").trim()}`);
    if (tracePath) console.log(`trace of the first run's two edits: ${tracePath} (chrome://tracing or DevTools' Performance panel)`);
  }
  if (reductions.length > 0) {
    console.log(
      `\nreduce: ${reduceFile.replace(/.*\//, "")} dropped (verdicts in ${reductions.map((x) => Math.round(x.load.verdictMs)).join(", ")} ms), ` +
        "then Minimal reproduction for a pending pod of the dump, then for a preemptor pasted into Pending:",
    );
    console.log(`${"case".padEnd(10)}${pad("ms", 7)}${pad("runs", 22)}${pad("engine", 8)}${pad("target", 8)}${pad("frame", 8)}${pad("long task", 11)}  ok`);
    for (const which of ["pending", "change"]) {
      const results = reductions.map((x) => x[which]);
      const ms = median(results.map((x) => x.ms));
      console.log(
        `${which.padEnd(10)}${pad(Math.round(ms), 7)}${pad(results.map((x) => Math.round(x.ms)).join(", "), 22)}${pad(Math.round(median(results.map((x) => x.engineMs))), 8)}` +
          `${pad(TARGETS.reduceMs, 8)}${pad(Math.round(Math.max(...results.map((x) => x.frame))), 8)}${pad(Math.round(Math.max(...results.map((x) => x.task))), 11)}` +
          `  ${ms <= TARGETS.reduceMs ? "yes" : "NO"}`,
      );
    }
    for (const which of ["pending", "change"]) {
      const r = reductions[0][which];
      console.log(`${which}: ${r.decision} · ${r.counts} · ${r.runs}`);
    }
    console.log(
      `\nms: from the click to the frame that shows the panel painted, median of ${runs} runs (each listed); engine: the worker's part` +
        "\n(cluster.reduce, then the kept objects cut out of the dropped File, read again whole); frame and long task on the page's thread.",
    );
  }
  if (timelines.length > 0) {
    console.log(`\ntimeline: ${timelines[0].status}`);
    console.log(`${"by".padEnd(10)}${pad("positions", 11)}${pad("drawn: median", 15)}${pad("p95", 7)}${pad("max", 7)}${pad("painted: median", 17)}${pad("max", 7)}`);
    for (const mode of ["attempt", "time"]) {
      const steps = timelines.flatMap((t) => t.rows.find((r) => r.mode === mode).steps);
      const drawn = steps.map((x) => x.drawn).sort((a, b) => a - b);
      const painted = steps.map((x) => x.painted);
      const max = timelines[0].rows.find((r) => r.mode === mode).max;
      console.log(
        `${mode.padEnd(10)}${pad(max, 11)}${pad(median(drawn).toFixed(1), 15)}${pad(drawn[Math.floor(drawn.length * 0.95)].toFixed(1), 7)}` +
          `${pad(Math.max(...drawn).toFixed(1), 7)}${pad(median(painted).toFixed(1), 17)}${pad(Math.max(...painted).toFixed(1), 7)}`,
      );
    }
    console.log(
      `\nms over 60 slider positions x ${runs} runs, spread across the slider out of order (by time: the slider is in ms of the clock).` +
        "\ndrawn: from the slider's input event to the frame that redraws the timeline (a frame is ~16.7 ms at 60 Hz, so the wait for it" +
        "\nis included); painted: to the next frame.",
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
