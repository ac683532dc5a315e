// The package as a user meets it: `npm pack`, the tarball installed into an
// empty folder, then the CLI, `podsim serve`, the API from Node, the types
// through tsc, and the API from a Vite-bundled and an esbuild-bundled page
// (on the page's thread and in a Web Worker) in Chromium. Nothing here
// builds podsim: it packs what `bash scripts/build.sh all` built.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { launch, outputDir } from "./harness.mjs";
import { serve } from "../../wasm/serve.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const scenario = readFileSync(join(root, "web/examples/default.yaml"), "utf8");
const bin = (name) => join(root, "node_modules/.bin", name);

let dir; // the temporary folder: the tarball and the consumer project
let app; // the consumer project with the tarball installed
let tarball; // {filename, files: [{path}]}
let browser;

function run(command, args, options = {}) {
  return execFileSync(command, args, { cwd: app, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], ...options });
}

function write(path, text) {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

before(() => {
  for (const built of ["wasm/build/podsim.wasm", "web/dist/index.html", "web/dist/embed/podsim-embed.js"]) {
    assert.ok(existsSync(join(root, built)), `${built} is missing: run bash scripts/build.sh all first`);
  }
  dir = mkdtempSync(join(tmpdir(), "podsim-package-"));
  // Scripts are skipped: prepack would build again what is built already.
  const packed = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  [tarball] = JSON.parse(packed);
  app = join(dir, "app");
  write(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  write(join(app, "scenario.yaml"), scenario);
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", join(dir, tarball.filename)]);
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the tarball holds the built engine, page and embed, and no sources, tests or benchmarks", () => {
  const paths = tarball.files.map((f) => f.path);
  for (const wanted of [
    "package.json",
    "README.md",
    "LICENSE",
    "wasm/cli.mjs",
    "wasm/kubectl-podsim.mjs",
    "wasm/index.mjs",
    "wasm/index.d.ts",
    "wasm/report.mjs",
    "wasm/report.d.ts",
    "wasm/serve.mjs",
    "wasm/build/podsim.mjs",
    "wasm/build/podsim.wasm",
    "web/dist/index.html",
    "web/dist/embed/podsim-embed.js",
    "third_party/libyaml/License",
  ]) {
    assert.ok(paths.includes(wanted), `${wanted} is not in the tarball`);
  }
  const stray = paths.filter((p) => /^(core|tests|bench|scripts|web\/src|web\/examples|build|build-wasm)\//.test(p));
  assert.deepEqual(stray, []);
  // The native benchmark builds beside the engine; they are not the package.
  assert.deepEqual(paths.filter((p) => p.startsWith("wasm/build/") && !/podsim\.(mjs|wasm)$/.test(p)), []);
});

test("npx podsim run simulates a scenario from a file and from stdin", () => {
  const report = run("npx", ["--no-install", "podsim", "run", "scenario.yaml"]);
  assert.match(report, /^podsim: kube-scheduler 1\.\d+ semantics/);
  assert.match(report, /-> nominated \S+, evicting/);
  const json = JSON.parse(run("npx", ["--no-install", "podsim", "run", "-", "--json"], { input: scenario }));
  assert.equal(json.apiVersion, "podsim/v1");
  assert.ok(json.pods.some((p) => p.outcome === "Nominated"));
});

test("the API works from Node through the package's name", () => {
  write(
    join(app, "node.mjs"),
    `import { readFileSync } from "node:fs";
import { compare, profiles, simulate } from "podsim";
const text = readFileSync("scenario.yaml", "utf8");
const result = await simulate(text);
const comparison = await compare(text);
console.log(JSON.stringify({
  apiVersion: result.apiVersion,
  outcomes: result.pods.map((p) => p.outcome),
  profiles: (await profiles()).map((p) => p.name),
  kind: comparison.kind,
}));
`,
  );
  const out = JSON.parse(run(process.execPath, ["node.mjs"]));
  assert.equal(out.apiVersion, "podsim/v1");
  assert.ok(out.outcomes.includes("Nominated"));
  assert.deepEqual(out.profiles, ["current", "v1.35", "v1.31", "v1.14"]);
  assert.equal(out.kind, "Comparison");
});

test("a TypeScript consumer type-checks against the installed package", () => {
  write(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, lib: ["es2022", "dom"] },
      files: ["check.ts"],
    }),
  );
  const good = `import { simulate } from "podsim";
import { formatMarkdown } from "podsim/report";
const result = await simulate("", { profile: "v1.14" });
const nominated: string[] = result.pods.filter((p) => p.outcome === "Nominated").map((p) => p.node ?? "");
export const first: string | undefined = nominated[0];
export const report: string = formatMarkdown(result, { shareLink: "https://example.org/#v1:x" });
`;
  write(join(app, "check.ts"), good);
  run(bin("tsc"), ["-p", "tsconfig.json"]);
  // The same consumer with a mistake must not pass: the types are real.
  write(join(app, "check.ts"), `${good}export const wrong: number = result.apiVersion;\n`);
  assert.throws(
    () => run(bin("tsc"), ["-p", "tsconfig.json"]),
    (error) => /check\.ts.*is not assignable to type 'number'/s.test(error.stdout),
  );
});

