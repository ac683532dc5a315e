// Builds the static playground (web/) into web/dist; every asset, the
// engine worker and its .wasm included, is served from the page's origin,
// and sw.js keeps them all for offline use (docs/offline.md).
import { defineConfig } from "vite";

import { serviceWorker } from "./scripts/service-worker.mjs";

export default defineConfig({
  root: "web",
  base: "./",
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: "es" },
  plugins: [serviceWorker()],
  server: { host: "127.0.0.1", port: 5173, fs: { allow: [".."] } },
  preview: { host: "127.0.0.1", port: 4173, strictPort: false },
});
