#!/usr/bin/env node
// Runs the benchmark natively and as WebAssembly on the same scenarios and
// prints the figures side by side (npm run bench). Builds what is missing;
// generate the scenarios first with npm run bench:gen.
//   node bench/run.mjs [--only basic-100,basic-1000,...]
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";

const root = new URL("..", import.meta.url).pathname;
const data = `${root}bench/data`;
const native = `${root}build/bench/podsim_bench`;
const wasm = `${root}build-wasm/wasm/podsim_bench.cjs`;
const onlyArg = process.argv.indexOf("--only");
const names = onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : ["basic-100", "basic-1000", "basic-5000", "basic-5000-150k", "mix-5000"];

if (!existsSync(native)) execFileSync("bash", [`${root}scripts/build.sh`, "native"], { stdio: "inherit" });
if (!existsSync(wasm)) execFileSync("bash", [`${root}scripts/build.sh`, "wasm"], { stdio: "inherit" });

function run(command, args) {
  const out = execFileSync(command, args, { encoding: "utf8", maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split("\n").pop());
}

const f = (x, d = 1) => x.toFixed(d);
console.log(`podsim benchmark: ${cpus()[0].model}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log("");
console.log(
  "scenario          nodes   pods   | load ms (nat / wasm)  | decision ms (nat / wasm, x) | queue preemptions/s (nat / wasm, x) | peak MB (nat / wasm)",
);
for (const name of names) {
  const file = `${data}/${name}.json`;
  if (!existsSync(file)) {
    console.log(`${name}: missing ${file}; run npm run bench:gen`);
    continue;
  }
  const n = run(native, [file]);
  const w = run("node", [wasm, file]);
  console.log(
    `${name.padEnd(17)} ${String(n.nodes).padStart(5)} ${String(n.pods).padStart(7)} | ` +
      `${f(n.load_ms, 0).padStart(7)} / ${f(w.load_ms, 0).padStart(7)}     | ` +
      `${f(n.decision_median_ms, 2).padStart(7)} / ${f(w.decision_median_ms, 2).padStart(7)}, ${f(w.decision_median_ms / n.decision_median_ms, 2)}x | ` +
      `${f(n.preemptions_per_s, 0).padStart(8)} / ${f(w.preemptions_per_s, 0).padStart(8)}, ${f(n.preemptions_per_s / w.preemptions_per_s, 2)}x        | ` +
      `${f(n.peak_mb, 0).padStart(5)} / ${f(w.peak_mb, 0).padStart(5)}`,
  );
}
