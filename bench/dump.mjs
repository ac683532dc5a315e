// Cluster dumps shaped like `kubectl get priorityclasses,nodes,pods,pdb -A
// -o yaml --show-managed-fields` (or -o json) on a busy cluster, written object
// by object so that even the 1 GB dump needs little memory. `kubectl get`
// decodes what it prints into unstructured maps, so both printers sort keys:
// YAML as go-yaml v2 (behind sigs.k8s.io/yaml) does, JSON as
// encoding/json.MarshalIndent does.
import { closeSync, openSync, writeSync } from "node:fs";

/** Returns mulberry32 seeded with s: a small deterministic PRNG, () => [0, 1). */
export function seededRandom(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A pod to lay over a dump as the change: above every class, asking for a
// node's worth of room that only evictions make (the reduce benchmarks').
export const PREEMPTOR = `apiVersion: v1
kind: Pod
metadata: {name: bench-preemptor, namespace: default}
spec:
  priority: 1000000000
  containers:
  - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "3", memory: 1Gi}}}
`;

// A Deployment to lay over a dump as the change: 6 replicas of the "high"
// class, each asking for most of a node, so that each evicts (the report
// and the page's "Your change" panel are measured with it).
export const DEPLOYMENT_CHANGE = `apiVersion: apps/v1
kind: Deployment
metadata: {name: checkout, namespace: shop}
spec:
  replicas: 6
  selector: {matchLabels: {app: checkout}}
  template:
    metadata: {labels: {app: checkout}}
    spec:
      priorityClassName: high
      containers:
      - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "6", memory: 8Gi}}}
`;

export const dumpSizes = {
  small: { nodes: 100, pods: 2_000 },
  medium: { nodes: 500, pods: 10_000 },
  large: { nodes: 5_000, pods: 150_000 },
};

// Writes one dump to `file` as "yaml" or "json"; `random` is a seeded PRNG
// returning [0, 1). Returns the number of bytes written.
export function writeDump(file, { nodes, pods }, format, random) {
  const sink = new FileSink(file);
  const json = format === "json";
  sink.write(json ? '{\n    "apiVersion": "v1",\n    "items": [\n' : "apiVersion: v1\nitems:\n");
  let first = true;
  for (const object of clusterObjects(nodes, pods, new Rand(random))) {
    sink.write(json ? `${first ? "" : ",\n"}        ${jsonValue(object, 8)}` : `- ${yamlMapping(object, 2)}`);
    first = false;
  }
  sink.write(
    json
      ? '\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n'
      : 'kind: List\nmetadata:\n  resourceVersion: ""\n',
  );
  return sink.close();
}

// Copies text into a 1 MB buffer and writes the buffer when full, so each
// object's text is garbage at once instead of piling up in the heap.
class FileSink {
  constructor(file) {
    this.fd = openSync(file, "w");
    this.buffer = Buffer.allocUnsafe(1 << 20);
    this.used = 0;
    this.bytes = 0;
  }

  write(text) {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    if (this.used + text.length * 3 > this.buffer.length) {
      this.flush();
      if (text.length * 3 > this.buffer.length) {
        this.writeAll(Buffer.from(text));
        return;
      }
    }
    this.used += this.buffer.write(text, this.used);
  }

  flush() {
    this.writeAll(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  writeAll(data) {
    for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at);
    this.bytes += data.length;
  }

  close() {
    this.flush();
    closeSync(this.fd);
    return this.bytes;
  }
}

function isEmpty(map) {
  for (const _ in map) return false;
  return true;
}

const SPACES = " ".repeat(256);
const pad = (n) => SPACES.slice(0, n);

// Object.keys(map) in printing order; objects here are mostly built in order
// already, so sorting is the exception.
function sortedKeys(map, less) {
  const keys = Object.keys(map);
  for (let i = 1; i < keys.length; i++) {
    if (!less(keys[i - 1], keys[i])) return keys.sort((a, b) => (less(a, b) ? -1 : 1));
  }
  return keys;
}

// ---- YAML, as go-yaml v2 emits it.
// Double-quoted text is JSON.stringify's: it differs from go-yaml's escapes
// only for control characters, which are never generated.

// Mirrors go-yaml v2 keyList.Less: letters sort after other characters and
// runs of digits compare as (int64) numbers. For some digit-led keys ("08",
// "0X1f", "1") this is no order at all and Go's sort may place them otherwise.
function yamlKeyLess(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return ca < cb;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ca === 48 || cb === 48) {
      for (let j = i - 1; j >= 0 && isDigit(a.charCodeAt(j)); j--) {
        if (a.charCodeAt(j) !== 48) {
          an = bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    while (ai < a.length && isDigit(a.charCodeAt(ai))) ai++;
    while (bi < b.length && isDigit(b.charCodeAt(bi))) bi++;
    an = digitsValue(a, i, ai, an);
    bn = digitsValue(b, i, bi, bn);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ca < cb;
  }
  return a.length < b.length;
}
const isLetter = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && /\p{L}/u.test(String.fromCharCode(c)));
const isDigit = (c) => c >= 48 && c <= 57;

// The digits text[from, to) appended to `start`, wrapping like int64.
function digitsValue(text, from, to, start) {
  if (to - from < 15) {
    let n = start;
    for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
    return n;
  }
  let n = BigInt(start);
  for (let i = from; i < to; i++) n = BigInt.asIntN(64, n * 10n + BigInt(text.charCodeAt(i) - 48));
  return Number.isSafeInteger(Number(n)) ? Number(n) : n; // one type per value, so !== compares
}

// The entries of a non-empty mapping whose keys sit at column `indent`; the
// first entry continues the current line (after "- " or a fresh indent).
function yamlMapping(map, indent) {
  const keys = sortedKeys(map, yamlKeyLess);
  let text = "";
  for (let i = 0; i < keys.length; i++) {
    const name = keys[i];
    text += i === 0 ? "" : pad(indent);
    if (name.length > 128 || name.includes("\n")) {
      // Not a simple key (yaml_emitter_check_simple_key): "? key" then ": value".
      text += `? ${yamlScalar(name, indent + 2, indent + 2, false)}\n${pad(indent)}:${yamlValue(map[name], indent, indent + 1, false)}`;
      continue;
    }
    const key = yamlScalar(name, indent, 0, true);
    text += key + ":" + yamlValue(map[name], indent, indent + key.length + 1, false);
  }
  return text;
}

// The items of a non-empty sequence, "-" at column `indent`.
function yamlSequence(list, indent) {
  let text = "";
  for (let i = 0; i < list.length; i++) {
    text += (i === 0 ? "" : pad(indent)) + "-" + yamlValue(list[i], indent, indent + 1, true);
  }
  return text;
}

// A value after "key:" or "-" (ending at `column`), through its final newline.
// Sequences inside mappings are not indented further, as in go-yaml v2.
function yamlValue(value, indent, column, inSequence) {
  switch (typeof value) {
    case "string":
      return ` ${yamlScalar(value, indent + 2, column + 1, false)}\n`;
    case "number":
    case "boolean":
      return ` ${value}\n`;
  }
  if (value === null) return " null\n";
  if (Array.isArray(value)) {
    if (value.length === 0) return " []\n";
    return inSequence ? ` ${yamlSequence(value, indent + 2)}` : `\n${pad(indent)}${yamlSequence(value, indent)}`;
  }
  if (isEmpty(value)) return " {}\n";
  return inSequence ? ` ${yamlMapping(value, indent + 2)}` : `\n${pad(indent + 2)}${yamlMapping(value, indent + 2)}`;
}

// Plain text that needs no further look unless it reads as another type.
const SIMPLE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

// A string as go-yaml v2's encoder writes it: double-quoted when it would
// read back as another type, single-quoted when plain style can't hold it,
// a literal block when it has line breaks. `column` is where it starts;
// values (not keys) fold at a space past column 80 onto `indent`.
function yamlScalar(text, indent, column, isKey) {
  if (SIMPLE.test(text)) return readsAsString(text) ? text : JSON.stringify(text);
  if (!readsAsString(text)) return JSON.stringify(text);
  // Mirrors yaml_emitter_analyze_scalar for the block context.
  const n = text.length;
  let indicators = text.startsWith("---") || text.startsWith("...");
  let special = false;
  let precededBySpace = true;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    const followedBySpace = i + 1 >= n || text[i + 1] === " ";
    if (i === 0 && "#,[]{}&*!|>'\"%@`".includes(c)) indicators = true;
    else if (i === 0 && (c === "?" || c === "-") && followedBySpace) indicators = true;
    else if (c === ":" && followedBySpace) indicators = true;
    else if (c === "#" && precededBySpace) indicators = true;
    const code = text.charCodeAt(i);
    if (code < 127 ? code < 32 && code !== 10 : !isPrintable(code)) special = true;
    precededBySpace = c === " " || c === "\n";
  }
  const edgeSpace = text[0] === " " || text[n - 1] === " ";
  if (text.includes("\n")) {
    // yaml_emitter_select_scalar_style: no block scalar as a key, with a
    // trailing space or with a space before a line break.
    const blockAllowed = !isKey && !special && text[n - 1] !== " " && !text.includes(" \n");
    return blockAllowed ? yamlLiteral(text, indent) : JSON.stringify(text);
  }
  if (special) return JSON.stringify(text);
  if (!indicators && !edgeSpace) return yamlFold(text, indent, column, isKey, false);
  return `'${yamlFold(text, indent, column + 1, isKey, true)}'`;
}

// Mirrors yaml_emitter_write_plain_scalar and _single_quoted_scalar: the first
// space after column 80 (not next to another) becomes a line break.
function yamlFold(text, indent, column, isKey, quoted) {
  const n = text.length;
  if (isKey || column + n <= 81 || !text.includes(" ")) return quoted ? text.replaceAll("'", "''") : text;
  let out = "";
  let spaces = false;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c === " ") {
      if (!spaces && column > 80 && text[i + 1] !== " " && (!quoted || (i !== 0 && i !== n - 1))) {
        out += `\n${pad(indent)}`;
        column = indent;
      } else {
        out += c;
        column++;
      }
      spaces = true;
    } else {
      out += quoted && c === "'" ? "''" : c;
      column += quoted && c === "'" ? 2 : 1;
      spaces = false;
    }
  }
  return out;
}

