// The page's one engine for every <podsim-scenario>: a Worker started on the
// first request (an element scrolled into view), from a Blob of the worker's
// bundled source, so it runs whatever origin the script was served from. The
// .wasm is fetched from beside this script, by an absolute URL.
import workerSource, { wasmFile } from "virtual:podsim-embed-worker";

/** The URL this script was loaded from. */
export const scriptUrl = import.meta.url;
const wasmUrl = new URL(wasmFile, scriptUrl).href;

let worker = null;
let nextId = 0;
const pending = new Map(); // id -> {resolve, reject}

function fail(message) {
  worker?.terminate();
  worker = null;
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
}

function start() {
  // The bundled source reads the script's URL where it had import.meta.url.
  const prelude = `URL.revokeObjectURL(import.meta.url);\nconst __podsimScriptUrl = ${JSON.stringify(scriptUrl)};\n`;
  const blob = new Blob([prelude, workerSource], { type: "text/javascript" });
  worker = new Worker(URL.createObjectURL(blob), { type: "module", name: "podsim engine" });
  worker.onmessage = ({ data }) => {
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if (data.error) request.reject(new Error(data.error));
    else request.resolve(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    // A worker that never started reports no message (a Content-Security-
    // Policy without worker-src blob:, say); one that ran out of memory does.
    fail(
      event.message
        ? `the engine stopped: ${event.message}`
        : "the engine's worker could not start (does the page's Content-Security-Policy allow worker-src blob:?)",
    );
  };
}

/**
 * Simulates text in the shared worker, starting it if needed. request is
 * {kind: "simulate" | "compare", text, profile}; resolves to {result} or
 * {comparison}, and rejects with an Error that says what went wrong.
 */
export function runEngine(request) {
  if (!worker) start();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...request, wasm: wasmUrl });
  });
}
