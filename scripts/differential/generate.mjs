// Seeded scenario generator for the differential oracle (issue #28): each seed gives one
// scenario, a `---`-separated stream of JSON documents (valid YAML, as `kubectl apply` takes
// them), that both podsim and upstream kube-scheduler (oracle/) read. Bare pods only, no
// workload controllers; every feature podsim models appears in the mix, biased towards
// preemption, near-ties and PodDisruptionBudget edges.
//
//   generate(seed, {profile, level})         -> {seed, text}
//   generateMany(seed, count, {profile, level}) -> [{index, seed, text}], scenario i seeded
//                                               with deriveSeed(seed, i), reproducible alone
//   node scripts/differential/generate.mjs [--seed N] [--count N] [--profile P] [--level L] [--out DIR]
//
// Deterministic: one mulberry32 stream per scenario, never Math.random; the output depends on
// the seed and the options only.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateWorkloads } from "./workloads.mjs";

const BASE_TIME = Date.UTC(2024, 4, 1, 8, 0, 0); // 2024-05-01T08:00:00Z
const NAMESPACES = ["default", "team-a", "team-b"];
const APPS = ["web", "api", "db", "batch", "cache", "worker"];
const ZONES = ["zone-a", "zone-b", "zone-c"];
const GPU = "example.com/gpu";
const HOSTNAME = "kubernetes.io/hostname";
const ZONE = "topology.kubernetes.io/zone";
const TAINT_KEYS = [
  ["dedicated", "infra"],
  ["spot", "true"],
  ["gpu", "present"],
  ["maintenance", "soon"],
];
const HOST_PORTS = [8080, 9090, 443];
const SCORE_PLUGINS = [
  "NodeResourcesBalancedAllocation",
  "NodeResourcesFit",
  "TaintToleration",
  "NodeAffinity",
  "PodTopologySpread",
  "InterPodAffinity",
  "ImageLocality",
];

