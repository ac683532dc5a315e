#!/usr/bin/env node
// kubectl podsim: simulates applying files to the cluster kubectl points at,
// read-only. One `kubectl get` of the kinds podsim reads (all namespaces,
// -o json) goes to a private temporary file, then `podsim run` lays the
// files over it (--apply) and reports; the file is removed whatever happens.
// Exit codes: those of podsim run (0 simulated, 1 the input had errors,
// 2 wrong usage or a file that cannot be read); kubectl's own (or 1) when
// kubectl cannot be run or fails.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs as parseNodeArgs } from "node:util";

import { OptionError, checkProfile, readCommandLine } from "./options.mjs";

/**
 * The resources kubectl lists: every kind podsim reads from a cluster, named
 * with their API group so that a custom resource of the same plural (Volcano's
 * jobs.batch.volcano.sh) is never picked instead.
 */
export const RESOURCES = [
  "namespaces",
  "priorityclasses.scheduling.k8s.io",
  "nodes",
  "persistentvolumeclaims",
  "limitranges",
  "resourcequotas",
  "runtimeclasses.node.k8s.io",
  "poddisruptionbudgets.policy",
  "deployments.apps",
  "replicasets.apps",
  "statefulsets.apps",
  "daemonsets.apps",
  "jobs.batch",
  "replicationcontrollers",
  "pods",
];

const USAGE = `usage: kubectl podsim -f FILE [-f FILE ...] [-n NS] [--context C] [--kubeconfig K] [--config FILE]
                      [--json | --markdown] [--profile P] [--seed N] [--start-time T] [--api-latency MS] [--no-controllers]
       kubectl podsim --version

Simulates applying the files to the cluster kubectl points at, read-only: runs
kubectl get for the kinds podsim reads (all namespaces, -o json), lays the
files' objects over that state as kubectl apply would, and shows what
kube-scheduler would do with the result (podsim run --apply). Nothing is
written to the cluster.

  -f, --filename FILE  a change: a YAML or JSON file, - for standard input, or
                       a directory (its .yaml, .yml and .json files, in name
                       order); repeatable, and commas separate several
  -R, --recursive      read the directories given with -f recursively
  -n, --namespace NS   the namespace of the change's objects that name none
                       (default: the context's namespace, else default)
  --context C          the kubeconfig context to read the cluster from
  --kubeconfig K       the kubeconfig file to use
  --config FILE        the scheduler's KubeSchedulerConfiguration (kubectl
                       cannot fetch it; without it, kube-scheduler's defaults)
  --json, --markdown, --profile P, --seed N, --start-time T, --api-latency MS,
  --no-controllers     passed to podsim run (podsim run --help says what they do)
  -h, --help           show this help
  -V, --version        print podsim's version and the semantics it simulates

kubectl is $KUBECTL when set, else the kubectl that runs the plugin, else the
one on PATH. It needs list, in all namespaces, on namespaces, priorityclasses,
nodes, persistentvolumeclaims, limitranges, resourcequotas, runtimeclasses,
poddisruptionbudgets, deployments, replicasets, statefulsets, daemonsets, jobs,
replicationcontrollers and pods.
Exit status: podsim run's (0 simulated; 1 the input had errors; 2 wrong
usage, or a file that cannot be read); kubectl's own, or 1, when kubectl
cannot be run or fails.`;

class UsageError extends Error {}

// What the plugin takes, as util.parseArgs reads it: podsim run's options
// get their check from wasm/options.mjs (option), the others say what they
// take (valid).
const OPTIONS = {
  filename: { type: "string", short: "f", multiple: true, valid: "a file, a directory or - for standard input (commas separate several)" },
  recursive: { type: "boolean", short: "R" },
  namespace: { type: "string", short: "n", option: "namespace" },
  context: { type: "string", valid: "a kubeconfig context" },
  kubeconfig: { type: "string", valid: "a kubeconfig file" },
  config: { type: "string", valid: "the scheduler's KubeSchedulerConfiguration file" },
  json: { type: "boolean" },
  markdown: { type: "boolean" },
  profile: { type: "string", option: "profile" },
  seed: { type: "string", option: "seed" },
  "start-time": { type: "string", option: "startTime" },
  "api-latency": { type: "string", option: "apiLatencyMs" },
  "no-controllers": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
};
// Flags kubectl users reach for that mean something else here, by long
// and short name.
const HINTS = {
  output: "-o is not an option here: --json prints the result document, --markdown an issue-ready report",
  "all-namespaces": "the cluster is always read in all namespaces; -n sets the namespace of the change's objects",
  "dry-run": "the plugin never writes to the cluster: every run is a dry run",
};
HINTS.o = HINTS.output;
HINTS.A = HINTS["all-namespaces"];

