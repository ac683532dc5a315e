// The tie-break chain of the focused attempt: every criterion, every
// candidate's score, and which nodes survived it.
import { h } from "../dom.js";

const MAX_COLUMNS = 12;

export function renderSelection(attempt) {
  if (!attempt) return null;
  const candidates = attempt.preemption?.candidates ?? [];
  if (candidates.length === 0) return null;
  if (attempt.selection.length === 0) {
    return h(
      "section",
      { class: "panel", "aria-label": "Node selection" },
      h("h2", {}, "Choosing a node"),
      h("p", {}, candidates.length === 1 ? `Only ${candidates[0].node} is a candidate: no tie-break needed.` : ""),
    );
  }
  // The candidates that survived longest first; a large cluster can have
  // hundreds, so the table shows the leading ones.
  const survived = (n) => attempt.selection.filter((s) => s.kept.includes(n)).length;
  const all = Object.keys(attempt.selection[0].scores);
  const nodes =
    all.length <= MAX_COLUMNS ? all : [...all].sort((a, b) => survived(b) - survived(a)).slice(0, MAX_COLUMNS);
  return h(
    "section",
    { class: "panel", "aria-label": "Node selection" },
    h("h2", {}, "Choosing a node"),
    h("p", { class: "hint" }, "Each criterion keeps the candidates with the best score; the first that leaves one node decides."),
    h(
      "div",
      { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Tie-break: each criterion's score per candidate" },
      h(
        "table",
        { class: "selection" },
        h("thead", {}, h("tr", {}, h("th", {}, "Criterion"), nodes.map((n) => h("th", { dataset: { object: `Node ${n}` } }, n)))),
        h(
          "tbody",
          {},
          attempt.selection.map((step) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, step.criterion),
              nodes.map((n) => {
                const inStep = n in step.display || step.kept.includes(n);
                const kept = step.kept.includes(n);
                return h(
                  "td",
                  { class: kept ? "kept" : inStep ? "dropped" : "out", title: kept ? "kept" : inStep ? "dropped here" : "dropped earlier" },
                  n in step.display ? step.display[n] : kept ? "kept" : "–",
                );
              }),
            ),
          ),
        ),
      ),
    ),
    all.length > nodes.length ? h("p", { class: "hint" }, `Showing ${nodes.length} of ${all.length} candidates: those that survived longest.`) : null,
    h("p", { class: "winner" }, "Chosen: ", h("strong", {}, attempt.node ?? "none")),
  );
}