/** The options generate() reads, with their defaults. */
export const DEFAULT_OPTIONS = Object.freeze({ profile: "current", level: "decision" });

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a 32-bit state, returns floats in [0, 1). */
function mulberry32(state) {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit avalanche of x (the murmur3 finalizer). */
function mix32(x) {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

function checkSeed(seed, what = "seed") {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new TypeError(`${what} must be a non-negative safe integer, got ${String(seed)}`);
  }
}

/** The 32-bit PRNG state of a (safe-integer) seed: both halves of it count. */
function stateOf(seed) {
  const low = seed % 4294967296;
  const high = Math.floor(seed / 4294967296);
  return mix32(mix32(low ^ 0x9e3779b9) ^ Math.imul(high + 1, 0x7feb352d));
}

/** The seed of scenario `index` of generateMany(seed, ...): a 32-bit hash of both. */
export function deriveSeed(seed, index) {
  checkSeed(seed);
  checkSeed(index, "index");
  return mix32(stateOf(seed) ^ mix32(Math.imul(index + 1, 0x9e3779b1) ^ (Math.floor(index / 4294967296) >>> 0)));
}

export class Rng {
  constructor(seed) {
    this.next = mulberry32(stateOf(seed));
  }
  /** An integer in [lo, hi]. */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }
  /** Picks from [[weight, value], ...]. */
  weighted(entries) {
    const total = entries.reduce((sum, [w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [w, value] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][1];
  }
  shuffled(items) {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  /** Up to n distinct items. */
  sample(items, n) {
    return this.shuffled(items).slice(0, n);
  }
}

// ---------------------------------------------------------------------------------------------
// Quantities: cpu in millicores, memory and storage in MiB.

function cpu(m) {
  return m % 1000 === 0 ? String(m / 1000) : `${m}m`;
}
function mem(mi) {
  return mi % 1024 === 0 ? `${mi / 1024}Gi` : `${mi}Mi`;
}
function iso(ms) {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

// ---------------------------------------------------------------------------------------------
// The scenario under construction

class Scenario {
  constructor(seed, options) {
    this.seed = seed;
    this.rng = new Rng(seed);
    this.profile = options.profile;
    this.level = options.level;
    this.clock = BASE_TIME; // creation times, increasing in emission order
    this.uids = 0;
    this.names = new Set();
    this.classes = []; // {name, value, never, globalDefault}
    this.nodes = []; // {name, cpu, mem, storage, pods, gpu, zone, taints, ..., used: {...}}
    this.bound = []; // pod objects with spec.nodeName
    this.pending = [];
    this.pdbs = [];
    this.claims = []; // {name, namespace, mode, pv}
    this.config = null;
  }

  meta(name, namespace) {
    this.clock += 1000 * this.rng.int(1, 3);
    const prefix = (this.seed >>> 0).toString(16).padStart(8, "0");
    const uid = `${prefix}-0000-4000-8000-${(++this.uids).toString(16).padStart(12, "0")}`;
    const meta = { name, uid, creationTimestamp: iso(this.clock) };
    if (namespace !== undefined) meta.namespace = namespace;
    return meta;
  }

  uniqueName(base, namespace = "") {
    let name = base;
    for (let i = 2; this.names.has(`${namespace}/${name}`); i++) name = `${base}-${i}`;
    this.names.add(`${namespace}/${name}`);
    return name;
  }
}

// ---------------------------------------------------------------------------------------------
// Shape: how big, and what the scenario leans towards

function chooseShape(s) {
  const { rng } = s;
  const nodeCount = rng.weighted([
    [70, () => rng.int(1, 4)],
    [12, () => rng.int(5, 8)],
    [13, () => rng.int(9, 24)],
    [5, () => rng.int(25, 60)],
  ])();
  // the run level lets pending pods compete with each other, so it has more of them
  const pendingWeights = s.level === "run" ? [2, 4, 4, 3, 2, 2] : [5, 4, 3, 2, 1, 1];
  const pendingCount = rng.weighted(pendingWeights.map((w, i) => [w, i + 1]));
  return {
    nodeCount,
    pendingCount,
    // identical nodes, equal priorities and equal start times
    tie: rng.chance(0.25),
    gpu: rng.chance(0.3),
    taints: rng.chance(0.35),
    pdbs: rng.chance(0.6),
    claims: rng.chance(0.2),
    config: rng.chance(0.18),
    ports: rng.chance(0.2),
    nominated: rng.chance(0.25),
    terminating: rng.chance(0.3),
    smallPodCap: rng.chance(0.15),
    namespaces: rng.chance(0.35),
  };
}

// ---------------------------------------------------------------------------------------------
// PriorityClasses

function addPriorityClasses(s, shape) {
  const { rng } = s;
  const count = rng.int(2, 5);
  const names = ["low", "batch", "standard", "high", "critical"];
  let value = rng.pick([-10, 0, 10, 100]);
  for (let i = 0; i < count; i++) {
    const equal = shape.tie && i > 0 && rng.chance(0.3);
    if (!equal) value += rng.pick([1, 90, 900, 1000, 10000]) * (i === 0 ? 0 : 1);
    s.classes.push({ name: names[i], value, never: false, globalDefault: false });
  }
  // a non-preempting class near the top
  if (rng.chance(0.3)) {
    const top = s.classes[s.classes.length - 1];
    s.classes.push({ name: "high-nonpreempting", value: top.value + rng.pick([0, 1, 100]), never: true, globalDefault: false });
  }
  if (rng.chance(0.15)) rng.pick(s.classes).globalDefault = true;
}

function priorityClassObject(s, pc) {
  const obj = {
    apiVersion: "scheduling.k8s.io/v1",
    kind: "PriorityClass",
    metadata: s.meta(pc.name),
    value: pc.value,
  };
  if (pc.globalDefault) obj.globalDefault = true;
  if (pc.never) obj.preemptionPolicy = "Never";
  else if (s.rng.chance(0.3)) obj.preemptionPolicy = "PreemptLowerPriority";
  obj.description = `generated class ${pc.name}`;
  return obj;
}

// ---------------------------------------------------------------------------------------------
// Nodes

const NODE_SIZES = [
  { cpu: 2000, mem: 4096 },
  { cpu: 4000, mem: 8192 },
  { cpu: 8000, mem: 16384 },
  { cpu: 16000, mem: 32768 },
];

function nodeSpec(s, shape, zones) {
  const { rng } = s;
  const size = rng.weighted([[2, NODE_SIZES[0]], [5, NODE_SIZES[1]], [3, NODE_SIZES[2]], [1, NODE_SIZES[3]]]);
  const shave = rng.chance(0.4) ? rng.pick([0.98, 0.95, 0.9]) : 1;
  return {
    cpu: Math.round((size.cpu * shave) / 10) * 10,
    mem: Math.round(size.mem * shave),
    storage: rng.pick([20, 50, 100]) * 1024,
    pods: shape.smallPodCap && rng.chance(0.6) ? rng.int(2, 8) : 110,
    gpu: shape.gpu && rng.chance(0.5) ? rng.pick([1, 2, 4]) : 0,
    zone: rng.pick(zones),
    disk: rng.pick(["ssd", "hdd"]),
    pool: rng.pick(["general", "general", "memory", "compute"]),
    taints: shape.taints && rng.chance(0.4) ? makeTaints(s) : [],
    unschedulable: rng.chance(0.03),
  };
}

function makeTaints(s) {
  const { rng } = s;
  return rng.sample(TAINT_KEYS, rng.weighted([[4, 1], [1, 2]])).map(([key, value]) => ({
    key,
    value,
    effect: rng.weighted([[5, "NoSchedule"], [3, "PreferNoSchedule"], [2, "NoExecute"]]),
  }));
}

function addNodes(s, shape) {
  const { rng } = s;
  const zones = ZONES.slice(0, rng.int(1, 3));
  const template = nodeSpec(s, shape, zones);
  for (let i = 0; i < shape.nodeCount; i++) {
    let spec = shape.tie ? { ...template, zone: zones[i % zones.length] } : nodeSpec(s, shape, zones);
    // mostly some room without taints: a cluster where every node repels the pod says little
    if (i === 0 && rng.chance(0.8)) spec = { ...spec, taints: [], unschedulable: false };
    if (shape.tie && template.gpu === 0 && shape.gpu && i === 0) spec = { ...spec, gpu: 2 };
    const name = shape.nodeCount > 8 ? `${spec.zone}-node-${i + 1}` : `node-${i + 1}`;
    s.nodes.push({ name, ...spec, used: { cpu: 0, mem: 0, gpu: 0, pods: 0, storage: 0 } });
  }
}

function nodeObject(s, node) {
  const allocatable = { cpu: cpu(node.cpu), memory: mem(node.mem), "ephemeral-storage": mem(node.storage), pods: String(node.pods) };
  if (node.gpu > 0) allocatable[GPU] = String(node.gpu);
  const capacity = { ...allocatable, cpu: cpu(Math.ceil(node.cpu / 1000) * 1000), memory: mem(node.mem + 256) };
  const obj = {
    apiVersion: "v1",
    kind: "Node",
    metadata: s.meta(node.name),
    spec: {},
    status: { capacity, allocatable },
  };
  obj.metadata.labels = {
    [HOSTNAME]: node.name,
    [ZONE]: node.zone,
    "kubernetes.io/os": "linux",
    disktype: node.disk,
    pool: node.pool,
  };
  if (node.gpu > 0) obj.metadata.labels.accelerator = "example-gpu";
  if (node.taints.length > 0) obj.spec.taints = node.taints;
  if (node.unschedulable) obj.spec.unschedulable = true;
  return obj;
}

// ---------------------------------------------------------------------------------------------
// Containers and requests

function resources(requests, { limits = false, gpu = 0 } = {}) {
  const req = {};
  if (requests.cpu) req.cpu = cpu(requests.cpu);
  if (requests.mem) req.memory = mem(requests.mem);
  if (requests.storage) req["ephemeral-storage"] = mem(requests.storage);
  const out = {};
  if (gpu > 0) req[GPU] = String(gpu);
  if (Object.keys(req).length > 0) out.requests = req;
  // extended resources must have limits equal to their requests
  if (gpu > 0 || limits) {
    out.limits = {};
    if (gpu > 0) out.limits[GPU] = String(gpu);
    if (limits) {
      if (req.cpu) out.limits.cpu = req.cpu;
      if (req.memory) out.limits.memory = req.memory;
    }
  }
  return out;
}

function container(name, requests, options = {}) {
  const c = { name, image: "registry.k8s.io/pause:3.10", resources: resources(requests, options) };
  if (options.hostPort) c.ports = [{ containerPort: options.hostPort, hostPort: options.hostPort, protocol: "TCP" }];
  return c;
}

/**
 * Splits a pod's total request {cpu, mem, storage, gpu} over its containers, init containers,
 * sidecars, overhead and pod-level resources so that PodRequests gives back about the total.
 */
function buildPodSpec(s, total, features) {
  const { rng } = s;
  const spec = { schedulerName: "default-scheduler", containers: [] };
  let remaining = { ...total };
  if (features.overhead) {
    spec.runtimeClassName = "kata";
    spec.overhead = { cpu: "100m", memory: "64Mi" };
    remaining = { ...remaining, cpu: Math.max(0, remaining.cpu - 100), mem: Math.max(0, remaining.mem - 64) };
  }
  const withSidecars = { ...remaining }; // what the regular containers and sidecars ask in all
  const init = [];
  if (features.sidecar) {
    const side = { cpu: Math.min(remaining.cpu, rng.pick([50, 100, 250])), mem: Math.min(remaining.mem, rng.pick([32, 64, 128])) };
    remaining = { ...remaining, cpu: remaining.cpu - side.cpu, mem: remaining.mem - side.mem };
    const c = container("proxy", side, { hostPort: features.sidecarPort });
    c.restartPolicy = "Always";
    init.push(c);
  }
  if (features.init) {
    // an init container may ask for more than the app containers: PodRequests takes the max
    const big = rng.chance(0.5);
    const initReq = { cpu: big ? Math.round(remaining.cpu * 1.2) : Math.round(remaining.cpu / 2), mem: Math.round(remaining.mem / 2) };
    init.unshift(container("setup", initReq));
  }
  if (init.length > 0) spec.initContainers = init;
  const parts = features.containers;
  for (let i = 0; i < parts; i++) {
    const share = (x) => (i === parts - 1 ? x - Math.floor(x / parts) * (parts - 1) : Math.floor(x / parts));
    const req = { cpu: share(remaining.cpu), mem: share(remaining.mem), storage: i === 0 ? total.storage : 0 };
    spec.containers.push(
      container(i === 0 ? "app" : `app-${i}`, req, {
        gpu: i === 0 ? total.gpu : 0,
        hostPort: i === 0 ? features.hostPort : undefined,
        limits: features.limits && i === 0,
      }),
    );
  }
  if (features.podLevel) {
    // pod-level requests must cover the containers' and sidecars' sum; they replace it (v1.34+)
    const requests = { cpu: cpu(withSidecars.cpu + rng.pick([0, 100, 500])), memory: mem(withSidecars.mem + rng.pick([0, 128])) };
    spec.resources = { requests };
  }
  return spec;
}

function podFeatures(s, shape, { pending }) {
  const { rng } = s;
  const sidecar = rng.chance(pending ? 0.15 : 0.08);
  const features = {
    containers: rng.weighted([[6, 1], [3, 2], [1, 3]]),
    overhead: rng.chance(pending ? 0.08 : 0.02),
    sidecar,
    sidecarPort: sidecar && shape.ports && rng.chance(0.3) ? rng.pick(HOST_PORTS) : undefined,
    init: rng.chance(pending ? 0.15 : 0.06),
    podLevel: s.profile !== "v1.31" && rng.chance(pending ? 0.08 : 0.02),
    hostPort: shape.ports && rng.chance(pending ? 0.35 : 0.2) ? rng.pick(HOST_PORTS) : undefined,
    limits: rng.chance(0.2),
  };
  // the API refuses one host port twice in a pod
  if (features.sidecarPort === features.hostPort) features.sidecarPort = undefined;
  return features;
}

/** What PodRequests gives for the spec buildPodSpec wrote (roughly: the split keeps the sum). */
function effectiveCpu(total, features) {
  return total.cpu + (features.init ? Math.round(total.cpu * 0.2) : 0) + (features.podLevel ? 500 : 0);
}

// ---------------------------------------------------------------------------------------------
// Bound pods: nodes filled with mostly lower-priority pods

function lowClasses(s) {
  const sorted = [...s.classes].filter((c) => !c.never).sort((a, b) => a.value - b.value);
  return sorted.slice(0, Math.max(1, sorted.length - 1));
}

function fillNodes(s, shape) {
  const { rng } = s;
  const tieLoad = shape.tie && s.nodes.length > 0 ? makeLoad(s, shape, s.nodes[0]) : null;
  for (const node of s.nodes) {
    if (!shape.tie && rng.chance(0.08)) continue; // an empty node now and then
    const load = tieLoad ?? makeLoad(s, shape, node);
    for (const item of load) {
      if (node.used.pods >= node.pods) break;
      if (node.used.cpu + effectiveCpu(item.total, item.features) > node.cpu || node.used.mem + item.total.mem > node.mem) continue;
      if (node.used.storage + item.total.storage > node.storage) continue;
      const gpu = node.gpu - node.used.gpu > 0 && item.wantsGpu ? 1 : 0;
      addBoundPod(s, node, { ...item, total: { ...item.total, gpu } });
    }
  }
}

/** The pods one node should run: sizes, classes, features, to fill 55-100% of its cpu. */
function makeLoad(s, shape, node) {
  const { rng } = s;
  const low = lowClasses(s);
  const target = rng.weighted([[1, 0.55], [2, 0.75], [3, 0.9], [3, 1.0]]);
  const load = [];
  let used = 0;
  const startGroup = rng.int(0, 2);
  for (let i = 0; i < 40 && used < node.cpu * target; i++) {
    const cpuReq = rng.pick([100, 250, 500, 500, 750, 1000, 1000, 1500, 2000]);
    const total = {
      cpu: Math.min(cpuReq, Math.max(100, Math.floor(node.cpu * target - used))),
      mem: rng.pick([128, 256, 512, 1024, 1024, 2048]),
      storage: rng.chance(0.2) ? rng.pick([512, 1024, 2048]) : 0,
      gpu: 0,
    };
    used += total.cpu;
    const pc = rng.chance(0.85) ? rng.pick(low) : rng.pick(s.classes);
    load.push({
      total,
      pc,
      noClass: rng.chance(0.08),
      app: rng.pick(APPS),
      namespace: shape.namespaces ? rng.weighted([[6, "default"], [2, "team-a"], [2, "team-b"]]) : "default",
      features: podFeatures(s, shape, { pending: false }),
      wantsGpu: rng.chance(0.7),
      startGroup: shape.tie ? 0 : rng.chance(0.4) ? startGroup : rng.int(0, 5),
      terminating: shape.terminating && rng.chance(0.12),
      antiAffinity: rng.chance(0.06),
      spread: rng.chance(0.04),
      ready: rng.weighted([[6, null], [3, "True"], [1, "False"]]),
      grace: rng.weighted([[6, null], [2, 0], [2, 10], [1, 60]]),
    });
  }
  return load;
}

function addBoundPod(s, node, item) {
  const { rng } = s;
  const name = s.uniqueName(`${item.app}-${node.name.replace(/-node/, "")}-${node.used.pods + 1}`, item.namespace);
  const features = { ...item.features };
  if (features.hostPort && node.usedPorts?.has(features.hostPort)) features.hostPort = undefined;
  const clash = node.usedPorts?.has(features.sidecarPort) || features.sidecarPort === features.hostPort;
  if (features.sidecarPort && clash) features.sidecarPort = undefined;
  node.usedPorts ??= new Set();
  for (const port of [features.hostPort, features.sidecarPort]) if (port) node.usedPorts.add(port);
  const spec = buildPodSpec(s, item.total, features);
  spec.nodeName = node.name;
  if (item.noClass) {
    spec.priority = 0;
  } else {
    spec.priorityClassName = item.pc.name;
    spec.priority = item.pc.value;
    spec.preemptionPolicy = item.pc.never ? "Never" : "PreemptLowerPriority";
  }
  if (item.grace !== null) spec.terminationGracePeriodSeconds = item.grace;
  if (node.taints.length > 0) spec.tolerations = node.taints.map((t) => ({ key: t.key, operator: "Exists" }));
  if (item.antiAffinity) {
    spec.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: rng.pick(APPS) } }, topologyKey: rng.pick([HOSTNAME, HOSTNAME, ZONE]) },
        ],
      },
    };
  }
  if (item.spread) spec.topologySpreadConstraints = [spreadConstraint(s, item.app, false)];
  const pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: item.namespace, labels: { app: item.app, tier: rng.pick(["frontend", "backend"]) } },
    spec,
    status: { phase: "Running" },
  };
  pod.startGroup = item.startGroup;
  if (item.ready) pod.status.conditions = [{ type: "Ready", status: item.ready }];
  if (item.terminating) {
    pod.terminating = true;
    if (rng.chance(0.5)) {
      pod.status.conditions = [
        ...(pod.status.conditions ?? []),
        { type: "DisruptionTarget", status: "True", reason: "PreemptionByScheduler", message: "generated" },
      ];
    }
  }
  node.used.cpu += effectiveCpu(item.total, features);
  node.used.mem += item.total.mem;
  node.used.storage += item.total.storage;
  node.used.gpu += item.total.gpu;
  node.used.pods += 1;
  s.bound.push(pod);
}

