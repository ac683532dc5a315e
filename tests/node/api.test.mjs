// The JS API (wasm/index.mjs): YAML and JSON in every shape kubectl prints,
// diagnostics with field lines, seeds, input that must not break it, and
// the limits: objects, text size, an engine out of memory.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { parseAllDocuments } from "yaml";

import { MAX_TEXT_BYTES, compare, diff, hasErrors, loadCluster, profiles, reduce, simulate } from "../../wasm/index.mjs";

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: node-1
status:
  allocatable: {cpu: "1", memory: 1Gi, pods: "10"}
`;
const RUNNING = `apiVersion: v1
kind: Pod
metadata: {name: low, namespace: default}
spec:
  nodeName: node-1
  priority: 10
  containers:
  - name: c
    resources: {requests: {cpu: 800m}}
`;
const PENDING = `apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  priority: 1000
  containers:
  - name: c
    resources: {requests: {cpu: 500m}}
`;

test("API: a YAML stream simulates and nominates with a victim", async () => {
  const result = await simulate([NODE, RUNNING, PENDING].join("---\n"));
  assert.equal(result.apiVersion, "podsim/v1");
  assert.equal(result.kubernetesVersion, "1.37");
  assert.deepEqual(result.diagnostics, []);
  const [first, second] = result.pods;
  assert.equal(first.pod, "default/web");
  assert.equal(first.outcome, "Nominated");
  assert.equal(first.node, "node-1");
  // No object carries a time: the clock starts at 0, and the victim keeps
  // its room for the default grace period of 30 s.
  assert.deepEqual(first.victims, [
    { pod: "default/low", node: "node-1", priority: 10, pdbViolation: false, goneAt: "1970-01-01T00:00:30Z", goneAfterMs: 30000, alreadyTerminating: false },
  ]);
  assert.equal(
    first.message,
    "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node node-1, preempting 1 victims",
  );
  // It waits nominated until its victim has left.
  assert.deepEqual([first.waitMs, first.waitUntilMs], [30000, 30000]);
  assert.equal(second.outcome, "Scheduled");
  assert.equal(second.message, "Successfully assigned default/web to node-1");
  assert.deepEqual([first.atMs, second.atMs], [0, 30000]);
  assert.equal(result.clock.startFrom, "none");
});

test("API: options.level decision gives each pending pod's first cycle against the input as it stands", async () => {
  // Two pods want the same 500m: at the run level the second waits for the
  // first; at the decision level nothing is applied, so both get the same answer.
  const second = PENDING.replace("name: web", "name: api");
  const text = [NODE, RUNNING, PENDING, second].join("---\n");
  const run = await simulate(text);
  const decision = await simulate(text, { level: "decision" });
  assert.equal(run.level, undefined);
  assert.equal(decision.level, "decision");
  assert.deepEqual(decision.pods.map((a) => [a.pod, a.outcome, a.node, a.victims.map((v) => v.pod)]), [
    ["default/web", "Nominated", "node-1", ["default/low"]],
    ["default/api", "Nominated", "node-1", ["default/low"]],
  ]);
  assert.notDeepEqual(run.pods.map((a) => [a.pod, a.outcome]), decision.pods.map((a) => [a.pod, a.outcome]));
  assert.deepEqual(decision.clock.events, []);
  await assert.rejects(simulate(text, { level: "first" }), TypeError);
});

test("API: options.startTime starts the clock; a bad one is a TypeError", async () => {
  const text = [NODE, RUNNING, PENDING].join("---\n");
  const result = await simulate(text, { startTime: "2024-05-01T08:00:00Z" });
  assert.equal(result.clock.start, "2024-05-01T08:00:00Z");
  assert.equal(result.clock.startFrom, "option");
  assert.deepEqual(result.pods.map((a) => a.time), ["2024-05-01T08:00:00Z", "2024-05-01T08:00:30Z"]);
  assert.deepEqual(
    result.clock.events.map((e) => `${e.atMs} ${e.kind} ${e.pod}`),
    ["0 arrive default/web", "0 terminating default/low", "0 unschedulable default/web", "30000 gone default/low", "30000 active default/web"],
  );
  assert.equal((await simulate(text, { startTime: new Date("2024-05-01T08:00:00Z") })).clock.start, "2024-05-01T08:00:00Z");
  await assert.rejects(simulate(text, { startTime: "yesterday" }), TypeError);
});

test("API: a kubectl List and a JSON array give the same result as a stream", async () => {
  const stream = await simulate([NODE, RUNNING, PENDING].join("---\n"));
  const objects = parseAllDocuments([NODE, RUNNING, PENDING].join("---\n")).map((d) => d.toJS());
  const list = await simulate(JSON.stringify({ apiVersion: "v1", kind: "List", items: objects }));
  const array = await simulate(JSON.stringify(objects, null, 2));
  assert.deepEqual(list.pods, stream.pods);
  assert.deepEqual(array.pods, stream.pods);
});

test("API: every object keeps its source line, and a List item its own", async () => {
  const text = `apiVersion: v1\nkind: List\nitems:\n- kind: Node\n  metadata: {name: a}\n- kind: Node\n  metadata: {name: b}\n`;
  const result = await simulate(text);
  assert.deepEqual(result.cluster.nodes.map((n) => n.line), [4, 6]);
});

test("API: a diagnostic points at the line of the bad field", async () => {
  const bad = PENDING.replace("cpu: 500m", "cpu: 1.5.5Gi");
  const result = await simulate([NODE, bad].join("---\n"));
  const d = result.diagnostics.find((x) => x.path.includes("cpu"));
  assert.equal(d.object, "Pod default/web");
  assert.equal(d.path, "spec.containers[0].resources.requests.cpu");
  assert.equal(d.line, 15);
  assert.match(d.message, /invalid quantity "1\.5\.5Gi"/);
  assert.ok(hasErrors(result));
});

test("API: malformed YAML is a diagnostic and the other documents still run", async () => {
  const result = await simulate([NODE, "kind: Pod\nmetadata: {name: [unclosed\n", RUNNING, PENDING].join("---\n"));
  const yaml = result.diagnostics.find((d) => d.message.startsWith("YAML:"));
  assert.ok(yaml, JSON.stringify(result.diagnostics));
  assert.equal(yaml.severity, "error");
  assert.ok(yaml.line >= 8, `line ${yaml.line}`);
  assert.equal(result.pods[0].outcome, "Nominated");
});

test("API: JSON values one after another are read one by one", async () => {
  const pod = (name) => JSON.stringify({ kind: "Pod", metadata: { name }, spec: { containers: [{ name: "c" }] } });
  const result = await simulate([pod("a"), pod("b"), pod("c")].join("\n"));
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.cluster.pods.map((p) => p.pod), ["default/a", "default/b", "default/c"]);
});

test("API: a cluster loads once from a stream, and scenarios are laid over it", async () => {
  const text = [NODE, RUNNING].join("---\n");
  const bytes = new TextEncoder().encode(text);
  // Chunks that split lines and tokens anywhere, as a pipe delivers them.
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 5) chunks.push(bytes.subarray(i, i + 5));
  const seen = [];
  const cluster = await loadCluster(new Blob(chunks).stream(), { onProgress: (p) => seen.push(p.bytes) });
  assert.equal(seen.at(-1), bytes.length);
  assert.equal(cluster.summary.nodes, 1);
  assert.deepEqual(cluster.summary.pods, { total: 1, bound: 1, pending: 0 });
  const over = await cluster.simulate(PENDING);
  const together = await simulate([NODE, RUNNING, PENDING].join("---\n"));
  assert.deepEqual(over.pods.map((p) => [p.outcome, p.node]), together.pods.map((p) => [p.outcome, p.node]));
  // The cluster is unchanged: the same scenario decides the same again.
  assert.deepEqual((await cluster.simulate(PENDING)).pods, over.pods);
  assert.equal(cluster.objects("low").objects[0].node, "node-1");
  cluster.free();
  await assert.rejects(async () => cluster.simulate(PENDING), /freed/);
  await assert.rejects(async () => loadCluster(42), TypeError);
});

test("API: hostile input never throws", async () => {
  const inputs = [
    "",
    "null",
    "42",
    "[[[[[[[[[[]]]]]]]]]]",
    "{kind: Pod}",
    "a: &a [*a]",
    `kind: Node\nmetadata: {name: "${"x".repeat(100000)}"}`,
    "kind: Pod\nmetadata: {name: p}\nspec: {priority: 99999999999999999999}",
    "\u0000\u0001\u0002",
    `{"kind": "Pod", "metadata": {"name": "p\\ud800"}}`,
    "- " + "[".repeat(5000),
  ];
  for (const input of inputs) {
    const result = await simulate(input);
    assert.equal(result.apiVersion, "podsim/v1", `input ${JSON.stringify(input.slice(0, 40))}`);
  }
});

// The engine's offset (core/preemption.cc): SplitMix64 of the seed, the
// preemptor's index among the scenario's pods shifted left 20 bits, and the
// attempt (from 1), taken modulo the potential nodes.
function seededOffset(seed, podIndex, attempt, potentialNodes) {
  const mask = (1n << 64n) - 1n;
  let x = (BigInt(seed) ^ (BigInt(podIndex) << 20n) ^ BigInt(attempt)) & mask;
  x = (x + 0x9e3779b97f4a7c15n) & mask;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & mask;
  x ^= x >> 31n;
  return Number(x % BigInt(potentialNodes));
}

test("API: the seed changes only where the dry run starts", async () => {
  const nodes = [1, 2, 3, 4, 5].map((i) => NODE.replace("node-1", `node-${i}`));
  const pods = [1, 2, 3, 4, 5].map((i) => RUNNING.replace("name: low", `name: low-${i}`).replace("node-1", `node-${i}`));
  const text = [...nodes, ...pods, PENDING].join("---\n");
  const dryRun = (attempt) => attempt.preemption.candidates.map((c) => c.node);
  const startsAt = (attempt) => attempt.trace.find((t) => t.step === "find-candidates").text.replace(/^.*; /, "");
  // Without a seed the dry run starts at the first potential node; a seed
  // that is not a non-negative integer is refused, naming it.
  const plain = await simulate(text);
  assert.equal(plain.pods[0].preemption.offset, 0);
  assert.deepEqual(dryRun(plain.pods[0]), ["node-1", "node-2", "node-3", "node-4", "node-5"]);
  assert.equal(startsAt(plain.pods[0]), "without a seed podsim starts at the first, node-1.");
  await assert.rejects(simulate(text, { seed: -1 }), {
    name: "OptionError",
    message: "options.seed takes a non-negative integer (at most 9007199254740991), not -1",
  });
  // web is the sixth pod (index 5), in its first attempt, over 5 potential nodes.
  const seeded = await simulate(text, { seed: 7 });
  assert.equal(seededOffset(7, 5, 1, 5), 2);
  assert.equal(seeded.pods[0].preemption.offset, 2);
  assert.deepEqual(dryRun(seeded.pods[0]), ["node-3", "node-4", "node-5", "node-1", "node-2"]);
  assert.equal(startsAt(seeded.pods[0]), "with this seed podsim starts at node-3.");
  for (const [seed, offset] of [[8, 4], [9, 3]]) {
    assert.equal(seededOffset(seed, 5, 1, 5), offset);
    assert.equal((await simulate(text, { seed })).pods[0].preemption.offset, offset, `seed ${seed}`);
  }
  // Every candidate evicts one pod of priority 10: the choice is the same.
  assert.deepEqual(
    seeded.pods.map((p) => [p.outcome, p.node, p.victims.map((v) => v.pod)]),
    plain.pods.map((p) => [p.outcome, p.node, p.victims.map((v) => v.pod)]),
  );
  assert.deepEqual(await simulate(text, { seed: 7 }), seeded);
});

test("API: profiles come from the engine; simulate and compare take them by name", async () => {
  assert.deepEqual(
    (await profiles()).map((p) => [p.name, p.kubernetesVersion]),
    [
      ["current", "1.37"],
      ["v1.35", "1.35.4"],
      ["v1.31", "1.31.14"],
      ["v1.14", "1.14"],
    ],
  );
  const text = readFileSync(new URL("../../web/examples/profiles-terminating-pod.yaml", import.meta.url), "utf8");
  const old = await simulate(text, { profile: "v1.14" });
  assert.equal(old.kubernetesVersion, "1.14");
  assert.equal(old.pods[0].outcome, "Unschedulable");
  const comparison = await compare(text);
  assert.equal(comparison.kind, "Comparison");
  assert.deepEqual(comparison.results.map((r) => r.profile), ["current", "v1.14"]);
  assert.deepEqual(comparison.differences[0].rules.map((r) => r.switch), ["eligibility"]);
  const unknown = await simulate(text, { profile: "v2" });
  assert.ok(hasErrors(unknown));
  assert.equal(unknown.diagnostics[0].message, 'unknown profile "v2" (known: current, v1.35, v1.31, v1.14)');
  // Any pair: v1.31 already blocks only on pods terminating by preemption.
  const newer = await compare(text, { profiles: ["v1.31", "v1.14"] });
  assert.deepEqual(newer.results.map((r) => r.profile), ["v1.31", "v1.14"]);
  assert.deepEqual(newer.differences[0].rules.map((r) => r.switch), ["eligibility"]);
  const none = await compare(text, { profiles: ["current", "v1.31"] });
  assert.deepEqual(none.differences, []);
  const badCompare = await compare(text, { profiles: ["current", "v2"] });
  assert.ok(hasErrors(badCompare));
});

// options.wasm counts on the first call of a fresh module, so each case runs
// in a process of its own.
function inFreshProcess(body) {
  const script = `import * as podsim from ${JSON.stringify(new URL("../../wasm/index.mjs", import.meta.url).href)};
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
const wasmPath = ${JSON.stringify(new URL("../../wasm/build/podsim.wasm", import.meta.url).pathname)};
const out = [];
${body}
console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }));
}

