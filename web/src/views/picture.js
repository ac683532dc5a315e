// The cluster as a picture: a column per node, pods as blocks sized by their
// cpu (or memory) request, coloured by priority; victims struck through in
// red, and each preemptor where it lands.
import { h, shortName } from "../dom.js";

const MAX_COLUMNS = 120;
const HEIGHT = 220; // px for a node's whole allocatable

function colourIndex(priorities, priority) {
  const i = priorities.indexOf(priority);
  return priorities.length <= 1 ? 0 : Math.round((i / (priorities.length - 1)) * 7);
}

function amount(resource, value) {
  if (resource === "cpu") return value >= 1000 && value % 100 === 0 ? `${value / 1000} cpu` : `${value}m`;
  const gi = value / 1073741824;
  return gi >= 1 ? `${+gi.toFixed(1)}Gi` : `${+(value / 1048576).toFixed(0)}Mi`;
}

function block(pod, resource, capacity, priorities, role) {
  const value = pod.requests[resource];
  const height = capacity > 0 ? Math.max(16, Math.round((value / capacity) * HEIGHT)) : 16;
  const title = `${pod.pod} · priority ${pod.priority} · ${amount(resource, value)}${
    role === "victim" ? ` · evicted by ${pod.evictedBy}` : role === "incoming" ? " · lands here" : ""
  }`;
  return h(
    "div",
    {
      class: `pod prio-${colourIndex(priorities, pod.priority)} ${role}`,
      style: { height: `${height}px` },
      title,
      dataset: { object: `Pod ${pod.pod}` },
    },
    h("span", { class: "pod-name" }, shortName(pod.pod)),
    h("span", { class: "pod-prio" }, String(pod.priority)),
  );
}

export function renderPicture(result, resource, onResource) {
  const cluster = result.cluster;
  if (!cluster || cluster.nodes.length === 0) return null;
  const priorities = [...new Set(cluster.pods.map((p) => p.priority))].sort((a, b) => a - b);
  const columns = cluster.nodes.slice(0, MAX_COLUMNS).map((node) => {
    const capacity = node.allocatable[resource];
    const here = cluster.pods.filter((p) => p.node === node.node);
    const incoming = cluster.pods.filter((p) => p.pending && (p.finalNode === node.node || p.nominatedNode === node.node));
    const victims = here.filter((p) => p.evictedBy);
    // The box holds what runs after the queue is done: the pods that stay and
    // the preemptors that land; evicted pods are lifted out above it.
    return h(
      "div",
      { class: "column", dataset: { object: `Node ${node.node}` } },
      h("div", { class: "evicted-area" }, victims.map((p) => block(p, resource, capacity, priorities, "victim"))),
      h(
        "div",
        { class: "stack", style: { height: `${HEIGHT}px` } },
        here.filter((p) => !p.evictedBy).map((p) => block(p, resource, capacity, priorities, "running")),
        incoming.map((p) => block(p, resource, capacity, priorities, "incoming")),
      ),
      h("div", { class: "column-label" }, h("strong", {}, node.node), h("span", {}, amount(resource, capacity))),
    );
  });
  const waiting = cluster.pods.filter((p) => p.pending && !p.finalNode && !p.nominatedNode);
  return h(
    "section",
    { class: "panel", "aria-label": "Cluster picture" },
    h(
      "div",
      { class: "panel-head" },
      h("h2", {}, "Cluster"),
      h(
        "div",
        { class: "toggle", role: "group", "aria-label": "Size pods by" },
        ["cpu", "memory"].map((r) =>
          h("button", { type: "button", "aria-pressed": r === resource ? "true" : "false", onclick: () => onResource(r) }, r),
        ),
      ),
    ),
    h("div", { class: "picture" }, columns),
    cluster.nodes.length > MAX_COLUMNS ? h("p", { class: "hint" }, `Showing ${MAX_COLUMNS} of ${cluster.nodes.length} nodes.`) : null,
    waiting.length > 0
      ? h("div", { class: "waiting" }, h("span", {}, "Still pending: "), waiting.map((p) => block(p, resource, 0, priorities, "pending")))
      : null,
    h(
      "p",
      { class: "legend" },
      h("span", { class: "swatch running" }), "running ",
      h("span", { class: "swatch victim" }), "evicted ",
      h("span", { class: "swatch incoming" }), "preemptor, where it lands ",
      h("span", { class: "swatch prio-0" }), "low priority ",
      h("span", { class: "swatch prio-7" }), "high priority",
    ),
  );
}