// A literal block ("|"), with go-yaml's indentation and chomping hints.
function yamlLiteral(text, indent) {
  let hints = text[0] === " " || text[0] === "\n" ? "2" : "";
  if (!text.endsWith("\n")) hints += "-";
  else if (text === "\n" || text.endsWith("\n\n")) hints += "+";
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  return `|${hints}\n${body
    .split("\n")
    .map((line) => (line ? pad(indent) + line : ""))
    .join("\n")}`;
}

// Words that go-yaml v2 reads as booleans, nulls or special floats.
const KEYWORDS = new Set(
  [
    "y Y yes Yes YES true True TRUE on On ON n N no No NO false False FALSE off Off OFF",
    "~ null Null NULL .nan .NaN .NAN .inf .Inf .INF +.inf +.Inf +.INF -.inf -.Inf -.INF",
  ]
    .join(" ")
    .split(" "),
);
const TIMESTAMP =
  /^(\d{4})-(\d\d?)-(\d\d?)(?:[Tt ](\d\d?):(\d\d?):(\d\d?)(?:\.\d+)?(Z|[+-]\d\d:\d\d)?)?$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const RADIX = /^([-+]?)0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

// go-yaml's timestamp layouts, as time.Parse accepts them: a valid date,
// with a time after "T" (and a zone) or after a space (without).
function isTimestamp(text) {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [, year, month, day, hour, minute, second, zone] = m;
  const date = new Date(Date.UTC(+year, month - 1, +day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== +day) return false;
  if (hour === undefined) return true;
  if ((text[10] === " ") === (zone !== undefined)) return false;
  return +hour < 24 && +minute < 60 && +second < 60;
}

// yaml_emitter's is_printable for characters beyond ASCII (surrogates are
// halves of printable characters beyond the BMP).
const isPrintable = (c) =>
  c === 0x85 || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xd800 && c <= 0xdfff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);

// Mirrors go-yaml v2 resolve() plus isBase60Float: whether plain `text`
// reads back as a string.
function readsAsString(text) {
  if (text === "") return false;
  const c = text[0];
  if (c === "." || "yYnNtTfFoO~".includes(c)) return !KEYWORDS.has(text) && !(c === "." && FLOAT.test(text));
  if (!(isDigit(text.charCodeAt(0)) || c === "-" || c === "+")) return true;
  if (KEYWORDS.has(text) || isTimestamp(text) || BASE60.test(text)) return false;
  const plain = text.includes("_") ? text.replaceAll("_", "") : text;
  const radix = RADIX.exec(plain);
  if (radix) {
    // strconv.ParseInt (int64) or, unsigned, ParseUint (uint64), base 0.
    const value = BigInt(plain.slice(radix[1].length).toLowerCase());
    return !(value <= (radix[1] ? 2n ** 63n - (radix[1] === "-" ? 0n : 1n) : 2n ** 64n - 1n));
  }
  return !(FLOAT.test(plain) && Number.isFinite(Number(plain)));
}

// ---- JSON, as encoding/json.MarshalIndent(v, "", "    ") writes it.

// encoding/json escapes HTML characters too.
const HTML = /[<>&\u2028\u2029]/;
const goString = (text) => {
  const quoted = JSON.stringify(text);
  if (!HTML.test(quoted)) return quoted;
  return quoted.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
};
const jsonKeyLess = (a, b) => a < b;

// `value` as MarshalIndent writes it at column `indent`, without a final newline.
function jsonValue(value, indent) {
  switch (typeof value) {
    case "string":
      return goString(value);
    case "number":
    case "boolean":
      return String(value);
  }
  if (value === null) return "null";
  const inner = indent + 4;
  let text = "";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    for (let i = 0; i < value.length; i++) text += `${i === 0 ? "" : ",\n"}${pad(inner)}${jsonValue(value[i], inner)}`;
    return `[\n${text}\n${pad(indent)}]`;
  }
  const keys = sortedKeys(value, jsonKeyLess);
  if (keys.length === 0) return "{}";
  for (let i = 0; i < keys.length; i++) {
    text += `${i === 0 ? "" : ",\n"}${pad(inner)}${goString(keys[i])}: ${jsonValue(value[keys[i]], inner)}`;
  }
  return `{\n${text}\n${pad(indent)}}`;
}

// ---- Random values.

// k8s.io/apimachinery/pkg/util/rand's alphabet: no vowels, no confusable digits.
const ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";

