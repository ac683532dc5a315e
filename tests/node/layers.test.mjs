// The dependency order of docs/architecture.md, checked by
// scripts/check-layers.mjs: the tree follows it, and each kind of breach is
// caught (a planted one in a scratch tree).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";

import { functionsOf, longFunctions } from "../../scripts/check-function-length.mjs";
import { checkLayers, layerOf, webFolderOf } from "../../scripts/check-layers.mjs";

const root = new URL("../..", import.meta.url).pathname;

function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), "podsim-layers-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test("layers: the project's own tree follows the order", () => {
  assert.deepEqual(checkLayers(root), []);
});

test("layers: a file's layer is its folder's, a folder not listed is its parent's", () => {
  assert.equal(layerOf("core/framework/plugins/node_affinity.h"), "framework/plugins");
  assert.equal(layerOf("core/ingest/decode/pod.cc"), "ingest");
  assert.equal(layerOf("core/base/quantity.h"), "base");
});

test("layers: an include of a later layer, a cycle, a stray file and wrong imports are each named", () => {
  const dir = tree({
    "core/base/low.h": '#pragma once\n#include "core/api/high.h"\n',
    "core/api/high.h": "#pragma once\n",
    "core/api/x.h": '#pragma once\n#include "core/api/y.h"\n',
    "core/api/y.cc": '#include "core/api/x.h"\n',
    "core/api/y.h": "#pragma once\n",
    "core/api/z.cc": '#include "core/api/y.h"\n#include "wasm/glue.h"\n',
    "core/stray.h": "#pragma once\n",
    "wasm/cli.mjs": 'import { x } from "../web/src/main.js";\n',
    "web/src/views/panel.js": 'import { simulate } from "../../../wasm/index.mjs";\nimport { formatDuration } from "../../../wasm/report.mjs";\n',
    "web/src/app/engine-worker.js": 'import { simulate } from "../../../wasm/index.mjs";\n',
    "web/src/app/main.js": 'const t = await import("../../../tests/node/helper.mjs");\n',
  });
  try {
    const problems = checkLayers(dir);
    const has = (re) => assert.ok(problems.some((p) => re.test(p)), `${re} not in:\n${problems.join("\n")}`);
    has(/^core\/base\/low\.h:2: base\/ includes core\/api\/high\.h, from api\/, a later layer/);
    has(/^core: units include each other: core\/api\/x -> core\/api\/y -> core\/api\/x$/);
    has(/^core\/api\/z\.cc:2: core includes wasm\/glue\.h/);
    has(/^core\/stray\.h: in core\/ itself, which is not a layer/);
    has(/^wasm\/cli\.mjs:1: wasm\/ imports web\/src\/main\.js/);
    has(/^web\/src\/views\/panel\.js:1: imports wasm\/index\.mjs; only web\/src\/app\/engine-worker\.js and web\/src\/embed\/embed-worker\.js load the engine/);
    has(/^web\/src\/app\/main\.js:1: web\/ imports tests\/node\/helper\.mjs/);
    assert.equal(problems.length, 7, problems.join("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("layers: web/src's folders import only the folders below them; offline/ and embed/ only model/ and views/", () => {
  assert.equal(webFolderOf("web/src/views/nodes.js"), "views");
  assert.equal(webFolderOf("web/src/main.js"), "");
  const dir = tree({
    // Allowed: a folder below, the same folder, something outside web/src.
    "web/src/features/variants.js": 'import { h } from "../views/dom.js";\nimport { createEditors } from "../editor/editors.js";\nimport { x } from "./linking.js";\n',
    "web/src/model/gallery.js": 'import entries from "../../examples/gallery.json";\n',
    "web/src/embed/podsim-embed.js": 'import { createRunner } from "../model/runner.js";\nimport { h } from "../views/dom.js";\n',
    // Against the order: a lower layer imports a higher one; an entry beside
    // the page imports the page's own parts; a file outside the folders.
    "web/src/model/focus.js": 'import { markFocus } from "../views/verdicts.js";\n',
    "web/src/editor/tabs.js": 'import { createRuns } from "../app/runs.js";\n',
    "web/src/embed/embed-engine.js": 'import { createSession } from "../features/session.js";\n',
    "web/src/offline/offline.js": 'import { x } from "../embed/podsim-embed.js";\n',
    "web/src/stray.js": 'import { h } from "./views/dom.js";\n',
  });
  try {
    const problems = checkLayers(dir);
    const has = (re) => assert.ok(problems.some((p) => re.test(p)), `${re} not in:\n${problems.join("\n")}`);
    has(/^web\/src\/model\/focus\.js:1: model\/ imports web\/src\/views\/verdicts\.js, from views\/; model\/ may import nothing of web\/src\/ besides itself$/);
    has(/^web\/src\/editor\/tabs\.js:1: editor\/ imports web\/src\/app\/runs\.js, from app\/; editor\/ may import model\/, views\/ besides itself$/);
    has(/^web\/src\/embed\/embed-engine\.js:1: embed\/ imports web\/src\/features\/session\.js, from features\/; embed\/ may import model\/, views\/ besides itself$/);
    has(/^web\/src\/offline\/offline\.js:1: offline\/ imports web\/src\/embed\/podsim-embed\.js, from embed\/;/);
    has(/^web\/src\/stray\.js: in web\/src\/ itself, which is not a folder of the page/);
    assert.equal(problems.length, 5, problems.join("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("function length: definitions are measured from signature to closing brace, class bodies and declarations aside", () => {
  const body = (n) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join("\n");
  const text = [
    "namespace podsim {",
    "struct S {",
    "  int f() {",
    "    return 1;",
    "  }",
    "};",
    "int Declared(int a);",
    "const int kTable[] = {",
    "    1, 2};",
    "Status Evaluator::Long(const Pod& pod,",
    "                       int budget) {",
    body(119),
    "}",
    "int Short() {",
    body(3),
    "}",
    "}  // namespace podsim",
  ].join("\n");
  const found = functionsOf(text);
  assert.deepEqual(
    found.map(({ name, line, lines }) => ({ name, line, lines })),
    [
      { name: "Status Evaluator::Long(const Pod& pod, int budget)", line: 10, lines: 122 },
      { name: "int Short()", line: 132, lines: 5 },
    ],
  );
});

test("function length: the planted long function is named, the project's own core has none over 120 lines", () => {
  const dir = tree({ "core/base/long.cc": `int Long() {\n${"  ++x;\n".repeat(119)}}\n` });
  try {
    assert.deepEqual(
      longFunctions(dir).map(({ file, line, lines, name }) => ({ file, line, lines, name })),
      [{ file: "core/base/long.cc", line: 1, lines: 121, name: "int Long()" }],
    );
    assert.deepEqual(longFunctions(dir, 121), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(longFunctions(root).map((f) => `${f.file}:${f.line} ${f.lines}`), []);
});
