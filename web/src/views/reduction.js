// The minimal reproduction of a pod's decision: what the engine's reduction
// kept of the scenario (or of the cluster and the change), each object with
// why, the message before and after, and the actions that take the reduced
// scenario away (open it here, a link, a file, a Markdown report). Every
// object and reason is the engine's; this only lays them out.
import { h, plural, shortName } from "./dom.js";

// How the count sentence names a kind ("2 nodes", "1 priority class").
const KIND_WORDS = {
  Node: ["node", "nodes"],
  Pod: ["pod", "pods"],
  PriorityClass: ["priority class", "priority classes"],
  PodDisruptionBudget: ["PDB", "PDBs"],
  PersistentVolumeClaim: ["PersistentVolumeClaim", "PersistentVolumeClaims"],
};

function kindCount(n, kind) {
  const [one, many] = KIND_WORDS[kind] ?? [kind, kind.endsWith("s") ? `${kind}es` : `${kind}s`];
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

// A heading's kind in the plural: "Nodes", "PriorityClasses".
const kindHeading = (kind) => (kind.endsWith("s") ? `${kind}es` : `${kind}s`);

const seconds = (ms) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`);

function decisionText({ outcome, node, victims }) {
  if (outcome === "Scheduled") return ["scheduled on ", h("strong", {}, node)];
  if (outcome === "Nominated") {
    const evicting = victims.length ? `, evicting ${victims.map(shortName).join(", ")}` : "";
    return ["nominated to ", h("strong", {}, node), evicting];
  }
  return "cannot be scheduled";
}

// Why the reduction kept an object, as it saw it at the step that tried
// without it (over more objects than the result holds): "without it, the
// message becomes …" -> "needed: when tried without it (during the
// reduction), the message became …".
function neededText(why) {
  const seen = why.replace(/^without it, /, "").replace(/^the message becomes /, "the message became ");
  return `needed: when tried without it (during the reduction), ${seen}`;
}

const keyOf = (o) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name}`;

// One kept object: its name (a link to its YAML when the editors hold it),
// what it is to the decision and, when the reduction tried without it, what changed.
function keptItem(o, inEditors) {
  const key = keyOf(o);
  // A KubeSchedulerConfiguration has no name.
  const name = o.namespace ? shortName(`${o.namespace}/${o.name}`) : o.name || "the scheduler's configuration";
  const linked = inEditors(key);
  const split = o.reason.indexOf("; needed: ");
  const what = split < 0 ? o.reason : o.reason.slice(0, split);
  const needed = split < 0 ? null : neededText(o.reason.slice(split + "; needed: ".length));
  return h(
    "li",
    {},
    h(
      "span",
      linked
        ? { class: "object-name object-link", tabindex: "0", title: "Show it in the editors", dataset: { object: key } }
        : { class: "object-name", dataset: { object: key } },
      name,
    ),
    o.change ? [" ", h("span", { class: "badge badge-change", title: "It comes from your change, laid over the cluster" }, "your change")] : null,
    ": ",
    h("span", { class: "kept-why" }, what),
    needed ? h("span", { class: "kept-needed" }, needed) : null,
  );
}

// The kept objects grouped by kind, in the order the counts list the kinds.
function keptGroups(reduction, inEditors) {
  const kinds = [...new Set([...reduction.counts.map((c) => c.kind), ...reduction.kept.map((o) => o.kind)])];
  return kinds
    .map((kind) => ({ kind, objects: reduction.kept.filter((o) => o.kind === kind) }))
    .filter((g) => g.objects.length > 0)
    .map((g) => [h("h3", {}, `${kindHeading(g.kind)} (${g.objects.length})`), h("ul", { class: "kept-objects" }, g.objects.map((o) => keptItem(o, inEditors)))]);
}

function counts(reduction) {
  const from = reduction.counts.map((c) => kindCount(c.total, c.kind)).join(", ");
  const to = reduction.counts.map((c) => kindCount(c.kept, c.kind)).join(", ");
  return h("p", { class: "reduction-counts" }, `From ${from} to `, h("strong", {}, to), ".");
}

function runs(reduction, elapsedMs) {
  const capped = reduction.capped
    ? h(
        "p",
        { class: "warning" },
        `It stopped at its limit of ${reduction.limit} simulations: the reduced scenario gives the same decision, but may hold objects it does not need.`,
      )
    : null;
  return [h("p", { class: "hint" }, `${plural(reduction.runs, "simulation")}, each confirming a step, in ${seconds(elapsedMs)}.`), capped];
}

// A reduced scenario that decides alike only from the input's clock start.
function startNote(reduction) {
  if (!reduction.startNeeded) return null;
  const at = new Date(reduction.startMs).toISOString().replace(".000Z", "Z");
  return h(
    "p",
    { class: "warning" },
    `It decides alike only with the clock starting at ${at}, the start of the whole input's run. On its own (opened here, or from its link) ` +
      "the clock starts at the latest time on the objects it kept, and the decision may differ: run it with ",
    h("code", {}, `podsim run --start-time ${at}`),
    " to see exactly the reduction's runs.",
  );
}

function messages(reduction) {
  return h(
    "dl",
    { class: "reduction-messages" },
    h("dt", {}, "Message over the whole input"),
    h("dd", {}, h("q", { class: "message" }, reduction.message)),
    h("dt", {}, "Over the reduced scenario"),
    h("dd", {}, h("q", { class: "message" }, reduction.reducedMessage)),
  );
}

// Asked from a later attempt: what it reduces is the pod's first one.
function laterAttempt({ pod, fromAttempt }) {
  if (!(fromAttempt > 1)) return null;
  return h(
    "p",
    { class: "warning reduction-attempt" },
    `This reproduces ${shortName(pod)}'s attempt 1, its first scheduling decision, not attempt ${fromAttempt} you asked from: a reduction keeps the first decision the same.`,
  );
}

function actions({ onOpen, onCopyLink, onDownload, onCopyMarkdown }, fileName) {
  return h(
    "div",
    { class: "reduction-actions" },
    h("button", { type: "button", class: "reduction-open", title: "Replace the editors' scenario with the reduced one (undoable)", onclick: onOpen }, "Open it"),
    h("button", { type: "button", class: "reduction-link", title: "Copy a link to the reduced scenario alone", onclick: onCopyLink }, "Copy share link"),
    h("button", { type: "button", class: "reduction-download", title: `Download the reduced scenario as ${fileName}`, onclick: onDownload }, "Download"),
    h("button", { type: "button", class: "reduction-markdown", title: "Copy an issue-ready Markdown report of the reduction", onclick: onCopyMarkdown }, "Copy as Markdown"),
  );
}

/**
 * Renders the reduction panel, or null without one. data: {pod, over (the
 * cluster's name, or null), withChange (the editors laid a change over it), running, elapsedMs, reduction (a Reduction, or
 * null while running or when the engine failed), error (the worker's, or
 * ""), fileName, note (what the last action said, or "")}; inEditors(key)
 * says whether the editors hold "Kind namespace/name"; handlers: onOpen,
 * onCopyLink, onDownload, onCopyMarkdown, onClose.
 */
export function renderReduction(data, inEditors, handlers) {
  if (!data) return null;
  const what = data.over ? [h("span", { class: "file-name" }, data.over), data.withChange ? " with your change" : ""] : "the editors' scenario";
  const head = h(
    "div",
    { class: "panel-head" },
    h("h2", { id: "reduction-title", tabindex: "-1" }, "Minimal reproduction for ", h("span", { class: "pod-ref" }, shortName(data.pod))),
    h("button", { type: "button", class: "link-button reduction-close", "aria-label": "Close the minimal reproduction", onclick: handlers.onClose }, "Close"),
  );
  const section = (...children) =>
    h("section", { class: "panel reduction-panel", id: "reduction-panel", "aria-label": "Minimal reproduction", "aria-busy": data.running ? "true" : "false" }, head, ...children);
  if (data.running) {
    return section(
      h("p", { class: "reduction-busy" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Reducing ", what, ": removing objects and re-simulating to confirm each step…"),
    );
  }
  const r = data.reduction;
  const failed = data.error || r?.error;
  if (failed) {
    return section(h("p", { class: "reduction-error", role: "alert" }, `No reduction for ${data.pod}: ${failed}`));
  }
  return section(
    h("p", { class: "hint" }, "The smallest part of ", what, " that gives its first attempt the same decision, every step re-simulated; nothing renamed or edited."),
    laterAttempt(data),
    h("p", { class: "reduction-decision" }, h("span", { class: "pod-ref" }, shortName(r.pod)), " → ", decisionText(r.decision)),
    counts(r),
    runs(r, data.elapsedMs),
    startNote(r),
    messages(r),
    actions(handlers, data.fileName),
    data.note ? h("p", { class: `hint reduction-note${data.noteWarning ? " warning" : ""}`, role: "status" }, data.note) : null,
    keptGroups(r, inEditors),
  );
}