// ---------------------------------------------------------------------------------------------
// Scheduling constraints

function spreadConstraint(s, app, pending) {
  const { rng } = s;
  const hard = rng.chance(pending ? 0.8 : 0.6);
  const c = {
    maxSkew: rng.weighted([[4, 1], [1, 2]]),
    topologyKey: rng.pick([ZONE, HOSTNAME]),
    whenUnsatisfiable: hard ? "DoNotSchedule" : "ScheduleAnyway",
    labelSelector: { matchLabels: { app } },
  };
  if (hard && rng.chance(0.25)) c.minDomains = rng.int(2, 4);
  if (rng.chance(0.12)) c.nodeAffinityPolicy = rng.pick(["Honor", "Ignore"]);
  if (rng.chance(0.12)) c.nodeTaintsPolicy = rng.pick(["Honor", "Ignore"]);
  if (rng.chance(0.1)) c.matchLabelKeys = ["tier"];
  return c;
}

function podAffinityTerm(s, { app, anti }) {
  const { rng } = s;
  const term = {
    labelSelector: rng.chance(0.7)
      ? { matchLabels: { app } }
      : { matchExpressions: [{ key: "app", operator: "In", values: [app, rng.pick(APPS)] }] },
    topologyKey: anti ? rng.pick([HOSTNAME, HOSTNAME, ZONE]) : rng.pick([ZONE, HOSTNAME]),
  };
  // Namespace lists only: a namespaceSelector needs Namespace objects the oracle does not load.
  if (rng.chance(0.15)) term.namespaces = rng.sample(NAMESPACES, rng.int(1, 2));
  if (rng.chance(0.08)) term.matchLabelKeys = ["tier"];
  return term;
}

