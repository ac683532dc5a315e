// The cluster as a picture: a column per node, pods as blocks sized by their
// cpu (or memory) request, coloured by priority value, ranked among this
// scenario's values (the legend lists the values of each colour, and which
// end is the highest here); victims struck through in red, terminating pods
// marked, and each preemptor where it lands. The timeline draws a moment of
// the run the same way: who runs, terminates, waits nominated or pending,
// and who is gone. A large cluster shows the nodes where something happens
// first, and its busiest nodes' pods as thin blocks.
import { h, plural, shortName } from "./dom.js";

const MAX_COLUMNS = 120;
const MOMENT_COLUMNS = 20;
const SCREENFUL = 10; // columns; past this, the nodes where something happens come first
const MAX_WAITING = 100;
const HEIGHT = 220; // px for a node's whole allocatable
const GAP = 2; // px between blocks
const FRAME = 10; // px of a node box's padding (4 at the top, 3 at the bottom) and border
const LABEL_HEIGHT = 16; // px: a block this tall shows its name
const COLOURS = 8; // prio-0 (lowest) to prio-7 (highest)
const TERMINATING = "⊘";

// The colour of a priority value: the distinct values present, lowest to
// highest, spread over the eight colours.
function colourIndex(priorities, priority) {
  const i = priorities.indexOf(priority);
  return priorities.length <= 1 ? 0 : Math.round((i / (priorities.length - 1)) * (COLOURS - 1));
}

// "priority 5", "priority 5, 10", "priority 5 to 90 (4 values)".
function valuesText(values) {
  if (values.length === 1) return `priority ${values[0]}`;
  if (values.length === 2) return `priority ${values[0]}, ${values[1]}`;
  return `priority ${values[0]} to ${values.at(-1)} (${values.length} values)`;
}

// One legend entry per colour drawn (evicted pods are drawn struck through
// instead), naming its priority values. The colours rank this scenario's
// values, not fixed ones: the legend says so at its ends.
function colourLegend(priorities, drawn) {
  const byColour = new Map();
  for (const p of priorities.filter((value) => drawn.has(value))) {
    const i = colourIndex(priorities, p);
    byColour.set(i, [...(byColour.get(i) ?? []), p]);
  }
  const entries = [...byColour];
  const rank = (k) => (entries.length < 2 ? null : k === 0 ? "lowest here" : k === entries.length - 1 ? "highest here" : null);
  const end = (k) => (rank(k) ? h("span", { class: "legend-rank" }, ` (${rank(k)})`) : null);
  return entries.map(([i, values], k) =>
    h("span", { class: "legend-item", dataset: { colour: `prio-${i}` } }, h("span", { class: `swatch prio-${i}` }), valuesText(values), end(k)),
  );
}

function amount(resource, value) {
  if (resource === "cpu") return value >= 1000 && value % 100 === 0 ? `${value / 1000} cpu` : `${value}m`;
  const gi = value / 1073741824;
  return gi >= 1 ? `${+gi.toFixed(1)}Gi` : `${+(value / 1048576).toFixed(0)}Mi`;
}

// What a block's role adds to its title.
const ROLE_TITLES = {
  incoming: " · lands here",
  nominated: " · nominated here: it waits for the room",
  gone: " · gone: it has left the node",
};

// What a block's role adds to its title, the pod's evictor or controller named.
function roleTitle(role, pod) {
  if (role === "victim") return ` · evicted by ${pod.evictedBy}`;
  if (role === "deleted") return ` · deleted by its controller, ${pod.deletedBy}`;
  return ROLE_TITLES[role] ?? "";
}

// What a change mark adds to a block's title.
const MARK_TITLES = { mine: " · your change", "evicted-by-change": " · evicted because of your change" };

