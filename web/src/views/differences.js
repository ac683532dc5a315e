// The compare view: every pod whose decision differs between two profiles,
// each side's decision, and the rule that made the difference.
import { h, shortName } from "../dom.js";

function decisionText(d) {
  if (d.outcome === "Scheduled") return ["scheduled on ", h("strong", {}, d.node)];
  if (d.outcome === "Nominated") {
    const victims = d.victims.length === 0 ? "evicting nothing" : `evicting ${d.victims.map(shortName).join(", ")}`;
    return ["nominated ", h("strong", {}, d.node), `, ${victims}`];
  }
  return ["cannot be scheduled"];
}

/** Returns a map from pod key to its difference, for marking verdicts. */
export function differencesByPod(comparison) {
  return new Map((comparison?.differences ?? []).map((d) => [d.pod, d]));
}

/** Renders the differences between the two profiles of a comparison. */
export function renderDifferences(comparison, onFocusPod) {
  if (!comparison) return null;
  const [a, b] = comparison.profiles;
  const label = (p) => (p.name === `v${p.kubernetesVersion}` ? p.name : `${p.name} (v${p.kubernetesVersion})`);
  const title = `Compared: ${label(a)} and ${label(b)}`;
  if (comparison.differences.length === 0) {
    return h("section", { class: "panel differences", "aria-label": "Profile comparison" }, h("h2", {}, title), h("p", { class: "same" }, "Both profiles decide every pod alike."));
  }
  return h(
    "section",
    { class: "panel differences", "aria-label": "Profile comparison" },
    h("h2", {}, title),
    h(
      "ul",
      { class: "difference-list" },
      comparison.differences.map((d) =>
        h(
          "li",
          { class: "difference", dataset: { pod: d.pod } },
          h(
            "button",
            { type: "button", class: "difference-pod", dataset: { object: `Pod ${d.pod}` }, onclick: () => onFocusPod(d.pod) },
            shortName(d.pod),
            h("span", { class: "meta" }, d.kind === "decision" ? " first decision differs" : " final outcome differs"),
          ),
          h(
            "dl",
            { class: "sides" },
            h("dt", {}, a.name),
            h("dd", {}, decisionText(d.a)),
            h("dt", {}, b.name),
            h("dd", {}, decisionText(d.b)),
          ),
          d.together ? h("p", { class: "rule-note" }, "No single rule explains it; these do together:") : null,
          h(
            "ul",
            { class: "rules" },
            d.rules.map((r) => h("li", { class: "rule" }, h("span", { class: "rule-name" }, r.switch), " ", r.text)),
          ),
        ),
      ),
    ),
  );
}
