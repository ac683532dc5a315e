#!/usr/bin/env node
// The differential campaign: generated scenarios through podsim and through the oracle (upstream's
// kube-scheduler, build/oracle/oracle), compared; see docs/fidelity.md.
//
//   npm run differential -- --seed N --count M [--level decision|run] [--profile P] [--out DIR]
//   npm run differential -- --oracle-version 1.31 --seed N --count M   the v1.31 oracle
//                                              (oracle/v1.31/, decision level) against podsim's
//                                              profile v1.31 (the default --profile then)
//   npm run differential -- --oracle-version 1.35 --seed N --count M [--level run]   the v1.35
//                                              oracle (oracle/) against podsim's profile v1.35
//   npm run differential -- --conformance      the oracle against every conformance case
//   npm run differential -- --write-goldens    ask the oracle again for the goldens (Go, ~20 min)
//   npm run differential -- --write-goldens --where TEXT   only the goldens whose scenario holds
//                                              TEXT (after an oracle fix that only they can feel)
//   npm run differential -- --level run --workloads --seed N --count M   workload scenarios, the
//                                              controllers on both sides (docs/fidelity.md, "The
//                                              controllers in the oracle"; --no-shrink: the
//                                              oracle's controller runs are slow to shrink with)
//   npm run differential -- --write-goldens --only workloads   ask for one set of goldens only
//   npm run differential -- --rewrite-known    after a fix: podsim against the committed goldens,
//                                              tests/differential/known.json rewritten (no Go)
//
// Each difference is written to DIR (default differential-out/) as the scenario, shrunk to a
// small reproduction that still differs, with both answers; it is reproducible from its seed.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { simulate } from "../../wasm/index.mjs";
import { differences } from "./compare.mjs";
import { deriveSeed, generate } from "./generate.mjs";
import { buildOracle, haveGo, oracles, startOracle } from "./oracle.mjs";
import { shrink } from "./shrink.mjs";

const root = new URL("../..", import.meta.url).pathname;

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    count: { type: "string", default: "100" },
    level: { type: "string", default: "decision" },
    profile: { type: "string" },
    "oracle-version": { type: "string", default: "1.37" },
    out: { type: "string", default: join(root, "differential-out") },
    conformance: { type: "boolean", default: false },
    "write-goldens": { type: "boolean", default: false },
    where: { type: "string" },
    only: { type: "string" }, // --write-goldens --only workloads: ask for that set only
    "no-shrink": { type: "boolean", default: false },
    known: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "rewrite-known": { type: "boolean", default: false },
    workloads: { type: "boolean", default: false },
  },
});

if (values["rewrite-known"]) {
  process.exit(await rewriteKnown());
}

if (!haveGo()) {
  console.error("differential: Go is not on this machine; the oracle needs it (docs/fidelity.md)");
  process.exit(2);
}
const oracleVersion = values["oracle-version"];
if (!oracles[oracleVersion]) {
  console.error(`differential: --oracle-version takes ${Object.keys(oracles).join(" or ")}, not ${oracleVersion}`);
  process.exit(2);
}
if (!oracles[oracleVersion].levels.includes(values.level)) {
  const levels = oracles[oracleVersion].levels.join(" or ");
  console.error(`differential: --level takes ${levels} with the ${oracleVersion} oracle, not ${values.level}`);
  process.exit(2);
}
if (oracleVersion !== "1.37" && (values.conformance || values["write-goldens"])) {
  console.error("differential: --conformance and --write-goldens ask the 1.37 oracle only");
  process.exit(2);
}
values.profile ??= oracles[oracleVersion].profile;
if (!values["no-build"]) buildOracle(oracleVersion);

/**
 * podsim's answer at a level, the same as the oracle's: bare pods with the controllers off, or
 * (workload scenarios) with them on.
 */
async function podsimAnswer(text, { level, profile, workloads = false }) {
  return simulate(text, { controllers: workloads, level, profile });
}

if (values.conformance) {
  process.exit(await conformance());
}
if (values["write-goldens"]) {
  process.exit(await writeGoldens());
}