// A page that simulates on its own thread and in a module worker, both
// through `import ... from "podsim"`, and writes what each saw.
const PAGE_MAIN = (engineOptions) => `import { simulate } from "podsim";
const options = ${engineOptions};
const text = await (await fetch("./scenario.yaml")).text();
const here = await simulate(text, options);
document.getElementById("main").textContent = here.pods.map((p) => p.pod + " " + p.outcome).join("; ");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => { document.getElementById("worker").textContent = data; };
worker.onerror = (e) => { document.getElementById("worker").textContent = "error: " + e.message; };
worker.postMessage(text);
`;
const PAGE_WORKER = (engineOptions) => `import { simulate } from "podsim";
const options = ${engineOptions};
self.onmessage = async ({ data }) => {
  try {
    const result = await simulate(data, options);
    self.postMessage(result.pods.map((p) => p.pod + " " + p.outcome).join("; "));
  } catch (error) {
    self.postMessage("error: " + error.message);
  }
};
`;
const PAGE_HTML = (script) => `<!doctype html><meta charset="utf-8"><title>consumer</title>
<p id="main">loading</p><p id="worker">loading</p>
<script type="module" src="${script}"></script>
`;

async function openConsumer(folder, name) {
  browser ??= await launch();
  const served = await serve({ root: folder, port: 0 });
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  try {
    await page.goto(served.url);
    const settled = (id) => page.waitForFunction((i) => document.getElementById(i).textContent !== "loading", id, { timeout: 20000 });
    await settled("main");
    await settled("worker");
    await page.screenshot({ path: join(outputDir, `package-${name}.png`) });
    return {
      main: await page.textContent("#main"),
      worker: await page.textContent("#worker"),
      errors,
    };
  } finally {
    await page.close();
    await served.close();
  }
}

function expectSimulated(seen) {
  assert.deepEqual(seen.errors, []);
  assert.match(seen.main, /\bNominated\b/);
  assert.equal(seen.worker, seen.main);
}

test("a Vite bundle finds the engine's .wasm by itself, on the page and in a worker", async () => {
  const src = join(app, "vite-app");
  write(join(src, "index.html"), PAGE_HTML("./main.js"));
  write(join(src, "main.js"), PAGE_MAIN("{}"));
  write(join(src, "worker.js"), PAGE_WORKER("{}"));
  write(join(src, "public/scenario.yaml"), scenario);
  // Module workers, as every browser podsim supports has them.
  write(join(src, "vite.config.js"), `export default { worker: { format: "es" }, build: { target: "es2022" } };\n`);
  run(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: src });
  expectSimulated(await openConsumer(join(src, "dist"), "vite"));
});

