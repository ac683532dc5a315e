#!/usr/bin/env node
// Checks the dependency order docs/architecture.md draws, and fails naming
// every include or import that runs against it:
// - core/: a folder may include only itself and the folders before it in
//   LAYERS, and no two core files include each other (directly or round a
//   longer cycle); core includes nothing of wasm/, web/ or Emscripten;
// - wasm/ imports nothing of web/, tests/ or bench/;
// - web/src/ imports nothing of tests/ or bench/, and of wasm/ only the
//   report formatters, except the engine's two workers, which alone load the
//   engine (wasm/index.mjs);
// - web/src/'s files sit in its folders (WEB_FOLDERS), and a folder imports
//   only itself and the folders it builds on: model < views < editor <
//   features < app, with offline/ and embed/ beside the page on model/ and
//   views/ alone.
// Usage: node scripts/check-layers.mjs [ROOT]   (exit 1 when a rule is broken)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

// core/'s folders, lowest first. A folder's files may include those of the
// folders before it. A subfolder listed here is a layer of its own, after its
// parent; one not listed (ingest/decode) belongs to its parent's layer.
export const LAYERS = [
  "base",
  "config",
  "api",
  "ingest",
  "admission",
  "framework",
  "framework/plugins",
  "framework/runtime",
  "framework/preemption",
  "queue",
  "controllers",
  "scheduler",
  "analysis",
  "output",
];

// web/src/'s folders and what each may import of web/src/ (its own files
// and these folders'). The page's layers, lowest first: model (what the page
// knows and computes, no DOM), views (DOM from plain data), editor (the
// CodeMirror editors), features (the page's parts), app (the entry that
// wires them); offline/ (the service worker) and embed/ (the docs element)
// are entries of their own, on model/ and views/ alone.
export const WEB_FOLDERS = {
  model: [],
  views: ["model"],
  editor: ["model", "views"],
  features: ["model", "views", "editor"],
  app: ["model", "views", "editor", "features"],
  offline: ["model", "views"],
  embed: ["model", "views"],
};

// The only web/ modules that may load the engine itself.
const ENGINE_LOADERS = ["web/src/app/engine-worker.js", "web/src/embed/embed-worker.js"];
// What the rest of web/ may import from wasm/: formatting, no engine.
const WEB_MAY_IMPORT = ["wasm/report.mjs"];

function walk(dir, keep, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "build" && e.name !== "node_modules" && e.name !== "dist") walk(path, keep, out);
    } else if (keep(e.name)) {
      out.push(path);
    }
  }
  return out;
}

// Returns the layer of a core/ path ("core/framework/plugins/node_affinity.h" ->
// "framework/plugins", "core/ingest/decode/pod.cc" -> "ingest"): the longest
// entry of LAYERS its folder starts with, or its folder ("" for core/ itself)
// when none does.
export function layerOf(path) {
  const dir = dirname(path).replace(/^core\/?/, "");
  const layers = LAYERS.filter((l) => dir === l || dir.startsWith(`${l}/`));
  return layers.sort((a, b) => b.length - a.length)[0] ?? dir;
}

