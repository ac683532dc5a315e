// Times podsim reduce on a kubectl-shaped dump (bench/dump.mjs: managedFields,
// status and all) of 500 nodes and 10,000 pods, in WebAssembly through the
// JS API (as the page's worker runs it) and natively (build/bench/podsim_reduce):
//   text     reduce(text, {pod}) for one of the dump's pending pods, which
//            fits nowhere (Unschedulable)
//   cluster  the page's way: loadCluster(dump), then cluster.reduce(pod,
//            {change}) for a preemptor laid over it (Nominated, with
//            victims), and reducedScenario() cutting the result out of the dump;
//            with --browser, the same in Chromium, the dump read as a Blob
// Usage: node bench/reduce.mjs [--size small|medium|large] [--format yaml|json] [--no-native] [--browser]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";

import { loadCluster, reduce, reducedScenario } from "../wasm/index.mjs";
import { launchChromium } from "../scripts/chromium.mjs";
import { PREEMPTOR, dumpSizes, seededRandom, writeDump } from "./dump.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const size = arg("--size", "medium");
const format = arg("--format", "yaml");
const root = new URL("..", import.meta.url).pathname;
const data = new URL("data/", import.meta.url).pathname;
const native = `${root}build/bench/podsim_reduce`;

function counts(r) {
  return r.counts.map((c) => `${c.kept}/${c.total} ${c.kind}`).join(", ");
}

function row(name, ms, r, nativeMs) {
  const decision = r.decision.outcome + (r.decision.node ? ` on ${r.decision.node}` : "") + (r.decision.victims.length ? `, ${r.decision.victims.length} victims` : "");
  const nat = nativeMs === undefined ? "" : `, native ${nativeMs.toFixed(0)} ms`;
  console.log(`${name.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms WebAssembly${nat}; ${r.runs} simulations; ${decision}; kept ${counts(r)}`);
}

mkdirSync(data, { recursive: true });
const file = `${data}reduce-${size}.${format}`;
if (!existsSync(file)) {
  process.stderr.write(`writing ${file}...\n`);
  writeDump(file, dumpSizes[size], format, seededRandom(1));
}
const text = readFileSync(file, "utf8");
console.log(`podsim reduce on ${file} (${(text.length / 1048576).toFixed(0)} MB, ${dumpSizes[size].nodes} nodes, ${dumpSizes[size].pods} pods)`);

// A pending pod of the dump: the first the cluster lists.
let started = performance.now();
const cluster = await loadCluster(text);
const loadMs = performance.now() - started;
const pods = cluster.objects("Pod", { limit: 1_000_000 }).objects;
const pending = pods.find((p) => p.kind === "Pod" && !p.node);
if (!pending) throw new Error("the dump has no pending pod");
const target = `${pending.namespace}/${pending.name}`;

const nativeRun = (extra) => {
  if (args.includes("--no-native")) return undefined;
  if (!existsSync(native)) execFileSync("bash", [`${root}scripts/build.sh`, "native"], { stdio: "inherit" });
  return JSON.parse(execFileSync(native, [file, ...extra], { maxBuffer: 1 << 28 }).toString());
};

started = performance.now();
const byText = await reduce(text, { pod: target });
const textMs = performance.now() - started;
if (byText.error) throw new Error(byText.error);
row("text", textMs, byText, nativeRun([target])?.reduceMs);

started = performance.now();
const byCluster = await cluster.reduce("default/bench-preemptor", { change: PREEMPTOR });
if (byCluster.error) throw new Error(byCluster.error);
const reducedMs = performance.now() - started;
const scenario = await reducedScenario(byCluster, { cluster: text, change: PREEMPTOR });
const clusterMs = performance.now() - started;
const changeFile = `${data}reduce-preemptor.yaml`;
writeFileSync(changeFile, PREEMPTOR);
row("cluster", clusterMs, byCluster, nativeRun(["default/bench-preemptor", changeFile])?.reduceMs);
console.log(`(cluster: ${reducedMs.toFixed(0)} ms reducing, ${(clusterMs - reducedMs).toFixed(0)} ms cutting the scenario out of the dump; loading the dump as a cluster took ${loadMs.toFixed(0)} ms first; the reduced scenario is ${scenario.length.toLocaleString("en")} characters)`);
cluster.free();

// The cluster case in Chromium: the page's engine (wasm/index.mjs) on the
// main thread, the dump fetched as a Blob as a dropped file would be.
async function inBrowser() {
  const files = {
    "/": ["text/html", () => "<!doctype html><title>podsim reduce</title>"],
    "/dump": ["application/octet-stream", () => readFileSync(file)],
  };
  const server = createServer((req, res) => {
    const path = req.url.split("?")[0];
    const known = files[path];
    const wasm = /^\/wasm\/(index\.mjs|build\/podsim\.(mjs|wasm))$/.test(path);
    if (!known && !wasm) return res.writeHead(404).end();
    const type = known ? known[0] : path.endsWith(".wasm") ? "application/wasm" : "text/javascript";
    res.writeHead(200, { "Content-Type": type });
    res.end(known ? known[1]() : readFileSync(`${root}${path.slice(1)}`));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const out = await page.evaluate(async (change) => {
      const m = await import("/wasm/index.mjs");
      const blob = await (await fetch("/dump")).blob();
      let t = performance.now();
      const cluster = await m.loadCluster(blob);
      const loadMs = performance.now() - t;
      t = performance.now();
      const r = await cluster.reduce("default/bench-preemptor", { change });
      const reduceMs = performance.now() - t;
      t = performance.now();
      const scenario = await m.reducedScenario(r, { cluster: blob, change });
      const cutMs = performance.now() - t;
      cluster.free();
      return { loadMs, reduceMs, cutMs, runs: r.runs, error: r.error, chars: scenario.length };
    }, PREEMPTOR);
    if (out.error) throw new Error(out.error);
    console.log(`Chromium ${browser.version()}: cluster ${out.reduceMs.toFixed(0)} ms reducing (${out.runs} simulations), ${out.cutMs.toFixed(0)} ms cutting the scenario out of the Blob; loading the dump took ${out.loadMs.toFixed(0)} ms first`);
  } finally {
    await browser.close();
    server.close();
  }
}

if (args.includes("--browser")) await inBrowser();
