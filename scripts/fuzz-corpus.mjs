#!/usr/bin/env node
// Writes the fuzzers' seed corpus: every gallery example and conformance
// case, as the engine receives them (one JSON object per line).
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

import { parseScenario } from "../wasm/index.mjs";

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
  const { lines } = parseScenario(readFileSync(file, "utf8"));
  writeFileSync(join(out, name.replace(/\.yaml$/, "")), lines.join("\n") + "\n");
}
console.log(`fuzz corpus: ${sources.length} seeds in ${out}`);
