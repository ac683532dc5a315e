// The queue as a timeline: a slider over the attempts (or over the simulated
// clock), the cluster picture at that moment, the attempt there with its
// trace, and the clock's events that moved it. The controls stay while the
// moment moves (a slider being dragged must not be replaced): render once,
// then update with each moment.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, mount, plural, shortName } from "./dom.js";
import { renderPicture } from "./picture.js";

const MAX_EVENTS = 20; // listed per moment; the rest are counted

const at = (ms) => `+${formatDuration(ms)}`;

// "default/web nominated node-a": an attempt in a few words.
function attemptWords(attempt) {
  if (attempt.outcome === "Scheduled") return `${attempt.pod} scheduled on ${attempt.node}`;
  if (attempt.outcome === "Nominated") return `${attempt.pod} nominated ${attempt.node}`;
  return `${attempt.pod} cannot be scheduled`;
}

/**
 * Returns the slider's words for a moment (timeline-model.js pointAt):
 * "attempt 12 of 340, +45 s: default/web nominated node-a", "+45 s of
 * 5 min: …" by time.
 */
function pointWords(point, model) {
  const what = point.attempt ? `: ${attemptWords(point.attempt)}` : point.end ? "" : ": before the first attempt";
  if (point.mode === "time") return `${at(point.atMs)} of ${formatDuration(model.durationMs)}${what}`;
  return `${placeWords(point, model)}, ${at(point.atMs)}${what}`;
}

const placeWords = (point, model) => (point.end ? "the end" : point.step === 0 ? "the start" : `attempt ${point.step} of ${model.attempts.length}`);

// The moment picture's heading.
function pictureTitle(point, model) {
  if (point.mode === "time") return `Cluster at ${at(point.atMs)}`;
  return point.end || point.step === 0 ? `Cluster at ${placeWords(point, model)}` : `Cluster after attempt ${point.step}`;
}

function eventList(events) {
  if (events.length === 0) return null;
  return [
    h(
      "ol",
      { class: "timeline-events" },
      events.slice(0, MAX_EVENTS).map((e) => h("li", { dataset: { kind: e.kind } }, h("span", { class: "at" }, at(e.atMs)), " ", e.text)),
    ),
    events.length > MAX_EVENTS ? h("p", { class: "hint" }, `and ${plural(events.length - MAX_EVENTS, "more event")} at this moment`) : null,
  ];
}

// The attempt of the moment: its verdict, kube-scheduler's message and the
// cycle's own steps.
function attemptPart(point) {
  const a = point.attempt;
  if (!a) return h("p", { class: "timeline-attempt empty" }, point.end ? "The end of the run: the events after the last attempt." : "The start: the cluster before the first attempt.");
  return h(
    "div",
    { class: `timeline-attempt outcome-${a.outcome.toLowerCase()}` },
    h(
      "p",
      { class: "timeline-verdict" },
      h("span", { class: `badge badge-${a.outcome.toLowerCase()}` }, a.outcome),
      " ",
      h("strong", {}, shortName(a.pod)),
      a.outcome === "Unschedulable" ? " cannot be scheduled" : [a.outcome === "Scheduled" ? " is scheduled on " : " is nominated to ", h("strong", {}, a.node)],
      a.victims.length > 0 && a.outcome === "Nominated" ? `, evicting ${a.victims.map((v) => shortName(v.pod)).join(", ")}` : "",
      h("span", { class: "meta" }, ` · ${at(a.atMs)} · attempt ${a.attempt} of this pod`),
    ),
    h("q", { class: "message" }, a.message),
    a.trace.length > 0 ? h("ol", { class: "timeline-trace", "aria-label": "The cycle's steps" }, a.trace.map((s) => h("li", {}, s.text))) : null,
  );
}

/**
 * Renders the panel's controls once; returns {element, update(props)}.
 * handlers: onMove(delta | "start" | "end") steps, onSlide(value) follows
 * the slider, onMode("attempt" | "time"), onPlay() plays or pauses.
 */
