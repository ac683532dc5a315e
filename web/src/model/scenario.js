// The scenario as the editors hold it: one YAML text per tab, joined into the
// stream the engine reads. Splitting a pasted stream sorts its objects into
// tabs by kind; this is editor organisation, not scheduling.
import { parseAllDocuments, stringify } from "yaml";

export const TABS = [
  { id: "classes", label: "Classes", title: "PriorityClasses" },
  { id: "nodes", label: "Nodes", title: "Nodes" },
  { id: "running", label: "Running", title: "Running pods (with spec.nodeName)" },
  { id: "pending", label: "Pending", title: "Pending pods (to be scheduled)" },
  { id: "workloads", label: "Workloads", title: "Workloads (Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs, ReplicationControllers)" },
  { id: "pdbs", label: "PDBs", title: "PodDisruptionBudgets" },
  { id: "other", label: "Other", title: "Other objects (KubeSchedulerConfiguration, Namespaces, ...)" },
];
export const ALL = { id: "all", label: "All", title: "The whole stream: paste a kubectl dump here" };

/** Text larger than this (in UTF-16 units, about bytes) is read as the cluster, not into the editors. */
export const CLUSTER_TEXT_BYTES = 1024 * 1024;
/** A kubectl List larger than this is a dump too (the gallery's largest example is 3 KB). */
export const CLUSTER_LIST_BYTES = 16 * 1024;
/** The largest file the page reads; a larger dump goes through the command line. */
export const MAX_CLUSTER_BYTES = 1024 * 1024 * 1024;
/** What reads a dump of any size, for the messages that refuse one. */
export const CLI_COMMAND = "kubectl get priorityclasses,nodes,pods,pdb -A -o yaml | npx podsim run -";

/**
 * Returns whether pasted or dropped text is a cluster dump, for the engine to
 * read as the cluster, rather than a scenario for the editors: anything over
 * CLUSTER_TEXT_BYTES, or a kubectl List over CLUSTER_LIST_BYTES.
 */
export function isClusterDump(text) {
  if (text.length > CLUSTER_TEXT_BYTES) return true;
  if (text.length <= CLUSTER_LIST_BYTES) return false;
  // A List, or a typed list (NodeList, PodList, ...) as the API writes one.
  return /^kind:[ \t]*[A-Za-z]*List[ \t]*$/m.test(text) || /"kind"\s*:\s*"[A-Za-z]*List"/.test(text);
}

/**
 * Returns the objects a parsed value holds: a List's items, a typed list's
 * (NodeList, PodList, ...) with the kind and apiVersion they take from it
 * when they name none, or the value itself.
 */
export function listItems(value) {
  if (!Array.isArray(value?.items) || typeof value.kind !== "string" || !value.kind.endsWith("List")) return [value];
  if (value.kind === "List") return value.items;
  const kind = value.kind.slice(0, -"List".length);
  return value.items.map((item) =>
    item && typeof item === "object" && item.kind === undefined ? { apiVersion: value.apiVersion, kind, ...item } : item,
  );
}

/** The workload kinds whose controllers create pods on the simulated clock: they go in the Workloads tab. */
export const WORKLOAD_KINDS = ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "ReplicationController"];

function tabFor(object) {
  if (WORKLOAD_KINDS.includes(object?.kind)) return "workloads";
  switch (object?.kind) {
    case "PriorityClass":
      return "classes";
    case "Node":
      return "nodes";
    case "Pod":
      return object.spec?.nodeName ? "running" : "pending";
    case "PodDisruptionBudget":
      return "pdbs";
    default:
      return "other";
  }
}

function withNewline(text) {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * Sorts the documents of a YAML stream into tabs; a List's items each become
 * a document. Returns null when the stream has YAML errors (nothing moves).
 */
export function splitStream(text) {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  if (list.some((d) => d.errors.length > 0)) return null;
  const parts = Object.fromEntries(TABS.map((t) => [t.id, []]));
  let previousEnd = 0;
  for (const doc of list) {
    // The document's own text, comments and layout kept, without its "---".
    const source = text
      .slice(previousEnd, doc.range[2])
      .replace(/^\s*\n/, "")
      .replace(/^---[^\n]*\n/, "");
    previousEnd = doc.range[2];
    if (doc.contents === null) continue;
    const value = doc.toJS();
    const items = listItems(value);
    if (items.length === 1 && items[0] === value) {
      parts[tabFor(value)].push(source);
    } else {
      for (const item of items) parts[tabFor(item)].push(stringify(item));
    }
  }
  return Object.fromEntries(TABS.map((t) => [t.id, parts[t.id].map(withNewline).join("---\n")]));
}

/**
 * Joins the tabs into one stream. Returns the text and, per tab, the line the
 * tab's text starts on (1-based), so engine lines map back to editors.
 */
export function joinTabs(tabs) {
  let text = "";
  let line = 1;
  const starts = {};
  for (const { id } of TABS) {
    const part = tabs[id] ?? "";
    if (part.trim() === "") continue;
    if (text !== "") {
      text += "---\n";
      line += 1;
    }
    starts[id] = line;
    const body = withNewline(part);
    text += body;
    line += body.split("\n").length - 1;
  }
  return { text, starts };
}

/**
 * Returns the keys ("Node name", "Pod namespace/name") of the nodes and pods
 * in a YAML stream, a List's items included; documents with errors add none.
 */
export function objectKeys(text) {
  const keys = new Set();
  if (text.trim() === "") return keys;
  const docs = parseAllDocuments(text);
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length > 0 || doc.contents === null) continue;
    const value = doc.toJS();
    for (const object of listItems(value)) {
      const name = object?.metadata?.name;
      if (typeof name !== "string") continue;
      if (object.kind === "Node") keys.add(`Node ${name}`);
      if (object.kind === "Pod") keys.add(`Pod ${object.metadata.namespace || "default"}/${name}`);
    }
  }
  return keys;
}

/** Maps a line of the joined stream to {tab, line} in that tab's editor. */
export function locateLine(starts, tabs, line) {
  let best = null;
  for (const { id } of TABS) {
    if (starts[id] !== undefined && starts[id] <= line) best = id;
  }
  if (best === null) return { tab: ALL.id, line };
  const local = line - starts[best] + 1;
  const lines = withNewline(tabs[best]).split("\n").length - 1;
  return { tab: best, line: Math.min(Math.max(local, 1), Math.max(lines, 1)) };
}

/**
 * Returns the documents of a YAML stream as [{kind, namespace, name,
 * source}] (source: the document's own text), a List's items each as one;
 * documents with errors are left out. For showing an object's text, as the
 * variant diff names it.
 */
export function objectDocuments(text) {
  const found = [];
  if (text.trim() === "") return found;
  const docs = parseAllDocuments(text);
  let previousEnd = 0;
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const source = text.slice(previousEnd, doc.range[2]).replace(/^\s*\n/, "").replace(/^---[^\n]*\n/, "");
    previousEnd = doc.range[2];
    if (doc.errors.length > 0 || doc.contents === null) continue;
    const value = doc.toJS();
    const objects = listItems(value);
    const items = objects.length === 1 && objects[0] === value ? null : objects;
    for (const object of items ?? [value]) {
      const name = object?.metadata?.name;
      if (typeof object?.kind !== "string" || typeof name !== "string") continue;
      found.push({ kind: object.kind, namespace: object.metadata.namespace || "default", name, source: items ? stringify(object) : source });
    }
  }
  return found;
}
