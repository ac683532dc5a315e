// The JS API of podsim: loads the WebAssembly engine and hands it scenario
// text (YAML or JSON, one or many documents, or a kubectl List), which the
// engine reads itself. Works in Node, in pages and in Web Workers.
//
//   simulate(text)            one scenario, text in, result document out
//   loadCluster(source)       a cluster dump read once, from text, bytes, a
//                             Blob, a stream or an async iterable of chunks,
//                             or from several files ([{name, text}, File]);
//                             then cluster.simulate(text) lays scenarios
//                             over it, and cluster.free() releases it
//   reduce(text, {pod})       the smallest part of a scenario that gives
//                             one pending pod the same decision
import loadModule from "./build/podsim.mjs";
import { optionValue, requiredValue } from "./options.mjs";

/** What a bad option value throws: a TypeError naming the option, the value and what is valid. */
export { OptionError } from "./options.mjs";

/**
 * The largest text simulate() and compare() take as one string; larger
 * input goes through loadCluster() as a stream. (A JavaScript string holds
 * at most about 512 MiB, and the engine has 4 GiB in all.)
 */
export const MAX_TEXT_BYTES = 256 * 1024 * 1024;
/** Bytes handed to the engine at a time when reading a stream or a Blob. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

// Bundlers that understand this form (Vite, webpack 5, Rollup with a URL
// plugin) copy the .wasm beside the bundle; others (esbuild) leave it, and
// the caller names the .wasm with options.wasm instead.
const defaultWasm = new URL("./build/podsim.wasm", import.meta.url);
let enginePromise = null;
let wasmSource; // the options.wasm of the engine that loaded

function isNode() {
  return typeof process === "object" && typeof process.versions?.node === "string";
}

async function fetchWasm(url) {
  if (isNode() && url.protocol === "file:") {
    const fsModule = "node:fs/promises"; // a variable keeps bundlers from packing it
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    return readFile(url);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`cannot fetch the engine's WebAssembly from ${url}: ${error?.message ?? error}`);
  }
  if (!response.ok) throw new Error(`cannot fetch the engine's WebAssembly from ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The engine's binary from options.wasm: a URL (or its text), bytes, a
// Response, a WebAssembly.Module, or a promise of one of these.
async function wasmOf(source) {
  const value = await source;
  if (value === undefined || value === null) return fetchWasm(defaultWasm);
  if (value instanceof URL) return fetchWasm(value);
  if (typeof value === "string") return fetchWasm(new URL(value, globalThis.location?.href ?? defaultWasm));
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (typeof WebAssembly === "object" && value instanceof WebAssembly.Module) return value;
  if (typeof Response === "function" && value instanceof Response) {
    if (!value.ok) throw new Error(`cannot load the engine's WebAssembly from ${value.url}: HTTP ${value.status}`);
    return new Uint8Array(await value.arrayBuffer());
  }
  throw new TypeError("options.wasm takes a URL, bytes (Uint8Array or ArrayBuffer), a Response or a WebAssembly.Module");
}

function moduleOptions(binary) {
  if (binary instanceof Uint8Array) return { wasmBinary: binary };
  // A compiled module: instantiate it with the imports the glue asks for.
  return {
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(binary, imports).then((instance) => done(instance, binary));
      return {};
    },
  };
}

/**
 * Loads the engine once; later calls return the same engine. options.wasm
 * says where its WebAssembly is (see simulate); it counts on the first call
 * only. A load that fails is forgotten, so the next call may name another.
 */
export function loadEngine(options = {}) {
  // After an engine aborted, its replacement comes from where it came from.
  const wasm = options.wasm ?? wasmSource;
  enginePromise ??= wasmOf(wasm)
    .then((binary) => loadModule(moduleOptions(binary)))
    .then((engine) => {
      wasmSource = wasm;
      return engine;
    })
    .catch((error) => {
      enginePromise = null;
      const hint = wasm === undefined
        ? "; if a bundler (esbuild, say) did not copy podsim.wasm, pass its URL or bytes as options.wasm"
        : "";
      throw new Error(`${error?.message ?? error}${hint}`, { cause: error });
    });
  return enginePromise;
}

