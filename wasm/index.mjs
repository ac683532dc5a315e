// The JS API of podsim: loads the WebAssembly engine and turns scenario text
// (YAML or JSON, one or many documents, or a kubectl List) into the result
// document. Works in Node, in pages and in Web Workers.
import { LineCounter, parseAllDocuments, isMap, isSeq } from "yaml";

import loadModule from "./build/podsim.mjs";

/** Input larger than this is refused before parsing (the engine caps too). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
// YAML syntax errors reported per document.
export const MAX_YAML_ERRORS = 50;

const wasmUrl = new URL("./build/podsim.wasm", import.meta.url);
let enginePromise = null;

async function readWasm() {
  if (typeof process === "object" && process.versions?.node && wasmUrl.protocol === "file:") {
    const fsModule = "node:fs/promises"; // a variable keeps bundlers from packing it
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot load ${wasmUrl}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Loads the engine once; later calls return the same promise. */
export function loadEngine() {
  enginePromise ??= readWasm().then((wasmBinary) => loadModule({ wasmBinary }));
  return enginePromise;
}

// Lone UTF-16 surrogates (from escapes such as "\ud800") cannot travel as
// UTF-8: they become U+FFFD.
function wellFormed(_key, value) {
  return typeof value === "string" ? value.toWellFormed() : value;
}

function lineOf(lineCounter, node) {
  return node?.range ? lineCounter.linePos(node.range[0]).line : 0;
}

function yamlDiagnostic(lineCounter, error, document) {
  const line = error.linePos?.[0]?.line ?? lineOf(lineCounter, { range: error.pos });
  // The line is a field of its own: drop the parser's "at line L, column C".
  const message = String(error.message).split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  return { severity: "error", object: "", path: "", line, document, message: `YAML: ${message}` };
}

/**
 * Parses scenario text into the engine's input: one JSON line per object,
 * each {"line", "document", "object"}. Returns the lines, the YAML
 * documents (for field lines) and the YAML syntax diagnostics.
 */
export function parseScenario(text) {
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const diagnostics = [];
  const lines = [];
  const docs = Array.isArray(documents) ? documents : [documents];
  docs.forEach((doc, index) => {
    if (doc.errors.length > 0) {
      // Text that is not YAML at all can raise an error per token: the first
      // ones say what is wrong, the rest only flood the editor.
      for (const error of doc.errors.slice(0, MAX_YAML_ERRORS)) {
        diagnostics.push(yamlDiagnostic(lineCounter, error, index));
      }
      const more = doc.errors.length - MAX_YAML_ERRORS;
      if (more > 0) {
        const last = diagnostics[diagnostics.length - 1];
        diagnostics.push({ ...last, message: `YAML: ${more} more error(s) in this document after this one` });
      }
      return;
    }
    for (const warning of doc.warnings) {
      diagnostics.push({ ...yamlDiagnostic(lineCounter, warning, index), severity: "warning" });
    }
    if (doc.contents === null) return;
    let value;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      diagnostics.push(yamlDiagnostic(lineCounter, error, index));
      return;
    }
    const push = (object, node) => {
      if (object === null || object === undefined) return;
      try {
        const json = JSON.stringify({ line: lineOf(lineCounter, node), document: index, object }, wellFormed);
        lines.push(json);
      } catch (error) {
        // An alias that refers to itself makes a cycle JSON cannot hold.
        diagnostics.push(yamlDiagnostic(lineCounter, { message: error.message, pos: node?.range }, index));
      }
    };
    const items = isMap(doc.contents) ? doc.contents.get("items", true) : null;
    if (value && value.kind === "List" && Array.isArray(value.items) && isSeq(items)) {
      value.items.forEach((item, i) => push(item, items.items[i]));
    } else if (Array.isArray(value) && isSeq(doc.contents)) {
      value.forEach((item, i) => push(item, doc.contents.items[i]));
    } else {
      push(value, doc.contents);
    }
  });
  return { lines, documents: docs, lineCounter, diagnostics };
}

