#!/usr/bin/env node
// Measures the playground with real cluster dumps, in Chromium: the built
// page (web/dist: run `npx vite build` first; this script builds nothing) is
// served on loopback, and for each case a fresh page takes a dump the way a
// person gives it one, while the page records when the verdicts are on
// screen and its longest frame and long task on the way.
//
//   node bench/page.mjs [--runs N] [--data bench/data]
//
// drop:  dump-medium.yaml (500 nodes, 10,000 pods, 84 MB) dropped as a file
// paste: dump-small.yaml (100 nodes, 2,000 pods, 17 MB) pasted into All
// Missing dumps are written first with bench/gen.mjs.
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

import { launchChromium } from "../scripts/chromium.mjs";

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const runs = Number(arg("--runs", "3"));
const data = arg("--data", new URL("data", import.meta.url).pathname);
const root = new URL("../web/dist/", import.meta.url).pathname;

// Targets from the issue: what a person with a real cluster waits for.
const TARGETS = { dropMs: 5000, pasteMs: 2000, frameMs: 200 };

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

// In the page: from now until the verdicts over the cluster are on screen,
// every frame's gap and every long task, split at the moment the cluster
// panel appears (the end of the load). Resolves to the figures.
function watch() {
  return new Promise((resolve) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    });
    observer.observe({ type: "longtask" });
    let last = performance.now();
    let loadedAt = null;
    const frames = [];
    const tick = (now) => {
      frames.push({ at: now, gap: now - last });
      last = now;
      if (loadedAt === null && document.querySelector(".cluster-panel")) loadedAt = now;
      const status = document.getElementById("status").textContent;
      if (/over the cluster/.test(status) && document.querySelector(".attempt") && !document.body.classList.contains("busy")) {
        observer.disconnect();
        const start = window.__benchStart;
        const during = (from, to) => ({
          frame: Math.max(0, ...frames.filter((f) => f.at > from && f.at <= to).map((f) => f.gap)),
          task: Math.max(0, ...tasks.filter((t) => t.start + t.duration > from && t.start < to).map((t) => t.duration)),
        });
        resolve({
          loadedMs: loadedAt - start,
          verdictMs: now - start,
          load: during(start, loadedAt),
          render: during(loadedAt, now),
          attempts: document.querySelectorAll(".attempt").length,
          summary: document.querySelector(".cluster-head").innerText,
        });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function freshPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector(".attempt") && !document.body.classList.contains("busy"));
  return { page, context };
}

// A file from disk dropped on the editor: the page gets a file-backed File,
// as from a file manager, and hands it to the worker without reading it.
async function drop(browser, url, file) {
  const { page, context } = await freshPage(browser, url);
  try {
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
  } finally {
    await context.close();
  }
}

// Text on the clipboard pasted into All with Ctrl+V; the clock starts at the key.
async function paste(browser, url, file) {
  const { page, context } = await freshPage(browser, url);
  try {
    await page.getByRole("tab", { name: "All" }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), readFileSync(file, "utf8"));
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  if (!existsSync(join(root, "index.html"))) throw new Error("web/dist is missing: run npx vite build first");
  const cases = [
    { name: "drop medium YAML", file: dumpFile("medium"), how: drop, target: TARGETS.dropMs },
    { name: "paste small YAML into All", file: dumpFile("small"), how: paste, target: TARGETS.pasteMs },
  ];
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  console.log(`Chromium ${browser.version()}, ${runs} runs each, 1280x800\n`);
  const rows = [];
  try {
    for (const c of cases) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await c.how(browser, url, c.file));
      const r = {
        case: c.name,
        mb: statSync(c.file).size / 1e6,
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
  } finally {
    await browser.close();
    server.close();
  }
  const pad = (text, n) => String(text).padStart(n);
  console.log(
    `${"case".padEnd(28)}${pad("MB", 7)}${pad("loaded ms", 11)}${pad("verdicts ms", 13)}${pad("target", 8)}` +
      `${pad("load: frame", 13)}${pad("long task", 11)}${pad("render: frame", 15)}  ok`,
  );
  for (const r of rows) {
    const ok = r.verdicts <= r.target && r.loadFrame <= TARGETS.frameMs;
    console.log(
      `${r.case.padEnd(28)}${pad(r.mb.toFixed(1), 7)}${pad(Math.round(r.loaded), 11)}${pad(Math.round(r.verdicts), 13)}${pad(r.target, 8)}` +
        `${pad(Math.round(r.loadFrame), 13)}${pad(Math.round(r.loadTask), 11)}${pad(Math.round(r.renderFrame), 15)}  ${ok ? "yes" : "NO"}`,
    );
  }
  console.log(
    `\nms are medians of ${runs} runs; frame and long task are the worst of all runs (target: no frame over ${TARGETS.frameMs} ms while loading).` +
      "\nloaded: the cluster panel is on screen; verdicts: the result over the cluster is; render: from loaded to verdicts.",
  );
  for (const r of rows) console.log(`${r.case}: ${r.summary}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
