// The result on screen: each panel rendered from the shown result, the
// focused attempt driving the victims, the selection and the node cards.
import { mount } from "./dom.js";
import { $ } from "./state.js";
import { differencesByPod, renderDifferences } from "./views/differences.js";
import { NODE_PAGE, renderNodes } from "./views/nodes.js";
import { renderPicture } from "./views/picture.js";
import { renderSelection } from "./views/selection.js";
import { renderVerdicts } from "./views/verdicts.js";
import { renderVictims } from "./views/victims.js";

// "v1.14", "current (v1.35)": a result's profile as the compare view names it.
const profileName = (result) =>
  result.profile === `v${result.kubernetesVersion}` ? result.profile : `${result.profile} (v${result.kubernetesVersion})`;

/** Creates the view; requestDetail(index) asks the engine to detail an attempt it summarised. */
export function createResultView(state, { requestDetail }) {
  /** Focuses a pod's first attempt (from the differences panel). */
  function focusPod(pod) {
    const i = state.shown.pods.findIndex((a) => a.pod === pod);
    if (i < 0) return;
    state.focus = i;
    state.attemptsShown = Math.max(state.attemptsShown, i + 1);
    render();
    if (!state.shown.pods[i].detailed) requestDetail(i);
  }

  function render() {
    const result = state.shown;
    if (!result) return;
    const attempt = result.pods[state.focus] ?? null;
    // Comparing, the detail panels say which profile's result they show.
    const profileLabel = state.compare && state.comparison ? profileName(result) : null;
    const again = (change) => (value) => {
      change(value);
      render();
    };
    mount($("differences"), state.compare ? renderDifferences(state.comparison, focusPod) : null);
    mount(
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
        state.compare ? differencesByPod(state.comparison) : new Map(),
      ),
    );
    mount($("victims"), renderVictims(attempt, { profileLabel }));
    mount($("picture"), renderPicture(result, state.resource, again((resource) => (state.resource = resource)), { profileLabel }));
    mount($("selection"), renderSelection(attempt, { profileLabel }));
    mount($("nodes"), renderNodes(attempt, state.nodesShown, again((n) => (state.nodesShown = n)), { profileLabel }));
  }

  return { render };
}
