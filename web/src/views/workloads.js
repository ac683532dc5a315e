// The workload story of a run: each workload whose pods changed (its scale,
// its pods running before and after, pending, created and preempted), the
// chains in which a controller replaced what preemption took, and what the
// controllers did on the clock. Over a cluster, the change's consequences
// lead: its pods, whom they evict, the chains and the budgets that ran out.
// Every number is the engine's; pods link to the attempt that tells of them.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, plural, shortName } from "./dom.js";

/** Controller events listed at a time. */
export const EVENT_PAGE = 100;
/** Pods of the change listed at a time (the verdicts list them all). */
const CHANGE_PODS = 20;

const CONTROLLER_EVENTS = new Set(["created", "deleted", "pdbStatus"]);

/** Returns pod key -> the clock's `created` event for each pod a controller created ({workload, replaces}). */
export function createdPods(result) {
  const created = new Map();
  for (const event of result.clock?.events ?? []) {
    if (event.kind === "created" && !created.has(event.pod)) created.set(event.pod, event);
  }
  return created;
}

/**
 * Where a pod is told of in the result: {index, row} for onPod, where index
 * is the attempt to focus and row the victim whose row to focus in it; null
 * when no attempt tells of it. Returns the lookups of one result.
 */
export function podTargets(result) {
  const last = new Map();
  const evictedIn = new Map();
  result.pods.forEach((attempt, index) => {
    last.set(attempt.pod, index);
    // The attempt that deleted it: a later one may find it already terminating.
    for (const v of attempt.victims) if (!v.alreadyTerminating) evictedIn.set(v.pod, index);
  });
  return {
    /** The pod's last attempt: where the queue left it. */
    attempt: (pod) => (last.has(pod) ? { index: last.get(pod), row: null } : null),
    /** The attempt that evicted the pod (the one that deleted it), its row in the victims. */
    eviction: (pod) => (evictedIn.has(pod) ? { index: evictedIn.get(pod), row: pod } : null),
    /** An attempt that evicted victim: preemptor's own, the last one naming it. */
    evictor: (preemptor, victim) => {
      const index = result.pods.findLastIndex((a) => a.pod === preemptor && a.victims.some((v) => v.pod === victim && !v.alreadyTerminating));
      return index >= 0 ? { index, row: null } : null;
    },
  };
}

/**
 * A pod's name that focuses the attempt telling of it (target), as a
 * button; plain text without one. after: punctuation kept on its line.
 */
export function podLink(pod, target, onPod, after = "") {
  const object = `Pod ${pod}`;
  const where = target?.row ? `Show the attempt that evicted ${shortName(pod)}` : `Show ${shortName(pod)}'s attempt`;
  const name = target
    ? h("button", { type: "button", class: "link-button pod-link", title: where, dataset: { object }, onclick: () => onPod(target) }, shortName(pod))
    : h("span", { class: "pod-ref", dataset: { object } }, shortName(pod));
  return after ? h("span", { class: "glued" }, name, after) : name;
}

// "ReplicaSet default/web-5d4f8" -> "ReplicaSet web-5d4f8" (the default namespace, as pods are named).
function workloadName(name) {
  const space = name.indexOf(" ");
  return space < 0 ? name : `${name.slice(0, space)} ${shortName(name.slice(space + 1))}`;
}

// What became of a replacement, from its chain and its last attempt (after its name and a comma).
function replacementFate(chain, result, targets) {
  const target = targets.attempt(chain.replacement);
  const attempt = target ? result.pods[target.index] : null;
  if (chain.outcome === "Scheduled") return [" which is bound to ", h("strong", {}, chain.node), "."];
  if (chain.outcome === "Nominated") {
    const victims = attempt ? `, preempting ${plural(attempt.victims.length, "pod")}` : "";
    return [" which is nominated to ", h("strong", {}, chain.node), `${victims} (still waiting when the run ended).`];
  }
  if (chain.outcome === "Unschedulable") return [" which is pending:"];
  return [" which was not tried before the run ended."];
}

/** One chain as a sentence, each pod a link to the attempt that tells of it. */
export function renderChain(chain, result, targets, onPod) {
  const start = chain.preemptor
    ? [podLink(chain.preemptor, targets.evictor(chain.preemptor, chain.victim), onPod), " evicted ", podLink(chain.victim, targets.eviction(chain.victim), onPod, ";")]
    : [podLink(chain.victim, targets.eviction(chain.victim), onPod), " was deleted;"];
  return h(
    "li",
    { class: "chain" },
    h(
      "p",
      { class: "chain-text" },
      start,
      ` ${workloadName(chain.workload)} recreated it as `,
      podLink(chain.replacement, targets.attempt(chain.replacement), onPod, ","),
      replacementFate(chain, result, targets),
    ),
    chain.outcome === "Unschedulable" ? h("q", { class: "message" }, chain.message) : null,
  );
}

