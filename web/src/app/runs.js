// The runs of the editors' text on the page's engine: a run after each pause
// in typing, the detail of an attempt a person opens, and what their answers
// hold. It owns the latest run, the latest result and the result on screen
// (the latest without errors, with its comparison or variant diff). The
// worker (engine-worker.js, which startEngineWorker starts) is the page's
// only importer of the engine; model/runner.js carries the requests to it.
import { RUN_DELAY_MS, pickResult } from "../model/runner.js";
import { objectKeys } from "../model/scenario.js";
import { STORAGE_CLUSTER, STORAGE_SCENARIO, STORAGE_VARIANT_B, storage } from "../model/storage.js";
import { countCauses } from "../views/diagnostics.js";
import { $, plural } from "../views/dom.js";
import { setStatus } from "../views/status.js";

/** Starts the page's engine worker (for createRunner). */
export const startEngineWorker = () => new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });

/**
 * Creates the runs over the engine's runner (model/runner.js), the editors
 * (scenario-editors.js), the profiles (profiles.js), the cluster mode
 * (cluster-mode.js), the variants (variants.js) and the focus
 * (model/focus.js). hooks: render() draws the shown result, showVariant(v)
 * shows variant "a" or "b".
 */
export function createRuns(mode, { engine, scenario, profiles, clusterMode, variants, focus }, { render, showVariant }) {
  let timer = null;
  // What the latest run was given: {source, starts, tabs, overlay, cluster,
  // text, variants, editing} (cluster: the name of the dump it runs over, or null).
  let run = null;
  let latest = null; // {result, run}: the latest result and the run it answers
  let shown = null; // {result, run, comparison, variantDiff}: the result on screen, the latest without errors
  let overlay = null; // Set of "Kind key" the shown result's editors hold, over a cluster
  let detail = null; // {index, shown}: the attempt the engine is detailing

  function scheduleRun(delay = RUN_DELAY_MS) {
    clearTimeout(timer);
    document.body.classList.add("busy");
    timer = setTimeout(runNow, delay);
  }

  function runNow() {
    clearTimeout(timer);
    if (clusterMode.loadingName() !== null) {
      document.body.classList.remove("busy");
      return; // the engine is reading a dump; it runs once that is done
    }
    const text = scenario.scenarioText();
    const cluster = clusterMode.clusterName();
    const overCluster = cluster !== null;
    // Over a cluster, the objects the editors hold (the others are the dump's).
    const objects = overCluster ? objectKeys(text) : null;
    // With a variant B, the engine diffs A and B (never over a cluster).
    const texts = overCluster ? null : variants.texts();
    const editing = texts ? variants.editing() : "a";
    const current = { ...scenario.runInput(), overlay: objects, cluster, text, variants: texts, editing };
    run = current;
    document.body.classList.add("busy");
    // Over a cluster, the engine runs one profile (no comparison).
    const kind = texts ? "diff" : profiles.compare() && !overCluster ? "compare" : "simulate";
    // Compare: the engine picks the pair (the default against the one shown).
    engine.request({ kind, text, profile: profiles.profile(), overCluster, variants: texts }, (data) => onAnswer(current, data));
    if (!mode.embed) {
      storage.set(STORAGE_SCENARIO, texts ? texts.a : text);
      if (texts) storage.set(STORAGE_VARIANT_B, texts.b);
      else storage.remove(STORAGE_VARIANT_B);
      if (overCluster) storage.set(STORAGE_CLUSTER, cluster);
      else storage.remove(STORAGE_CLUSTER);
    }
  }

  // Large queues keep per-node detail for the first attempts only; the engine
  // re-runs (deterministically) to detail the one a person opens.
  function requestDetail(index) {
    const request = { index, shown: shown?.result ?? null };
    detail = request;
    engine.request(
      { text: scenario.scenarioText(), detailAttempt: index, profile: profiles.profile(), overCluster: clusterMode.clusterName() !== null },
      (data) => onDetail(request, data),
    );
  }

  function onDetail(request, data) {
    if (data.stopped || request !== detail) return;
    detail = null;
    if (data.error || request.shown !== (shown?.result ?? null)) return;
    const detailed = data.result.pods[request.index];
    if (!detailed?.detailed) return;
    shown.result.pods[request.index] = detailed;
    if (focus.index() === request.index) render();
  }

  function onAnswer(answered, data) {
    if (data.stopped || answered !== run) return; // a newer run is on its way
    document.body.classList.remove("busy");
    if (data.error) {
      setStatus("error", `The engine failed: ${data.error}`);
      return;
    }
    onRun(data);
  }

  function onRun(data) {
    const { result, comparison, variantDiff } = pickResult(data, { profile: profiles.profile(), editing: run.editing });
    latest = { result, run };
    scenario.markDiagnostics(result, run);
    // One count per root cause: a typo that five pods name is one error.
    const { errors, warnings, infos, places } = countCauses(result.diagnostics);
    // A last good result is this scenario's: never one over another cluster
    // (or none), which the dimmed result would pass off as this one's.
    if (errors === 0 || !shown || shown.run.cluster !== run.cluster) {
      shown = { result, run, comparison, variantDiff };
      const added = run.overlay && [...run.overlay].some((key) => !overlay?.has(key));
      overlay = run.overlay;
      focus.follow(result, { overlay, added });
    }
    const stale = errors > 0;
    $("result-body").classList.toggle("stale", stale);
    const pending = new Set(result.pods.map((a) => a.pod)).size;
    if (stale) {
      const where = places > errors + warnings + infos ? ` (marked at ${places} places)` : "";
      setStatus("error", `${plural(errors, "error")} in the scenario${where}: showing the last good result, dimmed.`, [
        { label: errors === 1 ? "Show the error" : "Show the first error", run: () => scenario.showFirstProblem() },
      ]);
    } else {
      setStatus(
        "ok",
        `Simulated ${plural(pending, "pending pod")} (${plural(result.pods.length, "attempt")})` +
          `${data.overCluster ? " over the cluster" : ""} in ${Math.max(1, Math.round(data.ms))} ms` +
          (warnings ? ` · ${plural(warnings, "warning")}` : "") +
          (infos ? ` · ${plural(infos, "note")}` : ""),
      );
      if (variantDiff) otherVariantStatus(variantDiff);
    }
    render();
  }

  // The variant not shown may hold errors the editors cannot mark: say so.
  function otherVariantStatus(variantDiff) {
    const other = run.editing === "a" ? "b" : "a";
    const { errors } = countCauses(variantDiff.results[other === "a" ? 0 : 1].diagnostics);
    if (errors === 0) return;
    const name = other.toUpperCase();
    setStatus("error", `Variant ${name} has ${plural(errors, "error")}: its side of the comparison is not what it would be.`, [
      { label: `Show variant ${name}`, run: () => showVariant(other) },
    ]);
  }

  return {
    scheduleRun,
    runNow,
    requestDetail,
    /** Returns what the latest run was given (null: no run yet). */
    run: () => run,
    /** Returns the latest result (null: none yet). */
    result: () => latest?.result ?? null,
    /** Returns the run the latest result answers. */
    resultRun: () => latest?.run ?? null,
    /** Returns the result on screen: the latest without errors (null: none yet). */
    shown: () => shown?.result ?? null,
    /** Returns the run the result on screen answers. */
    shownRun: () => shown?.run ?? null,
    /** Returns the shown result's comparison of two profiles (null: none). */
    comparison: () => shown?.comparison ?? null,
    /** Returns the shown result's diff of variants A and B (null: none). */
    variantDiff: () => shown?.variantDiff ?? null,
    /** Returns the keys ("Kind namespace/name") of the objects the shown result's editors lay over a cluster (null: no cluster). */
    overlay: () => overlay,
    /** Returns the index of the attempt the engine is detailing (null: none). */
    detailing: () => detail?.index ?? null,
    /** Forgets the shown result's objects over a cluster: the cluster is gone. */
    forgetOverlay() {
      overlay = null;
    },
  };
}
