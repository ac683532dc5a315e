// Every gallery example is also a test: what users see is what CI runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { simulate } from "../../wasm/index.mjs";

const dir = new URL("../../web/examples/", import.meta.url);
const gallery = JSON.parse(readFileSync(new URL("gallery.json", dir), "utf8"));

test("gallery: at least 10 examples, each with a title and a one-line lesson", () => {
  assert.ok(gallery.length >= 10);
  for (const e of gallery) {
    assert.ok(e.title && e.lesson && !e.lesson.includes("\n"), e.id);
    assert.ok(e.expect.length > 0, e.id);
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
  });
}
