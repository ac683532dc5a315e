// Variants A and B compared, differences first: the pods decided differently
// and the changes that flip them (differences.js), the objects that changed
// (object-changes.js), and which variant the panels below show.
import { h } from "../dom.js";
import { objectDocuments } from "../scenario.js";
import { renderDifferencesPanel, variantModel } from "./differences.js";
import { renderObjectChanges } from "./object-changes.js";

/** Creates the view; it keeps each run's parsed documents while that run is shown. */
export function createVariantDiffView() {
  let parsed = { run: null, documents: null };

  function documentsOf(run) {
    if (parsed.run !== run) parsed = { run, documents: { a: objectDocuments(run.variants.a), b: objectDocuments(run.variants.b) } };
    return parsed.documents;
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
    return renderDifferencesPanel(variantModel(diff), onFocusPod, [renderObjectChanges(diff.objects, documentsOf(run)), shownNote]);
  }

  return { render };
}
