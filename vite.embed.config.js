// Builds the docs embed, <podsim-scenario>, into web/dist/embed: one ES module
// with a stable name (podsim-embed.js) and the engine's podsim.wasm beside it.
// Runs after the page's build (vite.config.js), which empties web/dist; this
// one empties web/dist/embed only. The engine's worker is bundled into the
// script as text (it runs from a Blob, so the script may be served from a
// CDN), and the script names the .wasm with a hash of its bytes, so a cached
// script never pairs with another build's engine.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { build as esbuild } from "esbuild";
import { defineConfig } from "vite";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const WORKER_ENTRY = here("web/src/embed/embed-worker.js");
const WASM = here("wasm/build/podsim.wasm");
const VIRTUAL = "virtual:podsim-embed-worker";

// `import workerSource, { wasmFile } from "virtual:podsim-embed-worker"`: the
// worker bundled into one module (import.meta.url, which a Blob worker lacks,
// reads the script's URL instead) and the .wasm's name; the .wasm itself is
// emitted as podsim.wasm.
function embedWorker() {
  let wasm = null;
  return {
    name: "podsim-embed-worker",
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      if (!existsSync(WASM)) throw new Error("wasm/build/podsim.wasm is missing: run bash scripts/build.sh wasm first");
      wasm = readFileSync(WASM);
      const bundled = await esbuild({
        entryPoints: [WORKER_ENTRY],
        bundle: true,
        format: "esm",
        target: "es2022",
        minify: true,
        write: false,
        metafile: true,
        logLevel: "silent",
        define: { "import.meta.url": "__podsimScriptUrl" },
      });
      for (const input of Object.keys(bundled.metafile.inputs)) this.addWatchFile(resolve(input));
      const version = createHash("sha256").update(wasm).digest("hex").slice(0, 12);
      return (
        `export default ${JSON.stringify(bundled.outputFiles[0].text)};\n` +
        `export const wasmFile = ${JSON.stringify(`podsim.wasm?v=${version}`)};\n`
      );
    },
    generateBundle() {
      if (wasm) this.emitFile({ type: "asset", fileName: "podsim.wasm", source: wasm });
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: false,
  plugins: [embedWorker()],
  build: {
    outDir: "dist/embed",
    emptyOutDir: true,
    target: "es2022",
    lib: {
      entry: here("web/src/embed/podsim-embed.js"),
      formats: ["es"],
      fileName: () => "podsim-embed.js",
    },
  },
});