// An engine that aborted (out of memory) cannot be used again: the next
// call loads a fresh one.
// core never aborts (no exceptions, no abort(), asserts off in release), so
// an Emscripten "Aborted()" is a failed allocation: memory that could not grow.
function engineFailed(error) {
  enginePromise = null;
  const what = /memory|OOM|enlarge|^Aborted\(/i.test(String(error?.message ?? error))
    ? "the engine ran out of memory (WebAssembly holds at most 4 GiB)"
    : `the engine failed: ${error?.message ?? error}`;
  return new Error(`${what}; the command line (npx podsim run) reads any size in the same engine`);
}

function inputError(message) {
  return { severity: "error", object: "", path: "", line: 0, document: -1, message };
}

// A result document that carries one input diagnostic and no decisions (and
// not the empty input's own warning).
async function refused(message, options) {
  const engine = await loadEngine(options);
  const result = JSON.parse(engine.simulate("", -1, -1, "", NaN, 0, true, false));
  result.diagnostics = [inputError(message)];
  return result;
}

function textOf(text) {
  // Lone UTF-16 surrogates cannot travel as UTF-8: they become U+FFFD.
  return (typeof text === "string" ? text : String(text ?? "")).toWellFormed();
}

function tooLarge(text) {
  const bytes = text.length * 3 > MAX_TEXT_BYTES ? new TextEncoder().encode(text).length : text.length;
  if (bytes <= MAX_TEXT_BYTES) return null;
  return `input is ${(bytes / 1048576).toFixed(1)} MiB; simulate() takes at most ${MAX_TEXT_BYTES / 1048576} MiB of text: read a larger cluster with loadCluster() (the CLI and the page do)`;
}

// The options every run takes, as the engine takes them (wasm/options.mjs
// checks each; a bad value throws its OptionError, a TypeError).
function runOptionsOf(options) {
  return {
    seed: optionValue(options, "seed") ?? -1,
    profile: optionValue(options, "profile") ?? "",
    start: optionValue(options, "startTime") ?? NaN,
    latency: optionValue(options, "apiLatencyMs") ?? 0,
    controllers: optionValue(options, "controllers") ?? true,
  };
}

// options.level: "decision" asks for each pending pod's first cycle alone.
function decisionOf(options) {
  return optionValue(options, "level") === "decision";
}

// options.detailAttempt, or -1: the default detail budget.
function detailOf(options) {
  return optionValue(options, "detailAttempt") ?? -1;
}

// options.namespace: the namespace of the change's objects that name none.
function namespaceOf(options) {
  return options.namespace === "" ? "" : (optionValue(options, "namespace") ?? "");
}

// options.pod: the pending pod to reduce for, which reduce() needs.
function podOf(options, option) {
  return requiredValue(options, "pod", option);
}

// The two profiles compare() runs unless options.profiles names them:
// core's answer, the current profile against the one named, or against the
// oldest. A name the engine does not know is passed on, for its diagnostic.
function comparedProfiles(engine, against) {
  return JSON.parse(engine.comparedProfiles(against)).map((name) => name ?? against);
}

/**
 * Returns the semantics profiles the engine knows, the default first:
 * [{name, kubernetesVersion, summary}].
 */
export async function profiles(options = {}) {
  const engine = await loadEngine(options);
  return JSON.parse(engine.profiles());
}

/**
 * Simulates a scenario and returns the result document (apiVersion
 * podsim/v1). Bad input never throws: it becomes diagnostics, each with the
 * line of its object or field. A bad option value throws an OptionError (a
 * TypeError; wasm/options.mjs says what each takes).
 * options.seed (a non-negative integer) seeds the random candidate offset.
 * options.profile names the semantics ("current", the default, or "v1.14").
 * Per-node detail (filter results, dry-run traces) is kept for the first
 * attempts, up to about 10,000 node entries; options.detailAttempt (0-based)
 * asks for that one attempt in detail instead. options.startTime (an RFC
 * 3339 time, a Date or Unix milliseconds) starts the simulated clock; by
 * default it starts at the latest time on the cluster's objects.
 * options.apiLatencyMs gives each API call of a preemption that long.
 * options.controllers (default true) runs the workload controllers: the
 * pods of Deployments, StatefulSets, DaemonSets and Jobs, and replacements
 * for the pods preemption takes from them.
 * options.level: "run" (the default) runs every pending pod through the
 * queue until it settles; "decision" gives each pending pod's first
 * scheduling cycle against the input as it stands, nothing applied, no
 * controllers (what the differential oracle compares; docs/fidelity.md).
 * options.wasm, on the first call of any function here, says where the
 * engine's WebAssembly is when it is not beside this file (a bundle made by
 * a tool that does not copy it): its URL, its bytes, a Response or a
 * compiled WebAssembly.Module.
 */
export async function simulate(text, options = {}) {
  const { seed, profile, start, latency, controllers } = runOptionsOf(options);
  const detail = detailOf(options);
  const decision = decisionOf(options);
  const source = textOf(text);
  const large = tooLarge(source);
  if (large) return refused(large, options);
  const engine = await loadEngine(options);
  try {
    return JSON.parse(engine.simulate(source, seed, detail, profile, start, latency, controllers, decision));
  } catch (error) {
    throw engineFailed(error);
  }
}

/**
 * Simulates a scenario under two profiles and returns {kind: "Comparison",
 * profiles, differences, results: [a, b]}: each pod whose decision or final
 * outcome differs, with the rules that explain it. options.profiles names
 * the two, [a, b]; without it the engine chooses: the current profile
 * against options.profile, or against the oldest (v1.14) when that is
 * absent or current. seed, startTime, apiLatencyMs and controllers as
 * simulate() reads them. An unknown profile name returns a plain result
 * with the diagnostic.
 */
export async function compare(text, options = {}) {
  const { seed, profile, start, latency, controllers } = runOptionsOf(options);
  const pair = optionValue(options, "profiles");
  const source = textOf(text);
  const large = tooLarge(source);
  if (large) return refused(large, options);
  const engine = await loadEngine(options);
  const [a, b] = pair ?? comparedProfiles(engine, profile);
  try {
    return JSON.parse(engine.compare(source, seed, a, b, start, latency, controllers));
  } catch (error) {
    throw engineFailed(error);
  }
}

/**
 * Simulates two variants of a scenario alike (options.profile, seed,
 * startTime, apiLatencyMs, controllers as simulate() reads them) and returns
 * {kind: "VariantDiff", objects, differences, tried, limit, results: [a, b]}:
 * the objects added, removed or changed from a to b, and each pod whose
 * decision or final outcome differs, with the changes that flip it alone
 * (or "together" when none does). An unknown profile name returns a plain
 * result with the diagnostic.
 */
export async function diff(a, b, options = {}) {
  const { seed, profile, start, latency, controllers } = runOptionsOf(options);
  const sourceA = textOf(a);
  const sourceB = textOf(b);
  const large = tooLarge(sourceA) ?? tooLarge(sourceB);
  if (large) return refused(large, options);
  const engine = await loadEngine(options);
  try {
    return JSON.parse(engine.diff(sourceA, sourceB, seed, profile, start, latency, controllers));
  } catch (error) {
    throw engineFailed(error);
  }
}

/**
 * Reduces a scenario for one pending pod (options.pod, "<namespace>/<name>")
 * to the smallest subset of its objects that gives that pod's first
 * scheduling attempt the same decision (outcome, node, victims, the same
 * reasons on the nodes kept; the message's counts shrink), removing
 * objects and re-simulating to confirm each step. options.profile, seed,
 * startTime, apiLatencyMs and controllers as simulate() reads them, alike
 * in every run. Returns {kind: "Reduction", pod, decision, message,
 * reducedMessage, startMs, kept, counts, runs, limit, capped, scenario}:
 * kept lists each object kept with why, and scenario is the reduced
 * scenario's text, the kept objects cut out of text unchanged. A pod that
 * is not pending, an unknown pod or an unknown profile returns {kind:
 * "Reduction", pod, error}.
 */
export async function reduce(text, options = {}) {
  const pod = podOf(options);
  const { seed, profile, start, latency, controllers } = runOptionsOf(options);
  const source = textOf(text);
  const large = tooLarge(source);
  if (large) return { apiVersion: "podsim/v1", kind: "Reduction", pod, error: large, runs: 0 };
  const engine = await loadEngine(options);
  let reduction;
  try {
    reduction = JSON.parse(engine.reduce(source, pod, seed, profile, start, latency, controllers));
  } catch (error) {
    throw engineFailed(error);
  }
  if (!reduction.error) reduction.scenario = await keptText(reduction.kept, source);
  return reduction;
}

/**
 * Returns the text of a reduction's scenario: its kept objects cut out of
 * their sources unchanged, in input order. sources.cluster is what the
 * cluster was loaded from: the text, the bytes or the Blob (read only where
 * the kept objects are), or the list of files given to loadCluster();
 * sources.change the change laid over it, if any. For reduce(text),
 * reduction.scenario holds it already.
 */
export async function reducedScenario(reduction, sources = {}) {
  const fromCluster = reduction.kept.filter((o) => !o.change);
  const files = namedSources(sources.cluster);
  const parts = [];
  if (files) {
    // Each file's kept objects, in the order the files were read.
    for (const file of files) parts.push(await keptText(fromCluster.filter((o) => o.source === file.name), file.text));
  } else {
    parts.push(await keptText(fromCluster, sources.cluster));
  }
  parts.push(await keptText(reduction.kept.filter((o) => o.change), sources.change));
  const texts = parts.filter((t) => t);
  if (texts.every((t) => t.trimStart().startsWith("{"))) return texts.join("\n");
  // YAML documents; JSON ones among them are YAML too, once the stream
  // starts as YAML.
  return `${texts[0]?.trimStart().startsWith("{") ? "---\n" : ""}${texts.join("---\n")}`;
}

const utf8 = new TextDecoder();

// Reads bytes [begin, end) of a source, as the engine counted them: text (in
// UTF-8), bytes or a Blob (sliced, never read whole).
function byteReader(source) {
  if (typeof Blob !== "undefined" && source instanceof Blob) {
    return async (begin, end) => new Uint8Array(await source.slice(begin, end).arrayBuffer());
  }
  let bytes;
  if (source instanceof Uint8Array) bytes = source;
  else if (source instanceof ArrayBuffer) bytes = new Uint8Array(source);
  else bytes = new TextEncoder().encode(textOf(source ?? ""));
  return async (begin, end) => bytes.subarray(begin, end);
}

// The kept objects' text, cut out of source by the byte ranges the engine
// read them at (range.form says how to put them together again): JSON values
// as the items of a List, in kubectl's layout; YAML documents whole (with
// their leading comments), and the items of a YAML list as a List of the
// kept items of their document.
async function keptText(kept, source) {
  const objects = kept.filter((o) => o.range.end > o.range.begin).sort((a, b) => a.range.begin - b.range.begin);
  if (!objects.length) return "";
  const read = byteReader(source);
  const pieces = await Promise.all(objects.map(async ({ range }) => {
    // The line's text before the value: its indentation, and "- " for an item.
    const from = Math.max(0, range.begin - 1024);
    const before = await read(from, range.begin);
    const newline = before.lastIndexOf(0x0a);
    const column = before.length - newline - 1;
    return { text: withImplied(utf8.decode(await read(range.begin, range.end)), range, column), column, atLine: newline >= 0 || from === 0 };
  }));
  if (objects.every((o) => o.range.form === "json")) return jsonList(pieces);
  const parts = []; // {text} for a document, {document, items} for a List
  for (const [i, o] of objects.entries()) {
    const { text, column, atLine } = pieces[i];
    if (o.range.form !== "yamlItem") {
      parts.push({ text: withNewline(text) });
      continue;
    }
    // Its first line at its column again, so that the lines after it line up.
    const item = `${atLine && column >= 2 ? " ".repeat(column - 2) : ""}- ${withNewline(text)}`;
    const last = parts.at(-1);
    if (last?.items && last.document === o.document) last.items.push(item);
    else parts.push({ document: o.document, items: [item] });
  }
  return parts.map((p) => (p.items ? `apiVersion: v1\nitems:\n${p.items.join("")}kind: List\n` : p.text)).join("---\n");
}

// An item of a typed list (NodeList) that names no kind or apiVersion gets
// its list's, written first, as its own keys are: the cut-out text must say
// what it is on its own.
function withImplied(text, range, column) {
  const implied = Object.entries(range.implied ?? {});
  if (implied.length === 0) return text;
  if (range.form === "json") {
    const open = /^\{(\s*)/.exec(text);
    if (!open || text[open[0].length] === "}") return text;
    const gap = open[1] || " ";
    return `{${gap}${implied.map(([key, value]) => `"${key}": ${JSON.stringify(value)},${gap}`).join("")}${text.slice(open[0].length)}`;
  }
  return `${implied.map(([key, value]) => `${key}: ${value}\n${" ".repeat(column)}`).join("")}${text}`;
}

function withNewline(text) {
  return text.endsWith("\n") ? text : `${text}\n`;
}

// JSON values as the items of a List, laid out as kubectl prints one: each
// value's lines are moved to its items' column (JSON text breaks lines only
// between tokens), so the items of a kubectl dump come out byte for byte.
function jsonList(pieces) {
  const items = pieces.map(({ text, column, atLine }) => {
    const shift = atLine ? 8 - column : 0;
    const lines = shift === 0 ? text : text.replace(/\n( *)/g, (_, spaces) => `\n${shift > 0 ? " ".repeat(shift) + spaces : spaces.slice(-shift)}`);
    return `        ${lines}`;
  });
  return `{\n    "apiVersion": "v1",\n    "items": [\n${items.join(",\n")}\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n`;
}

/** Returns whether a result document carries an error diagnostic. */
export function hasErrors(result) {
  return result.diagnostics.some((d) => d.severity === "error");
}

async function* readerChunks(reader) {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

// Passes chunks on, making text well formed: a surrogate pair split between
// two text chunks is joined again, and a lone surrogate becomes U+FFFD.
async function* wellFormed(chunks) {
  let carry = "";
  for await (const chunk of chunks) {
    if (typeof chunk !== "string") {
      if (carry) yield carry.toWellFormed();
      carry = "";
      yield chunk;
      continue;
    }
    let text = carry + chunk;
    carry = "";
    if (/[\ud800-\udbff]$/.test(text)) {
      carry = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text) yield text.toWellFormed();
  }
  if (carry) yield carry.toWellFormed();
}

// Yields the source as chunks of bytes or text, never as one string.
async function* chunksOf(source) {
  if (typeof source === "string") {
    for (let i = 0; i < source.length; ) {
      let end = Math.min(source.length, i + CHUNK_BYTES);
      // Never split a surrogate pair.
      if (end < source.length && /[\ud800-\udbff]/.test(source[end - 1])) end -= 1;
      yield source.slice(i, end).toWellFormed();
      i = end;
    }
  } else if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : source;
    for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
  } else if (typeof Blob !== "undefined" && source instanceof Blob) {
    // In a worker, FileReaderSync reads a slice without a copy of the whole.
    const sync = typeof FileReaderSync === "function" ? new FileReaderSync() : null;
    for (let i = 0; i < source.size; i += CHUNK_BYTES) {
      const slice = source.slice(i, i + CHUNK_BYTES);
      yield new Uint8Array(sync ? sync.readAsArrayBuffer(slice) : await slice.arrayBuffer());
    }
  } else if (source && typeof source.getReader === "function") {
    yield* wellFormed(readerChunks(source.getReader()));
  } else if (source && (Symbol.asyncIterator in source || Symbol.iterator in source)) {
    yield* wellFormed(source);
  } else {
    throw new TypeError("loadCluster takes text, bytes, a Blob, a ReadableStream or an iterable of chunks");
  }
}

// Whether a value is one named source of several: {name, text} (text being
// anything chunksOf reads) or a Blob (a File names itself).
function isNamedSource(value) {
  if (typeof Blob !== "undefined" && value instanceof Blob) return true;
  return value !== null && typeof value === "object" && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && "text" in value;
}

// The sources of a cluster as [{name, text, found}], or null for one unnamed
// source (text, bytes, a Blob, a stream, chunks), as before there were
// several.
function namedSources(source) {
  const one = (value, i) => {
    if (typeof Blob !== "undefined" && value instanceof Blob) return { name: value.name ?? `source ${i + 1}`, text: value, found: false };
    if (!isNamedSource(value)) throw new TypeError("loadCluster takes a list of sources, each {name, text} or a File");
    return { name: String(value.name ?? `source ${i + 1}`), text: value.text, found: Boolean(value.found) };
  };
  if (Array.isArray(source) && source.some(isNamedSource)) return source.map(one);
  if (isNamedSource(source) && !(typeof Blob !== "undefined" && source instanceof Blob)) return [one(source, 0)];
  return null;
}

/**
 * Reads a cluster (a kubectl dump: YAML or JSON, of any size) once, as a
 * stream, and returns a handle to simulate scenarios over it. The source is
 * one text (a string, bytes, a Blob, a ReadableStream or an iterable of
 * chunks), or several files that form one cluster (a support bundle, a
 * `kubectl cluster-info dump --output-directory` tree): a list of
 * {name, text} (text as above; found: true for a file found in a folder
 * rather than named) and Files, read in order; then diagnostics name the
 * file of their line (source), and so do the objects (source).
 *   summary          {nodes, pods: {total, bound, pending}, podsByNamespace,
 *                     priorityClasses, pdbs, errors, diagnostics, ...}
 *   simulate(text, options)  the result document for the cluster with the
 *                     scenario's objects laid over it (same kind and name
 *                     replaces, as kubectl apply would); the scenario
 *                     is the change: its pods are marked fromChange, and
 *                     options.namespace names the namespace of its objects
 *                     that name none; the scenario's own diagnostics only;
 *                     a non-empty scenario also gets `change`, what it
 *                     makes differ from the cluster settled alone (the
 *                     cluster alone is settled once per options)
 *   reduce(pod, options)  reduce() over the cluster with options.change (text,
 *                     default none) laid over it: the Reduction without
 *                     scenario (reducedScenario() cuts it out of the
 *                     sources the caller holds); kept objects of the change
 *                     have change: true
 *   objects(query, {offset, limit})  {total, objects}: the objects whose
 *                     kind, name or labels contain query, stripped to the
 *                     fields the scheduler reads
 *   free()           releases the engine's copy
 * options.onProgress({bytes, objects}) is called after every chunk.
 */
export async function loadCluster(source, options = {}) {
  const engine = await loadEngine(options);
  const handle = new engine.Cluster();
  // Errors of the source (a file that cannot be read) pass through as they
  // are; the engine's own are reported as such.
  const step = (f) => {
    try {
      return f();
    } catch (error) {
      throw engineFailed(error);
    }
  };
  const sources = namedSources(source) ?? [{ name: null, text: source }];
  try {
    for (const { name, text, found } of sources) {
      if (name !== null) step(() => handle.startSource(name, found));
      for await (const chunk of chunksOf(text)) {
        step(() => handle.feed(chunk));
        options.onProgress?.({ bytes: handle.bytes(), objects: handle.objectCount() });
      }
    }
    step(() => handle.finish());
  } catch (error) {
    if (enginePromise) handle.delete();
    throw error;
  }
  const summary = JSON.parse(handle.summary());
  let freed = false;
  const live = () => {
    if (freed) throw new Error("this cluster was freed");
  };
  return {
    summary,
    async simulate(text, simulateOptions = {}) {
      live();
      const { seed, profile, start, latency, controllers } = runOptionsOf(simulateOptions);
      const detail = detailOf(simulateOptions);
      const ns = namespaceOf(simulateOptions);
      try {
        return JSON.parse(handle.simulate(textOf(text), seed, detail, profile, start, latency, controllers, decisionOf(simulateOptions), ns));
      } catch (error) {
        throw engineFailed(error);
      }
    },
    async reduce(pod, reduceOptions = {}) {
      live();
      const target = podOf({ pod }, "pod");
      const { seed, profile, start, latency, controllers } = runOptionsOf(reduceOptions);
      const ns = namespaceOf(reduceOptions);
      try {
        return JSON.parse(handle.reduce(textOf(reduceOptions.change ?? ""), target, seed, profile, start, latency, controllers, ns));
      } catch (error) {
        throw engineFailed(error);
      }
    },
    objects(query = "", { offset = 0, limit = 100 } = {}) {
      live();
      return JSON.parse(handle.objects(String(query), offset, limit));
    },
    free() {
      if (!freed) handle.delete();
      freed = true;
    },
  };
}
