// Strict fields through the CLI and the JS API: a field that is not part of
// the Kubernetes API for its kind is warned of at its line, with the
// closest name; what kubectl prints for a real cluster passes clean.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { loadCluster, simulate } from "../../wasm/index.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const version = JSON.parse(readFileSync(join(root, "web/src/editor/api-fields.json"), "utf8")).version;

const MISSPELLED = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  priortyClassName: high
  containers:
  - name: app
    resources: {requests: {cpu: 100m}}
`;

const MESSAGE = `unknown field (not in the Kubernetes ${version} API for Pod; did you mean priorityClassName?)`;

test("strict fields: the misspelled priorityClassName is warned of at its line, with the name meant (JS API)", async () => {
  const result = await simulate(MISSPELLED);
  const unknown = result.diagnostics.filter((d) => /unknown field/.test(d.message));
  assert.deepEqual(
    unknown.map(({ severity, object, path, line, message }) => ({ severity, object, path, line, message })),
    [{ severity: "warning", object: "Pod default/web", path: "spec.priortyClassName", line: 11, message: MESSAGE }],
  );
});

test("strict fields: a misspelt class carries effect: priority when the pod runs at the default priority for it", async () => {
  const result = await simulate(MISSPELLED);
  const warning = result.diagnostics.find((d) => d.path === "spec.priortyClassName");
  assert.equal(warning.effect, "priority");
  assert.equal(result.pods[0].priority, 0);
  // A field that is not about priority has no effect named.
  const other = await simulate(MISSPELLED.replace("priortyClassName: high", "priorityClassName: high\n  nodeNme: x"));
  assert.equal(other.diagnostics.find((d) => d.path === "spec.nodeNme").effect, undefined);
  // A pod that sets its priority gets it whatever class was misspelt: no effect.
  const set = await simulate(MISSPELLED.replace("priortyClassName: high", "priortyClassName: high\n  priority: 50"));
  assert.equal(set.diagnostics.find((d) => d.path === "spec.priortyClassName").effect, undefined);
  assert.equal(set.pods[0].priority, 50);
});

test("strict fields: requests beside resources, one level too shallow, asks for resources.requests", async () => {
  const shallow = MISSPELLED.replace("priortyClassName", "priorityClassName").replace(
    "    resources: {requests: {cpu: 100m}}",
    "    resources: {}\n    requests: {cpu: 100m}",
  );
  const result = await simulate(shallow);
  const unknown = result.diagnostics.filter((d) => /unknown field/.test(d.message));
  assert.deepEqual(
    unknown.map(({ path, line, message }) => ({ path, line, message })),
    [
      {
        path: "spec.containers[0].requests",
        line: 15,
        message: `unknown field (not in the Kubernetes ${version} API for Pod; did you mean resources.requests?)`,
      },
    ],
  );
});

test("strict fields: the CLI prints the warning with file and line", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-strict-"));
  const file = join(dir, "web.yaml");
  writeFileSync(file, MISSPELLED);
  const r = spawnSync("node", [cli, "run", file], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stderr.includes(`${file}:11: warning: Pod default/web: spec.priortyClassName: ${MESSAGE}`), r.stderr);
});

test("strict fields: a JSON object is checked alike, fields podsim skips included", async () => {
  const pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "web", managedFields: [{ manager: "m", fieldsV1: { "f:spec": { "f:anything": {} } }, operaton: "Update" }] },
    spec: { containers: [{ name: "app", env: [{ name: "A", valu: "1" }] }] },
  };
  const result = await simulate(JSON.stringify(pod, null, 2));
  assert.deepEqual(
    result.diagnostics.filter((d) => /unknown field/.test(d.message)).map((d) => [d.path, d.line]),
    [
      ["metadata.managedFields[0].operaton", 14],
      ["spec.containers[0].env[0].valu", 25],
    ],
  );
});

test("strict fields: a kubectl dump (bench/gen.mjs, small) has no unknown fields, YAML and JSON", async () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-dump-"));
  const gen = spawnSync("node", [join(root, "bench/gen.mjs"), "--dumps", "--sizes", "small", "--out", dir], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  for (const name of ["dump-small.yaml", "dump-small.json"]) {
    const cluster = await loadCluster(readFileSync(join(dir, name)));
    try {
      const unknown = cluster.summary.diagnostics.filter((d) => /unknown field/.test(d.message));
      assert.deepEqual(unknown, [], name);
      assert.ok(cluster.summary.nodes > 0, name);
    } finally {
      cluster.free();
    }
  }
});