class Rand {
  constructor(next) {
    this.next = next;
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  // A whole second in [from, to).
  time(from, to) {
    return from + Math.floor((this.next() * (to - from)) / 1000) * 1000;
  }
  hex(n) {
    let text = "";
    while (text.length < n) text += ((this.next() * 2 ** 32) >>> 0).toString(16).padStart(8, "0");
    return text.slice(0, n);
  }
  suffix(n) {
    let text = "";
    for (let i = 0; i < n; i++) text += ALPHANUMS[Math.floor(this.next() * ALPHANUMS.length)];
    return text;
  }
  uid() {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[parseInt(h[16], 16) & 3]}${h.slice(17, 20)}-${h.slice(20)}`;
  }
  resourceVersion() {
    return String(this.int(20_000, 480_000_000));
  }
}

// Hex that depends only on `text` (FNV-1a, then murmur3's finalizer per
// word): an image has the same digest on every node and in every pod.
const hashCache = new Map();
function hashHex(text) {
  let hex = hashCache.get(text);
  if (hex) return hex;
  hex = "";
  for (let word = 0; word < 8; word++) {
    let h = 0x811c9dc5 ^ word;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    hex += ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, "0");
  }
  if (hashCache.size > 100_000) hashCache.clear();
  hashCache.set(text, hex);
  return hex;
}

// ---- The cluster.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const BORN = NOW - 120 * DAY;
// The global default class came late: pods without a class predate it.
const DEFAULT_CLASS_CREATED = NOW - 2 * DAY;
const stamp = (ms) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

const KUBE_VERSION = "v1.29.4";
const REGION = "us-east-1";
const ZONES = ["us-east-1a", "us-east-1b", "us-east-1c"];
const MACHINES = {
  "m5.2xlarge": { cpu: 8, memoryKi: 32_827_396 },
  "m5.4xlarge": { cpu: 16, memoryKi: 65_843_460 },
  "g5.4xlarge": { cpu: 16, memoryKi: 65_829_652 },
};
const MAX_PODS = 110;
const DISK_KI = 104_845_292;
const REGISTRY = "ghcr.io/acme";

// name, value, preemptionPolicy, description, globalDefault
const PRIORITY_CLASSES = [
  ["batch", -10, "Never", "Batch jobs: scheduled when there is room, never preempting anything."],
  ["default", 1000, "PreemptLowerPriority", "Default priority for pods that do not name a class.", true],
  ["high", 100_000, "PreemptLowerPriority", "Customer-facing services that may preempt lower-priority pods."],
  ["low", 100, "PreemptLowerPriority", "Best-effort workloads; the first to be preempted."],
  [
    "system-cluster-critical",
    2_000_000_000,
    "PreemptLowerPriority",
    "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
  ],
  [
    "system-node-critical",
    2_000_001_000,
    "PreemptLowerPriority",
    "Used for system critical pods that must not be moved from their current node.",
  ],
];
const CLASS_VALUE = Object.fromEntries(PRIORITY_CLASSES.map(([name, value, policy]) => [name, { value, policy }]));

// Application namespaces and the words their workloads are named after.
const APP_NAMESPACES = {
  auth: ["auth", "identity", "session", "token", "oauth", "sso"],
  cart: ["cart", "basket", "wishlist", "promo", "coupon", "pricing"],
  catalog: ["catalog", "product", "media", "review", "taxonomy", "feed"],
  checkout: ["checkout", "tax", "address", "quote", "fraud", "invoice"],
  "data-pipeline": ["ingest", "etl", "kafka-connect", "spark", "airflow", "dbt"],
  frontend: ["storefront", "web", "bff", "assets", "ssr", "edge"],
  inventory: ["inventory", "stock", "warehouse", "reservation", "supplier", "sku"],
  notifications: ["email", "sms", "push", "webhook", "digest", "template"],
  orders: ["order", "fulfillment", "returns", "history", "saga", "ledger"],
  payments: ["payment", "refund", "payout", "billing", "wallet", "settlement"],
  recommendations: ["recs", "ranking", "features", "embeddings", "trending", "similar"],
  search: ["search", "indexer", "suggest", "query", "spellcheck", "synonyms"],
  shipping: ["shipping", "carrier", "label", "tracking", "rates", "dispatch"],
};
const GENERAL_NAMESPACES = Object.keys(APP_NAMESPACES);
const GPU_WORDS = ["llm", "vision", "embedder", "reranker", "asr", "ocr", "translate", "classifier"];
const ROLES = ["api", "worker", "grpc", "consumer", "scheduler", "gateway", "sync", "cache", "processor", "exporter",
  "indexer", "web", "jobs", "reader", "writer", "admin", "events", "proxy", "cron", "stream"];
// Roles that serve nothing: no ports, no probes.
const WORKER_ROLES = new Set(["worker", "consumer", "scheduler", "sync", "processor", "indexer", "jobs", "cron", "stream",
  "events", "writer"]);
const STATEFUL = {
  postgres: ["docker.io/bitnami/postgresql", "16.2.0-debian-12-r8", 5432],
  redis: ["docker.io/bitnami/redis", "7.2.4-debian-12-r9", 6379],
  kafka: ["docker.io/bitnami/kafka", "3.7.0-debian-12-r0", 9092],
  rabbitmq: ["docker.io/bitnami/rabbitmq", "3.13.1-debian-12-r0", 5672],
  elasticsearch: ["docker.elastic.co/elasticsearch/elasticsearch", "8.13.0", 9200],
};
// CPU requests (millicores) that pods of a node are drawn from.
const CPU_SIZES = [100, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000];
const MEMORY_SIZES = [128, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096];

// Cluster add-ons: namespace, name, kind, replicas, cpu, memory MiB, class, image.
const CRITICAL = "system-cluster-critical";
const ADDONS = [
  ["argocd", "argocd-applicationset-controller", "Deployment", 1, 100, 128, "high", "quay.io/argoproj/argocd:v2.10.7"],
  ["argocd", "argocd-application-controller", "StatefulSet", 1, 1000, 2048, "high", "quay.io/argoproj/argocd:v2.10.7"],
  ["argocd", "argocd-redis", "Deployment", 1, 100, 128, "high", "public.ecr.aws/docker/library/redis:7.0.15-alpine"],
  ["argocd", "argocd-repo-server", "Deployment", 2, 250, 512, "high", "quay.io/argoproj/argocd:v2.10.7"],
  ["argocd", "argocd-server", "Deployment", 2, 100, 256, "high", "quay.io/argoproj/argocd:v2.10.7"],
  ["cert-manager", "cert-manager", "Deployment", 1, 100, 128, "high", "quay.io/jetstack/cert-manager-controller:v1.14.4"],
  ["cert-manager", "cert-manager-cainjector", "Deployment", 1, 100, 128, "high", "quay.io/jetstack/cert-manager-cainjector:v1.14.4"],
  ["cert-manager", "cert-manager-webhook", "Deployment", 1, 100, 128, "high", "quay.io/jetstack/cert-manager-webhook:v1.14.4"],
  ["ingress-nginx", "ingress-nginx-controller", "Deployment", 3, 500, 512, "high", "registry.k8s.io/ingress-nginx/controller:v1.10.0"],
  ["kube-system", "calico-kube-controllers", "Deployment", 1, 100, 128, CRITICAL, "docker.io/calico/kube-controllers:v3.27.3"],
  ["kube-system", "cluster-autoscaler", "Deployment", 1, 100, 512, CRITICAL, "registry.k8s.io/autoscaling/cluster-autoscaler:v1.29.2"],
  ["kube-system", "coredns", "Deployment", 2, 100, 128, CRITICAL, "registry.k8s.io/coredns/coredns:v1.11.1"],
  ["kube-system", "ebs-csi-controller", "Deployment", 2, 100, 128, CRITICAL, "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.29.1"],
  ["kube-system", "metrics-server", "Deployment", 2, 100, 256, CRITICAL, "registry.k8s.io/metrics-server/metrics-server:v0.7.1"],
  ["logging", "loki", "StatefulSet", 3, 1000, 2048, "high", "docker.io/grafana/loki:2.9.6"],
  ["logging", "loki-gateway", "Deployment", 2, 100, 128, "high", "docker.io/nginxinc/nginx-unprivileged:1.24-alpine"],
  ["monitoring", "alertmanager-main", "StatefulSet", 2, 100, 256, "high", "quay.io/prometheus/alertmanager:v0.27.0"],
  ["monitoring", "grafana", "Deployment", 1, 250, 512, "high", "docker.io/grafana/grafana:10.4.1"],
  ["monitoring", "kube-state-metrics", "Deployment", 1, 100, 256, "high", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0"],
  ["monitoring", "prometheus-k8s", "StatefulSet", 2, 2000, 4096, "high", "quay.io/prometheus/prometheus:v2.51.1"],
  ["monitoring", "prometheus-operator", "Deployment", 1, 100, 128, "high", "quay.io/prometheus-operator/prometheus-operator:v0.73.0"],
];

const SIDECAR_IMAGE = "docker.io/envoyproxy/envoy:v1.29.3";
// Images every node has pulled, besides those of its own pods.
const NODE_IMAGES = [
  "docker.io/calico/cni:v3.27.3",
  "docker.io/calico/node:v3.27.3",
  `registry.k8s.io/kube-proxy:${KUBE_VERSION}`,
  "registry.k8s.io/pause:3.9",
  "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.29.1",
  "registry.k8s.io/sig-storage/livenessprobe:v2.12.0",
  "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0",
  SIDECAR_IMAGE,
  "docker.io/library/busybox:1.36.1",
  "docker.io/library/alpine:3.19.1",
];

// The first three bytes of a node's pod CIDR, a /24 in 100.64.0.0/10.
const podNetwork = (node) => `100.${64 + (node.index >> 8)}.${node.index & 255}`;
const cpuText = (millis) => (millis % 1000 === 0 ? String(millis / 1000) : `${millis}m`);
const memoryText = (mib) => (mib % 1024 === 0 ? `${mib / 1024}Gi` : `${mib}Mi`);
const imageRepo = (image) => image.slice(0, image.lastIndexOf(":"));
const imageSize = (image) => {
  const h = parseInt(hashHex(image).slice(0, 8), 16);
  return image.includes("pause") ? 321_520 : 8_000_000 + (h % 900_000_000);
};
const nearest = (list, x) => list.reduce((best, v) => (Math.abs(v - x) < Math.abs(best - x) ? v : best));

// 1) Nodes, a tenth of them GPU nodes tainted dedicated=gpu:NoSchedule.
// 2) Two DaemonSets, kube-proxy and the CNI's calico-node, run on every node.
// 3) Add-ons land on random general nodes.
// 4) The remaining pods fill each node to about 90-98% of its allocatable cpu,
//    drawn from workloads with one request size each, so nodes are full.
// 5) Some 0.5% of the pods are pending replicas that fit nowhere.
// 6) One PodDisruptionBudget per ~50 pods, over existing workloads.
function planCluster(nodeCount, podCount, r) {
  const nodes = [];
  const ips = new Set();
  for (let i = 0; i < nodeCount; i++) {
    const gpu = i % 10 === 5;
    const type = gpu ? "g5.4xlarge" : r.chance(0.7) ? "m5.2xlarge" : "m5.4xlarge";
    const zone = i % 3;
    let ip;
    do ip = `10.0.${zone * 64 + r.int(0, 63)}.${r.int(4, 254)}`;
    while (ips.has(ip));
    ips.add(ip);
    const machine = MACHINES[type];
    nodes.push({
      index: i,
      name: `ip-${ip.replaceAll(".", "-")}.ec2.internal`,
      ip,
      zone,
      type,
      gpu,
      cpu: machine.cpu * 1000,
      memory: Math.floor(machine.memoryKi / 1024) - 100,
      created: r.time(BORN, NOW - 5 * DAY),
      pods: [],
      cpuUsed: 0,
      memoryUsed: 0,
      nextIp: 2,
    });
  }
  const pods = [];
  const names = new Set();
  const workloads = [];
  const place = (w, node, created) => {
    // Names are joined (flat strings, not ropes): 150,000 of them stay in memory.
    let name;
    if (w.kind === "StatefulSet") name = [w.name, w.replicas].join("-");
    else do name = [w.name, ...(w.kind === "Deployment" ? [w.hash] : []), r.suffix(5)].join("-");
    while (names.has(`${w.namespace}/${name}`));
    names.add(`${w.namespace}/${name}`);
    // `host` is the last byte of the pod's IP in its node's pod CIDR.
    const pod = { w, node, name, ordinal: w.replicas++, host: 0, created };
    if (node) {
      if (w.kind !== "DaemonSet") pod.host = node.nextIp++;
      node.pods.push(pod);
      node.cpuUsed += w.cpu;
      node.memoryUsed += w.memory;
      w.running++;
      if (node.cpuUsed > node.cpu || node.memoryUsed > node.memory || node.pods.length > MAX_PODS) {
        throw new Error(`bug: node ${node.name} is overcommitted`);
      }
    }
    pods.push(pod);
  };
  const podCreated = (w, node) => {
    const latest = w.className ? NOW - HOUR : DEFAULT_CLASS_CREATED - HOUR;
    return r.time(Math.max(w.rollout, node.created + MINUTE), latest);
  };

  for (const daemonSet of DAEMONSETS) {
    const w = newWorkload(r, { ...daemonSet, kind: "DaemonSet", created: BORN + HOUR });
    workloads.push(w);
    for (const node of nodes) place(w, node, node.created + r.int(20, 90) * SECOND);
  }
  const pending = Math.round(podCount * 0.005);
  const general = nodes.filter((n) => !n.gpu);
  // Pods per node besides the DaemonSets', spread a little around the mean.
  const rest = podCount - pods.length - pending;
  const perNode = rest / nodeCount;
  const target = nodes.map((n, i) => Math.floor((rest * (i + 1)) / nodeCount) - Math.floor((rest * i) / nodeCount) + n.pods.length);
  for (let i = 0; i < nodeCount; i++) {
    const from = r.int(0, nodeCount - 1);
    if (target[from] > nodes[from].pods.length + perNode * 0.7) {
      target[from]--;
      target[r.int(0, nodeCount - 1)]++;
    }
  }

  for (const [namespace, name, kind, replicas, cpu, memory, className, image] of ADDONS) {
    const w = newWorkload(r, { namespace, name, kind, cpu, memory, className, image, port: 8080 });
    workloads.push(w);
    for (let i = 0; i < replicas; i++) {
      const node = r.pick(general);
      place(w, node, podCreated(w, node));
    }
  }

  const open = new Map();
  const used = new Set(workloads.map((w) => `${w.namespace}/${w.name}`));
  const appWorkload = (gpu, cpu, pendingOnly) => {
    const namespace = gpu ? "ml-serving" : r.pick(GENERAL_NAMESPACES);
    const stateful = !gpu && !pendingOnly && r.chance(0.08) ? r.pick(Object.keys(STATEFUL)) : null;
    const word = r.pick(gpu ? GPU_WORDS : APP_NAMESPACES[namespace]);
    const role = r.pick(ROLES);
    const base = stateful ? `${word}-${stateful}` : `${word}-${role}`;
    let name = base;
    for (let k = 2; used.has(`${namespace}/${name}`); k++) name = `${base}-${k}`;
    used.add(`${namespace}/${name}`);
    const classes = ["high", "high", "default", "low", "batch"];
    const w = newWorkload(r, {
      namespace,
      name,
      kind: stateful ? "StatefulSet" : "Deployment",
      cpu,
      memory: nearest(MEMORY_SIZES, cpu * r.pick([0.5, 1, 1, 2, 2, 3]) * 1.024),
      className: pendingOnly ? "batch" : r.chance(0.6) ? r.pick(classes) : null,
      image: stateful ? `${STATEFUL[stateful][0]}:${STATEFUL[stateful][1]}` : `${REGISTRY}/${name}:1.${r.int(0, 60)}.${r.int(0, 9)}`,
      port: stateful ? STATEFUL[stateful][2] : WORKER_ROLES.has(role) ? 0 : 8080,
      gpu,
      sidecar: !stateful && cpu >= 250 && r.chance(0.02),
      created: pendingOnly ? NOW - HOUR : undefined,
    });
    w.left = stateful ? r.pick([1, 2, 3, 3, 5]) : 1 + Math.floor(r.next() ** 2 * 40);
    workloads.push(w);
    return w;
  };
  for (const node of nodes) {
    let budget = Math.floor(node.cpu * (0.9 + 0.08 * r.next())) - node.cpuUsed;
    for (let left = target[node.index] - node.pods.length; left > 0; left--) {
      const most = Math.min(2000, budget - (left - 1) * 100);
      const want = left === 1 ? most : (budget / left) * (0.4 + 1.2 * r.next());
      let cpu = CPU_SIZES[0];
      for (const size of CPU_SIZES) if (size <= Math.min(want, most)) cpu = size;
      const key = `${node.gpu}/${cpu}`;
      let w = open.get(key);
      if (!w || w.left === 0) open.set(key, (w = appWorkload(node.gpu, cpu, false)));
      w.left--;
      budget -= cpu;
      place(w, node, podCreated(w, node));
    }
  }
  // Pending pods ask for more cpu than any node has left.
  const mostFree = Math.max(...general.map((n) => n.cpu - n.cpuUsed));
  for (let left = pending; left > 0; ) {
    const w = appWorkload(false, Math.max(1500, Math.ceil((mostFree + 1) / 250) * 250), true);
    w.unschedulable = unschedulableMessage(w, nodes);
    for (let i = Math.min(left, r.int(5, 25)); i > 0; i--, left--) place(w, null, r.time(NOW - 30 * MINUTE, NOW - MINUTE));
  }

  const candidates = workloads.filter((w) => w.kind !== "DaemonSet" && w.replicas >= 2);
  const pdbs = [];
  for (let i = 0; i < Math.min(Math.round(podCount / 50), candidates.length); i++) {
    const j = r.int(i, candidates.length - 1);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
    pdbs.push(candidates[i]);
  }

  // The API server lists in etcd key order: by name, namespaced ones by "namespace/name".
  const byKey = (key) => (a, b) => (key(a) < key(b) ? -1 : 1);
  return {
    nodes: nodes.sort(byKey((n) => n.name)),
    pods: pods.sort(byKey((p) => `${p.w.namespace}/${p.name}`)),
    pdbs: pdbs.sort(byKey((w) => `${w.namespace}/${w.name}`)),
  };
}

// The scheduler's FitError message for the pods of `w`, whose class never
// preempts: per node the reasons of the first failing filter, counted and
// sorted as strings (mirrors FitError.Error).
function unschedulableMessage(w, nodes) {
  const counts = new Map();
  const add = (reason) => counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const node of nodes) {
    if (node.gpu) {
      add("node(s) had untolerated taint {dedicated: gpu}");
      continue;
    }
    if (node.cpu - node.cpuUsed < w.cpu) add("Insufficient cpu");
    if (node.memory - node.memoryUsed < w.memory) add("Insufficient memory");
  }
  const reasons = [...counts].map(([reason, n]) => `${n} ${reason}`).sort();
  return `0/${nodes.length} nodes are available: ${reasons.join(", ")}. preemption: not eligible due to preemptionPolicy=Never.`;
}

// Shared pieces of pod specs.
const FIELD_REF = (fieldPath) => ({ fieldRef: { apiVersion: "v1", fieldPath } });
const TERMINATION = { terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File" };
const DEFAULT_TOLERATIONS = [
  { effect: "NoExecute", key: "node.kubernetes.io/not-ready", operator: "Exists", tolerationSeconds: 300 },
  { effect: "NoExecute", key: "node.kubernetes.io/unreachable", operator: "Exists", tolerationSeconds: 300 },
];
// Added by the DaemonSet controller (network-unavailable: host network pods).
const DAEMON_TOLERATIONS = [
  "not-ready:NoExecute",
  "unreachable:NoExecute",
  "disk-pressure:NoSchedule",
  "memory-pressure:NoSchedule",
  "pid-pressure:NoSchedule",
  "unschedulable:NoSchedule",
  "network-unavailable:NoSchedule",
].map((t) => ({ effect: t.split(":")[1], key: `node.kubernetes.io/${t.split(":")[0]}`, operator: "Exists" }));
const RESTRICTED = { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, runAsNonRoot: true };
const GPU_TOLERATION = { effect: "NoSchedule", key: "dedicated", operator: "Equal", value: "gpu" };
const hostPath = (name, path, type) => ({ hostPath: { path, type }, name });
const mount = (name, mountPath, readOnly) => (readOnly ? { mountPath, name, readOnly } : { mountPath, name });

// The DaemonSets of step 2 (host network, privileged): what their templates hold.
const DAEMONSETS = [
  {
    namespace: "kube-system",
    name: "calico-node",
    cpu: 250,
    memory: 0,
    className: "system-node-critical",
    image: "docker.io/calico/node:v3.27.3",
    labels: { "k8s-app": "calico-node" },
    serviceAccountName: "calico-node",
    env: [
      ["DATASTORE_TYPE", "kubernetes"],
      ["NODENAME", FIELD_REF("spec.nodeName")],
      ["CALICO_NETWORKING_BACKEND", "vxlan"],
      ["FELIX_VXLANMTU", { configMapKeyRef: { key: "veth_mtu", name: "calico-config" } }],
      ["FELIX_HEALTHENABLED", "true"],
    ],
    probes: { live: ["/bin/calico-node", "-felix-live"], ready: ["/bin/calico-node", "-felix-ready"] },
    mounts: [
      ["cni-net-dir", "/host/etc/cni/net.d", "/etc/cni/net.d"],
      ["var-run-calico", "/var/run/calico", "/var/run/calico"],
    ],
  },
  {
    namespace: "kube-system",
    name: "kube-proxy",
    cpu: 100,
    memory: 0,
    className: "system-node-critical",
    image: `registry.k8s.io/kube-proxy:${KUBE_VERSION}`,
    labels: { "k8s-app": "kube-proxy" },
    serviceAccountName: "kube-proxy",
    command: ["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
    env: [["NODE_NAME", FIELD_REF("spec.nodeName")]],
    mounts: [
      ["xtables-lock", "/run/xtables.lock", "/run/xtables.lock", false, "FileOrCreate"],
      ["lib-modules", "/lib/modules", "/lib/modules", true],
    ],
  },
];

// A workload: what its pods share (template, owner, requests, class).
function newWorkload(r, d) {
  const w = {
    ...d,
    created: d.created ?? r.time(BORN, NOW - 3 * DAY),
    ownerUid: r.uid(),
    hash: r.suffix(r.int(9, 10)),
    replicas: 0,
    running: 0,
    left: 0,
  };
  // The last rollout: its pods are created after it, and after their class.
  const earliest = w.className === "default" ? DEFAULT_CLASS_CREATED : w.created;
  const latest = w.className ? NOW - 2 * HOUR : DEFAULT_CLASS_CREATED - 2 * HOUR;
  w.rollout = d.kind === "DaemonSet" || d.created ? w.created : r.time(earliest, latest);
  w.owner = w.kind === "Deployment" ? { kind: "ReplicaSet", name: `${w.name}-${w.hash}` } : { kind: w.kind, name: w.name };
  w.labels =
    w.kind === "DaemonSet"
      ? { ...w.labels, "controller-revision-hash": w.hash, "pod-template-generation": "1" }
      : {
          app: w.name,
          ...(w.kind === "Deployment" ? { "pod-template-hash": w.hash } : { "controller-revision-hash": `${w.name}-${w.hash}` }),
        };
  w.annotations = {};
  if (w.kind !== "DaemonSet" && r.chance(0.1)) w.annotations["kubectl.kubernetes.io/restartedAt"] = stamp(w.rollout);
  if (w.port && r.chance(0.2)) {
    w.annotations["prometheus.io/path"] = "/metrics";
    w.annotations["prometheus.io/port"] = String(w.port === 8080 ? 9090 : w.port);
    w.annotations["prometheus.io/scrape"] = "true";
  }
  if (w.sidecar) w.annotations["kubectl.kubernetes.io/default-container"] = "app";
  w.spec = w.kind === "DaemonSet" ? daemonSpec(w) : appSpec(w, r);
  w.cpu = d.cpu;
  w.memory = d.memory + (w.sidecar ? 64 : 0);
  w.previousImage = w.image.replace(/[0-9]+(?=[^0-9]*$)/, (v) => String(Math.max(0, Number(v) - 1)));
  return w;
}

// A probe with the API server's defaults filled in, as stored.
function probe(handler, { initialDelaySeconds = 0, periodSeconds = 10, timeoutSeconds = 1, failureThreshold = 3 }) {
  return {
    ...handler,
    failureThreshold,
    ...(initialDelaySeconds ? { initialDelaySeconds } : {}),
    periodSeconds,
    successThreshold: 1,
    timeoutSeconds,
  };
}

// The pod template of a Deployment or StatefulSet, as its controller sends it.
function appSpec(w, r) {
  const env = r.chance(0.7) ? [{ name: "POD_NAME", valueFrom: FIELD_REF("metadata.name") }] : [];
  if (r.chance(0.5)) env.push({ name: w.port ? "PORT" : "CONCURRENCY", value: String(w.port || r.pick([2, 4, 8])) });
  if (r.chance(0.2)) env.push({ name: "LOG_LEVEL", value: r.pick(["info", "info", "debug", "warn"]) });
  if (r.chance(0.2)) env.push({ name: "DATABASE_URL", valueFrom: { secretKeyRef: { key: "url", name: `${w.name}-db` } } });
  if (r.chance(0.1)) env.push({ name: "REDIS_ADDR", value: `redis-master.${w.namespace}.svc.cluster.local:6379` });
  if (r.chance(0.1)) env.push({ name: "JAVA_TOOL_OPTIONS", value: "-XX:MaxRAMPercentage=75.0 -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError" });
  if (r.chance(0.1)) {
    env.push({ name: "GOMAXPROCS", valueFrom: { resourceFieldRef: { containerName: "app", divisor: "0", resource: "requests.cpu" } } });
  }
  const requests = { cpu: cpuText(w.cpu - (w.sidecar ? 50 : 0)), memory: memoryText(w.memory) };
  const limitKind = r.pick(["none", "none", "memory", "memory", "both"]);
  const limits = limitKind === "both" ? { ...requests } : limitKind === "memory" ? { memory: requests.memory } : null;
  const ports = w.port ? [{ containerPort: w.port, name: w.port === 8080 ? "http" : "tcp", protocol: "TCP" }] : [];
  if (w.annotations["prometheus.io/port"] === "9090" && r.chance(0.3)) {
    ports.push({ containerPort: 9090, name: "metrics", protocol: "TCP" });
  }
  const mounts = [];
  const volumes = [];
  if (r.chance(0.3)) {
    mounts.push(mount("config", `/etc/${w.name}`, true));
    volumes.push({ configMap: { defaultMode: 420, name: `${w.name}-config` }, name: "config" });
  }
  if (r.chance(0.2)) {
    mounts.push(mount("tmp", "/tmp"));
    volumes.push({ emptyDir: {}, name: "tmp" });
  }
  if (w.kind === "StatefulSet") {
    mounts.push(mount("data", "/data"));
    volumes.push({ name: "data", persistentVolumeClaim: { claimName: "" } }); // per pod: data-<pod>
  }
  const app = {
    ...(env.length ? { env } : {}),
    ...(r.chance(0.3) ? { envFrom: [{ configMapRef: { name: `${w.name}-env` } }] } : {}),
    image: w.image,
    imagePullPolicy: "IfNotPresent",
    name: "app",
    ...(ports.length ? { ports } : {}),
    resources: limits ? { limits, requests } : { requests },
    ...(r.chance(0.15) ? { securityContext: RESTRICTED } : {}),
    ...TERMINATION,
    ...(mounts.length ? { volumeMounts: mounts } : {}),
  };
  const probes = w.port ? r.next() : 1;
  if (probes < 0.35) {
    const httpGet = { path: "/healthz", port: ports[0].name, scheme: "HTTP" };
    app.livenessProbe = probe({ httpGet }, { initialDelaySeconds: r.pick([10, 15, 30]), timeoutSeconds: r.pick([1, 3, 5]) });
  }
  if (probes < 0.6) {
    app.readinessProbe = probe({ httpGet: { path: "/readyz", port: ports[0].name, scheme: "HTTP" } }, { periodSeconds: r.pick([5, 10]) });
  }
  const containers = [app];
  if (w.sidecar) {
    containers.push({
      args: ["--config-path", "/etc/envoy/envoy.yaml", "--log-level", "warn", "--drain-time-s", "20"],
      image: SIDECAR_IMAGE,
      imagePullPolicy: "IfNotPresent",
      name: "envoy",
      ports: [{ containerPort: 15000, name: "admin", protocol: "TCP" }],
      resources: { limits: { memory: "256Mi" }, requests: { cpu: "50m", memory: "64Mi" } },
      ...TERMINATION,
      volumeMounts: [mount("envoy-config", "/etc/envoy", true)],
    });
    volumes.push({ configMap: { defaultMode: 420, name: `${w.name}-envoy` }, name: "envoy-config" });
  }
  const spec = {
    containers,
    dnsPolicy: "ClusterFirst",
    enableServiceLinks: true,
    restartPolicy: "Always",
    schedulerName: "default-scheduler",
    securityContext: r.chance(0.05) ? { fsGroup: 10001, seccompProfile: { type: "RuntimeDefault" } } : {},
    ...(r.chance(0.3) ? { serviceAccount: w.name, serviceAccountName: w.name } : {}),
    terminationGracePeriodSeconds: 30,
    ...(volumes.length ? { volumes } : {}),
  };
  if (w.className) spec.priorityClassName = w.className;
  if (w.gpu) {
    spec.nodeSelector = { dedicated: "gpu" };
    spec.tolerations = [GPU_TOLERATION];
  }
  const selector = { labelSelector: { matchLabels: { app: w.name } } };
  if (r.chance(0.06)) {
    spec.affinity = {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { podAffinityTerm: { ...selector, topologyKey: "kubernetes.io/hostname" }, weight: 100 },
        ],
      },
    };
  } else if (r.chance(0.04)) {
    spec.topologySpreadConstraints = [
      { ...selector, maxSkew: 1, topologyKey: "topology.kubernetes.io/zone", whenUnsatisfiable: "ScheduleAnyway" },
    ];
  }
  if (w.kind === "StatefulSet") spec.subdomain = `${w.name}-headless`;
  return spec;
}

// The pod template of one of the DAEMONSETS.
function daemonSpec(w) {
  const container = {
    ...(w.command ? { command: w.command } : {}),
    env: w.env.map(([name, v]) => (typeof v === "string" ? { name, value: v } : { name, valueFrom: v })),
    image: w.image,
    imagePullPolicy: "IfNotPresent",
    name: w.name,
    resources: { requests: { cpu: cpuText(w.cpu) } },
    securityContext: { privileged: true },
    ...TERMINATION,
    volumeMounts: w.mounts.map(([name, mountPath, , readOnly]) => mount(name, mountPath, readOnly)),
  };
  if (w.probes) {
    const timing = { initialDelaySeconds: 10, timeoutSeconds: 10, failureThreshold: 6 };
    container.livenessProbe = probe({ exec: { command: w.probes.live } }, timing);
    container.readinessProbe = probe({ exec: { command: w.probes.ready } }, { timeoutSeconds: 10 });
  }
  return {
    containers: [container],
    dnsPolicy: "ClusterFirstWithHostNet",
    enableServiceLinks: true,
    hostNetwork: true,
    nodeSelector: { "kubernetes.io/os": "linux" },
    priorityClassName: w.className,
    restartPolicy: "Always",
    schedulerName: "default-scheduler",
    securityContext: {},
    serviceAccount: w.serviceAccountName,
    serviceAccountName: w.serviceAccountName,
    terminationGracePeriodSeconds: 30,
    tolerations: [{ operator: "Exists" }],
    volumes: w.mounts.map(([name, , path, , type]) => hostPath(name, path, type ?? "")),
  };
}

// ---- managedFields.

// Lists merged by key (listType=map) and by value (listType=set); other
// lists are atomic and owned whole.
const LIST_KEYS = {
  addresses: ["type"],
  conditions: ["type"],
  containers: ["name"],
  env: ["name"],
  ownerReferences: ["uid"],
  podIPs: ["ip"],
  ports: ["containerPort", "protocol"],
  topologySpreadConstraints: ["topologyKey", "whenUnsatisfiable"],
  volumeMounts: ["mountPath"],
  volumes: ["name"],
};
const SET_LISTS = new Set(["podCIDRs"]);
// Fields of atomic types (+structType=atomic, +mapType=atomic), owned whole.
const ATOMIC = new Set([
  "configMapKeyRef",
  "fieldRef",
  "labelSelector",
  "nodeSelector",
  "requiredDuringSchedulingIgnoredDuringExecution",
  "resourceFieldRef",
  "secretKeyRef",
  "selector",
]);

// The FieldsV1 set of every field in `value`, as structured-merge-diff
// writes it: "f:" per field, "k:" per keyed list item, "v:" per set item,
// and "." where the node itself is owned, which it is not for fields that
// an empty object already has (those named in `present`).
function fieldsOf(value, present) {
  const set = {};
  for (const [name, v] of Object.entries(value)) {
    const key = `f:${name}`;
    const atomicList = Array.isArray(v) && (v.length === 0 || !(name in LIST_KEYS || SET_LISTS.has(name)));
    if (v === null || typeof v !== "object" || atomicList || ATOMIC.has(name)) {
      set[key] = {};
    } else if (SET_LISTS.has(name)) {
      set[key] = { ".": {} };
      for (const item of v) set[key][`v:${JSON.stringify(item)}`] = {};
    } else if (Array.isArray(v)) {
      set[key] = present.has(name) ? {} : { ".": {} };
      for (const item of v) {
        const id = Object.fromEntries(LIST_KEYS[name].map((k) => [k, item[k]]));
        set[key][`k:${JSON.stringify(id)}`] = { ".": {}, ...fieldsOf(item, NONE) };
      }
    } else if (isEmpty(v)) {
      set[key] = {};
    } else {
      set[key] = present.has(name) ? fieldsOf(v, present) : { ".": {}, ...fieldsOf(v, NONE) };
    }
  }
  return set;
}
const NONE = new Set();
const TOP = new Set(["metadata", "spec", "status"]);
const POD_TOP = new Set(["metadata", "spec", "status", "containers"]);
const STATUS_UPDATE = new Set(["status", "conditions"]);

const managed = (manager, time, fieldsV1, subresource, apiVersion = "v1") => ({
  apiVersion,
  fieldsType: "FieldsV1",
  fieldsV1,
  manager,
  operation: "Update",
  ...(subresource ? { subresource } : {}),
  time: stamp(time),
});

// ---- Objects, in the order kubectl prints them.

// Every object of the dump, one at a time.
function* clusterObjects(nodeCount, podCount, r) {
  const plan = planCluster(nodeCount, podCount, r);
  for (const pc of PRIORITY_CLASSES) yield priorityClassObject(pc, r);
  for (const node of plan.nodes) yield nodeObject(node, r);
  for (const pod of plan.pods) yield podObject(pod, r);
  for (const w of plan.pdbs) yield pdbObject(w, r);
}

// The annotation kubectl apply leaves: the applied object as compact JSON.
function lastApplied(object) {
  const sorted = (v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]))
      : v;
  return `${JSON.stringify(sorted(object))}\n`;
}

function priorityClassObject([name, value, preemptionPolicy, description, globalDefault], r) {
  const system = name.startsWith("system-");
  const created = name === "default" ? DEFAULT_CLASS_CREATED : system ? BORN : BORN + DAY;
  const body = { description, ...(globalDefault ? { globalDefault } : {}), preemptionPolicy, value };
  const applied = { apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { annotations: {}, name }, ...body };
  const annotations = { "kubectl.kubernetes.io/last-applied-configuration": lastApplied(applied) };
  const fields = fieldsOf(system ? body : { metadata: { annotations }, ...body }, TOP);
  return {
    apiVersion: "scheduling.k8s.io/v1",
    description,
    ...(globalDefault ? { globalDefault } : {}),
    kind: "PriorityClass",
    metadata: {
      ...(system ? {} : { annotations }),
      creationTimestamp: stamp(created),
      generation: 1,
      managedFields: [
        managed(system ? "kube-apiserver" : "kubectl-client-side-apply", created, fields, null, "scheduling.k8s.io/v1"),
      ],
      name,
      resourceVersion: system ? String(r.int(60, 90)) : r.resourceVersion(),
      uid: r.uid(),
    },
    preemptionPolicy,
    value,
  };
}

const NODE_CONDITIONS = [
  ["MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"],
  ["DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"],
  ["PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"],
  ["Ready", "True", "KubeletReady", "kubelet is posting ready status"],
];

// A node of `planCluster` as the API server stores it.
function nodeObject(node, r) {
  const zone = ZONES[node.zone];
  const instance = `i-0${r.hex(16)}`;
  const machine = MACHINES[node.type];
  const labels = {
    "beta.kubernetes.io/arch": "amd64",
    "beta.kubernetes.io/instance-type": node.type,
    "beta.kubernetes.io/os": "linux",
    ...(node.gpu ? { dedicated: "gpu" } : {}),
    "failure-domain.beta.kubernetes.io/region": REGION,
    "failure-domain.beta.kubernetes.io/zone": zone,
    "k8s.io/cloud-provider-aws": hashHex("cluster").slice(0, 32),
    "kubernetes.io/arch": "amd64",
    "kubernetes.io/hostname": node.name,
    "kubernetes.io/os": "linux",
    "node-role.kubernetes.io/worker": "",
    "node.kubernetes.io/instance-type": node.type,
    "node.kubernetes.io/lifecycle": node.gpu || r.chance(0.7) ? "on-demand" : "spot",
    ...(node.gpu ? { "nvidia.com/gpu.present": "true" } : {}),
    nodepool: node.gpu ? "gpu" : node.type === "m5.2xlarge" ? "general" : "general-large",
    "topology.ebs.csi.aws.com/zone": zone,
    "topology.kubernetes.io/region": REGION,
    "topology.kubernetes.io/zone": zone,
  };
  const kubeletAnnotations = {
    "alpha.kubernetes.io/provided-node-ip": node.ip,
    "csi.volume.kubernetes.io/nodeid": JSON.stringify({ "ebs.csi.aws.com": instance }),
    "volumes.kubernetes.io/controller-managed-attach-detach": "true",
  };
  const calicoAnnotations = {
    "projectcalico.org/IPv4Address": `${node.ip}/18`,
    "projectcalico.org/IPv4VXLANTunnelAddr": `${podNetwork(node)}.1`,
  };
  const podCIDR = `${podNetwork(node)}.0/24`;
  const providerID = `aws:///${zone}/${instance}`;
  const taints = node.gpu ? [{ effect: "NoSchedule", key: "dedicated", value: "gpu" }] : null;
  const started = node.created + r.int(20, 40) * SECOND;
  const calicoUp = stamp(started + r.int(30, 60) * SECOND);
  const heartbeat = NOW - r.int(0, 50) * SECOND;
  const condition = ([type, status, reason, message]) => ({
    lastHeartbeatTime: stamp(heartbeat),
    lastTransitionTime: stamp(started + r.int(0, 30) * SECOND),
    message,
    reason,
    status,
    type,
  });
  const network = {
    lastHeartbeatTime: calicoUp,
    lastTransitionTime: calicoUp,
    message: "Calico is running on this node",
    reason: "CalicoIsUp",
    status: "False",
    type: "NetworkUnavailable",
  };
  const capacity = {
    cpu: String(machine.cpu),
    "ephemeral-storage": `${DISK_KI}Ki`,
    "hugepages-1Gi": "0",
    "hugepages-2Mi": "0",
    memory: `${machine.memoryKi}Ki`,
    ...(node.gpu ? { "nvidia.com/gpu": "1" } : {}),
    pods: String(MAX_PODS),
  };
  // kubeadm's defaults: evict below 100Mi of memory or 10% of the disk.
  const allocatable = {
    ...capacity,
    "ephemeral-storage": String(Math.floor(DISK_KI * 1024 * 0.9)),
    memory: `${machine.memoryKi - 102_400}Ki`,
  };
  // kubelet reports up to 50 images, largest first; these nodes hold about 40.
  const images = new Set(NODE_IMAGES);
  for (const pod of node.pods) {
    images.add(pod.w.image);
    if (pod.w.sidecar) images.add(SIDECAR_IMAGE);
    if (images.size < 40) images.add(pod.w.previousImage);
  }
  const imageList = [...images]
    .map((image) => ({ names: [`${imageRepo(image)}@sha256:${hashHex(image)}`, image], sizeBytes: imageSize(image) }))
    .sort((a, b) => b.sizeBytes - a.sizeBytes)
    .slice(0, 50);
  const status = {
    addresses: [
      { address: node.ip, type: "InternalIP" },
      { address: `${r.pick(["3", "18", "34", "44", "52", "54"])}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`, type: "ExternalIP" },
      { address: node.name, type: "Hostname" },
    ],
    allocatable,
    capacity,
    conditions: [network, ...NODE_CONDITIONS.map(condition)],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    images: imageList,
    nodeInfo: {
      architecture: "amd64",
      bootID: r.uid(),
      containerRuntimeVersion: "containerd://1.7.11",
      kernelVersion: "5.10.215-203.850.amzn2.x86_64",
      kubeProxyVersion: KUBE_VERSION,
      kubeletVersion: KUBE_VERSION,
      machineID: `ec2${r.hex(29)}`,
      operatingSystem: "linux",
      osImage: "Amazon Linux 2",
      systemUUID: `ec2${r.uid().slice(3)}`,
    },
  };
  // Who set what: kubelet registers the node and reports its status, the
  // node IPAM controller assigns the pod CIDR, Calico reports the network.
  const { conditions, ...kubeletStatus } = status;
  const registered = { metadata: { annotations: kubeletAnnotations, labels }, spec: { providerID, ...(taints ? { taints } : {}) } };
  const cidr = { metadata: { annotations: { "node.alpha.kubernetes.io/ttl": "0" } }, spec: { podCIDR, podCIDRs: [podCIDR] } };
  const managedFields = [
    managed("kubelet", node.created, fieldsOf(registered, TOP)),
    managed("kube-controller-manager", node.created + 5 * SECOND, fieldsOf(cidr, TOP)),
    managed("calico-node", started + 30 * SECOND, fieldsOf({ metadata: { annotations: calicoAnnotations } }, TOP)),
    managed("calico-node", started + 30 * SECOND, fieldsOf({ status: { conditions: [network] } }, STATUS_UPDATE), "status"),
    managed("kubelet", heartbeat, fieldsOf({ status: { ...kubeletStatus, conditions: conditions.slice(1) } }, STATUS_UPDATE), "status"),
  ];
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      annotations: { ...kubeletAnnotations, "node.alpha.kubernetes.io/ttl": "0", ...calicoAnnotations },
      creationTimestamp: stamp(node.created),
      labels,
      managedFields,
      name: node.name,
      resourceVersion: r.resourceVersion(),
      uid: r.uid(),
    },
    spec: { podCIDR, podCIDRs: [podCIDR], providerID, ...(taints ? { taints } : {}) },
    status,
  };
}

