// The playground: editors on the left, the engine's answer on the right, and,
// once a dump is opened, the cluster it holds above both. The page renders
// what the engine returns; it never decides fit, priority, victims or order.
import "./style.css";

import { h, mount, plural } from "./dom.js";
import { createEditors } from "./editors.js";
import { DEFAULT_EXAMPLE, GALLERY } from "./gallery.js";
import {
  ALL,
  CLI_COMMAND,
  CLUSTER_TEXT_BYTES,
  MAX_CLUSTER_BYTES,
  TABS,
  isClusterDump,
  joinTabs,
  locateLine,
  objectKeys,
  splitStream,
} from "./scenario.js";
import { LONG_LINK_CHARS, decodeShare, encodeShare } from "./share.js";
import { OBJECT_PAGE, progressText, renderCluster, renderLoading, renderObjects, sizeText } from "./views/cluster.js";
import { renderDiagnostics } from "./views/diagnostics.js";
import { differencesByPod, renderDifferences } from "./views/differences.js";
import { NODE_PAGE, renderNodes } from "./views/nodes.js";
import { renderPicture } from "./views/picture.js";
import { renderSelection } from "./views/selection.js";
import { ATTEMPT_PAGE, renderVerdicts } from "./views/verdicts.js";
import { renderVictims } from "./views/victims.js";

const STORAGE_SCENARIO = "podsim:scenario";
const STORAGE_THEME = "podsim:theme";
const STORAGE_CLUSTER = "podsim:cluster"; // the name of the dump the saved text was laid over
const params = new URLSearchParams(location.search);
const embed = params.has("embed");
const readOnly = embed && params.has("readonly");
const $ = (id) => document.getElementById(id);

const state = {
  tabs: Object.fromEntries(TABS.map((t) => [t.id, ""])),
  source: "tabs", // which holds the truth: the part tabs, or "all"
  active: "pending",
  run: null, // {id, source, starts, tabs}: what the pending run was given
  runs: 0,
  result: null, // the latest result
  shown: null, // the result on screen: the latest without errors
  shownRun: null,
  focus: 0,
  resource: "cpu",
  nodesShown: NODE_PAGE,
  attemptsShown: ATTEMPT_PAGE,
  profile: "current", // the semantics profile shown
  profiles: [], // [{name, kubernetesVersion, summary}] from the engine
  compare: false, // run both profiles and mark the differences
  comparison: null, // the latest comparison, when comparing
  loading: null, // {id, name, bytes, read, objects}: a dump the engine is reading
  cluster: null, // {name, bytes, summary, stash, open}: the dump the runs are laid over
  search: { id: 0, query: "", offset: 0, page: null }, // the cluster's object search
  overlay: null, // Set of "Kind key" the shown result's editors hold, over a cluster
  resumeOverlay: false, // the editors were restored from text laid over a cluster
  ranges: null, // objectRanges() of the shown result
};

const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage may be disabled (private mode, sandboxed iframe): not fatal.
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

// ---------------------------------------------------------------- editors

const tabIds = [...TABS.map((t) => t.id), ALL.id];
const labelOf = (id) => [...TABS, ALL].find((t) => t.id === id).title;
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
    scheduleRun();
  },
  onPointer: (tab, line) => linkFromEditor(tab, line),
  onPaste: (tab, text) => pasteCluster(text),
});

function countObjects(text) {
  return (text.match(/^kind:/gm) ?? []).length;
}

