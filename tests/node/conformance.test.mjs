// Runs every conformance case: the copies in tests/conformance/ and, when
// present, ../shared/conformance/ (so new shared cases are picked up without a
// copy). See tests/conformance/README.md. The cases run through the JS API in
// this process (simulate on the scenario's text, with the case's profile): one
// engine for all, instead of a Node process per case. One test runs a case
// through the CLI, as a user would (podsim run <case> --json --profile P), and
// checks its document is the API's, so the checks on the API's results hold
// for the CLI's.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

import { simulate } from "../../wasm/index.mjs";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");

function cases(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "expected.json")))
    .map((e) => join(dir, e.name));
}

// "ALTERNATIVES: node1=[default/p1]; node2=[default/p2]." -> [{node, victims}]
function alternatives(notes = "") {
  const match = /ALTERNATIVES:\s*(.*)$/s.exec(notes);
  if (!match) return [];
  return [...match[1].matchAll(/([\w.-]+)=\[([^\]]*)\]/g)].map(([, node, list]) => ({
    node,
    victims: list.split(",").map((s) => s.trim()).filter(Boolean).sort(),
  }));
}

function candidateSet(list) {
  return list
    .map((c) => ({ node: c.node, victims: [...c.victims].sort(), pdbViolations: c.pdbViolations }))
    .sort((a, b) => a.node.localeCompare(b.node));
}

// The end state of a run, by the rules of tests/conformance/README.md: a pod is bound to the node
// of its last attempt if that attempt was Scheduled; a pod bound in the input (the result's
// cluster picture) stays bound unless it was evicted; `deleted` is every victim of the run;
// `pending` are the pods to schedule that never got bound.
function finalState(result) {
  const last = new Map();
  for (const attempt of result.pods) last.set(attempt.pod, attempt);
  const deleted = new Set(result.pods.flatMap((attempt) => attempt.victims.map((v) => v.pod)));
  const pictured = result.cluster?.pods ?? [];
  const bound = new Map();
  for (const p of pictured) {
    if (!p.pending && p.node && !deleted.has(p.pod)) bound.set(p.pod, p.node);
  }
  for (const [pod, attempt] of last) {
    if (attempt.outcome === "Scheduled" && !deleted.has(pod)) bound.set(pod, attempt.node);
  }
  const toSchedule = new Set([...last.keys(), ...pictured.filter((p) => p.pending).map((p) => p.pod)]);
  return {
    bound: Object.fromEntries([...bound].sort(([a], [b]) => a.localeCompare(b))),
    deleted: [...deleted].sort(),
    pending: [...toSchedule].filter((pod) => !bound.has(pod) && !deleted.has(pod)).sort(),
  };
}

function simulateCase(dir, profile) {
  return simulate(readFileSync(join(dir, "scenario.yaml"), "utf8"), { profile });
}

const dirs = [
  ...cases(join(root, "tests/conformance")),
  ...cases(join(root, "../shared/conformance")),
];

test("conformance cases exist", () => {
  assert.ok(dirs.length >= 22, `found ${dirs.length} cases`);
});

// A case with a profile, so that --profile is passed on, and without diagnostics: the CLI reads
// the file as the cluster, so its diagnostics say so (inCluster, document -1 for the file's own),
// where simulate's do not; the decisions, the cluster and the rest are the same document.
test("conformance: the CLI's --json for a case is the API's result (v1.14-victims-by-priority-only)", async () => {
  const dir = join(root, "tests/conformance/v1.14-victims-by-priority-only");
  const { profile } = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  assert.equal(profile, "v1.14");
  const { stdout } = await run("node", [cli, "run", join(dir, "scenario.yaml"), "--json", "--profile", profile]);
  const viaCli = JSON.parse(stdout);
  assert.equal(viaCli.profile, "v1.14");
  assert.ok(viaCli.pods.length > 0, "the case schedules pods");
  assert.deepEqual(viaCli, await simulateCase(dir, profile));
});

for (const dir of dirs) {
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  // A case that needs a feature the engine does not have yet is reported as skipped, with what it
  // waits for, instead of failing.
  const skip = expected.pendingFeature ? `pending feature: ${expected.pendingFeature}` : false;
  test(`conformance: ${dir.replace(root, "").replace(/^\.\.\//, "")}`, { skip }, async () => {
    const result = await simulateCase(dir, expected.profile);
    assert.equal(result.profile, expected.profile ?? "current");
    for (const want of expected.pending ?? []) {
      const got = result.pods.find((a) => a.pod === want.pod);
      assert.ok(got, `no scheduling attempt for ${want.pod}`);
      assert.equal(got.outcome, want.outcome, `${want.pod}: outcome (${got.message})`);
      const victims = got.victims.map((v) => v.pod).sort();
      const allowed = [{ node: want.node, victims: [...want.victims].sort() }, ...alternatives(want.notes)];
      assert.ok(
        allowed.some((a) => a.node === (got.node ?? "") && JSON.stringify(a.victims) === JSON.stringify(victims)),
        `${want.pod}: got ${got.node} [${victims}], expected one of ${JSON.stringify(allowed)}`,
      );
      assert.equal(got.pdbViolations, want.pdbViolations, `${want.pod}: pdbViolations`);
      if (want.candidates) {
        assert.deepEqual(candidateSet(got.preemption?.candidates ?? []), candidateSet(want.candidates));
      }
      if (want.message !== undefined) assert.equal(got.message, want.message);
      if (want.clearedNominations !== undefined) {
        assert.deepEqual([...got.clearedNominations].sort(), [...want.clearedNominations].sort());
      }
      if (want.priority !== undefined) assert.equal(got.priority, want.priority, `${want.pod}: priority`);
    }
    for (const want of expected.diagnostics ?? []) {
      assert.ok(
        result.diagnostics.some(
          (d) => d.severity === want.severity && d.path === want.path && d.message.includes(want.contains),
        ),
        `missing diagnostic ${JSON.stringify(want)}; got ${JSON.stringify(result.diagnostics)}`,
      );
    }
    if (expected.final) {
      const got = finalState(result);
      const want = {
        bound: Object.fromEntries(Object.entries(expected.final.bound ?? {}).sort(([a], [b]) => a.localeCompare(b))),
        deleted: [...(expected.final.deleted ?? [])].sort(),
        pending: [...(expected.final.pending ?? [])].sort(),
      };
      assert.deepEqual(got.bound, want.bound, "final: bound pods and their nodes");
      assert.deepEqual(got.deleted, want.deleted, "final: deleted pods (every victim of the run)");
      assert.deepEqual(got.pending, want.pending, "final: pods left pending");
    }
  });
}
