// Variants A and B of the scenario: "Fork into B" copies the scenario into a
// second variant, the A|B switch chooses which one the editors (and the
// result's detail panels) show, and each run diffs the two (app/runs.js).
// The editors hold the variant shown; the other waits as the editors' saved
// state (scenario-editors.js saveEditors). Removing B can be undone. The bar
// says what the last run of both found (render() after each run).
import { $, h, mount, plural } from "../views/dom.js";
import { hideBanner, showBanner } from "../views/status.js";

export const VARIANTS = ["a", "b"];
const NAME = { a: "A", b: "B" };

/**
 * Creates the variants over the editors (scenario-editors.js), the focus
 * (model/focus.js), the profiles (profiles.js: Compare) and the cluster mode
 * (cluster-mode.js); onChange() runs after B is forked, removed or shown (the
 * page runs again), variantDiff() returns the shown result's VariantDiff.
 */
export function createVariants(mode, { scenario, focus, profiles, clusterMode }, { onChange, variantDiff }) {
  // {editing: "a" | "b", other: the editors' saved state of the variant not
  // shown}: with a variant B; null without.
  let variants = null;

  /** Returns variant v's text ("a" or "b"); null for "b" without one. */
  function textOf(v) {
    if (!variants) return v === "a" ? scenario.scenarioText() : null;
    return variants.editing === v ? scenario.scenarioText() : scenario.textOfStash(variants.other);
  }

  // Why B cannot be forked now, or "" when it can.
  function forkRefusal() {
    if (clusterMode.isOpen()) return "Variants compare two scenarios; over a loaded cluster the editors hold a change to it, which has no variant B yet. Close the cluster to fork.";
    if (profiles.compare()) return "Compare runs two profiles; turn it off to compare two variants of the scenario.";
    return "";
  }

  /** Copies the scenario into variant B and shows B. */
  function fork() {
    if (variants || forkRefusal() || mode.readOnly) return;
    hideBanner();
    variants = { editing: "b", other: scenario.saveEditors() };
    render();
    onChange();
    $("variant-b")?.focus();
  }
  $("fork").addEventListener("click", fork);

  /** Shows variant v in the editors and the detail panels. */
  function show(v) {
    if (!variants || variants.editing === v) return;
    const current = scenario.saveEditors();
    // The lesson belongs to the scenario, not to one variant; the part shown
    // stays, to compare it across the variants.
    const other = variants.other;
    const active = other.source === current.source ? current.active : other.active;
    scenario.restoreEditors({ ...other, active, lesson: current.lesson });
    variants = { editing: v, other: current };
    focus.clear();
    render();
    onChange();
  }

  /** Removes variant B (undoably, from the banner); the editors show A. */
  function remove() {
    if (!variants) return;
    show("a");
    const removed = variants.other;
    variants = null;
    render();
    onChange();
    showBanner("Removed variant B.", [
      {
        label: "Undo",
        run: () => {
          if (variants) return;
          variants = { editing: "a", other: removed };
          render();
          onChange();
        },
      },
    ]);
  }

  /** Sets variant B to text (null: no B) with A shown, as a scenario is loaded (session.js). */
  function setB(text) {
    variants = text === null ? null : { editing: "a", other: scenario.stashOf(text) };
    render();
  }

  /** Returns the variants as they are, for restore(). */
  function save() {
    return variants && { ...variants };
  }

  /** Puts back saved variants (save()); the editors are restored after. */
  function restore(saved) {
    variants = saved ? { ...saved } : null;
    render();
  }

  // The switch: one button per variant, the shown one pressed.
  function switchButton(v) {
    const shown = variants.editing === v;
    return h(
      "button",
      {
        type: "button",
        id: `variant-${v}`,
        class: `variant-button variant-${v}-colour`,
        "aria-pressed": String(shown),
        title: `${mode.readOnly ? "Show" : "Edit"} variant ${NAME[v]}`,
        onclick: () => show(v),
      },
      NAME[v],
    );
  }

  /**
   * Draws the variants bar (the A|B switch and Remove B) and the Compare
   * menu's Fork into B. The keyboard stays on the control it was on (or,
   * when that one went, on the bar's first control, or the Compare menu).
   */
  function render() {
    const focused = $("variants").contains(document.activeElement) ? document.activeElement.id : null;
    draw();
    if (focused) ($(focused) ?? $("variants").querySelector("button:not(:disabled)") ?? $("compare-button"))?.focus();
  }

  // Fork into B, in the Compare menu: there without a B, and saying why when it waits.
  function drawFork() {
    const fork = $("fork");
    fork.hidden = mode.readOnly || Boolean(variants);
    const refusal = variants ? "" : forkRefusal();
    fork.disabled = Boolean(refusal);
    fork.title = refusal || "Copy this scenario into variant B, edit either, and see where their results differ";
  }

  function draw() {
    document.body.dataset.variant = variants ? variants.editing : "";
    $("compare").disabled = Boolean(variants);
    $("compare").title = variants ? "Remove variant B to compare profiles" : "Run both profiles and mark where they differ";
    drawFork();
    if (variants && clusterMode.isOpen()) {
      // The editors hold a change to the cluster; B comes back with the scenario.
      mount($("variants"), h("span", { class: "variant-aside" }, "Variant B is kept aside while a cluster is open: close the cluster to compare A and B."));
      return;
    }
    if (!variants) {
      mount($("variants"));
      return;
    }
    const editing = NAME[variants.editing];
    mount(
      $("variants"),
      h("div", { class: "variant-switch", role: "group", "aria-label": "Variant" }, VARIANTS.map(switchButton)),
      h("span", { class: `variant-label variant-${variants.editing}-colour`, id: "variant-label" }, `${mode.readOnly ? "Showing" : "Editing"} variant ${editing}`),
      mode.readOnly ? null : h("button", { type: "button", id: "remove-b", title: "Remove variant B (Undo brings it back)", onclick: remove }, "Remove B"),
      summary(),
    );
  }

  // What the last run of A and B found, beside the editors (the differences
  // panel may be far below, on a phone): a button that goes there.
  function summary() {
    const diff = variantDiff();
    if (!diff) return null;
    const n = diff.differences.length;
    if (n === 0) return h("p", { class: "variant-summary", id: "variant-summary" }, "A and B decide every pod alike.");
    return h(
      "p",
      { class: "variant-summary", id: "variant-summary" },
      h("button", { type: "button", class: "link-button", id: "variant-summary-link", onclick: showDifferences }, `${plural(n, "pod")} decided differently — see the differences`),
    );
  }

  function showDifferences() {
    $("differences").scrollIntoView({ block: "start" });
    $("differences").querySelector(".difference-pod")?.focus({ preventScroll: true });
  }

  return {
    /** Returns the variant the editors hold, "a" or "b" (null: no variant B). */
    editing: () => variants?.editing ?? null,
    /** Returns {a, b}, the texts of both variants (null: no variant B). */
    texts: () => (variants ? { a: textOf("a"), b: textOf("b") } : null),
    textOf,
    fork,
    show,
    remove,
    setB,
    save,
    restore,
    render,
  };
}