test("API: options.wasm takes the engine's bytes, its URL or a compiled module", () => {
  const seen = inFreshProcess(`
const bytes = readFileSync(wasmPath);
out.push((await podsim.simulate(${JSON.stringify(NODE + "---\n" + RUNNING + "---\n" + PENDING)}, { wasm: bytes })).pods[0].outcome);
`);
  assert.deepEqual(seen, ["Nominated"]);
  const viaUrl = inFreshProcess(`out.push((await podsim.profiles({ wasm: new URL("file://" + wasmPath) }))[0].name);`);
  assert.deepEqual(viaUrl, ["current"]);
  const viaModule = inFreshProcess(`
const module = await WebAssembly.compile(readFileSync(wasmPath));
out.push((await podsim.profiles({ wasm: module }))[0].name);
`);
  assert.deepEqual(viaModule, ["current"]);
});

test("API: a wrong options.wasm says what it takes, and the next call may name another", () => {
  const seen = inFreshProcess(`
for (const wasm of [42, new URL("file:///nowhere/podsim.wasm"), new Uint8Array([0, 97, 115, 109])]) {
  try { await podsim.profiles({ wasm }); out.push("loaded"); } catch (error) { out.push(error.message); }
}
out.push((await podsim.profiles())[0].name);
`);
  assert.match(seen[0], /options\.wasm takes a URL, bytes \(Uint8Array or ArrayBuffer\), a Response or a WebAssembly\.Module/);
  assert.match(seen[1], /ENOENT|no such file/);
  assert.match(seen[2], /WebAssembly|magic|version/i);
  assert.equal(seen[3], "current");
});

