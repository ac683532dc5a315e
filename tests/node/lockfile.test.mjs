// package-lock.json is what a fresh `npm install` writes, so a new clone
// starts with a clean tree: its root entry mirrors package.json (npm
// rewrites it from there, the bin entries included), and every optional
// dependency of every locked package is locked too, other platforms'
// included (npm drops those when it writes the lock over an existing
// node_modules, npm/cli#4828, and a fresh install adds them back).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));

test("lockfile: its root entry is package.json's", () => {
  const entry = lock.packages[""];
  assert.equal(lock.name, manifest.name);
  assert.equal(lock.version, manifest.version);
  for (const key of ["name", "version", "license", "bin", "engines", "devDependencies", "dependencies", "optionalDependencies"]) {
    assert.deepEqual(entry[key], manifest[key], `packages[""].${key}`);
  }
});

// Where npm finds dependency name of the package at path: in its own
// node_modules, else in its parents', up to the root's.
function resolve(path, name) {
  for (let at = path; ; at = at.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) {
    const candidate = `${at ? `${at}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!at) return null;
  }
}

test("lockfile: every optional dependency is locked, for every platform", () => {
  const missing = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolve(path, name)) missing.push(`${path || "(root)"} -> ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});
