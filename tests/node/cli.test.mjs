// The CLI: `node wasm/cli.mjs` and `npx podsim`, exit codes and stdin.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const basic = join(root, "tests/conformance/preempt-basic/scenario.yaml");

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

test("CLI: a report names the verdict, the victims and the message", () => {
  const r = podsim(["run", basic]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /default\/p -> nominated node1, evicting 2 pods: default\/p1\.1, default\/p1\.2/);
  assert.match(r.stdout, /message: 0\/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory\./);
  assert.match(r.stdout, /lowest highest-priority victim: node1=0 node3=-100 -> kept node1/);
});

test("CLI: --json prints the result document", () => {
  const r = podsim(["run", basic, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.apiVersion, "podsim/v1");
  assert.equal(result.pods[0].node, "node1");
});

test("CLI: reads stdin with -", () => {
  const text = spawnSync("cat", [basic], { encoding: "utf8" }).stdout;
  const r = podsim(["run", "-", "--json"], text);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).pods[0].outcome, "Nominated");
});

test("CLI: exit code 1 for input errors, with the JSON still printed", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-"));
  const file = join(dir, "bad.yaml");
  writeFileSync(file, "kind: Pod\nmetadata: {name: web}\nspec:\n  priorityClassName: gold\n  containers: [{name: c}]\n");
  const r = podsim(["run", file, "--json"]);
  assert.equal(r.status, 1);
  const d = JSON.parse(r.stdout).diagnostics[0];
  assert.equal(d.object, "Pod default/web");
  assert.equal(d.path, "spec.priorityClassName");
  assert.equal(d.line, 4);
  assert.match(d.message, /no PriorityClass with name gold was found/);
});

test("CLI: exit code 2 for wrong usage", () => {
  for (const args of [[], ["simulate", basic], ["run"], ["run", basic, "--frobnicate"], ["run", basic, "--seed", "x"]]) {
    const r = podsim(args);
    assert.equal(r.status, 2, `args ${args}`);
    assert.match(r.stderr, /usage: podsim run/);
  }
  assert.equal(podsim(["run", "/nonexistent.yaml"]).status, 2);
  assert.equal(podsim(["--help"]).status, 0);
});

test("CLI: npx podsim works the same from the repo root", () => {
  const r = spawnSync("npx", ["--no-install", "podsim", "run", basic, "--json"], { encoding: "utf8", cwd: root });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).pods[0].node, "node1");
});

test("CLI: --profile v1.14 runs the v1.14 semantics and says so", () => {
  const example = join(root, "web/examples/profiles-victim-order.yaml");
  const r = podsim(["run", example, "--profile", "v1.14", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.kubernetesVersion, "1.14");
  assert.equal(result.profile, "v1.14");
  assert.deepEqual(result.pods[0].victims.map((v) => v.pod), ["default/batch-old"]);
  const report = podsim(["run", example, "--profile", "v1.14"]);
  assert.match(report.stdout, /^podsim: kube-scheduler 1\.14 semantics \(profile v1\.14\)/);
  const bad = podsim(["run", example, "--profile", "v9"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown profile "v9" \(known: current, v1\.14\)/);
});

test("CLI: --compare shows each differing pod, both decisions and the rule", () => {
  const r = podsim(["run", join(root, "web/examples/profiles-pdb-budget.yaml"), "--compare"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /default\/web: the first decision differs/);
  assert.match(r.stdout, /current {2}nominated node-b, evicting default\/cache/);
  assert.match(r.stdout, /v1\.14 {4}nominated node-a, evicting default\/db-0, default\/db-1/);
  assert.match(r.stdout, /because \(PDB violation\): v1\.14 counts a victim as violating only when/);
  const same = podsim(["run", basic, "--compare"]);
  assert.match(same.stdout, /Both profiles decide every pod alike\./);
});

test("CLI: a kubectl dump streams in from a pipe, and YAML and JSON decide alike", () => {
  // 100 nodes and 2,000 pods as kubectl prints them (managedFields, status,
  // images and all): 17 MB of YAML, 39 MB of JSON.
  const dir = mkdtempSync(join(tmpdir(), "podsim-dump-"));
  const gen = spawnSync("node", [join(root, "bench/gen.mjs"), "--dumps", "--sizes", "small", "--out", dir], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  const reports = ["yaml", "json"].map((format) => {
    const r = spawnSync("bash", ["-c", `cat "${join(dir, `dump-small.${format}`)}" | node "${cli}" run -`], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  });
  // The dump's pending pods each get a verdict; nothing is reported wrong.
  const verdicts = reports[0].match(/^\S+ -> cannot be scheduled/gm) ?? [];
  assert.equal(verdicts.length, 10, reports[0].slice(0, 2000));
  assert.doesNotMatch(reports[0], /Diagnostics:/);
  assert.equal(reports[1], reports[0]);
});