// One pod's block; entry: {pod, role, terminating, changed, state, mark}
// (state: the timeline's name for where the pod is, on a moment's picture;
// mark: "mine" for the change's pods, "evicted-by-change" for those they
// evicted).
function block(entry, resource, capacity, priorities, least = LABEL_HEIGHT, full = HEIGHT) {
  const { pod, role, terminating = pod.terminating, changed = false, state = null, mark = null } = entry;
  const value = pod.requests[resource];
  const height = capacity > 0 ? Math.max(least, Math.round((value / capacity) * full)) : LABEL_HEIGHT;
  const title = `${pod.pod} · priority ${pod.priority} · ${amount(resource, value)}${
    terminating ? " · terminating (being deleted; it holds its room until it is gone)" : ""
  }${roleTitle(role, pod)}${changed ? " · changed at this step" : ""}${mark ? MARK_TITLES[mark] : ""}`;
  const roleClass = { gone: "victim gone", deleted: "victim gone", nominated: "incoming nominated" }[role] ?? role;
  return h(
    "div",
    {
      class: `pod prio-${colourIndex(priorities, pod.priority)} ${roleClass}${terminating ? " terminating" : ""}${changed ? " changed" : ""}${mark ? ` ${mark}` : ""}`,
      style: { height: `${height}px` },
      title,
      role: "img",
      "aria-label": title,
      tabindex: "-1",
      dataset: { object: `Pod ${pod.pod}`, priority: String(pod.priority), ...(state ? { state } : {}) },
    },
    height >= LABEL_HEIGHT
      ? h("span", { class: "pod-name" }, terminating ? h("span", { class: "pod-mark", "aria-hidden": "true" }, `${TERMINATING} `) : null, shortName(pod.pod))
      : null,
    height >= LABEL_HEIGHT ? h("span", { class: "pod-prio" }, String(pod.priority)) : null,
  );
}

// Over a cluster with a change: pod key -> its mark, for the change's pods
// and the cluster's pods evicted because of it (result.change); empty
// without a change.
function changeMarks(result) {
  const marks = new Map();
  for (const d of result.change?.displaced ?? []) if (d.fate === "evicted" && d.byChange) marks.set(d.pod, "evicted-by-change");
  for (const p of result.change?.pods ?? []) marks.set(p.pod, "mine");
  return marks;
}

// The end of the run, per node: the pods evicted (lifted out above the
// box), those that stay, and the preemptors that land; and the pods still
// pending nowhere. marks: changeMarks.
function endLayout(cluster, marks) {
  const entry = (pod, role) => ({ pod, role, mark: marks.get(pod.pod) ?? null });
  const placed = new Map(cluster.nodes.map((n) => [n.node, { lifted: [], staying: [], incoming: [] }]));
  for (const p of cluster.pods) {
    // A pod its controller deleted (a scale-down, a rollout) leaves as a victim does.
    const role = p.evictedBy ? "victim" : p.deletedBy ? "deleted" : "running";
    if (p.node) placed.get(p.node)?.[role === "running" ? "staying" : "lifted"].push(entry(p, role));
    if (!p.pending) continue;
    if (p.finalNode) placed.get(p.finalNode)?.incoming.push(entry(p, "incoming"));
    if (p.nominatedNode && p.nominatedNode !== p.finalNode) placed.get(p.nominatedNode)?.incoming.push(entry(p, "incoming"));
  }
  const waiting = cluster.pods.filter((p) => p.pending && !p.finalNode && !p.nominatedNode && !p.deletedBy).map((p) => entry(p, "pending"));
  // In a large cluster, the nodes where the change acts come first, then
  // those where a pod lands or is evicted.
  const rank = (n) => {
    const { incoming, lifted, staying } = placed.get(n.node);
    if ([...incoming, ...lifted, ...staying].some((e) => e.mark)) return 0;
    return incoming.length > 0 || lifted.length > 0 ? 1 : 2;
  };
  return { placed, waiting, rank, columns: MAX_COLUMNS };
}

// A moment of the timeline (timeline-model.js momentAt): the running and
// terminating pods in a node's box; above it, the pods nominated there,
// waiting for the room, and above those the pods gone from it. In a large
// cluster, the nodes where this step changes something come first, then
// those where anything happens over the run; fewer columns than at the end,
// as they are drawn again at every step.
function momentLayout(cluster, moment) {
  const placed = new Map(cluster.nodes.map((n) => [n.node, { lifted: [], staying: [], incoming: [] }]));
  const entry = ({ pod, state }, role) => ({ pod, role, state, terminating: state === "terminating", changed: moment.changed.has(pod.pod) });
  for (const [node, pods] of moment.placed) {
    const here = placed.get(node);
    const nominated = [];
    for (const p of pods) {
      if (p.state === "gone") here.lifted.push(entry(p, "gone"));
      else if (p.state === "nominated") nominated.push(entry(p, "nominated"));
      else here.staying.push(entry(p, "running"));
    }
    here.lifted.push(...nominated);
  }
  const rank = (n) => (moment.now.has(n.node) ? 0 : moment.busy.has(n.node) ? 1 : 2);
  return { placed, waiting: moment.pending.map((p) => entry(p, "pending")), rank, columns: MOMENT_COLUMNS };
}

