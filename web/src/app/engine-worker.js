// The engine runs here, off the page's thread, so typing never stutters.
// The only importer of wasm/index.mjs in the page. It also holds the
// cluster: a dump the engine read once (from a File, read here in slices,
// or pasted text), over which every run lays the editors' text, and the
// dump's source, out of which a reduction cuts the objects it keeps.
import { compare, diff, loadCluster, loadEngine, profiles, reduce, reducedScenario, simulate } from "../../../wasm/index.mjs";

loadEngine();

let cluster = null;
// What the cluster was read from (a File or the pasted text), read again whole by a reduction.
let clusterSource = null;

// Progress is posted at most this often, however small the chunks.
const PROGRESS_MS = 100;

async function load(id, source) {
  cluster?.free();
  cluster = null;
  clusterSource = null;
  let last = 0;
  const onProgress = (progress) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    self.postMessage({ id, progress });
  };
  cluster = await loadCluster(source, { onProgress });
  clusterSource = source;
  return cluster.summary;
}

// The minimal reproduction for a pod: over the cluster with the editors'
// text as the change, else of the editors' scenario. Returns {reduction,
// scenario}: the scenario's text ("" when the reduction failed).
async function reduceFor({ pod, text, profile, overCluster }) {
  if (!overCluster) {
    const reduction = await reduce(text, { pod, profile });
    return { reduction, scenario: reduction.scenario ?? "" };
  }
  if (!cluster) throw new Error("the cluster is no longer loaded: open the dump again");
  const reduction = await cluster.reduce(pod, { change: text, profile });
  if (reduction.error) return { reduction, scenario: "" };
  return { reduction, scenario: await reducedScenario(reduction, { cluster: clusterSource, change: text }) };
}

// What the run found of the cluster's own objects (inCluster: a pod bound to
// a node the dump lacks) is the Cluster panel's, not the editors': it goes
// to result.clusterDiagnostics.
function apart(result) {
  result.clusterDiagnostics = result.diagnostics.filter((d) => d.inCluster);
  result.diagnostics = result.diagnostics.filter((d) => !d.inCluster);
  return result;
}

async function run({ kind, text, seed, detailAttempt, profile, overCluster, variants }) {
  if (kind === "profiles") return { profiles: await profiles() };
  if (overCluster) {
    if (!cluster) throw new Error("the cluster is no longer loaded: open the dump again");
    return { result: apart(await cluster.simulate(text, { seed, detailAttempt, profile })), overCluster };
  }
  // Variants A and B of the scenario, under one profile.
  if (kind === "diff") return { variantDiff: await diff(variants.a, variants.b, { seed, profile }) };
  if (kind === "compare") return { comparison: await compare(text, { seed, profile }) };
  return { result: await simulate(text, { seed, detailAttempt, profile }) };
}

self.onmessage = async ({ data }) => {
  const { id, kind } = data;
  const started = performance.now();
  try {
    if (kind === "load") {
      self.postMessage({ id, summary: await load(id, data.source) });
    } else if (kind === "objects") {
      if (!cluster) throw new Error("no cluster is loaded");
      self.postMessage({ id, objects: cluster.objects(data.query, { offset: data.offset, limit: data.limit }) });
    } else if (kind === "free") {
      cluster?.free();
      cluster = null;
      clusterSource = null;
    } else if (kind === "reduce") {
      self.postMessage({ id, ...(await reduceFor(data)), ms: performance.now() - started });
    } else {
      self.postMessage({ id, ...(await run(data)), ms: performance.now() - started });
    }
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
