// Variants A and B compared, differences first: the pods decided differently
// and the changes that flip them (differences.js), the objects that changed
// (object-changes.js), every pod's first decision in A and in B, and which
// variant the panels below show.
import { objectDocuments } from "../model/scenario.js";
import { h, plural, shortName } from "./dom.js";
import { decisionText, renderDifferencesPanel, variantModel } from "./differences.js";
import { renderObjectChanges } from "./object-changes.js";

/**
 * Variants longer than this (in characters) show no YAML lines: reading them
 * takes the page's thread (about 45 ms for 64 KiB, 10 s for a 2 MB dump).
 */
export const MAX_LINES_TEXT = 64 * 1024;

/** Pods listed side by side at most; the differing ones are always in the list above. */
const BOTH_ROWS = 50;

// Each pod's first attempt in a result, as a decision: pod -> {outcome, node, victims}.
function firstDecisions(result) {
  const first = new Map();
  for (const a of result.pods) {
    if (!first.has(a.pod)) first.set(a.pod, { outcome: a.outcome, node: a.node, victims: a.victims.map((v) => v.pod).sort() });
  }
  return first;
}

// The verdicts of both variants side by side: each pod's first decision in A and in B.
function renderBothVerdicts(diff, onFocusPod) {
  const [a, b] = diff.results.map(firstDecisions);
  const pods = [...new Set([...a.keys(), ...b.keys()])];
  const differs = new Set(diff.differences.map((d) => d.pod));
  const rows = pods.slice(0, BOTH_ROWS).map((pod) =>
    h(
      "tr",
      { class: differs.has(pod) ? "differs" : null, dataset: { pod } },
      h("th", { scope: "row" }, h("button", { type: "button", class: "link-button name", onclick: () => onFocusPod(pod) }, shortName(pod))),
      h("td", {}, decisionText(a.get(pod) ?? null)),
      h("td", {}, decisionText(b.get(pod) ?? null)),
    ),
  );
  return h(
    "details",
    { class: "both-verdicts", open: pods.length <= 10 },
    h("summary", {}, `Each pod's first decision in A and B (${plural(pods.length, "pod")})`),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Pod"), h("th", { scope: "col", class: "variant-a-colour variant-side" }, "A"), h("th", { scope: "col", class: "variant-b-colour variant-side" }, "B"))),
      h("tbody", {}, rows),
    ),
    pods.length > BOTH_ROWS ? h("p", { class: "same" }, `${plural(pods.length - BOTH_ROWS, "more pod")} not listed; those decided differently are all above.`) : null,
  );
}

/** Creates the view; it keeps each run's parsed documents while that run is shown. */
export function createVariantDiffView() {
  let parsed = { run: null, documents: null };

  // Each variant's documents, for their lines; null when they are too long to read here.
  function documentsOf(run) {
    if (parsed.run === run) return parsed.documents;
    const { a, b } = run.variants;
    const documents = a.length <= MAX_LINES_TEXT && b.length <= MAX_LINES_TEXT ? { a: objectDocuments(a), b: objectDocuments(b) } : null;
    parsed = { run, documents };
    return documents;
  }

  /**
   * Renders a VariantDiff of a run ({variants: {a, b}, editing}); a pod's
   * name focuses it (onFocusPod(pod)), onShowVariant(v) shows a variant.
   */
  function render(diff, run, onFocusPod, onShowVariant) {
    const shown = run.editing;
    const other = shown === "a" ? "b" : "a";
    const shownNote = h(
      "p",
      { class: "variant-shown" },
      "The panels below show ",
      h("span", { class: `variant-label variant-${shown}-colour` }, `variant ${shown.toUpperCase()}`),
      ". ",
      h("button", { type: "button", class: "link-button", onclick: () => onShowVariant(other) }, `Show variant ${other.toUpperCase()}`),
    );
    // Just forked: nothing differs yet, and the next step is an edit to B.
    const next =
      diff.objects.length > 0
        ? null
        : shown === "b"
          ? h("p", { class: "hint variant-next" }, "Edit B in the editors (they now hold B) to see what it changes.")
          : h("p", { class: "hint variant-next" }, "Show B and edit it to see what it changes.");
    return renderDifferencesPanel(variantModel(diff), onFocusPod, [
      next,
      renderObjectChanges(diff.objects, diff.objects.length > 0 ? documentsOf(run) : null, MAX_LINES_TEXT),
      renderBothVerdicts(diff, onFocusPod),
      shownNote,
    ]);
  }

  return { render };
}