const POD_CONDITIONS = ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady"];

// A pod as the API server stores it after the controller created it,
// admission completed it, the scheduler bound it and kubelet started it.
function podObject(pod, r) {
  const { w, node } = pod;
  const token = `kube-api-access-${r.suffix(5)}`;
  const labels =
    w.kind === "StatefulSet"
      ? { ...w.labels, "apps.kubernetes.io/pod-index": String(pod.ordinal), "statefulset.kubernetes.io/pod-name": pod.name }
      : w.labels;
  const ownerReferences = [
    { apiVersion: "apps/v1", blockOwnerDeletion: true, controller: true, kind: w.owner.kind, name: w.owner.name, uid: w.ownerUid },
  ];
  const metadata = {
    ...(Object.keys(w.annotations).length ? { annotations: w.annotations } : {}),
    generateName: w.kind === "StatefulSet" ? `${w.name}-` : pod.name.slice(0, -5),
    labels,
    ownerReferences,
  };
  // What the controller sent; admission adds priority, tolerations and the token volume.
  const sent = { ...w.spec };
  if (w.kind === "StatefulSet") {
    sent.hostname = pod.name;
    const claim = { name: "data", persistentVolumeClaim: { claimName: `data-${pod.name}` } };
    sent.volumes = w.spec.volumes.map((v) => (v.name === "data" ? claim : v));
  }
  if (w.kind === "DaemonSet") {
    sent.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: [node.name] }] }],
        },
      },
    };
    sent.tolerations = [...w.spec.tolerations, ...DAEMON_TOLERATIONS];
  }
  const kcm = managed("kube-controller-manager", pod.created, fieldsOf({ metadata, spec: sent }, POD_TOP));
  const apiMount = mount(token, "/var/run/secrets/kubernetes.io/serviceaccount", true);
  const spec = {
    ...sent,
    containers: sent.containers.map((c) => ({ ...c, volumeMounts: [...(c.volumeMounts ?? []), apiMount] })),
    ...(node ? { nodeName: node.name } : {}),
    preemptionPolicy: w.className ? CLASS_VALUE[w.className].policy : "PreemptLowerPriority",
    serviceAccount: sent.serviceAccountName ?? "default",
    serviceAccountName: sent.serviceAccountName ?? "default",
    priority: w.className ? CLASS_VALUE[w.className].value : 0,
    tolerations: w.kind === "DaemonSet" ? sent.tolerations : [...(sent.tolerations ?? []), ...DEFAULT_TOLERATIONS],
    volumes: [
      ...(sent.volumes ?? []),
      {
        name: token,
        projected: {
          defaultMode: 420,
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607, path: "token" } },
            { configMap: { items: [{ key: "ca.crt", path: "ca.crt" }], name: "kube-root-ca.crt" } },
            { downwardAPI: { items: [{ fieldRef: { apiVersion: "v1", fieldPath: "metadata.namespace" }, path: "namespace" }] } },
          ],
        },
      },
    ],
  };
  const guaranteed = spec.containers.every(
    ({ resources: { limits, requests } }) => limits?.cpu === requests.cpu && limits?.memory === requests.memory,
  );
  const qosClass = guaranteed ? "Guaranteed" : "Burstable";
  let status;
  let statusManager;
  if (node) {
    const scheduled = pod.created + r.int(0, 2) * SECOND;
    const started = scheduled + r.int(1, 4) * SECOND;
    let ready = started + r.int(5, 40) * SECOND;
    const containerStatuses = spec.containers
      .map((c) => {
        const restarts = r.chance(0.04) ? r.int(1, 7) : 0;
        const runningSince = restarts ? r.time(ready, NOW - MINUTE) : started + 2 * SECOND;
        const state = { running: { startedAt: stamp(runningSince) } };
        let lastState = {};
        if (restarts) {
          const [exitCode, reason] = r.pick([[1, "Error"], [137, "OOMKilled"], [137, "Error"], [143, "Error"]]);
          lastState = {
            terminated: {
              containerID: `containerd://${r.hex(64)}`,
              exitCode,
              finishedAt: stamp(runningSince - SECOND),
              reason,
              startedAt: stamp(r.time(started, runningSince - SECOND)),
            },
          };
          ready = Math.max(ready, runningSince + 10 * SECOND);
        }
        return {
          containerID: `containerd://${r.hex(64)}`,
          image: c.image,
          imageID: `${imageRepo(c.image)}@sha256:${hashHex(c.image)}`,
          lastState,
          name: c.name,
          ready: true,
          restartCount: restarts,
          started: true,
          state,
        };
      })
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const times = [started + 2 * SECOND, started, ready, ready];
    const conditions = POD_CONDITIONS.map((type, i) => ({
      lastProbeTime: null,
      lastTransitionTime: stamp(times[i]),
      status: "True",
      type,
    }));
    const podIP = pod.host ? `${podNetwork(node)}.${pod.host}` : node.ip;
    status = {
      conditions: [...conditions, { lastProbeTime: null, lastTransitionTime: stamp(scheduled), status: "True", type: "PodScheduled" }],
      containerStatuses,
      hostIP: node.ip,
      hostIPs: [{ ip: node.ip }],
      phase: "Running",
      podIP,
      podIPs: [{ ip: podIP }],
      qosClass,
      startTime: stamp(started),
    };
    const { qosClass: _, ...kubeletStatus } = status;
    kubeletStatus.conditions = conditions;
    statusManager = managed("kubelet", ready, fieldsOf({ status: kubeletStatus }, STATUS_UPDATE), "status");
  } else {
    const condition = {
      lastProbeTime: null,
      lastTransitionTime: stamp(pod.created + SECOND),
      message: w.unschedulable,
      reason: "Unschedulable",
      status: "False",
      type: "PodScheduled",
    };
    status = { conditions: [condition], phase: "Pending", qosClass };
    statusManager = managed("kube-scheduler", pod.created + SECOND, fieldsOf({ status: { conditions: [condition] } }, TOP), "status");
  }
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      ...metadata,
      creationTimestamp: stamp(pod.created),
      managedFields: [kcm, statusManager],
      name: pod.name,
      namespace: w.namespace,
      resourceVersion: r.resourceVersion(),
      uid: r.uid(),
    },
    spec,
    status,
  };
}