const seed = Number(values.seed);
const count = Number(values.count);
const { level, profile, workloads } = values;
if (workloads && (level !== "run" || !oracles[oracleVersion].workloads)) {
  console.error("differential: --workloads needs --level run and the 1.37 or 1.35 oracle");
  process.exit(2);
}
// The set a seed belongs to in --known (tests/differential/known.json): the level, or workloads.
const kind = workloads ? "workloads" : level;
const oracle = startOracle({ level, version: oracleVersion, controllers: workloads });
// --known FILE: the differences already listed (tests/differential/known.json, docs/fidelity.md);
// a scenario that differs exactly so counts as known, not as a failure.
const known = values.known ? JSON.parse(readFileSync(values.known, "utf8")) : {};
// Asked again, upstream may list its tied alternatives differently: the oracle samples Go's map
// order to find them (oracle/choices.go). A listed difference matches on podsim's side.
const loose = (list) => list.map((d) => d.replace(/, upstream .*$/s, ", upstream …"));
let agreed = 0;
let differed = 0;
let knownDiffered = 0;
const oracleFailed = [];
const unsteady = [];
let attempts = 0;
const started = performance.now();
let podsimMs = 0;
let oracleMs = 0;
for (let i = 0; i < count; i++) {
  const s = deriveSeed(seed, i);
  const { text } = generate(s, { profile, level, workloads });
  const t0 = performance.now();
  const ours = await podsimAnswer(text, { level, profile, workloads });
  const t1 = performance.now();
  let theirs;
  try {
    theirs = await oracle.ask(text);
  } catch (error) {
    // The oracle's own failure (it says why) is neither an agreement nor a difference: it is
    // counted and named, and the campaign goes on.
    oracleFailed.push(`seed ${s}: ${error.message}`);
    console.log(`seed ${s}: the oracle failed: ${error.message}`);
    continue;
  }
  oracleMs += performance.now() - t1;
  podsimMs += t1 - t0;
  attempts += theirs.pods.length;
  const found = differences(ours, theirs);
  if (found.length === 0) {
    agreed++;
    continue;
  }
  // Under load the oracle's run is not quite always the same twice (docs/fidelity.md, "Known
  // weaknesses"): a difference is asked again, and one whose second answer agrees is the
  // oracle's, counted apart and named, not podsim's.
  const again = await oracle.ask(text).catch(() => null);
  if (again && differences(ours, again).length === 0) {
    unsteady.push(s);
    console.log(`seed ${s}: upstream answered otherwise when asked again, and that agrees (the oracle's unsteadiness)`);
    continue;
  }
  differed++;
  if (known[`${kind}:${s}`] && JSON.stringify(loose(known[`${kind}:${s}`])) === JSON.stringify(loose(found))) {
    knownDiffered++;
    continue;
  }
  // A step must stay a valid scenario (no error diagnostics) that still differs, for a pod the
  // scenario's differences name when they name one: any difference would let ddmin wander off to
  // another class (decision 2413372441 once shrank to a pod whose claims the step had dropped,
  // which podsim takes to exist when the input holds no claim at all).
  const pods = found.map((d) => /^attempt \d+ \(([^)]+)\)/.exec(d)?.[1]).filter(Boolean);
  const same = (d) => pods.length === 0 || pods.some((pod) => d.startsWith("attempt ") && d.includes(` (${pod}): `));
  const still = async (candidate) => {
    const result = await podsimAnswer(candidate, { level, profile, workloads });
    if (result.diagnostics.some((d) => d.severity === "error")) return false;
    const answer = await oracle.ask(candidate).catch(() => null);
    return answer !== null && differences(result, answer).some(same);
  };
  const small = values["no-shrink"] ? text : await shrink(text, still);
  const smallOurs = await podsimAnswer(small, { level, profile, workloads });
  const smallTheirs = await oracle.ask(small);
  mkdirSync(values.out, { recursive: true });
  const base = join(values.out, `${kind}-seed-${s}`);
  writeFileSync(`${base}.yaml`, small);
  writeFileSync(`${base}.full.yaml`, text);
  writeFileSync(`${base}.json`, JSON.stringify({
    seed: s, campaign: { seed, index: i, level, profile, workloads },
    differences: differences(smallOurs, smallTheirs),
    podsim: smallOurs.pods, upstream: smallTheirs,
  }, null, 2));
  console.log(`seed ${s}: differs (${base}.yaml)\n  ${found.join("\n  ")}`);
}
oracle.close();
const seconds = (performance.now() - started) / 1000;
console.error(`${attempts} ${level === "decision" ? "decisions" : "attempts"} in ${seconds.toFixed(1)} s: ` +
  `podsim ${(count / (podsimMs / 1000)).toFixed(0)} scenarios/s, upstream ${(count / (oracleMs / 1000)).toFixed(0)} scenarios/s`);
