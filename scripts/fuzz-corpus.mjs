#!/usr/bin/env node
// Writes the fuzzers' seed corpus: every gallery example and conformance
// case as the engine receives them (YAML), and each again as a JSON List, so
// both of the engine's readers are fuzzed.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

import { parseAllDocuments } from "yaml";

const root = new URL("..", import.meta.url).pathname;
const out = process.argv[2] ?? join(root, "build-fuzz/corpus");
mkdirSync(out, { recursive: true });
const sources = [];
for (const f of readdirSync(join(root, "web/examples"))) {
  if (f.endsWith(".yaml")) sources.push([`example-${f}`, join(root, "web/examples", f)]);
}
for (const dir of [join(root, "tests/conformance"), join(root, "../shared/conformance")]) {
  if (!existsSync(dir)) continue;
  for (const c of readdirSync(dir)) {
    const file = join(dir, c, "scenario.yaml");
    if (existsSync(file)) sources.push([`case-${c}`, file]);
  }
}
for (const [name, file] of sources) {
  const text = readFileSync(file, "utf8");
  const base = join(out, name.replace(/\.yaml$/, ""));
  writeFileSync(base, text);
  const items = parseAllDocuments(text).map((d) => d.toJS()).filter(Boolean);
  writeFileSync(`${base}.json`, `${JSON.stringify({ apiVersion: "v1", kind: "List", items }, null, 4)}\n`);
}
console.log(`fuzz corpus: ${sources.length * 2} seeds in ${out}`);
