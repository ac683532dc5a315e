#!/usr/bin/env node
// podsim on the command line: simulate a scenario file (or stdin) and print
// a report, or the result document with --json; or serve the playground.
// Exit codes: 0 simulated, 1 the input had errors, 2 wrong usage.
import { createReadStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { CHUNK_BYTES, compare, hasErrors, loadCluster, profiles } from "./index.mjs";
import { PAGE_ROOT, serve } from "./serve.mjs";

const USAGE = `usage: podsim run <scenario.yaml | -> [--json] [--seed N] [--profile P] [--compare]
       podsim serve [--port N] [--host H]

Simulates kube-scheduler (v1.35 semantics unless --profile says otherwise)
on a scenario of Kubernetes objects (Node, Pod, PriorityClass,
PodDisruptionBudget, KubeSchedulerConfiguration) and shows, for every pending
pod, whether it is scheduled, nominated with victims, or unschedulable, and why.

  -              read the scenario from standard input, e.g.
                 kubectl get priorityclasses,nodes,pods,pdb -A -o yaml | podsim run -
                 (files and standard input are read as streams: a dump of
                 5,000 nodes and 150,000 pods is normal input)
  --json         print the result document (apiVersion podsim/v1)
  --seed N       seed the random candidate offset (default: offset 0)
  --profile P    the semantics: current (default) or v1.14
  --compare      run both profiles and show where they differ, and why
  -h, --help     show this help

podsim serve serves the playground page from this package over HTTP (the
page runs the engine in the browser; nothing leaves the machine):
  --port N       the port (default 4173, or the next free one)
  --host H       the address to listen on (default 127.0.0.1)`;

class UsageError extends Error {}

function parseServeArgs(rest) {
  const args = { serve: true, port: 4173, strictPort: false, host: "127.0.0.1" };
  while (rest.length > 0) {
    const arg = rest.shift();
    if (arg === "-h" || arg === "--help") return { help: true };
    if (arg === "--port") {
      const value = rest.shift();
      if (!/^\d{1,5}$/.test(value ?? "") || Number(value) > 65535) throw new UsageError("--port takes a port number (0-65535)");
      args.port = Number(value);
      args.strictPort = true;
    } else if (arg === "--host") {
      const value = rest.shift();
      if (!value || value.startsWith("-")) throw new UsageError("--host takes an address, e.g. 127.0.0.1 or 0.0.0.0");
      args.host = value;
    } else throw new UsageError(`unknown option for serve: ${arg}`);
  }
  return args;
}

function parseArgs(argv) {
  const args = { file: null, json: false, seed: undefined, profile: undefined, compare: false };
  const rest = [...argv];
  if (rest[0] === "-h" || rest[0] === "--help") return { help: true };
  const command = rest.shift();
  if (command === "serve") return parseServeArgs(rest);
  if (command !== "run") throw new UsageError(command ? `unknown command '${command}' (commands: run, serve)` : "expected a command: run or serve");
  while (rest.length > 0) {
    const arg = rest.shift();
    if (arg === "--json") args.json = true;
    else if (arg === "--compare") args.compare = true;
    else if (arg === "--profile") {
      const value = rest.shift();
      if (!value || value.startsWith("-")) throw new UsageError("--profile takes a profile name");
      args.profile = value;
    }
    else if (arg === "-h" || arg === "--help") return { help: true };
    else if (arg === "--seed") {
      const value = rest.shift();
      if (!/^\d{1,15}$/.test(value ?? "")) throw new UsageError("--seed takes a non-negative integer");
      args.seed = Number(value);
    } else if (arg.startsWith("--")) throw new UsageError(`unknown option ${arg}`);
    else if (args.file === null) args.file = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if (args.file === null) throw new UsageError("missing the scenario file (or - for stdin)");
  return args;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function inputStream(file) {
  return file === "-" ? process.stdin : createReadStream(file, { highWaterMark: CHUNK_BYTES });
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function describeStatus(status) {
  if (!status) return "not filtered";
  if (status.code === "Success") return "fits";
  const plugin = status.plugin ? `${status.plugin}: ` : "";
  return `${status.code} (${plugin}${status.reasons.join(", ")})`;
}

function verdictLine(attempt) {
  const name = attempt.pod;
  if (attempt.outcome === "Scheduled") return `${name} -> scheduled on ${attempt.node}`;
  if (attempt.outcome === "Nominated") {
    const victims = attempt.victims.map((v) => v.pod).join(", ");
    return `${name} -> nominated ${attempt.node}, evicting ${plural(attempt.victims.length, "pod")}: ${victims}`;
  }
  return `${name} -> cannot be scheduled`;
}

function describeDecision(d) {
  if (d.outcome === "Scheduled") return `scheduled on ${d.node}`;
  if (d.outcome === "Nominated") {
    return d.victims.length === 0
      ? `nominated ${d.node}, evicting nothing`
      : `nominated ${d.node}, evicting ${d.victims.join(", ")}`;
  }
  return "cannot be scheduled";
}

/** Formats a comparison of two profiles as a report a person can read. */
export function formatComparison(comparison) {
  const [a, b] = comparison.profiles;
  const out = [`podsim: ${a.name} (kube-scheduler ${a.kubernetesVersion}) compared with ${b.name} (kube-scheduler ${b.kubernetesVersion})`];
  if (comparison.differences.length === 0) out.push("", "Both profiles decide every pod alike.");
  for (const d of comparison.differences) {
    const what = d.kind === "decision" ? "first decision" : "final outcome";
    out.push("", `${d.pod}: the ${what} differs`);
    out.push(`  ${a.name.padEnd(8)} ${describeDecision(d.a)}`);
    out.push(`  ${b.name.padEnd(8)} ${describeDecision(d.b)}`);
    if (d.together) out.push("  no single rule explains it; these do together:");
    for (const rule of d.rules) out.push(`  because (${rule.switch}): ${rule.text}`);
  }
  return out.join("\n");
}

/** Formats the result document as a report a person can read. */
export function formatReport(result) {
  const out = [`podsim: kube-scheduler ${result.kubernetesVersion} semantics (profile ${result.profile})`];
  if (result.diagnostics.length > 0) {
    out.push("", "Diagnostics:");
    for (const d of result.diagnostics) {
      const where = [d.object, d.path].filter(Boolean).join(" ");
      const line = d.line > 0 ? ` (line ${d.line})` : "";
      out.push(`  ${d.severity.padEnd(7)} ${where}${line}: ${d.message}`);
    }
  }
  for (const pdb of result.pdbs) {
    out.push("", `PodDisruptionBudget ${pdb.pdb}: ${pdb.explanation}`);
  }
  if (result.pods.length === 0) out.push("", "No pending pods to schedule.");
  for (const attempt of result.pods) {
    out.push("", `${verdictLine(attempt)}   [priority ${attempt.priority}, attempt ${attempt.attempt}]`);
    out.push(`  message: ${attempt.message}`);
    for (const v of attempt.victims) {
      out.push(`  victim:  ${v.pod} on ${v.node}, priority ${v.priority}${v.pdbViolation ? ", violates its PDB" : ""}`);
    }
    for (const step of attempt.trace) out.push(`  ${step.text}`);
    const shown = attempt.nodes.filter((n) => n.filter || n.preemption);
    if (shown.length > 0) out.push("  nodes:");
    for (const node of shown) {
      const score = node.score ? `, score ${node.score.total}` : "";
      out.push(`    ${node.node}: ${describeStatus(node.filter)}${score}`);
      if (node.preemption) {
        out.push(`      preemption: ${node.preemption.verdict}`);
        for (const step of node.preemption.trace) out.push(`        - ${step.text}`);
      }
    }
    if (attempt.selection.length > 0) out.push("  choosing among candidates:");
    for (const step of attempt.selection) {
      const scores = Object.entries(step.display).map(([n, s]) => `${n}=${s}`).join(" ");
      out.push(`    ${step.criterion}: ${scores}${scores ? " -> " : ""}kept ${step.kept.join(", ")}`);
    }
  }
  return out.join("\n");
}

// Serves until interrupted; returns an exit code only when it cannot start.
async function servePage({ host, port, strictPort }) {
  if (!existsSync(join(PAGE_ROOT, "index.html"))) {
    process.stderr.write(`podsim: the playground is not built in ${PAGE_ROOT}: in a clone, run npm run build first\n`);
    return 1;
  }
  let served;
  try {
    served = await serve({ host, port, strictPort });
  } catch (error) {
    process.stderr.write(`podsim: cannot serve on ${host}:${port}: ${error.code ?? error.message}\n`);
    return 1;
  }
  process.stdout.write(`podsim playground: ${served.url}  (Ctrl+C stops it)\n`);
  const stop = () => served.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return new Promise(() => {});
}

async function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`podsim: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.serve) return servePage(args);
  const known = (await profiles()).map((p) => p.name);
  if (args.profile !== undefined) {
    if (!known.includes(args.profile)) {
      process.stderr.write(`podsim: unknown profile "${args.profile}" (known: ${known.join(", ")})\n`);
      return 2;
    }
  }
  if (args.compare) {
    // Two profiles need the scenario twice over: it is read whole.
    let text;
    try {
      text = args.file === "-" ? await readStdin() : await readFile(args.file, "utf8");
    } catch (error) {
      process.stderr.write(`podsim: cannot read ${args.file}: ${error.code ?? error.message}\n`);
      return 2;
    }
    // The default profile against the one asked for, or the next one known.
    const [base, next] = known;
    const names = [base, args.profile && args.profile !== base ? args.profile : next];
    const comparison = await compare(text, { seed: args.seed, profiles: names });
    if (comparison.kind !== "Comparison") {
      process.stdout.write(`${formatReport(comparison)}\n`);
      return 1;
    }
    const output = args.json ? JSON.stringify(comparison, null, 2) : formatComparison(comparison);
    process.stdout.write(`${output}\n`);
    return comparison.results.some(hasErrors) ? 1 : 0;
  }
  let cluster;
  try {
    cluster = await loadCluster(inputStream(args.file));
  } catch (error) {
    process.stderr.write(`podsim: cannot read ${args.file}: ${error.code ?? error.message}\n`);
    return 2;
  }
  // The input is the cluster: the scenario laid over it is empty, and the
  // cluster's own diagnostics come first.
  const result = await cluster.simulate("", { seed: args.seed, profile: args.profile });
  result.diagnostics = [...cluster.summary.diagnostics.map((d) => ({ document: -1, ...d })), ...result.diagnostics];
  if (cluster.summary.diagnosticCount > cluster.summary.diagnostics.length) {
    const more = cluster.summary.diagnosticCount - cluster.summary.diagnostics.length;
    result.diagnostics.push({ severity: "warning", object: "", path: "", line: 0, document: -1, message: `${more} more diagnostic(s) not shown` });
  }
  cluster.free();
  process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatReport(result)}\n`);
  return hasErrors(result) ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === (await import("node:fs")).realpathSync(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
