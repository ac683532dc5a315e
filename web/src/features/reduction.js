// The minimal reproduction of a pod's decision, asked from its attempt: the
// engine's worker reduces the shown result's scenario (over the loaded
// cluster, the editors' text as the change) and cuts the kept objects out
// of the text; this keeps the request and its answer, and takes the reduced
// scenario where a person wants it: the editors (undoably), a link, a file
// or a Markdown report. One reduction at a time: a new one supersedes the
// one on its way, whose answer is then dropped (as runs' are).
import { formatReductionMarkdown } from "../../../wasm/report.mjs";
import { LONG_LINK_CHARS } from "../model/share.js";
import { $, mount } from "../views/dom.js";
import { renderReduction } from "../views/reduction.js";
import { setStatus } from "../views/status.js";
import { download } from "./page-controls.js";
import { copyText } from "./share-dialogs.js";

const count = (n) => n.toLocaleString("en");

// "shop/checkout" -> "reduced-shop-checkout.yaml" (.json for a JSON dump's objects).
function fileNameFor(pod, scenario = "") {
  return `reduced-${pod.replace("/", "-")}.${scenario.trimStart().startsWith("{") ? "json" : "yaml"}`;
}

// The lesson the reduced scenario opens with (here or from its link): what
// it reproduces and, when it needs the input's clock start, that start.
function captionFor(r) {
  const { outcome, node, victims } = r.decision;
  const decision =
    outcome === "Scheduled" ? `scheduled on ${node}` : outcome === "Nominated" ? `nominated to ${node}${victims.length ? `, evicting ${victims.join(", ")}` : ""}` : "unschedulable";
  const at = new Date(r.startMs).toISOString().replace(".000Z", "Z");
  const start = r.startNeeded ? ` It decides alike only with the clock starting at ${at} (podsim run --start-time ${at}).` : "";
  return `A minimal reproduction: ${r.pod} is ${decision}.${start}`;
}

/**
 * Creates the reduction over the engine's runner (model/runner.js: request),
 * the runs (app/runs.js: the shown result), the focus (model/focus.js), the
 * profiles (profiles.js), the cluster mode (cluster-mode.js), the session
 * (session.js: replace), the sharing (share-dialogs.js: standaloneLink) and
 * the editors (scenario-editors.js: what they hold now).
 * hooks: inEditors(key) says whether the editors hold an object ("Kind
 * namespace/name"), rendered() follows a change of the running state (the
 * attempt's button says it).
 */
