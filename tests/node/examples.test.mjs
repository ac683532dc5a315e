// Every gallery example is also a test: what users see is what CI runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { compare, simulate } from "../../wasm/index.mjs";

const dir = new URL("../../web/examples/", import.meta.url);
const gallery = JSON.parse(readFileSync(new URL("gallery.json", dir), "utf8"));

test("gallery: at least 10 examples, each with a title and a one-line lesson", () => {
  assert.ok(gallery.length >= 10);
  for (const e of gallery) {
    assert.ok(e.title && e.lesson && !e.lesson.includes("\n"), e.id);
    assert.ok(e.expect.length > 0, e.id);
  }
});

test("gallery: every example is in one of the gallery's groups, and a blank starter opens it", () => {
  const groups = ["start", "basics", "pdbs", "tie-breaks", "time", "profiles", "workloads", "admission", "tools"];
  for (const e of gallery) assert.ok(groups.includes(e.group), `${e.id}: group ${e.group}`);
  for (const g of groups) assert.ok(gallery.some((e) => e.group === g), `no example in ${g}`);
  assert.equal(gallery.find((e) => e.group === "start").id, "blank");
});

test("gallery: at least three examples where the profiles disagree", () => {
  assert.ok(gallery.filter((e) => e.differs?.length > 0).length >= 3);
});

test("gallery: an example with workload objects says what their controllers did", () => {
  for (const e of gallery) {
    const text = readFileSync(new URL(e.file, dir), "utf8");
    if (/^kind:\s*(Deployment|ReplicaSet|StatefulSet|DaemonSet|Job|ReplicationController)\s*$/m.test(text)) {
      assert.ok(e.workloads?.length > 0, `${e.id} lists no workloads`);
    }
  }
});

for (const example of gallery) {
  test(`gallery: ${example.id} — ${example.title}`, async () => {
    const result = await simulate(readFileSync(new URL(example.file, dir), "utf8"));
    assert.deepEqual(result.diagnostics.filter((d) => d.severity === "error"), []);
    for (const want of example.expect) {
      const got = result.pods.find((a) => a.pod === want.pod && a.attempt === want.attempt);
      assert.ok(got, `no attempt ${want.attempt} for ${want.pod}`);
      assert.equal(got.outcome, want.outcome, got.message);
      assert.equal(got.node, want.node);
      assert.deepEqual(got.victims.map((v) => v.pod).sort(), [...want.victims].sort());
      if (want.pdbViolations !== undefined) assert.equal(got.pdbViolations, want.pdbViolations);
      if (want.message !== undefined) assert.equal(got.message, want.message);
      if (want.criteria !== undefined) assert.equal(got.selection.length, want.criteria, "criteria used");
      if (want.clearedNominations !== undefined) assert.deepEqual(got.clearedNominations, want.clearedNominations);
    }
    // What admission changed: the object named on the pod's first attempt.
    for (const want of example.admission ?? []) {
      const got = result.pods.find((a) => a.pod === want.pod && a.attempt === 1);
      assert.deepEqual(got?.admission?.map((n) => `${n.plugin} ${n.object}`), [`${want.plugin} ${want.object}`], `${want.pod}: admission`);
    }
    // What the workload controllers did: each listed field of the workload.
    for (const want of example.workloads ?? []) {
      const { kind, namespace, name, ...fields } = want;
      const got = result.workloads.items.find((w) => w.kind === kind && w.namespace === namespace && w.name === name);
      assert.ok(got, `no workload ${kind} ${namespace}/${name}`);
      for (const [field, value] of Object.entries(fields)) assert.equal(got[field], value, `${kind} ${namespace}/${name}: ${field}`);
    }
    if (!example.differs) return;
    // The compare view: each listed pod differs under v1.14, for that rule.
    const comparison = await compare(readFileSync(new URL(example.file, dir), "utf8"));
    assert.equal(comparison.differences.length, example.differs.length);
    for (const want of example.differs) {
      const got = comparison.differences.find((d) => d.pod === want.pod);
      assert.ok(got, `no difference for ${want.pod}`);
      assert.deepEqual(got.b, want.b);
      assert.deepEqual(got.rules.map((r) => r.switch), [want.switch]);
    }
  });
}
