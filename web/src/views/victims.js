// The victims of the focused attempt: pod, node, priority, PDB violated.
// Each row is a Tab stop (a screen reader reads it whole), and a table wider
// than its column scrolls inside it; "PodDisruptionBudget" may break at its
// words in a narrow one.
import { h, shortName } from "../dom.js";

/** Renders the victims; options.profileLabel names the profile in compare mode. */
export function renderVictims(attempt, { profileLabel = null } = {}) {
  if (!attempt || attempt.victims.length === 0) return null;
  return h(
    "section",
    { class: "panel", "aria-label": "Victims" },
    h("h2", {}, "Victims", profileLabel ? [" ", h("span", { class: "badge badge-profile", title: "The profile these details are from" }, profileLabel)] : null),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "victims" },
        h("thead", {}, h("tr", {}, h("th", {}, "Pod"), h("th", {}, "Node"), h("th", { class: "num" }, "Priority"), h("th", {}, "Pod", h("wbr"), "Disruption", h("wbr"), "Budget"))),
        h(
          "tbody",
          {},
          attempt.victims.map((v) =>
            h(
              "tr",
              { tabindex: "0", dataset: { object: `Pod ${v.pod}` } },
              h("td", {}, shortName(v.pod)),
              h("td", { dataset: { object: `Node ${v.node}` } }, v.node),
              h("td", { class: "num" }, v.priority),
              h("td", {}, v.pdbViolation ? h("span", { class: "pdb-violated" }, "violated") : "respected"),
            ),
          ),
        ),
      ),
    ),
  );
}
