// One line per scheduling attempt: the verdict, when it ran on the simulated
// clock, and kube-scheduler's message; a pod a controller created says which,
// and which preempted pod it replaces.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, plural, shortName } from "./dom.js";

const VERDICT_VICTIMS = 3;

function verdictText(attempt) {
  const name = shortName(attempt.pod);
  if (attempt.outcome === "Scheduled") return [name, " → scheduled on ", h("strong", {}, attempt.node)];
  if (attempt.outcome === "Nominated") {
    // A long list of victims is named in the Victims panel; the verdict names the first few.
    const named = attempt.victims.slice(0, VERDICT_VICTIMS).map((v) => shortName(v.pod)).join(", ");
    const rest = attempt.victims.length - VERDICT_VICTIMS;
    const victims = rest > 0 ? `${named} and ${rest} more` : named;
    return [name, " → nominated ", h("strong", {}, attempt.node), `, evicting ${plural(attempt.victims.length, "pod")}: ${victims}`];
  }
  return [name, " → cannot be scheduled"];
}

export const ATTEMPT_PAGE = 100;

// A pod's first attempt carries its decision; its last, where it ended.
function differenceOn(attempt, index, result, differences) {
  const d = differences.get(attempt.pod);
  if (!d) return null;
  const last = result.pods.findLastIndex((a) => a.pod === attempt.pod) === index;
  if (d.kind === "decision" ? attempt.attempt !== 1 : !last) return null;
  return h("span", { class: "badge badge-differs", title: d.rules.map((r) => r.title).join("\n") }, "differs");
}

// Under a created pod's first attempt: "created by ReplicaSet web-5d4f8 to replace web-5d4f8-x2k9p".
function origin(attempt, created, onReplaced) {
  const event = attempt.attempt === 1 ? created.get(attempt.pod) : null;
  if (!event) return null;
  const space = event.workload.indexOf(" ");
  const workload = `${event.workload.slice(0, space)} ${shortName(event.workload.slice(space + 1))}`;
  return h(
    "p",
    { class: "origin" },
    `created by ${workload}`,
    event.replaces
      ? [
          " to replace ",
          h(
            "span",
            { class: "glued" },
            h(
              "button",
              { type: "button", class: "link-button pod-link", title: "Show the attempt that evicted it", dataset: { object: `Pod ${event.replaces}` }, onclick: () => onReplaced(event.replaces) },
              shortName(event.replaces),
            ),
            ",",
          ),
          " which preemption deleted",
        ]
      : "",
  );
}

// The engine's diagnostics that say what they change in a pod's simulation
// (core's effect: "priority", a misspelt priorityClassName), by pod key.
function effectsOf(result) {
  const effects = new Map();
  for (const d of result.diagnostics) {
    if (d.effect === "priority" && d.object.startsWith("Pod ") && !effects.has(d.object.slice(4))) effects.set(d.object.slice(4), d);
  }
  return effects;
}

// Under a pod's first attempt: why its priority is what it is, when the
// engine says a field meant to set it was not read, and a button that shows
// the warning's line (main.js follows .effect-show).
function effectNote(attempt, effects, links) {
  const d = attempt.attempt === 1 ? effects.get(attempt.pod) : null;
  if (!d) return null;
  return h(
    "p",
    { class: "effect warning" },
    `priority ${attempt.priority} because `,
    h("code", {}, d.path),
    ` was not read: ${d.message} `,
    !links || d.inCluster || !(d.line > 0) ? null : h("button", { type: "button", class: "link-button effect-show", dataset: { line: String(d.line) }, title: "Show the warning's line in the editors" }, "show"),
  );
}

// Under the focused attempt (CSS shows it there only: the focus moves
// without a redraw): the minimal reproduction of the pod's first decision.
function reduceAction(attempt, onReduce, reducing) {
  if (!onReduce) return null;
  const button = h("button", {
    type: "button",
    class: "reduce-button",
    title: `Reduce the scenario to the smallest part that gives ${shortName(attempt.pod)}'s first attempt the same decision`,
    dataset: { pod: attempt.pod },
    onclick: () => onReduce(attempt.pod),
  });
  setReducing(button, reducing);
  return h(
    "p",
    { class: "attempt-actions" },
    button,
    attempt.attempt > 1 ? h("span", { class: "hint" }, " of its first attempt's decision") : null,
  );
}

/**
 * Renders the attempts, a page at a time; the focused one drives the panels
 * below. differences (pod key -> difference) marks the attempts where the
 * compared profiles part. options: created (pod key -> the clock's created
 * event) marks the pods a controller created; onReplaced(pod) shows the
 * pod one replaces; onReduce(pod) asks for the minimal reproduction of a
 * pod's decision (null: not offered), and reducing names the pod one is on
 * its way for; effectLinks offers a "show" button on a warning that changed
 * a pod (the page's editors go to its line; false where there are none).
 */
