// The scenario's editors and their tabs: one editor per part and one for the
// whole stream, which tab shows, loading a scenario, where a diagnostic lands,
// and putting the editors aside while a cluster is open. It owns what the
// editors hold (the parts' texts, which of them or All holds the truth, the
// tab shown) and the problems marked in them.
import { DEFAULT_EXAMPLE } from "../model/gallery.js";
import { ALL, TABS, joinTabs, locateLine, splitStream } from "../model/scenario.js";
import { groupDiagnostics, renderDiagnostics } from "../views/diagnostics.js";
import { $, h, mount } from "../views/dom.js";
import { showBanner } from "../views/status.js";
import { createEditors } from "./editors.js";

const countObjects = (text) => (text.match(/^kind:/gm) ?? []).length;

/**
 * Creates the editors. hooks: onEdit() after a person's edit, onRun() to run
 * now, onLoad() as a whole scenario is loaded (before it runs),
 * onPointer(tab, line) as the pointer moves over the text (line null when it
 * leaves), onPaste(tab, text) returning true to take a paste away,
 * onUndoLoad() when Ctrl+Z in an editor goes past its edits, to the load;
 * overCluster() says whether a cluster is loaded, latest() returns {result,
 * run}: the latest result and the latest run, whose diagnostics a tab shown
 * marks again.
 */
