// A cluster under the editors. A dump too large for the editors goes to the
// worker as it is (a File as a handle, pasted text as one string); the engine
// reads it there as the cluster, and the editors then hold the change each
// run lays over it. Several files (a folder, a support bundle) are one
// cluster too, and a file added to a loaded cluster reads them all again
// with it (Files are handles: nothing is held twice). The page never parses the dump; it keeps the text of a
// small one (read anyway to tell a dump from a scenario) for the share link,
// when it fits there. It owns the dump being read, the loaded cluster and
// its object search.
import { CLI_COMMAND, CLUSTER_TEXT_BYTES, MAX_CLUSTER_BYTES, isClusterDump } from "../model/scenario.js";
import { CLUSTER_LINK_CHARS, encodeShare } from "../model/share.js";
import { OBJECT_PAGE, progressText, renderCluster, renderLoading, renderObjects, sizeText } from "../views/cluster.js";
import { $, h, mount } from "../views/dom.js";
import { setStatus, showBanner } from "../views/status.js";

const OVERLAY_HINTS = {
  classes: "PriorityClasses typed here are added to the cluster's, or replace the one of the same name.",
  nodes: "Nodes typed here are added to the cluster, or replace its node of the same name.",
  running: "Running pods (with spec.nodeName) typed here are added to the cluster, or replace its pod of the same namespace and name.",
  pending: "Pods to schedule on top of the cluster go here. The cluster's own pending pods are scheduled too.",
  workloads:
    "Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs and ReplicationControllers typed here create their pods on the simulated clock over the cluster, " +
    "or replace the cluster's of the same namespace and name (a Deployment scaled up, say).",
  pdbs: "PodDisruptionBudgets typed here are added to the cluster's, or replace the one of the same namespace and name.",
  other: "Other objects (a KubeSchedulerConfiguration, Namespaces) laid over the cluster.",
  all: "What is laid over the cluster, as one stream: an object of the same kind and name replaces the cluster's; the others are added.",
};

const mebibytes = (bytes) => `${Math.ceil(bytes / 1048576).toLocaleString("en")} MiB`;

// Files under names of their own: a picked file has its base name only, and
// two namespaces' pods.json would be one ("pods.json (2)" then).
function uniquelyNamed(files) {
  const taken = new Set();
  return files.map((f) => {
    let name = f.name;
    for (let n = 2; taken.has(name); n += 1) name = `${f.name} (${n})`;
    taken.add(name);
    return name === f.name ? f : { ...f, name };
  });
}

// Whether two entries are the same file picked again.
const sameFile = (a, b) => typeof a.file !== "string" && typeof b.file !== "string" && a.file.name === b.file.name && a.file.size === b.file.size && a.file.lastModified === b.file.lastModified;

// Resolves to whether a dump's text fits in a share link by itself (the
// change then goes with it while the whole link fits).
async function fitsInLink(name, text) {
  const fragment = await encodeShare({ scenario: "", kubernetesVersion: "", cluster: { name, text } });
  return fragment.length <= CLUSTER_LINK_CHARS;
}

/**
 * Creates the cluster mode over the editors (scenario-editors.js, with
 * loadScenario(text) for a file that is a scenario), the engine's runner
 * (model/runner.js) and the focus (model/focus.js). hooks: runNow() runs the
 * editors' text, onClusterLink() hears that the cluster can now go in links,
 * forgetOverlay() that the shown result's change no longer lies over a
 * cluster.
 */