/** Returns the options of a command line, or throws a UsageError or an OptionError. */
export function parseArgs(argv) {
  const { values, positionals } = readCommandLine(parseNodeArgs, argv, {
    options: OPTIONS,
    unknown: (flag, name) => HINTS[name] ?? `unknown option ${flag}`,
    // As the plugin has always said it (and pflag: "flag needs an argument").
    missing: (flag, valid) => `${flag} takes a value: ${valid}`,
    booleanValues: true,
  });
  const { filename = [], recursive = false, ...rest } = values;
  const args = { ...rest, files: filename.flatMap((f) => f.split(",")).filter(Boolean), recursive };
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}: the files to simulate go after -f`);
  if (args.help || args.version) return args;
  if (args.files.length === 0) throw new UsageError("missing -f FILE: the change to simulate (the cluster alone: kubectl get ... -o json | podsim run -)");
  if (args.json && args.markdown) throw new UsageError("--json and --markdown print different things: choose one");
  if ([...args.files, args.config].filter((f) => f === "-").length > 1) throw new UsageError("standard input (-) can be read only once");
  for (const file of [...args.files, args.config ?? ""]) {
    if (/^https?:\/\//.test(file)) throw new UsageError(`${file}: URLs are not read; download the file and give its path`);
  }
  return args;
}

/** Returns the arguments that select the cluster: --kubeconfig and --context, when given. */
function clusterArgs({ context, kubeconfig }) {
  return [...(kubeconfig !== undefined ? ["--kubeconfig", kubeconfig] : []), ...(context !== undefined ? ["--context", context] : [])];
}

/** Returns the arguments of the one kubectl get. */
export function kubectlGetArgs(args) {
  return ["get", RESOURCES.join(","), "--all-namespaces", "--output", "json", ...clusterArgs(args)];
}

/** Returns the arguments that ask kubectl for the context's namespace (kubectl apply's default). */
export function kubectlNamespaceArgs(args) {
  return ["config", "view", "--minify", "--output", "jsonpath={..namespace}", ...clusterArgs(args)];
}

/**
 * Returns podsim run's arguments: the cluster, the configuration as the first
 * --apply, each file, the namespace and the options passed on.
 */
export function podsimRunArgs(args, clusterFile, files, namespace) {
  const run = ["run", clusterFile];
  if (args.config !== undefined) run.push("--apply", args.config);
  for (const file of files) run.push("--apply", file);
  if (namespace) run.push("--namespace", namespace);
  if (args.json) run.push("--json");
  if (args.markdown) run.push("--markdown");
  for (const name of ["profile", "seed", "start-time", "api-latency"]) {
    if (args[name] !== undefined) run.push(`--${name}`, String(args[name]));
  }
  if (args["no-controllers"]) run.push("--no-controllers");
  return run;
}

// A directory's .yaml, .yml and .json files in name order, and, when
// recursive, its subdirectories' in their place (filepath.Walk's order).
function directoryFiles(dir, recursive) {
  const files = [];
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recursive) files.push(...directoryFiles(path, recursive));
    } else if (/\.(ya?ml|json)$/.test(entry.name)) files.push(path);
  }
  return files;
}

/**
 * Returns the files a -f names: itself, or a directory's files as kubectl
 * apply reads them. Throws a UsageError for what cannot be read.
 */
export function expandFile(file, recursive) {
  if (file === "-") return [file];
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    const why = { ENOENT: "no such file", ENOTDIR: "no such file", EACCES: "permission denied" }[error.code] ?? error.code;
    throw new UsageError(`${file}: ${why}`);
  }
  if (!stat.isDirectory()) return [file];
  const files = directoryFiles(file, recursive);
  if (files.length === 0) {
    throw new UsageError(`${file}: a directory with no .yaml, .yml or .json files${recursive ? "" : " (-R reads its subdirectories too)"}`);
  }
  return files;
}

/** Returns the kubectl to run: $KUBECTL, the one that ran this plugin ($KUBECTL_PATH), or kubectl on PATH. */
function kubectlCommand(env) {
  return env.KUBECTL || env.KUBECTL_PATH || "kubectl";
}

// The child that runs now, so a signal reaches it, and the temporary folder.
const state = { child: null, tempDir: null, signal: null };

function removeTemp() {
  if (state.tempDir) rmSync(state.tempDir, { recursive: true, force: true });
  state.tempDir = null;
}

function onSignal(signal) {
  state.signal ??= signal;
  removeTemp();
  // A terminal's Ctrl+C reaches the child too; kill(1) or a parent's does not.
  if (state.child && state.child.exitCode === null && state.child.signalCode === null) state.child.kill(signal);
  else process.exit(128 + constants.signals[signal]);
}

/** Runs a child; resolves with {code, signal, error}. */
function run(command, argv, options) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, options);
    state.child = child;
    child.once("error", (error) => resolve({ code: null, signal: null, error, child }));
    child.once("close", (code, signal) => resolve({ code, signal, error: null, child }));
    options.onSpawn?.(child);
  }).finally(() => {
    state.child = null;
  });
}

function say(message) {
  process.stderr.write(`kubectl-podsim: ${message}\n`);
}

function cannotRun(kubectl, error) {
  if (error.code === "ENOENT") {
    return kubectl === "kubectl"
      ? "cannot run kubectl: it is not on PATH; install kubectl (https://kubernetes.io/docs/tasks/tools/) or put it on PATH, or set KUBECTL to its path"
      : `cannot run kubectl: ${kubectl} does not exist; set KUBECTL to kubectl's path`;
  }
  if (error.code === "EACCES") return `cannot run kubectl: ${kubectl} is not executable`;
  return `cannot run kubectl (${kubectl}): ${error.message}`;
}