test("API: a surrogate pair split between two text chunks of a stream arrives whole", async () => {
  const text = `${NODE}---
apiVersion: v1
kind: Pod
metadata: {name: odd, namespace: default}
spec:
  priorityClassName: "gold\u{1F600}"
  containers: [{name: c}]
`;
  const cut = text.indexOf("\u{1F600}") + 1; // between the two halves
  const cluster = await loadCluster([text.slice(0, cut), text.slice(cut)]);
  const result = await cluster.simulate("");
  cluster.free();
  const messages = [...cluster.summary.diagnostics, ...result.diagnostics].map((d) => d.message).join("\n");
  assert.match(messages, /gold\u{1F600}/u);
  assert.doesNotMatch(messages, /\uFFFD/);
});

// The limits of docs/ingestion.md#limits.

test("API: the engine reads 400,000 objects and ignores the rest with one error", async () => {
  // 399,999 Namespaces, then the 400,000th object (kept) and the 400,001st
  // (ignored), one JSON value a line, streamed in chunks of 20,000.
  const total = 400_001;
  async function* objects() {
    for (let from = 1; from <= total; from += 20_000) {
      let chunk = "";
      for (let i = from; i < Math.min(total + 1, from + 20_000); i += 1) {
        if (i === total - 1) chunk += `{"kind":"Node","metadata":{"name":"last-kept"},"status":{"allocatable":{"cpu":"1","pods":"9"}}}\n`;
        else if (i === total) chunk += `{"kind":"Node","metadata":{"name":"first-ignored"}}\n`;
        else chunk += `{"kind":"Namespace","metadata":{"name":"ns-${i}"}}\n`;
      }
      yield chunk;
    }
  }
  const cluster = await loadCluster(objects());
  try {
    assert.deepEqual(cluster.summary.diagnostics, [
      {
        severity: "error",
        object: "",
        path: "",
        line: total,
        message: "too many objects; the limit is 400000 (Kubernetes' published limits are 5,000 nodes and 150,000 pods) and the rest were ignored",
      },
    ]);
    assert.equal(cluster.summary.nodes, 1);
    assert.equal(cluster.objects("last-kept").total, 1);
    assert.equal(cluster.objects("first-ignored").total, 0);
  } finally {
    cluster.free();
  }
});

