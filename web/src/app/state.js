// The page's state (what the editors hold, the runs, the results, the cluster),
// the mode its URL asks for, and $ for its elements.
import { TABS } from "../model/scenario.js";
import { NODE_PAGE } from "../views/nodes.js";
import { ATTEMPT_PAGE } from "../views/verdicts.js";
import { EVENT_PAGE } from "../views/workloads.js";

/** Returns the page's element with this id. */
export const $ = (id) => document.getElementById(id);

/** The result's panels an embed can leave out (the verdicts always show). */
export const EMBED_PANELS = ["victims", "picture", "timeline", "selection", "nodes"];

/**
 * Returns {embed, readOnly, panels, theme}: ?embed shows the page in another
 * one; with it, readonly locks its editors, panels=victims,picture names the
 * panels shown (null: all of them; unknown names are ignored) and
 * theme=light|dark fixes the theme (null: the reader's). On any page,
 * step=N opens the timeline at attempt N (null: absent or not a whole
 * number; past the last step it opens at the end).
 */
export function pageMode(search = location.search) {
  const params = new URLSearchParams(search);
  const embed = params.has("embed");
  const listed = embed && params.has("panels") ? params.get("panels").split(",") : null;
  const theme = embed ? params.get("theme") : null;
  return {
    embed,
    readOnly: embed && params.has("readonly"),
    panels: listed && new Set(listed.filter((p) => EMBED_PANELS.includes(p))),
    theme: theme === "light" || theme === "dark" ? theme : null,
    step: /^\d{1,9}$/.test(params.get("step") ?? "") ? Number(params.get("step")) : null,
  };
}

/** Returns the state of a page that has not run yet. */
export function createState() {
  return {
    tabs: Object.fromEntries(TABS.map((t) => [t.id, ""])),
    source: "tabs", // which holds the truth: the part tabs, or "all"
    active: "pending",
    errorTabs: [], // the tabs whose text has errors
    caption: "", // the lesson shown (an example's, or a link's caption) while the text is still that scenario
    firstProblem: null, // the diagnostic that names the first root cause (errors first)
    problemsRun: null, // the run whose diagnostics the editors mark
    run: null, // {id, source, starts, tabs, overlay, cluster, text}: what the pending run was given (cluster: the name of the dump it runs over, or null)
    runs: 0,
    result: null, // the latest result
    resultRun: null, // the run the latest result answers
    shown: null, // the result on screen: the latest without errors
    shownRun: null,
    detailRequest: null, // {id, index, shown}: the attempt the engine is detailing
    focus: 0,
    resource: "cpu",
    nodesShown: NODE_PAGE,
    attemptsShown: ATTEMPT_PAGE,
    eventsShown: EVENT_PAGE, // the controllers' events listed in the workloads panel
    profile: "current", // the semantics profile shown
    profiles: [], // [{name, kubernetesVersion, summary}] from the engine
    compare: false, // run both profiles and mark the differences
    comparison: null, // the latest comparison, when comparing
    variants: null, // {editing: "a" | "b", other: the editors' saved state of the variant not shown}: with a variant B (variants.js)
    variantDiff: null, // the shown VariantDiff, with a variant B
    loading: null, // {id, name, bytes, read, objects, stash}: a dump the engine is reading
    cluster: null, // {name, bytes, summary, stash, open}: the dump the runs are laid over
    search: { id: 0, query: "", offset: 0, page: null }, // the cluster's object search
    overlay: null, // Set of "Kind key" the shown result's editors hold, over a cluster
    resumeOverlay: false, // the editors were restored from text laid over a cluster
    ranges: null, // object ranges of the shown result (linking.js)
    reduction: null, // the minimal reproduction shown (reduction.js): {id, pod, over, running, reduction, scenario, error, ...}
    focusPod: null, // a pod whose first attempt the next result focuses (a reduction opened, an example about one pod)
    timeline: { mode: "attempt", step: 0, atMs: 0 }, // where the timeline stands: a step (0 the start, k attempt k), or a time
  };
}
