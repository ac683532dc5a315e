// The result on screen: each panel rendered from the shown result, the
// focused attempt driving the victims, the selection and the node cards
// (and moved by the timeline, which a focus chosen elsewhere moves).
// Over a cluster, the change's consequences lead; the workloads follow the
// victims.
import { mount } from "../views/dom.js";
import { $ } from "../app/state.js";
import { createTimeline } from "./timeline-control.js";
import { differencesByPod, renderDifferences } from "../views/differences.js";
import { createVariantDiffView } from "../views/variant-diff.js";
import { NODE_PAGE, renderNodes } from "../views/nodes.js";
import { renderPicture } from "../views/picture.js";
import { renderSelection } from "../views/selection.js";
import { markFocus, renderVerdicts } from "../views/verdicts.js";
import { renderVictims } from "../views/victims.js";
import { createdPods, podTargets, renderChange, renderWorkloads } from "../views/workloads.js";

// "v1.14", "current (v1.35)": a result's profile as the compare view names it.
const profileName = (result) =>
  result.profile === `v${result.kubernetesVersion}` ? result.profile : `${result.profile} (v${result.kubernetesVersion})`;

/**
 * Creates the view; requestDetail(index) asks the engine to detail an
 * attempt it summarised, showVariant(v) shows variant "a" or "b",
 * reduce(pod) asks for the minimal reproduction of a pod's decision (null:
 * not offered).
 */
export function createResultView(state, { requestDetail, showVariant, reduce = null }) {
  const variantDiffView = createVariantDiffView();
  // A step of the timeline moves the focus: the verdicts keep their DOM.
  const timeline = createTimeline(state, { requestDetail, renderFocused: () => renderFocused({ verdicts: false }) });

  /** Focuses a pod's first attempt (from the differences panel). */
  function focusPod(pod) {
    const i = state.shown.pods.findIndex((a) => a.pod === pod);
    if (i < 0) return;
    state.focus = i;
    state.attemptsShown = Math.max(state.attemptsShown, i + 1);
    render();
    if (!state.shown.pods[i].detailed) requestDetail(i);
  }

  /**
   * Focuses an attempt ({index}) and moves the keyboard there, or to a
   * victim's row in it ({index, row}): where a link to a pod goes.
   */
  function showTarget({ index, row = null }) {
    state.focus = index;
    state.nodesShown = NODE_PAGE;
    state.attemptsShown = Math.max(state.attemptsShown, index + 1);
    render();
    if (!state.shown.pods[index].detailed) requestDetail(index);
    const victim = row ? document.querySelector(`#victims tr[data-object="${CSS.escape(`Pod ${row}`)}"]`) : null;
    (victim ?? $("verdicts").querySelectorAll(".attempt-head")[index])?.focus();
  }

  function render() {
    const result = state.shown;
    if (!result) return;
    // The cluster the shown result was simulated over, if any.
    const cluster = state.shownRun?.cluster ?? null;
    mount($("change"), cluster ? renderChange(result, cluster, showTarget) : null);
    mount(
      $("differences"),
      state.compare ? renderDifferences(state.comparison, focusPod) : state.variantDiff ? variantDiffView.render(state.variantDiff, state.shownRun, focusPod, showVariant) : null,
    );
    mount(
      $("workloads"),
      renderWorkloads(result, showTarget, {
        chains: !cluster,
        eventsShown: state.eventsShown,
        onShowMore: again((n) => (state.eventsShown = n)),
      }),
    );
    mount($("picture"), renderPicture(result, state.resource, again((resource) => (state.resource = resource)), { profileLabel: profileLabel(result) }));
    renderFocused();
  }

  // Comparing profiles or variants, the detail panels say which result they show.
  const profileLabel = (result) =>
    state.compare && state.comparison ? profileName(result) : state.variantDiff ? `variant ${state.shownRun.editing.toUpperCase()}` : null;

  const again = (change) => (value) => {
    change(value);
    render();
  };

  // What the focused attempt drives: the verdicts (or only their focus
  // mark), victims, tie-break table, node cards, and the timeline (which
  // moves the focus as it steps).
  function renderFocused({ verdicts = true } = {}) {
    const result = state.shown;
    if (!result) return;
    timeline.sync();
    const attempt = result.pods[state.focus] ?? null;
    const label = profileLabel(result);
    if (!verdicts) markFocus($("verdicts"), state.focus);
    else mount(
      $("verdicts"),
      renderVerdicts(
        result,
        state.focus,
        (i) => {
          state.focus = i;
          state.nodesShown = NODE_PAGE;
          render();
          if (!result.pods[i].detailed) requestDetail(i);
        },
        state.attemptsShown,
        again((n) => (state.attemptsShown = n)),
        differencesByPod(state.compare ? state.comparison : state.variantDiff),
        {
          created: createdPods(result),
          onReplaced: (pod) => {
            const target = podTargets(result).eviction(pod);
            if (target) showTarget(target);
          },
          onReduce: reduce,
          reducing: state.reduction?.running ? state.reduction.pod : null,
        },
      ),
    );
    mount($("victims"), renderVictims(attempt, { profileLabel: label }));
    mount($("selection"), renderSelection(attempt, { profileLabel: label }));
    mount($("nodes"), renderNodes(attempt, state.nodesShown, again((n) => (state.nodesShown = n)), { profileLabel: label }));
    timeline.render({ resource: state.resource, onResource: again((resource) => (state.resource = resource)), profileLabel: label });
  }

  return { render };
}