// A PodDisruptionBudget applied with kubectl over the pods of `w`.
function pdbObject(w, r) {
  const minAvailable = r.chance(0.5);
  const bound = r.pick(minAvailable ? [1, "50%", "60%"] : [1, "25%"]);
  const spec = {
    ...(minAvailable ? { minAvailable: bound } : { maxUnavailable: bound }),
    selector: { matchLabels: { app: w.name } },
  };
  const name = w.name;
  const created = w.created + r.int(1, 60) * SECOND;
  const metadata = { annotations: {}, name, namespace: w.namespace };
  const applied = { apiVersion: "policy/v1", kind: "PodDisruptionBudget", metadata, spec };
  const annotations = { "kubectl.kubernetes.io/last-applied-configuration": lastApplied(applied) };
  const expected = w.replicas;
  const healthy = w.running;
  const count = (b) => (typeof b === "number" ? b : Math.ceil((expected * parseInt(b, 10)) / 100));
  const desired = minAvailable ? count(bound) : expected - count(bound);
  const allowed = Math.max(0, healthy - desired);
  const condition = {
    lastTransitionTime: stamp(r.time(created, NOW - HOUR)),
    message: "",
    observedGeneration: 1,
    reason: allowed > 0 ? "SufficientPods" : "InsufficientPods",
    status: allowed > 0 ? "True" : "False",
    type: "DisruptionAllowed",
  };
  const status = {
    conditions: [condition],
    currentHealthy: healthy,
    desiredHealthy: desired,
    disruptionsAllowed: allowed,
    expectedPods: expected,
    observedGeneration: 1,
  };
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: {
      annotations,
      creationTimestamp: stamp(created),
      generation: 1,
      managedFields: [
        managed("kubectl-client-side-apply", created, fieldsOf({ metadata: { annotations }, spec }, TOP), null, "policy/v1"),
        managed("kube-controller-manager", r.time(created, NOW - HOUR), fieldsOf({ status }, TOP), "status", "policy/v1"),
      ],
      name,
      namespace: w.namespace,
      resourceVersion: r.resourceVersion(),
      uid: r.uid(),
    },
    spec,
    status,
  };
}

