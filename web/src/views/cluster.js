// The cluster read from a dump: the progress while the engine reads it, then
// what it holds (nodes, pods by namespace and by class, PDBs, the problems
// found) and a search over its objects, each stripped to what the scheduler
// reads.
import { h } from "./dom.js";

export const OBJECT_PAGE = 20;
const TOP_NAMESPACES = 6;
const SHOWN_PROBLEMS = 5;
const SHOWN_LABELS = 4;

const count = (n) => n.toLocaleString("en");
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** "16.1 MiB" */
export function sizeText(bytes) {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

function cores(millis) {
  const value = millis / 1000;
  return value.toLocaleString("en", { maximumFractionDigits: value < 10 ? 2 : 0 });
}

function memory(bytes) {
  const gi = bytes / 1024 ** 3;
  if (gi >= 1024) return `${(gi / 1024).toLocaleString("en", { maximumFractionDigits: 1 })} TiB`;
  if (gi >= 1) return `${gi.toLocaleString("en", { maximumFractionDigits: 1 })} GiB`;
  return `${Math.round(bytes / 1024 ** 2)} MiB`;
}

function millicores(millis) {
  return millis % 1000 === 0 ? `${millis / 1000}` : `${millis}m`;
}

function percent(part, whole) {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

function bar(fraction) {
  return h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: { width: `${Math.min(100, Math.max(0, fraction * 100)).toFixed(1)}%` } }));
}

// A resource requested of what the nodes allocate: with nothing allocatable
// there is no share to give, and the detail says why.
function share(label, requested, allocatable, amount, nodes) {
  if (allocatable > 0) return stat(label, `${percent(requested, allocatable)}%`, `${amount(requested)} of ${amount(allocatable)}`);
  const why = nodes === 0 ? "no Nodes to allocate it" : "the Nodes allocate none";
  return stat(label, "–", requested > 0 ? `${amount(requested)} requested; ${why}` : why);
}

function stat(label, value, detail) {
  return h("div", { class: "stat" }, h("span", { class: "stat-label" }, label), h("strong", { class: "stat-value" }, value), detail ? h("span", { class: "stat-detail" }, detail) : null);
}

/** The panel while the engine reads the dump: a progress bar and Cancel. */
export function renderLoading({ name, bytes, read, objects }, onCancel) {
  return h(
    "div",
    { class: "panel cluster-loading" },
    h(
      "div",
      { class: "panel-head" },
      h("h2", {}, "Reading the cluster: ", h("span", { class: "file-name" }, name)),
      h("button", { type: "button", onclick: onCancel }, "Cancel"),
    ),
    h("progress", { id: "cluster-progress", max: String(bytes), value: String(Math.min(read, bytes)), "aria-label": "Bytes read" }),
    h("p", { id: "cluster-progress-text", class: "hint" }, progressText({ bytes, read, objects })),
  );
}

export function progressText({ bytes, read, objects }) {
  const [unit, scale] = bytes >= 1024 ** 3 ? ["GiB", 1024 ** 3] : bytes >= 1024 ** 2 ? ["MiB", 1024 ** 2] : ["KiB", 1024];
  const done = (Math.min(read, bytes) / scale).toFixed(unit === "GiB" ? 2 : 1);
  return `${done} of ${(bytes / scale).toFixed(unit === "GiB" ? 2 : 1)} ${unit} read · ${count(objects)} objects so far. The engine reads it in its own thread: the page stays usable.`;
}

function namespaces(summary) {
  const list = [...summary.podsByNamespace].sort((a, b) => b.pods - a.pods || a.namespace.localeCompare(b.namespace));
  const most = list[0]?.pods ?? 1;
  const row = (n) => h("li", {}, h("span", { class: "ns-name" }, n.namespace), bar(n.pods / most), h("span", { class: "num" }, count(n.pods)));
  return h(
    "div",
    { class: "cluster-block" },
    h("h3", {}, `Pods by namespace (${list.length})`),
    h("ul", { class: "ns-list" }, list.slice(0, TOP_NAMESPACES).map(row)),
    list.length > TOP_NAMESPACES
      ? h("details", {}, h("summary", {}, `${list.length - TOP_NAMESPACES} more namespaces`), h("ul", { class: "ns-list" }, list.slice(TOP_NAMESPACES).map(row)))
      : null,
  );
}

