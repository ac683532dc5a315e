// The options the API, the CLI and the kubectl plugin share
// (wasm/options.mjs): each bad value's one message, naming the option as the
// caller wrote it, the value and what is valid; and the two profiles
// compare() runs by default, which the engine chooses.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { OptionError, compare, diff, loadCluster, reduce, simulate } from "../../wasm/index.mjs";
import { parseArgs as pluginArgs } from "../../wasm/kubectl-podsim.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = join(root, "wasm/cli.mjs");
const basic = join(root, "tests/conformance/preempt-basic/scenario.yaml");
const text = readFileSync(basic, "utf8");

const SEED = "a non-negative integer (at most 9007199254740991)";
const START = "an RFC 3339 time such as 2024-05-01T08:00:00Z";
const LATENCY = "milliseconds from 0 to 3,600,000";
const NAMESPACE = "a namespace name (a lowercase RFC 1123 label such as team-a: a-z, 0-9 and '-', at most 63)";
const POD = 'a pod as "<namespace>/<name>" (e.g. default/web; a name alone is in default)';

function podsim(args) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", cwd: root });
}

// Each bad value of each option and the message the API gives it.
const API_CASES = [
  [{ seed: -1 }, `options.seed takes ${SEED}, not -1`],
  [{ seed: 1.5 }, `options.seed takes ${SEED}, not 1.5`],
  [{ seed: "7" }, `options.seed takes ${SEED}, not "7"`],
  [{ seed: 2 ** 53 }, `options.seed takes ${SEED}, not 9007199254740992`],
  [{ startTime: "yesterday" }, `options.startTime takes ${START}, a Date or Unix milliseconds, not "yesterday"`],
  [{ startTime: "May 1, 2024" }, `options.startTime takes ${START}, a Date or Unix milliseconds, not "May 1, 2024"`],
  [{ startTime: new Date("x") }, `options.startTime takes ${START}, a Date or Unix milliseconds, not an invalid Date`],
  [{ startTime: Infinity }, `options.startTime takes ${START}, a Date or Unix milliseconds, not Infinity`],
  [{ apiLatencyMs: -5 }, `options.apiLatencyMs takes ${LATENCY}, not -5`],
  [{ apiLatencyMs: 3_600_001 }, `options.apiLatencyMs takes ${LATENCY}, not 3600001`],
  [{ apiLatencyMs: "200" }, `options.apiLatencyMs takes ${LATENCY}, not "200"`],
  [{ controllers: "no" }, 'options.controllers takes true or false, not "no"'],
  [{ profile: 14 }, "options.profile takes a profile name such as current or v1.14, not 14"],
];

test("options: every bad value throws one OptionError, a TypeError naming the option, the value and what is valid", async () => {
  for (const [options, message] of API_CASES) {
    const expected = { name: "OptionError", message };
    const name = JSON.stringify(options);
    await assert.rejects(simulate(text, options), expected, `simulate ${name}`);
    await assert.rejects(compare(text, options), expected, `compare ${name}`);
    await assert.rejects(diff(text, text, options), expected, `diff ${name}`);
    await assert.rejects(reduce(text, { pod: "default/p", ...options }), expected, `reduce ${name}`);
  }
  await assert.rejects(simulate(text, { seed: -1 }), (error) => error instanceof OptionError && error instanceof TypeError);
  await assert.rejects(simulate(text, { detailAttempt: -1 }), {
    message: "options.detailAttempt takes the index of an attempt in result.pods (a non-negative integer), not -1",
  });
  await assert.rejects(compare(text, { profiles: ["current"] }), { message: "options.profiles takes two profile names, [a, b], not an array of length 1" });
  await assert.rejects(reduce(text, { pod: "Bad Name" }), { message: `options.pod takes ${POD}, not "Bad Name"` });
  await assert.rejects(reduce(text, {}), { message: `options.pod takes ${POD}; none was given` });
});

test("options: a loaded cluster checks its options alike, and the namespace", async () => {
  const cluster = await loadCluster(text);
  try {
    for (const [options, message] of API_CASES) {
      await assert.rejects(cluster.simulate("", options), { message }, JSON.stringify(options));
      await assert.rejects(cluster.reduce("default/p", options), { message }, JSON.stringify(options));
    }
    await assert.rejects(cluster.simulate("", { namespace: "Team_A" }), { message: `options.namespace takes ${NAMESPACE}, not "Team_A"` });
    await assert.rejects(cluster.simulate("", { namespace: 7 }), { message: `options.namespace takes ${NAMESPACE}, not 7` });
    await assert.rejects(cluster.reduce("Bad Name"), { message: `pod takes ${POD}, not "Bad Name"` });
    // Absent is the default: undefined, null, and "" for the namespace.
    for (const options of [{}, { seed: undefined, startTime: null, apiLatencyMs: undefined, controllers: null, namespace: "" }]) {
      assert.equal((await cluster.simulate("", options)).pods[0].outcome, "Nominated");
    }
  } finally {
    cluster.free();
  }
});

test("options: good values of every kind are taken", async () => {
  const at = "2024-05-01T08:00:00Z";
  for (const startTime of [at, "2024-05-01T10:00:00+02:00", new Date(at), Date.parse(at)]) {
    assert.equal((await simulate(text, { startTime })).clock.start, at, String(startTime));
  }
  const seeded = await simulate(text, { seed: 0, apiLatencyMs: 0, controllers: false, detailAttempt: 0, profile: "" });
  assert.equal(seeded.profile, "current");
  assert.equal((await simulate(text, { seed: Number.MAX_SAFE_INTEGER })).pods[0].outcome, "Nominated");
});

