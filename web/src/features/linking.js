// Linking the YAML and the result: the pointer on an object's YAML marks its
// parts of the result, the pointer on a part of the result highlights its
// YAML, and a click on it jumps there.
import { $ } from "../views/dom.js";

/**
 * Creates the links between the editors (scenario-editors.js) and the runs'
 * shown result (app/runs.js); listens on the result.
 */
export function createLinking(scenario, runs) {
  let ranges = null; // {shown, list}: the object ranges of a shown result, found once

  // Object ranges in the editors, from the start lines (in the run's stream)
  // the engine's cluster section gives; over a loaded cluster, only the
  // objects the editors hold (the others' lines are the dump's).
  function objectRanges() {
    const shown = runs.shown();
    if (ranges?.shown !== shown) ranges = { shown, list: computeRanges(shown) };
    return ranges.list;
  }

  function computeRanges(shown) {
    const cluster = shown?.cluster;
    if (!cluster) return [];
    const overlay = runs.overlay();
    const starts = [
      ...cluster.nodes.map((n) => ({ key: `Node ${n.node}`, line: n.line })),
      ...cluster.pods.map((p) => ({ key: `Pod ${p.pod}`, line: p.line })),
    ]
      .filter((o) => o.line > 0 && (!overlay || overlay.has(o.key)))
      .sort((a, b) => a.line - b.line);
    return starts.map((o, i) => {
      const from = scenario.locate({ line: o.line }, runs.shownRun());
      const next = starts[i + 1];
      const toLine = next ? scenario.locate({ line: next.line - 1 }, runs.shownRun()) : null;
      return { key: o.key, tab: from.tab, fromLine: from.line, toLine: toLine?.tab === from.tab ? toLine.line : from.line + 200 };
    });
  }

  function setLinked(key) {
    for (const el of document.querySelectorAll(".linked")) el.classList.remove("linked");
    if (!key) return;
    for (const el of document.querySelectorAll(`[data-object="${CSS.escape(key)}"]`)) el.classList.add("linked");
  }

  /** Marks the result's parts for the object at a line of an editor (line null: none). */
  function linkFromEditor(tab, line) {
    if (line === null) return setLinked(null);
    const hit = objectRanges().find((o) => o.tab === tab && o.fromLine <= line && line <= o.toLine);
    setLinked(hit?.key ?? null);
  }

  function linkFromResult(key) {
    const range = key ? objectRanges().find((o) => o.key === key) : null;
    const active = scenario.activeTab();
    scenario.editors.highlight(range?.tab === active ? active : null, range ?? null);
    for (const el of document.querySelectorAll(".tab")) el.classList.toggle("hint", !!range && el.id === `tab-${range.tab}`);
  }

  const body = $("result-body");
  body.addEventListener("mouseover", (event) => {
    const el = event.target.closest("[data-object]");
    linkFromResult(el?.dataset.object ?? null);
  });
  body.addEventListener("mouseleave", () => linkFromResult(null));
  body.addEventListener("click", (event) => {
    const el = event.target.closest("[data-object]");
    if (!el || event.target.closest("button")) return;
    const range = objectRanges().find((o) => o.key === el.dataset.object);
    if (range) scenario.jumpTo(range.tab, range.fromLine);
  });
  // By keyboard: a part of the result that takes the focus marks its YAML as
  // the pointer does, and Enter on it does what a click does.
  body.addEventListener("focusin", (event) => linkFromResult(event.target.closest("[data-object]")?.dataset.object ?? null));
  body.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("[data-object][tabindex]")) event.target.click();
  });

  /** Returns whether the editors hold the object ("Kind namespace/name") where the result links to. */
  const hasObject = (key) => objectRanges().some((o) => o.key === key);

  return { linkFromEditor, hasObject };
}
