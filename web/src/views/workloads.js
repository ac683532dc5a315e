// The workload story of a run: each workload whose pods changed (its scale,
// its pods running before and after, pending, created and preempted), the
// chains in which a controller replaced what preemption took, and what the
// controllers did on the clock. Over a cluster, the change's consequences
// lead: its pods, whom they evict, the chains and the budgets that ran out.
// Every number is the engine's; pods link to the attempt that tells of them.
import { formatDuration } from "../../../wasm/report.mjs";
import { h, plural, rowsWithMore, shortName } from "./dom.js";

/** Controller events listed at a time. */
export const EVENT_PAGE = 100;

const CONTROLLER_EVENTS = new Set(["created", "deleted", "refused", "pdbStatus"]);

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
    collapsedList(chains, (chain) => renderChain(chain, result, targets, onPod), { tag: "ol", cls: "chains", what: "chains", label: "Replacement chains" }),
  ];
}

/** The workloads the CLI's report lists: those whose pods changed, or from the change; a Deployment's ReplicaSets count in it. */
export function changedWorkloads(result) {
  return (result.workloads?.items ?? []).filter((w) => !w.parent && (w.created > 0 || w.lost > 0 || w.pending > 0 || w.refused > 0 || w.fromChange));
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
    w.refused > 0 ? h("span", { class: "workload-note failed-create", title: w.failedCreate }, `FailedCreate ×${w.refused}: ${w.failedCreate}`) : null,
  );
}

// A number cell; label names it where a narrow screen stacks the row's cells.
const count = (n, label) => h("td", { class: `num${n === 0 ? " zero" : ""}`, dataset: { label } }, n);

function renderTable(items) {
  const [rows, more] = rowsWithMore(items, workloadRow, { shown: SHOWN_WORKLOADS, what: "workloads" });
  return [
    h(
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
        h("tbody", {}, rows),
      ),
    ),
    more,
  ];
}

// The workloads table shows this many rows; the rest wait behind a count.
const SHOWN_WORKLOADS = 10;

