// What a Kubernetes user reads (issue #17, items 4 and 10): the tie-break
// table in values, not internal scores, with the winner marked; a picture
// whose legend names the priority of each colour and marks terminating pods;
// plain words next to the verbatim scheduler message; detail panels that say
// which profile they show when two are compared; and v1.14 in its own words.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { chooseExample, fromMenu, openPage, outputDir, settled, useBrowser } from "./harness.mjs";

const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));
const env = useBrowser();

// A picture of the panels the test is about (test-output/<name>.png).
async function screenshot(page, name, selector) {
  await page.locator(selector).screenshot({ path: join(outputDir, `${name}.png`) });
}

async function fresh() {
  const opened = await openPage(env.browser, env.server.url);
  await settled(opened.page);
  return opened;
}

// Opens a gallery example and waits for its own first verdict (the pod, the
// node, each victim), not the last example's.
async function openExample(page, id) {
  const want = gallery.find((e) => e.id === id).expect[0];
  await chooseExample(page, id);
  await settled(page);
  const words = [want.pod.replace(/^default\//, ""), want.node, ...want.victims.map((v) => v.replace(/^default\//, ""))].filter(Boolean);
  await page.waitForFunction(
    (w) => [...document.querySelectorAll(".attempt .verdict")].some((v) => w.every((word) => v.textContent.includes(word))),
    words,
  );
}

// The selection table as rows: {criterion: {node: cell text}}, and the winner of each row.
async function selectionTable(page) {
  await page.waitForSelector("table.selection");
  return page.locator("table.selection").evaluate((table) => {
    const nodes = [...table.querySelectorAll("thead th")].slice(1).map((th) => th.textContent);
    const rows = {};
    const winners = {};
    for (const tr of table.querySelectorAll("tbody tr")) {
      const criterion = tr.querySelector("th").textContent;
      const cells = [...tr.querySelectorAll("td")];
      rows[criterion] = Object.fromEntries(cells.map((td, i) => [nodes[i], td.textContent]));
      const won = cells.findIndex((td) => td.dataset.winner !== undefined);
      winners[criterion] = won >= 0 ? nodes[won] : null;
    }
    return { rows, winners };
  });
}

const TIEBREAKS = [
  {
    id: "tiebreak-pdb",
    criterion: "fewest PDB violations",
    cells: { "node-a": "1 PDB violation", "node-b": "✓ 0 PDB violations wins" },
  },
  {
    id: "tiebreak-highest-priority",
    criterion: "lowest highest-priority victim",
    cells: { "node-a": "highest victim priority 50", "node-b": "✓ highest victim priority 10 wins" },
  },
  {
    id: "tiebreak-sum",
    criterion: "lowest sum of victim priorities",
    cells: { "node-a": "sum 90", "node-b": "✓ sum 51 wins" },
  },
  {
    id: "tiebreak-fewest-victims",
    criterion: "fewest victims",
    cells: { "node-a": "2 victims", "node-b": "✓ 1 victim wins" },
    // The sums tie only because of the 2^31 per victim: the table says so.
    also: { "lowest sum of victim priorities": { "node-a": "✓ sum -2147483643 + 2 × 2^31", "node-b": "✓ sum 5 + 1 × 2^31" } },
    note: /Each victim counts its priority plus 2\^31/,
  },
  {
    id: "tiebreak-start-time",
    criterion: "latest start of the highest-priority victims",
    cells: { "node-a": "started 2024-05-01T08:00:00Z", "node-b": "✓ started 2024-05-01T11:30:00Z wins" },
  },
];

test("readable: each tie-break table shows values a person compares and marks the winner", async () => {
  const { page, errors, context } = await fresh();
  for (const example of TIEBREAKS) {
    await openExample(page, example.id);
    const { rows, winners } = await selectionTable(page);
    assert.deepEqual(rows[example.criterion], example.cells, example.id);
    assert.equal(winners[example.criterion], "node-b", `${example.id}: the deciding row marks node-b`);
    // Rows before the deciding one are ties: every cell kept, no winner.
    const criteria = Object.keys(rows);
    for (const criterion of criteria.slice(0, criteria.indexOf(example.criterion))) {
      assert.equal(winners[criterion], null, `${example.id}: ${criterion} decides nothing`);
      assert.ok(Object.values(rows[criterion]).every((text) => text.startsWith("✓ ")), `${example.id}: ${criterion} keeps both`);
    }
    for (const [criterion, cells] of Object.entries(example.also ?? {})) assert.deepEqual(rows[criterion], cells, example.id);
    // No internal score: negated counts, the 2^31-shifted sum, Unix seconds.
    for (const text of Object.values(rows).flatMap((r) => Object.values(r))) {
      assert.doesNotMatch(text, /^✓? ?-?\d+( wins)?$|t=\d|-42949|2147483653/, `${example.id}: "${text}"`);
    }
    if (example.note) assert.match(await page.locator(".selection-note").first().textContent(), example.note);
    assert.equal(await page.locator("#selection .winner strong").textContent(), "node-b");
    await screenshot(page, `readable-${example.id}`, "#selection");
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// Each pod block's colour, and the priority values the legend gives each colour.
async function colours(page) {
  return page.locator("#picture").evaluate((picture) => {
    const colourOf = (el) => [...el.classList].find((c) => /^prio-\d$/.test(c));
    const pods = [...picture.querySelectorAll(".pod:not(.victim)")].map((el) => ({
      colour: colourOf(el),
      priority: el.dataset.priority,
      background: getComputedStyle(el).backgroundColor,
    }));
    const legend = [...picture.querySelectorAll(".legend .legend-item")]
      .filter((item) => item.querySelector(".swatch[class*=prio-]"))
      .map((item) => ({
        colour: colourOf(item.querySelector(".swatch")),
        text: item.textContent.replace(/ \((lowest|highest) here\)$/, ""),
        rank: item.querySelector(".legend-rank")?.textContent ?? "",
        background: getComputedStyle(item.querySelector(".swatch")).backgroundColor,
      }));
    return { pods, legend, text: picture.querySelector(".legend").textContent };
  });
}

test("readable: the picture's legend names the priority of each colour, and terminating pods are marked", async () => {
  const { page, errors, context } = await fresh();
  for (const id of ["default", "queue-order", "profiles-terminating-pod"]) {
    await openExample(page, id);
    const { pods, legend, text } = await colours(page);
    assert.ok(pods.length > 0, id);
    assert.doesNotMatch(text, /low priority|high priority/, `${id}: the legend names values`);
    for (const pod of pods) {
      const entry = legend.find((l) => l.colour === pod.colour);
      assert.ok(entry, `${id}: the legend has ${pod.colour} (priority ${pod.priority})`);
      const listed = /to/.test(entry.text) ? true : entry.text.replace(/^priority /, "").split(", ").includes(pod.priority);
      assert.ok(listed, `${id}: priority ${pod.priority} is listed under ${pod.colour}: "${entry.text}"`);
      assert.equal(entry.background, pod.background, `${id}: the swatch of ${pod.colour} is the pod's colour`);
    }
    // The colours rank this scenario's values: the legend says which end is the highest here.
    if (legend.length > 1) assert.deepEqual([legend[0].rank, legend.at(-1).rank], [" (lowest here)", " (highest here)"], id);
    // One entry per colour in use, each named once.
    assert.deepEqual([...new Set(pods.map((p) => p.colour))].sort(), legend.map((l) => l.colour).sort(), id);
    await screenshot(page, `readable-picture-${id}`, "#picture");
  }
  // old-web has a deletionTimestamp: its block says so, and so does the legend.
  const old = page.locator('#picture .pod[data-object="Pod default/old-web"]');
  assert.match(await old.getAttribute("class"), /\bterminating\b/);
  assert.match(await old.getAttribute("title"), /terminating/);
  assert.match(await old.textContent(), /⊘/);
  assert.match(await page.locator("#picture .legend").textContent(), /terminating/);
  assert.equal(await page.locator('#picture .pod[data-object="Pod default/batch"]').getAttribute("class").then((c) => /terminating/.test(c)), false);
  assert.deepEqual(errors, []);
  await context.close();
});

const panelBadges = (page) =>
  page.locator("#victims h2, #picture h2, #selection h2, #nodes h2").evaluateAll((hs) =>
    hs.map((h2) => [h2.firstChild.textContent.trim(), h2.querySelector(".badge-profile")?.textContent ?? null]),
  );

test("readable: comparing, every detail panel says which profile it shows", async () => {
  const { page, errors, context } = await fresh();
  await openExample(page, "profiles-victim-order"); // opens compared
  await page.waitForSelector(".differences .difference");
  assert.deepEqual(await panelBadges(page), [
    ["Victims", "current (v1.37)"],
    ["Cluster", "current (v1.37)"],
    ["Choosing a node", "current (v1.37)"],
    ["Nodes", "current (v1.37)"],
  ]);
  await screenshot(page, "readable-compare-current", "#result-body");
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  await page.waitForFunction(() => document.querySelector("#nodes .badge-profile")?.textContent === "v1.14");
  assert.deepEqual(await panelBadges(page), [
    ["Victims", "v1.14"],
    ["Cluster", "v1.14"],
    ["Choosing a node", "v1.14"],
    ["Nodes", "v1.14"],
  ]);
  await screenshot(page, "readable-compare-v1.14", "#result-body");
  // Not comparing, one profile is shown: no labels.
  await fromMenu(page, "#compare");
  await settled(page);
  await page.waitForFunction(() => !document.querySelector(".differences"));
  assert.ok((await panelBadges(page)).every(([, badge]) => badge === null));
  assert.deepEqual(errors, []);
  await context.close();
});

const cycleTrace = (page) => page.locator("#nodes .cycle-trace li").allTextContents();
const filterLines = (page) => page.locator("#nodes .node-card .filter").allTextContents();

test("readable: v1.14 speaks of predicates and dry-runs every potential node; current says where it starts", async () => {
  const { page, errors, context } = await fresh();
  await openExample(page, "tiebreak-sum");
  let trace = await cycleTrace(page);
  assert.ok(trace.some((t) => t.includes("kube-scheduler dry-runs them in turn from a random one") && t.endsWith("without a seed podsim starts at the first, node-a.")), trace.join("\n"));
  assert.ok(trace.every((t) => !t.includes("starting at potential node")));
  assert.deepEqual(await filterLines(page), ["Unschedulable NodeResourcesFit: Insufficient cpu", "Unschedulable NodeResourcesFit: Insufficient cpu"]);
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  await page.waitForFunction(() => [...document.querySelectorAll("#nodes .cycle-trace li")].some((li) => li.textContent.includes("v1.14 dry-runs every one")));
  trace = await cycleTrace(page);
  assert.ok(
    trace.includes(
      "2 node(s) might be helped by preemption (none of their failures is on v1.14's list of unresolvable ones); v1.14 dry-runs every one of them (selectNodesForPreemption).",
    ),
    trace.join("\n"),
  );
  const lines = await filterLines(page);
  assert.deepEqual(lines, ["predicate failed PodFitsResources: Insufficient cpu", "predicate failed PodFitsResources: Insufficient cpu"]);
  assert.ok(lines.every((l) => !l.includes("NodeResourcesFit")));
  await screenshot(page, "readable-v1.14-words", "#nodes");
  assert.deepEqual(errors, []);
  await context.close();
});

test("readable: plain words next to the verbatim message, and cleared nominations by name", async () => {
  const { page, errors, context } = await fresh();
  await openExample(page, "equal-priority");
  // kube-scheduler's message stays as it writes it: v1.37's, then v1.35's, whose DynamicResources
  // clause the trace explains in plain words.
  assert.equal(
    await page.locator(".attempt .message").first().textContent(),
    "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
  );
  await page.locator("#profile").selectOption("v1.35");
  await page.waitForFunction(() => document.querySelector(".attempt .message")?.textContent.includes("no new claims"));
  assert.equal(
    await page.locator(".attempt .message").first().textContent(),
    "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
  );
  const trace = await cycleTrace(page);
  assert.ok(
    trace.some((t) => t.includes('"no new claims to deallocate" is the DynamicResources plugin') && t.includes("pod without resource claims")),
    trace.join("\n"),
  );
  await screenshot(page, "readable-postfilter", "#result-body");
  await openExample(page, "lost-nomination");
  const actuate = (await cycleTrace(page)).find((t) => t.startsWith("Nominated node-1"));
  assert.equal(
    actuate,
    "Nominated node-1; deleted 1 victim(s); it keeps its room on the node for 30 s (its grace period) while the pod waits nominated; cleared the nomination of waiting (priority 50): it was nominated to node-1 with a lower priority and may no longer fit there, so it goes back to the queue to find a node again.",
  );
  assert.deepEqual(errors, []);
  await context.close();
});

// Fourteen small pods on one node, and a pod that needs all of them gone.
function manyVictims() {
  const small = Array.from({ length: 14 }, (_, i) => `---
apiVersion: v1
kind: Pod
metadata: {name: small-${String(i + 1).padStart(2, "0")}}
spec:
  nodeName: node-a
  priority: 10
  containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]
status: {phase: Running, startTime: "2024-05-01T08:00:00Z"}`);
  return `apiVersion: v1
kind: Node
metadata: {name: node-a}
status: {allocatable: {cpu: 1400m, memory: 8Gi, pods: "110"}}
${small.join("\n")}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  priority: 1000
  containers: [{name: c, image: i, resources: {requests: {cpu: 1400m}}}]
`;
}

test("readable: a preemption of many pods names its first victims in the verdict and shows the rest of the Victims table behind a count", async () => {
  const { page, context, errors } = await fresh();
  await page.locator(".tab", { hasText: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.press("Control+a");
  await page.evaluate((t) => navigator.clipboard.writeText(t), manyVictims());
  await page.keyboard.press("Control+v");
  await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.startsWith("big "));
  await settled(page);
  assert.match(await page.locator(".attempt .verdict").first().textContent(), /^big → nominated node-a, evicting 14 pods: small-\d\d, small-\d\d, small-\d\d and 11 more$/);
  assert.equal(await page.locator("table.victims tbody tr").count(), 10);
  await page.getByRole("button", { name: "Show 4 more victims" }).click();
  assert.equal(await page.locator("table.victims tbody tr").count(), 14);
  assert.equal(await page.getByRole("button", { name: /more victims/ }).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