test("API: simulate(), compare(), diff() and reduce() refuse text over 256 MiB, counted in UTF-8", async () => {
  assert.equal(MAX_TEXT_BYTES, 256 * 1024 * 1024);
  const refusal = "input is 256.0 MiB; simulate() takes at most 256 MiB of text: read a larger cluster with loadCluster() (the CLI and the page do)";
  const refused = (result) => {
    assert.deepEqual(result.diagnostics, [{ severity: "error", object: "", path: "", line: 0, document: -1, message: refusal }]);
    assert.deepEqual([result.pods, result.cluster.nodes], [[], []]);
  };
  // One byte over, in ASCII; then a string of half as many characters that
  // is as many bytes over in UTF-8 ("é" is 2 bytes).
  const ascii = `${NODE}---\n${PENDING}#`.padEnd(MAX_TEXT_BYTES + 1, "#");
  refused(await simulate(ascii));
  const accented = "#".padEnd(MAX_TEXT_BYTES / 2 + 1, "é");
  assert.ok(accented.length < MAX_TEXT_BYTES);
  refused(await simulate(accented));
  refused(await compare(accented));
  refused(await diff(NODE, accented));
  assert.deepEqual(await reduce(accented, { pod: "default/web" }), { apiVersion: "podsim/v1", kind: "Reduction", pod: "default/web", error: refusal, runs: 0 });
});