// Returns every broken rule under root, as "file:line: problem" lines.
export function checkLayers(root) {
  const problems = [];
  const rel = (p) => relative(root, p).split("\\").join("/");

  // core/
  const coreFiles = walk(join(root, "core"), (n) => /\.(h|cc|inc)$/.test(n)).map(rel).sort();
  const graph = new Map();
  for (const file of coreFiles) {
    const layer = layerOf(file);
    const rank = LAYERS.indexOf(layer);
    if (rank < 0) {
      problems.push(`${file}: in ${layer ? `core/${layer}/` : "core/ itself"}, which is not a layer (scripts/check-layers.mjs LAYERS: ${LAYERS.join(", ")})`);
    }
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    const edges = [];
    lines.forEach((text, i) => {
      const m = /^\s*#\s*include\s+[<"]([^>"]+)[>"]/.exec(text);
      if (!m) return;
      const target = m[1];
      const where = `${file}:${i + 1}`;
      if (/^(wasm|web)\//.test(target) || target.startsWith("emscripten/")) {
        problems.push(`${where}: core includes ${target}; core depends on nothing outside itself`);
        return;
      }
      if (!target.startsWith("core/")) return;
      edges.push(target);
      const targetRank = LAYERS.indexOf(layerOf(target));
      if (rank >= 0 && targetRank > rank) {
        problems.push(`${where}: ${layer}/ includes ${target}, from ${layerOf(target)}/, a later layer (order: ${LAYERS.join(" < ")})`);
      }
    });
    graph.set(file, edges);
  }
  // Include cycles between core files (a header pair that includes each
  // other through their .cc files counts: x.cc -> y.h and y.cc -> x.h).
  const unit = (f) => f.replace(/\.(h|cc)$/, "");
  const units = new Map();
  for (const [file, edges] of graph) {
    const u = unit(file);
    if (!units.has(u)) units.set(u, new Set());
    for (const t of edges) if (unit(t) !== u) units.get(u).add(unit(t));
  }
  const state = new Map();
  const stack = [];
  const cycles = new Set();
  const visit = (u) => {
    state.set(u, 1);
    stack.push(u);
    for (const v of units.get(u) ?? []) {
      if (state.get(v) === 1) cycles.add([...stack.slice(stack.indexOf(v)), v].join(" -> "));
      else if (!state.has(v)) visit(v);
    }
    stack.pop();
    state.set(u, 2);
  };
  for (const u of [...units.keys()].sort()) if (!state.has(u)) visit(u);
  for (const c of cycles) problems.push(`core: units include each other: ${c}`);

  // JavaScript imports.
  const imports = (file) => {
    const text = readFileSync(join(root, file), "utf8");
    const found = [];
    const re = /(?:^|[^\w.])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[^\w.])import\s*\(?\s*["']([^"']+)["']/g;
    for (const m of text.matchAll(re)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith(".")) continue;
      const line = text.slice(0, m.index).split("\n").length;
      found.push({ target: normalize(join(dirname(file), spec)).split("\\").join("/"), line });
    }
    return found;
  };
  const jsFiles = (dir) =>
    walk(join(root, dir), (n) => /\.(m?js)$/.test(n)).map(rel).filter((f) => !f.startsWith("wasm/build/"));
  for (const file of jsFiles("wasm")) {
    for (const { target, line } of imports(file)) {
      if (/^(web|tests|bench)\//.test(target)) problems.push(`${file}:${line}: wasm/ imports ${target}; wasm depends only on core and itself`);
    }
  }
  for (const file of jsFiles("web/src")) {
    const folder = webFolderOf(file);
    const allowed = Object.hasOwn(WEB_FOLDERS, folder) ? WEB_FOLDERS[folder] : null;
    if (!allowed) {
      problems.push(`${file}: in ${folder ? `web/src/${folder}/` : "web/src/ itself"}, which is not a folder of the page (scripts/check-layers.mjs WEB_FOLDERS: ${Object.keys(WEB_FOLDERS).join(", ")})`);
    }
    for (const { target, line } of imports(file)) {
      if (/^(tests|bench)\//.test(target)) problems.push(`${file}:${line}: web/ imports ${target}`);
      if (target.startsWith("wasm/") && !WEB_MAY_IMPORT.includes(target) && !ENGINE_LOADERS.includes(file)) {
        problems.push(`${file}:${line}: imports ${target}; only ${ENGINE_LOADERS.join(" and ")} load the engine (the rest may import ${WEB_MAY_IMPORT.join(", ")})`);
      }
      const to = target.startsWith("web/src/") ? webFolderOf(target) : null;
      if (to !== null && allowed && to !== folder && !allowed.includes(to)) {
        problems.push(`${file}:${line}: ${folder}/ imports ${target}, from ${to}/; ${folder}/ may import ${allowed.length ? allowed.map((f) => `${f}/`).join(", ") : "nothing of web/src/"} besides itself`);
      }
    }
  }
  return problems;
}

// Returns the folder of a web/src/ path ("web/src/views/nodes.js" ->
// "views"), "" for web/src/ itself.
export function webFolderOf(path) {
  const rest = path.slice("web/src/".length);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : "";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), "..");
  if (!statSync(join(root, "core")).isDirectory()) throw new Error(`${root}: no core/ folder`);
  const problems = checkLayers(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-layers: ${problems.length} include(s) or import(s) against the order in docs/architecture.md`);
    process.exit(1);
  }
  console.log("check-layers: every include and import follows the layers");
}
