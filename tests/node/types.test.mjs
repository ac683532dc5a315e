// The package's TypeScript types (wasm/index.d.ts) against their users and
// against the engine:
// 1. a TypeScript consumer (tests/types/consumer.ts) that imports "podsim"
//    through package.json's "exports" compiles, and the misuses it marks
//    with @ts-expect-error are rejected; so does a consumer without DOM or
//    Node types (tests/types/portable.ts);
// 2. every document the engine writes for the gallery, the conformance
//    cases and tests/types/scenarios (results, comparisons, profiles, a
//    loaded cluster's summary and object pages) is written out as a
//    TypeScript object literal annotated with its declared type, and tsc
//    checks it: a key core emits that the types lack is an excess property,
//    a key they require that core no longer writes is a missing one, and a
//    value outside a declared union (an outcome, a step, a plugin) is a type
//    error. Each error is reported at its document and key path;
// 3. the closed unions (outcomes, steps, verdicts, codes, ...) declare no
//    value the engine never writes in that corpus, save the few listed in
//    UNEXERCISED.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

import { compare, diff, loadCluster, profiles, reduce, simulate } from "../../wasm/index.mjs";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const tsc = join(root, "node_modules/.bin/tsc");
const declarations = join(root, "wasm/index.d.ts");

// Runs tsc on a project; returns its exit code and output.
async function typecheck(project) {
  try {
    const { stdout, stderr } = await run(tsc, ["--noEmit", "--pretty", "false", "-p", project], { cwd: root, maxBuffer: 64 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    if (typeof error.code !== "number") throw error;
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

test("types: a TypeScript consumer of \"podsim\" compiles, and its marked misuses do not", async () => {
  // tsc reports an unused @ts-expect-error, so each misuse must be an error.
  const consumer = readFileSync(join(root, "tests/types/consumer.ts"), "utf8");
  assert.ok((consumer.match(/@ts-expect-error/g) ?? []).length >= 5, "the consumer marks misuses");
  const results = await Promise.all(
    ["tests/types/tsconfig.json", "tests/types/tsconfig.portable.json"].map(async (project) => [project, await typecheck(project)]),
  );
  for (const [project, { code, output }] of results) {
    assert.equal(code, 0, `tsc -p ${project} failed:\n${output}`);
  }
});

// --- The corpus: every kind of document, from real input. ---

function yamlFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort().map((f) => join(dir, f));
}

function conformanceScenarios() {
  const seen = new Set();
  const out = [];
  for (const dir of [join(root, "tests/conformance"), join(root, "../shared/conformance")]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name, "scenario.yaml");
      if (!existsSync(file)) continue;
      const text = readFileSync(file, "utf8");
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ name: `conformance/${name}`, text });
    }
  }
  return out;
}

// A stream of the text's bytes in small chunks, as a page would read a file.
function streamOf(text, size = 97) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

