// A TypeScript user of the package, type-checked (never run) by
// tests/node/types.test.mjs: it uses the API and reads the documents the
// way a user would, and each @ts-expect-error line is a misuse the types
// must reject (tsc fails if one is accepted).
import {
  CHUNK_BYTES,
  MAX_TEXT_BYTES,
  compare,
  hasErrors,
  loadCluster,
  loadEngine,
  profiles,
  reduce,
  reducedScenario,
  simulate,
  type Attempt,
  type ClusterObject,
  type Comparison,
  type Diagnostic,
  type LoadedCluster,
  type NodeResult,
  type ProfileName,
  type SimulationResult,
  type Status,
  type TraceStep,
  type Victim,
} from "podsim";

const scenario = `apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
`;

// --- The engine: where its WebAssembly is (bundlers such as esbuild). ---
async function engines(): Promise<void> {
  await loadEngine();
  await loadEngine({ wasm: new URL("./podsim.wasm", import.meta.url) });
  await loadEngine({ wasm: "/assets/podsim.wasm" });
  await loadEngine({ wasm: fetch("/assets/podsim.wasm") });
  await loadEngine({ wasm: fetch("/assets/podsim.wasm").then((r) => r.arrayBuffer()) });
  await loadEngine({ wasm: new Uint8Array(8) });
  await loadEngine({ wasm: await WebAssembly.compileStreaming(fetch("/podsim.wasm")) });
  const engine = await loadEngine({ wasm: null });
  const raw: string = engine.profiles();
  void raw;
  // @ts-expect-error a number is no place to load the engine from
  await loadEngine({ wasm: 42 });
}

// --- One scenario. ---
function describeVictims(victims: readonly Victim[]): string {
  return victims.map((v) => `${v.pod} (priority ${v.priority}${v.pdbViolation ? ", violates its PDB" : ""})`).join(", ");
}

function describeStatus(status: Status | null): string {
  if (status === null) return "not filtered";
  if (status.code === "Success") return "fits";
  const plugin = status.plugin === "" ? "" : `${status.plugin}: `;
  return `${status.code} (${plugin}${status.reasons.join(", ")})`;
}

function describe(attempt: Attempt): string {
  switch (attempt.outcome) {
    case "Scheduled":
      // Narrowed: a scheduled pod has a node and no preemption.
      return `${attempt.pod} -> ${attempt.node.toUpperCase()}`;
    case "Nominated": {
      const { potentialNodes, candidateCount, candidates } = attempt.preemption;
      const first = candidates[0]?.victims.join(", ") ?? "";
      return `${attempt.pod} -> nominated ${attempt.node}, evicting ${describeVictims(attempt.victims)} ` +
        `(${candidateCount} of ${potentialNodes} nodes; first candidate: ${first})`;
    }
    case "Unschedulable":
      return `${attempt.pod} cannot be scheduled: ${attempt.message}${attempt.preemption?.message ?? ""}`;
  }
}

function nodeLines(node: NodeResult): string[] {
  const lines = [`${node.node}: ${describeStatus(node.filter)}`];
  if (node.score) {
    lines.push(`score ${node.score.total}, fit ${node.score.plugins.NodeResourcesFit ?? 0}`);
  }
  const preemption = node.preemption;
  if (preemption) {
    if (preemption.verdict === "candidate") lines.push(`candidate: ${describeVictims(preemption.victims)}`);
    for (const step of preemption.trace) {
      if (step.step === "reprieve") lines.push(`${step.pods[0]}: ${step.result} ${step.fits ? "(fits)" : ""}`);
      else lines.push(step.text);
      if (step.status) lines.push(describeStatus(step.status));
    }
  }
  return lines;
}

async function one(): Promise<void> {
  const result: SimulationResult = await simulate(scenario, { seed: 42, profile: "v1.14", detailAttempt: 0 });
  if (hasErrors(result)) {
    const errors: Diagnostic[] = result.diagnostics.filter((d) => d.severity === "error");
    for (const d of errors) console.log(`${d.object} ${d.path} (line ${d.line}, document ${d.document}): ${d.message}`);
  }
  const version: string = result.kubernetesVersion;
  const profile: ProfileName = result.profile;
  console.log(version, profile, result.apiVersion === "podsim/v1");
  for (const pdb of result.pdbs) console.log(pdb.pdb, pdb.disruptionsAllowed, pdb.computed, pdb.explanation);

  for (const attempt of result.pods) {
    console.log(describe(attempt), attempt.attempt, attempt.detailed, attempt.preemptionPolicy);
    attempt.nodes.flatMap(nodeLines).forEach((line) => console.log(line));
    for (const step of attempt.selection) {
      const scores = Object.entries(step.display).map(([node, shown]) => `${node}=${shown}`);
      console.log(step.criterion, scores.join(" "), "kept", step.kept.join(", "), step.scores["node-1"]);
    }
    const trace: TraceStep[] = attempt.trace;
    if (trace.some((s) => s.step === "actuate")) console.log("cleared", attempt.clearedNominations);
    if (attempt.scoredPlugins.includes("NodeResourcesBalancedAllocation")) console.log("balanced");

    // @ts-expect-error the node is null when the pod is unschedulable: narrow on outcome first
    console.log(attempt.node.length);
    // @ts-expect-error no such outcome
    if (attempt.outcome === "Preempted") console.log("never");
  }

  // The picture: before and after.
  for (const pod of result.cluster.pods) {
    const where = pod.evictedBy ? `evicted by ${pod.evictedBy}` : (pod.finalNode ?? pod.nominatedNode ?? "pending");
    console.log(pod.pod, pod.priority, pod.requests.cpu, pod.node, pod.pending, where);
  }
  const cpu = result.cluster.nodes.reduce((sum, n) => sum + n.allocatable.cpu, 0);
  console.log(cpu, MAX_TEXT_BYTES, CHUNK_BYTES);

  // @ts-expect-error a seed is a number
  await simulate(scenario, { seed: "42" });
  // @ts-expect-error a result has no victims of its own: they belong to attempts
  console.log(result.victims);
}