// The nodes, those of lower rank first (in input order within a rank: the sort is stable).
const byRank = (nodes, rank) =>
  nodes
    .map((n) => [rank(n), n])
    .sort((a, b) => a[0] - b[0])
    .map(([, n]) => n);

// The px a node's blocks share inside its box: its height less the box's
// frame and the gaps, so a full node's top block is not clipped.
const roomFor = (pods, full) => full - FRAME - GAP * Math.max(0, pods.length - 1);

// The least height that lets a node's blocks fit its box: the label height
// when they all fit with it, thinner when a node runs many small pods.
function leastHeight(pods, resource, capacity, full) {
  const room = roomFor(pods, full);
  let sized = 0;
  for (const { pod: p } of pods) sized += capacity > 0 ? (p.requests[resource] / capacity) * room + 0.5 : 0; // + rounding
  if (sized + pods.length * LABEL_HEIGHT <= room) return LABEL_HEIGHT;
  return Math.max(2, Math.min(LABEL_HEIGHT, Math.floor((room - sized) / pods.length)));
}

// The picture is one Tab stop: the arrow keys move between its pods, Up and
// Down within a node's column (the still-pending row counts as one), Left and
// Right to the next column's (roving tabindex).
function movePodFocus(event) {
  const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
  const from = event.target.closest(".pod");
  if (!step || !from) return;
  const byPlace = (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left;
  const groups = [...event.currentTarget.querySelectorAll(".column, .waiting")]
    .map((group) => [...group.querySelectorAll(".pod")].sort(byPlace))
    .filter((pods) => pods.length > 0);
  const x = groups.findIndex((pods) => pods.includes(from));
  const nx = Math.min(Math.max(x + step[0], 0), groups.length - 1);
  const y = groups[x].indexOf(from) + step[1];
  const to = groups[nx][Math.min(Math.max(y, 0), groups[nx].length - 1)];
  event.preventDefault();
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/**
 * Renders the picture, pods sized by resource ("cpu" or "memory");
 * options.height is the px of a node's whole allocatable (default 220);
 * options.profileLabel names the profile in compare mode; options.moment
 * (timeline-model.js momentAt) draws that moment of the run instead of its
 * end, under options.title.
 */
export function renderPicture(result, resource, onResource, { height = HEIGHT, profileLabel = null, moment = null, title = "Cluster" } = {}) {
  const cluster = result.cluster;
  if (!cluster || cluster.nodes.length === 0) return null;
  const priorities = [...new Set(cluster.pods.map((p) => p.priority))].sort((a, b) => a - b);
  const marks = changeMarks(result);
  const { placed, waiting, rank, columns: most } = moment ? momentLayout(cluster, moment) : endLayout(cluster, marks);
  const large = cluster.nodes.length > SCREENFUL;
  const shown = large ? byRank(cluster.nodes, rank).slice(0, most) : cluster.nodes;
  const columns = shown.map((node) => {
    const capacity = node.allocatable[resource];
    const { lifted, staying, incoming } = placed.get(node.node);
    const least = leastHeight([...staying, ...incoming], resource, capacity, height);
    const room = roomFor([...staying, ...incoming], height);
    // The box holds what runs (at the end: the pods that stay and the
    // preemptors that land); pods evicted or gone are lifted out above it.
    return h(
      "div",
      { class: "column", dataset: { object: `Node ${node.node}` } },
      h(
        "div",
        { class: "evicted-area" },
        // At a moment, the pods above the box hold no room there: one line each.
        lifted.map((e) => block(e, resource, moment ? 0 : capacity, priorities, LABEL_HEIGHT, height)),
      ),
      h(
        "div",
        { class: "stack", style: { height: `${height}px` } },
        staying.map((e) => block(e, resource, capacity, priorities, least, room)),
        incoming.map((e) => block(e, resource, capacity, priorities, least, room)),
      ),
      h("div", { class: "column-label" }, h("strong", {}, node.node), h("span", {}, amount(resource, capacity))),
    );
  });
  // The legend names the colours of the pods that are there (not evicted, not gone).
  const present = moment
    ? [...[...placed.values()].flatMap((n) => [...n.staying, ...n.lifted.filter((e) => e.role !== "gone")]), ...waiting].map((e) => e.pod)
    : cluster.pods.filter((p) => !p.evictedBy);
  const drawn = new Set(present.map((p) => p.priority));
  const Heading = moment ? "h3" : "h2";
  const section = h(
    "section",
    { class: `panel${moment ? " moment" : ""}`, "aria-label": moment ? "Cluster at this moment" : "Cluster picture", onkeydown: movePodFocus },
    h(
      "div",
      { class: "panel-head" },
      h(Heading, {}, title, profileLabel ? [" ", h("span", { class: "badge badge-profile", title: "The profile these details are from" }, profileLabel)] : null),
      h(
        "div",
        { class: "toggle", role: "group", "aria-label": "Size pods by" },
        ["cpu", "memory"].map((r) =>
          h("button", { type: "button", "aria-pressed": r === resource ? "true" : "false", onclick: () => onResource(r) }, r),
        ),
      ),
    ),
    h("p", { class: "hint picture-about" }, moment ? MOMENT_ABOUT : END_ABOUT),
    h("div", { class: "picture", role: "group", "aria-label": "Pods by node (arrow keys move between them)" }, columns),
    large
      ? h(
          "p",
          { class: "hint" },
          cluster.nodes.length > most ? `Showing ${most} of ${cluster.nodes.length} nodes, ` : `${cluster.nodes.length} nodes, `,
          moment
            ? "those where this step changes something first, then those where the run does."
            : marks.size > 0
              ? "those where your change acts first, then those where a pod lands or is evicted."
              : "those where a pod lands or is evicted first.",
        )
      : null,
    waiting.length > 0
      ? h(
          "div",
          { class: "waiting" },
          h("span", { class: "waiting-label" }, moment ? "Pending:" : "Still pending:"),
          waiting.slice(0, MAX_WAITING).map((e) => block(e, resource, 0, priorities)),
          waiting.length > MAX_WAITING ? h("span", {}, `and ${plural(waiting.length - MAX_WAITING, "more pod")}`) : null,
        )
      : null,
    h("p", { class: "legend" }, colourLegend(priorities, drawn), moment ? momentLegend() : endLegend(cluster, marks)),
  );
  const first = section.querySelector(".pod");
  if (first) first.tabIndex = 0;
  return section;
}

// What each picture shows, in a line under its heading: the two look alike.
const END_ABOUT = "The end of the run: what runs on each node, the pods evicted above it, each preemptor where it lands.";
const MOMENT_ABOUT = "Replayed at this step: what runs on each node, who waits nominated or is gone above it, who is pending below.";

// The legend's words, the same in both pictures for the same thing.
const LEGEND = {
  terminating: "terminating (being deleted, it holds its room)",
  gone: "gone: evicted or deleted",
  lands: "preemptor, where it lands",
  nominated: "nominated, waiting for room",
  changed: "changed at this step",
};

const terminatingLegend = () =>
  h("span", { class: "legend-item" }, h("span", { class: "pod-mark", "aria-hidden": "true" }, TERMINATING), LEGEND.terminating);

const swatches = (items) => items.map(([swatch, text]) => h("span", { class: "legend-item" }, h("span", { class: `swatch ${swatch}` }), text));

function endLegend(cluster, marks) {
  const drawn = new Set(marks.values());
  return [
    swatches([
      ["victim", LEGEND.gone],
      ["incoming", LEGEND.lands],
      ...(drawn.has("mine") ? [["mine", "your change"]] : []),
      ...(drawn.has("evicted-by-change") ? [["evicted-by-change", "evicted because of your change"]] : []),
    ]),
    cluster.pods.some((p) => p.terminating) ? terminatingLegend() : null,
  ];
}

function momentLegend() {
  return [
    terminatingLegend(),
    swatches([
      ["incoming", LEGEND.nominated],
      ["victim", LEGEND.gone],
      ["changed", LEGEND.changed],
    ]),
  ];
}
