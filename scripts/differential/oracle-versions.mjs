#!/usr/bin/env node
// Two oracles (two releases of upstream's kube-scheduler) on the same generated scenarios: how
// often they decide differently, and why (issue #30: whether a profile per release is worth
// keeping). Each scenario goes to both; their documents are compared as a campaign compares
// podsim's with the oracle's (compare.mjs, oracleDifferences: --a in podsim's seat, then --b in
// it). A scenario that differs is asked of both again, --again times: only a difference found on
// every asking counts as the releases'; one that comes and goes is the oracles' unsteadiness
// (docs/fidelity.md, "Known weaknesses"), counted apart.
//
//   node scripts/differential/oracle-versions.mjs --a build/oracle/oracle \
//     --b build/oracle-v1.37/oracle --level decision|run [--workloads] --seed N --count M \
//     [--again 2] [--out FILE.jsonl] [--examples 3]
//   node scripts/differential/oracle-versions.mjs --classify DIR   a campaign's --out DIR (podsim
//     against an oracle, `npm run differential -- --no-shrink --out DIR`) in the same classes
//
// Prints the counts and, per class of difference (classify below), the scenarios in it with
// example seeds and one example line. --out writes each differing scenario's seed, differences
// and both documents, one JSON line each, for a closer look.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { oracleDifferences } from "./compare.mjs";
import { deriveSeed, generate } from "./generate.mjs";
import { startOracle } from "./oracle.mjs";

const { values } = parseArgs({
  options: {
    a: { type: "string", default: "build/oracle/oracle" },
    b: { type: "string", default: "build/oracle-v1.37/oracle" },
    level: { type: "string", default: "decision" },
    workloads: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    count: { type: "string", default: "100" },
    again: { type: "string", default: "2" },
    out: { type: "string" },
    examples: { type: "string", default: "3" },
    quiet: { type: "boolean", default: false },
    classify: { type: "string" },
  },
});
const { level, workloads } = values;
if (level !== "decision" && level !== "run") throw new Error(`--level takes decision or run, not ${level}`);
if (workloads && level !== "run") throw new Error("--workloads needs --level run");
const seed = Number(values.seed);
const count = Number(values.count);
const again = Number(values.again);
const shown = Number(values.examples);

// The message changes from v1.35 to v1.37, each a rewrite of a's message towards b's (read in
// the v1.37 code; o37-report.md): a message that the known ones turn into b's is in their class.
const messageChanges = [
  ["DynamicResources' PostFilter no longer says 'no new claims to deallocate'", (a) => a.replace("no new claims to deallocate, ", "").replace(/ no new claims to deallocate$/, "")],
  ["a nominating preemption's own message appended (Evaluator.Preempt's success status)", (a, b) => {
    const m = / preemption: found a potential placement for pod on node \S+, preempting \d+ victims$/.exec(b);
    return m && !a.includes("found a potential placement") ? a + m[0] : a;
  }],
];

/**
 * The class of one difference line: what differs (the outcome, the node or victims, the message,
 * ...) and, for a message, which known change explains it.
 */
export function classify(line, attemptOf = () => null) {
  const message = /^attempt \d+ \([^)]+\): message\n {4}podsim: {3}(.*)\n {4}upstream: (.*)$/s.exec(line);
  if (message) {
    const [, a, b] = message;
    if (/^Successfully assigned /.test(a) && /^Successfully assigned /.test(b)) return "message: names the other node (follows the placement)";
    let text = a;
    const used = [];
    for (const [name, change] of messageChanges) {
      const next = change(text, b);
      if (next !== text) used.push(name);
      text = next;
    }
    return text === b ? `message: ${used.join(" + ")}` : "message: other text";
  }
  if (/^attempt \d+ \([^)]+\): outcome /.test(line)) return `outcome (${/outcome (\w+), upstream (\w+)/.exec(line).slice(1).join(" -> ")})`;
  if (/^attempt \d+ \([^)]+\): podsim scheduled /.test(line)) return "attempt order";
  if (/^attempt \d+ \([^)]+\): pdbViolations /.test(line)) return "pdbViolations";
  if (/^attempt \d+ \([^)]+\): podsim /.test(line)) return `node or victims (${attemptOf(line)?.outcome ?? "?"} in a)`;
  if (/^attempts: /.test(line)) return "number of attempts";
  if (/^admission: /.test(line)) return "admission";
  if (/^final /.test(line)) return `end state (${/^final (\w+)/.exec(line)[1]})`;
  if (/^created: /.test(line)) return "pods the controllers created";
  if (/^deleted by controllers: /.test(line)) return "pods the controllers deleted";
  return "other";
}

/** Whether a class is about the words only, not what was decided. */
const wordsOnly = (c) => c.startsWith("message: ") && c !== "message: other text";

if (values.classify) {
  classifyCampaign(values.classify);
  process.exit(0);
}

