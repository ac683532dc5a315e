// The engine's worker and the runs of the editors' text: a run after each
// pause in typing, the detail of an attempt a person opens, and where each
// of the worker's answers goes. The worker (engine-worker.js) is the page's
// only importer of the engine.
import { plural } from "../views/dom.js";
import { joinTabs, objectKeys } from "../model/scenario.js";
import { $ } from "./state.js";
import { setStatus } from "../views/status.js";
import { countCauses } from "../views/diagnostics.js";
import { STORAGE_CLUSTER, STORAGE_SCENARIO, STORAGE_VARIANT_B, storage } from "../model/storage.js";

/**
 * Creates the runner; start() starts the worker. scenario is the editors'
 * API (scenario-editors.js). hooks: render() draws the shown result,
 * onProfiles(list), onLoadMessage(data) and onObjects(data) take the answers
 * about a dump (cluster-mode.js), onClusterLost(message, stash) when the
 * worker stopped while holding one; variantTexts() returns {a, b} while the
 * scenario has a variant B (variants.js), else null, and showVariant(v)
 * shows one; onReduction(data) takes the answer to the reduction on its
 * way (reduction.js).
 */
export function createRunner(state, mode, scenario, { render, onProfiles, onLoadMessage, onObjects, onClusterLost, variantTexts, showVariant, onReduction }) {
  let worker = null;
  let timer = null;

  function start() {
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => onAnswer(data);
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      start();
      if (state.reduction?.running) onReduction({ id: state.reduction.id, error: "the engine stopped while reducing (most likely out of memory); it was restarted" });
      const lost = state.loading?.name ?? state.cluster?.name;
      if (lost) {
        onClusterLost(`${lost} could not be loaded: the engine stopped while holding it (most likely out of memory).`, state.loading?.stash ?? null);
      } else {
        setStatus("error", "The engine stopped unexpectedly; it was restarted. Try again (Ctrl+Enter).");
      }
    };
  }

  /** Replaces a busy worker (one reading a dump) with a new one. */
  function restart() {
    worker.terminate();
    start();
  }

  const post = (message) => worker.postMessage(message);

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
    const text = scenario.scenarioText();
    const joined = joinTabs(state.tabs);
    const overCluster = state.cluster !== null;
    // Over a cluster, the objects the editors hold (the others are the dump's).
    const overlay = overCluster ? objectKeys(text) : null;
    // With a variant B, the engine diffs A and B (never over a cluster).
    const variants = overCluster ? null : variantTexts();
    const editing = variants ? state.variants.editing : "a";
    state.run = { id: ++state.runs, source: state.source, starts: joined.starts, tabs: { ...state.tabs }, overlay, cluster: state.cluster?.name ?? null, text, variants, editing };
    document.body.classList.add("busy");
    // Over a cluster, the engine runs one profile (no comparison).
    const kind = variants ? "diff" : state.compare && !overCluster ? "compare" : "simulate";
    // Compare: the engine picks the pair (the default against the one shown).
    post({ id: state.run.id, kind, text, profile: state.profile, overCluster, variants });
    if (!mode.embed) {
      storage.set(STORAGE_SCENARIO, variants ? variants.a : text);
      if (variants) storage.set(STORAGE_VARIANT_B, variants.b);
      else storage.remove(STORAGE_VARIANT_B);
      if (overCluster) storage.set(STORAGE_CLUSTER, state.cluster.name);
      else storage.remove(STORAGE_CLUSTER);
    }
  }

  // Large queues keep per-node detail for the first attempts only; the engine
  // re-runs (deterministically) to detail the one a person opens.
  function requestDetail(index) {
    state.detailRequest = { id: ++state.runs, index, shown: state.shown };
    post({
      id: state.detailRequest.id,
      text: scenario.scenarioText(),
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
    if (state.focus === request.index) render();
  }

  function onAnswer(data) {
    if (data.profiles) return onProfiles(data.profiles);
    if (state.loading && data.id === state.loading.id) return onLoadMessage(data);
    if (data.id === state.search.id) return onObjects(data);
    if (state.detailRequest && data.id === state.detailRequest.id) return onDetail(data);
    if (state.reduction && data.id === state.reduction.id) return onReduction(data);
    if (!state.run || data.id !== state.run.id) return; // a newer run is on its way
    document.body.classList.remove("busy");
    if (data.error) {
      setStatus("error", `The engine failed: ${data.error}`);
      return;
    }
    onRun(data);
  }

  function onRun(data) {
    const { result, comparison, variantDiff } = resultOf(data);
    state.result = result;
    state.resultRun = state.run;
    scenario.markDiagnostics(result, state.run);
    // One count per root cause: a typo that five pods name is one error.
    const { errors, warnings, places } = countCauses(result.diagnostics);
    if (errors === 0 || !state.shown) {
      state.comparison = comparison;
      state.variantDiff = variantDiff;
      state.shown = result;
      state.shownRun = state.run;
      state.ranges = null;
      const overlay = state.run.overlay;
      const added = overlay && [...overlay].some((key) => !state.overlay?.has(key));
      state.overlay = overlay;
      if (state.focus === null || state.focus >= result.pods.length || added) state.focus = defaultFocus(result);
      focusAsked(result);
    }
    const stale = errors > 0;
    $("result-body").classList.toggle("stale", stale);
    const pending = new Set(result.pods.map((a) => a.pod)).size;
    if (stale) {
      const where = places > errors + warnings ? ` (marked at ${places} places)` : "";
      setStatus("error", `${plural(errors, "error")} in the scenario${where}: showing the last good result, dimmed.`, [
        { label: errors === 1 ? "Show the error" : "Show the first error", run: () => scenario.showFirstProblem() },
      ]);
    } else {
      setStatus(
        "ok",
        `Simulated ${plural(pending, "pending pod")} (${plural(result.pods.length, "attempt")})` +
          `${data.overCluster ? " over the cluster" : ""} in ${Math.max(1, Math.round(data.ms))} ms` +
          (warnings ? ` · ${plural(warnings, "warning")}` : ""),
      );
      if (variantDiff) otherVariantStatus(variantDiff);
    }
    render();
  }

  // The variant not shown may hold errors the editors cannot mark: say so.
  function otherVariantStatus(variantDiff) {
    const other = state.run.editing === "a" ? "b" : "a";
    const { errors } = countCauses(variantDiff.results[other === "a" ? 0 : 1].diagnostics);
    if (errors === 0) return;
    const name = other.toUpperCase();
    setStatus("error", `Variant ${name} has ${plural(errors, "error")}: its side of the comparison is not what it would be.`, [
      { label: `Show variant ${name}`, run: () => showVariant(other) },
    ]);
  }

  // The comparison holds one result per profile; show the selected one. A
  // variant diff holds one per variant; show the one in the editors.
  function resultOf(data) {
    if (data.variantDiff) {
      const variantDiff = data.variantDiff;
      if (variantDiff.kind !== "VariantDiff") return { result: variantDiff, comparison: null, variantDiff: null };
      return { result: variantDiff.results[state.run.editing === "a" ? 0 : 1], comparison: null, variantDiff };
    }
    if (!data.comparison) return { result: data.result, comparison: null, variantDiff: null };
    const comparison = data.comparison;
    if (comparison.kind !== "Comparison") return { result: comparison, comparison: null, variantDiff: null };
    const result = comparison.results.find((r) => r.profile === state.profile) ?? comparison.results[0];
    return { result, comparison, variantDiff: null };
  }

  // A pod the page asked to focus once its scenario runs (a reduction
  // opened, an example about one pod): its first attempt.
  function focusAsked(result) {
    if (!state.focusPod) return;
    const i = result.pods.findIndex((a) => a.pod === state.focusPod);
    state.focusPod = null;
    if (i < 0) return;
    state.focus = i;
    state.attemptsShown = Math.max(state.attemptsShown, i + 1);
  }

  // Over a cluster, the first pod of the change (the editors' or one their
  // workloads created); else the first preemption.
  function defaultFocus(result) {
    const own = state.overlay ? result.pods.findIndex((a) => a.fromChange || state.overlay.has(`Pod ${a.pod}`)) : -1;
    if (own >= 0) return own;
    const i = result.pods.findIndex((a) => a.preemption !== null);
    return i >= 0 ? i : 0;
  }

  return { start, restart, post, scheduleRun, runNow, requestDetail };
}
