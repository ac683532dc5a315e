// The playground: editors on the left, the engine's answer on the right, and,
// once a dump is opened, the cluster it holds above both. The page renders
// what the engine returns; it never decides fit, priority, victims or order.
// This entry creates the page's parts and wires them to each other; each
// part owns its own state, gets what it needs from here (the parts it reads,
// and hooks for what it causes), and imports nothing back.
import "./style.css";

import { createScenarioEditors } from "../editor/scenario-editors.js";
import { createAddressBar } from "../features/address-bar.js";
import { createClusterMode } from "../features/cluster-mode.js";
import { setupFileDrop } from "../features/file-drop.js";
import { createFragmentOpener } from "../features/link-fragment.js";
import { createLinking } from "../features/linking.js";
import { createMarkdownCopy } from "../features/markdown-copy.js";
import { setupDownloads, setupGallery, setupHeaderMenus, setupKeys } from "../features/page-controls.js";
import { createProfiles } from "../features/profiles.js";
import { createReduction } from "../features/reduction.js";
import { createResultView } from "../features/result-view.js";
import { createSession } from "../features/session.js";
import { copyText, createSharing, playgroundUrl } from "../features/share-dialogs.js";
import { setupTheme } from "../features/theme.js";
import { createVariants } from "../features/variants.js";
import { createFocus } from "../model/focus.js";
import { DEFAULT_EXAMPLE } from "../model/gallery.js";
import { EMBED_PANELS, pageMode } from "../model/page-mode.js";
import { createRunner } from "../model/runner.js";
import { STORAGE_CLUSTER, STORAGE_SCENARIO, STORAGE_VARIANT_B, storage } from "../model/storage.js";
import { $ } from "../views/dom.js";
import { setStatus, showBanner } from "../views/status.js";
import { ATTEMPT_PAGE, markReducing } from "../views/verdicts.js";
import { createRuns, startEngineWorker } from "./runs.js";

const mode = pageMode();
const focus = createFocus(ATTEMPT_PAGE);

// Every run but the one a pause in typing starts goes through here: the
// session sees the text first (an example's Compare may go with it), then
// the address bar follows.
function runNow() {
  variants.render();
  session.check();
  runs.runNow();
  addressBar.schedule(0);
}

// The parts call each other only through these closures, which run after
// every part exists.
const engine = createRunner(startEngineWorker, {
  onStopped: () => {
    engine.start(); // at once, to be ready for the next run
    if (!clusterMode.engineStopped()) setStatus("error", "The engine stopped unexpectedly; it was restarted. Try again (Ctrl+Enter).");
  },
});
const profiles = createProfiles(() => {
  session.onChosen();
  runNow();
});
const scenario = createScenarioEditors(mode, {
  onEdit: () => {
    session.onEdit();
    reduction.follow();
    runs.scheduleRun();
    addressBar.schedule(300); // with the run, as the session is saved
  },
  onRun: runNow,
  onLoad: () => {
    runs.newScenario();
    focus.clear();
    clusterMode.setResumeOverlay(false);
  },
  onPointer: (tab, line) => linking.linkFromEditor(tab, line),
  onPaste: (tab, text) => clusterMode.pasteCluster(text),
  onUndoLoad: () => session.undoReplacement(),
  overCluster: () => clusterMode.clusterName() !== null,
  latest: () => ({ result: runs.result(), run: runs.run() }),
});
// A file too small to be a cluster opens as a scenario, which the session
// replaces undoably, under the file's name.
let fileName = "";
// An example was just opened: its first result brings its lesson into view.
let revealLesson = false;
const clusterMode = createClusterMode(
  mode,
  { scenario: { ...scenario, loadScenario: (text) => session.openFile(fileName, text) }, engine, focus },
  { runNow, onClusterLink: () => addressBar.schedule(0), forgetOverlay: () => runs.forgetOverlay() },
);
const variants = createVariants(mode, { scenario, focus, profiles, clusterMode }, { onChange: runNow, variantDiff: () => runs.variantDiff() });
const runs = createRuns(
  mode,
  { engine, scenario, profiles, clusterMode, variants, focus },
  {
    render: () => {
      view.render();
      reduction.render(); // its links follow what the editors hold
      variants.render(); // its bar says what the run of A and B found
      if (revealLesson) showLesson();
      revealLesson = false;
    },
    showVariant: (v) => variants.show(v),
  },
);
const view = createResultView(
  mode,
  { runs, focus, profiles },
  {
    requestDetail: (index) => runs.requestDetail(index),
    showVariant: (v) => variants.show(v),
    reduce: mode.embed ? null : (pod) => reduction.start(pod),
    reducingPod: () => reduction.reducingPod(),
  },
);
const session = createSession(mode, { scenario, profiles, clusterMode, variants, focus, runs }, runNow);
const linking = createLinking(scenario, runs);
// Over a cluster, variant B waits aside (variants.js): links carry the change alone.
const sharing = createSharing(
  { profiles, session, clusterMode, runs, view },
  () => variants.textOf("a"),
  () => (clusterMode.isOpen() ? null : variants.textOf("b")),
);
const addressBar = createAddressBar(clusterMode, () => sharing.shareSettings(), (settings) => sharing.fragmentFor(settings), (url) => {
  if (mode.embed) $("open-playground").href = playgroundUrl(new URL(url).hash);
});
const markdown = createMarkdownCopy({ runs, clusterMode }, sharing);
const applyFragment = createFragmentOpener(profiles, session);
const reduction = createReduction(
  { engine, runs, focus, profiles, clusterMode, session, sharing, scenario },
  {
    inEditors: (key) => linking.hasObject(key),
    rendered: () => markReducing($("verdicts"), reduction.reducingPod()),
  },
);

