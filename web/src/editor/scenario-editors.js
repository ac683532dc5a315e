// The scenario's editors and their tabs: one editor per part and one for the
// whole stream, which tab shows, loading a scenario, where a diagnostic lands,
// and putting the editors aside while a cluster is open.
import { h, mount } from "../views/dom.js";
import { createEditors } from "./editors.js";
import { DEFAULT_EXAMPLE } from "../model/gallery.js";
import { ALL, TABS, joinTabs, locateLine, splitStream } from "../model/scenario.js";
import { $ } from "../app/state.js";
import { showBanner } from "../views/status.js";
import { groupDiagnostics, renderDiagnostics } from "../views/diagnostics.js";

const countObjects = (text) => (text.match(/^kind:/gm) ?? []).length;

/**
 * Creates the editors. hooks: onEdit() after a person's edit, onRun() to run
 * now, onPointer(tab, line) as the pointer moves over the text (line null
 * when it leaves), onPaste(tab, text) returning true to take a paste away,
 * onUndoLoad() when Ctrl+Z in an editor goes past its edits, to the load.
 */
export function createScenarioEditors(state, mode, { onEdit, onRun, onPointer, onPaste, onUndoLoad }) {
  const tabIds = [...TABS.map((t) => t.id), ALL.id];
  const labelOf = (id) => [...TABS, ALL].find((t) => t.id === id).title;
  const shortLabelOf = (id) => [...TABS, ALL].find((t) => t.id === id).label;
  const editors = createEditors($("editor-host"), tabIds, {
    label: (id) => `${labelOf(id)} YAML`,
    onChange(tab, text) {
      if (tab === ALL.id) {
        state.source = "all";
      } else {
        state.tabs[tab] = text;
        state.source = "tabs";
      }
      updateTabs();
      onEdit();
    },
    onPointer,
    onPaste,
    onUndoLoad,
  });

  function updateTabs() {
    const errors = new Set(state.errorTabs);
    mount(
      document.querySelector(".tabs"),
      [...TABS, ALL].map((t) => {
        // While All holds the text, the parts are not split yet: no counts.
        const count = t.id === ALL.id || state.source === "all" ? null : countObjects(state.tabs[t.id]);
        // Other shows only when it holds something; Workloads too, but over a
        // cluster always (a change is often a workload).
        const optional = t.id === "other" || (t.id === "workloads" && !state.cluster);
        if (optional && count === 0 && state.active !== t.id) return null;
        return h(
          "button",
          {
            type: "button",
            role: "tab",
            id: `tab-${t.id}`,
            class: `tab${errors.has(t.id) ? " has-errors" : ""}`,
            "aria-selected": state.active === t.id ? "true" : "false",
            title: t.title,
            tabindex: state.active === t.id ? "0" : "-1",
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
    const tabs = [...document.querySelectorAll(".tab")];
    const i = tabs.indexOf(event.currentTarget);
    const next = tabs[(i + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    next.click();
    document.getElementById(next.id)?.focus();
  }

  function selectTab(id) {
    if (state.active === ALL.id && id !== ALL.id && state.source === "all") {
      const parts = splitStream(editors.getText(ALL.id));
      if (!parts) {
        showBanner("The YAML in All has errors: fix them to edit the scenario by part.");
        return;
      }
      state.tabs = parts;
      for (const t of TABS) editors.setText(t.id, parts[t.id]);
      state.source = "tabs";
    }
    if (id === ALL.id && state.source === "tabs") editors.setText(ALL.id, joinTabs(state.tabs).text);
    state.active = id;
    editors.show(id);
    updateTabs();
    if (state.result) markDiagnostics(state.result, state.run);
  }

  /** Shows an example's one-line lesson above the verdicts ("" hides it). */
  function setLesson(lesson) {
    $("lesson").textContent = lesson;
    $("lesson").hidden = !lesson;
  }

  /** Loads a whole scenario into the editors and runs it. */
  function loadScenario(text, lesson = "") {
    const parts = splitStream(text);
    state.focus = null;
    state.resumeOverlay = false;
    if (parts) {
      state.tabs = parts;
      for (const t of TABS) editors.setText(t.id, parts[t.id]);
      state.source = "tabs";
      editors.setText(ALL.id, joinTabs(parts).text);
      state.active = parts.pending.trim() ? "pending" : parts.workloads.trim() ? "workloads" : ALL.id;
    } else {
      editors.setText(ALL.id, text);
      state.source = "all";
      state.active = ALL.id;
    }
    editors.show(state.active);
    updateTabs();
    setLesson(lesson);
    onRun();
  }

  /** Returns the scenario the editors hold, as one stream. */
  function scenarioText() {
    return state.source === "all" ? editors.getText(ALL.id) : joinTabs(state.tabs).text;
  }

  /** Returns where a diagnostic (or any {line} of the stream) is: {tab, line} in the editors of a given run. */
  function locate(diagnostic, run) {
    if (!(diagnostic.line > 0)) return { tab: run?.source === "tabs" ? state.active : ALL.id, line: 0 };
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
    state.errorTabs = tabIds.filter((id) => byTab[id].some((d) => d.severity === "error"));
    updateTabs();
    state.firstProblem = groupDiagnostics(result.diagnostics)[0]?.first ?? null;
    state.problemsRun = run;
    mount(
      $("diagnostics"),
      renderDiagnostics(result.diagnostics, (d) => locate(d, run), (where) => jumpTo(where.tab, where.line), shortLabelOf),
    );
  }

  /** Jumps to the first problem's line and brings the list of problems into view. */
  function showFirstProblem() {
    const first = state.firstProblem;
    if (!first) return;
    const where = locate(first, state.problemsRun);
    jumpTo(where.tab, where.line);
    // After the editor has scrolled the line into view (in its next frame),
    // the list above it comes into view too.
    requestAnimationFrame(() => requestAnimationFrame(() => $("diagnostics").scrollIntoView({ block: "nearest" })));
  }

  /** Shows a tab (opening the collapsed editors of an embed) and scrolls to a line. */
  function jumpTo(tab, line) {
    if (mode.embed) $("editor-details").open = true;
    if (tab !== state.active) selectTab(tab);
    if (line > 0) editors.scrollToLine(tab, line);
  }

  /** Returns the editors as they are, to put back with restoreEditors. */
  function saveEditors() {
    return { tabs: { ...state.tabs }, source: state.source, active: state.active, all: editors.getText(ALL.id), lesson: $("lesson").textContent };
  }

  /** Returns a scenario's text as saveEditors() gives editors that hold it (for a variant not shown). */
  function stashOf(text) {
    const parts = splitStream(text);
    if (!parts) return { tabs: Object.fromEntries(TABS.map((t) => [t.id, ""])), source: "all", active: ALL.id, all: text, lesson: "" };
    const active = parts.pending.trim() ? "pending" : parts.workloads.trim() ? "workloads" : ALL.id;
    return { tabs: parts, source: "tabs", active, all: joinTabs(parts).text, lesson: "" };
  }

  /** Returns the scenario a saved state of the editors (saveEditors) holds, as one stream. */
  function textOfStash(stash) {
    return stash.source === "all" ? stash.all : joinTabs(stash.tabs).text;
  }

  function clearEditors() {
    for (const id of tabIds) editors.setText(id, "");
    state.tabs = Object.fromEntries(TABS.map((t) => [t.id, ""]));
    state.source = "tabs";
    state.active = "pending";
    editors.show(state.active);
    updateTabs();
  }

  /** Puts back saved editors (null: the default example, which then runs). */
  function restoreEditors(stash) {
    if (!stash) {
      loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
      return;
    }
    state.tabs = { ...stash.tabs };
    for (const t of TABS) editors.setText(t.id, stash.tabs[t.id]);
    editors.setText(ALL.id, stash.all);
    state.source = stash.source;
    state.active = stash.active;
    editors.show(state.active);
    updateTabs();
    setLesson(stash.lesson);
  }

  return {
    editors,
    updateTabs,
    loadScenario,
    scenarioText,
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
