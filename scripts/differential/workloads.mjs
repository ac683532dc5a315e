// Workload scenarios for the run level with the controllers on (`npm run differential -- --level
// run --workloads`): ReplicaSets, Deployments (steady or in the middle of a rollout: two
// ReplicaSets with revisions), StatefulSets, DaemonSets and Jobs (parallelism, completions,
// backoffLimit, podFailurePolicy) with their running pods, budgets over each kind, bare pods, and
// pending pods of higher priority that arrive and preempt them. podsim runs them with its
// controllers on, the oracle with upstream's (oracle run --controllers). See docs/fidelity.md,
// "The controllers in the oracle".

const BASE = Date.parse("2024-05-01T08:00:00Z");
const iso = (ms) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");
const CLASSES = [
  ["low", 10],
  ["mid", 1000],
  ["high", 100000],
];
const KINDS = ["ReplicaSet", "Deployment", "StatefulSet", "DaemonSet", "Job"];

class Workloads {
  constructor(seed, rng) {
    this.seed = seed;
    this.rng = rng;
    this.uids = 0;
    this.docs = [];
    this.pods = [];
    this.nodes = [];
    this.start = BASE + 60_000;
  }
  uid() {
    this.uids++;
    const hex = (n, w) => n.toString(16).padStart(w, "0");
    return `${hex(this.seed >>> 0, 8)}-0000-4000-8000-${hex(this.uids, 12)}`;
  }
  meta(name, namespace, extra = {}) {
    return { name, ...(namespace ? { namespace } : {}), uid: this.uid(), creationTimestamp: iso(BASE), ...extra };
  }
}

function spec(w, cpu, priorityClassName, extra = {}) {
  return {
    priorityClassName,
    terminationGracePeriodSeconds: w.rng.pick([0, 10, 30]),
    containers: [{ name: "app", image: "registry.example/app:1", resources: { requests: { cpu: `${cpu}m`, memory: "512Mi" } } }],
    ...extra,
  };
}

function runningStatus(w) {
  const t = iso(w.start - 1000 * w.rng.int(1, 50));
  const ready = { type: "Ready", status: "True", lastTransitionTime: t };
  return { phase: "Running", startTime: t, conditions: [ready, { type: "PodScheduled", status: "True", lastTransitionTime: t }] };
}

/** A running pod of an owner on a node. */
function boundPod(w, { name, labels, owner, template, node, extraMeta = {} }) {
  const ownerReferences = owner ? [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }] : undefined;
  const pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { ...w.meta(name, "default", extraMeta), labels, ...(ownerReferences ? { ownerReferences } : {}) },
    spec: { ...structuredClone(template.spec), nodeName: node },
    status: runningStatus(w),
  };
  w.pods.push(pod);
  return pod;
}

/** Nodes with room for what runs there (cpu in millicores). */
function placeOn(w, cpu) {
  const fits = w.nodes.filter((n) => n.free >= cpu);
  if (!fits.length) return null;
  const node = w.rng.pick(fits);
  node.free -= cpu;
  return node.name;
}

const podName = (w, prefix) => `${prefix}-${w.uid().slice(-5)}`;

function template(w, app, cpu, pc, extraLabels = {}, extraSpec = {}) {
  return { metadata: { labels: { app, ...extraLabels } }, spec: spec(w, cpu, pc, extraSpec) };
}

function replicaSet(w, name, { replicas, tmpl, owner, revision, labels }) {
  const rs = {
    apiVersion: "apps/v1",
    kind: "ReplicaSet",
    metadata: w.meta(name, "default", { labels, ...(revision ? { annotations: { "deployment.kubernetes.io/revision": String(revision), "deployment.kubernetes.io/desired-replicas": String(owner.spec.replicas), "deployment.kubernetes.io/max-replicas": String(owner.spec.replicas + 1) } } : {}) }),
    spec: { replicas, selector: { matchLabels: labels }, template: tmpl },
  };
  if (owner) rs.metadata.ownerReferences = [{ apiVersion: "apps/v1", kind: "Deployment", name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }];
  return rs;
}

