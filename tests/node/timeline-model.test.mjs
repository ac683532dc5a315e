// The timeline's replay (web/src/model/timeline-model.js) over the engine's own
// results: each pod's state at each step, by attempt and by time, and any
// moment reached at random equal to the run replayed in order.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { simulate } from "../../wasm/index.mjs";
import { lastStep, momentAt, pointAt, stateAfter, timeStep, timelineModel } from "../../web/src/model/timeline-model.js";

const example = async (name) => simulate(readFileSync(new URL(`../../web/examples/${name}.yaml`, import.meta.url), "utf8"));

// pod key -> "state@node" at a moment.
function where(model, m) {
  const moment = momentAt(model, m);
  const out = {};
  for (const [node, pods] of moment.placed) for (const { pod, state } of pods) out[pod.pod] = `${state}@${node}`;
  for (const { pod } of moment.pending) out[pod.pod] = "pending";
  return out;
}

test("timeline model: preempts-twice, step by step", async () => {
  const model = timelineModel(await example("preempts-twice"));
  assert.equal(lastStep(model), 5, "the start and five attempts");
  const at = (step) => where(model, pointAt(model, { mode: "attempt", step }).m);
  assert.deepEqual(at(0), { "default/low": "running@node-a", "default/spare": "running@node-b" });
  assert.deepEqual(at(1), { "default/low": "terminating@node-a", "default/spare": "running@node-b", "default/web": "nominated@node-a" });
  assert.deepEqual(at(3), {
    "default/low": "gone@node-a",
    "default/spare": "running@node-b",
    "default/web": "nominated@node-a",
    "default/vip": "running@node-a",
  });
  assert.deepEqual(at(5), {
    "default/low": "gone@node-a",
    "default/spare": "gone@node-b",
    "default/web": "running@node-b",
    "default/vip": "running@node-a",
  });
  // Attempt 3's moment: the events since attempt 2 (low leaves, both pods move), nothing after.
  const point = pointAt(model, { mode: "attempt", step: 3 });
  assert.deepEqual(point.before.map((e) => e.kind), ["gone", "active", "active"]);
  assert.deepEqual(point.after, []);
  assert.equal(point.attempt.pod, "default/vip");
  // Out of range and not a number: clamped.
  assert.equal(pointAt(model, { mode: "attempt", step: 99 }).step, 5);
  assert.equal(pointAt(model, { mode: "attempt", step: "x" }).step, 0);
});

test("timeline model: by time, a moment is everything up to that time", async () => {
  const model = timelineModel(await example("preempts-twice"));
  const at = (atMs) => pointAt(model, { mode: "time", atMs });
  assert.equal(at(29_999).attempt.pod, "default/vip");
  assert.equal(where(model, at(29_999).m)["default/low"], "terminating@node-a");
  assert.equal(where(model, at(30_000).m)["default/low"], "gone@node-a");
  assert.equal(at(30_000).attemptsHere, 2, "two attempts at +30 s");
  assert.equal(at(30_000).attempt.pod, "default/web", "the last of them");
  assert.equal(timeStep(model, 0, 1), 10_000);
  assert.equal(timeStep(model, 20_000, -1), 10_000);
  assert.equal(timeStep(model, 60_000, 1), 60_000);
});

test("timeline model: a controller's pods appear when created; deleted pods terminate, then go", async () => {
  const model = timelineModel(await example("deployment-rollout"));
  const start = where(model, 0);
  assert.equal(start["shop/web-6c5bd9f47-5sdxs"], undefined, "not created yet");
  assert.equal(start["shop/web-57f8d4b96-k2x9p"], "running@node-a");
  const end = where(model, model.moves);
  assert.equal(end["shop/web-57f8d4b96-k2x9p"], "gone@node-a", "scaled down: deleted, then gone");
  assert.equal(end["shop/web-6c5bd9f47-5sdxs"], "running@node-a");
});

test("timeline model: any moment reached at random is the run replayed in order", async () => {
  const docs = [];
  for (let n = 0; n < 20; n++) {
    docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: n${n}}\nstatus: {allocatable: {cpu: "4", memory: 32Gi, pods: "110"}}`);
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: low-${n}}\nspec: {nodeName: n${n}, terminationGracePeriodSeconds: ${n}, containers: [{name: c, resources: {requests: {cpu: "4"}}}]}`);
  }
  for (let i = 0; i < 300; i++) {
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: p-${i}}\nspec: {priority: ${i % 3 === 0 ? 1000 : 10}, containers: [{name: c, resources: {requests: {cpu: "4"}}}]}`);
  }
  const model = timelineModel(await simulate(`${docs.join("\n---\n")}\n`));
  assert.ok(model.moves > 4 * model.checkpoints.every, "several checkpoints");
  // In order, one move at a time.
  const inOrder = [];
  for (let m = 0; m <= model.moves; m++) {
    const { state, node } = stateAfter(model, m);
    inOrder.push([state.slice(), node.slice()]);
  }
  // Then jumping about (a fixed sequence).
  let x = 7;
  for (let i = 0; i < 200; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const m = x % (model.moves + 1);
    const { state, node } = stateAfter(model, m);
    assert.deepEqual([state, node], inOrder[m], `move ${m}`);
  }
});
