#!/usr/bin/env node
// Writes the Kubernetes API's field names for the kinds podsim reads, from
// the OpenAPI models that @kubernetes/client-node ships (a devDependency,
// pinned): core/api/api_fields_data.inc for the engine's unknown-field warnings
// (every field of every type, no docs) and web/src/editor/api-fields.json for
// the editor's completion and hover (only the fields podsim reads, with docs).
// Run it again after changing the pinned package or a kind's XxxFields().
//   node scripts/gen-api-fields.mjs [--check]   (--check: fail if stale)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const pkgDir = join(root, "node_modules/@kubernetes/client-node");
const models = join(pkgDir, "dist/gen/models");
const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const specLine = readFileSync(join(models, "V1Pod.js"), "utf8").match(/OpenAPI spec version: (\S+)/)[1];
// "release-1.36" or "v1.36.0": the minor release the models were made from.
const version = specLine.match(/(\d+\.\d+)/)[1];

// The kinds podsim reads, their model and the decoder file whose
// XxxFields() says which of their fields it reads.
const kinds = [
  ["Pod", "V1Pod", "pod.cc"],
  ["Node", "V1Node", "node.cc"],
  ["PriorityClass", "V1PriorityClass", "priority_class.cc"],
  ["PodDisruptionBudget", "V1PodDisruptionBudget", "pod_disruption_budget.cc"],
  ["Namespace", "V1Namespace", "namespace.cc"],
  ["Deployment", "V1Deployment", "controller.cc"],
  ["ReplicaSet", "V1ReplicaSet", "controller.cc"],
  ["StatefulSet", "V1StatefulSet", "controller.cc"],
  ["ReplicationController", "V1ReplicationController", "controller.cc"],
  ["DaemonSet", "V1DaemonSet", "controller.cc"],
  ["Job", "V1Job", "controller.cc"],
  ["LimitRange", "V1LimitRange", "limit_range.cc"],
  ["RuntimeClass", "V1RuntimeClass", "runtime_class.cc"],
  ["ResourceQuota", "V1ResourceQuota", "resource_quota.cc"],
  // Last: StatefulSet's volumeClaimTemplates already reach its types.
  ["PersistentVolumeClaim", "V1PersistentVolumeClaim", "persistent_volume_claim.cc"],
  ["List", "List", null],
  ["KubeSchedulerConfiguration", "KubeSchedulerConfiguration", null],
];

// Kinds the OpenAPI document does not define, written by hand: kubectl's
// List (metav1.List) and kube-scheduler's configuration
// (k8s.io/kube-scheduler/config/v1, component-base's v1alpha1 types inline).
const value = "string";
const handWritten = {
  List: {
    doc: "List holds a list of objects, as kubectl get prints them.",
    fields: { apiVersion: value, kind: value, metadata: "V1ListMeta", items: "any" },
  },
  KubeSchedulerConfiguration: {
    doc: "KubeSchedulerConfiguration configures a scheduler (kubescheduler.config.k8s.io/v1).",
    fields: {
      apiVersion: value,
      kind: value,
      parallelism: value,
      leaderElection: "KscLeaderElection",
      clientConnection: "KscClientConnection",
      enableProfiling: value,
      enableContentionProfiling: value,
      percentageOfNodesToScore: value,
      podInitialBackoffSeconds: value,
      podMaxBackoffSeconds: value,
      profiles: "Array<KscProfile>",
      extenders: "Array<KscExtender>",
      delayCacheUntilActive: value,
    },
    docs: {
      percentageOfNodesToScore:
        "The percentage of all nodes that once found feasible for running a pod, the scheduler stops its search for more feasible nodes in the cluster.",
      profiles: "The scheduling profiles that kube-scheduler supports; podsim reads the default-scheduler profile.",
    },
  },
  KscLeaderElection: {
    fields: Object.fromEntries(
      ["leaderElect", "leaseDuration", "renewDeadline", "retryPeriod", "resourceLock", "resourceName", "resourceNamespace"].map((f) => [f, value]),
    ),
  },
  KscClientConnection: {
    fields: Object.fromEntries(["kubeconfig", "acceptContentTypes", "contentType", "qps", "burst"].map((f) => [f, value])),
  },
  KscProfile: {
    doc: "A scheduling profile.",
    fields: { schedulerName: value, percentageOfNodesToScore: value, plugins: "KscPlugins", pluginConfig: "Array<KscPluginConfig>" },
    docs: {
      schedulerName: 'The name of the scheduler associated to this profile; podsim reads "default-scheduler".',
      percentageOfNodesToScore: "The percentage of nodes to score for this profile; overrides the global value.",
      plugins:
        "The plugins enabled and disabled at each extension point, merged with the default set; podsim models multiPoint, preFilter, filter, postFilter and score.",
      pluginConfig: "Optional arguments for each plugin; podsim reads DefaultPreemption's.",
    },
  },
  KscPlugins: {
    fields: Object.fromEntries(
      ["preEnqueue", "queueSort", "preFilter", "filter", "postFilter", "preScore", "score", "reserve", "permit", "preBind", "bind", "postBind", "multiPoint"].map(
        (f) => [f, "KscPluginSet"],
      ),
    ),
  },
  KscPluginSet: {
    fields: { enabled: "Array<KscPlugin>", disabled: "Array<KscPlugin>" },
    docs: {
      enabled: "Plugins to run in addition to the defaults; a default plugin listed here runs first at this extension point.",
      disabled: 'Default plugins not to run here; "*" disables them all.',
    },
  },
  KscPlugin: {
    fields: { name: value, weight: value },
    docs: { name: "The plugin's name, e.g. DefaultPreemption.", weight: "The weight of a score plugin (under score and multiPoint)." },
  },
  KscPluginConfig: {
    fields: { name: value, args: "KscArgs" },
    docs: { name: "The plugin's name, e.g. DefaultPreemption.", args: "The plugin's arguments; each plugin has its own." },
  },
  // Each plugin's arguments are a type of their own (RawExtension): not
  // checked, but DefaultPreemption's are completed.
  KscArgs: {
    preserveUnknown: true,
    fields: { apiVersion: value, kind: value, minCandidateNodesPercentage: value, minCandidateNodesAbsolute: value },
    docs: {
      minCandidateNodesPercentage: "DefaultPreemption: the minimum number of candidates to shortlist when dry running preemption, as a percentage of nodes (0-100, default 10).",
      minCandidateNodesAbsolute: "DefaultPreemption: the absolute minimum number of candidates to shortlist (default 100).",
    },
  },
  KscExtender: {
    fields: {
      ...Object.fromEntries(
        ["urlPrefix", "filterVerb", "preemptVerb", "prioritizeVerb", "weight", "bindVerb", "enableHTTPS", "httpTimeout", "nodeCacheCapable", "ignorable"].map((f) => [
          f,
          value,
        ]),
      ),
      tlsConfig: "KscExtenderTls",
      managedResources: "Array<KscManagedResource>",
    },
  },
  KscExtenderTls: {
    fields: Object.fromEntries(["insecure", "serverName", "certFile", "keyFile", "caFile", "certData", "keyData", "caData"].map((f) => [f, value])),
  },
  KscManagedResource: { fields: { name: value, ignoredByScheduler: value } },
};