function renderChains(result, targets, onPod) {
  const chains = result.workloads?.chains ?? [];
  if (chains.length === 0) return null;
  return [
    h("h3", {}, "Cascade: a controller replaces what preemption took"),
    h("ol", { class: "chains", "aria-label": "Replacement chains" }, chains.map((chain) => renderChain(chain, result, targets, onPod))),
  ];
}

/** The workloads the CLI's report lists: those whose pods changed, or from the change; a Deployment's ReplicaSets count in it. */
export function changedWorkloads(result) {
  return (result.workloads?.items ?? []).filter((w) => !w.parent && (w.created > 0 || w.lost > 0 || w.pending > 0 || w.fromChange));
}

function workloadCell(w) {
  const notes = [];
  if (w.createdByRun) notes.push("created by its Deployment");
  if (!w.inInput) notes.push("not in the input: named by its pods");
  if (w.failed) notes.push("failed: backoffLimit exceeded");
  return h(
    "td",
    { class: "workload-name" },
    h("span", { class: "badge kind" }, w.kind),
    " ",
    shortName(`${w.namespace}/${w.name}`),
    w.fromChange ? [" ", h("span", { class: "badge badge-change" }, "your change")] : null,
    notes.length > 0 ? h("span", { class: "workload-note" }, notes.join(" · ")) : null,
  );
}

// A number cell; label names it where a narrow screen stacks the row's cells.
const count = (n, label) => h("td", { class: `num${n === 0 ? " zero" : ""}`, dataset: { label } }, n);

function renderTable(items) {
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "workloads" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, "Workload"),
          h("th", { class: "num", title: "Replicas wanted (a DaemonSet: the nodes it should run on)" }, "Wanted"),
          h("th", { class: "num", title: "Running before the run → after it" }, "Running"),
          h("th", { class: "num" }, "Pending"),
          h("th", { class: "num", title: "Pods its controller created in the run" }, "Created"),
          h("th", { class: "num", title: "Its pods that preemption deleted" }, "Preempted"),
          h("th", {}, "Settled"),
        ),
      ),
      h(
        "tbody",
        {},
        items.map((w) =>
          h(
            "tr",
            { tabindex: "0", class: w.settled ? "" : "unsettled" },
            workloadCell(w),
            count(w.wanted, "Wanted"),
            h("td", { class: "num running", dataset: { label: "Running" } }, `${w.runningBefore} → ${w.runningAfter}`),
            count(w.pending, "Pending"),
            count(w.created, "Created"),
            count(w.lost, "Preempted"),
            h("td", { dataset: { label: "Settled" } }, w.settled ? "yes" : h("span", { class: "not-settled" }, "no")),
          ),
        ),
      ),
    ),
  );
}

function renderEvents(result, shown, onShowMore) {
  const events = (result.clock?.events ?? []).filter((e) => CONTROLLER_EVENTS.has(e.kind));
  if (events.length === 0) return null;
  const more = events.length - shown;
  const dropped = result.clock.eventsDropped ?? 0;
  return h(
    "details",
    { class: "controller-events" },
    h("summary", {}, `What the controllers did, on the clock (${plural(events.length, "event")})`),
    h(
      "ol",
      { class: "events" },
      events.slice(0, shown).map((e) =>
        h("li", { class: `event event-${e.kind}`, dataset: e.pod ? { object: `Pod ${e.pod}` } : {} }, h("span", { class: "at", title: e.time }, `+${formatDuration(e.atMs)}`), " ", e.text),
      ),
    ),
    more > 0 ? h("button", { type: "button", class: "more", onclick: () => onShowMore(shown + EVENT_PAGE) }, `Show ${Math.min(EVENT_PAGE, more)} more of ${more} events`) : null,
    dropped > 0 ? h("p", { class: "hint" }, `The clock kept the first events only: ${dropped.toLocaleString("en")} more are not listed.`) : null,
  );
}

/**
 * Renders the workloads panel: the table, the chains (unless the change
 * panel shows them) and the controllers' events; null when no workload
 * changed. onPod({index, row}) focuses an attempt (and a victim's row).
 */
export function renderWorkloads(result, onPod, { chains = true, eventsShown = EVENT_PAGE, onShowMore = () => {} } = {}) {
  const workloads = result.workloads;
  if (!workloads) return null;
  const items = changedWorkloads(result);
  if (items.length === 0 && workloads.chains.length === 0) return null;
  const targets = podTargets(result);
  return h(
    "section",
    { class: "panel workloads-panel", "aria-label": "Workloads" },
    h("h2", {}, "Workloads"),
    h("p", { class: "hint" }, "Each workload whose pods changed: its controller creates pods on the simulated clock and replaces those preemption deletes."),
    items.length > 0 ? renderTable(items) : null,
    workloads.capped ? h("p", { class: "hint warning" }, "The controllers stopped after creating 20,000 pods: the cascade did not settle.") : null,
    chains ? renderChains(result, targets, onPod) : null,
    renderEvents(result, eventsShown, onShowMore),
  );
}

