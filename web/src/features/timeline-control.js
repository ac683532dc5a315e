// The timeline on the page: where it stands (its position, which it owns),
// the player, and the focused attempt kept at the timeline's, so the
// victims, the tie-break table and the node cards show the attempt of the
// moment, as a click on its verdict does. A verdict clicked moves the
// timeline there.
import { lastStep, momentAt, pointAt, timeStep, timelineModel } from "../model/timeline-model.js";
import { $ } from "../views/dom.js";
import { renderTimeline } from "../views/timeline.js";

const STEP_MS = 400; // a step of play
const TIME_TICK_MS = 100; // by time, the clock moves this often …
const TIME_TICKS = 200; // … by 1/200 of the run: any run plays in 20 s
const DETAIL_DELAY_MS = 250; // an attempt the timeline rests on gets its detail

// A time the slider or the player lands on, past a minute in whole seconds,
// so the page's one way of writing a time (formatDuration) reads "+1 min
// 31 s", as the events do, not "+91.2 s". Under a minute, as it is: a
// millisecond can part two events there. The end stays the end.
const wholeSeconds = (model, ms) => (ms >= 60000 && ms < model.durationMs ? Math.min(Math.round(ms / 1000) * 1000, model.durationMs) : ms);

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/**
 * Creates the timeline of the runs' shown result (app/runs.js), under the
 * page's mode, moving the focus (model/focus.js); hooks.requestDetail(index)
 * asks the engine for an attempt's detail, hooks.renderFocused() redraws
 * what the focus drives (which calls sync() first and render() last).
 */