function addConstraints(s, pod, app) {
  const { rng } = s;
  const spec = pod.spec;
  const zones = [...new Set(s.nodes.map((n) => n.zone))];
  if (rng.chance(0.15)) {
    const node = rng.pick(s.nodes);
    spec.nodeSelector = rng.weighted([
      [4, { disktype: node.disk }],
      [3, { [ZONE]: node.zone }],
      [1, { [ZONE]: rng.pick(ZONES), disktype: rng.pick(["ssd", "hdd"]) }],
    ]);
  }
  const required = rng.chance(0.15);
  const preferred = rng.chance(0.15);
  if (required || preferred) {
    spec.affinity ??= {};
    const nodeAffinity = (spec.affinity.nodeAffinity = {});
    if (required) {
      const expression = rng.weighted([
        [3, { key: ZONE, operator: "In", values: rng.sample(zones, rng.int(1, zones.length)) }],
        [2, { key: "pool", operator: "NotIn", values: [rng.pick(["memory", "compute"])] }],
        [1, { key: "accelerator", operator: rng.pick(["Exists", "DoesNotExist"]) }],
        [1, { key: HOSTNAME, operator: "In", values: rng.sample(s.nodes.map((n) => n.name), 2) }],
      ]);
      const terms = [{ matchExpressions: [expression] }];
      if (rng.chance(0.15)) terms.push({ matchFields: [{ key: "metadata.name", operator: "In", values: [rng.pick(s.nodes).name] }] });
      nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: terms };
    }
    if (preferred) {
      nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution = [
        {
          weight: rng.int(1, 100),
          preference: { matchExpressions: [{ key: "disktype", operator: "In", values: [rng.pick(["ssd", "hdd"])] }] },
        },
      ];
      if (rng.chance(0.4)) {
        nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.push({
          weight: rng.int(1, 100),
          preference: { matchExpressions: [{ key: ZONE, operator: "In", values: [rng.pick(zones)] }] },
        });
      }
    }
  }
  const taints = s.nodes.flatMap((n) => n.taints);
  if (taints.length > 0 && rng.chance(0.6)) {
    spec.tolerations = rng.sample(taints, rng.int(1, 2)).map((t) => {
      const tol = rng.chance(0.5) ? { key: t.key, operator: "Equal", value: t.value } : { key: t.key, operator: "Exists" };
      if (rng.chance(0.6)) tol.effect = t.effect;
      if (tol.effect === "NoExecute" && rng.chance(0.4)) tol.tolerationSeconds = 300;
      return tol;
    });
  }
  if (rng.chance(0.12)) {
    spec.affinity ??= {};
    const term = podAffinityTerm(s, { app: rng.chance(0.6) ? app : rng.pick(APPS), anti: true });
    spec.affinity.podAntiAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [term] };
  }
  if (rng.chance(0.08)) {
    const present = s.bound.length > 0 ? rng.pick(s.bound).metadata.labels.app : app;
    spec.affinity ??= {};
    const term = podAffinityTerm(s, { app: present, anti: false });
    spec.affinity.podAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [term] };
  }
  if (rng.chance(0.05)) {
    spec.affinity ??= {};
    const kind = rng.pick(["podAffinity", "podAntiAffinity"]);
    spec.affinity[kind] ??= {};
    spec.affinity[kind].preferredDuringSchedulingIgnoredDuringExecution = [
      { weight: rng.int(1, 100), podAffinityTerm: podAffinityTerm(s, { app: rng.pick(APPS), anti: kind === "podAntiAffinity" }) },
    ];
  }
  if (rng.chance(0.15)) spec.topologySpreadConstraints = [spreadConstraint(s, app, true)];
}

