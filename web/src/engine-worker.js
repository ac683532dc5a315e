// The engine runs here, off the page's thread, so typing never stutters.
// The only importer of wasm/index.mjs in the page.
import { compare, loadEngine, profiles, simulate } from "../../wasm/index.mjs";

loadEngine();

self.onmessage = async ({ data }) => {
  const { id, kind, text, seed, detailAttempt, profile } = data;
  const started = performance.now();
  try {
    if (kind === "profiles") {
      self.postMessage({ id, profiles: await profiles() });
    } else if (kind === "compare") {
      const comparison = await compare(text, { seed });
      self.postMessage({ id, comparison, ms: performance.now() - started });
    } else {
      const result = await simulate(text, { seed, detailAttempt, profile });
      self.postMessage({ id, result, ms: performance.now() - started });
    }
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