/** A campaign's differences (DIR/<kind>-seed-N.json) by class, as below for two oracles. */
function classifyCampaign(dir) {
  const classes = new Map();
  let scenarios = 0;
  let decisive = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const { seed, differences, podsim } = JSON.parse(readFileSync(join(dir, name), "utf8"));
    scenarios++;
    const mine = new Set(differences.map((d) => classify(d, (line) => podsim[Number(/^attempt (\d+)/.exec(line)?.[1]) - 1])));
    if ([...mine].some((c) => !wordsOnly(c))) decisive++;
    for (const c of mine) {
      if (!classes.has(c)) classes.set(c, { scenarios: [], example: differences.find((d) => classify(d, () => null).split(" (")[0] === c.split(" (")[0]) });
      classes.get(c).scenarios.push(seed);
    }
  }
  console.log(`${scenarios} differing scenarios in ${dir}; ${decisive} in more than the known message changes`);
  for (const [c, e] of [...classes].sort((x, y) => y[1].scenarios.length - x[1].scenarios.length)) {
    console.log(`  ${e.scenarios.length}  ${c}\n    seeds: ${e.scenarios.slice(0, shown).join(", ")}\n    e.g. ${(e.example ?? "").replace(/\n/g, "\n         ")}`);
  }
}

const oa = startOracle({ level, controllers: workloads, binary: values.a });
const ob = startOracle({ level, controllers: workloads, binary: values.b });
const ask = async (text) => Promise.all([oa.ask(text), ob.ask(text)]);
/** Both directions: a's answer among b's, then b's among a's (marked "(b in a's place)"). */
const compare = (a, b) => {
  const there = oracleDifferences(a, b);
  const back = oracleDifferences(b, a).map((d) => `(b in a's place) ${d}`);
  return there.length ? there : back;
};
const key = (d) => d.replace(/^\(b in a's place\) /, "");

let agreed = 0;
let differed = 0;
let attempts = 0;
const unsteady = []; // {seed, first}: a difference that an asking again did not show
const failed = [];
const classes = new Map(); // class -> {scenarios: [seed], lines: n, example}
const versions = new Set();
const rows = [];
const started = performance.now();
for (let i = 0; i < count; i++) {
  const s = deriveSeed(seed, i);
  const { text } = generate(s, { level, workloads });
  let a;
  let b;
  try {
    [a, b] = await ask(text);
  } catch (error) {
    failed.push(`seed ${s}: ${error.message}`);
    console.log(`seed ${s}: an oracle failed: ${error.message}`);
    if (/exited/.test(error.message)) break; // a dead oracle answers nothing more
    continue;
  }
  versions.add(`${a.kubernetesVersion} / ${b.kubernetesVersion}`);
  attempts += a.pods.length;
  let found = compare(a, b);
  if (found.length === 0) {
    agreed++;
    continue;
  }
  // Asked again: only the lines every asking shows are the releases'.
  const first = found;
  for (let k = 0; k < again && found.length; k++) {
    const [a2, b2] = await ask(text).catch(() => [null, null]);
    if (!a2) break;
    const next = new Set(compare(a2, b2).map(key));
    found = found.filter((d) => next.has(key(d)));
  }
  if (found.length === 0) {
    unsteady.push({ seed: s, first });
    if (!values.quiet) console.log(`seed ${s}: differed, then not when asked again (the oracles' unsteadiness)\n  ${first.join("\n  ")}`);
    continue;
  }
  differed++;
  const mine = new Set();
  for (const d of found) {
    const c = classify(key(d), (line) => {
      const n = Number(/^attempt (\d+)/.exec(line)?.[1]);
      return n ? (d.startsWith("(b in") ? b : a).pods[n - 1] : null;
    });
    if (!classes.has(c)) classes.set(c, { scenarios: [], lines: 0, example: d });
    const entry = classes.get(c);
    entry.lines++;
    if (!mine.has(c)) entry.scenarios.push(s);
    mine.add(c);
  }
  rows.push({ seed: s, index: i, classes: [...mine], differences: found, a, b });
  if (!values.quiet) console.log(`seed ${s}: differs [${[...mine].join("; ")}]`);
}
oa.close();
ob.close();
if (values.out) writeFileSync(values.out, rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : ""));

const seconds = (performance.now() - started) / 1000;
const what = workloads ? "workload run" : level;
console.log(`\n${values.a} against ${values.b} (${[...versions].join(", ")}), ${what} level, --seed ${seed} --count ${count}: ` +
  `${attempts} ${level === "decision" ? "decisions" : "attempts"} (a's) in ${seconds.toFixed(0)} s`);
console.log(`${agreed} agreed, ${differed} differed on every asking, ${unsteady.length} differed only once (unsteady)` +
  (failed.length ? `, an oracle failed on ${failed.length}` : ""));
const decisive = rows.filter((r) => r.classes.some((c) => !wordsOnly(c)));
console.log(`${decisive.length} differed in more than the known message changes (${rows.length - decisive.length} in those only)`);
console.log("\nBy class (a scenario counts in each class it shows):");
for (const [c, e] of [...classes].sort((x, y) => y[1].scenarios.length - x[1].scenarios.length)) {
  console.log(`  ${e.scenarios.length} scenarios (${e.lines} lines)  ${c}\n    seeds: ${e.scenarios.slice(0, shown).join(", ")}\n    e.g. ${e.example.replace(/\n/g, "\n         ")}`);
}
if (unsteady.length) console.log(`\nUnsteady seeds: ${unsteady.slice(0, 10).map((u) => u.seed).join(", ")}${unsteady.length > 10 ? ", ..." : ""}`);
for (const f of failed.slice(0, 10)) console.log(f);