// ---------------------------------------------------------------------------------------------
// Pending pods, sized to need preemption more often than not

function pendingClass(s, allowNone = true) {
  const { rng } = s;
  const never = s.classes.filter((c) => c.never);
  const sorted = s.classes.filter((c) => !c.never).sort((a, b) => a.value - b.value);
  return rng.weighted([
    [12, sorted[sorted.length - 1]],
    [5, sorted[Math.max(0, sorted.length - 2)]],
    [2, rng.pick(sorted)],
    [never.length > 0 ? 2 : 0, never[0]],
    [allowNone ? 1 : 0, null], // no class: the global default, or 0
  ]);
}

function pendingTotal(s) {
  const { rng } = s;
  const schedulable = s.nodes.filter((n) => !n.unschedulable);
  const nodes = schedulable.length > 0 ? schedulable : s.nodes;
  const maxFree = Math.max(0, ...nodes.map((n) => n.cpu - n.used.cpu));
  const maxAlloc = Math.max(...nodes.map((n) => n.cpu));
  const kind = rng.weighted([[60, "preempt"], [20, "fits"], [4, "huge"], [16, "any"]]);
  let cpuReq;
  if (kind === "fits") cpuReq = Math.max(50, Math.floor(maxFree * rng.pick([0.3, 0.6, 0.9, 1])));
  else if (kind === "huge") cpuReq = maxAlloc + rng.pick([500, 1000]);
  else if (kind === "preempt") cpuReq = Math.min(maxAlloc, maxFree + rng.pick([100, 250, 500, 1000, 1500]));
  else cpuReq = rng.pick([250, 500, 1000, 1500, 2000]);
  cpuReq = Math.max(50, Math.round(cpuReq / 10) * 10);
  const gpuNodes = s.nodes.filter((n) => n.gpu > 0);
  return {
    cpu: cpuReq,
    mem: rng.chance(0.15) ? Math.max(...nodes.map((n) => n.mem - n.used.mem)) + 256 : rng.pick([128, 256, 512, 1024]),
    storage: rng.chance(0.2) ? rng.pick([1024, 4096]) : 0,
    gpu: gpuNodes.length > 0 && rng.chance(0.35) ? rng.pick([1, 1, 2]) : 0,
  };
}