export function createTimeline(mode, { runs, focus }, { requestDetail, renderFocused }) {
  // Where the timeline stands: a step (0 the start, k attempt k), or a time.
  const position = { mode: "attempt", step: 0, atMs: 0 };
  let panel = null; // {element, update, model}
  let synced = null; // the focus the timeline last showed
  let opening = mode.step; // ?step=N: where the first result opens
  let reveal = false; // the panel is scrolled into view once drawn at that step
  // An embed opened at a step shows the timeline first: a frame of a few
  // hundred px would never reach it.
  if (opening !== null && mode.embed) placeFirst();
  let player = null;
  let clock = null; // by time, where the player is: {atMs}, between whole seconds
  let detailTimer = null;
  let frame = 0;
  let keepPlace = false; // the person moved the timeline: its controls stay where they are on screen
  let placeTop = null; // the controls' top before a redraw, to keep them there
  let room = 0; // px added under the panel so the page can scroll that far

  // The row of buttons and slider, where the person's pointer is.
  const controlsRow = () => $("timeline")?.querySelector(".timeline-controls") ?? null;

  const model = () => timelineModel(runs.shown());
  const shows = (result) => result && result.pods.length > 0 && result.cluster?.nodes.length > 0;

  function redraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      renderFocused();
    });
  }

  // An attempt summarised for size gets its detail once the timeline rests
  // on it (not at every step it passes).
  function detailLater() {
    clearTimeout(detailTimer);
    if (player) return;
    detailTimer = setTimeout(() => {
      const i = focus.index();
      const attempt = runs.shown()?.pods[i];
      if (attempt && !attempt.detailed && runs.detailing() !== i) requestDetail(i);
    }, DETAIL_DELAY_MS);
  }

  // Moves to a position the person (or the player) chose; the focus follows.
  function moveTo(next) {
    Object.assign(position, next);
    const point = pointAt(model(), position);
    if (point.attemptIndex >= 0) focus.set(point.attemptIndex);
    synced = focus.index();
    keepPlace = true;
    detailLater();
    redraw();
    return point;
  }

  function step(delta) {
    const m = model();
    const point = pointAt(m, position);
    if (position.mode === "time") {
      const atMs = delta === "start" ? 0 : delta === "end" ? m.durationMs : timeStep(m, point.atMs, delta);
      return moveTo({ atMs });
    }
    const to = delta === "start" ? 0 : delta === "end" ? lastStep(m) : point.step + delta;
    return moveTo({ step: Math.max(0, Math.min(to, lastStep(m))) });
  }

  function stop() {
    clearTimeout(player);
    player = null;
    clock = null;
  }

  // One tick of play: a step (by time: a slice of the run, or with reduced
  // motion the next moment something happens); it stops at the end.
  function tick() {
    const m = model();
    let point;
    if (position.mode === "time" && !reducedMotion()) {
      // The player's own clock runs in slices; the slider shows it in whole
      // seconds past a minute. A slider moved meanwhile: play on from there.
      if (clock === null || wholeSeconds(m, clock.atMs) !== position.atMs) clock = { atMs: pointAt(m, position).atMs };
      clock.atMs = Math.min(clock.atMs + Math.max(1, m.durationMs / TIME_TICKS), m.durationMs);
      point = moveTo({ atMs: wholeSeconds(m, clock.atMs) });
    } else {
      point = step(1);
    }
    const done = position.mode === "time" ? point.atMs >= m.durationMs : point.step >= lastStep(m);
    if (done) {
      stop();
      detailLater();
      redraw();
    } else {
      player = setTimeout(tick, position.mode === "time" && !reducedMotion() ? TIME_TICK_MS : STEP_MS);
    }
  }

  function togglePlay() {
    if (player) {
      stop();
      detailLater();
      redraw();
      return;
    }
    const m = model();
    const point = pointAt(m, position);
    const atEnd = position.mode === "time" ? point.atMs >= m.durationMs : point.step >= lastStep(m);
    if (atEnd) moveTo(position.mode === "time" ? { atMs: 0 } : { step: 0 });
    player = setTimeout(tick, 0);
    redraw();
  }

  const handlers = {
    onMove: (delta) => step(delta),
    onSlide: (value) => moveTo(position.mode === "time" ? { atMs: wholeSeconds(model(), value) } : { step: value }),
    onMode: (mode) => {
      if (mode === position.mode) return;
      const point = pointAt(model(), position);
      // The same moment, on the other scale.
      moveTo(mode === "time" ? { mode, atMs: point.atMs } : { mode, step: point.step });
    },
    onPlay: togglePlay,
  };

  /**
   * Brings the timeline and the focus together before the panels draw: the
   * step a link opens at (once), else the timeline follows a focus chosen
   * elsewhere (a verdict clicked, a new result).
   */
  function sync() {
    const result = runs.shown();
    placeTop = null;
    if (!shows(result)) return;
    const m = model();
    if (panel && panel.model !== m) {
      stop();
      synced = null;
      letGo();
    }
    // A step redraws the panels above (the victims of another attempt): the
    // page must not move the buttons from under the pointer.
    if (keepPlace) placeTop = controlsRow()?.getBoundingClientRect().top ?? null;
    if (opening !== null) {
      const point = pointAt(m, { mode: "attempt", step: opening });
      Object.assign(position, { mode: "attempt", step: point.step });
      if (point.attemptIndex >= 0) focus.set(point.attemptIndex);
      synced = focus.index();
      opening = null;
      reveal = !mode.embed; // scrolling inside an embed would scroll the page around its frame
      detailLater();
    } else if (focus.index() !== synced && result.pods[focus.index()]) {
      letGo(); // chosen elsewhere (a verdict clicked): that is where the person looks
      const attempt = result.pods[focus.index()];
      Object.assign(position, position.mode === "time" ? { atMs: attempt.atMs ?? 0 } : { step: focus.index() + 1 });
      synced = focus.index();
    }
  }

  /** Draws the panel for the shown result (options: resource, onResource, profileLabel). */
  function render({ resource, onResource, profileLabel = null }) {
    const host = $("timeline");
    const result = runs.shown();
    if (!shows(result) || host.hidden) {
      stop();
      letGo();
      host.replaceChildren();
      panel = null;
      return;
    }
    const m = model();
    if (!panel || panel.model !== m || !host.contains(panel.element)) {
      panel = { ...renderTimeline(handlers), model: m };
      host.replaceChildren(panel.element);
    }
    const point = pointAt(m, position);
    const time = position.mode === "time";
    panel.update({
      model: m,
      point,
      moment: momentAt(m, point.m, point.since),
      playing: player !== null,
      max: time ? m.durationMs : lastStep(m),
      value: time ? point.atMs : point.step,
      resource,
      onResource,
      profileLabel,
    });
    keepInPlace();
    if (reveal) {
      reveal = false;
      panel.element.scrollIntoView({ block: "start" });
      keepPlace = true; // and stays there as the attempt's detail arrives
    }
  }

  function placeFirst() {
    const host = $("timeline");
    host.parentElement?.prepend(host);
  }

  // Scrolls back by what the redraw moved the controls. Near the bottom of
  // a page that got shorter the scroll cannot go that far: room is added
  // under the panel (until the person looks elsewhere) so it can.
  function keepInPlace() {
    const row = controlsRow();
    if (placeTop === null || !row) return;
    const want = placeTop;
    placeTop = null;
    const moved = row.getBoundingClientRect().top - want;
    if (Math.abs(moved) < 1) return;
    window.scrollBy(0, moved);
    const short = row.getBoundingClientRect().top - want;
    if (short < 1) return;
    room += short;
    $("timeline").style.paddingBottom = `${room}px`;
    window.scrollBy(0, short);
  }

  // The room added under the panel goes once the timeline stops keeping its place.
  function letGo() {
    keepPlace = false;
    placeTop = null;
    if (room === 0) return;
    room = 0;
    $("timeline").style.paddingBottom = "";
  }

  /** Returns the step the timeline stands on (by time, the latest attempt of its moment), as ?step= names it. */
  function currentStep() {
    return position.mode === "attempt" ? position.step : focus.index() + 1;
  }

  return { sync, render, currentStep };
}
