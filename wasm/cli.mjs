#!/usr/bin/env node
// podsim on the command line: simulate a scenario file (or stdin) and print
// a report, a Markdown report with --markdown, or the result document with
// --json; diff two variants of a scenario; reduce one to a minimal
// reproduction for one pod; or serve the playground. Diagnostics go to standard error as
// `file:line: severity: message`, the form editors and CI annotate.
// Exit codes: 0 simulated, 1 the input had errors or held no objects,
// 2 wrong usage or unreadable input.
import { createReadStream, existsSync, realpathSync } from "node:fs";
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs as parseNodeArgs } from "node:util";

import { CHUNK_BYTES, compare, diff, hasErrors, loadCluster, profiles, reduce, reducedScenario } from "./index.mjs";
import { MARKDOWN_YAML_CHARS, formatComparison, formatDiff, formatEvents, formatMarkdown, formatReduction, formatReductionMarkdown, formatReport } from "./report.mjs";
import { OptionError, checkProfile, readCommandLine } from "./options.mjs";
import { PAGE_ROOT, serve } from "./serve.mjs";

// The formatters live in report.mjs (the page shares them); exported here too.
export { formatComparison, formatDiff, formatReduction, formatReport };

const USAGE = `usage: podsim run <scenario.yaml | folder | ->... [--apply change.yaml]... [--namespace NS] [--json | --markdown | --events] [--seed N] [--profile P] [--compare] [--start-time T] [--api-latency MS] [--no-controllers] [--decision] [--detail | --pod NS/NAME]
       podsim diff <a.yaml | -> <b.yaml> [--json] [--seed N] [--profile P]
       podsim reduce <cluster.yaml | folder | ->... --pod NS/NAME [--apply change.yaml]... [--namespace NS] [--out F] [--json | --markdown] [--seed N] [--profile P] [--start-time T] [--api-latency MS] [--no-controllers]
       podsim serve [--port N] [--host H]
       podsim --version

Simulates kube-scheduler (v1.37 semantics unless --profile says otherwise)
on a scenario of Kubernetes objects (Node, Pod, PriorityClass,
PodDisruptionBudget, KubeSchedulerConfiguration) and shows, for every pending
pod, whether it is scheduled, nominated with victims, or unschedulable, and why.

  -              read the scenario from standard input, e.g.
                 kubectl get priorityclasses,nodes,pods,pdb -A -o yaml | podsim run -
                 (files and standard input are read as streams: a dump of
                 5,000 nodes and 150,000 pods is normal input)
  several files and folders are one cluster (podsim run nodes.json
                 pods.json, or podsim run dump/): a folder's .json, .yaml
                 and .yml files are read, its subfolders too, in order of
                 their paths (a kubectl cluster-info dump --output-directory
                 tree, a support bundle's cluster-resources/); diagnostics
                 name the file of each line
  --apply F      what if I apply F? lays F's objects over the scenario (a
                 cluster dump) as kubectl apply would: the same kind and
                 namespace/name replaces, others are added; the report
                 leads with what the change makes differ from the cluster
                 settled without it (where its pods land, the cluster's
                 pods that lose their place, the cascades it starts, the
                 PDBs it exhausts), then the cluster's own activity in one
                 line; repeatable, - for standard input
  --namespace NS the namespace of the change's objects that name none
                 (kubectl apply -n; default: default)
  --detail       with --apply, detail every scheduling attempt node by
                 node (the report otherwise shows the change's difference,
                 the first few of each list, and no attempt in full)
  --pod NS/NAME  with --apply, detail that pod's attempts; repeatable
  --decision     each pending pod's first scheduling cycle against the
                 input as it stands, nothing applied, no controllers
                 (what upstream's unit tests check; docs/fidelity.md)
  --no-controllers  do not run the workload controllers (by default
                 Deployments, ReplicaSets, StatefulSets, DaemonSets and
                 Jobs create their pods on the clock and replace the pods
                 preemption deletes, and PDB status follows)
  --json         print the result document (apiVersion podsim/v1)
  --events       print the run as an event log on the simulated clock:
                 each scheduling cycle and each queue, controller and PDB
                 event, in time order, with its time since the start
  --markdown     print a Markdown report for an issue: the profile, each
                 verdict and message, the victims, the diagnostics, and the
                 scenario (when at most 20,000 characters); no share link
  --seed N       seed the random candidate offset (default: offset 0)
  --profile P    the semantics: current (default, v1.37), v1.35, v1.31 or v1.14
  --compare      run current and another profile (the one --profile names,
                 or v1.14) and show where they differ, and why
  --start-time T start the simulated clock at T (RFC 3339, e.g.
                 2024-05-01T08:00:00Z; default: the latest time on the
                 cluster's objects)
  --api-latency MS  give each API call of a preemption MS milliseconds
                 (default 0): victims terminate when their deletion lands
  -h, --help     show this help
  -V, --version  print podsim's version and the semantics it simulates

Problems in the input go to standard error, one a line, as
file:line: severity: message; the report counts them, and --json and
--markdown hold them (and print them to standard error too on exit 1).
Exit status: 0 simulated; 1 the input had errors or held no Kubernetes
objects; 2 wrong usage, or the file cannot be read.

podsim diff simulates two variants of a scenario alike and shows the pods
whose decision (outcome, node, victims) differs, first, then the objects
that differ (added, removed or changed, by kind and namespace/name); for
each pod, the change that flips it when applied alone to a, or "only
together" (at most 20 changes are tried alone). --json prints the
VariantDiff document; the exit status is run's.

podsim reduce cuts a scenario (a cluster dump) down to the smallest set
of its objects that gives one pending pod (--pod) the same first decision:
the same outcome, node and victims, and the same reasons on the nodes kept
(the message's counts shrink with the nodes). It removes nodes, pods, PDBs,
classes and workloads and re-simulates to confirm each step; nothing is
renamed or edited. The report says what was kept and why; the reduced
scenario goes to --out F, or follows the report. --json prints the
Reduction document (the scenario in it), --markdown an issue-ready report.
Exit status: 0 reduced; 1 the pod is not a pending pod of the scenario;
2 wrong usage, or the file cannot be read.

podsim serve serves the playground page from this package over HTTP (the
page runs the engine in the browser; nothing leaves the machine):
  --port N       the port (default 4173, or the next free one)
  --host H       the address to listen on (default 127.0.0.1)`;

