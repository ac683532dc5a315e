// The tie-break chain of the focused attempt: every criterion, what each
// candidate has under it (in words core wrote), which nodes survived it and
// the one that won.
import { h } from "./dom.js";

const MAX_COLUMNS = 12;

// The panel's heading; in compare mode it names the profile shown.
function heading(profileLabel) {
  return h("h2", {}, "Choosing a node", profileLabel ? [" ", h("span", { class: "badge badge-profile", title: "The profile these details are from" }, profileLabel)] : null);
}

// A candidate's cell: its value under the criterion, ✓ when it is among the
// best, and "wins" on the one the criterion leaves alone.
function cell(step, n) {
  const shown = n in step.display;
  const kept = step.kept.includes(n);
  if (!shown && !kept) return h("td", { class: "out", title: "not in the running" }, "–");
  const wins = step.winner === n;
  return h(
    "td",
    { class: kept ? "kept" : "dropped", title: wins ? "the best: wins" : kept ? "the best: kept" : "dropped here", dataset: wins ? { winner: "" } : {} },
    kept ? h("span", { class: "mark", "aria-hidden": "true" }, "✓ ") : null,
    shown ? step.display[n] : "kept",
    wins ? [" ", h("span", { class: "badge badge-chosen" }, "wins")] : null,
  );
}

/** Renders the node selection; options.profileLabel names the profile in compare mode. */
export function renderSelection(attempt, { profileLabel = null } = {}) {
  if (!attempt) return null;
  const candidates = attempt.preemption?.candidates ?? [];
  if (candidates.length === 0) return null;
  if (attempt.selection.length === 0) {
    return h(
      "section",
      { class: "panel", "aria-label": "Node selection" },
      heading(profileLabel),
      h("p", {}, candidates.length === 1 ? `Only ${candidates[0].node} is a candidate: no tie-break needed.` : ""),
    );
  }
  // The candidates that survived longest first; a large cluster can have
  // hundreds, so the table shows the leading ones.
  const survived = (n) => attempt.selection.filter((s) => s.kept.includes(n)).length;
  const first = attempt.selection[0];
  const all = Object.keys(first.display).length > 0 ? Object.keys(first.display) : candidates.map((c) => c.node);
  const nodes =
    all.length <= MAX_COLUMNS ? all : [...all].sort((a, b) => survived(b) - survived(a)).slice(0, MAX_COLUMNS);
  const row = (step) => h("tr", {}, h("th", { scope: "row", title: step.note || null }, step.criterion), nodes.map((n) => cell(step, n)));
  return h(
    "section",
    { class: "panel", "aria-label": "Node selection" },
    heading(profileLabel),
    h("p", { class: "hint" }, "Each criterion keeps the candidates with the best value (✓); the first that leaves one node decides: that node wins."),
    h(
      "div",
      { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Tie-break: each criterion's value per candidate" },
      h(
        "table",
        { class: "selection" },
        h("thead", {}, h("tr", {}, h("th", {}, "Criterion"), nodes.map((n) => h("th", { dataset: { object: `Node ${n}` } }, n)))),
        h("tbody", {}, attempt.selection.map(row)),
      ),
    ),
    all.length > nodes.length ? h("p", { class: "hint" }, `Showing ${nodes.length} of ${all.length} candidates: those that survived longest.`) : null,
    attempt.selection.filter((s) => s.note).map((s) => h("p", { class: "hint selection-note" }, h("strong", {}, `${s.criterion}: `), s.note)),
    h("p", { class: "winner" }, "Chosen: ", h("strong", {}, attempt.node ?? "none")),
  );
}