function runPods(w, owner, count, tmpl, labels, prefix, extraMeta) {
  const cpu = parseInt(tmpl.spec.containers[0].resources.requests.cpu, 10);
  let running = 0;
  for (let i = 0; i < count; i++) {
    const node = placeOn(w, cpu);
    if (!node) break;
    boundPod(w, { name: typeof prefix === "function" ? prefix(i) : podName(w, prefix), labels, owner, template: tmpl, node, extraMeta });
    running++;
  }
  // A ReplicaSet's status as its controller last wrote it, as a cluster's dump has it: the
  // Deployment controller reads its ReplicaSets' availability from there.
  if (owner.kind === "ReplicaSet") {
    owner.metadata.generation = 1;
    owner.status = { replicas: running, fullyLabeledReplicas: running, readyReplicas: running, availableReplicas: running, observedGeneration: 1 };
  }
}

function addReplicaSet(w, n, pc, cpu) {
  const app = `rs${n}`;
  const tmpl = template(w, app, cpu, pc);
  const replicas = w.rng.int(1, 4);
  const rs = replicaSet(w, app, { replicas, tmpl, labels: { app } });
  w.docs.push(rs);
  runPods(w, rs, Math.max(0, replicas + w.rng.int(-1, 1)), tmpl, { app }, app);
  return app;
}

function addDeployment(w, n, pc, cpu) {
  const app = `web${n}`;
  const replicas = w.rng.int(1, 4);
  const strategy = w.rng.chance(0.25)
    ? { type: "Recreate" }
    : { type: "RollingUpdate", rollingUpdate: { maxSurge: w.rng.pick([0, 1, "25%", "50%"]), maxUnavailable: w.rng.pick([1, "25%", "50%"]) } };
  const tmpl = template(w, app, cpu, pc);
  tmpl.spec.containers[0].image = "registry.example/app:2";
  const rollout = w.rng.chance(0.5);
  const deploy = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: w.meta(app, "default", { annotations: { "deployment.kubernetes.io/revision": rollout ? "2" : "1" } }),
    spec: { replicas, selector: { matchLabels: { app } }, strategy, template: tmpl },
  };
  w.docs.push(deploy);
  const old = rollout ? w.rng.int(1, replicas) : 0;
  const revisions = rollout
    ? [[1, "6d8f7b9c5d", "registry.example/app:1", old], [2, "7c9d8b6f4b", "registry.example/app:2", w.rng.int(0, replicas - old + 1)]]
    : [[1, "7c9d8b6f4b", "registry.example/app:2", replicas]];
  for (const [revision, hash, image, scale] of revisions) {
    const labels = { app, "pod-template-hash": hash };
    const own = structuredClone(tmpl);
    own.metadata.labels["pod-template-hash"] = hash;
    own.spec.containers[0].image = image;
    const rs = replicaSet(w, `${app}-${hash}`, { replicas: scale, tmpl: own, owner: deploy, revision, labels });
    w.docs.push(rs);
    runPods(w, rs, Math.max(0, scale - w.rng.int(0, 1)), own, labels, rs.metadata.name);
  }
  return app;
}

function addStatefulSet(w, n, pc, cpu) {
  const app = `db${n}`;
  const replicas = w.rng.int(1, 4);
  const tmpl = template(w, app, cpu, pc);
  const sts = {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: w.meta(app, "default"),
    spec: { replicas, serviceName: app, podManagementPolicy: w.rng.pick(["OrderedReady", "Parallel"]), updateStrategy: { type: "OnDelete" }, selector: { matchLabels: { app } }, template: tmpl },
  };
  w.docs.push(sts);
  const running = Math.max(0, replicas + w.rng.int(-1, 0));
  runPods(w, sts, running, tmpl, { app }, (i) => `${app}-${i}`, {});
  for (const pod of w.pods) if (pod.metadata.ownerReferences?.[0]?.uid === sts.metadata.uid) pod.metadata.labels["statefulset.kubernetes.io/pod-name"] = pod.metadata.name;
  return app;
}

function addDaemonSet(w, n, pc, cpu) {
  const app = `agent${n}`;
  const tmpl = template(w, app, cpu, pc);
  const ds = { apiVersion: "apps/v1", kind: "DaemonSet", metadata: w.meta(app, "default"), spec: { selector: { matchLabels: { app } }, updateStrategy: { type: "OnDelete" }, template: tmpl } };
  w.docs.push(ds);
  for (const node of w.nodes) {
    if (w.rng.chance(0.15) || node.free < cpu) continue; // one missing: created at the start
    node.free -= cpu;
    const pod = boundPod(w, { name: podName(w, app), labels: { app }, owner: ds, template: tmpl, node: node.name });
    pod.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: [node.name] }] }] } } };
  }
  return app;
}

