#!/usr/bin/env node
// Writes the fuzzers' seed corpus: every gallery example and conformance
// case as the engine receives them (YAML), and each again as a JSON List, so
// both of the engine's readers are fuzzed; and the files real tools write
// (tests/fixtures: typed lists, a cluster-info dump with its pod logs) as
// they are.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
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
let fixtures = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    // The fuzzers read at most 64 KiB.
    else if (/\.(json|ya?ml)$/.test(name) && statSync(path).size <= 65536) {
      writeFileSync(join(out, `fixture-${path.slice(root.length).replace(/[^\w.-]+/g, "-")}`), readFileSync(path));
      fixtures += 1;
    }
  }
};
walk(join(root, "tests/fixtures"));
console.log(`fuzz corpus: ${sources.length * 2 + fixtures} seeds in ${out}`);