export function createClusterMode(mode, { scenario, engine, focus }, { runNow, onClusterLink, forgetOverlay }) {
  const { editors } = scenario;
  let loading = null; // {id, name, bytes, read, objects, stash, text, fits, keepEditors, source, files}: a dump the engine is reading
  let cluster = null; // {name, bytes, summary, stash, open, link, source, files}: the dump the runs are laid over
  // source: what one dump was read from (a File or text); files: the
  // [{name, file, found}] a cluster of several was read from (else null).
  let search = { id: 0, query: "", offset: 0, page: null }; // the cluster's object search
  let resumeOverlay = false; // the editors were restored from text laid over a cluster: it goes over the next one

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
    if (isClusterDump(text)) return loadCluster(file, file.name, file.size, { text });
    scenario.loadScenario(text);
  }

  /**
   * Opens several files as one cluster: [{name, file}] by path (folder: the
   * dropped folder's name, when one was). Picked or dropped in a bunch, each
   * counts as found, not named: one that holds no Kubernetes object (a
   * support bundle's groups.json) is one warning.
   */
  function openFiles(files, folder) {
    if (files.length === 0) return showBanner(`${folder ? `${folder}/` : "The files"} holds no .json, .yaml or .yml file.`);
    const bytes = files.reduce((sum, f) => sum + f.file.size, 0);
    const name = folder ? `${folder}/` : `${files.length} files`;
    loadFiles(uniquelyNamed(files.map((f) => ({ ...f, found: true }))), name, bytes);
  }

  /** Adds files to the loaded cluster, after its own (a file picked again is read once); the editors stay as they are. */
  function addFiles(added) {
    if (!cluster) return openFiles(added, null);
    const before = cluster.files ?? [{ name: cluster.name, file: cluster.source, found: false }];
    const fresh = added.filter((f) => !before.some((b) => sameFile(b, f))).map((f) => ({ ...f, found: true }));
    const files = uniquelyNamed([...before, ...fresh]);
    const bytes = files.reduce((sum, f) => sum + (typeof f.file === "string" ? f.file.length : f.file.size), 0);
    loadFiles(files, `${files.length} files`, bytes, { keepEditors: true });
  }

  function loadFiles(files, name, bytes, options = {}) {
    const sources = files.map((f) => ({ name: f.name, text: f.file, found: f.found }));
    loadCluster(sources, name, bytes, { ...options, files });
  }

  /** Reads a paste the size of a dump as the cluster, never into an editor; returns whether it did. */
  function pasteCluster(text) {
    if (mode.readOnly || !isClusterDump(text)) return false;
    loadCluster(text, "pasted text", text.length, { text: text.length <= CLUSTER_TEXT_BYTES ? text : null });
    return true;
  }

  /** Opens the cluster a link carries ({name, text}) under the change the editors hold. */
  function openLinkCluster({ name, text }) {
    loadCluster(text, name, new Blob([text]).size, { text, keepEditors: true });
  }

  // options: text, the dump's text when the page has it (a small one: it may
  // go in share links); keepEditors, the editors hold the change to lay over
  // it (a link's), kept as they are, and what Remove goes back to; files,
  // the files of a cluster of several (source is then their sources).
  function loadCluster(source, name, bytes, { text = null, keepEditors = false, files = null } = {}) {
    if (bytes > MAX_CLUSTER_BYTES) return refuseFile(name, bytes);
    // One cluster at a time: the new one replaces it, under the same editors.
    const stash = loading?.stash ?? cluster?.stash ?? null;
    if (loading) cancelLoading(false);
    if (cluster) leaveCluster();
    // Whether it fits in a link is known while the engine reads it.
    const fits = text !== null && bytes <= CLUSTER_TEXT_BYTES ? fitsInLink(name, text) : null;
    const id = engine.request({ kind: "load", source }, onLoadMessage);
    loading = { id, name, bytes, read: 0, objects: 0, stash, text: fits ? text : null, fits, keepEditors, source: files ? null : source, files };
    $("banner").hidden = true;
    document.body.classList.remove("busy");
    renderPanel();
    setStatus("ok", `Reading ${name} (${sizeText(bytes)})…`);
  }

  // Takes the worker's answers about the dump it reads: progress, then the
  // summary or an error. (A worker that stopped: engineStopped says so.)
  function onLoadMessage(data) {
    if (data.stopped || data.id !== loading?.id) return;
    if (data.progress) onLoadProgress(data.progress);
    else onLoaded(data);
  }

  function onLoadProgress({ bytes, objects }) {
    Object.assign(loading, { read: bytes, objects });
    const bar = document.getElementById("cluster-progress");
    if (bar) bar.value = Math.min(bytes, loading.bytes);
    const text = document.getElementById("cluster-progress-text");
    if (text) text.textContent = progressText(loading);
  }

  function onLoaded(data) {
    const { name, bytes, stash, text, fits, keepEditors, source, files } = loading;
    loading = null;
    if (data.error) return clusterFailed(`${name} could not be loaded: ${data.error.replace(/\.$/, "")}.`, stash);
    const summary = data.summary;
    if (summary.nodes === 0 && summary.pods.total === 0) {
      engine.post({ kind: "free" });
      const first = summary.diagnostics[0];
      return clusterFailed(`${name} holds no nodes and no pods: it is not a cluster${first ? ` (${first.message})` : ""}.`, stash, false);
    }
    // Editors that were laid over a cluster stay; plain ones wait for Remove.
    // A link's change stays, and Remove goes back to it alone.
    const keep = stash !== null || resumeOverlay || keepEditors;
    const back = keepEditors ? (stash ?? scenario.saveEditors()) : keep ? stash : scenario.saveEditors();
    const loaded = { name, bytes, summary, stash: back, open: true, link: null, source, files };
    cluster = loaded;
    fits?.then((ok) => {
      if (!ok || cluster !== loaded) return;
      loaded.link = { name, text };
      renderPanel();
      onClusterLink();
    });
    resumeOverlay = false;
    if (!keep) scenario.clearEditors();
    editors.setPlaceholders(OVERLAY_HINTS);
    $("lesson").hidden = true;
    setCompareAvailable();
    focus.clear();
    renderPanel();
    runNow();
    searchObjects("", 0);
  }

  // Drops the cluster (in the worker too) and leaves the editors as they are.
  function leaveCluster() {
    engine.post({ kind: "free" });
    cluster = null;
    forgetOverlay();
    search = { id: 0, query: "", offset: 0, page: null };
    editors.setPlaceholders(null);
    setCompareAvailable();
    renderPanel();
  }

  // Removes the cluster and returns to the editors it was opened over.
  function removeCluster() {
    const stash = cluster.stash;
    leaveCluster();
    focus.clear();
    if (stash) {
      scenario.restoreEditors(stash);
      runNow();
    } else {
      scenario.restoreEditors(null);
    }
    setStatus("ok", "Cluster removed.");
  }

  // Stops a load: the worker is busy reading, so it is replaced.
  function cancelLoading(run = true) {
    const { name, stash } = loading;
    loading = null;
    engine.restart();
    renderPanel();
    if (!run) return;
    if (stash) scenario.restoreEditors(stash);
    setStatus("ok", `Stopped reading ${name}.`);
    runNow();
  }

  /** Leaves a cluster, loaded or loading, for a whole scenario (an example, a link). */
  function leaveAnyCluster() {
    if (loading) cancelLoading(false);
    if (cluster) leaveCluster();
  }

  /** Says why a cluster is not there, and goes back to the editors it was opened over. */
  function clusterFailed(message, stash, pointToCli = true) {
    if (cluster) {
      stash = cluster.stash;
      leaveCluster();
    }
    loading = null;
    renderPanel();
    showBanner(pointToCli ? [`${message} The command line reads dumps in the same engine: `, h("code", {}, CLI_COMMAND)] : message);
    if (stash) scenario.restoreEditors(stash);
    runNow();
  }

  /** Says a cluster held or read is lost when the engine stopped; returns whether there was one. */
  function engineStopped() {
    const lost = loading?.name ?? cluster?.name;
    if (!lost) return false;
    clusterFailed(`${lost} could not be loaded: the engine stopped while holding it (most likely out of memory).`, loading?.stash ?? null);
    return true;
  }

  function setCompareAvailable() {
    const button = $("compare");
    button.disabled = cluster !== null || loading !== null;
    button.title = button.disabled
      ? "Compare runs the editors' scenario alone: not over a loaded cluster"
      : "Run both profiles and mark where they differ";
  }

  // Over a cluster, the editors are the change laid over it, and say so.
  function renderTitle() {
    scenario.updateTabs(); // the Workloads tab shows over a cluster
    const title = $("editor-title");
    if (!cluster) {
      title.textContent = "Edit scenario";
      return;
    }
    mount(title, "Your change, applied to ", h("span", { class: "file-name" }, cluster.name));
  }

  let panelCluster = null; // the cluster the panel last showed
  function renderPanel() {
    renderTitle();
    const el = $("cluster");
    if (loading) {
      mount(el, renderLoading(loading, () => cancelLoading()));
    } else if (cluster) {
      // The run's problems (the result view fills them in) stay when the same cluster's panel is
      // drawn again after the result came.
      const kept = panelCluster === cluster ? [...($("cluster-run-problems")?.childNodes ?? [])] : [];
      panelCluster = cluster;
      mount(
        el,
        renderCluster(cluster, {
          onRemove: removeCluster,
          onAdd: (chosen) => addFiles(chosen.map((file) => ({ name: file.name, file }))),
          onSearch: (query) => searchObjects(query, 0),
          query: search.query,
          open: cluster.open,
          inLink: cluster.link !== null,
          onToggle: (open) => (cluster.open = open),
        }),
      );
      $("cluster-run-problems")?.append(...kept);
      renderSearch();
    } else {
      mount(el);
    }
    el.hidden = !loading && !cluster;
    setCompareAvailable();
  }

  function searchObjects(query, offset) {
    const id = engine.request({ kind: "objects", query, offset, limit: OBJECT_PAGE }, onObjects);
    search = { id, query, offset, page: search.page };
  }

  // Takes a page of the cluster's objects from the worker (the latest search's only).
  function onObjects(data) {
    if (data.stopped || data.id !== search.id) return;
    search.page = data.error ? { total: 0, objects: [], error: data.error } : data.objects;
    renderSearch();
  }

  function renderSearch() {
    const host = document.getElementById("cluster-objects");
    if (host) mount(host, renderObjects(search.page, search, (offset) => searchObjects(search.query, offset)));
  }

  return {
    /** Returns the loaded cluster's name (null: none). */
    clusterName: () => cluster?.name ?? null,
    /** Returns the loaded cluster as a link carries it, {name, text}, when it is small enough for one (else null). */
    clusterLink: () => cluster?.link ?? null,
    /** Returns the name of the dump the engine is reading (null: none). */
    loadingName: () => loading?.name ?? null,
    /** Returns whether a cluster is loaded or being read. */
    isOpen: () => cluster !== null || loading !== null,
    /** Has the editors' text go over the next cluster opened (it was laid over one the page does not keep), or not. */
    setResumeOverlay(on) {
      resumeOverlay = on;
    },
    openFile,
    openFiles,
    addFiles,
    pasteCluster,
    openLinkCluster,
    leaveAnyCluster,
    engineStopped,
  };
}