function updateTabs() {
  const list = document.querySelector(".tabs");
  const errors = new Set(state.errorTabs ?? []);
  mount(
    list,
    [...TABS, ALL].map((t) => {
      // While All holds the text, the parts are not split yet: no counts.
      const count = t.id === ALL.id || state.source === "all" ? null : countObjects(state.tabs[t.id]);
      if (t.id === "other" && count === 0 && state.active !== "other") return null;
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
    state.active = parts.pending.trim() ? "pending" : ALL.id;
  } else {
    editors.setText(ALL.id, text);
    state.source = "all";
    state.active = ALL.id;
  }
  editors.show(state.active);
  updateTabs();
  const lessonEl = $("lesson");
  lessonEl.textContent = lesson;
  lessonEl.hidden = !lesson;
  runNow();
}

// ----------------------------------------------------------------- engine

let worker = null;
let timer = null;

function startWorker() {
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => onResult(data);
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    startWorker();
    const lost = state.loading?.name ?? state.cluster?.name;
    if (lost) {
      clusterFailed(`${lost} could not be loaded: the engine stopped while holding it (most likely out of memory).`, state.loading?.stash ?? null);
    } else {
      setStatus("error", "The engine stopped unexpectedly; it was restarted. Try again (Ctrl+Enter).");
    }
  };
}

function scenarioText() {
  return state.source === "all" ? editors.getText(ALL.id) : joinTabs(state.tabs).text;
}

function scheduleRun(delay = 300) {
  clearTimeout(timer);
  document.body.classList.add("busy");
  timer = setTimeout(runNow, delay);
}

function runNow() {
  clearTimeout(timer);
  if (state.loading) {
    document.body.classList.remove("busy");
    return; // the engine is reading a dump; it runs once that is done
  }
  const text = scenarioText();
  const joined = joinTabs(state.tabs);
  const overCluster = state.cluster !== null;
  // Over a cluster, the objects the editors hold (the others are the dump's).
  const overlay = overCluster ? objectKeys(text) : null;
  state.run = { id: ++state.runs, source: state.source, starts: joined.starts, tabs: { ...state.tabs }, overlay };
  document.body.classList.add("busy");
  // Over a cluster, the engine runs one profile (no comparison).
  const kind = state.compare && !overCluster ? "compare" : "simulate";
  worker.postMessage({ id: state.run.id, kind, text, profile: state.profile, overCluster });
  if (!embed) {
    storage.set(STORAGE_SCENARIO, text);
    if (overCluster) storage.set(STORAGE_CLUSTER, state.cluster.name);
    else storage.remove(STORAGE_CLUSTER);
  }
}

// Where a diagnostic points: {tab, line} in the editors of a given run.
function locate(diagnostic, run) {
  if (!(diagnostic.line > 0)) return { tab: run?.source === "tabs" ? state.active : ALL.id, line: 0 };
  if (!run || run.source === "all") return { tab: ALL.id, line: diagnostic.line };
  return locateLine(run.starts, run.tabs, diagnostic.line);
}

function markDiagnostics(result, run) {
  const byTab = Object.fromEntries(tabIds.map((id) => [id, []]));
  for (const d of result.diagnostics) {
    const where = locate(d, run);
    if (where.line > 0) byTab[where.tab].push({ ...d, line: where.line });
    // The All editor holds the joined stream: its lines are the engine's.
    if (d.line > 0 && where.tab !== ALL.id) byTab[ALL.id].push(d);
  }
  for (const id of tabIds) editors.setDiagnostics(id, byTab[id]);
  state.errorTabs = tabIds.filter((id) => byTab[id].some((d) => d.severity === "error"));
  updateTabs();
  mount(
    $("diagnostics"),
    renderDiagnostics(result.diagnostics, (d) => locate(d, run), (where) => jumpTo(where.tab, where.line)),
  );
}

// Large queues keep per-node detail for the first attempts only; the engine
// re-runs (deterministically) to detail the one a person opens.
function requestDetail(index) {
  state.detailRequest = { id: ++state.runs, index, shown: state.shown };
  worker.postMessage({
    id: state.detailRequest.id,
    text: scenarioText(),
    detailAttempt: index,
    profile: state.profile,
    overCluster: state.cluster !== null,
  });
}

function onDetail(data) {
  const request = state.detailRequest;
  state.detailRequest = null;
  if (data.error || request.shown !== state.shown) return;
  const detailed = data.result.pods[request.index];
  if (!detailed?.detailed) return;
  state.shown.pods[request.index] = detailed;
  if (state.focus === request.index) renderResult();
}

// The comparison holds one result per profile; show the selected one.
function resultOf(data) {
  if (!data.comparison) return { result: data.result, comparison: null };
  const comparison = data.comparison;
  if (comparison.kind !== "Comparison") return { result: comparison, comparison: null };
  const result = comparison.results.find((r) => r.profile === state.profile) ?? comparison.results[0];
  return { result, comparison };
}

function onResult(data) {
  if (data.profiles) return onProfiles(data.profiles);
  if (state.loading && data.id === state.loading.id) return data.progress ? onLoadProgress(data.progress) : onLoaded(data);
  if (data.id === state.search.id) return onObjects(data);
  if (state.detailRequest && data.id === state.detailRequest.id) return onDetail(data);
  if (!state.run || data.id !== state.run.id) return; // a newer run is on its way
  document.body.classList.remove("busy");
  if (data.error) {
    setStatus("error", `The engine failed: ${data.error}`);
    return;
  }
  const { result, comparison } = resultOf(data);
  state.result = result;
  markDiagnostics(result, state.run);
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  if (errors === 0 || !state.shown) {
    state.comparison = comparison;
    state.shown = result;
    state.shownRun = state.run;
    state.ranges = null;
    const overlay = state.run.overlay;
    const added = overlay && [...overlay].some((key) => !state.overlay?.has(key));
    state.overlay = overlay;
    if (state.focus === null || state.focus >= result.pods.length || added) state.focus = defaultFocus(result);
  }
  const stale = errors > 0;
  $("result-body").classList.toggle("stale", stale);
  const pending = new Set(result.pods.map((a) => a.pod)).size;
  if (stale) {
    setStatus("error", `${plural(errors, "error")} in the scenario: showing the last good result, dimmed. Fix the marked lines.`);
  } else {
    setStatus(
      "ok",
      `Simulated ${plural(pending, "pending pod")} (${plural(result.pods.length, "attempt")})` +
        `${data.overCluster ? " over the cluster" : ""} in ${Math.max(1, Math.round(data.ms))} ms` +
        (warnings ? ` · ${plural(warnings, "warning")}` : ""),
    );
  }
  renderResult();
}

// Over a cluster, the first pod the editors hold; else the first preemption.
function defaultFocus(result) {
  const own = state.overlay ? result.pods.findIndex((a) => state.overlay.has(`Pod ${a.pod}`)) : -1;
  if (own >= 0) return own;
  const i = result.pods.findIndex((a) => a.preemption !== null);
  return i >= 0 ? i : 0;
}

// ----------------------------------------------------------------- result

function focusPod(pod) {
  const i = state.shown.pods.findIndex((a) => a.pod === pod);
  if (i < 0) return;
  state.focus = i;
  state.attemptsShown = Math.max(state.attemptsShown, i + 1);
  renderResult();
  if (!state.shown.pods[i].detailed) requestDetail(i);
}

function renderResult() {
  const result = state.shown;
  if (!result) return;
  const attempt = result.pods[state.focus] ?? null;
  mount($("differences"), state.compare ? renderDifferences(state.comparison, focusPod) : null);
  mount(
    $("verdicts"),
    renderVerdicts(
      result,
      state.focus,
      (i) => {
        state.focus = i;
        state.nodesShown = NODE_PAGE;
        renderResult();
        if (!result.pods[i].detailed) requestDetail(i);
      },
      state.attemptsShown,
      (n) => {
        state.attemptsShown = n;
        renderResult();
      },
      state.compare ? differencesByPod(state.comparison) : new Map(),
    ),
  );
  mount($("victims"), renderVictims(attempt));
  mount(
    $("picture"),
    renderPicture(result, state.resource, (resource) => {
      state.resource = resource;
      renderResult();
    }),
  );
  mount($("selection"), renderSelection(attempt));
  mount(
    $("nodes"),
    renderNodes(attempt, state.nodesShown, (n) => {
      state.nodesShown = n;
      renderResult();
    }),
  );
}

function setStatus(kind, text) {
  const el = $("status");
  el.className = `status status-${kind}`;
  el.textContent = text;
}

/** Shows a message (text, or text and elements) above the page. */
function showBanner(message) {
  const el = $("banner");
  mount(el, h("span", {}, message), h("button", { type: "button", "aria-label": "Dismiss", onclick: () => (el.hidden = true) }, "×"));
  el.hidden = false;
}

// ------------------------------------------------------------ the cluster

// A dump too large for the editors goes to the worker as it is (a File as a
// handle, pasted text as one string); the engine reads it there as the
// cluster, and the editors then hold only what each run lays over it. The
// page never parses the dump or holds its text.

const OVERLAY_HINTS = {
  classes: "PriorityClasses typed here are added to the cluster's, or replace the one of the same name.",
  nodes: "Nodes typed here are added to the cluster, or replace its node of the same name.",
  running: "Running pods (with spec.nodeName) typed here are added to the cluster, or replace its pod of the same namespace and name.",
  pending: "Pods to schedule on top of the cluster go here. The cluster's own pending pods are scheduled too.",
  pdbs: "PodDisruptionBudgets typed here are added to the cluster's, or replace the one of the same namespace and name.",
  other: "Other objects (a KubeSchedulerConfiguration, Namespaces) laid over the cluster.",
  all: "What is laid over the cluster, as one stream: an object of the same kind and name replaces the cluster's; the others are added.",
};

const mebibytes = (bytes) => `${Math.ceil(bytes / 1048576).toLocaleString("en")} MiB`;

function refuseFile(name, bytes) {
  showBanner([
    `${name} is ${mebibytes(bytes)}: the page reads dumps up to ${mebibytes(MAX_CLUSTER_BYTES)} (1 GiB). ` +
      "The command line reads any size in the same engine: ",
    h("code", {}, CLI_COMMAND),
  ]);
}

/** Opens a dropped or chosen file: a dump becomes the cluster, a scenario fills the editors. */
async function openFile(file) {
  if (file.size > MAX_CLUSTER_BYTES) return refuseFile(file.name, file.size);
  if (file.size > CLUSTER_TEXT_BYTES) return loadCluster(file, file.name, file.size);
  let text;
  try {
    text = await file.text();
  } catch (error) {
    return showBanner(`${file.name} could not be read: ${error.message}`);
  }
  if (isClusterDump(text)) return loadCluster(file, file.name, file.size);
  loadScenario(text);
}

// A paste the size of a dump is read as the cluster, never into an editor.
function pasteCluster(text) {
  if (readOnly || !isClusterDump(text)) return false;
  loadCluster(text, "pasted text", text.length);
  return true;
}

function loadCluster(source, name, bytes) {
  if (bytes > MAX_CLUSTER_BYTES) return refuseFile(name, bytes);
  // One cluster at a time: the new one replaces it, under the same editors.
  const stash = state.loading?.stash ?? state.cluster?.stash ?? null;
  if (state.loading) cancelLoading(false);
  if (state.cluster) leaveCluster();
  state.loading = { id: ++state.runs, name, bytes, read: 0, objects: 0, stash };
  worker.postMessage({ id: state.loading.id, kind: "load", source });
  $("banner").hidden = true;
  document.body.classList.remove("busy");
  renderClusterPanel();
  setStatus("ok", `Reading ${name} (${sizeText(bytes)})…`);
}

function onLoadProgress({ bytes, objects }) {
  Object.assign(state.loading, { read: bytes, objects });
  const bar = document.getElementById("cluster-progress");
  if (bar) bar.value = Math.min(bytes, state.loading.bytes);
  const text = document.getElementById("cluster-progress-text");
  if (text) text.textContent = progressText(state.loading);
}

function onLoaded(data) {
  const { name, bytes, stash } = state.loading;
  state.loading = null;
  if (data.error) return clusterFailed(`${name} could not be loaded: ${data.error.replace(/\.$/, "")}.`, stash);
  const summary = data.summary;
  if (summary.nodes === 0 && summary.pods.total === 0) {
    worker.postMessage({ kind: "free" });
    const first = summary.diagnostics[0];
    return clusterFailed(`${name} holds no nodes and no pods: it is not a cluster${first ? ` (${first.message})` : ""}.`, stash, false);
  }
  // Editors that were laid over a cluster stay; plain ones wait for Remove.
  const keep = stash !== null || state.resumeOverlay;
  state.cluster = { name, bytes, summary, stash: keep ? stash : saveEditors(), open: true };
  state.resumeOverlay = false;
  if (!keep) clearEditors();
  editors.setPlaceholders(OVERLAY_HINTS);
  $("lesson").hidden = true;
  setCompareAvailable();
  state.focus = null;
  renderClusterPanel();
  runNow();
  searchObjects("", 0);
}

function saveEditors() {
  return { tabs: { ...state.tabs }, source: state.source, active: state.active, all: editors.getText(ALL.id), lesson: $("lesson").textContent };
}

function clearEditors() {
  for (const id of tabIds) editors.setText(id, "");
  state.tabs = Object.fromEntries(TABS.map((t) => [t.id, ""]));
  state.source = "tabs";
  state.active = "pending";
  editors.show(state.active);
  updateTabs();
}

// Puts back the editors the cluster was opened over (null: the default example).
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
  $("lesson").textContent = stash.lesson;
  $("lesson").hidden = !stash.lesson;
}