async function corpus() {
  const docs = [];
  const add = (name, type, value) => docs.push({ name, type, value });
  add("profiles()", "ProfileInfo[]", await profiles());

  const examples = yamlFiles(join(root, "web/examples")).map((f) => ({ name: `web/examples/${basename(f)}`, text: readFileSync(f, "utf8") }));
  const scenarios = yamlFiles(join(root, "tests/types/scenarios")).map((f) => ({ name: `tests/types/scenarios/${basename(f)}`, text: readFileSync(f, "utf8") }));
  const conformance = conformanceScenarios();
  assert.ok(examples.length >= 10 && conformance.length >= 20, "the gallery and the conformance cases are here");

  // Both profiles and the differences, for every scenario.
  for (const { name, text } of [...examples, ...scenarios, ...conformance]) {
    add(`compare(${name})`, "Comparison", await compare(text));
  }
  // The last attempt in detail, so the others are not (detailed: false);
  // with a seed, so the candidate offset moves.
  for (const { name, text } of [...examples, ...scenarios]) {
    const first = await simulate(text);
    const last = Math.max(0, first.pods.length - 1);
    add(`simulate(${name}, {detailAttempt: ${last}, seed: 7})`, "SimulationResult", await simulate(text, { detailAttempt: last, seed: 7, profile: "v1.14" }));
  }
  // Refusals come back as results with a diagnostic.
  add("simulate(text, {profile: \"v0.1\"})", "SimulationResult", await simulate(examples[0].text, { profile: "v0.1" }));
  add("compare(text, {profiles: [\"current\", \"v0.1\"]})", "SimulationResult", await compare(examples[0].text, { profiles: ["current", "v0.1"] }));
  add("simulate(\"\")", "SimulationResult", await simulate(""));
  // Variants: each example against the next, and a refusal.
  for (let i = 0; i + 1 < examples.length; i++) {
    add(`diff(${examples[i].name}, ${examples[i + 1].name})`, "VariantDiff", await diff(examples[i].text, examples[i + 1].text));
  }
  add("diff(text, text)", "VariantDiff", await diff(examples[0].text, examples[0].text));
  add("diff(a, b, {profile: \"v0.1\"})", "SimulationResult", await diff(examples[0].text, examples[1].text, { profile: "v0.1" }));
  // Reductions: each example's first pod to schedule, and refusals.
  for (const { name, text } of examples) {
    const pod = (await simulate(text)).pods[0]?.pod;
    if (!pod) continue;
    const reduction = await reduce(text, { pod });
    add(`reduce(${name}, {pod: "${pod}"})`, reduction.error ? "ReductionError" : "Reduction", reduction);
  }
  add("reduce(text, {pod: \"default/nope\"})", "ReductionError", await reduce(examples[0].text, { pod: "default/nope" }));

  // Loaded clusters: summaries, object pages, and scenarios over them.
  for (const { name, text } of [...examples, ...scenarios]) {
    const cluster = await loadCluster(streamOf(text), { onProgress: () => {} });
    try {
      add(`loadCluster(${name}).summary`, "ClusterSummary", cluster.summary);
      add(`loadCluster(${name}).objects()`, "ObjectsPage", cluster.objects("", { limit: 1000 }));
    } finally {
      cluster.free();
    }
  }
  const cluster = await loadCluster(examples[0].text);
  try {
    add("loadCluster(...).objects(\"node\", {offset: 1, limit: 2})", "ObjectsPage", cluster.objects("node", { offset: 1, limit: 2 }));
    add("loadCluster(...).simulate(\"\")", "SimulationResult", await cluster.simulate(""));
    const pod = (await cluster.simulate("")).pods[0]?.pod;
    add(`loadCluster(...).reduce("${pod}")`, "Reduction", await cluster.reduce(pod));
    const change = "apiVersion: v1\nkind: Pod\nmetadata: {name: urgent}\nspec:\n  priority: 1000000000\n  containers: [{name: c, resources: {requests: {cpu: '1'}}}]\n";
    add("loadCluster(...).simulate(change): with its difference", "SimulationResult", await cluster.simulate(change));
    add("loadCluster(...).simulate(problems)", "SimulationResult", await cluster.simulate(scenarios.find((s) => s.name.endsWith("problems.yaml"))?.text ?? ""));
  } finally {
    cluster.free();
  }
  // A cluster of several files (a support bundle's): sources on diagnostics,
  // objects and kept objects, and items of typed lists cut out.
  const bundle = join(root, "tests/fixtures/support-bundle/cluster-resources");
  const files = ["nodes.json", "pods/default.json", "pods/kube-system.json", "pod-disruption-budgets/default.json", "groups.json"];
  const several = await loadCluster(files.map((name) => ({ name, text: readFileSync(join(bundle, name)), found: true })));
  try {
    add("loadCluster([files]).summary", "ClusterSummary", several.summary);
    add("loadCluster([files]).objects()", "ObjectsPage", several.objects("", { limit: 1000 }));
    add("loadCluster([files]).reduce(...)", "Reduction", await several.reduce("default/nightly-report"));
  } finally {
    several.free();
  }
  const dump = await loadCluster(readFileSync(join(root, "tests/fixtures/cluster-info-dump/dump.json")));
  try {
    add("loadCluster(cluster-info dump).reduce(...)", "Reduction", await dump.reduce("default/nightly-report"));
  } finally {
    dump.free();
  }
  return docs;
}

// --- The documents as TypeScript. ---