function workloadRow(w) {
  return h(
    "tr",
    { tabindex: "0", class: w.settled ? "" : "unsettled" },
    workloadCell(w),
    count(w.wanted, "Wanted"),
    h("td", { class: "num running", dataset: { label: "Running" } }, `${w.runningBefore} → ${w.runningAfter}`),
    count(w.pending, "Pending"),
    count(w.created, "Created"),
    count(w.lost, "Preempted"),
    h("td", { dataset: { label: "Settled" } }, w.settled ? "yes" : h("span", { class: "not-settled" }, "no")),
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

function workloadLine(w) {
  const parts = [`wanted ${w.wanted}`, `running ${w.runningBefore} → ${w.runningAfter}`];
  if (w.pending > 0) parts.push(`${w.pending} pending`);
  if (w.created > 0) parts.push(`${w.created} created`);
  if (w.lost > 0) parts.push(`${w.lost} preempted`);
  if (w.refused > 0) parts.push(`${w.refused} refused (FailedCreate)`);
  if (w.failed) parts.push("failed: backoffLimit exceeded");
  return h("li", {}, h("span", { class: "badge kind" }, w.kind), " ", shortName(`${w.namespace}/${w.name}`), `: ${parts.join(", ")}`, w.settled ? "" : h("span", { class: "not-settled" }, " (not settled)"));
}

/** A long list shows this many items; the rest wait behind a count. */
export const SHOWN = 3;

/**
 * A list of items: the first SHOWN rendered, the rest behind a count ("12
 * more pods") that opens them. tag: "ul" or "ol"; what names the items.
 */
export function collapsedList(items, render, { tag = "ul", cls, what, label }) {
  const list = h(tag, { class: cls, "aria-label": label }, items.slice(0, SHOWN).map(render));
  if (items.length <= SHOWN) return list;
  const rest = items.length - SHOWN;
  const more = h("details", { class: "more-items" }, h("summary", {}, `${rest.toLocaleString("en")} more ${what}`));
  // The rest are built when opened: a list of thousands costs nothing shut.
  more.addEventListener("toggle", () => {
    if (more.open && more.childElementCount === 1) more.append(h(tag, { class: cls, start: tag === "ol" ? SHOWN + 1 : null }, items.slice(SHOWN).map(render)));
  });
  return [list, more];
}

const WHERE = { bound: " → bound on ", nominated: " → nominated to ", pending: " → pending", evicted: " → evicted later by another preemption", deleted: " → deleted by its controller", "not tried": " → not tried before the run ended" };
const FATE = { evicted: "evicted", deleted: "deleted by its controller", moved: "moved", pending: "left pending" };

// "6 bound, 2 pending": items counted by what.
function tally(items, what, words) {
  const counts = new Map();
  for (const item of items) counts.set(what(item), (counts.get(what(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n.toLocaleString("en")} ${words[k]}`).join(", ");
}

// A pod of the change: where it ends, and whom it evicted (the first few).
function changePodItem(p, targets, onPod) {
  const evicted = p.evicted.slice(0, 3);
  return h(
    "li",
    { class: `where-${p.where.replace(" ", "-")}` },
    podLink(p.pod, p.attempt === null ? null : { index: p.attempt, row: null }, onPod),
    WHERE[p.where],
    p.node ? h("strong", {}, p.node) : null,
    p.evicted.length > 0
      ? [", evicting ", evicted.map((v, i) => [i > 0 ? ", " : "", podLink(v, targets.eviction(v), onPod)]), p.evicted.length > 3 ? ` and ${p.evicted.length - 3} more` : ""]
      : null,
  );
}

// A pod of the cluster that loses its place because of the change (its
// node in the title: the evictor's line names it).
function displacedItem(d, targets, onPod) {
  const pod = podLink(d.pod, d.fate === "evicted" ? targets.eviction(d.pod) : targets.attempt(d.pod), onPod);
  if (d.fate === "moved") return h("li", { class: "fate-moved" }, pod, ` moved from ${d.before} to `, h("strong", {}, d.after));
  if (d.fate !== "evicted") return h("li", { class: `fate-${d.fate}`, title: `It ran on ${d.before}` }, pod, ` ${FATE[d.fate]}`);
  return h(
    "li",
    { class: "fate-evicted", title: `It ran on ${d.before}` },
    pod,
    " evicted by ",
    podLink(d.by, targets.attempt(d.by), onPod),
    d.byChange ? "" : h("span", { class: "hint" }, " (a pod of the cluster whose place the change took)"),
  );
}

// A cascade in short: the victim, its replacement and what became of it
// (the preemptor is the change's, or a replacement above); the sentence is
// the title.
function cascadeItem(chain, result, targets, onPod) {
  const fate = { Scheduled: ["bound to ", h("strong", {}, chain.node)], Nominated: ["nominated to ", h("strong", {}, chain.node)], Unschedulable: ["pending"] }[chain.outcome] ?? ["not tried"];
  return h(
    "li",
    { class: "chain cascade", title: chain.text },
    podLink(chain.victim, targets.eviction(chain.victim), onPod),
    " → ",
    podLink(chain.replacement, targets.attempt(chain.replacement), onPod),
    ", ",
    fate,
    chain.outcome === "Unschedulable" ? h("q", { class: "message" }, chain.message) : null,
  );
}

// The one-line tally the panel opens with.
function changeSummary(c) {
  const parts = [];
  if (c.pods.length > 0) parts.push(`${plural(c.pods.length, "pod")} of yours: ${tally(c.pods, (p) => p.where, { bound: "bound", nominated: "nominated", pending: "pending", evicted: "evicted", deleted: "deleted", "not tried": "not tried" })}`);
  parts.push(c.displaced.length === 0 ? "no pod of the cluster loses its place" : `${plural(c.displaced.length, "pod")} of the cluster lose their place`);
  if (c.cascades.length > 0) parts.push(plural(c.cascades.length, "cascade"));
  if (c.exhaustedPdbs.length > 0) parts.push(`${plural(c.exhaustedPdbs.length, "PDB")} exhausted`);
  return h("p", { class: "change-summary" }, `${parts.join(" · ")}.`);
}

// The cluster's own activity, which it has without the change too: shut.
function renderOwn(result, own, targets, onPod) {
  const chains = result.workloads?.chains ?? [];
  const parts = [plural(own.pending.length, "pending pod")];
  if (own.preemptions > 0) parts.push(`${plural(own.preemptions, "preemption")} evicting ${plural(own.victims, "pod")}`);
  if (own.chains.length > 0) parts.push(plural(own.chains.length, "replacement chain"));
  return h(
    "details",
    { class: "own-activity" },
    h("summary", {}, `The cluster's own activity, without your change too: ${parts.join(", ")}`),
    own.pending.length > 0
      ? [
          h("h3", {}, "Its own pending pods"),
          collapsedList(own.pending, (i) => h("li", {}, podLink(result.pods[i].pod, { index: i, row: null }, onPod), ` → ${result.pods[i].outcome === "Scheduled" ? `bound on ${result.pods[i].node}` : result.pods[i].outcome === "Nominated" ? `nominated to ${result.pods[i].node}` : "pending"}`), {
            cls: "change-pods",
            what: "pending pods",
            label: "The cluster's own pending pods",
          }),
        ]
      : null,
    own.chains.length > 0
      ? [h("h3", {}, "Its own chains"), collapsedList(own.chains.map((i) => chains[i]), (chain) => renderChain(chain, result, targets, onPod), { tag: "ol", cls: "chains", what: "chains", label: "The cluster's own chains" })]
      : null,
  );
}

// A part of the panel under its count: open where the screen is wide
// enough for the whole difference at once, shut behind its heading on a
// phone.
function section(title, body) {
  const wide = typeof matchMedia === "function" && matchMedia("(min-width: 700px)").matches;
  return h("details", { class: "change-section", open: wide }, h("summary", {}, h("h3", {}, title)), body);
}

/**
 * Renders "Your change, applied to <cluster>": what the change makes
 * differ from the cluster settled without it (result.change): its pods and
 * where they end, the cluster's pods that lose their place, the cascades
 * that start from it, the budgets it exhausts, its workloads; then the
 * cluster's own activity, shut. Every list shows its first few.
 * onPod({index, row}) focuses an attempt.
 */
export function renderChange(result, clusterName, onPod) {
  const title = h("h2", {}, "Your change, applied to ", h("span", { class: "file-name" }, clusterName));
  const c = result.change;
  const workloads = changedWorkloads(result).filter((w) => w.fromChange);
  if (!c || (c.pods.length === 0 && workloads.length === 0)) {
    return h(
      "section",
      { class: "panel change-panel", "aria-label": "Your change" },
      title,
      h("p", { class: "hint" }, "Your change adds no pods and no workloads: the verdicts below are the cluster's own pending pods. Type pods or a workload in the editors to see where they land."),
    );
  }
  const targets = podTargets(result);
  const chains = result.workloads?.chains ?? [];
  return h(
    "section",
    { class: "panel change-panel", "aria-label": "Your change" },
    title,
    changeSummary(c),
    c.pods.length > 0
      ? [h("h3", {}, `Its pods (${c.pods.length}), where they end`), collapsedList(c.pods, (p) => changePodItem(p, targets, onPod), { cls: "change-pods", what: "pods of yours", label: "Your change's pods" })]
      : null,
    c.displaced.length > 0
      ? section(
          `Pods of the cluster that lose their place (${c.displaced.length}): ${tally(c.displaced, (d) => d.fate, FATE)}`,
          collapsedList(c.displaced, (d) => displacedItem(d, targets, onPod), { cls: "change-displaced", what: "pods", label: "Pods that lose their place" }),
        )
      : null,
    c.cascades.length > 0
      ? section(
          `Cascades that start from it (${c.cascades.length}): each victim's replacement, and where it ends`,
          collapsedList(c.cascades.map((i) => chains[i]), (chain) => cascadeItem(chain, result, targets, onPod), { tag: "ol", cls: "chains", what: "cascades", label: "Cascades from your change" }),
        )
      : null,
    c.exhaustedPdbs.length > 0
      ? section(`PodDisruptionBudgets it exhausts (${c.exhaustedPdbs.length})`, collapsedList(c.exhaustedPdbs, (pdb) => h("li", {}, h("strong", {}, shortName(pdb)), " reaches disruptionsAllowed 0"), { cls: "change-budgets", what: "budgets" }))
      : null,
    workloads.length > 0 ? [h("h3", {}, "Its workloads"), collapsedList(workloads, workloadLine, { cls: "change-workloads", what: "workloads" })] : null,
    renderOwn(result, c.own, targets, onPod),
  );
}
