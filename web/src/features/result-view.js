// The result on screen: each panel rendered from the shown result, the
// focused attempt driving the victims, the selection and the node cards
// (and moved by the timeline, which a focus chosen elsewhere moves).
// Over a cluster, the change's consequences lead; the workloads follow the
// victims. It owns how much of the panels shows (node cards, events) and
// the resource the pictures draw.
import { renderRunProblems } from "../views/cluster.js";
import { differencesByPod, renderDifferences } from "../views/differences.js";
import { $, mount } from "../views/dom.js";
import { NODE_PAGE, renderNodes } from "../views/nodes.js";
import { renderPicture } from "../views/picture.js";
import { renderSelection } from "../views/selection.js";
import { createVariantDiffView } from "../views/variant-diff.js";
import { markFocus, renderVerdicts } from "../views/verdicts.js";
import { renderVictims } from "../views/victims.js";
import { EVENT_PAGE, createdPods, podTargets, renderChange, renderWorkloads } from "../views/workloads.js";
import { createTimeline } from "./timeline-control.js";

// "v1.14", "current (v1.37)": a result's profile as the compare view names it.
const profileName = (result) =>
  result.profile === `v${result.kubernetesVersion}` ? result.profile : `${result.profile} (v${result.kubernetesVersion})`;

/**
 * Creates the view of the runs' shown result (app/runs.js), under the page's
 * mode, the focus (model/focus.js) and the profiles (profiles.js: Compare).
 * hooks: requestDetail(index) asks the engine to detail an attempt it
 * summarised, showVariant(v) shows variant "a" or "b", reduce(pod) asks for
 * the minimal reproduction of a pod's decision (null: not offered),
 * reducingPod() names the pod being reduced (null: none).
 */
export function createResultView(mode, { runs, focus, profiles }, { requestDetail, showVariant, reduce = null, reducingPod }) {
  let nodesShown = NODE_PAGE; // the node cards listed
  let eventsShown = EVENT_PAGE; // the controllers' events listed in the workloads panel
  let resource = "cpu"; // the resource the pictures draw
  const variantDiffView = createVariantDiffView();
  // A step of the timeline moves the focus: the verdicts keep their DOM.
  const timeline = createTimeline(mode, { runs, focus }, { requestDetail, renderFocused: () => renderFocused({ verdicts: false }) });

  /** Focuses a pod's first attempt (from the differences panel). */
  function focusPod(pod) {
    const shown = runs.shown();
    const i = shown.pods.findIndex((a) => a.pod === pod);
    if (i < 0) return;
    focus.reveal(i);
    render();
    if (!shown.pods[i].detailed) requestDetail(i);
  }

  /**
   * Focuses an attempt ({index}) and moves the keyboard there, or to a
   * victim's row in it ({index, row}): where a link to a pod goes.
   */
  function showTarget({ index, row = null }) {
    focus.reveal(index);
    nodesShown = NODE_PAGE;
    render();
    if (!runs.shown().pods[index].detailed) requestDetail(index);
    const victim = row ? document.querySelector(`#victims tr[data-object="${CSS.escape(`Pod ${row}`)}"]`) : null;
    (victim ?? $("verdicts").querySelectorAll(".attempt-head")[index])?.focus();
  }

  function render() {
    const result = runs.shown();
    if (!result) return;
    // The cluster the shown result was simulated over, if any.
    const cluster = runs.shownRun()?.cluster ?? null;
    const variantDiff = runs.variantDiff();
    mount($("change"), cluster ? renderChange(result, cluster, showTarget) : null);
    // The run's problems with the cluster's own objects go to its panel.
    const clusterProblems = document.getElementById("cluster-run-problems");
    if (clusterProblems) mount(clusterProblems, cluster ? renderRunProblems(result.clusterDiagnostics) : null);
    mount(
      $("differences"),
      profiles.compare() ? renderDifferences(runs.comparison(), focusPod) : variantDiff ? variantDiffView.render(variantDiff, runs.shownRun(), focusPod, showVariant) : null,
    );
    mount(
      $("workloads"),
      renderWorkloads(result, showTarget, {
        chains: !cluster,
        eventsShown,
        onShowMore: again((n) => (eventsShown = n)),
      }),
    );
    mount($("picture"), renderPicture(result, resource, again(setResource), { profileLabel: profileLabel(result) }));
    renderFocused();
  }

  // Comparing profiles or variants, the detail panels say which result they show.
  const profileLabel = (result) =>
    profiles.compare() && runs.comparison() ? profileName(result) : runs.variantDiff() ? `variant ${runs.shownRun().editing.toUpperCase()}` : null;

  const again = (change) => (value) => {
    change(value);
    render();
  };
  const setResource = (name) => (resource = name);

  // What the focused attempt drives: the verdicts (or only their focus
  // mark), victims, tie-break table, node cards, and the timeline (which
  // moves the focus as it steps).
  function renderFocused({ verdicts = true } = {}) {
    const result = runs.shown();
    if (!result) return;
    timeline.sync();
    const attempt = result.pods[focus.index()] ?? null;
    const label = profileLabel(result);
    if (!verdicts) markFocus($("verdicts"), focus.index());
    else mount(
      $("verdicts"),
      renderVerdicts(
        result,
        focus.index(),
        (i) => {
          focus.set(i);
          nodesShown = NODE_PAGE;
          render();
          if (!result.pods[i].detailed) requestDetail(i);
        },
        focus.attemptsShown(),
        again((n) => focus.showAttempts(n)),
        differencesByPod(profiles.compare() ? runs.comparison() : runs.variantDiff()),
        {
          created: createdPods(result),
          onReplaced: (pod) => {
            const target = podTargets(result).eviction(pod);
            if (target) showTarget(target);
          },
          onReduce: reduce,
          reducing: reducingPod(),
        },
      ),
    );
    mount($("victims"), renderVictims(attempt, { profileLabel: label }));
    mount($("selection"), renderSelection(attempt, { profileLabel: label }));
    mount($("nodes"), renderNodes(attempt, nodesShown, again((n) => (nodesShown = n)), { profileLabel: label }));
    timeline.render({ resource, onResource: again(setResource), profileLabel: label });
  }

  return {
    render,
    /** Returns the timeline's step (0 the start, k attempt k; by time, the latest attempt of its moment), as ?step= names it. */
    timelineStep: () => timeline.currentStep(),
  };
}