function addJob(w, n, pc, cpu) {
  const app = `batch${n}`;
  const parallelism = w.rng.int(1, 3);
  const uid = w.uid();
  const labels = { app, "batch.kubernetes.io/controller-uid": uid, "batch.kubernetes.io/job-name": app, "controller-uid": uid, "job-name": app };
  const tmpl = { metadata: { labels }, spec: { ...spec(w, cpu, pc), restartPolicy: "Never" } };
  const job = {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { ...w.meta(app, "default"), uid },
    spec: { parallelism, backoffLimit: w.rng.int(0, 3), selector: { matchLabels: { "batch.kubernetes.io/controller-uid": uid } }, template: tmpl },
  };
  if (w.rng.chance(0.5)) job.spec.completions = parallelism + w.rng.int(0, 2);
  if (w.rng.chance(0.5)) {
    job.spec.podFailurePolicy = { rules: [{ action: w.rng.pick(["Ignore", "Count"]), onPodConditions: [{ type: "DisruptionTarget" }] }] };
  }
  w.docs.push(job);
  runPods(w, job, parallelism, tmpl, labels, app, { finalizers: ["batch.kubernetes.io/job-tracking"] });
  return { app, labels: { "job-name": app } };
}

const ADD = { ReplicaSet: addReplicaSet, Deployment: addDeployment, StatefulSet: addStatefulSet, DaemonSet: addDaemonSet, Job: addJob };

function addBudget(w, app, selector) {
  const rule = w.rng.pick([{ minAvailable: 1 }, { minAvailable: "50%" }, { maxUnavailable: 1 }, { maxUnavailable: 0 }]);
  w.docs.push({ apiVersion: "policy/v1", kind: "PodDisruptionBudget", metadata: w.meta(`${app}-pdb`, "default"), spec: { ...rule, selector: { matchLabels: selector } } });
}

function addBarePods(w) {
  for (let i = 0, n = w.rng.int(0, 3); i < n; i++) {
    const cpu = w.rng.pick([500, 1000, 1500]);
    const node = placeOn(w, cpu);
    if (node) boundPod(w, { name: `bare-${i}`, labels: { app: "bare" }, template: { spec: spec(w, cpu, "low") }, node });
  }
}

function addPending(w) {
  for (let i = 0, n = w.rng.int(1, 4); i < n; i++) {
    const cpu = w.rng.pick([1000, 1500, 2000, 3000]);
    const at = w.start + 1000 * w.rng.pick([0, 0, 5, 20, 45]);
    w.pending.push({
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: `urgent-${i}`, namespace: "default", uid: w.uid(), creationTimestamp: iso(at), labels: { app: "urgent" } },
      spec: spec(w, cpu, w.rng.pick(["high", "high", "mid"])),
    });
  }
}

/** One workload scenario: {seed, text}. */
export function generateWorkloads(seed, rng) {
  const w = new Workloads(seed, rng);
  w.pending = [];
  for (const [name, value] of CLASSES) w.docs.push({ apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: w.meta(name), value });
  const nodeCount = rng.int(2, 4);
  for (let i = 0; i < nodeCount; i++) {
    const name = `node-${i}`;
    w.nodes.push({ name, free: 4000 });
    w.docs.push({ apiVersion: "v1", kind: "Node", metadata: { ...w.meta(name), labels: { "kubernetes.io/hostname": name } }, status: { allocatable: { cpu: "4", memory: "16Gi", pods: "110" }, capacity: { cpu: "4", memory: "16Gi", pods: "110" } } });
  }
  const kinds = rng.sample(KINDS, rng.int(1, 3));
  kinds.forEach((kind, n) => {
    const pc = rng.pick(["low", "low", "mid"]);
    const made = ADD[kind](w, n, pc, rng.pick([500, 1000, 1500]));
    const app = typeof made === "string" ? made : made.app;
    if (rng.chance(0.5)) addBudget(w, app, typeof made === "string" ? { app } : made.labels);
  });
  addBarePods(w);
  addPending(w);
  const docs = [...w.docs, ...w.pods, ...w.pending];
  return { seed, text: docs.map((d) => JSON.stringify(d, null, 2)).join("\n---\n") + "\n" };
}