function classes(summary) {
  const list = [...summary.priorityClasses].sort((a, b) => b.value - a.value);
  return h(
    "div",
    {},
    h("h3", {}, `Pods by priority class (${list.length}; ${plural(summary.pods.total, "pod")})`),
    h(
      "table",
      { class: "classes" },
      h("thead", {}, h("tr", {}, h("th", {}, "Class"), h("th", { class: "num" }, "Value"), h("th", { class: "num" }, "Pods"))),
      h(
        "tbody",
        {},
        list.map((c) =>
          h(
            "tr",
            {},
            h(
              "td",
              {},
              c.name,
              c.globalDefault ? h("span", { class: "badge", title: "globalDefault: pods without a class get this one" }, "default") : null,
              c.preemptionPolicy === "Never" ? h("span", { class: "badge", title: "preemptionPolicy: Never" }, "never preempts") : null,
            ),
            h("td", { class: "num" }, count(c.value)),
            h("td", { class: "num" }, count(c.pods)),
          ),
        ),
        (summary.podsOfMissingClasses ?? []).map((c) =>
          h(
            "tr",
            { class: "missing-class" },
            h("td", {}, c.name, h("span", { class: "badge", title: "Pods name this class; the dump holds no PriorityClass of that name: their priority is spec.priority as written" }, "not in the dump")),
            h("td", { class: "num" }, ""),
            h("td", { class: "num" }, count(c.pods)),
          ),
        ),
        summary.podsWithoutClass > 0
          ? h("tr", { class: "muted" }, h("td", {}, "no class"), h("td", { class: "num" }, ""), h("td", { class: "num" }, count(summary.podsWithoutClass)))
          : null,
      ),
    ),
  );
}

// Where a line is: "line 12", or "pods/default.json:12" in a cluster read
// from several files (the file alone when the line is not known).
function lineOf(line, source) {
  if (source) return line > 0 ? `${source}:${count(line)}` : source;
  return line > 0 ? `line ${count(line)}` : "";
}

function problem(d) {
  const at = lineOf(d.line, d.source);
  const what = [d.object, d.path].filter(Boolean).join(" · ") || (d.source ? "" : "input");
  return h(
    "li",
    { class: `diagnostic-line ${d.severity}` },
    h("span", { class: "severity" }, d.severity),
    " ",
    h("span", { class: "where" }, [what, at].filter(Boolean).join(" · ")),
    " ",
    h("span", { class: "text" }, d.message),
  );
}

// What the dump lacks for a run to mean anything, each with its fix.
function gaps(summary) {
  const out = [];
  if (summary.nodes === 0) {
    out.push(
      h(
        "li",
        { class: "diagnostic-line error cluster-gap" },
        h("span", { class: "severity" }, "error"),
        " ",
        h("span", { class: "text" }, `The dump has no Nodes: ${summary.pods.total > 0 ? "its pods have nowhere to run, and every pending pod is unschedulable" : "nothing can be scheduled"}. Add them with Add files… (`, h("code", {}, "kubectl get nodes -o yaml > nodes.yaml"), "), or dump them with the pods: ", h("code", {}, "kubectl get priorityclasses,nodes,pods,pdb -A -o yaml"), "."),
      ),
    );
  }
  return out.length > 0 ? h("ul", { class: "problem-list cluster-gaps" }, out) : null;
}

function problems(summary) {
  const list = summary.diagnostics;
  if (summary.diagnosticCount === 0) return [gaps(summary), summary.nodes === 0 ? null : h("p", { class: "hint" }, "The engine read every object without a problem.")];
  const listed = list.length < summary.diagnosticCount ? ` (the first ${count(list.length)} are listed)` : "";
  return h(
    "div",
    { class: "cluster-problems" },
    gaps(summary),
    h("p", {}, `${plural(summary.diagnosticCount, "problem")} while reading${listed}:`),
    h("ul", { class: "problem-list" }, list.slice(0, SHOWN_PROBLEMS).map(problem)),
    list.length > SHOWN_PROBLEMS
      ? h("details", {}, h("summary", {}, `${count(list.length - SHOWN_PROBLEMS)} more`), h("ul", { class: "problem-list" }, list.slice(SHOWN_PROBLEMS).map(problem)))
      : null,
  );
}

/**
 * What the last run found of the cluster's own objects (a pod bound to a
 * node the dump lacks): the Cluster panel's problems, not the editors'. One
 * entry per root cause (cause), with how many objects it touches. null when
 * none.
 */
