// The page's one engine for every <podsim-scenario>: the playground's runner
// (model/runner.js) over a Worker started on the first request (an element
// scrolled into view), from a Blob of the worker's bundled source, so it
// runs whatever origin the script was served from. The .wasm is fetched
// from beside this script, by an absolute URL.
import workerSource, { wasmFile } from "virtual:podsim-embed-worker";

import { createRunner } from "../model/runner.js";

/** The URL this script was loaded from. */
export const scriptUrl = import.meta.url;
const wasmUrl = new URL(wasmFile, scriptUrl).href;

function startWorker() {
  // The bundled source reads the script's URL where it had import.meta.url.
  const prelude = `URL.revokeObjectURL(import.meta.url);\nconst __podsimScriptUrl = ${JSON.stringify(scriptUrl)};\n`;
  const blob = new Blob([prelude, workerSource], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(blob), { type: "module", name: "podsim engine" });
}

// A worker that never started reports no message (a Content-Security-Policy
// without worker-src blob:, say); one that ran out of memory does.
const stoppedError = (event) =>
  event.message
    ? `the engine stopped: ${event.message}`
    : "the engine's worker could not start (does the page's Content-Security-Policy allow worker-src blob:?)";

const runner = createRunner(startWorker, { stoppedError });

/**
 * Simulates text in the shared worker, starting it if needed. request is
 * {kind: "simulate" | "compare", text, profile}; resolves to {result} or
 * {comparison}, and rejects with an Error that says what went wrong.
 */
export function runEngine(request) {
  return new Promise((resolve, reject) => {
    runner.request({ ...request, wasm: wasmUrl }, (data) => (data.error ? reject(new Error(data.error)) : resolve(data)));
  });
}