export function createScenarioEditors(mode, { onEdit, onRun, onLoad, onPointer, onPaste, onUndoLoad, overCluster, latest }) {
  let tabs = Object.fromEntries(TABS.map((t) => [t.id, ""])); // each part's text
  let source = "tabs"; // which holds the truth: the part tabs, or "all"
  let active = "pending"; // the tab shown
  let errorTabs = []; // the tabs whose text has errors
  let firstProblem = null; // the diagnostic that names the first root cause (errors first)
  let problemsRun = null; // the run whose diagnostics the editors mark
  const tabIds = [...TABS.map((t) => t.id), ALL.id];
  const labelOf = (id) => [...TABS, ALL].find((t) => t.id === id).title;
  const shortLabelOf = (id) => [...TABS, ALL].find((t) => t.id === id).label;
  const editors = createEditors($("editor-host"), tabIds, {
    label: (id) => `${labelOf(id)} YAML`,
    onChange(tab, text) {
      if (tab === ALL.id) {
        source = "all";
      } else {
        tabs[tab] = text;
        source = "tabs";
      }
      updateTabs();
      onEdit();
    },
    onPointer,
    onPaste,
    onUndoLoad,
  });

  function updateTabs() {
    const errors = new Set(errorTabs);
    mount(
      document.querySelector(".tabs"),
      [...TABS, ALL].map((t) => {
        // While All holds the text, the parts are not split yet: no counts.
        const count = t.id === ALL.id || source === "all" ? null : countObjects(tabs[t.id]);
        // Other shows only when it holds something; Workloads too, but over a
        // cluster always (a change is often a workload).
        const optional = t.id === "other" || (t.id === "workloads" && !overCluster());
        if (optional && count === 0 && active !== t.id) return null;
        return h(
          "button",
          {
            type: "button",
            role: "tab",
            id: `tab-${t.id}`,
            class: `tab${errors.has(t.id) ? " has-errors" : ""}`,
            "aria-selected": active === t.id ? "true" : "false",
            title: t.title,
            tabindex: active === t.id ? "0" : "-1",
            onclick: () => selectTab(t.id),
            onkeydown: tabKeys,
          },
          t.label,
          count ? h("span", { class: "count" }, count) : null,
        );
      }),
    );
  }

  function tabKeys(event) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const buttons = [...document.querySelectorAll(".tab")];
    const i = buttons.indexOf(event.currentTarget);
    const next = buttons[(i + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
    next.click();
    document.getElementById(next.id)?.focus();
  }

  function selectTab(id) {
    if (active === ALL.id && id !== ALL.id && source === "all") {
      const parts = splitStream(editors.getText(ALL.id));
      if (!parts) {
        showBanner("The YAML in All has errors: fix them to edit the scenario by part.");
        return;
      }
      tabs = parts;
      for (const t of TABS) editors.setText(t.id, parts[t.id]);
      source = "tabs";
    }
    if (id === ALL.id && source === "tabs") editors.setText(ALL.id, joinTabs(tabs).text);
    active = id;
    editors.show(id);
    updateTabs();
    const { result, run } = latest();
    if (result) markDiagnostics(result, run);
  }

  /** Shows an example's one-line lesson above the verdicts ("" hides it). */
  function setLesson(lesson) {
    $("lesson").textContent = lesson;
    $("lesson").hidden = !lesson;
  }

  /** Loads a whole scenario into the editors and runs it. */
  function loadScenario(text, lesson = "") {
    const parts = splitStream(text);
    onLoad();
    if (parts) {
      tabs = parts;
      for (const t of TABS) editors.setText(t.id, parts[t.id]);
      source = "tabs";
      editors.setText(ALL.id, joinTabs(parts).text);
      active = parts.pending.trim() ? "pending" : parts.workloads.trim() ? "workloads" : ALL.id;
    } else {
      editors.setText(ALL.id, text);
      source = "all";
      active = ALL.id;
    }
    editors.show(active);
    updateTabs();
    setLesson(lesson);
    onRun();
  }

  /** Returns the scenario the editors hold, as one stream. */
  function scenarioText() {
    return source === "all" ? editors.getText(ALL.id) : joinTabs(tabs).text;
  }

  /**
   * Returns what a run of the editors' text records of them: {source, starts,
   * tabs}, which holds the truth, the line each part starts on in the joined
   * stream, and the parts' texts (to find a line of the run in them later).
   */
  function runInput() {
    return { source, starts: joinTabs(tabs).starts, tabs: { ...tabs } };
  }

  /** Returns the tab shown. */
  function activeTab() {
    return active;
  }

  /** Returns where a diagnostic (or any {line} of the stream) is: {tab, line} in the editors of a given run. */
  function locate(diagnostic, run) {
    if (!(diagnostic.line > 0)) return { tab: run?.source === "tabs" ? active : ALL.id, line: 0 };
    if (!run || run.source === "all") return { tab: ALL.id, line: diagnostic.line };
    return locateLine(run.starts, run.tabs, diagnostic.line);
  }

  /** Marks a result's diagnostics in the editors and lists them below, one entry per root cause. */
  function markDiagnostics(result, run) {
    const byTab = Object.fromEntries(tabIds.map((id) => [id, []]));
    const mark = (d) => {
      const where = locate(d, run);
      if (where.line > 0) byTab[where.tab].push({ ...d, line: where.line });
      // The All editor holds the joined stream: its lines are the engine's.
      if (d.line > 0 && where.tab !== ALL.id) byTab[ALL.id].push(d);
    };
    for (const d of result.diagnostics) {
      // What follows from another object's problem (a pod naming a class
      // with an error) is marked quietly: the problem is marked where it is.
      mark(d.cause && d.relatedLine > 0 ? { ...d, severity: "info" } : d);
      // The line a message names (where an unclosed value starts) is marked too.
      if (d.relatedLine > 0) mark({ severity: "info", line: d.relatedLine, message: `Named by the ${d.severity} at line ${d.line}: ${d.message}` });
    }
    for (const id of tabIds) editors.setDiagnostics(id, byTab[id]);
    errorTabs = tabIds.filter((id) => byTab[id].some((d) => d.severity === "error"));
    updateTabs();
    // An info is no problem: the first error, else the first warning.
    firstProblem = groupDiagnostics(result.diagnostics).find((g) => g.severity !== "info")?.first ?? null;
    problemsRun = run;
    mount(
      $("diagnostics"),
      renderDiagnostics(result.diagnostics, (d) => locate(d, run), (where) => jumpTo(where.tab, where.line), shortLabelOf),
    );
  }

  /** Jumps to the first problem's line and brings the list of problems into view. */
  function showFirstProblem() {
    const first = firstProblem;
    if (!first) return;
    const where = locate(first, problemsRun);
    jumpTo(where.tab, where.line);
    // After the editor has scrolled the line into view (in its next frame),
    // the list above it comes into view too.
    requestAnimationFrame(() => requestAnimationFrame(() => $("diagnostics").scrollIntoView({ block: "nearest" })));
  }

  /** Shows a tab (opening the collapsed editors of an embed) and scrolls to a line. */
  function jumpTo(tab, line) {
    if (mode.embed) $("editor-details").open = true;
    if (tab !== active) selectTab(tab);
    if (line > 0) editors.scrollToLine(tab, line);
  }

  /** Returns the editors as they are, to put back with restoreEditors. */
  function saveEditors() {
    return { tabs: { ...tabs }, source, active, all: editors.getText(ALL.id), lesson: $("lesson").textContent };
  }

  /** Returns a scenario's text as saveEditors() gives editors that hold it (for a variant not shown). */
  function stashOf(text) {
    const parts = splitStream(text);
    if (!parts) return { tabs: Object.fromEntries(TABS.map((t) => [t.id, ""])), source: "all", active: ALL.id, all: text, lesson: "" };
    const tab = parts.pending.trim() ? "pending" : parts.workloads.trim() ? "workloads" : ALL.id;
    return { tabs: parts, source: "tabs", active: tab, all: joinTabs(parts).text, lesson: "" };
  }

  /** Returns the scenario a saved state of the editors (saveEditors) holds, as one stream. */
  function textOfStash(stash) {
    return stash.source === "all" ? stash.all : joinTabs(stash.tabs).text;
  }

  function clearEditors() {
    for (const id of tabIds) editors.setText(id, "");
    tabs = Object.fromEntries(TABS.map((t) => [t.id, ""]));
    source = "tabs";
    active = "pending";
    editors.show(active);
    updateTabs();
  }

  /** Puts back saved editors (null: the default example, which then runs). */
  function restoreEditors(stash) {
    if (!stash) {
      loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
      return;
    }
    tabs = { ...stash.tabs };
    for (const t of TABS) editors.setText(t.id, stash.tabs[t.id]);
    editors.setText(ALL.id, stash.all);
    source = stash.source;
    active = stash.active;
    editors.show(active);
    updateTabs();
    setLesson(stash.lesson);
  }

  return {
    editors,
    updateTabs,
    loadScenario,
    scenarioText,
    runInput,
    activeTab,
    locate,
    markDiagnostics,
    showFirstProblem,
    jumpTo,
    saveEditors,
    stashOf,
    textOfStash,
    clearEditors,
    restoreEditors,
    setLesson,
  };
}