export function renderRunProblems(diagnostics = []) {
  if (diagnostics.length === 0) return null;
  const causes = new Map();
  for (const d of diagnostics) {
    const key = d.cause || `${d.severity} ${d.message}`;
    if (causes.has(key)) causes.get(key).more += 1;
    else causes.set(key, { first: d, more: 0 });
  }
  const entry = ({ first, more }) => {
    const li = problem(first);
    if (more > 0) li.append(h("span", { class: "muted" }, ` (and ${plural(more, "more object")} alike)`));
    return li;
  };
  const list = [...causes.values()];
  return h(
    "div",
    { class: "cluster-problems run-problems" },
    h("p", {}, `${plural(list.length, "problem")} the run found in the cluster's objects (your change is not the cause):`),
    h("ul", { class: "problem-list" }, list.slice(0, SHOWN_PROBLEMS).map(entry)),
    list.length > SHOWN_PROBLEMS ? h("details", {}, h("summary", {}, `${count(list.length - SHOWN_PROBLEMS)} more`), h("ul", { class: "problem-list" }, list.slice(SHOWN_PROBLEMS).map(entry))) : null,
  );
}

function pdbs(summary) {
  if (summary.pdbs.length === 0) return null;
  return h(
    "details",
    { class: "cluster-pdbs" },
    h("summary", {}, `${plural(summary.pdbs.length, "PodDisruptionBudget")}`),
    h("ul", { class: "pdb-list" }, summary.pdbs.map((p) => h("li", {}, p.pdb, h("span", { class: "muted" }, ` ${lineOf(p.line, p.source)}`)))),
  );
}

// The search box; the results go in #cluster-objects (renderObjects).
function searchBlock(query, onSearch) {
  let timer = null;
  return h(
    "div",
    { class: "cluster-block cluster-search" },
    h("h3", {}, "Objects"),
    h("input", {
      type: "search",
      id: "cluster-search",
      value: query,
      placeholder: "Kind, namespace/name or label",
      title: "Finds the objects whose kind, namespace/name or labels contain this text (case-sensitive)",
      "aria-label": "Search the cluster's objects",
      autocomplete: "off",
      spellcheck: "false",
      oninput: (e) => {
        clearTimeout(timer);
        const value = e.currentTarget.value;
        timer = setTimeout(() => onSearch(value), 200);
      },
    }),
    h("div", { id: "cluster-objects" }),
  );
}

// The files a cluster was read from, when several, each with its size.
function filesBlock(files) {
  if (!files || files.length < 2) return null;
  const size = (f) => (typeof f.file === "string" ? f.file.length : f.file.size);
  return h(
    "details",
    { class: "cluster-files" },
    h("summary", {}, `Read from ${plural(files.length, "file")}`),
    h("ul", { class: "file-list" }, files.map((f) => h("li", {}, h("span", { class: "file-name" }, f.name), h("span", { class: "muted" }, ` ${sizeText(size(f))}`)))),
  );
}

// Adds files to the cluster: a button and its file input.
function addButton(onAdd) {
  if (!onAdd) return null;
  const input = h("input", {
    type: "file",
    multiple: true,
    hidden: true,
    id: "cluster-add-file",
    accept: ".yaml,.yml,.json,application/yaml,application/json",
    onchange: (e) => {
      const chosen = [...(e.currentTarget.files ?? [])];
      e.currentTarget.value = "";
      if (chosen.length) onAdd(chosen);
    },
  });
  return [
    input,
    h(
      "button",
      {
        type: "button",
        class: "add-files",
        title: "Read more files into this cluster: more namespaces' pods, its PriorityClasses or PDBs",
        onclick: (e) => (e.preventDefault(), input.click()),
      },
      "Add files…",
    ),
  ];
}

/**
 * The loaded cluster: {name, bytes, summary, files}. actions: onRemove(),
 * onAdd(files) with the Files chosen to add, and onSearch(query) as the
 * search box changes; the results go in the #cluster-objects element
 * (renderObjects). inLink: share links carry it.
 */
