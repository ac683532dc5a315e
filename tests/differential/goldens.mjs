// Where the differential goldens live and how many they hold: the oracle's answers (upstream's
// kube-scheduler) for fixed generated scenarios. Written by
// `npm run differential -- --write-goldens` (needs Go); read by tests/node/differential.test.mjs.
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

export const GOLDENS = {
  decision: { seed: 20261127, atLeast: 2000 }, // decisions
  run: { seed: 20261128, atLeast: 500 }, // runs (scenarios)
  workloads: { seed: 20261129, atLeast: 300 }, // runs with the controllers on (scenarios)
};

/**
 * What each set of goldens runs: its level, and whether the scenarios are workload ones (the
 * controllers on, on both sides: oracle run --controllers).
 */
export function goldenOptions(kind) {
  return kind === "workloads" ? { level: "run", workloads: true } : { level: kind, workloads: false };
}

export function goldenFile(level) {
  return fileURLToPath(new URL(`${level}.jsonl`, import.meta.url));
}

// The differences podsim still shows on them, by "level:seed": each a bug to fix (or a rule
// docs/fidelity.md explains). The test holds podsim to exactly these, so that a fix or a new
// difference shows.
export function knownFile() {
  return fileURLToPath(new URL("known.json", import.meta.url));
}

export function textHash(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