// Where a pod of the change ended, as the CLI's report says it.
function finalVerdict(attempt) {
  if (attempt.outcome === "Scheduled") return [" → scheduled on ", h("strong", {}, attempt.node)];
  if (attempt.outcome === "Nominated") {
    return [" → nominated ", h("strong", {}, attempt.node), `, evicting ${plural(attempt.victims.length, "pod")} (still waiting when the run ended)`];
  }
  return [" → pending"];
}

function workloadLine(w) {
  const parts = [`wanted ${w.wanted}`, `running ${w.runningBefore} → ${w.runningAfter}`];
  if (w.pending > 0) parts.push(`${w.pending} pending`);
  if (w.created > 0) parts.push(`${w.created} created`);
  if (w.lost > 0) parts.push(`${w.lost} preempted`);
  if (w.failed) parts.push("failed: backoffLimit exceeded");
  return h("li", {}, h("span", { class: "badge kind" }, w.kind), " ", shortName(`${w.namespace}/${w.name}`), `: ${parts.join(", ")}`, w.settled ? "" : h("span", { class: "not-settled" }, " (not settled)"));
}

/**
 * Renders "Your change, applied to <cluster>": where the change's pods
 * landed, whom they evicted, its workloads, the chains and the budgets that
 * ran out. onPod({index, row}) focuses an attempt.
 */
export function renderChange(result, clusterName, onPod) {
  const targets = podTargets(result);
  const lastOfMine = new Map();
  result.pods.forEach((attempt, index) => {
    if (attempt.fromChange) lastOfMine.set(attempt.pod, index);
  });
  const mine = [...lastOfMine.values()];
  const evictions = result.pods.map((attempt, index) => ({ attempt, index })).filter(({ attempt }) => attempt.fromChange && attempt.outcome === "Nominated" && attempt.victims.length > 0);
  const workloads = changedWorkloads(result).filter((w) => w.fromChange);
  const broken = new Map();
  for (const e of result.clock?.events ?? []) {
    if (e.kind === "pdbStatus" && e.disruptionsAllowed === 0 && !broken.has(e.pdb)) broken.set(e.pdb, e);
  }
  const title = h("h2", {}, "Your change, applied to ", h("span", { class: "file-name" }, clusterName));
  if (mine.length === 0 && workloads.length === 0) {
    return h(
      "section",
      { class: "panel change-panel", "aria-label": "Your change" },
      title,
      h("p", { class: "hint" }, "Your change adds no pods and no workloads: the verdicts below are the cluster's own pending pods. Type pods or a workload in the editors to see where they land."),
      renderBudgets(broken),
    );
  }
  return h(
    "section",
    { class: "panel change-panel", "aria-label": "Your change" },
    title,
    mine.length > 0
      ? [
          h("h3", {}, `Its pods (${mine.length}), where they end`),
          h(
            "ul",
            { class: "change-pods" },
            mine.slice(0, CHANGE_PODS).map((index) => {
              const attempt = result.pods[index];
              return h("li", { class: `outcome-${attempt.outcome.toLowerCase()}` }, podLink(attempt.pod, { index, row: null }, onPod), finalVerdict(attempt));
            }),
          ),
          mine.length > CHANGE_PODS ? h("p", { class: "hint" }, `${mine.length - CHANGE_PODS} more in the verdicts below.`) : null,
        ]
      : null,
    evictions.length > 0
      ? [
          h("h3", {}, "Whom they evict"),
          h(
            "ul",
            { class: "change-evictions" },
            evictions.map(({ attempt, index }) =>
              h(
                "li",
                {},
                podLink(attempt.pod, { index, row: null }, onPod),
                " evicts ",
                attempt.victims.map((v, i) => [
                  i > 0 ? ", " : "",
                  podLink(v.pod, { index, row: v.pod }, onPod),
                  v.pdbViolation ? h("span", { class: "pdb-violated" }, " (violating its PDB)") : "",
                ]),
                " on ",
                h("strong", {}, attempt.node),
              ),
            ),
          ),
        ]
      : null,
    workloads.length > 0 ? [h("h3", {}, "Its workloads"), h("ul", { class: "change-workloads" }, workloads.map(workloadLine))] : null,
    renderChains(result, targets, onPod),
    renderBudgets(broken),
  );
}

function renderBudgets(broken) {
  if (broken.size === 0) return null;
  return [
    h("h3", {}, "PodDisruptionBudgets that ran out"),
    h(
      "ul",
      { class: "change-budgets" },
      [...broken.values()].map((e) => h("li", {}, h("strong", {}, shortName(e.pdb)), ` reached disruptionsAllowed 0 at +${formatDuration(e.atMs)}, after ${shortName(e.pod)} changed.`)),
    ),
  ];
}