class UsageError extends Error {}

// What each command takes, as util.parseArgs reads it: the shared options
// get their check from wasm/options.mjs (option), the others say what they
// take (valid) and may check it.
const HELP = { type: "boolean", short: "h" };
const SEED = { type: "string", option: "seed" };
const PROFILE = { type: "string", option: "profile" };
const RUN_OPTIONS = {
  seed: SEED,
  profile: PROFILE,
  "start-time": { type: "string", option: "startTime" },
  "api-latency": { type: "string", option: "apiLatencyMs" },
  "no-controllers": { type: "boolean" },
};
// run alone: what a report over a change details beyond the change.
const DETAIL = { detail: { type: "boolean" }, pod: { type: "string", option: "pod", multiple: true } };
// run alone: the decision level.
const DECISION = { decision: { type: "boolean" } };
const CHANGE_OPTIONS = {
  apply: { type: "string", multiple: true, valid: "a file with the objects to apply, or - for standard input" },
  namespace: { type: "string", short: "n", option: "namespace" },
};
const COMMANDS = {
  run: {
    options: { help: HELP, json: { type: "boolean" }, markdown: { type: "boolean" }, events: { type: "boolean" }, compare: { type: "boolean" }, ...CHANGE_OPTIONS, ...RUN_OPTIONS, ...DECISION, ...DETAIL },
    args: runArgs,
  },
  diff: { options: { help: HELP, json: { type: "boolean" }, seed: SEED, profile: PROFILE }, args: diffArgs },
  reduce: {
    options: {
      help: HELP,
      pod: { type: "string", option: "pod" },
      out: { type: "string", short: "o", valid: "the file to write the reduced scenario to", check: (t) => t !== "" && t !== "-" },
      json: { type: "boolean" },
      markdown: { type: "boolean" },
      ...CHANGE_OPTIONS,
      ...RUN_OPTIONS,
    },
    args: reduceArgs,
  },
  serve: {
    options: {
      help: HELP,
      port: { type: "string", valid: "a port number from 0 to 65535", check: (t) => /^\d{1,5}$/.test(t) && Number(t) <= 65535 },
      host: { type: "string", valid: "an address to listen on, e.g. 127.0.0.1 or 0.0.0.0" },
    },
    args: serveArgs,
  },
};