// Drops the cluster (in the worker too) and leaves the editors as they are.
function leaveCluster() {
  worker.postMessage({ kind: "free" });
  state.cluster = null;
  state.overlay = null;
  state.search = { id: 0, query: "", offset: 0, page: null };
  editors.setPlaceholders(null);
  setCompareAvailable();
  renderClusterPanel();
}

/** Removes the cluster and returns to the editors it was opened over. */
function removeCluster() {
  const stash = state.cluster.stash;
  leaveCluster();
  state.focus = null;
  if (stash) {
    restoreEditors(stash);
    runNow();
  } else {
    restoreEditors(null);
  }
  setStatus("ok", "Cluster removed.");
}

// Stops a load: the worker is busy reading, so it is replaced.
function cancelLoading(run = true) {
  const { name, stash } = state.loading;
  state.loading = null;
  worker.terminate();
  startWorker();
  renderClusterPanel();
  if (!run) return;
  if (stash) restoreEditors(stash);
  setStatus("ok", `Stopped reading ${name}.`);
  runNow();
}

// Says why a cluster is not there, and goes back to the editors it was opened over.
function clusterFailed(message, stash, pointToCli = true) {
  if (state.cluster) {
    stash = state.cluster.stash;
    leaveCluster();
  }
  state.loading = null;
  renderClusterPanel();
  showBanner(pointToCli ? [`${message} The command line reads dumps in the same engine: `, h("code", {}, CLI_COMMAND)] : message);
  if (stash) restoreEditors(stash);
  runNow();
}