// Writes value as an object literal, one value per line, and records the
// key path of every line so tsc's errors can name it.
function writeLiteral(value, path, lines, paths, indent = "  ", prefix = "", suffix = "") {
  const open = (bracket) => {
    lines.push(`${indent}${prefix}${bracket}`);
    paths.push(path);
  };
  if (Array.isArray(value) && value.length > 0) {
    open("[");
    value.forEach((item, i) => writeLiteral(item, `${path}[${i}]`, lines, paths, `${indent} `, "", ","));
    lines.push(`${indent}]${suffix}`);
    paths.push(path);
  } else if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
    open("{");
    for (const [key, item] of Object.entries(value)) {
      writeLiteral(item, path ? `${path}.${key}` : key, lines, paths, `${indent} `, `${JSON.stringify(key)}: `, ",");
    }
    lines.push(`${indent}}${suffix}`);
    paths.push(path);
  } else {
    lines.push(`${indent}${prefix}${JSON.stringify(value)}${suffix}`);
    paths.push(path);
  }
}

// The closed unions of index.d.ts and where the documents hold their values
// ("[]" any index, "{}" any key, "#keys" the keys of the object there).
const UNIONS = [
  { type: "Outcome", at: ["pods[].outcome", "differences[].a.outcome", "differences[].b.outcome"] },
  { type: "PreemptionPolicy", at: ["pods[].preemptionPolicy", "priorityClasses[].preemptionPolicy"] },
  { type: "Severity", at: ["diagnostics[].severity"] },
  { type: "StatusCode", at: ["pods[].nodes[].filter.code", "pods[].nodes[].preemption.status.code", "pods[].nodes[].preemption.trace[].status.code", "pods[].trace[].status.code"] },
  { type: "Status[\"plugin\"]", at: ["pods[].nodes[].filter.plugin", "pods[].nodes[].preemption.status.plugin", "pods[].nodes[].preemption.trace[].status.plugin", "pods[].trace[].status.plugin"] },
  { type: "ScorePluginName", at: ["pods[].scoredPlugins[]", "pods[].nodes[].score.plugins#keys"] },
  { type: "Verdict", at: ["pods[].nodes[].preemption.verdict"] },
  { type: "AttemptStepName", at: ["pods[].trace[].step"] },
  { type: "NodeStepName", at: ["pods[].nodes[].preemption.trace[].step"] },
  { type: "NonNullable<TraceStep[\"result\"]>", at: ["pods[].nodes[].preemption.trace[].result", "pods[].trace[].result"] },
  { type: "SelectionCriterion", at: ["pods[].selection[].criterion"] },
  { type: "Difference[\"kind\"]", at: ["differences[].kind"] },
  { type: "ProfileName", at: ["profile", "profiles[].name", "[].name"] },
  { type: "ClusterObject[\"kind\"]", at: ["objects[].kind"] },
  { type: "VariantDifference[\"cause\"]", at: ["differences[].cause"] },
  { type: "ObjectChange[\"change\"]", at: ["objects[].change"] },
];

// Declared values no document in the corpus shows, and why.
const UNEXERCISED = {
  // Only when a dry run that needs victims ends without any (a filter that
  // is not monotonic in the pods removed): "expected at least one victim".
  StatusCode: ["Error"],
  // v1.14 takes a candidate that needs no victims at once; none of these
  // scenarios has one.
  SelectionCriterion: ["needs no victims (taken at once)"],
  // Two profiles that agree on a pod's first attempt but not on where the
  // queue leaves it.
  "Difference[\"kind\"]": ["outcome"],
  // Gallery scenarios differ in too few objects to need the limit, or two
  // changes at once (tests/core/analysis/variant_diff_test.cc covers both).
  "VariantDifference[\"cause\"]": ["together", "untried"],
};

// Collects the string values (and record keys) at each generic path.
function collectValues(value, path, out) {
  const note = (p, v) => {
    if (!out.has(p)) out.set(p, new Set());
    out.get(p).add(v);
  };
  if (Array.isArray(value)) {
    value.forEach((item) => collectValues(item, `${path}[]`, out));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      note(`${path}#keys`, key);
      collectValues(item, path ? `${path}.${key}` : key, out);
    }
  } else if (typeof value === "string") {
    note(path, value);
  }
}