/** Returns what a command line asks for, or throws a UsageError or an OptionError. */
function parseArgs(argv) {
  const [command, ...rest] = argv;
  if (command === "-h" || command === "--help") return { help: true };
  if (command === "-V" || command === "--version") return { version: true };
  if (!Object.hasOwn(COMMANDS, command ?? "")) {
    throw new UsageError(command ? `unknown command '${command}' (commands: run, diff, reduce, serve)` : "expected a command: run, diff, reduce or serve");
  }
  const { options, args } = COMMANDS[command];
  const line = readCommandLine(parseNodeArgs, rest, { options, unknown: (flag) => `unknown option for ${command}: ${flag}` });
  return line.values.help ? { help: true } : args(line);
}

// The options every run of run and reduce takes, as the API takes them.
function runOptionsOf(values) {
  return { seed: values.seed, profile: values.profile, startTime: values["start-time"], apiLatencyMs: values["api-latency"], controllers: !values["no-controllers"] };
}

// The checks run and reduce share: standard input once, and --namespace
// only with a change.
function checkChange(args, flags) {
  if ([...args.files, ...args.apply].filter((f) => f === "-").length > 1) throw new UsageError("standard input (-) can be read once: name files for the others");
  if (args.namespace !== undefined && args.apply.length === 0) throw new UsageError(`${flags.namespace} sets the namespace of the change's objects: it needs --apply`);
}

function runArgs({ values, positionals, flags }) {
  const args = { file: positionals[0] ?? null, files: positionals, json: Boolean(values.json), markdown: Boolean(values.markdown), events: Boolean(values.events), compare: Boolean(values.compare), level: values.decision ? "decision" : "run", apply: values.apply ?? [], namespace: values.namespace, detail: Boolean(values.detail), pods: values.pod ?? [], ...runOptionsOf(values) };
  if (args.file === null) throw new UsageError("missing the scenario file (or - for stdin)");
  if ((args.detail || args.pods.length > 0) && args.apply.length === 0) {
    throw new UsageError(`${args.detail ? "--detail" : "--pod"} chooses what a report over a change details: it needs --apply (without it every attempt is detailed)`);
  }
  if ((args.detail || args.pods.length > 0) && (args.json || args.markdown || args.events)) {
    throw new UsageError(`${args.detail ? "--detail" : "--pod"} chooses what the report details: --json, --markdown and --events print everything their way`);
  }
  if ([args.json, args.markdown, args.events].filter(Boolean).length > 1) throw new UsageError("--json, --markdown and --events print different things: choose one");
  if (args.events && args.compare) throw new UsageError("--events prints one run: it cannot be combined with --compare");
  if (values.decision && (args.compare || args.events)) throw new UsageError("--decision gives each pending pod's first cycle alone: it cannot be combined with --compare or --events");
  checkChange(args, flags);
  if (args.compare && args.apply.length > 0) throw new UsageError("--compare and --apply cannot be combined yet: compare the profiles on the scenario with the change in it");
  if (args.compare && args.files.length > 1) throw new UsageError("--compare reads one scenario file: compare the profiles on one");
  return args;
}