function setCompareAvailable() {
  const button = $("compare");
  button.disabled = state.cluster !== null || state.loading !== null;
  button.title = button.disabled
    ? "Compare runs the editors' scenario alone: not over a loaded cluster"
    : "Run both profiles and mark where they differ";
}

function renderClusterPanel() {
  const el = $("cluster");
  if (state.loading) {
    mount(el, renderLoading(state.loading, () => cancelLoading()));
  } else if (state.cluster) {
    mount(
      el,
      renderCluster(state.cluster, {
        onRemove: removeCluster,
        onSearch: (query) => searchObjects(query, 0),
        query: state.search.query,
        open: state.cluster.open,
        onToggle: (open) => (state.cluster.open = open),
      }),
    );
    renderSearch();
  } else {
    mount(el);
  }
  el.hidden = !state.loading && !state.cluster;
  setCompareAvailable();
}

function searchObjects(query, offset) {
  state.search = { id: ++state.runs, query, offset, page: state.search.page };
  worker.postMessage({ id: state.search.id, kind: "objects", query, offset, limit: OBJECT_PAGE });
}

function onObjects(data) {
  state.search.page = data.error ? { total: 0, objects: [], error: data.error } : data.objects;
  renderSearch();
}

function renderSearch() {
  const host = document.getElementById("cluster-objects");
  if (host) mount(host, renderObjects(state.search.page, state.search, (offset) => searchObjects(state.search.query, offset)));
}