console.log(`${agreed} agreed, ${differed} differed${values.known ? ` (${knownDiffered} as listed in ${values.known})` : ""}` +
  (oracleFailed.length ? `, the oracle failed on ${oracleFailed.length}` : "") +
  (unsteady.length ? `, ${unsteady.length} agreed only when upstream was asked again` : ""));
process.exitCode = differed > knownDiffered || oracleFailed.length ? 1 : 0;

// The oracle against the conformance cases translated from upstream's tests: each case's
// first attempts (decision level: cases with one pending pod), its answer within the case's
// alternatives. Returns the exit status.
async function conformance() {
  const dirs = [join(root, "tests/conformance"), join(root, "../shared/conformance")]
    .filter(existsSync)
    .flatMap((d) => readdirSync(d).map((n) => join(d, n)))
    .filter((d) => existsSync(join(d, "expected.json")));
  // Each case asks the oracle of its profile's release (v1.14: no module builds it).
  const started = new Map();
  const oracleFor = (version) => {
    if (!started.has(version)) started.set(version, startOracle({ level: "decision", version }));
    return started.get(version);
  };
  let ok = 0;
  let bad = 0;
  let outOfReach = 0;
  for (const dir of dirs) {
    const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
    const reason = outOfReachReason(expected);
    if (reason) {
      outOfReach++;
      console.log(`out of reach  ${dir.replace(root, "")}: ${reason}`);
      continue;
    }
    const oracle = oracleFor(oracleOfProfile(expected.profile));
    const answer = await oracle.ask(readFileSync(join(dir, "scenario.yaml"), "utf8"));
    const problems = checkCase(expected, answer);
    if (problems.length) {
      bad++;
      console.log(`differs       ${dir.replace(root, "")}\n  ${problems.join("\n  ")}`);
    } else ok++;
  }
  for (const oracle of started.values()) oracle.close();
  console.log(`${ok} reproduced, ${bad} differed, ${outOfReach} out of the oracle's reach`);
  return bad ? 1 : 0;
}

/** The oracle's version for a podsim profile, or undefined (v1.14: no module builds it). */
function oracleOfProfile(profile = "current") {
  return Object.keys(oracles).find((version) => oracles[version].profile === profile);
}

function outOfReachReason(expected) {
  const version = oracleOfProfile(expected.profile);
  if (!version) return `profile ${expected.profile} (no module builds that release's scheduler)`;
  if (!existsSync(oracles[version].binary)) return `profile ${expected.profile}: the ${version} oracle is not built`;
  if ((expected.pending ?? []).length > 1) return "several pending pods: a run-level case";
  return "";
}

function alternatives(want) {
  const match = /ALTERNATIVES:\s*(.*)$/s.exec(want.notes ?? "");
  const listed = match
    ? [...match[1].matchAll(/([\w.-]+)=\[([^\]]*)\]/g)].map(([, node, list]) => ({
        node,
        victims: list.split(",").map((s) => s.trim()).filter(Boolean).sort(),
      }))
    : [];
  return [{ node: want.node ?? "", victims: [...want.victims].sort() }, ...listed];
}

function checkCase(expected, answer) {
  const problems = [];
  for (const want of expected.pending ?? []) {
    const got = answer.pods.find((a) => a.pod === want.pod);
    if (!got) {
      problems.push(`${want.pod}: upstream made no attempt${answer.rejected[want.pod] ? ` (${answer.rejected[want.pod]})` : ""}`);
      continue;
    }
    if (got.outcome !== want.outcome) problems.push(`${want.pod}: outcome ${got.outcome}, the case ${want.outcome}`);
    const allowed = alternatives(want).map((a) => `${a.node}|${a.victims.join(",")}`);
    const answers = got.alternatives?.length ? got.alternatives : [{ node: got.node, victims: got.victims.map((v) => v.pod) }];
    for (const a of answers) {
      if (got.outcome === "Unschedulable") break;
      if (!allowed.includes(`${a.node}|${a.victims.join(",")}`)) {
        problems.push(`${want.pod}: upstream can answer ${a.node} [${a.victims}], the case allows ${allowed.join(" or ")}`);
      }
    }
    if (got.pdbViolations !== want.pdbViolations) problems.push(`${want.pod}: pdbViolations ${got.pdbViolations}, the case ${want.pdbViolations}`);
    if (want.message !== undefined && got.message !== want.message) {
      problems.push(`${want.pod}: message\n    upstream: ${got.message}\n    the case: ${want.message}`);
    }
  }
  return problems;
}

