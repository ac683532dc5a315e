// The benchmark still runs (not timed: figures are printed, never asserted):
// it generates a small scenario, runs it natively and as WebAssembly (in
// Node and in Chromium), and checks the builds made the same decisions.
// It lives with the browser tests because it starts Chromium; the first run
// builds the native and WebAssembly benchmark programs if they are missing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { hasChromium } from "../../scripts/chromium.mjs";

const root = new URL("../..", import.meta.url).pathname;

test("benchmark: generates, runs native and WASM, and they agree", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-bench-"));
  const gen = spawnSync("node", [join(root, "bench/gen.mjs"), "--only", "basic-100", "--out", dir], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  const lines = readFileSync(join(dir, "basic-100.json"), "utf8").trim().split("\n");
  // 100 nodes, 400 low-priority pods, 100 preemptors, their priority classes.
  assert.equal(lines.filter((l) => JSON.parse(l).kind === "Node").length, 100);
  assert.equal(lines.filter((l) => JSON.parse(l).kind === "Pod").length, 500);

  const run = spawnSync("node", [join(root, "bench/run.mjs"), "--only", "basic-100", "--data", dir], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  // One table for WebAssembly in Node, one for Chromium when it is there.
  const rows = run.stdout.split("\n").filter((l) => l.startsWith("basic-100"));
  assert.equal(rows.length, hasChromium() ? 2 : 1, run.stdout);
  assert.match(run.stdout, hasChromium() ? /WebAssembly in Chromium \d+/ : /Chromium: not found/);
  for (const row of rows) {
    // nodes and pods, then load, decision and queue, each with its ratio.
    const numbers = row.match(/\d+(\.\d+)?/g).map(Number);
    assert.deepEqual(numbers.slice(1, 3), [100, 500]);
    const ratios = row.match(/\d+\.\d\dx/g) ?? [];
    assert.equal(ratios.length, 3, row);
    assert.ok(ratios.every((r) => Number.parseFloat(r) > 0), row);
  }
});
