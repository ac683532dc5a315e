// Type-checked by tests/node/types.test.mjs under tsconfig.portable.json:
// no DOM, no Node types.
import { compare, loadCluster, loadEngine, simulate, type Attempt } from "podsim";

export async function portable(bytes: Uint8Array, chunks: AsyncIterable<Uint8Array>): Promise<string[]> {
  await loadEngine({ wasm: bytes });
  const result = await simulate("kind: Node\nmetadata: {name: n}\n", { seed: 1 });
  const nominated = result.pods.filter((a: Attempt) => a.outcome === "Nominated");
  const cluster = await loadCluster(chunks, { onProgress: ({ bytes: read }) => void read });
  const over = await cluster.simulate("", {});
  cluster.free();
  const diff = await compare("", { profiles: ["current", "v1.14"] });
  const differences = diff.kind === "Comparison" ? diff.differences.length : -1;
  return [...nominated.map((a) => `${a.pod} ${a.node}`), String(over.pods.length), String(differences)];
}
