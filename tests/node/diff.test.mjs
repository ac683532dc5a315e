// podsim diff and diff(): two variants of a scenario, the pods whose
// decisions differ and the object changes that flip them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

import { diff } from "../../wasm/index.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const dir = mkdtempSync(join(tmpdir(), "podsim-diff-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

// A running pod whose class is worth guardValue, and a pending pod at 200
// that needs its node; unusedValue changes a class no pod uses.
function scenario(guardValue, unusedValue = 1) {
  return `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: guard}
value: ${guardValue}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: unused}
value: ${unusedValue}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: web}
value: 200
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: guarded, namespace: default}
spec:
  nodeName: n1
  priorityClassName: guard
  containers: [{name: c, image: pause, resources: {requests: {cpu: "1"}}}]
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  priorityClassName: web
  containers: [{name: c, image: pause, resources: {requests: {cpu: "1"}}}]
status: {phase: Pending}
`;
}

function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const a = file("a.yaml", scenario(100));
const b = file("b.yaml", scenario(500, 2));

test("diff(): names the decisions and the one change that flips the pod", async () => {
  const d = await diff(scenario(100), scenario(500, 2));
  assert.equal(d.kind, "VariantDiff");
  assert.deepEqual(
    d.objects.map((o) => `${o.change} ${o.object}`),
    ["changed PriorityClass guard", "changed PriorityClass unused"],
  );
  assert.equal(d.differences.length, 1);
  const [w] = d.differences;
  assert.equal(w.pod, "default/web");
  assert.deepEqual(w.a, { outcome: "Nominated", node: "n1", victims: ["default/guarded"] });
  assert.equal(w.b.outcome, "Unschedulable");
  assert.equal(w.cause, "single");
  assert.equal(w.together, false);
  assert.deepEqual(w.changes, ["PriorityClass guard"]);
  assert.equal(d.tried, 2);
  assert.equal(d.limit, 20);
  assert.equal(d.results.length, 2);
});

test("diff(): identical variants differ in nothing", async () => {
  const d = await diff(scenario(100), scenario(100));
  assert.deepEqual(d.objects, []);
  assert.deepEqual(d.differences, []);
  assert.equal(d.tried, 0);
});

test("diff(): an unknown profile returns a plain result with the diagnostic", async () => {
  const r = await diff(scenario(100), scenario(500), { profile: "v0.1" });
  assert.equal(r.kind, undefined);
  assert.ok(r.diagnostics.some((x) => x.severity === "error" && /v0\.1/.test(x.message)), JSON.stringify(r.diagnostics));
});

test("CLI: podsim diff prints the differing pods first, then the objects", () => {
  const r = podsim(["diff", a, b]);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split("\n");
  assert.match(lines[0], /^podsim: .*a\.yaml compared with .*b\.yaml \(kube-scheduler [\d.]+ semantics, profile current\)$/);
  assert.match(r.stdout, /default\/web: the first decision differs/);
  assert.match(r.stdout, /a\.yaml\s+nominated n1, evicting default\/guarded/);
  assert.match(r.stdout, /b\.yaml\s+cannot be scheduled/);
  assert.match(r.stdout, /because: PriorityClass guard \(changed\) flips it alone/);
  assert.doesNotMatch(r.stdout, /because: PriorityClass unused/);
  assert.ok(r.stdout.indexOf("default/web:") < r.stdout.indexOf("Objects that differ (2):"));
  assert.match(r.stdout, /changed  PriorityClass unused/);
});

test("CLI: podsim diff --json prints the VariantDiff document; - reads stdin", () => {
  const r = podsim(["diff", "-", b, "--json", "--profile", "v1.14", "--seed", "3"], scenario(100));
  assert.equal(r.status, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.equal(d.kind, "VariantDiff");
  assert.equal(d.results[0].profile, "v1.14");
  assert.deepEqual(d.differences[0].changes, ["PriorityClass guard"]);
});

test("CLI: podsim diff of identical files says so", () => {
  const r = podsim(["diff", a, a]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Both variants decide every pod alike\./);
  assert.match(r.stdout, /No object differs\./);
});

test("CLI: podsim diff exit codes as run's", () => {
  const usage = podsim(["diff", a]);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /diff takes two scenario files/);
  assert.match(usage.stderr, /podsim diff <a\.yaml \| -> <b\.yaml>/);
  assert.equal(podsim(["diff", "-", "-"], "").status, 2);
  assert.equal(podsim(["diff", a, b, "--profile", "v0.1"]).status, 2);
  const missing = podsim(["diff", a, join(dir, "nope.yaml")]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.yaml: no such file/);
  // An error in b is named by b's file and fails the run.
  const bad = file("bad.yaml", `${scenario(100)}---\napiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {priority: high}\n`);
  const r = podsim(["diff", a, bad]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad\.yaml:\d+: error: /);
  assert.doesNotMatch(r.stderr, /a\.yaml:\d+: error/);
});