// The resources a Forbidden error names: `pods is forbidden: User "u" cannot
// list resource "pods" in API group "" at the cluster scope`.
function forbiddenResources(stderr) {
  const found = new Set();
  for (const match of stderr.matchAll(/cannot list resource "([^"]+)" in API group "([^"]*)"/g)) {
    found.add(match[2] ? `${match[1]}.${match[2]}` : match[1]);
  }
  return [...found];
}

/** Returns the namespace the context sets, or "" (kubectl's own default then). */
async function contextNamespace(kubectl, args, env) {
  let out = "";
  const result = await run(kubectl, kubectlNamespaceArgs(args), {
    env,
    stdio: ["ignore", "pipe", "ignore"],
    onSpawn: (child) => child.stdout.on("data", (chunk) => (out += chunk)),
  });
  // A kubeconfig kubectl cannot read fails the get below, which says why.
  return result.code === 0 && /^[a-z0-9-]+$/.test(out.trim()) ? out.trim() : "";
}

// kubectl get writes straight into the file (hundreds of MB for a large
// cluster never pass through this process); stderr is relayed as it comes,
// and its start kept to say what failed.
async function kubectlGet(kubectl, args, env, file, stdinFree) {
  const fd = openSync(file, "wx", 0o600);
  let stderr = "";
  let result;
  try {
    result = await run(kubectl, kubectlGetArgs(args), {
      env,
      // An exec credential plugin may ask for a password: stdin is kubectl's
      // unless a change is read from it.
      stdio: [stdinFree ? "inherit" : "ignore", fd, "pipe"],
      onSpawn: (child) =>
        child.stderr?.on("data", (chunk) => {
          process.stderr.write(chunk);
          if (stderr.length < 1 << 20) stderr += chunk;
        }),
    });
  } finally {
    closeSync(fd);
  }
  return { ...result, stderr };
}

async function main(argv) {
  let args;
  let files;
  try {
    args = parseArgs(argv);
    if (!args.help && !args.version) {
      files = args.files.flatMap((file) => expandFile(file, args.recursive));
      if (args.config !== undefined && expandFile(args.config, false)[0] !== args.config) {
        throw new UsageError(`--config ${args.config}: is a directory, not a file`);
      }
    }
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof OptionError)) throw error;
    process.stderr.write(`kubectl-podsim: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cli = fileURLToPath(new URL("./cli.mjs", import.meta.url));
  if (args.version) {
    const { code } = await run(process.execPath, [cli, "--version"], { stdio: "inherit" });
    return code ?? 1;
  }
  if (args.profile !== undefined) {
    const { profiles } = await import("./index.mjs");
    try {
      checkProfile(args.profile, (await profiles()).map((p) => p.name));
    } catch (error) {
      say(error.message);
      return 2;
    }
  }

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, onSignal);
  process.on("exit", removeTemp);
  const env = { ...process.env };
  const kubectl = kubectlCommand(env);
  const stdinFree = !files.includes("-") && args.config !== "-";
  try {
    state.tempDir = mkdtempSync(join(tmpdir(), "kubectl-podsim-"));
    const clusterFile = join(state.tempDir, "kubectl-get.json");
    const namespace = args.namespace ?? (await contextNamespace(kubectl, args, env));
    if (state.signal) return 128 + constants.signals[state.signal];
    const got = await kubectlGet(kubectl, args, env, clusterFile, stdinFree);
    if (state.signal) return 128 + constants.signals[state.signal];
    if (got.error) {
      say(cannotRun(kubectl, got.error));
      return 1;
    }
    if (got.code !== 0) {
      const forbidden = forbiddenResources(got.stderr);
      const what = got.signal ? `was stopped by ${got.signal}` : `failed (exit ${got.code})`;
      say(
        forbidden.length > 0
          ? `kubectl may not list ${forbidden.join(", ")} (Forbidden, above); podsim reads the cluster with list on ${RESOURCES.join(", ")} in all namespaces: nothing was simulated`
          : `kubectl get ${what}${got.stderr.trim() ? " (its message is above)" : " and said nothing"}: nothing was simulated`,
      );
      return got.code || 1;
    }
    const simulated = await run(process.execPath, [cli, ...podsimRunArgs(args, clusterFile, files, namespace)], { stdio: "inherit" });
    if (state.signal) return 128 + constants.signals[state.signal];
    if (simulated.error) {
      say(`cannot run podsim: ${simulated.error.message}`);
      return 1;
    }
    return simulated.signal ? 128 + constants.signals[simulated.signal] : simulated.code;
  } finally {
    removeTemp();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