// ------------------------------------------- linking YAML and the result

// Object start lines (in the run's stream) from the engine's cluster section;
// over a loaded cluster, only the objects the editors hold (the others' lines
// are the dump's).
function objectRanges() {
  state.ranges ??= computeRanges();
  return state.ranges;
}

function computeRanges() {
  const cluster = state.shown?.cluster;
  if (!cluster) return [];
  const starts = [
    ...cluster.nodes.map((n) => ({ key: `Node ${n.node}`, line: n.line })),
    ...cluster.pods.map((p) => ({ key: `Pod ${p.pod}`, line: p.line })),
  ]
    .filter((o) => o.line > 0 && (!state.overlay || state.overlay.has(o.key)))
    .sort((a, b) => a.line - b.line);
  return starts.map((o, i) => {
    const from = locate({ line: o.line }, state.shownRun);
    const next = starts[i + 1];
    const toLine = next ? locate({ line: next.line - 1 }, state.shownRun) : null;
    return { key: o.key, tab: from.tab, fromLine: from.line, toLine: toLine?.tab === from.tab ? toLine.line : from.line + 200 };
  });
}

function setLinked(key) {
  for (const el of document.querySelectorAll(".linked")) el.classList.remove("linked");
  if (!key) return;
  for (const el of document.querySelectorAll(`[data-object="${CSS.escape(key)}"]`)) el.classList.add("linked");
}