export function renderCluster({ name, bytes, summary, files = null }, { onRemove, onAdd = null, onSearch, query = "", open = true, onToggle, inLink = false }) {
  const { nodes, pods, requested, allocatable } = summary;
  const warnings = summary.warnings ?? summary.diagnosticCount - summary.errors;
  const notes = summary.diagnosticCount - summary.errors - warnings;
  // A dump without Nodes is one more error, the panel's own (gaps).
  const errors = summary.errors + (nodes === 0 ? 1 : 0);
  return h(
    "details",
    { class: "panel cluster-panel", open, ontoggle: (e) => onToggle?.(e.currentTarget.open) },
    h(
      "summary",
      { class: "cluster-head" },
      h("h2", {}, "Cluster"),
      h("span", { class: "file-name", title: name }, name),
      h("span", { class: "muted" }, `${sizeText(bytes)} · ${count(nodes)} nodes · ${count(pods.total)} pods`),
      addButton(onAdd),
      h("button", { type: "button", class: "remove", onclick: (e) => (e.preventDefault(), onRemove()) }, "Remove cluster"),
    ),
    h(
      "div",
      { class: "stats" },
      stat("Nodes", count(nodes)),
      stat("Pods", count(pods.total), `${count(pods.bound)} bound · ${count(pods.pending)} pending`),
      share("CPU requested", requested.cpuMillis, allocatable.cpuMillis, (m) => `${cores(m)} cores`, nodes),
      share("Memory requested", requested.memoryBytes, allocatable.memoryBytes, memory, nodes),
      stat("PDBs", count(summary.pdbs.length)),
      stat(
        "Problems",
        count(errors + warnings),
        errors + warnings ? `${plural(errors, "error")} · ${plural(warnings, "warning")}${notes ? ` · ${plural(notes, "note")}` : ""}` : notes ? plural(notes, "note") : "none",
      ),
    ),
    h(
      "div",
      { class: "cluster-grid" },
      namespaces(summary),
      h("div", { class: "cluster-block" }, classes(summary), problems(summary), h("div", { id: "cluster-run-problems" }), pdbs(summary), filesBlock(files)),
      searchBlock(query, onSearch),
    ),
    h(
      "p",
      { class: "hint cluster-note" },
      "Each run lays your change, the editors' objects, over this cluster (one of the same kind and name replaces the cluster's) and schedules its pending pods too. " +
        (inLink
          ? "The cluster is small enough for a link: share links and the address bar hold it with your change (the saved session holds only the editors' text)."
          : "The cluster stays in this tab: share links and the saved session hold only the editors' text."),
    ),
  );
}

function fields(object) {
  const out = [];
  const pod = object.kind === "Pod";
  if (pod) out.push(object.node ? ["node", object.node] : ["node", "none (pending)"]);
  for (const [key, value] of Object.entries(object)) {
    if (["kind", "name", "namespace", "line", "source", "labels", "node"].includes(key)) continue;
    if (value === false || value === "" || value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (key === "cpuMillis") out.push([pod ? "cpu request" : "cpu", millicores(value)]);
    else if (key === "memoryBytes") out.push([pod ? "memory request" : "memory", memory(value)]);
    else if (key === "priorityClassName") out.push(["class", value]);
    else if (value === true) out.push([key, "yes"]);
    else if (Array.isArray(value)) out.push([key, value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ")]);
    else if (typeof value === "object") out.push([key, JSON.stringify(value)]);
    else out.push([key, String(value)]);
  }
  return out;
}

const label = ([k, v]) => h("code", { class: "label" }, v === "" ? k : `${k}=${v}`);

function objectCard(object) {
  const labels = Object.entries(object.labels ?? {});
  return h(
    "li",
    { class: "cluster-object" },
    h(
      "div",
      { class: "object-head" },
      h("span", { class: `badge kind kind-${object.kind}` }, object.kind),
      h("strong", { class: "object-name" }, object.namespace ? `${object.namespace}/${object.name}` : object.name),
      h("span", { class: "muted line" }, lineOf(object.line, object.source)),
    ),
    h(
      "dl",
      { class: "object-fields" },
      fields(object).map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v))),
    ),
    labels.length > SHOWN_LABELS
      ? h("details", { class: "labels-more" }, h("summary", {}, h("span", { class: "labels" }, labels.slice(0, SHOWN_LABELS).map(label)), ` +${labels.length - SHOWN_LABELS} labels`), h("p", { class: "labels" }, labels.slice(SHOWN_LABELS).map(label)))
      : labels.length
        ? h("p", { class: "labels" }, labels.map(label))
        : null,
  );
}

/** One page of search results: {total, objects}, with Previous and Next. */
export function renderObjects(page, { query, offset }, onPage) {
  if (!page) return h("p", { class: "hint" }, "Searching…");
  if (page.error) return h("p", { class: "hint warning" }, `The search failed: ${page.error}`);
  if (page.total === 0) return h("p", { class: "hint" }, query ? `No object's kind, name or labels contain "${query}".` : "The cluster holds no objects.");
  const last = Math.min(offset + page.objects.length, page.total);
  return [
    h(
      "div",
      { class: "pager" },
      h("span", {}, `${count(offset + 1)}–${count(last)} of ${count(page.total)}${query ? ` matching "${query}"` : ""}`),
      h("button", { type: "button", disabled: offset === 0, onclick: () => onPage(Math.max(0, offset - OBJECT_PAGE)) }, "‹ Previous"),
      h("button", { type: "button", disabled: last >= page.total, onclick: () => onPage(offset + OBJECT_PAGE) }, "Next ›"),
    ),
    h("ol", { class: "object-list" }, page.objects.map(objectCard)),
  ];
}