test("options: the command line says the same of its flags, naming them as written, with exit code 2 and the usage", () => {
  const cases = [
    [["run", basic, "--seed", "x"], `--seed takes ${SEED}, not "x"`],
    [["run", basic, "--seed=-1"], `--seed takes ${SEED}, not "-1"`],
    [["run", basic, "--seed", "9007199254740992"], `--seed takes ${SEED}, not "9007199254740992"`],
    [["run", basic, "--start-time", "yesterday"], `--start-time takes ${START}, not "yesterday"`],
    [["run", basic, "--api-latency", "3600001"], `--api-latency takes ${LATENCY}, not "3600001"`],
    [["run", basic, "--apply", basic, "-n", "Team_A"], `-n takes ${NAMESPACE}, not "Team_A"`],
    [["run", basic, "--apply", basic, "--namespace=Team_A"], `--namespace takes ${NAMESPACE}, not "Team_A"`],
    [["run", basic, "--profile="], '--profile takes a profile name such as current or v1.14, not ""'],
    [["diff", basic, basic, "--seed", "1e3"], `--seed takes ${SEED}, not "1e3"`],
    [["reduce", basic, "--pod", "A/B"], `--pod takes ${POD}, not "A/B"`],
    [["reduce", basic, "--pod", "default/p", "--start-time", "2024-05-01"], `--start-time takes ${START}, not "2024-05-01"`],
    [["run", basic, "--seed"], `--seed takes ${SEED}; none was given`],
    [["run", basic, "--seed", "-1"], `--seed takes ${SEED}; -1 is read as an option (write --seed=-1 if it is the value)`],
    [["run", basic, "--apply"], "--apply takes a file with the objects to apply, or - for standard input; none was given"],
    [["run", basic, "--json=yes"], "--json takes no value"],
    [["run", basic, "--frobnicate"], "unknown option for run: --frobnicate"],
    [["serve", "--port", "70000"], '--port takes a port number from 0 to 65535, not "70000"'],
  ];
  for (const [args, message] of cases) {
    const r = podsim(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.equal(r.stderr.split("\n")[0], `podsim: ${message}`, args.join(" "));
    assert.match(r.stderr, /\n\nusage: podsim run /, args.join(" "));
  }
  const unknown = podsim(["run", basic, "--profile", "v9"]);
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, 'podsim: unknown profile "v9" (known: current, v1.35, v1.31, v1.14)\n');
});

test("options: the kubectl plugin's flags get the command line's messages", () => {
  const message = (argv) => {
    try {
      pluginArgs(argv);
    } catch (error) {
      return error.message;
    }
    return null;
  };
  assert.equal(message(["-f", "a.yaml", "--seed", "x"]), `--seed takes ${SEED}, not "x"`);
  assert.equal(message(["-f", "a.yaml", "-n", "Team_A"]), `-n takes ${NAMESPACE}, not "Team_A"`);
  assert.equal(message(["-f", "a.yaml", "-n=Team_A"]), `-n takes ${NAMESPACE}, not "Team_A"`);
  assert.equal(message(["-f", "a.yaml", "--start-time=yesterday"]), `--start-time takes ${START}, not "yesterday"`);
  assert.equal(message(["-f", "a.yaml", "--api-latency", "3600001"]), `--api-latency takes ${LATENCY}, not "3600001"`);
  assert.equal(message(["-f", "a.yaml", "--json=yes"]), "--json takes no value (or =true, =false)");
  assert.equal(message(["-f"]), "-f takes a value: a file, a directory or - for standard input (commas separate several); none was given");
  assert.equal(
    message(["-f", "a.yaml", "--api-latency", "-5"]),
    `--api-latency takes a value: ${LATENCY}; -5 is read as an option (write --api-latency=-5 if it is the value)`,
  );
  // What passes is handed to podsim run as written.
  assert.deepEqual(pluginArgs(["-f", "a.yaml", "--seed", "7", "--api-latency=200", "-n=shop"]), {
    files: ["a.yaml"],
    recursive: false,
    seed: 7,
    "api-latency": 200,
    namespace: "shop",
  });
});

test("options: compare()'s default pair is the engine's: current against the profile named, else against the oldest", async () => {
  const example = readFileSync(join(root, "web/examples/profiles-pdb-budget.yaml"), "utf8");
  const pair = async (options) => (await compare(example, options)).results.map((r) => r.profile);
  assert.deepEqual(await pair({}), ["current", "v1.14"]);
  assert.deepEqual(await pair({ profile: "current" }), ["current", "v1.14"]);
  assert.deepEqual(await pair({ profile: "v1.31" }), ["current", "v1.31"]);
  assert.deepEqual(await pair({ profile: "v1.31", profiles: ["v1.31", "v1.14"] }), ["v1.31", "v1.14"], "profiles names the pair");
  const unknown = await compare(example, { profile: "v9" });
  assert.equal(unknown.kind, undefined);
  assert.equal(unknown.diagnostics[0].message, 'unknown profile "v9" (known: current, v1.35, v1.31, v1.14)');
  // The command line asks the engine the same.
  const r = podsim(["run", join(root, "web/examples/profiles-pdb-budget.yaml"), "--compare", "--profile", "v1.31", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).results.map((x) => x.profile), ["current", "v1.31"]);
});