function linkFromEditor(tab, line) {
  if (line === null) return setLinked(null);
  const hit = objectRanges().find((o) => o.tab === tab && o.fromLine <= line && line <= o.toLine);
  setLinked(hit?.key ?? null);
}

function linkFromResult(key) {
  const range = key ? objectRanges().find((o) => o.key === key) : null;
  editors.highlight(range?.tab === state.active ? state.active : null, range ?? null);
  for (const el of document.querySelectorAll(".tab")) el.classList.toggle("hint", !!range && el.id === `tab-${range.tab}`);
}

function jumpTo(tab, line) {
  if (embed) $("editor-details").open = true;
  if (tab !== state.active) selectTab(tab);
  if (line > 0) editors.scrollToLine(tab, line);
}

$("result-body").addEventListener("mouseover", (event) => {
  const el = event.target.closest("[data-object]");
  linkFromResult(el?.dataset.object ?? null);
});
$("result-body").addEventListener("mouseleave", () => linkFromResult(null));
$("result-body").addEventListener("click", (event) => {
  const el = event.target.closest("[data-object]");
  if (!el || event.target.closest("button")) return;
  const range = objectRanges().find((o) => o.key === el.dataset.object);
  if (range) jumpTo(range.tab, range.fromLine);
});

// ------------------------------------------------------- share and embed

function playgroundUrl(fragment, extra = "") {
  const url = new URL(location.href);
  url.search = extra;
  url.hash = fragment;
  return url.toString();
}

async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

function shareSettings() {
  const profile = state.profiles.find((p) => p.name === state.profile);
  return {
    scenario: scenarioText(),
    kubernetesVersion: profile?.kubernetesVersion ?? "",
    profile: state.profile,
    compare: state.compare,
  };
}

