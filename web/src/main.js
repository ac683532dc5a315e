// The playground: editors on the left, the engine's answer on the right.
// The page renders what the engine returns; it never decides fit, priority,
// victims or order.
import "./style.css";

import { h, mount, plural } from "./dom.js";
import { createEditors } from "./editors.js";
import { DEFAULT_EXAMPLE, GALLERY } from "./gallery.js";
import { ALL, TABS, joinTabs, locateLine, splitStream } from "./scenario.js";
import { LONG_LINK_CHARS, decodeShare, encodeShare } from "./share.js";
import { renderDiagnostics } from "./views/diagnostics.js";
import { differencesByPod, renderDifferences } from "./views/differences.js";
import { NODE_PAGE, renderNodes } from "./views/nodes.js";
import { renderPicture } from "./views/picture.js";
import { renderSelection } from "./views/selection.js";
import { ATTEMPT_PAGE, renderVerdicts } from "./views/verdicts.js";
import { renderVictims } from "./views/victims.js";

const STORAGE_SCENARIO = "podsim:scenario";
const STORAGE_THEME = "podsim:theme";
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
    setStatus("error", "The engine stopped unexpectedly; it was restarted. Try again (Ctrl+Enter).");
    worker.terminate();
    startWorker();
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
  const text = scenarioText();
  const joined = joinTabs(state.tabs);
  state.run = { id: ++state.runs, source: state.source, starts: joined.starts, tabs: { ...state.tabs } };
  document.body.classList.add("busy");
  worker.postMessage({ id: state.run.id, kind: state.compare ? "compare" : "simulate", text, profile: state.profile });
  if (!embed) storage.set(STORAGE_SCENARIO, text);
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
  worker.postMessage({ id: state.detailRequest.id, text: scenarioText(), detailAttempt: index, profile: state.profile });
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
    if (state.focus === null || state.focus >= result.pods.length) state.focus = defaultFocus(result);
  }
  const stale = errors > 0;
  $("result-body").classList.toggle("stale", stale);
  const pending = new Set(result.pods.map((a) => a.pod)).size;
  if (stale) {
    setStatus("error", `${plural(errors, "error")} in the scenario: showing the last good result, dimmed. Fix the marked lines.`);
  } else {
    setStatus(
      "ok",
      `Simulated ${plural(pending, "pending pod")} (${plural(result.pods.length, "attempt")}) in ${Math.max(1, Math.round(data.ms))} ms` +
        (warnings ? ` · ${plural(warnings, "warning")}` : ""),
    );
  }
  renderResult();
}

function defaultFocus(result) {
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

function showBanner(text) {
  const el = $("banner");
  mount(el, h("span", {}, text), h("button", { type: "button", "aria-label": "Dismiss", onclick: () => (el.hidden = true) }, "×"));
  el.hidden = false;
}

// ------------------------------------------- linking YAML and the result

// Object start lines (in the run's stream) from the engine's cluster section.
function objectRanges() {
  const cluster = state.shown?.cluster;
  if (!cluster) return [];
  const starts = [
    ...cluster.nodes.map((n) => ({ key: `Node ${n.node}`, line: n.line })),
    ...cluster.pods.map((p) => ({ key: `Pod ${p.pod}`, line: p.line })),
  ]
    .filter((o) => o.line > 0)
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

async function openShare() {
  const input = $("share-link");
  input.value = ""; // never show the last scenario's link while encoding
  const link = await shareLink();
  input.value = link;
  const info = $("share-info");
  info.textContent =
    `${link.length.toLocaleString("en")} characters.` +
    (link.length > LONG_LINK_CHARS ? ` Longer than ${LONG_LINK_CHARS.toLocaleString("en")}: some chat tools and browsers may cut it.` : "");
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
    loadScenario(scenario);
  } catch (error) {
    showBanner(`This link could not be opened: ${error.message}. Showing the default scenario instead.`);
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
    // The profile examples open with both profiles compared.
    if (example.compare) setCompare(true, false);
    loadScenario(example.text, example.lesson);
  });
}

function setupDrop() {
  const host = $("editor-host");
  host.addEventListener("dragover", (e) => e.preventDefault());
  host.addEventListener("drop", async (e) => {
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    if (file.size > 64 * 1024 * 1024) return showBanner(`${file.name} is larger than 64 MiB.`);
    loadScenario(await file.text());
  });
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
  if (await applyFragment()) return;
  const saved = embed ? null : storage.get(STORAGE_SCENARIO);
  if (saved && saved.trim()) loadScenario(saved);
  else loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
}

main();
