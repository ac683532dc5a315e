#!/usr/bin/env node
// podsim on the command line: simulate a scenario file (or stdin) and print
// a report, a Markdown report with --markdown, or the result document with
// --json; or serve the playground.
// Exit codes: 0 simulated, 1 the input had errors, 2 wrong usage.
import { createReadStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { CHUNK_BYTES, compare, hasErrors, loadCluster, profiles } from "./index.mjs";
import { MARKDOWN_YAML_CHARS, formatComparison, formatMarkdown, formatReport } from "./report.mjs";
import { PAGE_ROOT, serve } from "./serve.mjs";

// The formatters live in report.mjs (the page shares them); exported here too.
export { formatComparison, formatReport };

const USAGE = `usage: podsim run <scenario.yaml | -> [--json | --markdown] [--seed N] [--profile P] [--compare]
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
  --markdown     print a Markdown report for an issue: the profile, each
                 verdict and message, the victims, the diagnostics, and the
                 scenario (when at most 20,000 characters); no share link
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
  const args = { file: null, json: false, markdown: false, seed: undefined, profile: undefined, compare: false };
  const rest = [...argv];
  if (rest[0] === "-h" || rest[0] === "--help") return { help: true };
  const command = rest.shift();
  if (command === "serve") return parseServeArgs(rest);
  if (command !== "run") throw new UsageError(command ? `unknown command '${command}' (commands: run, serve)` : "expected a command: run or serve");
  while (rest.length > 0) {
    const arg = rest.shift();
    if (arg === "--json") args.json = true;
    else if (arg === "--markdown") args.markdown = true;
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
  if (args.json && args.markdown) throw new UsageError("--json and --markdown print different things: choose one");
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

// Passes a stream's chunks through and keeps its start: enough bytes for a
// Markdown report's scenario (at most 4 bytes a character, and one more
// character, so a longer input says it is longer).
function keepingStart(stream) {
  const limit = (MARKDOWN_YAML_CHARS + 1) * 4;
  const kept = { chunks: [], bytes: 0 };
  async function* pass() {
    for await (const chunk of stream) {
      if (kept.bytes < limit) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        kept.chunks.push(Buffer.from(bytes.subarray(0, limit - kept.bytes))); // a copy: not the whole chunk
        kept.bytes += Math.min(bytes.length, limit - kept.bytes);
      }
      yield chunk;
    }
  }
  return { source: pass(), text: () => Buffer.concat(kept.chunks).toString("utf8") };
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
      process.stdout.write(`${args.markdown ? formatMarkdown(comparison, { scenario: text }) : formatReport(comparison)}\n`);
      return 1;
    }
    let output = args.json ? JSON.stringify(comparison, null, 2) : formatComparison(comparison);
    if (args.markdown) output = formatMarkdown(comparison.results[0], { scenario: text, comparison }).trimEnd();
    process.stdout.write(`${output}\n`);
    return comparison.results.some(hasErrors) ? 1 : 0;
  }
  let cluster;
  const kept = args.markdown ? keepingStart(inputStream(args.file)) : null;
  try {
    cluster = await loadCluster(kept?.source ?? inputStream(args.file));
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
  if (args.markdown) process.stdout.write(formatMarkdown(result, { scenario: kept.text() }));
  else process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatReport(result)}\n`);
  return hasErrors(result) ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === (await import("node:fs")).realpathSync(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