async function shareLink() {
  return playgroundUrl(await encodeShare(shareSettings()));
}

function clusterNote() {
  return state.cluster ? ` The cluster (${state.cluster.name}) is not in it: only what the editors lay over it.` : "";
}

async function openShare() {
  const input = $("share-link");
  input.value = ""; // never show the last scenario's link while encoding
  const link = await shareLink();
  input.value = link;
  const info = $("share-info");
  info.textContent =
    `${link.length.toLocaleString("en")} characters.` +
    (link.length > LONG_LINK_CHARS ? ` Longer than ${LONG_LINK_CHARS.toLocaleString("en")}: some chat tools and browsers may cut it.` : "") +
    clusterNote();
  info.classList.toggle("warning", link.length > LONG_LINK_CHARS);
  $("share-dialog").showModal();
  input.select();
  const copied = await copyText(link, input);
  if (copied) setStatus("ok", `Link copied (${link.length.toLocaleString("en")} characters).`);
}

async function openEmbed() {
  $("embed-snippet").value = "";
  const fragment = await encodeShare(shareSettings());
  const update = () => {
    const src = playgroundUrl(fragment, $("embed-readonly").checked ? "?embed&readonly" : "?embed");
    $("embed-snippet").value =
      `<iframe src="${src.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}" title="podsim: Kubernetes preemption" ` +
      `width="100%" height="560" style="border:0" loading="lazy"></iframe>`;
  };
  $("embed-readonly").onchange = update;
  update();
  $("embed-info").textContent = clusterNote().trim();
  $("embed-dialog").showModal();
}

async function applyFragment() {
  if (location.hash.length <= 1) return false;
  try {
    const { scenario, profile, compare } = await decodeShare(location.hash);
    await profilesReady;
    if (profile && !state.profiles.some((p) => p.name === profile)) {
      showBanner(`This link asks for the "${profile}" semantics, which this podsim does not know; showing ${state.profiles[0].name}.`);
      setProfile(state.profiles[0].name, false);
    } else {
      setProfile(profile || "current", false);
    }
    setCompare(compare, false);
    leaveAnyCluster();
    loadScenario(scenario);
  } catch (error) {
    showBanner(`This link could not be opened: ${error.message}. Showing the default scenario instead.`);
    leaveAnyCluster();
    loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
  }
  return true;
}

// ------------------------------------------------------ the rest, wiring

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  editors.setDark(theme === "dark");
  $("theme").setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
}

function setupTheme() {
  const media = matchMedia("(prefers-color-scheme: dark)");
  applyTheme(storage.get(STORAGE_THEME) ?? (media.matches ? "dark" : "light"));
  media.addEventListener("change", (e) => {
    if (!storage.get(STORAGE_THEME)) applyTheme(e.matches ? "dark" : "light");
  });
  $("theme").addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    storage.set(STORAGE_THEME, next);
    applyTheme(next);
  });
}

function setupGallery() {
  const select = $("examples");
  mount(
    select,
    h("option", { value: "" }, "Examples…"),
    GALLERY.map((e) => h("option", { value: e.id }, e.title)),
  );
  select.addEventListener("change", () => {
    const example = GALLERY.find((e) => e.id === select.value);
    if (!example) return;
    // An example is a whole scenario: it replaces a loaded cluster.
    leaveAnyCluster();
    // The profile examples open with both profiles compared.
    if (example.compare) setCompare(true, false);
    loadScenario(example.text, example.lesson);
  });
}