test("types: every document the engine writes is what index.d.ts declares", async (t) => {
  const docs = await corpus();
  const lines = [
    "// Generated by tests/node/types.test.mjs: the engine's documents, checked against wasm/index.d.ts.",
    "import type { ClusterObject, ClusterSummary, Comparison, Difference, ObjectsPage, ProfileInfo, SimulationResult, Status, TraceStep, VariantDiff, VariantDifference, ObjectChange, Reduction, ReductionError } from \"podsim\";",
    "import type { AttemptStepName, NodeStepName, Outcome, PreemptionPolicy, ProfileName, ScorePluginName, SelectionCriterion, Severity, StatusCode, Verdict } from \"podsim\";",
    "type Covered<T, Seen> = [Exclude<T, Seen>] extends [never] ? true : { declaredButNeverWritten: Exclude<T, Seen> };",
  ];
  const where = lines.map(() => null);
  docs.forEach((doc, i) => {
    lines.push(`// ${doc.name}`);
    where.push(null);
    const paths = [];
    const body = [];
    writeLiteral(doc.value, "", body, paths, "", `export const doc${i}: ${doc.type} = `, ";");
    lines.push(...body);
    where.push(...paths.map((p) => ({ doc: doc.name, path: p || "(root)" })));
  });

  // Which declared union values the corpus never shows.
  const values = new Map();
  for (const doc of docs) {
    // A comparison's results are result documents at the root.
    const roots = doc.type === "Comparison" || doc.type === "VariantDiff" ? [doc.value, ...doc.value.results] : [doc.value];
    for (const value of roots) collectValues(value, "", values);
  }
  UNIONS.forEach(({ type, at }, i) => {
    const seen = new Set(UNEXERCISED[type] ?? []);
    let found = false;
    for (const path of at) {
      for (const v of values.get(path) ?? []) seen.add(v);
      found ||= values.has(path);
    }
    assert.ok(found, `no document holds ${type} at ${at.join(" or ")}: a wrong path in UNIONS?`);
    const union = [...seen].map((v) => JSON.stringify(v)).join(" | ") || "never";
    lines.push(`// ${type}: the values the documents hold`);
    where.push(null);
    lines.push(`export const covered${i}: Covered<${type}, ${union}> = true;`);
    where.push({ doc: `the values of ${type}`, path: at.join(", ") });
  });

  const dir = mkdtempSync(join(tmpdir(), "podsim-types-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "documents.ts"), `${lines.join("\n")}\n`);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "preserve",
        moduleResolution: "bundler",
        lib: ["es2022", "dom"],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        paths: { podsim: [declarations] },
      },
      files: ["documents.ts"],
    }),
  );
  const { code, output } = await typecheck(join(dir, "tsconfig.json"));
  if (code === 0) return;
  // documents.ts(12,5): error TS2353: Object literal may only specify known
  // properties, ... The same error at the same key path (indices aside) in
  // many documents is reported once, with its first place and a count.
  const groups = new Map();
  let last = null;
  for (const line of output.split("\n")) {
    const m = /^(.*?)\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(line);
    if (!m) {
      if (line.trim() && last && last.count === 1) last.detail.push(`      ${line.trim()}`);
      continue;
    }
    const at = basename(m[1]) === "documents.ts" ? where[Number(m[2]) - 1] : null;
    const key = at ? `${at.path.replace(/\[\d+\]/g, "[]")}\n${m[4]}` : line;
    last = groups.get(key);
    if (last) {
      last.count += 1;
      last = null;
      continue;
    }
    last = {
      count: 1,
      head: at ? `  ${at.doc} at ${at.path}: ${m[4]}` : `  ${line}`,
      detail: at ? [`      ${lines[Number(m[2]) - 1].trim()}`] : [],
    };
    groups.set(key, last);
  }
  const report = [...groups.values()].flatMap((g) => [
    g.count > 1 ? `${g.head} (and ${g.count - 1} more like it)` : g.head,
    ...g.detail.slice(0, 6),
  ]);
  assert.fail(`wasm/index.d.ts does not describe what the engine writes (${docs.length} documents checked):\n${report.slice(0, 60).join("\n")}`);
});
