#!/usr/bin/env node
// Runs the benchmark natively and as WebAssembly on the same scenarios and
// prints the figures side by side (npm run bench): WebAssembly in Node, and
// in Chromium when it is installed. Builds what is missing; generate the
// scenarios first with npm run bench:gen.
//   node bench/run.mjs [--only basic-100,basic-1000,...] [--rounds N]
//                      [--data DIR] [--no-browser] [--ingest-only]
// Then, for the kubectl-shaped dumps found in the data folder (npm run
// bench:gen -- --dumps), the ingestion table (bench/ingest.mjs) and, with
// Chromium, the page's figures (bench/page.mjs).
// With --rounds N each program runs N times, alternating, and the best of
// each figure is printed (noise on a shared machine only ever adds time).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";

import { hasChromium } from "../scripts/chromium.mjs";
import { openBrowserBench } from "./browser.mjs";
import { ingestionTable } from "./ingest.mjs";

const root = new URL("..", import.meta.url).pathname;
const dataArg = process.argv.indexOf("--data");
const data = dataArg > 0 ? process.argv[dataArg + 1] : `${root}bench/data`;
const native = `${root}build/bench/podsim_bench`;
const wasm = `${root}build-wasm/wasm/podsim_bench.cjs`;
const web = `${root}build-wasm/wasm/podsim_bench_web.js`;
const onlyArg = process.argv.indexOf("--only");
const roundsArg = process.argv.indexOf("--rounds");
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 1;
const ingestOnly = process.argv.includes("--ingest-only");
const allNames = ["basic-100", "basic-1000", "basic-5000", "basic-5000-150k", "mix-5000"];
const names = ingestOnly ? [] : onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : allNames;

if (!existsSync(native)) execFileSync("bash", [`${root}scripts/build.sh`, "native"], { stdio: "inherit" });
if (!existsSync(wasm) || !existsSync(web)) execFileSync("bash", [`${root}scripts/build.sh`, "wasm"], { stdio: "inherit" });

function run(command, args) {
  const out = execFileSync(command, args, { encoding: "utf8", maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split("\n").pop());
}

// The best of each figure over the rounds: least time, most throughput.
function best(results) {
  const pick = (key, better) => results.map((r) => r[key]).reduce((a, b) => (better(a, b) ? a : b));
  const less = (a, b) => a <= b;
  return {
    ...results[0],
    load_cold_ms: pick("load_cold_ms", less),
    load_ms: pick("load_ms", less),
    decision_cold_ms: pick("decision_cold_ms", less),
    decision_median_ms: pick("decision_median_ms", less),
    preemptions_per_s: pick("preemptions_per_s", (a, b) => a >= b),
    peak_mb: pick("peak_mb", less),
  };
}

const f = (x, d = 1) => x.toFixed(d);
const ratio = (a, b) => `${f(a / b, 2)}x`;
// One row: native against one WebAssembly host.
function row(name, n, w) {
  return (
    `${name.padEnd(17)} ${String(n.nodes).padStart(5)} ${String(n.pods).padStart(7)} | ` +
    `${f(n.load_ms, 0).padStart(6)} / ${f(w.load_ms, 0).padStart(6)}, ${ratio(w.load_ms, n.load_ms)}  | ` +
    `${f(n.decision_median_ms, 2).padStart(7)} / ${f(w.decision_median_ms, 2).padStart(7)}, ${ratio(w.decision_median_ms, n.decision_median_ms)} | ` +
    `${f(n.preemptions_per_s, 0).padStart(8)} / ${f(w.preemptions_per_s, 0).padStart(8)}, ${ratio(n.preemptions_per_s, w.preemptions_per_s)}        | ` +
    `${f(n.load_cold_ms, 0).padStart(5)}, ${f(n.decision_cold_ms, 1).padStart(5)} / ${f(w.load_cold_ms, 0).padStart(5)}, ${f(w.decision_cold_ms, 1).padStart(5)}      | ` +
    `${f(n.peak_mb, 0).padStart(5)} / ${f(w.peak_mb, 0).padStart(5)}`
  );
}
const header =
  "scenario          nodes    pods | load ms (nat / wasm, x) | decision ms (nat / wasm, x) | queue preemptions/s (nat / wasm, x) | cold: load, decision ms (nat / wasm)   | peak MB (nat / wasm)";

const useBrowser = !process.argv.includes("--no-browser") && hasChromium();
let chromiumVersion = "";
// The browser runs alone: started for each run and closed after it, so an
// idle Chromium never shares the machine with the other two programs.
async function runInBrowser(file) {
  const browser = await openBrowserBench(web);
  try {
    chromiumVersion = browser.version;
    return await browser.run(file);
  } finally {
    await browser.close();
  }
}
console.log(`podsim benchmark: ${cpus()[0].model}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log("");
console.log(`best of ${rounds} round(s); warm figures are medians after a warm-up, cold ones the first run`);
const rows = [];
for (const name of names) {
  const file = `${data}/${name}.json`;
  if (!existsSync(file)) {
    console.log(`${name}: missing ${file}; run npm run bench:gen`);
    continue;
  }
  const natives = [];
  const wasms = [];
  const pages = [];
  for (let r = 0; r < rounds; ++r) {
    natives.push(run(native, [file]));
    wasms.push(run("node", [wasm, file]));
    if (useBrowser) pages.push(await runInBrowser(file));
  }
  const n = best(natives);
  // Every build must make the same decisions, or the figures compare
  // different work.
  const all = [...natives, ...wasms, ...pages];
  for (const key of ["nodes", "pods", "attempts", "preemptions", "first_potential_nodes", "diagnostics"]) {
    if (all.some((r) => r[key] !== n[key])) {
      console.error(`${name}: the builds disagree on ${key}: native ${natives.map((r) => r[key])}, Node ${wasms.map((r) => r[key])}, Chromium ${pages.map((r) => r[key])}`);
      process.exitCode = 1;
    }
  }
  rows.push({ name, n, w: best(wasms), c: useBrowser ? best(pages) : null });
}
if (!ingestOnly) {
  console.log("");
  console.log(`WebAssembly in Node ${process.version}`);
  console.log(header);
  for (const { name, n, w } of rows) console.log(row(name, n, w));
  if (useBrowser) {
    console.log("");
    console.log(`WebAssembly in Chromium ${chromiumVersion} (headless, in a page)`);
    console.log(header);
    for (const { name, n, c } of rows) console.log(row(name, n, c));
  } else {
    console.log("");
    console.log(process.argv.includes("--no-browser") ? "Chromium: skipped (--no-browser)" : "Chromium: not found, skipped");
  }
}
ingestionTable(data);
// The page's figures, with Chromium: a dump dropped and one pasted.
if (useBrowser && existsSync(`${root}bench/page.mjs`) && existsSync(`${data}/dump-medium.yaml`)) {
  execFileSync("node", [`${root}bench/page.mjs`, "--data", data], { stdio: "inherit" });
}