export function createReduction({ engine, runs, focus, profiles, clusterMode, session, sharing, scenario }, { inEditors, rendered }) {
  // The minimal reproduction shown: {id, pod, over, running, reduction,
  // scenario, error, ...}; null: none.
  let reduction = null;

  // Whether the editors hold what was reduced (run: the text and the cluster it ran over).
  const holds = (run) => run.text === scenario.scenarioText() && run.cluster === clusterMode.clusterName();

  /** Reduces the shown result's scenario for pod, superseding a reduction on its way. */
  function start(pod) {
    const run = runs.shownRun();
    if (!run) return;
    if (!holds(run)) {
      setStatus("error", "Fix the scenario's errors first: the result shown, dimmed, is of an earlier text than the editors hold.");
      return;
    }
    const loading = clusterMode.loadingName();
    if (loading !== null) {
      setStatus("error", `The engine is reading ${loading}: ask for the minimal reproduction once it is loaded.`);
      return;
    }
    // A later attempt's button reduces the pod's first attempt: the panel says so.
    const focused = runs.shown()?.pods[focus.index()];
    const profile = profiles.profile();
    const id = engine.request({ kind: "reduce", pod, text: run.text, profile, overCluster: run.cluster !== null }, onAnswer);
    reduction = {
      id,
      pod,
      run: { text: run.text, cluster: run.cluster },
      fromAttempt: focused?.pod === pod ? focused.attempt : 1,
      over: run.cluster,
      withChange: run.cluster !== null && run.text.trim() !== "",
      running: true,
      started: performance.now(),
      elapsedMs: 0,
      reduction: null,
      scenario: "",
      error: "",
      profile,
      note: "",
    };
    render();
    rendered();
    // The panel's top in view and the keyboard on its heading: what the button opened.
    $("reduction").scrollIntoView({ block: "start" });
    $("reduction-title").focus({ preventScroll: true });
  }

  // Takes the worker's answer to the reduction shown: {reduction, scenario}
  // or {error}, or {stopped} when the worker stopped.
  function onAnswer(data) {
    const current = reduction;
    if (data.id !== current?.id) return;
    if (data.stopped) data = { error: "the engine stopped while reducing (most likely out of memory); it was restarted" };
    Object.assign(current, {
      running: false,
      elapsedMs: performance.now() - current.started,
      reduction: data.reduction ?? null,
      scenario: data.scenario ?? "",
      error: data.error ?? "",
    });
    render();
    rendered();
    const r = current.reduction;
    if (current.error || r?.error) setStatus("error", `No minimal reproduction for ${current.pod}: see its panel.`);
    else setStatus("ok", `Reduced for ${current.pod} in ${(current.elapsedMs / 1000).toFixed(1)} s (${count(r.runs)} simulations).`);
  }

  const say = (note, warning = false) => {
    reduction.note = note;
    reduction.noteWarning = warning;
    render();
  };

  // Open it: the editors take the reduced scenario (undoably, even over an
  // unedited example: it was made from it), the panel closes, as what it
  // reduced is gone, and the page goes up to the banner that offers Undo.
  function openIt() {
    if (follow()) return;
    const { pod, reduction: reduced, scenario, profile } = reduction;
    focus.ask(pod);
    reduction = null;
    render();
    rendered();
    session.replace(scenario, { label: `the minimal reproduction for ${pod}`, example: { id: "", lesson: captionFor(reduced) }, profile, compare: false, undoable: true });
    window.scrollTo({ top: 0 });
    $("banner").querySelector(".banner-action")?.focus({ preventScroll: true });
  }

  async function copyLink() {
    const { reduction: reduced, scenario } = reduction;
    const { link, refused } = await sharing.standaloneLink(scenario, captionFor(reduced));
    if (refused) return say(`${refused.replace("Download the scenario (YAML)", "Download it")}`, true);
    const copied = await copyText(link);
    if (!copied) return say("Could not copy the link: the browser refused the clipboard.", true);
    const long = link.length > LONG_LINK_CHARS ? ` Longer than ${count(LONG_LINK_CHARS)}: some chat tools and browsers may cut it; the download is safer.` : "";
    say(`Link copied (${count(link.length)} characters): it opens the reduced scenario alone.${long}`, long !== "");
  }

  function downloadIt() {
    const { pod, scenario } = reduction;
    const name = fileNameFor(pod, scenario);
    download(name, name.endsWith(".json") ? "application/json" : "application/yaml", scenario);
  }

  async function copyMarkdown() {
    const { reduction: reduced, scenario } = reduction;
    const { link } = await sharing.standaloneLink(scenario, captionFor(reduced));
    const markdown = formatReductionMarkdown(reduced, { shareLink: link, scenario }).replace(/\n*$/, "\n");
    // Without the Clipboard API, the old way: a selected textarea (as markdown-copy.js does).
    const area = Object.assign(document.createElement("textarea"), { value: markdown, className: "visually-hidden" });
    document.body.append(area);
    const copied = await copyText(markdown, area);
    area.remove();
    say(
      copied
        ? `Copied a Markdown report (${count(markdown.length)} characters)${link ? "" : " without a link: the reduced scenario is too large for one"}.`
        : "Could not copy the Markdown report: the browser refused the clipboard.",
      !copied,
    );
  }

  // Close: the keyboard goes back to the button that opened the panel (or its attempt).
  function close() {
    const { pod } = reduction;
    reduction = null;
    render();
    rendered();
    const attempt = $("verdicts").querySelector(".attempt.focused");
    (attempt?.querySelector(`.reduce-button[data-pod="${CSS.escape(pod)}"]`) ?? attempt?.querySelector(".attempt-head"))?.focus();
  }

  // Closes the panel (and drops an answer on its way) when the editors no
  // longer hold what it reduced: an edit, another example, a file, a link.
  // Returns whether it closed.
  function follow() {
    if (!reduction || holds(reduction.run)) return false;
    const inPanel = $("reduction").contains(document.activeElement);
    reduction = null;
    render();
    rendered();
    if (/^(Reduced for|No minimal reproduction for) /.test($("status").textContent)) setStatus("ok", "");
    if (inPanel) $("verdicts").querySelector(".attempt.focused .attempt-head")?.focus({ preventScroll: true });
    return true;
  }

  // Draws the panel again; the keyboard stays on what it was on in it (the
  // heading, an action), which the new drawing replaces.
  function render() {
    if (follow()) return;
    const r = reduction;
    const data = r && { ...r, fileName: fileNameFor(r.pod, r.scenario) };
    const host = $("reduction");
    const active = host.contains(document.activeElement) ? document.activeElement : null;
    const again = active && (active.id ? `#${active.id}` : active.classList.length ? `.${[...active.classList].at(-1)}` : null);
    mount(host, renderReduction(data, inEditors, { onOpen: openIt, onCopyLink: copyLink, onDownload: downloadIt, onCopyMarkdown: copyMarkdown, onClose: close }));
    if (again && !host.contains(document.activeElement)) host.querySelector(again)?.focus({ preventScroll: true });
  }

  return {
    /** Returns the pod being reduced (null: none on its way). */
    reducingPod: () => (reduction?.running ? reduction.pod : null),
    start,
    render,
    follow,
  };
}
