// The engine of the docs embed. vite.embed.config.js bundles this file into
// podsim-embed.js as text, which runs as one Worker per page (made from a
// Blob, so the script may come from another origin), shared by every
// <podsim-scenario>. Like engine-worker.js, it imports wasm/index.mjs; a Blob
// worker has no base URL of its own, so each request names the .wasm.
import { compare, simulate } from "../../../wasm/index.mjs";

async function run({ kind, text, profile, wasm }) {
  if (kind === "compare") return { comparison: await compare(text, { wasm, profile }) };
  return { result: await simulate(text, { wasm, profile }) };
}

self.onmessage = async ({ data }) => {
  const started = performance.now();
  try {
    self.postMessage({ id: data.id, ...(await run(data)), ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error?.message ?? error) });
  }
};