test("an esbuild bundle names the .wasm with options.wasm, on the page and in a worker", async () => {
  const src = join(app, "esbuild-app");
  const out = join(src, "dist");
  // esbuild leaves new URL(..., import.meta.url) alone: the .wasm is
  // imported as a file (the package exports it) and handed to the API.
  const options = `{ wasm: new URL(wasmFile, import.meta.url) }`;
  write(join(src, "main.js"), `import wasmFile from "podsim/podsim.wasm";\n${PAGE_MAIN(options)}`);
  write(join(src, "worker.js"), `import wasmFile from "podsim/podsim.wasm";\n${PAGE_WORKER(options)}`);
  write(join(out, "index.html"), PAGE_HTML("./main.js"));
  write(join(out, "scenario.yaml"), scenario);
  run(bin("esbuild"), [
    "main.js",
    "worker.js",
    "--bundle",
    "--format=esm",
    "--target=es2022",
    "--loader:.wasm=file",
    "--asset-names=[name]-[hash]",
    "--log-level=warning",
    `--outdir=${out}`,
  ], { cwd: src });
  expectSimulated(await openConsumer(out, "esbuild"));
});

test("without options.wasm, an esbuild bundle says how to name the .wasm", async () => {
  const src = join(app, "esbuild-missing");
  const out = join(src, "dist");
  write(join(src, "main.js"), `import { simulate } from "podsim";
simulate("").then(() => { document.getElementById("main").textContent = "loaded"; },
  (e) => { document.getElementById("main").textContent = e.message; });
document.getElementById("worker").textContent = "-";
`);
  write(join(out, "index.html"), PAGE_HTML("./main.js"));
  run(bin("esbuild"), ["main.js", "--bundle", "--format=esm", "--log-level=error", `--outdir=${out}`], { cwd: src });
  const seen = await openConsumer(out, "esbuild-missing");
  assert.match(seen.main, /cannot fetch the engine's WebAssembly .*HTTP 404.*pass its URL or bytes as options\.wasm/);
});

// The status of a request for a raw path (fetch would normalize the dots).
function statusOf(base, path) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on("error", reject);
  });
}

test("podsim serve serves the playground from the installed package", async () => {
  const server = spawn(process.execPath, [join(app, "node_modules/podsim/wasm/cli.mjs"), "serve", "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = "";
      server.stdout.on("data", (chunk) => {
        out += chunk;
        const found = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
        if (found) resolve(found[0]);
      });
      server.on("exit", (code) => reject(new Error(`podsim serve exited with ${code}: ${out}`)));
    });
    browser ??= await launch();
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(url);
    await page.waitForFunction(() => /nominated|scheduled/i.test(document.getElementById("verdicts")?.textContent ?? ""), null, {
      timeout: 20000,
    });
    await page.screenshot({ path: join(outputDir, "package-serve.png") });
    assert.deepEqual(errors, []);
    // Nothing outside the page's folder, however the path is spelled.
    for (const path of ["/../package.json", "/..%2f..%2fpackage.json", "/%2e%2e/wasm/cli.mjs"]) {
      assert.equal(await statusOf(url, path), 404, path);
    }
    await page.close();
  } finally {
    server.kill("SIGTERM");
  }
});

test("the installed package runs with only Node: no dependencies are installed beside it", () => {
  const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8"));
  const installed = Object.keys(lock.packages).filter((p) => p.startsWith("node_modules/"));
  assert.deepEqual(installed, ["node_modules/podsim"]);
  // A copy of the installed package outside any node_modules still runs.
  const copy = join(dir, "copy");
  cpSync(join(app, "node_modules/podsim"), copy, { recursive: true });
  const report = run(process.execPath, [join(copy, "wasm/cli.mjs"), "run", join(app, "scenario.yaml")]);
  assert.match(report, /-> nominated/);
});
