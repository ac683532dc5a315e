// Ingestion of kubectl-shaped cluster dumps (npm run bench:gen -- --dumps):
// the CLI end to end (npx podsim run FILE, WebAssembly in Node), the same
// ingestion natively, and the parser alone natively (the floor), with MB/s,
// seconds and peak memory. Figures are printed, never asserted.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const ingest = `${root}build/bench/podsim_ingest`;

// The figures measured before the engine read YAML itself (the issue's).
const BEFORE = {
  "dump-small.yaml": "12 s, 1 GB",
  "dump-medium.yaml": "refused (64 MiB cap)",
  "dump-medium.json": "refused (64 MiB cap)",
  "dump-large.yaml": "fails (Invalid string length)",
  "dump-large.json": "fails (Invalid string length)",
};

function cli(file) {
  const started = process.hrtime.bigint();
  const run = spawnSync("node", ["--import", `${root}bench/peak.mjs`, `${root}wasm/cli.mjs`, "run", file], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0 && run.status !== 1) throw new Error(`podsim run ${file}: ${run.stderr}`);
  const peak = JSON.parse(run.stderr.trim().split("\n").pop()).peak_mb;
  return { seconds, peak_mb: peak, verdicts: (run.stdout.match(/^\S+ -> /gm) ?? []).length };
}

function native(file, events) {
  const out = execFileSync(ingest, events ? [file, "--events"] : [file], { encoding: "utf8" });
  return JSON.parse(out.trim());
}

/** Prints the ingestion table for the dumps found in dir. */
export function ingestionTable(dir) {
  if (!existsSync(ingest)) execFileSync("bash", [`${root}scripts/build.sh`, "native"], { stdio: "inherit" });
  const files = ["small", "medium", "large"].flatMap((s) => [`dump-${s}.yaml`, `dump-${s}.json`]).filter((f) => existsSync(`${dir}/${f}`));
  console.log("");
  console.log("Ingestion of kubectl dumps: CLI (WASM in Node, end to end) | native, same work | native parser alone | before");
  if (files.length === 0) {
    console.log(`  no dumps in ${dir}: run npm run bench:gen -- --dumps`);
    return;
  }
  console.log("dump                  MB |   CLI s   MB/s  peak MB verdicts | native MB/s  peak MB | parser MB/s | before");
  for (const f of files) {
    const path = `${dir}/${f}`;
    const mb = statSync(path).size / 1e6;
    const c = cli(path);
    const n = native(path, false);
    const e = native(path, true);
    console.log(
      `${f.padEnd(18)} ${mb.toFixed(0).padStart(5)} | ${c.seconds.toFixed(1).padStart(7)} ${(mb / c.seconds).toFixed(0).padStart(6)} ${String(c.peak_mb).padStart(8)} ${String(c.verdicts).padStart(8)} | ` +
        `${n.mb_per_s.toFixed(0).padStart(11)} ${String(n.peak_mb).padStart(8)} | ${e.mb_per_s.toFixed(0).padStart(11)} | ${BEFORE[f] ?? ""}`,
    );
  }
}