test("API: an engine that runs out of memory rejects the call, and the next call loads a fresh one", () => {
  // In a fresh engine (32 MiB) whose memory cannot grow, as at its 4 GiB
  // maximum: 6 MB of pods fit as text but not decoded (the engine aborts),
  // and 40 MB of text does not fit at all.
  const seen = inFreshProcess(`
const pod = (i) => \`{"kind":"Pod","metadata":{"name":"p-\${i}"},"spec":{"containers":[{"name":"c"}]}}\`;
const pods = Array.from({ length: 60000 }, (_, i) => pod(i)).join("\\n");
const node = ${JSON.stringify(NODE)};
const grow = WebAssembly.Memory.prototype.grow;
for (const text of [pods, node + "#".repeat(40 * 1024 * 1024)]) {
  const engine = await podsim.loadEngine();
  WebAssembly.Memory.prototype.grow = () => {
    throw new RangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded");
  };
  try {
    await podsim.simulate(text);
    out.push("simulated");
  } catch (error) {
    out.push(error.message);
  }
  WebAssembly.Memory.prototype.grow = grow;
  out.push((await podsim.loadEngine()) !== engine);
  const again = await podsim.simulate(node);
  out.push(again.cluster.nodes.map((n) => n.node));
}
`);
  const cli = "; the command line (npx podsim run) reads any size in the same engine";
  const [aborted, freshAfterAbort, nodesAfterAbort, overflowed, freshAfterOverflow, nodesAfterOverflow] = seen;
  assert.equal(aborted, `the engine ran out of memory (WebAssembly holds at most 4 GiB)${cli}`);
  assert.equal(overflowed, `the engine ran out of memory (WebAssembly holds at most 4 GiB)${cli}`);
  assert.deepEqual([freshAfterAbort, freshAfterOverflow], [true, true]);
  assert.deepEqual([nodesAfterAbort, nodesAfterOverflow], [["node-1"], ["node-1"]]);
});