function diffArgs({ values, positionals }) {
  const files = positionals;
  if (files.length < 2) throw new UsageError("diff takes two scenario files, a and b (- for standard input, once)");
  if (files.length > 2) throw new UsageError(`unexpected argument ${files[2]}: diff takes two scenario files, a and b`);
  if (files.every((f) => f === "-")) throw new UsageError("standard input (-) can be read once: name files for the others");
  return { diff: true, files, file: files[0], json: Boolean(values.json), seed: values.seed, profile: values.profile };
}

function reduceArgs({ values, positionals, flags }) {
  const args = { reduce: true, file: positionals[0] ?? null, files: positionals, pod: values.pod, out: values.out, json: Boolean(values.json), markdown: Boolean(values.markdown), apply: values.apply ?? [], namespace: values.namespace, ...runOptionsOf(values) };
  if (args.file === null) throw new UsageError("reduce takes the scenario file (or - for stdin)");
  if (args.pod === undefined) throw new UsageError("reduce needs --pod NAMESPACE/NAME: the pending pod to reduce for");
  if (args.json && args.markdown) throw new UsageError("--json and --markdown print different things: choose one");
  checkChange(args, flags);
  return args;
}

function serveArgs({ values, positionals }) {
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}: serve takes options only`);
  const port = values.port === undefined ? 4173 : Number(values.port);
  return { serve: true, port, strictPort: values.port !== undefined, host: values.host ?? "127.0.0.1" };
}

// What a file that cannot be read says, in words; other codes keep the
// system's own message ("EBUSY: resource busy or locked, open 'x'" reads
// "resource busy or locked").
const READ_ERRORS = {
  EEMPTY: "holds no .json, .yaml or .yml file",
  ENOENT: "no such file",
  EISDIR: "is a directory, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "no such file (a part of the path is not a directory)",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "the file name is too long",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EIO: "input/output error",
};

/** Returns the name diagnostics give the input: the path as given, or <stdin>. */
function inputName(file) {
  return file === "-" ? "<stdin>" : file;
}

function cannotRead(file, error) {
  const system = String(error?.message ?? error).replace(/^E[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
  process.stderr.write(`podsim: ${inputName(file)}: ${READ_ERRORS[error?.code] ?? system}\n`);
  return 2;
}

// "file:line: severity: object: path: message", GNU style; "file: severity:
// ..." for a problem with no line. A cluster read from several files names
// the file of each (source).
function diagnosticLine(name, d) {
  name = d.file ?? d.source ?? name;
  const where = d.line > 0 ? `${name}:${d.line}` : name;
  const text = [d.object, d.path, d.message].filter(Boolean).join(": ").replace(/\s*[\r\n]+\s*/g, " ");
  return `${where}: ${d.severity}: ${text}`;
}

// The diagnostics of one or more results (a comparison's two share most
// of theirs), each line once, in order, with its severity.
function diagnosticLines(name, results) {
  const lines = new Map();
  for (const d of results.flatMap((r) => r.diagnostics)) lines.set(diagnosticLine(name, d), d.severity);
  return lines;
}

// "1 error, 2 warnings, 1 note": the report's stand-in for the lines on
// stderr (a note is an info diagnostic: a name podsim generated, say).
function diagnosticCount(lines) {
  const severities = [...lines.values()];
  const of = (severity) => severities.filter((s) => s === severity).length;
  const count = (n, word) => (n === 0 ? [] : [`${n} ${word}${n === 1 ? "" : "s"}`]);
  return [...count(of("error"), "error"), ...count(of("warning"), "warning"), ...count(of("info"), "note")].join(", ");
}

// The engine warns when the input held no objects at all (an empty file, a
// failed kubectl piped in): nothing was simulated, so the run fails.
function heldNoObjects(result) {
  return result.diagnostics.some((d) => d.severity === "warning" && !d.object && !d.path && d.message.startsWith("the input holds no Kubernetes objects"));
}

// Prints the output and the diagnostics; returns the exit code. The report
// leaves the diagnostics to stderr and counts them; a document (--json,
// --markdown) holds them, and they go to stderr too only when the run fails.
function finish(args, results, output) {
  const report = !args.json && !args.markdown;
  const failed = results.some((r) => hasErrors(r) || heldNoObjects(r));
  const lines = diagnosticLines(inputName(args.file), results);
  if (lines.size > 0 && (report || failed)) process.stderr.write(`${[...lines.keys()].join("\n")}\n`);
  const text = report && lines.size > 0 ? `${output}\n\nDiagnostics: ${diagnosticCount(lines)} (on standard error)` : output;
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  return failed ? 1 : 0;
}

// Reads the --apply files into one change: YAML documents one after the
// other (a JSON file is a YAML document too), and locate(line) says which
// file and line a line of the whole is.
async function readChanges(files) {
  const parts = [];
  for (const file of files) {
    try {
      parts.push({ file: inputName(file), text: file === "-" ? await readStdin() : await readFile(file, "utf8") });
    } catch (cause) {
      throw Object.assign(new Error("unreadable"), { file, cause });
    }
  }
  // All JSON: one stream of JSON values; otherwise YAML documents (a JSON
  // file is one too), from the first line on, so that the reader never
  // takes the whole for JSON.
  const json = parts.length > 0 && parts.every((p) => /^\s*[[{]/.test(p.text));
  let text = json || parts.length === 0 ? "" : "---\n";
  const starts = [];
  for (const part of parts) {
    if (text && !text.endsWith("\n")) text += "\n";
    if (text && !json && text !== "---\n") text += "---\n";
    starts.push({ file: part.file, line: text.split("\n").length });
    text += part.text;
  }
  const locate = (line) => {
    if (!(line > 0) || starts.length === 0) return starts.length === 1 ? { file: starts[0].file } : {};
    const at = starts.filter((s) => s.line <= line).pop() ?? starts[0];
    return { file: at.file, line: line - at.line + 1 };
  };
  return { text, locate };
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function inputStream(file) {
  return file === "-" ? process.stdin : createReadStream(file, { highWaterMark: CHUNK_BYTES });
}

// The files a folder holds that may hold objects, its subfolders' too, by
// path in code-unit order (a stable order on every system); names starting
// with a dot are left out.
async function filesIn(folder) {
  const found = [];
  const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    const kind = entry.isSymbolicLink() ? await stat(path) : entry;
    if (kind.isDirectory()) found.push(...(await filesIn(path)));
    else if (kind.isFile() && /\.(json|ya?ml)$/i.test(entry.name)) found.push(path);
  }
  return found;
}

// The inputs of run and reduce as loadCluster takes them: one unnamed
// stream for one file (or standard input), else a named source for each
// file named and each one found in a folder (found: it may hold other
// data). Throws {file, cause} for one that cannot be read.
async function clusterSources(files) {
  if (files.length === 1 && (files[0] === "-" || !(await isFolder(files[0])))) return null;
  const sources = [];
  for (const file of files) {
    if (file === "-") {
      sources.push({ name: inputName(file), file, found: false });
      continue;
    }
    try {
      if (!(await isFolder(file))) {
        await stat(file);
        sources.push({ name: file, file, found: false });
        continue;
      }
      const inFolder = await filesIn(file);
      if (inFolder.length === 0) throw Object.assign(new Error("holds no .json, .yaml or .yml file"), { code: "EEMPTY" });
      sources.push(...inFolder.map((path) => ({ name: path, file: path, found: true })));
    } catch (cause) {
      throw Object.assign(new Error("unreadable"), { file, cause });
    }
  }
  return sources;
}

async function isFolder(file) {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false; // reading it says why
  }
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

// podsim diff: both variants are read whole; each result's diagnostics
// name its own file.
async function diffVariants(args) {
  const texts = [];
  for (const file of args.files) {
    try {
      texts.push(file === "-" ? await readStdin() : await readFile(file, "utf8"));
    } catch (error) {
      return cannotRead(file, error);
    }
  }
  const [a, b] = args.files.map(inputName);
  const diffed = await diff(texts[0], texts[1], { seed: args.seed, profile: args.profile });
  if (diffed.kind !== "VariantDiff") {
    // A refusal: a plain result with the diagnostic that says why.
    return finish(args, [diffed], args.json ? JSON.stringify(diffed, null, 2) : formatReport({ ...diffed, diagnostics: [] }));
  }
  const named = diffed.results.map((r, i) => ({ ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, file: [a, b][i] })) }));
  return finish(args, named, args.json ? JSON.stringify(diffed, null, 2) : formatDiff(diffed, { a, b }));
}

// podsim reduce: the scenario is read whole (the reduced one is cut out of
// its text); with --apply, the change is laid over it as run does.
async function reduceScenario(args) {
  let sources;
  try {
    sources = await clusterSources(args.files);
  } catch (error) {
    return cannotRead(error.file, error.cause);
  }
  let text;
  const named = [];
  try {
    if (!sources) text = args.file === "-" ? await readStdin() : await readFile(args.file, "utf8");
    for (const { name, file, found } of sources ?? []) {
      named.push({ name, text: file === "-" ? await readStdin() : await readFile(file), found });
    }
  } catch (error) {
    return cannotRead(error.path ?? args.file, error);
  }
  const options = { pod: args.pod, seed: args.seed, profile: args.profile, startTime: args.startTime, apiLatencyMs: args.apiLatencyMs, controllers: args.controllers, namespace: args.namespace };
  let reduction;
  if (args.apply.length === 0 && !sources) {
    reduction = await reduce(text, options);
  } else {
    let change;
    try {
      change = await readChanges(args.apply);
    } catch (error) {
      return cannotRead(error.file, error.cause);
    }
    // A cluster of several files is cut out of each of them.
    const cluster = await loadCluster(sources ? named : text);
    reduction = await cluster.reduce(args.pod, { ...options, change: change.text });
    cluster.free();
    if (!reduction.error) reduction.scenario = await reducedScenario(reduction, { cluster: sources ? named : text, change: change.text });
  }
  const name = inputName(args.file);
  if (reduction.error) {
    process.stderr.write(`podsim: ${name}: ${reduction.error}\n`);
    if (args.json) process.stdout.write(`${JSON.stringify(reduction, null, 2)}\n`);
    return 1;
  }
  if (args.out) {
    try {
      await writeFile(args.out, reduction.scenario);
    } catch (error) {
      process.stderr.write(`podsim: cannot write ${args.out}: ${READ_ERRORS[error?.code] ?? error.message}\n`);
      return 2;
    }
  }
  let output;
  if (args.json) output = JSON.stringify(reduction, null, 2);
  else if (args.markdown) output = formatReductionMarkdown(reduction);
  else {
    output = formatReduction(reduction, { file: name });
    const options = runOptions(args, reduction);
    const run = options ? `\nRun it as the reduction did: podsim run ${args.out ?? "<reduced.yaml>"} ${options}` : "";
    output += args.out ? `\n\nThe reduced scenario is in ${args.out}.${run}` : `${run ? `\n${run}` : ""}\n\nReduced scenario:\n${reduction.scenario}`;
  }
  process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
  return 0;
}

// The options every run of a reduction used that the reduced scenario needs
// to decide alike on its own (the seed moves the candidate offset, say), as
// podsim run takes them; "" when it needs none.
function runOptions(args, reduction) {
  const start = args.startTime ?? (reduction.startNeeded ? new Date(reduction.startMs).toISOString().replace(".000Z", "Z") : undefined);
  return [
    args.seed !== undefined && `--seed ${args.seed}`,
    args.profile !== undefined && `--profile ${args.profile}`,
    start !== undefined && `--start-time ${start}`,
    args.apiLatencyMs !== undefined && `--api-latency ${args.apiLatencyMs}`,
    !args.controllers && "--no-controllers",
  ]
    .filter(Boolean)
    .join(" ");
}

async function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof OptionError)) throw error;
    process.stderr.write(`podsim: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.serve) return servePage(args);
  const all = await profiles();
  const known = all.map((p) => p.name);
  if (args.version) {
    // package.json ships in the package, beside wasm/.
    const { version } = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    process.stdout.write(`podsim ${version} (kube-scheduler ${all[0].kubernetesVersion} semantics; profiles: ${known.join(", ")})\n`);
    return 0;
  }
  if (args.profile !== undefined) {
    try {
      checkProfile(args.profile, known);
    } catch (error) {
      process.stderr.write(`podsim: ${error.message}\n`);
      return 2;
    }
  }
  if (args.diff) return diffVariants(args);
  if (args.reduce) return reduceScenario(args);
  if (args.compare) {
    // Two profiles need the scenario twice over: it is read whole.
    let text;
    try {
      text = args.file === "-" ? await readStdin() : await readFile(args.file, "utf8");
    } catch (error) {
      return cannotRead(args.file, error);
    }
    // The engine picks the pair: the current profile against --profile, or
    // against the oldest.
    const comparison = await compare(text, { seed: args.seed, profile: args.profile, startTime: args.startTime, apiLatencyMs: args.apiLatencyMs, controllers: args.controllers });
    if (comparison.kind !== "Comparison") {
      // A refusal: a plain result with the diagnostic that says why.
      const output = args.json ? JSON.stringify(comparison, null, 2) : args.markdown ? formatMarkdown(comparison, { scenario: text }) : formatReport({ ...comparison, diagnostics: [] });
      return finish(args, [comparison], output);
    }
    let output = args.json ? JSON.stringify(comparison, null, 2) : formatComparison(comparison);
    if (args.markdown) output = formatMarkdown(comparison.results[0], { scenario: text, comparison });
    return finish(args, comparison.results, output);
  }
  let sources;
  try {
    sources = await clusterSources(args.files);
  } catch (error) {
    return cannotRead(error.file, error.cause);
  }
  let cluster;
  const kept = args.markdown && !sources ? keepingStart(inputStream(args.file)) : null;
  try {
    const named = sources?.map(({ name, file, found }) => ({ name, text: inputStream(file), found }));
    cluster = await loadCluster(named ?? kept?.source ?? inputStream(args.file));
  } catch (error) {
    return cannotRead(error.path ?? args.file, error);
  }
  // The input is the cluster: the change laid over it (--apply) is empty
  // unless given, and the cluster's own diagnostics come first.
  let change;
  try {
    change = await readChanges(args.apply);
  } catch (error) {
    cluster.free();
    return cannotRead(error.file, error.cause);
  }
  const result = await cluster.simulate(change.text, { seed: args.seed, profile: args.profile, startTime: args.startTime, apiLatencyMs: args.apiLatencyMs, controllers: args.controllers, level: args.level, namespace: args.namespace });
  // The change's own diagnostics name its files and lines; the run's about
  // the cluster's objects (inCluster) keep the cluster's.
  const mine = args.apply.length > 0 ? result.diagnostics.map((d) => (d.inCluster ? d : { ...d, ...change.locate(d.line) })) : result.diagnostics;
  result.diagnostics = [...cluster.summary.diagnostics.map((d) => ({ document: -1, ...d })), ...mine];
  if (cluster.summary.diagnosticCount > cluster.summary.diagnostics.length) {
    const more = cluster.summary.diagnosticCount - cluster.summary.diagnostics.length;
    result.diagnostics.push({ severity: "warning", object: "", path: "", line: 0, document: -1, message: `${more} more diagnostic(s) not shown` });
  }
  cluster.free();
  if (args.markdown) return finish(args, [result], formatMarkdown(result, { scenario: kept?.text() }));
  if (args.json) return finish(args, [result], JSON.stringify(result, null, 2));
  if (args.events) return finish(args, [result], formatEvents(result));
  return finish(args, [result], formatReport({ ...result, diagnostics: [] }, { detail: args.detail, pods: args.pods }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
