// One card per node for the focused attempt: the filter verdict, the score,
// and the preemption dry run, step by step.
import { h, shortName } from "./dom.js";

const VERDICTS = {
  candidate: "candidate",
  "not-helpful": "not helpful",
  "no-victims": "no victims",
  "does-not-fit": "does not fit",
  "not-evaluated": "not evaluated",
};
const PAGE = 60;

// v1.14 had predicates, not plugins and status codes: core names the
// predicate that failed, and the line uses its words.
function filterLine(filter) {
  if (filter === null) return h("p", { class: "filter muted" }, "Not filtered in this attempt.");
  if (filter.code === "Success") return h("p", { class: "filter ok" }, "Fits: passes every check.");
  if (filter.predicate) {
    return h("p", { class: "filter" }, h("span", { class: "code" }, "predicate failed"), ` ${filter.predicate}: `, filter.reasons.join(", "));
  }
  return h(
    "p",
    { class: "filter" },
    h("span", { class: `code code-${filter.code}` }, filter.code),
    filter.plugin ? ` ${filter.plugin}: ` : " ",
    filter.reasons.join(", "),
  );
}

// The panel's heading; in compare mode it names the profile shown.
function heading(profileLabel) {
  return h("h2", {}, "Nodes", profileLabel ? [" ", h("span", { class: "badge badge-profile", title: "The profile these details are from" }, profileLabel)] : null);
}

function stepItem(step) {
  const mark = step.result === "evicted" ? "✗" : step.result === "reprieved" ? "✓" : null;
  return h(
    "li",
    { class: `step step-${step.step}${step.result ? ` ${step.result}` : ""}`, dataset: step.pods.length === 1 ? { object: `Pod ${step.pods[0]}` } : {} },
    mark ? h("span", { class: "mark", "aria-hidden": "true" }, mark, " ") : null,
    step.text,
    step.pdbViolation ? h("span", { class: "pdb-tag" }, "PDB") : null,
  );
}

function card(attempt, node) {
  const p = node.preemption;
  const chosen = attempt.node === node.node;
  const label = [node.node, chosen ? (attempt.outcome === "Scheduled" ? "bound here" : "nominated") : null, p ? (VERDICTS[p.verdict] ?? p.verdict) : null];
  return h(
    "article",
    {
      class: `node-card${chosen ? " chosen" : ""}`,
      tabindex: "0",
      "aria-label": `Node ${label.filter(Boolean).join(", ")}`,
      dataset: { object: `Node ${node.node}` },
    },
    h(
      "header",
      {},
      h("h3", {}, node.node),
      chosen ? h("span", { class: "badge badge-chosen" }, attempt.outcome === "Scheduled" ? "bound here" : "nominated") : null,
      p ? h("span", { class: `badge verdict-${p.verdict}` }, VERDICTS[p.verdict] ?? p.verdict) : null,
    ),
    filterLine(node.filter),
    node.score
      ? h(
          "p",
          { class: "score" },
          `Score ${node.score.total}: `,
          Object.entries(node.score.plugins)
            .map(([plugin, score]) => `${plugin} ${score}`)
            .join(", "),
        )
      : null,
    p && p.trace.length > 0 ? h("ol", { class: "trace" }, p.trace.map(stepItem)) : null,
    p && p.victims.length > 0
      ? h("p", { class: "node-victims" }, "Victims here: ", p.victims.map((v) => shortName(v.pod)).join(", "))
      : null,
  );
}

/**
 * Renders the node cards, a page at a time for large clusters;
 * options.profileLabel names the profile in compare mode.
 */
export function renderNodes(attempt, shown, onShowMore, { profileLabel = null } = {}) {
  if (!attempt) return null;
  if (!attempt.detailed) {
    return h(
      "section",
      { class: "panel", "aria-label": "Nodes" },
      heading(profileLabel),
      h("p", { class: "hint" }, "Loading this attempt's per-node detail…"),
    );
  }
  const nodes = attempt.nodes.filter((n) => n.filter !== null || n.preemption !== null);
  const visible = nodes.slice(0, shown);
  return h(
    "section",
    { class: "panel", "aria-label": "Nodes" },
    heading(profileLabel),
    attempt.trace.length > 0 ? h("ul", { class: "cycle-trace" }, attempt.trace.map((t) => h("li", {}, t.text))) : null,
    h("div", { class: "node-grid" }, visible.map((n) => card(attempt, n))),
    nodes.length > shown
      ? h("button", { type: "button", class: "more", onclick: () => onShowMore(shown + PAGE) }, `Show ${Math.min(PAGE, nodes.length - shown)} more of ${nodes.length - shown} nodes`)
      : null,
  );
}
export const NODE_PAGE = PAGE;
