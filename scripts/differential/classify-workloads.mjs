// The classes of the workload differences (docs/fidelity.md, "Open differences"), found from the
// differences' lines and the scenario's features (which workloads, a rollout, a budget's kind and
// form): a scenario counts under the first class it shows, and in each class it shows.
//   node scripts/differential/classify-workloads.mjs tests/differential/known.json
//   node scripts/differential/classify-workloads.mjs differential-out/   (a campaign's --out)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { generate } from "./generate.mjs";
const src = process.argv[2];
let entries;
if (statSync(src).isDirectory()) {
  entries = readdirSync(src).filter((f) => f.endsWith(".json")).map((f) => { const j = JSON.parse(readFileSync(`${src}/${f}`, "utf8")); return [j.seed, j.differences]; });
} else {
  entries = Object.entries(JSON.parse(readFileSync(src, "utf8"))).filter(([k]) => k.startsWith("workloads:")).map(([k, v]) => [Number(k.split(":")[1]), v]);
}
const counts = new Map();
const anyCounts = new Map();
const examples = new Map();
for (const [seed, diffs] of entries) {
  const docs = generate(seed, { level: "run", workloads: true }).text.split("\n---\n").map((d) => JSON.parse(d));
  const kindOf = {};
  for (const d of docs) if (["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"].includes(d.kind)) kindOf[d.metadata.name] = d;
  const rollout = docs.some((d) => d.kind === "Deployment" && d.metadata.annotations["deployment.kubernetes.io/revision"] === "2");
  const noScalePdb = docs.some((d) => d.kind === "PodDisruptionBudget" && ["DaemonSet", "Job"].includes(kindOf[d.metadata.name.replace(/-pdb$/, "")]?.kind) && (d.spec.maxUnavailable !== undefined || String(d.spec.minAvailable).endsWith("%")));
  const text = diffs.join("\n");
  const classes = [];
  const del = diffs.find((d) => d.startsWith("deleted by controllers"));
  if (del) {
    const m = /podsim (\[.*?\]), upstream (\[.*\])/.exec(del);
    const [a, b] = [JSON.parse(m[1]), JSON.parse(m[2])];
    if (a.length === b.length && a.every((p) => /rs\d|web\d-/.test(p)) && b.every((p) => /rs\d|web\d-/.test(p)) && !/6d8f7b9c5d #/.test(del)) classes.push("scale-down victim choice (#32 item 3)");
  }
  if (noScalePdb && /pdbViolations|upstream node-\d \[|podsim node-\d \[/.test(text)) classes.push("PDB over pods without a scale (#32 item 1)");
  if (rollout && /6d8f7b9c5d|7c9d8b6f4b/.test(text)) classes.push("a rollout's steps (#32 items 2 and 4)");
  if (/\(default\/db\d-\d\): podsim scheduled default\/db\d-\d here/.test(text)) classes.push("a Parallel StatefulSet's pods made at once: upstream's goroutine order (chance)");
  if (/\(<DaemonSet [^>]*>\): podsim scheduled <DaemonSet/.test(text)) classes.push("a DaemonSet's pods made at once: upstream's node order (chance)");
  if (/batch\d/.test(text)) classes.push("Job pods: deletion, backoff, failure (#32 items 5 to 7)");
  if (/deleted by controllers/.test(text) && /batch\d/.test(del ?? "")) classes.push("Job pods deleted (#32 item 7)");
  if (classes.length === 0) classes.push(/agent\d/.test(text) ? "DaemonSet (other)" : /db\d/.test(text) ? "StatefulSet (other)" : "other");
  for (const c of new Set(classes)) anyCounts.set(c, (anyCounts.get(c) ?? 0) + 1);
  const key = classes[0];
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (!examples.has(key)) examples.set(key, []);
  examples.get(key).push(seed);
}
for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${k}\t${examples.get(k).slice(0, 3).join(", ")}`);
console.log(`${entries.length} differing; each class's share, a scenario in each class it shows:`);
for (const [k, n] of [...anyCounts].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${k}`);
