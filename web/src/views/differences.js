// The differences view, differences first: every pod the two sides decide
// differently, each side's decision, and what makes the difference. One
// component serves both comparisons: the same scenario under two profiles
// (the cause: the profile rules that differ) and two variants of a scenario
// (the cause: the object changes that flip the pod, tried one at a time).
import { h, plural, shortName } from "./dom.js";

// An object's name, which a line never breaks ("payments-api", not "payments-" and "api").
const name = (text) => h("span", { class: "name" }, text);

/** Returns a decision ({outcome, node, victims}; null: no cycle) in words, as DOM children. */
export function decisionText(d) {
  if (d === null) return ["gets no scheduling cycle"];
  if (d.outcome === "Scheduled") return ["scheduled on ", h("strong", { class: "name" }, d.node)];
  if (d.outcome === "Nominated") {
    const victims = d.victims.length === 0 ? "evicting nothing" : ["evicting ", d.victims.map((v, i) => [i ? ", " : "", name(shortName(v))])];
    return ["nominated ", h("strong", { class: "name" }, d.node), ", ", victims];
  }
  return ["cannot be scheduled"];
}

// "v1.14", "current (v1.37)": a profile as the comparison names it.
const profileLabel = (p) => (p.name === `v${p.kubernetesVersion}` ? p.name : `${p.name} (v${p.kubernetesVersion})`);

// How an object changed from A to B: "added", "removed", "changed".
const changeOf = (objects, name) => objects.find((o) => o.object === name)?.change ?? "changed";

/**
 * Returns the comparison of two profiles as the view shows it: {label,
 * title, sides, sideClasses, same, rest, differences: [{pod, kind, a, b,
 * note, rules: [{name, text, title}]}]} (same: no pod differs; rest: the
 * others do not; title: the rule in a sentence), or null without one.
 */
export function profileModel(comparison) {
  if (!comparison) return null;
  const [a, b] = comparison.profiles;
  return {
    label: "Profile comparison",
    title: `Compared: ${profileLabel(a)} and ${profileLabel(b)}`,
    sides: [a.name, b.name],
    sideClasses: [null, null],
    same: "Both profiles decide every pod alike.",
    rest: "Both profiles decide every other pod alike.",
    differences: comparison.differences.map((d) => ({
      ...d,
      note: d.together ? "No single rule explains it; these do together:" : null,
      rules: d.rules.map((r) => ({ name: r.switch, text: r.text, title: r.text })),
    })),
  };
}

// What a variant difference's cause says before its list of changes.
function causeNote(d, diff) {
  if (d.cause === "single") {
    return d.changes.length === 1 ? "Alone, this change gives B's decision:" : "Each of these changes alone gives B's decision:";
  }
  const moving = d.changes.length > 0 ? " These move the pod, but not to B's decision:" : "";
  if (d.cause === "together") return `No single change gives B's decision: the changes act together.${moving}`;
  return (
    `None of the ${plural(diff.tried, "change")} tried gives B's decision alone; ` +
    `${plural(diff.objects.length - diff.tried, "change")} beyond the first ${diff.limit} ${diff.objects.length - diff.tried === 1 ? "was" : "were"} not tried.${moving}`
  );
}

/** Returns a variant diff (VariantDiff) as the view shows it, like profileModel. */
export function variantModel(diff) {
  if (!diff) return null;
  return {
    label: "Variant comparison",
    title: `Variants A and B: ${plural(diff.differences.length, "pod")} decided differently`,
    sides: ["A", "B"],
    sideClasses: ["variant-side variant-a-colour", "variant-side variant-b-colour"],
    same: "Both variants decide every pod alike.",
    rest: "A and B decide every other pod alike.",
    differences: diff.differences.map((d) => ({
      ...d,
      note: causeNote(d, diff),
      rules: d.changes.map((name) => {
        const change = changeOf(diff.objects, name);
        return { name, text: change, title: `${name} ${change}` };
      }),
    })),
  };
}

/** Returns the model of a Comparison or a VariantDiff document (null: null). */
export function modelOf(document) {
  if (!document) return null;
  return document.kind === "VariantDiff" ? variantModel(document) : profileModel(document);
}

/** Returns a map from pod key to its difference ({kind, rules}) in a Comparison or VariantDiff, for marking verdicts. */
export function differencesByPod(document) {
  return new Map((modelOf(document)?.differences ?? []).map((d) => [d.pod, d]));
}

function renderDifference(d, { sides, sideClasses }, onFocusPod) {
  return h(
    "li",
    { class: "difference", dataset: { pod: d.pod } },
    h(
      "button",
      { type: "button", class: "difference-pod", dataset: { object: `Pod ${d.pod}` }, onclick: () => onFocusPod(d.pod) },
      name(shortName(d.pod)),
      h("span", { class: "meta" }, d.kind === "decision" ? ": its first scheduling attempt decides differently" : ": where the queue left it differs"),
    ),
    h(
      "dl",
      { class: "sides" },
      h("dt", { class: sideClasses[0] }, sides[0]),
      h("dd", {}, decisionText(d.a)),
      h("dt", { class: sideClasses[1] }, sides[1]),
      h("dd", {}, decisionText(d.b)),
    ),
    d.note ? h("p", { class: "rule-note" }, d.note) : null,
    d.rules.length > 0
      ? h(
          "ul",
          { class: "rules" },
          d.rules.map((r) => h("li", { class: "rule" }, h("span", { class: "rule-name" }, r.name), " ", r.text)),
        )
      : null,
  );
}

/**
 * Renders a comparison model (profileModel, variantModel): its differences,
 * then what follows them (after: the object changes of two variants).
 * A pod's name focuses it (onFocusPod(pod)).
 */
export function renderDifferencesPanel(model, onFocusPod, after = null) {
  if (!model) return null;
  return h(
    "section",
    { class: "panel differences", "aria-label": model.label },
    h("h2", {}, model.title),
    model.differences.length === 0
      ? h("p", { class: "same" }, model.same)
      : [
          h(
            "ul",
            { class: "difference-list" },
            model.differences.map((d) => renderDifference(d, model, onFocusPod)),
          ),
          h("p", { class: "same rest" }, model.rest),
        ],
    after,
  );
}

/** Renders the differences between the two profiles of a comparison (null without one). */
export function renderDifferences(comparison, onFocusPod) {
  return renderDifferencesPanel(profileModel(comparison), onFocusPod);
}