// Files dropped anywhere on the page open (the editors never read them
// themselves: a dump must not become editor text); text drops stay theirs.
function setupDrop() {
  let depth = 0;
  const files = (e) => [...(e.dataTransfer?.types ?? [])].includes("Files");
  const capture = { capture: true };
  document.addEventListener(
    "dragenter",
    (e) => {
      if (!files(e) || readOnly) return;
      depth += 1;
      document.body.classList.add("dropping");
    },
    capture,
  );
  document.addEventListener(
    "dragleave",
    (e) => {
      if (!files(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) document.body.classList.remove("dropping");
    },
    capture,
  );
  document.addEventListener(
    "dragover",
    (e) => {
      if (!files(e)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    capture,
  );
  document.addEventListener(
    "drop",
    (e) => {
      depth = 0;
      document.body.classList.remove("dropping");
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      if (!readOnly) openFile(file);
    },
    capture,
  );
  const input = $("open-file");
  $("open-file-button").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = ""; // the same file can be chosen again
    if (file) openFile(file);
  });
}

function leaveAnyCluster() {
  if (state.loading) cancelLoading(false);
  if (state.cluster) leaveCluster();
}

function setupKeys() {
  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === "Enter") {
      e.preventDefault();
      runNow();
    } else if (mod && (e.key === "s" || e.key === "S")) {
      e.preventDefault();
      shareLink().then(async (link) => {
        const copied = await copyText(link);
        setStatus("ok", copied ? `Share link copied (${link.length.toLocaleString("en")} characters).` : "Could not copy: use Share.");
      });
    }
  });
}

// ------------------------------------------------------------ profiles

let profilesLoaded;
const profilesReady = new Promise((resolve) => (profilesLoaded = resolve));

function onProfiles(list) {
  state.profiles = list;
  const select = $("profile");
  mount(
    select,
    list.map((p) => h("option", { value: p.name, title: p.summary }, `v${p.kubernetesVersion} semantics${p.name === "current" || p.name === `v${p.kubernetesVersion}` ? "" : ` (${p.name})`}`)),
  );
  select.value = state.profile;
  profilesLoaded();
}

function setProfile(name, run = true) {
  state.profile = name;
  $("profile").value = name;
  document.body.dataset.profile = name;
  if (run) runNow();
}

function setCompare(on, run = true) {
  state.compare = Boolean(on);
  $("compare").setAttribute("aria-pressed", String(state.compare));
  if (run) runNow();
}

async function main() {
  startWorker();
  worker.postMessage({ id: 0, kind: "profiles" });
  $("profile").addEventListener("change", (event) => setProfile(event.target.value));
  $("compare").addEventListener("click", () => setCompare(!state.compare));
  setupTheme();
  setupGallery();
  setupDrop();
  setupKeys();
  $("run").addEventListener("click", runNow);
  $("share").addEventListener("click", openShare);
  $("embed").addEventListener("click", openEmbed);
  $("share-copy").addEventListener("click", () => copyText($("share-link").value, $("share-link")));
  $("embed-copy").addEventListener("click", () => copyText($("embed-snippet").value, $("embed-snippet")));
  $("download-yaml").addEventListener("click", () => download("scenario.yaml", "application/yaml", scenarioText()));
  $("download-json").addEventListener("click", () => {
    if (state.shown) download("result.json", "application/json", `${JSON.stringify(state.shown, null, 2)}\n`);
  });
  window.addEventListener("hashchange", applyFragment);
  if (embed) {
    document.body.classList.add("embed");
    $("editor-details").open = false;
    const open = $("open-playground");
    open.hidden = false;
    open.href = playgroundUrl(location.hash);
    window.addEventListener("hashchange", () => (open.href = playgroundUrl(location.hash)));
    editors.setReadOnly(readOnly);
  }
  updateTabs();
  const laidOver = embed ? null : storage.get(STORAGE_CLUSTER);
  if (await applyFragment()) return;
  const saved = embed ? null : storage.get(STORAGE_SCENARIO);
  if (saved && saved.trim()) {
    loadScenario(saved);
    if (laidOver) {
      // The text was laid over a dump the page does not keep: say so, and lay
      // it over the next one opened.
      showBanner(`These objects were laid over ${laidOver}, which the page does not keep: open it again to see them over that cluster.`);
      state.resumeOverlay = true;
    }
  } else {
    loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
  }
}

main();