// The 5,000-node scale case as one kubectl List (one object a line, as
// `kubectl get -o json` prints it): 4 low-priority pods bound on each node,
// and one pending preemptor per node that fits only after preemption. The
// page's scale test pastes it; bench/page.mjs times the same paste.
export const SCALE_NODES = 5000;
export function scaleList(nodes = SCALE_NODES) {
  const items = [];
  for (let n = 0; n < nodes; n++) {
    items.push(JSON.stringify({ apiVersion: "v1", kind: "Node", metadata: { name: `node-${n}` }, status: { allocatable: { cpu: "4", memory: "32Gi", pods: "110" } } }));
  }
  for (let n = 0; n < nodes; n++) {
    for (let p = 0; p < 4; p++) {
      items.push(JSON.stringify({ apiVersion: "v1", kind: "Pod", metadata: { name: `low-${n}-${p}`, namespace: "default" }, spec: { nodeName: `node-${n}`, containers: [{ name: "c", resources: { requests: { cpu: "900m", memory: "500Mi" } } }] } }));
    }
  }
  for (let i = 0; i < nodes; i++) {
    items.push(JSON.stringify({ apiVersion: "v1", kind: "Pod", metadata: { name: `preemptor-${i}`, namespace: "default" }, spec: { priority: 10000, containers: [{ name: "c", resources: { requests: { cpu: "3970m", memory: "500Mi" } } }] } }));
  }
  return `{"apiVersion": "v1", "kind": "List", "items": [\n${items.join(",\n")}\n]}\n`;
}