export function renderTimeline({ onMove, onSlide, onMode, onPlay }) {
  const button = (label, text, onclick, extra = {}) => h("button", { type: "button", "aria-label": label, title: label, onclick, ...extra }, text);
  const slider = h("input", {
    type: "range",
    id: "timeline-slider",
    class: "timeline-slider",
    min: "0",
    step: "1",
    "aria-label": "Moment of the run",
    oninput: () => onSlide(Number(slider.value)),
  });
  const play = button("Play", "Play", onPlay, { class: "timeline-play" });
  const modes = ["attempt", "time"].map((mode) =>
    h("button", { type: "button", "aria-pressed": "false", dataset: { mode }, onclick: () => onMode(mode) }, mode === "attempt" ? "by attempt" : "by time"),
  );
  // Not a live region: the slider's own words are read as it moves.
  const where = h("p", { class: "timeline-where" });
  const note = h("p", { class: "hint timeline-note", hidden: true });
  const now = h("div", { class: "timeline-now" });
  const picture = h("div", { class: "timeline-picture" });
  const element = h(
    "section",
    {
      class: "panel timeline",
      "aria-label": "Timeline",
      onkeydown: (event) => keys(event, { onMove, onPlay, spaceFrom: [slider, element] }),
    },
    h("div", { class: "panel-head" }, h("h2", {}, "Timeline"), h("div", { class: "toggle", role: "group", "aria-label": "Move" }, modes)),
    // The stage: the controls, where they stand and the moment's picture,
    // one block that stays in place while playing (on a desktop, also as
    // the page scrolls through the step's words under it).
    h(
      "div",
      { class: "timeline-stage" },
      h(
        "div",
        { class: "timeline-controls" },
        button("The start", "|◀", () => onMove("start")),
        button("Previous step", "◀", () => onMove(-1)),
        play,
        button("Next step", "▶", () => onMove(1)),
        button("The end", "▶|", () => onMove("end")),
        slider,
      ),
      where,
      picture,
    ),
    note,
    h("p", { class: "hint timeline-keys" }, h("kbd", {}, "←"), " ", h("kbd", {}, "→"), " step · ", h("kbd", {}, "Space"), " plays or pauses · ", h("kbd", {}, "Home"), " ", h("kbd", {}, "End")),
    now,
  );

  /**
   * Shows a moment: props {model, point (timeline-model.js pointAt), moment
   * (momentAt), playing, max and value (the slider's), resource,
   * onResource, profileLabel}.
   */
  function update({ model, point, moment, playing, max, value, resource, onResource, profileLabel }) {
    const mode = point.mode;
    for (const b of modes) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    slider.max = String(max);
    slider.value = String(value);
    slider.disabled = max === 0;
    const words = pointWords(point, model);
    slider.setAttribute("aria-valuetext", words);
    where.textContent = words;
    play.textContent = playing ? "Pause" : "Play";
    play.setAttribute("aria-label", play.textContent);
    play.title = `${play.textContent} (Space)`;
    note.hidden = !(mode === "time" && max === 0);
    note.textContent = "Everything in this run happens at the start (+0 s): move by attempt to see it in order.";
    mount(
      now,
      point.before.length > 0 ? [h("h3", {}, "What moved it"), eventList(point.before)] : null,
      h("h3", {}, point.attempt ? (mode === "time" && point.attemptsHere > 1 ? `The last of ${point.attemptsHere} attempts at this moment` : "The attempt") : "The moment"),
      attemptPart(point),
      point.after.length > 0 ? [h("h3", {}, "Then"), eventList(point.after)] : null,
    );
    mount(picture, renderPicture(model.result, resource, onResource, { moment, title: pictureTitle(point, model), profileLabel }));
  }

  return { element, update };
}

// The panel's keys (not the moment picture's arrows, which move between
// its pods): Left/Right step, PageUp/PageDown ten steps, Home/End; Space
// plays or pauses from the slider or the panel itself (spaceFrom), as on a
// button Space presses that button.
function keys(event, { onMove, onPlay, spaceFrom }) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest(".picture")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10, Home: "start", End: "end" };
  if (event.key in moves) {
    event.preventDefault();
    onMove(moves[event.key]);
  } else if (event.key === " " && spaceFrom.includes(event.target)) {
    event.preventDefault();
    onPlay();
  }
}