// Brings the lesson into the middle of the window when any of it is out of view.
function showLesson() {
  const lesson = $("lesson");
  const { top, bottom } = lesson.getBoundingClientRect();
  if (!lesson.hidden && (top < 0 || bottom > innerHeight)) lesson.scrollIntoView({ block: "center" });
}

function openFile(file) {
  fileName = file.name;
  return clusterMode.openFile(file);
}

function setupEmbed() {
  document.body.classList.add("embed");
  $("editor-details").open = false;
  const open = $("open-playground");
  open.hidden = false;
  open.href = playgroundUrl(location.hash);
  window.addEventListener("hashchange", () => (open.href = playgroundUrl(location.hash)));
  scenario.editors.setReadOnly(mode.readOnly);
  for (const panel of EMBED_PANELS) $(panel).hidden = mode.panels !== null && !mode.panels.has(panel);
  reportHeight();
}

// Tells the page around the frame how tall the content is, whenever that
// changes: {type: "podsim:height", height} (the Embed dialog's snippet
// resizes the frame to it). The height never depends on the frame's own.
function reportHeight() {
  if (window.parent === window) return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "podsim:height", height }, "*");
  }).observe(document.body);
}

// Opens the link in the URL, else the last session, else the default example.
async function start() {
  const laidOver = mode.embed ? null : storage.get(STORAGE_CLUSTER);
  const saved = mode.embed ? null : storage.get(STORAGE_SCENARIO);
  const savedB = mode.embed ? null : storage.get(STORAGE_VARIANT_B);
  const instead = saved?.trim() ? "Showing your last scenario instead." : "Showing the default scenario instead.";
  if (!(await applyFragment(instead, true))) session.openSaved(...(saved?.trim() ? [saved, savedB] : [DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.variantB ?? null]));
  if (laidOver && scenario.scenarioText() === saved && !clusterMode.isOpen()) {
    // The text was laid over a dump the page does not keep: say so, and lay
    // it over the next one opened.
    showBanner(`These objects were laid over ${laidOver}, which the page does not keep: open it again to see them over that cluster.`);
    clusterMode.setResumeOverlay(true);
  }
  addressBar.settle();
}

// A link opened in this tab (the fragment changed by hand, or Back to an
// earlier one): the address bar waits while it opens.
async function onHashChange() {
  addressBar.pause();
  if (await applyFragment()) addressBar.settle();
}

engine.start();
engine.request({ kind: "profiles" }, (data) => {
  if (data.profiles) profiles.onProfiles(data.profiles);
});
setupTheme(scenario.editors, mode.theme);
// An example opens where its lesson shows: once its first result is drawn
// (panels above the verdicts, such as its differences, may push the lesson
// down), the lesson is scrolled into view.
setupGallery((example) => {
  revealLesson = true;
  session.openExample(example);
});
setupHeaderMenus();
setupFileDrop(mode, openFile, (files, folder) => clusterMode.openFiles(files, folder));
setupKeys({ runNow, copyShareLink: sharing.copyShareLink, undoReplacement: session.undoReplacement });
const { downloadScenario } = setupDownloads(() => runs.shown(), scenario.scenarioText);
// A verdict's note on a warning that changes the pod (a misspelt priorityClassName) shows its line.
$("verdicts").addEventListener("click", (event) => {
  const show = event.target.closest(".effect-show");
  const run = runs.shownRun();
  if (!show || !run) return;
  const where = scenario.locate({ line: Number(show.dataset.line) }, run);
  scenario.jumpTo(where.tab, where.line);
});
$("run").addEventListener("click", runNow);
$("share").addEventListener("click", sharing.openShare);
$("share-download").addEventListener("click", downloadScenario);
$("copy-markdown").addEventListener("click", markdown.copyMarkdown);
$("embed").addEventListener("click", sharing.openEmbed);
$("share-copy").addEventListener("click", () => copyText($("share-link").value, $("share-link")));
$("embed-copy").addEventListener("click", () => copyText($("embed-snippet").value, $("embed-snippet")));
window.addEventListener("hashchange", onHashChange);
if (mode.embed) setupEmbed();
scenario.updateTabs();
start();
