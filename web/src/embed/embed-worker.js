// The engine of the docs embed. vite.embed.config.js bundles this file into
// podsim-embed.js as text, which runs as one Worker per page (made from a
// Blob, so the script may come from another origin), shared by every
// <podsim-scenario>. Like engine-worker.js, it imports wasm/index.mjs; a Blob
// worker has no base URL of its own, so each request names the .wasm.
import { compare, profiles, simulate } from "../../../wasm/index.mjs";

// The default profile against the one asked for, or the oldest known
// (as the CLI's --compare and the page do).
async function comparedProfiles(profile, wasm) {
  const names = (await profiles({ wasm })).map((p) => p.name);
  return [names[0], profile && profile !== names[0] ? profile : names[names.length - 1]];
}

async function run({ kind, text, profile, wasm }) {
  if (kind === "compare") return { comparison: await compare(text, { wasm, profiles: await comparedProfiles(profile, wasm) }) };
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
