#!/usr/bin/env node
// Runs the benchmark natively and as WebAssembly on the same scenarios and
// prints the figures side by side (npm run bench). Builds what is missing;
// generate the scenarios first with npm run bench:gen.
//   node bench/run.mjs [--only basic-100,basic-1000,...] [--rounds N] [--data DIR]
// With --rounds N each program runs N times, alternating, and the best of
// each figure is printed (noise on a shared machine only ever adds time).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";

const root = new URL("..", import.meta.url).pathname;
const dataArg = process.argv.indexOf("--data");
const data = dataArg > 0 ? process.argv[dataArg + 1] : `${root}bench/data`;
const native = `${root}build/bench/podsim_bench`;
const wasm = `${root}build-wasm/wasm/podsim_bench.cjs`;
const onlyArg = process.argv.indexOf("--only");
const roundsArg = process.argv.indexOf("--rounds");
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 1;
const names = onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : ["basic-100", "basic-1000", "basic-5000", "basic-5000-150k", "mix-5000"];

if (!existsSync(native)) execFileSync("bash", [`${root}scripts/build.sh`, "native"], { stdio: "inherit" });
if (!existsSync(wasm)) execFileSync("bash", [`${root}scripts/build.sh`, "wasm"], { stdio: "inherit" });

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
console.log(`podsim benchmark: ${cpus()[0].model}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log("");
console.log(`best of ${rounds} round(s); warm figures are medians after a warm-up, cold ones the first run`);
console.log("");
console.log(
  "scenario          nodes    pods | load ms (nat / wasm, x) | decision ms (nat / wasm, x) | queue preemptions/s (nat / wasm, x) | cold: load, decision ms (nat / wasm)   | peak MB (nat / wasm)",
);
for (const name of names) {
  const file = `${data}/${name}.json`;
  if (!existsSync(file)) {
    console.log(`${name}: missing ${file}; run npm run bench:gen`);
    continue;
  }
  const natives = [];
  const wasms = [];
  for (let r = 0; r < rounds; ++r) {
    natives.push(run(native, [file]));
    wasms.push(run("node", [wasm, file]));
  }
  const n = best(natives);
  const w = best(wasms);
  // Both builds must make the same decisions, or the figures compare
  // different work.
  for (const key of ["nodes", "pods", "attempts", "preemptions", "first_potential_nodes", "diagnostics"]) {
    if ([...natives, ...wasms].some((r) => r[key] !== n[key])) {
      console.error(`${name}: native and WASM disagree on ${key}: ${natives.map((r) => r[key])} / ${wasms.map((r) => r[key])}`);
      process.exitCode = 1;
    }
  }
  const ratio = (a, b) => `${f(a / b, 2)}x`;
  console.log(
    `${name.padEnd(17)} ${String(n.nodes).padStart(5)} ${String(n.pods).padStart(7)} | ` +
      `${f(n.load_ms, 0).padStart(6)} / ${f(w.load_ms, 0).padStart(6)}, ${ratio(w.load_ms, n.load_ms)}  | ` +
      `${f(n.decision_median_ms, 2).padStart(7)} / ${f(w.decision_median_ms, 2).padStart(7)}, ${ratio(w.decision_median_ms, n.decision_median_ms)} | ` +
      `${f(n.preemptions_per_s, 0).padStart(8)} / ${f(w.preemptions_per_s, 0).padStart(8)}, ${ratio(n.preemptions_per_s, w.preemptions_per_s)}        | ` +
      `${f(n.load_cold_ms, 0).padStart(5)}, ${f(n.decision_cold_ms, 1).padStart(5)} / ${f(w.load_cold_ms, 0).padStart(5)}, ${f(w.decision_cold_ms, 1).padStart(5)}      | ` +
      `${f(n.peak_mb, 0).padStart(5)} / ${f(w.peak_mb, 0).padStart(5)}`,
  );
}
