// The victims of the focused attempt: pod, node, priority, PDB violated, and
// when each leaves its node (its grace period). Each row is a Tab stop (a
// screen reader reads it whole), and a table wider than its column scrolls
// inside it; "PodDisruptionBudget" may break at its words in a narrow one.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, plural, rowsWithMore, shortName } from "./dom.js";

// Under the pod's name: "leaves at +30 s", "(already terminating)" when an
// earlier preemption deleted it; a line, not a column, so that a phone's
// table still fits.
function leaves(v, attempt) {
  if (v.goneAfterMs === undefined) return null;
  if (v.goneAfterMs === attempt.atMs && !v.alreadyTerminating) return h("span", { class: "leaves" }, "leaves at once (no grace period)");
  return h("span", { class: "leaves" }, `leaves at +${formatDuration(v.goneAfterMs)}${v.alreadyTerminating ? " (already terminating)" : ""}`);
}

// "payments-api waits nominated for its 2 victims to terminate: 30 s."
function waiting(attempt) {
  if (attempt.outcome !== "Nominated" || attempt.victims[0]?.goneAfterMs === undefined) return null;
  const last = Math.max(...attempt.victims.map((v) => v.goneAfterMs));
  const wait = last - attempt.atMs;
  const who = attempt.victims.length === 1 ? "its victim" : `its ${plural(attempt.victims.length, "victim")}`;
  const text =
    wait === 0
      ? `${shortName(attempt.pod)} does not wait: ${who} ${attempt.victims.length === 1 ? "leaves" : "leave"} at once.`
      : `${shortName(attempt.pod)} waits nominated on ${attempt.node} for ${who} to terminate: ${formatDuration(wait)}, until +${formatDuration(last)}. ` +
        "The simulator holds each victim's whole grace period, the worst case the scheduler plans for.";
  return h("p", { class: "hint victims-wait" }, text);
}

/** Renders the victims; options.profileLabel names the profile in compare mode. */
export function renderVictims(attempt, { profileLabel = null } = {}) {
  if (!attempt || attempt.victims.length === 0) return null;
  // A preemption of many small pods shows the first rows, the rest behind a count.
  const [rows, more] = rowsWithMore(attempt.victims, (v) => victimRow(v, attempt), { shown: SHOWN_VICTIMS, what: "victims" });
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
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, "Pod"), h("th", {}, "Node"), h("th", { class: "num" }, "Priority"), h("th", {}, "Pod", h("wbr"), "Disruption", h("wbr"), "Budget")),
        ),
        h("tbody", {}, rows),
      ),
    ),
    more,
    waiting(attempt),
  );
}

const SHOWN_VICTIMS = 10;

function victimRow(v, attempt) {
  return h(
    "tr",
    { tabindex: "0", dataset: { object: `Pod ${v.pod}` } },
    h("td", {}, shortName(v.pod), leaves(v, attempt)),
    h("td", { dataset: { object: `Node ${v.node}` } }, v.node),
    h("td", { class: "num" }, v.priority),
    h("td", {}, v.pdbViolation ? h("span", { class: "pdb-violated" }, "violated") : "respected"),
  );
}
