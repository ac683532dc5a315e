// The victims of the focused attempt: pod, node, priority, PDB violated.
import { h, shortName } from "../dom.js";

export function renderVictims(attempt) {
  if (!attempt || attempt.victims.length === 0) return null;
  return h(
    "section",
    { class: "panel", "aria-label": "Victims" },
    h("h2", {}, "Victims"),
    h(
      "table",
      { class: "victims" },
      h("thead", {}, h("tr", {}, h("th", {}, "Pod"), h("th", {}, "Node"), h("th", { class: "num" }, "Priority"), h("th", {}, "PodDisruptionBudget"))),
      h(
        "tbody",
        {},
        attempt.victims.map((v) =>
          h(
            "tr",
            { dataset: { object: `Pod ${v.pod}` } },
            h("td", {}, shortName(v.pod)),
            h("td", { dataset: { object: `Node ${v.node}` } }, v.node),
            h("td", { class: "num" }, v.priority),
            h("td", {}, v.pdbViolation ? h("span", { class: "pdb-violated" }, "violated") : "respected"),
          ),
        ),
      ),
    ),
  );
}