function addPendingPods(s, shape) {
  const { rng } = s;
  const tieClass = pendingClass(s, false);
  for (let i = 0; i < shape.pendingCount; i++) {
    const app = rng.pick(APPS);
    const namespace = shape.namespaces ? rng.weighted([[6, "default"], [2, "team-a"], [2, "team-b"]]) : "default";
    const pc = shape.tie ? tieClass : pendingClass(s);
    const features = podFeatures(s, shape, { pending: true });
    const spec = buildPodSpec(s, pendingTotal(s), features);
    if (pc) spec.priorityClassName = pc.name;
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name: s.uniqueName(`${app}-pending-${i + 1}`, namespace),
        namespace,
        labels: { app, tier: rng.pick(["frontend", "backend"]) },
      },
      spec,
      status: { phase: "Pending" },
    };
    if (!shape.tie) addConstraints(s, pod, app);
    else if (rng.chance(0.3)) pod.spec.topologySpreadConstraints = [spreadConstraint(s, app, true)];
    if (shape.nominated && rng.chance(0.5)) pod.status.nominatedNodeName = rng.pick(s.nodes).name;
    s.pending.push(pod);
  }
}

// ---------------------------------------------------------------------------------------------
// ReadWriteOncePod claims: one in use by a bound pod and wanted by a pending pod

function addClaims(s) {
  const { rng } = s;
  const count = rng.int(1, 2);
  for (let i = 0; i < count; i++) {
    const user = s.bound.length > 0 && rng.chance(0.85) ? rng.pick(s.bound) : null;
    const namespace = user ? user.metadata.namespace : "default";
    const wanting = s.pending.filter((p) => p.metadata.namespace === namespace);
    const wanter = wanting.length > 0 ? rng.pick(wanting) : null;
    if (!user && !wanter) continue;
    const mode = rng.chance(0.85) ? "ReadWriteOncePod" : "ReadWriteOnce";
    const name = s.uniqueName(`data-${i + 1}`, `pvc:${namespace}`);
    for (const pod of [user, wanter]) {
      if (!pod) continue;
      pod.spec.volumes ??= [];
      pod.spec.volumes.push({ name: `vol-${name}`, persistentVolumeClaim: { claimName: name } });
    }
    s.claims.push({ name, namespace, mode, pv: `pv-${namespace}-${name}` });
  }
}

function claimObjects(s, claim) {
  const pv = {
    apiVersion: "v1",
    kind: "PersistentVolume",
    metadata: s.meta(claim.pv),
    spec: {
      accessModes: [claim.mode],
      capacity: { storage: "1Gi" },
      hostPath: { path: `/mnt/${claim.pv}`, type: "DirectoryOrCreate" },
      claimRef: { namespace: claim.namespace, name: claim.name },
      persistentVolumeReclaimPolicy: "Retain",
    },
    status: { phase: "Bound" },
  };
  const meta = s.meta(claim.name, claim.namespace);
  meta.annotations = { "pv.kubernetes.io/bind-completed": "yes" };
  const pvc = {
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: meta,
    spec: { accessModes: [claim.mode], resources: { requests: { storage: "1Gi" } }, volumeName: claim.pv },
    status: { phase: "Bound", accessModes: [claim.mode], capacity: { storage: "1Gi" } },
  };
  return [pv, pvc];
}