// --- Two profiles. ---
async function two(): Promise<void> {
  const known = await profiles();
  const names = known.map((p) => `${p.name} (${p.kubernetesVersion}): ${p.summary}`);
  console.log(names);
  const outcome = await compare(scenario, { profiles: ["current", "v1.14"], seed: 1 });
  const older = await compare(scenario, { profiles: ["v1.31", "v1.14"] });
  console.log(older.kind);
  if (outcome.kind !== "Comparison") {
    // An unknown profile name: a plain result with the diagnostic.
    console.log(outcome.diagnostics.map((d) => d.message));
    return;
  }
  const comparison: Comparison = outcome;
  const [a, b] = comparison.profiles;
  for (const d of comparison.differences) {
    const what = d.kind === "decision" ? "first decision" : "final outcome";
    console.log(d.pod, what, a.name, d.a.outcome, d.a.node, b.name, d.b.outcome, d.b.victims.join(","));
    for (const rule of d.rules) console.log(d.together ? "together" : "alone", rule.switch, rule.text);
  }
  const [ra, rb] = comparison.results;
  console.log(hasErrors(ra) || hasErrors(rb));
  // @ts-expect-error a comparison has no diagnostics of its own: ask each result
  hasErrors(comparison);
}

// --- A cluster dump, read once. ---
async function dump(file: File, stream: ReadableStream<Uint8Array>): Promise<void> {
  const cluster: LoadedCluster = await loadCluster(file, {
    onProgress: ({ bytes, objects }) => console.log(`${(bytes / 1048576).toFixed(1)} MiB, ${objects} objects`),
  });
  const { summary } = cluster;
  console.log(summary.nodes, summary.pods.pending, summary.requested.cpuMillis, summary.errors, summary.diagnosticCount);
  for (const c of summary.priorityClasses) console.log(c.name, c.value, c.globalDefault, c.preemptionPolicy, c.pods);
  for (const ns of summary.podsByNamespace) console.log(ns.namespace, ns.pods);

  const over = await cluster.simulate(scenario, { profile: "current" });
  console.log(over.pods.length);

  const page = cluster.objects("app=web", { offset: 0, limit: 20 });
  const names = page.objects.map((o: ClusterObject) => {
    switch (o.kind) {
      case "Node":
        return `${o.name} ${o.cpuMillis}m ${o.taints.join(",")} ${o.unschedulable}`;
      case "Pod":
        return `${o.namespace}/${o.name} on ${o.node || "-"} ${o.phase} ${o.terminating} ${o.labels["app"] ?? ""}`;
      case "PodDisruptionBudget":
        return `${o.namespace}/${o.name}`;
      case "PriorityClass":
        return `${o.name}=${o.value}`;
    }
  });
  console.log(page.total, names);
  cluster.free();

  // Every kind of source.
  await loadCluster(scenario);
  await loadCluster(new TextEncoder().encode(scenario));
  await loadCluster(new ArrayBuffer(0));
  await loadCluster(stream);
  await loadCluster((await fetch("/dump.yaml")).body!);
  await loadCluster(["apiVersion: v1\n", new Uint8Array(0)]);
  await loadCluster(
    (async function* () {
      yield "kind: Node\n";
      yield new Uint8Array(0);
    })(),
  );
  // @ts-expect-error numbers are not chunks
  await loadCluster([1, 2, 3]);
  // @ts-expect-error objects() is synchronous and takes a page, not a number
  await cluster.objects("", 10);
}

// --- A minimal reproduction for one pod, from text and from a loaded dump. ---
async function reduction(dump: Blob): Promise<void> {
  const r = await reduce(scenario, { pod: "default/web", profile: "v1.14" });
  if ("error" in r) {
    console.log(r.error);
  } else {
    const kept: string[] = r.kept.map((o) => `${o.kind} ${o.namespace ?? ""}/${o.name}: ${o.reason}`);
    const text: string | undefined = r.scenario;
    console.log(kept, text, r.decision.victims, r.capped ? r.limit : r.runs);
  }
  // @ts-expect-error the pod is required
  await reduce(scenario, {});
  const cluster = await loadCluster(dump);
  const over = await cluster.reduce("shop/web", { change: scenario, namespace: "shop" });
  if (over.kind === "Reduction" && !("error" in over)) {
    const text: string = await reducedScenario(over, { cluster: dump, change: scenario });
    console.log(text, over.kept.filter((o) => o.change).length);
  }
  // @ts-expect-error the change is text
  await cluster.reduce("shop/web", { change: 1 });
}

void reduction;
void engines;
void one;
void two;
void dump;
