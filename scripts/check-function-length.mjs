#!/usr/bin/env node
// Fails naming every function in core/ longer than the limit (120 lines, its
// signature and closing brace included): a function that outgrows a screen
// is a sequence of named steps (STYLE.md). It reads clang-format's layout:
// a definition starts at column 0 and its body closes with "}" at column 0.
// Usage: node scripts/check-function-length.mjs [ROOT] [--limit N] [--list]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

export const LIMIT = 120;

function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) sources(path, out);
    else if (/\.cc$/.test(e.name)) out.push(path);
  }
  return out;
}

// Returns how many more "{" than "}" a line holds outside its string and
// character literals and its comment.
function braceBalance(line) {
  const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/\/\/.*$/, "");
  return (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
}

// Returns every function definition of a clang-formatted C++ source as
// {name, line, lines}: top-level and member definitions, not those written
// inside a class body.
export function functionsOf(text) {
  const lines = text.split("\n");
  const found = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i];
    if (!first || /^\s/.test(first) || /^(\/\/|#|}|namespace\b|using\b|template\b|extern\b)/.test(first)) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < lines.length && !/[{;]\s*$/.test(lines[end])) end += 1;
    if (end >= lines.length) break;
    const head = lines.slice(i, end + 1).join(" ");
    const opens = /\{\s*$/.test(lines[end]);
    const isFunction = opens && /\)[^=]*\{\s*$/.test(head) && !/^(struct|class|enum|union)\b/.test(first);
    let close = end + 1;
    if (opens && isFunction) {
      while (close < lines.length && !lines[close].startsWith("}")) close += 1;
    } else if (opens) {
      // A class body or a braced initializer: to where its braces balance.
      close = end;
      for (let depth = 0; close < lines.length; close += 1) {
        depth += braceBalance(lines[close]);
        if (depth <= 0) break;
      }
    }
    if (isFunction) {
      found.push({ name: head.replace(/\s+/g, " ").replace(/\s*\{\s*$/, ""), line: i + 1, lines: close - i + 1 });
    }
    i = opens ? close + 1 : end + 1;
  }
  return found;
}

// Returns the functions of core/ over limit lines, longest first.
export function longFunctions(root, limit = LIMIT) {
  const long = [];
  for (const file of sources(join(root, "core"))) {
    for (const f of functionsOf(readFileSync(file, "utf8"))) {
      if (f.lines > limit) long.push({ ...f, file: relative(root, file) });
    }
  }
  return long.sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { limit: { type: "string", default: String(LIMIT) }, list: { type: "boolean", default: false } },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error(`check-function-length: --limit: "${values.limit}" is not a positive whole number`);
    process.exit(2);
  }
  const root = positionals[0] ?? join(new URL(".", import.meta.url).pathname, "..");
  const long = longFunctions(root, limit);
  for (const f of long) console.error(`${f.file}:${f.line}: ${f.lines} lines: ${f.name}`);
  if (long.length > 0 && !values.list) {
    console.error(`check-function-length: ${long.length} function(s) in core/ over ${limit} lines; split each into named steps`);
    process.exit(1);
  }
  if (long.length === 0) console.log(`check-function-length: no function in core/ over ${limit} lines`);
}
