// The objects that differ from variant A to B (the engine's list), each with
// its YAML lines as a person wrote them: the lines only A has, then those
// only B has, around the lines both keep. The engine decides what counts as a
// change; the lines only show where it is.
import { h, plural } from "./dom.js";

/** Longer documents show no line diff (the comparison is quadratic). */
const MAX_DIFF_LINES = 400;
/** Lines both sides keep shown around each change. */
const CONTEXT = 1;

// The document that holds an object the engine names {kind, namespace, name}
// (namespace "" for a cluster-scoped kind), or null.
function documentOf(documents, o) {
  return documents.find((d) => d.kind === o.kind && d.name === o.name && (o.namespace === "" || d.namespace === o.namespace)) ?? null;
}

/**
 * Returns the line diff of two texts: [{op: " " | "-" | "+", line}] by the
 * longest common subsequence of lines; null when either is too long.
 */
export function lineDiff(a, b) {
  const x = a.replace(/\n$/, "").split("\n");
  const y = b.replace(/\n$/, "").split("\n");
  if (x.length > MAX_DIFF_LINES || y.length > MAX_DIFF_LINES) return null;
  // common[i][j]: the longest common subsequence of x[i..] and y[j..].
  const common = Array.from({ length: x.length + 1 }, () => new Uint16Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      common[i][j] = x[i] === y[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      out.push({ op: " ", line: x[i++] });
      j++;
    } else if (j < y.length && (i === x.length || common[i][j + 1] > common[i + 1][j])) {
      out.push({ op: "+", line: y[j++] });
    } else {
      out.push({ op: "-", line: x[i++] });
    }
  }
  return out;
}

// The changed lines with CONTEXT lines around them; "…" where lines are left out.
function compact(lines) {
  const near = lines.map((_, k) => lines.slice(Math.max(0, k - CONTEXT), k + CONTEXT + 1).some((l) => l.op !== " "));
  const out = [];
  lines.forEach((l, k) => {
    if (near[k]) out.push(l);
    else if (out.length > 0 && out[out.length - 1].op !== "…") out.push({ op: "…", line: "" });
  });
  if (out.length > 0 && out[out.length - 1].op === "…") out.pop();
  return out;
}

function renderLines(lines) {
  return h(
    "pre",
    { class: "line-diff" },
    lines.map((l) =>
      h("span", { class: l.op === "+" ? "diff-add" : l.op === "-" ? "diff-del" : l.op === "…" ? "diff-gap" : "diff-same" }, l.op === "…" ? "…" : `${l.op} ${l.line}`),
    ),
  );
}

// The YAML lines of one change, or null when they cannot be shown.
function linesOf(o, documents) {
  const a = o.change === "added" ? "" : documentOf(documents.a, o)?.source;
  const b = o.change === "removed" ? "" : documentOf(documents.b, o)?.source;
  if (a === undefined || b === undefined || o.object.includes(" #")) return null;
  const lines = lineDiff(a, b);
  if (lines === null) return null;
  const changed = compact(lines);
  // Written alike: the engine reads a difference the text does not show (a key order, a quantity).
  return changed.length > 0 ? changed : null;
}

/**
 * Renders the list of object changes (VariantDiff.objects); documents {a,
 * b}: each variant's objectDocuments (scenario.js), for their lines, or null
 * when the variants are longer than maxText characters (no lines then).
 */
export function renderObjectChanges(objects, documents, maxText) {
  if (objects.length === 0) {
    return h("div", { class: "object-changes" }, h("h3", {}, "Objects"), h("p", { class: "same" }, "A and B hold the same objects, as the engine reads them."));
  }
  return h(
    "div",
    { class: "object-changes" },
    h("h3", {}, `What changed from A to B: ${plural(objects.length, "object")}`),
    h(
      "ul",
      { class: "object-change-list" },
      objects.map((o) => {
        const lines = documents ? linesOf(o, documents) : null;
        return h(
          "li",
          { class: "object-change", dataset: { object: o.object, change: o.change } },
          h("span", { class: "rule-name" }, o.object),
          " ",
          h("span", { class: `change-${o.change}` }, o.change),
          lines ? renderLines(lines) : null,
        );
      }),
    ),
    documents ? null : h("p", { class: "same" }, `The YAML lines are shown for variants of up to ${Math.round(maxText / 1024)} KiB each.`),
  );
}