export function renderVerdicts(
  result,
  focus,
  onFocus,
  shown = ATTEMPT_PAGE,
  onShowMore = () => {},
  differences = new Map(),
  { created = new Map(), onReplaced = () => {}, onReduce = null, reducing = null, effectLinks = true } = {},
) {
  if (result.pods.length === 0) {
    return h("p", { class: "empty" }, "No pending pods: add a pod without spec.nodeName to see what the scheduler does with it.");
  }
  const more = result.pods.length - shown;
  const effects = effectsOf(result);
  return [
    timelineJump(result),
    h(
    "ol",
    { class: "attempts", "aria-label": "Scheduling attempts, in order" },
    result.pods.slice(0, shown).map((attempt, index) =>
      h(
        "li",
        { class: `attempt outcome-${attempt.outcome.toLowerCase()}${index === focus ? " focused" : ""}` },
        h(
          "button",
          {
            type: "button",
            class: "attempt-head",
            "aria-pressed": index === focus ? "true" : "false",
            dataset: { object: `Pod ${attempt.pod}` },
            onclick: () => onFocus(index),
          },
          h("span", { class: `badge badge-${attempt.outcome.toLowerCase()}` }, attempt.outcome),
          h("span", { class: "verdict" }, verdictText(attempt)),
          differenceOn(attempt, index, result, differences),
          attempt.fromChange ? h("span", { class: "badge badge-change", title: "A pod of your change, or one a workload of your change created" }, "your change") : null,
          h(
            "span",
            { class: "meta" },
            attempt.atMs === undefined ? "" : h("span", { class: "at", title: attempt.time }, `+${formatDuration(attempt.atMs)} · `),
            `priority ${attempt.priority}`,
            attempt.attempt > 1 ? ` · attempt ${attempt.attempt}` : "",
          ),
        ),
        origin(attempt, created, onReplaced),
        effectNote(attempt, effects, effectLinks),
        h("q", { class: "message" }, attempt.message),
        admissionNotes(attempt),
        reduceAction(attempt, onReduce, reducing),
      ),
    ),
    ),
    more > 0
      ? h("button", { type: "button", class: "more", onclick: () => onShowMore(shown + ATTEMPT_PAGE) }, `Show ${Math.min(ATTEMPT_PAGE, more)} more of ${more} attempts`)
      : null,
  ];
}

// What the API server's admission changed in the pod (a LimitRange's
// defaults, a RuntimeClass's overhead and scheduling), under its first
// attempt: the object, then what it set.
function admissionNotes(attempt) {
  if (attempt.attempt !== 1 || !attempt.admission?.length) return null;
  return h(
    "ul",
    { class: "admission" },
    attempt.admission.map((note) =>
      h("li", { title: `${note.plugin} admission plugin` }, h("span", { class: "admission-object", dataset: { object: note.object } }, note.object), ` ${note.change}`),
    ),
  );
}

// "Timeline ↓" in the panel's head, where a lesson's "press Play on the
// timeline" can find it: a run of more than one attempt, when the page
// shows the timeline (an embed may leave it out).
function timelineJump(result) {
  const host = document.getElementById("timeline");
  if (result.pods.length < 2 || !host || host.hidden) return null;
  const jump = () => {
    host.scrollIntoView({ block: "start" });
    document.getElementById("timeline-slider")?.focus({ preventScroll: true });
  };
  return h("button", { type: "button", class: "link-button timeline-jump", title: "Go to the timeline, which plays the run step by step", onclick: jump }, "Timeline ↓");
}

// A reduce button says when its pod's reduction is on its way (reducing: that pod, or null).
function setReducing(button, reducing) {
  const busy = reducing === button.dataset.pod;
  button.disabled = busy;
  button.textContent = busy ? "Reducing…" : "Minimal reproduction";
}

/** Marks the reduce buttons already rendered in host for the pod whose reduction is on its way (null: none), without drawing them again. */
export function markReducing(host, reducing) {
  for (const button of host.querySelectorAll(".reduce-button")) setReducing(button, reducing);
}

/** Moves the focus mark among the attempts already rendered in host (as renderVerdicts marks it), without drawing them again. */
export function markFocus(host, focus) {
  host.querySelectorAll(".attempt").forEach((item, index) => {
    item.classList.toggle("focused", index === focus);
    item.querySelector(".attempt-head").setAttribute("aria-pressed", index === focus ? "true" : "false");
  });
}