// Returns the YAML node at a field path such as spec.containers[0].name.
function nodeAtPath(root, path) {
  let node = root;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (isMap(node)) node = node.get(part, true);
    else if (isSeq(node) && /^\d+$/.test(part)) node = node.items[Number(part)];
    else return null;
    if (!node) return null;
  }
  return node;
}

// Points a diagnostic at the line of its field when the field is in the text.
function refineLine(diagnostic, parsed) {
  const doc = parsed.documents[diagnostic.document];
  if (!doc || !diagnostic.path || !doc.contents) return diagnostic;
  let root = doc.contents;
  const items = isMap(root) ? root.get("items", true) : null;
  if (isSeq(items) || isSeq(root)) {
    const list = isSeq(items) ? items : root;
    root = list.items.find((n) => lineOf(parsed.lineCounter, n) === diagnostic.line) ?? root;
  }
  const node = nodeAtPath(root, diagnostic.path);
  const line = lineOf(parsed.lineCounter, node);
  return line > 0 ? { ...diagnostic, line } : diagnostic;
}

function tooLarge(bytes) {
  return {
    severity: "error",
    object: "",
    path: "",
    line: 0,
    document: -1,
    message: `input is ${(bytes / 1048576).toFixed(1)} MiB; the limit is ${MAX_INPUT_BYTES / 1048576} MiB`,
  };
}

/**
 * Returns the semantics profiles the engine knows, the default first:
 * [{name, kubernetesVersion, summary}].
 */
export async function profiles() {
  const engine = await loadEngine();
  return JSON.parse(engine.profiles());
}

function prepare(text, options) {
  // Lone UTF-16 surrogates cannot travel as UTF-8: make them U+FFFD first.
  const source = (typeof text === "string" ? text : String(text ?? "")).toWellFormed();
  const bytes = new TextEncoder().encode(source).length;
  let parsed = { lines: [], documents: [], diagnostics: [tooLarge(bytes)] };
  if (bytes <= MAX_INPUT_BYTES) parsed = parseScenario(source);
  const seed = Number.isSafeInteger(options.seed) && options.seed >= 0 ? options.seed : -1;
  const input = parsed.lines.join("\n") + "\n";
  return { parsed, seed, input };
}

function withDiagnostics(result, parsed) {
  result.diagnostics = [
    ...parsed.diagnostics,
    ...result.diagnostics.map((d) => refineLine(d, parsed)),
  ];
  return result;
}

/**
 * Simulates a scenario and returns the result document (apiVersion
 * podsim/v1). Bad input never throws: it becomes diagnostics.
 * options.seed (a non-negative integer) seeds the random candidate offset.
 * options.profile names the semantics ("current", the default, or "v1.14").
 * Per-node detail (filter results, dry-run traces) is kept for the first
 * attempts, up to about 10,000 node entries; options.detailAttempt (0-based)
 * asks for that one attempt in detail instead.
 */
export async function simulate(text, options = {}) {
  const engine = await loadEngine();
  const { parsed, seed, input } = prepare(text, options);
  const detail = Number.isSafeInteger(options.detailAttempt) && options.detailAttempt >= 0 ? options.detailAttempt : -1;
  const profile = typeof options.profile === "string" ? options.profile : "";
  return withDiagnostics(JSON.parse(engine.simulate(input, seed, detail, profile)), parsed);
}

/**
 * Simulates a scenario under two profiles (default: current and v1.14) and
 * returns {kind: "Comparison", profiles, differences, results: [a, b]}: each
 * pod whose decision or final outcome differs, with the rules that explain
 * it. An unknown profile name returns a plain result with the diagnostic.
 */
export async function compare(text, options = {}) {
  const engine = await loadEngine();
  const { parsed, seed, input } = prepare(text, options);
  const known = await profiles();
  const [a, b] = options.profiles ?? [known[0].name, known[1].name];
  const out = JSON.parse(engine.compare(input, seed, String(a), String(b)));
  if (out.kind !== "Comparison") return withDiagnostics(out, parsed);
  out.results = out.results.map((r) => withDiagnostics(r, parsed));
  return out;
}

/** Returns whether a result document carries an error diagnostic. */
export function hasErrors(result) {
  return result.diagnostics.some((d) => d.severity === "error");
}
