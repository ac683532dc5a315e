// The playground: editors on the left, the engine's answer on the right, and,
// once a dump is opened, the cluster it holds above both. The page renders
// what the engine returns; it never decides fit, priority, victims or order.
// This entry creates the page's parts and wires them to each other; each
// part gets what it needs from here and imports nothing back.
import "./style.css";

import { createClusterMode } from "./cluster-mode.js";
import { setupFileDrop } from "./file-drop.js";
import { DEFAULT_EXAMPLE } from "./gallery.js";
import { createFragmentOpener } from "./link-fragment.js";
import { createLinking } from "./linking.js";
import { createMarkdownCopy } from "./markdown-copy.js";
import { setupDownloads, setupGallery, setupKeys } from "./page-controls.js";
import { createProfiles } from "./profiles.js";
import { createResultView } from "./result-view.js";
import { createRunner } from "./runner.js";
import { createScenarioEditors } from "./scenario-editors.js";
import { copyText, createSharing, playgroundUrl } from "./share-dialogs.js";
import { $, createState, pageMode } from "./state.js";
import { showBanner } from "./status.js";
import { STORAGE_CLUSTER, STORAGE_SCENARIO, storage } from "./storage.js";
import { setupTheme } from "./theme.js";

const state = createState();
const mode = pageMode();

// The parts call each other only through these closures, which run after
// every part exists.
const scenario = createScenarioEditors(state, mode, {
  onEdit: () => runner.scheduleRun(),
  onRun: () => runner.runNow(),
  onPointer: (tab, line) => linking.linkFromEditor(tab, line),
  onPaste: (tab, text) => clusterMode.pasteCluster(text),
});
const view = createResultView(state, { requestDetail: (index) => runner.requestDetail(index) });
const profiles = createProfiles(state, () => runner.runNow());
const runner = createRunner(state, mode, scenario, {
  render: () => view.render(),
  onProfiles: (list) => profiles.onProfiles(list),
  onLoadMessage: (data) => clusterMode.onLoadMessage(data),
  onObjects: (data) => clusterMode.onObjects(data),
  onClusterLost: (message, stash) => clusterMode.clusterFailed(message, stash),
});
const clusterMode = createClusterMode(state, mode, scenario, runner);
const linking = createLinking(state, scenario);
const sharing = createSharing(state, scenario.scenarioText);
const markdown = createMarkdownCopy(state, sharing);
const applyFragment = createFragmentOpener(state, profiles, scenario, clusterMode);

function openExample(example) {
  // An example is a whole scenario: it replaces a loaded cluster.
  clusterMode.leaveAnyCluster();
  // The profile examples open with both profiles compared.
  if (example.compare) profiles.setCompare(true, false);
  scenario.loadScenario(example.text, example.lesson);
}

function setupEmbed() {
  document.body.classList.add("embed");
  $("editor-details").open = false;
  const open = $("open-playground");
  open.hidden = false;
  open.href = playgroundUrl(location.hash);
  window.addEventListener("hashchange", () => (open.href = playgroundUrl(location.hash)));
  scenario.editors.setReadOnly(mode.readOnly);
}

// Opens the link in the URL, else the last session, else the default example.
async function start() {
  const laidOver = mode.embed ? null : storage.get(STORAGE_CLUSTER);
  if (await applyFragment()) return;
  const saved = mode.embed ? null : storage.get(STORAGE_SCENARIO);
  if (saved && saved.trim()) {
    scenario.loadScenario(saved);
    if (laidOver) {
      // The text was laid over a dump the page does not keep: say so, and lay
      // it over the next one opened.
      showBanner(`These objects were laid over ${laidOver}, which the page does not keep: open it again to see them over that cluster.`);
      state.resumeOverlay = true;
    }
  } else {
    scenario.loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
  }
}

runner.start();
runner.post({ id: 0, kind: "profiles" });
setupTheme(scenario.editors);
setupGallery(openExample);
setupFileDrop(mode, clusterMode.openFile);
setupKeys({ runNow: runner.runNow, copyShareLink: sharing.copyShareLink });
setupDownloads(state, scenario.scenarioText);
$("run").addEventListener("click", () => runner.runNow());
$("share").addEventListener("click", sharing.openShare);
$("copy-markdown").addEventListener("click", markdown.copyMarkdown);
$("embed").addEventListener("click", sharing.openEmbed);
$("share-copy").addEventListener("click", () => copyText($("share-link").value, $("share-link")));
$("embed-copy").addEventListener("click", () => copyText($("embed-snippet").value, $("embed-snippet")));
window.addEventListener("hashchange", applyFragment);
if (mode.embed) setupEmbed();
scenario.updateTabs();
start();