// What a field's value is, from the model's type: a type of its own, a map
// (additionalProperties: any keys), preserve-unknown (any content) or a
// plain value. Lists are their elements' kind.
function shape(type) {
  const list = type.match(/^Array<(.+)>$/);
  if (list) return shape(list[1]);
  if (type.startsWith("{ [key: string]")) return { kind: "map" };
  if (type === "any") return { kind: "any" };
  if (/^(V\d|Core|Ksc)\w*$/.test(type) || handWritten[type]) return { kind: "type", type };
  return { kind: "value" };
}

function unescape(s) {
  return s.replace(/\\(["'\\])/g, "$1");
}

// Loads a model: its fields in order, with docs from its declaration file.
const typeCache = new Map();
async function loadType(name) {
  if (typeCache.has(name)) return typeCache.get(name);
  const t = { name, fields: [], doc: "", preserveUnknown: false };
  typeCache.set(name, t);
  if (handWritten[name]) {
    const h = handWritten[name];
    t.doc = h.doc ?? "";
    t.preserveUnknown = !!h.preserveUnknown;
    for (const [field, type] of Object.entries(h.fields)) t.fields.push({ name: field, type, doc: h.docs?.[field] ?? "" });
  } else {
    const mod = await import(join(models, `${name}.js`));
    const dts = readFileSync(join(models, `${name}.d.ts`), "utf8");
    const docs = {};
    for (const m of dts.matchAll(/\/\*\*\n((?:[ \t]*\*.*\n)*?)[ \t]*\*\/\n[ \t]*'([^']+)'\??:/g)) {
      docs[m[2]] = unescape(m[1].replace(/^[ \t]*\* ?/gm, "").trim());
    }
    const classDoc = dts.match(/\/\*\*\n((?:[ \t]*\*.*\n)*?)[ \t]*\*\/\nexport declare class/);
    if (classDoc) t.doc = unescape(classDoc[1].replace(/^[ \t]*\* ?/gm, "").trim());
    for (const a of mod[name].getAttributeTypeMap()) {
      t.fields.push({ name: a.baseName, type: a.type, doc: docs[a.name] ?? "" });
    }
  }
  for (const f of t.fields) {
    f.shape = shape(f.type);
    if (f.shape.kind === "type") await loadType(f.shape.type);
  }
  return t;
}

for (const [, model] of kinds) await loadType(model);

// 1) The engine's data: every type reachable from the kinds, fields sorted
// by name for a binary search.
const order = [...typeCache.keys()];
const index = new Map(order.map((n, i) => [n, i]));
let fieldRows = [];
const typeRows = [];
for (const name of order) {
  const t = typeCache.get(name);
  const sorted = [...t.fields].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  typeRows.push(`    {${fieldRows.length}, ${sorted.length}},  // ${name}`);
  fieldRows.push(
    ...sorted.map((f) => {
      const child =
        f.shape.kind === "any" || (f.shape.kind === "type" && typeCache.get(f.shape.type).preserveUnknown)
          ? "kAny"
          : f.shape.kind === "map"
            ? "kMap"
            : f.shape.kind === "type"
              ? String(index.get(f.shape.type))
              : "kValue";
      return `    {"${f.name}", ${child}},`;
    }),
  );
}
const kindRows = kinds.map(([kind, model]) => `    {"${kind}", ${index.get(model)}},`).sort();
const inc = `// Generated by scripts/gen-api-fields.mjs from ${pkg.name} ${pkg.version}
// (OpenAPI ${specLine}); do not edit. List and KubeSchedulerConfiguration
// are not in the OpenAPI document and are written in the script.
// Included by core/api/api_fields.cc only.

inline constexpr std::string_view kApiVersion = "${version}";

inline constexpr ApiField kApiFields[] = {
${fieldRows.join("\n")}
};

inline constexpr ApiType kApiTypes[] = {
${typeRows.join("\n")}
};

inline constexpr ApiKind kApiKinds[] = {
${kindRows.join("\n")}
};
`;

// 2) The page's data: the fields podsim reads (each kind's FieldRule, whole
// below a field it keeps whole), with the first sentences of their docs.
function parseRule(spec) {
  let pos = 0;
  function fields() {
    const out = {};
    while (pos < spec.length) {
      const c = spec[pos];
      if (c === " " || c === "\n") {
        pos++;
        continue;
      }
      if (c === "}") {
        pos++;
        break;
      }
      const start = pos;
      while (pos < spec.length && !" {}\n".includes(spec[pos])) pos++;
      const name = spec.slice(start, pos);
      out[name] = null;
      if (spec[pos] === "{") {
        pos++;
        out[name] = fields();
      }
    }
    return out;
  }
  return fields();
}

function readRule(file) {
  const text = readFileSync(join(root, "core/ingest/decode", file), "utf8");
  const body = text.match(/FieldRule::Parse\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)/);
  if (!body) throw new Error(`no FieldRule::Parse(...) in core/ingest/decode/${file}`);
  return parseRule([...body[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join(""));
}

// Short docs: the first sentence or two, at most about 300 characters.
function shortDoc(doc) {
  const text = doc.replace(/\s+/g, " ").replace(/ More info: \S+/g, "").trim();
  if (text.length <= 300) return text;
  let cut = text.lastIndexOf(". ", 300);
  if (cut < 60) cut = text.indexOf(". ", 60);
  return cut > 0 && cut < 400 ? text.slice(0, cut + 1) : `${text.slice(0, 300)}…`;
}

const pageTypes = [];
const pageIndex = new Map();
// A type as the page sees it under a rule (null: every field).
function pageType(name, rule) {
  const key = `${name}|${JSON.stringify(rule)}`;
  if (pageIndex.has(key)) return pageIndex.get(key);
  const id = pageTypes.length;
  pageIndex.set(key, id);
  const entry = {};
  pageTypes.push(entry);
  const t = typeCache.get(name);
  for (const f of t.fields) {
    if (rule && !(f.name in rule) && f.name !== "apiVersion" && f.name !== "kind") continue;
    const doc = shortDoc(f.doc || (f.shape.kind === "type" ? typeCache.get(f.shape.type).doc : ""));
    const sub = rule ? rule[f.name] : null;
    const list = f.type.startsWith("Array<");
    const child = f.shape.kind === "type" ? pageType(f.shape.type, sub ?? null) : f.shape.kind === "map" ? "map" : null;
    // [doc, child type (or "map"), 1 when a list]
    entry[f.name] = list ? [doc, child, 1] : child !== null ? [doc, child] : [doc];
  }
  return id;
}
const pageKinds = {};
for (const [kind, model, file] of kinds) {
  if (kind === "List") continue;
  pageKinds[kind] = pageType(model, file ? readRule(file) : null);
}
const page = { version, source: `${pkg.name} ${pkg.version} (OpenAPI ${specLine})`, kinds: pageKinds, types: pageTypes };
const json = JSON.stringify(page) + "\n";

const outputs = [
  [join(root, "core/api/api_fields_data.inc"), inc],
  [join(root, "web/src/editor/api-fields.json"), json],
];
if (process.argv.includes("--check")) {
  const stale = outputs.filter(([file, text]) => {
    try {
      return readFileSync(file, "utf8") !== text;
    } catch {
      return true;
    }
  });
  for (const [file] of stale) console.error(`${file} is stale: run node scripts/gen-api-fields.mjs`);
  process.exit(stale.length ? 1 : 0);
}
for (const [file, text] of outputs) writeFileSync(file, text);
console.log(
  `Kubernetes ${version} (${pkg.name} ${pkg.version}): ${order.length} types, ${fieldRows.length} fields -> core/api/api_fields_data.inc; ` +
    `${pageTypes.length} page types, ${(json.length / 1024).toFixed(1)} KiB -> web/src/editor/api-fields.json`,
);
