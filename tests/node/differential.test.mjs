// podsim against upstream's kube-scheduler without Go: the oracle's committed answers
// (tests/differential/*.jsonl, docs/fidelity.md) for generated scenarios, compared in one
// process. The generator must still write the same scenario for each seed (its hash).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { simulate } from "../../wasm/index.mjs";
import { differences } from "../../scripts/differential/compare.mjs";
import { generate } from "../../scripts/differential/generate.mjs";
import { GOLDENS, goldenFile, goldenOptions, knownFile, textHash } from "../differential/goldens.mjs";

const known = existsSync(knownFile()) ? JSON.parse(readFileSync(knownFile(), "utf8")) : {};

for (const kind of Object.keys(GOLDENS)) {
  const { level, workloads } = goldenOptions(kind);
  const file = goldenFile(kind);
  test(`differential goldens (${kind}): podsim gives upstream's answers`, { skip: !existsSync(file) && `no ${file} yet` }, async () => {
    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const answers = level === "decision" ? lines.reduce((n, l) => n + l.upstream.pods.length, 0) : lines.length;
    assert.ok(answers >= GOLDENS[kind].atLeast, `${answers} ${kind} answers in ${file}`);
    const unexpected = [];
    for (const { seed, hash, upstream } of lines) {
      const { text } = generate(seed, { level, workloads });
      assert.equal(textHash(text), hash, `seed ${seed}: the generator writes another scenario now; rewrite the goldens (npm run differential -- --write-goldens)`);
      const ours = await simulate(text, { controllers: workloads, level });
      const found = differences(ours, upstream);
      const listed = known[`${kind}:${seed}`] ?? [];
      if (JSON.stringify(found) !== JSON.stringify(listed)) {
        unexpected.push(`seed ${seed}:\n  now:    ${found.join("\n          ") || "(agrees)"}\n  listed: ${listed.join("\n          ") || "(agrees)"}`);
      }
    }
    // A fix shows here too: rewrite tests/differential/known.json (npm run differential --
    // --write-goldens) and say what was fixed in docs/fidelity.md.
    assert.deepEqual(unexpected, [], `${unexpected.length} of ${lines.length} scenarios differ from upstream otherwise than listed`);
  });
}
