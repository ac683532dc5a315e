// The victims of the focused attempt: pod, node, priority, PDB violated, and
// when each leaves its node (its grace period). Each row is a Tab stop (a
// screen reader reads it whole), and a table wider than its column scrolls
// inside it; "PodDisruptionBudget" may break at its words in a narrow one.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, plural, shortName } from "../dom.js";

// "+30 s (grace period 30 s)" or "+30 s (already terminating)".
function leaves(v, attempt) {
  if (v.goneAfterMs === undefined) return "";
  const after = `+${formatDuration(v.goneAfterMs)}`;
  if (v.alreadyTerminating) return `${after} (already terminating)`;
  const grace = v.goneAfterMs - attempt.atMs;
  return grace === 0 ? `${after} (no grace period)` : `${after} (grace period ${formatDuration(grace)})`;
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
          h("tr", {}, h("th", {}, "Pod"), h("th", {}, "Node"), h("th", { class: "num" }, "Priority"), h("th", {}, "Pod", h("wbr"), "Disruption", h("wbr"), "Budget"), h("th", {}, "Leaves")),
        ),
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
              h("td", { class: "leaves" }, leaves(v, attempt)),
            ),
          ),
        ),
      ),
    ),
    waiting(attempt),
  );
}