// The goldens (tests/differential/): the oracle's answers for fixed generated scenarios, so that
// npm test checks podsim against upstream without Go. Scenarios from GOLDEN_SEED until the level's
// target; each line has the scenario's seed, the hash of its text (the generator must not drift)
// and upstream's answer.
async function writeGoldens() {
  const { GOLDENS, goldenFile, goldenOptions, knownFile, textHash } = await import("../../tests/differential/goldens.mjs");
  const knownNow = {};
  for (const [kind, { seed, atLeast }] of Object.entries(GOLDENS)) {
    if (values.only && values.only !== kind) {
      for (const [k, v] of Object.entries(JSON.parse(readFileSync(knownFile(), "utf8")))) if (k.startsWith(`${kind}:`)) knownNow[k] = v;
      continue;
    }
    const { level, workloads } = goldenOptions(kind);
    const oracle = startOracle({ level, controllers: workloads });
    const kept = keptGoldens(goldenFile(kind), kind);
    const lines = [];
    let answers = 0;
    let asked = 0;
    for (let i = 0; answers < atLeast; i++) {
      const s = deriveSeed(seed, i);
      const { text } = generate(s, { level, workloads });
      let upstream = kept.get(s);
      if (!upstream) {
        upstream = await oracle.ask(text);
        asked++;
      }
      answers += level === "decision" ? upstream.pods.length : 1;
      const found = differences(await podsimAnswer(text, { level, profile: "current", workloads }), upstream);
      if (found.length) knownNow[`${kind}:${s}`] = found;
      lines.push(JSON.stringify({ seed: s, hash: textHash(text), upstream }));
    }
    oracle.close();
    writeFileSync(goldenFile(kind), `${lines.join("\n")}\n`);
    const differ = Object.keys(knownNow).filter((k) => k.startsWith(`${kind}:`)).length;
    console.log(`${goldenFile(kind)}: ${lines.length} scenarios (${asked} asked again), ${answers} ${level === "decision" ? "decisions" : "runs"}; ${lines.length - differ} agree, ${differ} differ`);
  }
  writeFileSync(knownFile(), `${JSON.stringify(knownNow, null, 1)}\n`);
  return 0;
}

// With --where TEXT, the committed answers of the goldens whose scenario does not hold TEXT stay
// (by seed); without it, none does and every golden is asked again.
function keptGoldens(file, kind) {
  const kept = new Map();
  if (values.where === undefined || !existsSync(file)) return kept;
  const workloads = kind === "workloads";
  const { level } = JSON.parse(readFileSync(file, "utf8").split("\n")[0]).upstream;
  for (const line of readFileSync(file, "utf8").trim().split("\n")) {
    const { seed: s, upstream } = JSON.parse(line);
    if (!generate(s, { level, workloads }).text.includes(values.where)) kept.set(s, upstream);
  }
  return kept;
}

// After a fix: podsim against upstream's committed answers, and known.json rewritten to the
// differences that remain. The goldens themselves (upstream's side) do not change, so no Go.
async function rewriteKnown() {
  const { GOLDENS, goldenFile, goldenOptions, knownFile } = await import("../../tests/differential/goldens.mjs");
  const knownNow = {};
  for (const kind of Object.keys(GOLDENS)) {
    if (!existsSync(goldenFile(kind))) continue;
    const { level, workloads } = goldenOptions(kind);
    const lines = readFileSync(goldenFile(kind), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    let differ = 0;
    for (const { seed: s, upstream } of lines) {
      const { text } = generate(s, { level, workloads });
      const found = differences(await podsimAnswer(text, { level, profile: "current", workloads }), upstream);
      if (found.length) {
        knownNow[`${kind}:${s}`] = found;
        differ++;
      }
    }
    console.log(`${goldenFile(kind)}: ${lines.length} scenarios; ${lines.length - differ} agree, ${differ} differ`);
  }
  writeFileSync(knownFile(), `${JSON.stringify(knownNow, null, 1)}\n`);
  return 0;
}