// ---------------------------------------------------------------------------------------------
// PodDisruptionBudgets: every form, budgets of 0 or 1 mostly

function addPdbs(s) {
  const { rng } = s;
  const groups = new Map(); // namespace/app -> bound pods
  for (const pod of s.bound) {
    const key = `${pod.metadata.namespace}/${pod.metadata.labels.app}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(pod);
  }
  const keys = rng.shuffled([...groups.keys()].sort());
  const count = Math.min(keys.length, rng.weighted([[4, 1], [3, 2], [1, 3]]));
  for (let i = 0; i < count; i++) {
    const [namespace, app] = keys[i].split("/");
    let matching = groups.get(keys[i]);
    let selector = { matchLabels: { app } };
    const other = keys.find((k, j) => j !== i && k.startsWith(`${namespace}/`));
    if (other && rng.chance(0.25)) {
      const otherApp = other.split("/")[1];
      selector = { matchExpressions: [{ key: "app", operator: "In", values: [app, otherApp] }] };
      matching = [...matching, ...groups.get(other)];
    } else if (rng.chance(0.1)) {
      selector = { matchLabels: { app, tier: "backend" } };
      matching = matching.filter((p) => p.metadata.labels.tier === "backend");
    }
    s.pdbs.push(pdb(s, namespace, app, selector, matching));
  }
}

function pdb(s, namespace, app, selector, matching) {
  const { rng } = s;
  const expected = matching.length;
  const notReady = (p) => (p.status.conditions ?? []).some((c) => c.type === "Ready" && c.status === "False");
  const healthy = matching.filter((p) => !p.terminating && !notReady(p)).length;
  const allowedWanted = rng.weighted([[4, 0], [4, 1], [1, 2]]);
  const desiredTarget = Math.max(0, healthy - allowedWanted);
  const form = rng.pick(["minAvailable", "minAvailablePercent", "maxUnavailable", "maxUnavailablePercent"]);
  const spec = { selector };
  let desired;
  if (form === "minAvailable") {
    spec.minAvailable = desiredTarget;
    desired = desiredTarget;
  } else if (form === "minAvailablePercent") {
    const pct = expected === 0 ? 50 : Math.min(100, Math.round((100 * desiredTarget) / expected));
    spec.minAvailable = `${pct}%`;
    desired = Math.ceil((pct * expected) / 100);
  } else if (form === "maxUnavailable") {
    const max = Math.max(0, expected - desiredTarget);
    spec.maxUnavailable = max;
    desired = expected - max;
  } else {
    const pct = expected === 0 ? 50 : Math.min(100, Math.round((100 * (expected - desiredTarget)) / expected));
    spec.maxUnavailable = `${pct}%`;
    desired = expected - Math.ceil((pct * expected) / 100);
  }
  const obj = {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name: s.uniqueName(`${app}-pdb`, `pdb:${namespace}`), namespace },
    spec,
  };
  if (rng.chance(0.55)) {
    obj.status = {
      observedGeneration: 1,
      currentHealthy: healthy,
      desiredHealthy: Math.max(0, desired),
      expectedPods: expected,
      disruptionsAllowed: Math.max(0, healthy - Math.max(0, desired)),
    };
    const disrupted = matching.filter((p) => !p.terminating);
    if (disrupted.length > 1 && rng.chance(0.1)) obj.status.disruptedPods = { [rng.pick(disrupted).metadata.name]: iso(BASE_TIME) };
  }
  return obj;
}

// ---------------------------------------------------------------------------------------------
// KubeSchedulerConfiguration: only what podsim reads

function makeConfig(s) {
  const { rng } = s;
  const profile = { schedulerName: "default-scheduler" };
  const variant = rng.weighted([[4, "args"], [3, "score"], [2, "weights"], [2, "noPreemption"], [1, "backoff"]]);
  const config = { apiVersion: "kubescheduler.config.k8s.io/v1", kind: "KubeSchedulerConfiguration", profiles: [profile] };
  if (variant === "args") {
    const percentage = rng.pick([0, 1, 10, 40, 100]);
    const absolute = percentage === 0 ? rng.pick([1, 2, 5]) : rng.pick([0, 1, 3, 100]);
    profile.pluginConfig = [
      {
        name: "DefaultPreemption",
        args: {
          apiVersion: "kubescheduler.config.k8s.io/v1",
          kind: "DefaultPreemptionArgs",
          minCandidateNodesPercentage: percentage,
          minCandidateNodesAbsolute: absolute,
        },
      },
    ];
  } else if (variant === "score") {
    profile.plugins = { score: { disabled: rng.sample(SCORE_PLUGINS, rng.int(1, 3)).map((name) => ({ name })) } };
  } else if (variant === "weights") {
    const name = rng.pick(["NodeResourcesFit", "TaintToleration", "NodeAffinity", "NodeResourcesBalancedAllocation"]);
    profile.plugins = { score: { enabled: [{ name, weight: rng.int(2, 10) }] } };
  } else if (variant === "noPreemption") {
    profile.plugins = { postFilter: { disabled: [{ name: "DefaultPreemption" }] } };
  } else {
    config.podInitialBackoffSeconds = rng.pick([1, 2]);
    config.podMaxBackoffSeconds = rng.pick([5, 10, 20]);
  }
  if (rng.chance(0.2)) config.percentageOfNodesToScore = rng.pick([0, 50, 100]);
  return config;
}

// ---------------------------------------------------------------------------------------------
// Times and emission

/**
 * Emission order, which is also creation order: namespaces, PriorityClasses, volumes, PDBs,
 * pending pods, nodes, bound pods. The latest time is then a bound pod's start time or a node's
 * creation, which both podsim and the oracle take as the clock's start.
 */
function emit(s) {
  const docs = [];
  if (s.config) docs.push(s.config);
  const used = new Set([...s.bound, ...s.pending].map((p) => p.metadata.namespace));
  for (const ns of NAMESPACES.slice(1)) {
    if (used.has(ns)) docs.push({ apiVersion: "v1", kind: "Namespace", metadata: { ...s.meta(ns), labels: { team: ns.slice(5) } } });
  }
  for (const pc of s.classes) docs.push(priorityClassObject(s, pc));
  for (const claim of s.claims) docs.push(...claimObjects(s, claim));
  for (const obj of s.pdbs) {
    obj.metadata = s.meta(obj.metadata.name, obj.metadata.namespace);
    docs.push(obj);
  }
  for (const pod of s.pending) docs.push(stamp(s, pod));
  for (const node of s.nodes) docs.push(nodeObject(s, node));
  const bound = s.bound.map((pod) => stamp(s, pod));
  setStartTimes(s, bound);
  docs.push(...bound);
  return docs.map((d) => JSON.stringify(d, null, 2)).join("\n---\n") + "\n";
}

function stamp(s, pod) {
  const meta = s.meta(pod.metadata.name, pod.metadata.namespace);
  pod.metadata = { ...meta, name: pod.metadata.name, namespace: pod.metadata.namespace, labels: pod.metadata.labels };
  return pod;
}

/** Start times after every creation, in a few shared instants (ties), then terminations. */
function setStartTimes(s, bound) {
  const { rng } = s;
  const groupStart = [];
  let t = s.clock;
  for (let g = 0; g <= 5; g++) {
    t += 1000 * rng.int(1, 30);
    groupStart.push(t);
  }
  let latest = s.clock;
  for (const pod of bound) {
    const start = groupStart[pod.startGroup];
    pod.status.startTime = iso(start);
    latest = Math.max(latest, start);
  }
  for (const pod of bound) {
    if (pod.terminating) {
      pod.metadata.deletionTimestamp = iso(latest + 1000 * rng.pick([-5, 5, 10, 20, 30]));
      pod.metadata.deletionGracePeriodSeconds = 30;
    }
    delete pod.startGroup;
    delete pod.terminating;
  }
  for (const pod of bound) if (!pod.status.conditions) delete pod.status.conditions;
}

// ---------------------------------------------------------------------------------------------
// Entry points

function normalize(options = {}) {
  const profile = options.profile ?? DEFAULT_OPTIONS.profile;
  const level = options.level ?? DEFAULT_OPTIONS.level;
  if (profile !== "current" && profile !== "v1.35" && profile !== "v1.31") {
    throw new TypeError(`profile must be "current", "v1.35" or "v1.31", got ${JSON.stringify(profile)}`);
  }
  if (level !== "decision" && level !== "run") {
    throw new TypeError(`level must be "decision" or "run", got ${JSON.stringify(level)}`);
  }
  return { profile, level, workloads: Boolean(options.workloads) };
}

/** One scenario: {seed, text}; the same seed and options give the same text. */
export function generate(seed, options = {}) {
  checkSeed(seed);
  if (options.workloads) return generateWorkloads(seed, new Rng(seed));
  const s = new Scenario(seed, normalize(options));
  const shape = chooseShape(s);
  addPriorityClasses(s, shape);
  addNodes(s, shape);
  fillNodes(s, shape);
  addPendingPods(s, shape);
  if (shape.claims) addClaims(s);
  if (shape.pdbs) addPdbs(s);
  if (shape.config) s.config = makeConfig(s);
  return { seed, text: emit(s) };
}

/** `count` scenarios; scenario i is generate(deriveSeed(seed, i)) and carries that seed. */
export function generateMany(seed, count, options = {}) {
  checkSeed(seed);
  checkSeed(count, "count");
  const out = [];
  for (let index = 0; index < count; index++) {
    const derived = deriveSeed(seed, index);
    out.push({ index, ...generate(derived, options) });
  }
  return out;
}

function main(argv) {
  const args = { seed: 1, count: 1, profile: "current", level: "decision", out: null };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in args)) throw new Error(`unknown option ${argv[i]}; known: --seed --count --profile --level --out`);
    args[key] = argv[++i];
  }
  const scenarios = generateMany(Number(args.seed), Number(args.count), { profile: args.profile, level: args.level });
  if (args.out) {
    mkdirSync(args.out, { recursive: true });
    for (const { index, seed, text } of scenarios) writeFileSync(join(args.out, `scenario-${index}-${seed}.yaml`), text);
    console.log(`wrote ${scenarios.length} scenario(s) to ${args.out}`);
  } else {
    process.stdout.write(scenarios.map((sc) => `# seed ${sc.seed}\n${sc.text}`).join("---\n"));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
