// The engine runs here, off the page's thread, so typing never stutters.
// The only importer of wasm/index.mjs in the page.
import { loadEngine, simulate } from "../../wasm/index.mjs";

loadEngine();

self.onmessage = async ({ data }) => {
  const { id, text, seed, detailAttempt } = data;
  const started = performance.now();
  try {
    const result = await simulate(text, { seed, detailAttempt });
    self.postMessage({ id, result, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
