// scripts/differential/compare.mjs with the controllers on: pods made from generateName compare by
// owner and count, not by name (docs/fidelity.md, "The controllers in the oracle").
import assert from "node:assert/strict";
import { test } from "node:test";

import { differences } from "../../scripts/differential/compare.mjs";

const at = "2024-05-01T08:01:00Z";

function podsim(names, { deleted = [] } = {}) {
  return {
    pods: names.map((pod, i) => ({ pod, outcome: "Scheduled", node: `node-${i}`, victims: [], pdbViolations: 0, message: `Successfully assigned ${pod} to node-${i}` })),
    diagnostics: [],
    cluster: { pods: [] },
    workloads: { items: [] },
    clock: {
      events: [
        ...names.map((pod) => ({ kind: "created", pod, workload: "ReplicaSet default/web", time: at })),
        ...deleted.map((pod) => ({ kind: "deleted", pod, time: at })),
      ],
    },
  };
}

function upstream(names, { deleted = [] } = {}) {
  return {
    pods: names.map((pod, i) => ({ pod, outcome: "Scheduled", node: `node-${i}`, victims: [], pdbViolations: 0, message: `Successfully assigned ${pod} to node-${i}` })),
    final: { bound: Object.fromEntries(names.map((pod, i) => [pod, `node-${i}`])), deleted: [], pending: [] },
    workloads: { created: names.map((pod) => ({ pod, workload: "ReplicaSet default/web", time: at })), deleted: deleted.map((pod) => ({ pod, time: at })) },
  };
}

test("Differential compare: a controller's pods compare by owner and count, not by their random names", () => {
  assert.deepEqual(differences(podsim(["default/web-x7k2p", "default/web-q4m9d"]), upstream(["default/web-abcde", "default/web-fghij"])), []);
  const fewer = differences(podsim(["default/web-x7k2p"]), upstream(["default/web-abcde", "default/web-fghij"]));
  assert.ok(fewer.some((d) => d.startsWith("created: ")), fewer.join("\n"));
  const deletions = differences(podsim(["default/web-x7k2p"], { deleted: ["default/web-old1"] }), upstream(["default/web-abcde"], { deleted: ["default/web-old2"] }));
  assert.deepEqual(deletions, ['deleted by controllers: podsim ["default/web-old1"], upstream ["default/web-old2"]']);
});
