// Reports of a result document for people: the CLI's plain text, a
// comparison of two profiles, a diff of two variants, and a Markdown report
// for an issue. Pure
// formatting, shared by the CLI and the page; it never decides anything.

/** Scenarios up to this many characters go in a Markdown report; longer ones only in the link. */
export const MARKDOWN_YAML_CHARS = 20_000;
/** A Markdown report lists at most this many attempts, victims and diagnostics (an issue holds 65,536 characters). */
export const MARKDOWN_ROWS = 50;

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A span of the simulated clock for people: "30 s", "1 min 30 s", "250 ms", "30.5 s" (as core writes it). */
export function formatDuration(ms) {
  if (ms > 0 && ms < 1000) return `${ms} ms`;
  if (ms % 1000 !== 0) return `${ms / 1000} s`;
  const s = ms / 1000;
  if (s < 60) return `${s} s`;
  const parts = [];
  if (s >= 3600) parts.push(`${Math.floor(s / 3600)} h`);
  if (Math.floor(s / 60) % 60) parts.push(`${Math.floor(s / 60) % 60} min`);
  if (s % 60) parts.push(`${s % 60} s`);
  return parts.join(" ");
}

/** Where the simulated clock started, in words ("" for a result without a clock). */
export function describeClock(clock) {
  if (!clock) return "";
  if (clock.startFrom === "none") return "the simulated clock starts when the run does (no object carries a time); times are since then";
  const from = clock.startFrom === "option" ? "as given" : "the latest time on the cluster's objects";
  return `the simulated clock starts at ${clock.start} (${from}); times are since then`;
}

function describeStatus(status) {
  if (!status) return "not filtered";
  if (status.code === "Success") return "fits";
  const name = status.predicate ?? status.plugin; // v1.14 names its predicates
  const plugin = name ? `${name}: ` : "";
  return `${status.code} (${plugin}${status.reasons.join(", ")})`;
}

function verdictLine(attempt) {
  const name = attempt.pod;
  if (attempt.outcome === "Scheduled") return `${name} -> scheduled on ${attempt.node}`;
  if (attempt.outcome === "Nominated") {
    const victims = attempt.victims.map((v) => v.pod).join(", ");
    return `${name} -> nominated ${attempt.node}, evicting ${plural(attempt.victims.length, "pod")}: ${victims}`;
  }
  return `${name} -> cannot be scheduled`;
}

function describeDecision(d) {
  if (d.outcome === "Scheduled") return `scheduled on ${d.node}`;
  if (d.outcome === "Nominated") {
    return d.victims.length === 0
      ? `nominated ${d.node}, evicting nothing`
      : `nominated ${d.node}, evicting ${d.victims.join(", ")}`;
  }
  return "cannot be scheduled";
}

/** Formats a comparison of two profiles as a report a person can read. */
export function formatComparison(comparison) {
  const [a, b] = comparison.profiles;
  const out = [`podsim: ${a.name} (kube-scheduler ${a.kubernetesVersion}) compared with ${b.name} (kube-scheduler ${b.kubernetesVersion})`];
  if (comparison.differences.length === 0) out.push("", "Both profiles decide every pod alike.");
  for (const d of comparison.differences) {
    const what = d.kind === "decision" ? "first decision" : "final outcome";
    out.push("", `${d.pod}: the ${what} differs`);
    out.push(`  ${a.name.padEnd(8)} ${describeDecision(d.a)}`);
    out.push(`  ${b.name.padEnd(8)} ${describeDecision(d.b)}`);
    if (d.together) out.push("  no single rule explains it; these do together:");
    for (const rule of d.rules) out.push(`  because (${rule.switch}): ${rule.text}`);
  }
  return out.join("\n");
}

/**
 * Formats a diff of two variants (podsim diff) as a report a person can
 * read: the pods that differ first, each with the changes that flip it,
 * then the objects that differ. names.a and names.b label the variants.
 */
export function formatDiff(diff, names = {}) {
  const a = names.a ?? "a";
  const b = names.b ?? "b";
  const [ra] = diff.results;
  const width = Math.max(a.length, b.length);
  const out = [`podsim: ${a} compared with ${b} (kube-scheduler ${ra.kubernetesVersion} semantics, profile ${ra.profile})`];
  if (diff.differences.length === 0) out.push("", "Both variants decide every pod alike.");
  const change = new Map(diff.objects.map((o) => [o.object, o.change]));
  const named = (object) => `${object} (${change.get(object) ?? "changed"})`;
  for (const d of diff.differences) {
    const what = d.kind === "decision" ? "first decision" : "final outcome";
    out.push("", `${d.pod}: the ${what} differs`);
    out.push(`  ${a.padEnd(width)}  ${d.a ? describeDecision(d.a) : "not in this variant (no scheduling cycle)"}`);
    out.push(`  ${b.padEnd(width)}  ${d.b ? describeDecision(d.b) : "not in this variant (no scheduling cycle)"}`);
    if (d.cause === "single") {
      for (const c of d.changes) out.push(`  because: ${named(c)} flips it alone`);
    } else if (d.cause === "together") {
      out.push("  no single change flips it; only together");
      for (const c of d.changes) out.push(`  moved by: ${named(c)}`);
    } else {
      out.push(`  none of the first ${diff.tried} changes flips it alone; the other ${diff.objects.length - diff.tried} were not tried (limit ${diff.limit})`);
      for (const c of d.changes) out.push(`  moved by: ${named(c)}`);
    }
  }
  out.push("", diff.objects.length === 0 ? "No object differs." : `Objects that differ (${diff.objects.length}):`);
  for (const o of diff.objects) out.push(`  ${o.change.padEnd(8)} ${o.object}`);
  if (diff.differences.length > 0 && diff.tried < diff.objects.length) {
    out.push(`  (${diff.tried} of ${diff.objects.length} changes were tried alone: the limit is ${diff.limit})`);
  }
  return out.join("\n");
}

// "3 of 500 nodes, 4 of 10,000 pods": what a reduction kept of each kind.
function keptCounts(reduction) {
  const kinds = (c) => (c.total === 1 ? c.kind : c.kind.endsWith("s") ? `${c.kind}es` : `${c.kind}s`);
  return reduction.counts.map((c) => `${c.kept.toLocaleString("en")} of ${c.total.toLocaleString("en")} ${kinds(c)}`).join(", ");
}

function reductionRuns(reduction) {
  const capped = reduction.capped
    ? `; it stopped at the limit of ${reduction.limit}: the scenario gives the same decision but may hold objects it does not need`
    : "";
  return `${many(reduction.runs, "simulation")}${capped}`;
}

/**
 * Returns the report `podsim reduce` prints: the pod's decision, what the
 * reduced scenario kept of each kind, and each kept object with why.
 */
export function formatReduction(reduction, { file = "" } = {}) {
  const from = file ? ` from ${file}` : "";
  if (reduction.error) return `podsim reduce${from}: ${reduction.error}`;
  const out = [
    `podsim reduce${from}: ${reduction.pod} -> ${describeDecision(reduction.decision)}`,
    `  kept ${keptCounts(reduction)} (${reductionRuns(reduction)})`,
    `  message before: ${reduction.message}`,
    `  message after:  ${reduction.reducedMessage}`,
    ...startNote(reduction).map((line) => `  ${line}`),
    "",
    "Kept:",
  ];
  const width = Math.max(...reduction.kept.map((o) => keptName(o).length));
  for (const o of reduction.kept) out.push(`  ${keptName(o).padEnd(width)}  ${o.reason}`);
  return out.join("\n");
}

// A reduced scenario that decides alike only from the input's clock start.
function startNote(reduction) {
  if (!reduction.startNeeded) return [];
  const at = new Date(reduction.startMs).toISOString().replace(".000Z", "Z");
  return [`note: it decides alike only with the clock starting at ${at} (--start-time ${at}); on its own it starts at its latest time`];
}

function keptName(o) {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name}`;
}

/**
 * Returns an issue-ready Markdown report of a reduction: the decision, the
 * messages before and after, the kept objects with why, the reduced
 * scenario (when at most MARKDOWN_YAML_CHARS) and the link.
 */
export function formatReductionMarkdown(reduction, { shareLink = "", scenario = reduction.scenario } = {}) {
  if (reduction.error) return `### podsim reduce\n\n${prose(reduction.error)}\n`;
  const out = [
    `### podsim reduce: ${code(reduction.pod)}`,
    "",
    `${code(reduction.pod)} → ${markdownDecision(reduction.decision)}, in a scenario of ${keptCounts(reduction)} (${reductionRuns(reduction)}).`,
    "",
    `- Message over the whole input: ${code(reduction.message)}`,
    `- Message over the reduced scenario: ${code(reduction.reducedMessage)}`,
    ...startNote(reduction).map((line) => `- ${prose(line)}`),
    "",
    "| Kept | Why |",
    "|---|---|",
    ...reduction.kept.map((o) => `| ${code(keptName(o), { inTable: true })} | ${prose(o.reason)} |`),
    "",
    ...scenarioSection(scenario, shareLink, ""),
  ];
  if (shareLink) out.push(`[Open the reduced scenario in the podsim playground](${shareLink})`, "");
  return out.join("\n");
}

/**
 * The run as an event log, in time order: every scheduling cycle and every
 * queue, controller and budget event, each with its time since the clock's
 * start ("+30 s"), its kind and its sentence (podsim run --events).
 */
export function formatEvents(result) {
  const events = result.clock?.events ?? [];
  const rows = [];
  let next = 0;
  const take = (until) => {
    for (; next < Math.min(until, events.length); next++) rows.push({ atMs: events[next].atMs, kind: events[next].kind, text: events[next].text });
  };
  for (const a of result.pods) {
    // The events recorded before the cycle began, then the cycle.
    take(a.eventsBefore);
    const what = a.outcome === "Unschedulable" ? `${a.pod} -> cannot be scheduled: ${a.message}` : verdictLine(a);
    rows.push({ atMs: a.atMs, kind: "attempt", text: `${what} (attempt ${a.attempt})` });
  }
  take(events.length);
  const width = Math.max(0, ...rows.map((r) => `+${formatDuration(r.atMs)}`.length));
  const out = [`podsim: kube-scheduler ${result.kubernetesVersion} semantics (profile ${result.profile}); ${describeClock(result.clock)}`];
  for (const r of rows) out.push(`${`+${formatDuration(r.atMs)}`.padStart(width)}  ${r.kind.padEnd(13)}  ${r.text}`);
  if (result.clock?.eventsDropped > 0) out.push(`(${result.clock.eventsDropped} more queue events were not kept: the log stops listing them there)`);
  return out.join("\n");
}

/** A long list in a report shows this many items, then "... and N more". */
export const SHOWN = 5;

// The first SHOWN lines of a list, then how many more there are.
function firstFew(lines, indent = "    ", what = "") {
  const out = lines.slice(0, SHOWN).map((l) => `${indent}${l}`);
  if (lines.length > SHOWN) out.push(`${indent}... and ${(lines.length - SHOWN).toLocaleString("en")} more${what}`);
  return out;
}

// "4 bound, 2 pending": a list's items counted by what.
function tally(items, what) {
  const counts = new Map();
  for (const item of items) counts.set(what(item), (counts.get(what(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n.toLocaleString("en")} ${k}`).join(", ");
}

const WHERE = { bound: "bound", nominated: "nominated (still waiting)", pending: "pending", evicted: "evicted later", deleted: "deleted by its controller", "not tried": "not tried" };
const FATE = { evicted: "evicted", deleted: "deleted by their controller", moved: "moved", pending: "left pending" };

function changePodLine(p) {
  const on = p.node ? ` on ${p.node}` : "";
  const evicting = p.evicted.length > 0 ? `, evicting ${p.evicted.length > 3 ? `${p.evicted.slice(0, 3).join(", ")} and ${p.evicted.length - 3} more` : p.evicted.join(", ")}` : "";
  return `${p.pod} -> ${WHERE[p.where]}${on}${evicting}`;
}

function displacedLine(d) {
  if (d.fate === "evicted") return `${d.pod} on ${d.before}: evicted by ${d.by}${d.byChange ? "" : " (a pod of the cluster, whose place the change took)"}`;
  if (d.fate === "moved") return `${d.pod}: moved ${d.before} -> ${d.after}`;
  return `${d.pod} on ${d.before}: ${FATE[d.fate]}`;
}

// Which objects admission changed the change's pods with: "Admission:
// LimitRange team/defaults filled in the requests or limits of 2 of its pods
// (LimitRanger)".
function admittedLines(result, pods) {
  const mine = new Set(pods.map((p) => p.pod));
  const by = new Map(); // "object\tplugin" -> pods
  for (const a of result.pods) {
    if (a.attempt !== 1 || !mine.has(a.pod)) continue;
    for (const note of a.admission ?? []) {
      const key = `${note.object}\t${note.plugin}`;
      by.set(key, (by.get(key) ?? 0) + 1);
    }
  }
  return [...by].map(([key, n]) => {
    const [object, plugin] = key.split("\t");
    return `  Admission: ${object} filled in the requests or limits of ${n} of its pods (${plugin})`;
  });
}

/**
 * What a change laid over a cluster makes differ from the cluster settled
 * alone (result.change, podsim run --apply): its pods and where they end,
 * the cluster's pods that lose their place, the cascades that start from
 * it, the PDBs it exhausts, its workloads; each list shows its first few.
 * [] without a change.
 */
export function changeSection(result) {
  const c = result.change;
  if (!c) return [];
  const out = ["", "Your change (what differs from the cluster settled without it):"];
  const workloads = (result.workloads?.items ?? []).filter((w) => w.fromChange && !w.parent);
  if (c.pods.length === 0 && workloads.length === 0) out.push("  it adds no pods and no workloads");
  if (c.pods.length > 0) {
    out.push(`  Its pods (${c.pods.length.toLocaleString("en")}): ${tally(c.pods, (p) => WHERE[p.where])}`);
    out.push(...firstFew(c.pods.map(changePodLine)));
    out.push(...admittedLines(result, c.pods));
  }
  for (const w of workloads) out.push(`  ${workloadLine(w)}`);
  out.push(
    c.displaced.length === 0
      ? "  Pods of the cluster that lose their place: none"
      : `  Pods of the cluster that lose their place (${c.displaced.length.toLocaleString("en")}): ${tally(c.displaced, (d) => FATE[d.fate])}`,
  );
  out.push(...firstFew(c.displaced.map(displacedLine)));
  const chains = result.workloads?.chains ?? [];
  if (c.cascades.length > 0) {
    out.push(`  Cascades that start from it (${c.cascades.length.toLocaleString("en")}; a controller replaces what preemption took):`);
    out.push(...firstFew(c.cascades.map((i) => chains[i].text)));
  }
  if (c.exhaustedPdbs.length > 0) out.push(`  PodDisruptionBudgets it exhausts (disruptionsAllowed 0): ${c.exhaustedPdbs.join(", ")}`);
  out.push("", ownLine(c.own));
  return out;
}

// The cluster's own activity, in one line: it happens without the change.
function ownLine(own) {
  const parts = [many(own.pending.length, "pending pod")];
  if (own.preemptions > 0) parts.push(`${many(own.preemptions, "preemption")} evicting ${many(own.victims, "pod")}`);
  if (own.chains.length > 0) parts.push(many(own.chains.length, "replacement chain"));
  return `The cluster's own activity (it happens without your change too): ${parts.join(", ")}.`;
}

function workloadLine(w) {
  const parts = [`wanted ${w.wanted}`, `running ${w.runningBefore} -> ${w.runningAfter}`];
  if (w.pending > 0) parts.push(`${w.pending} pending`);
  if (w.created > 0) parts.push(`${w.created} created`);
  if (w.lost > 0) parts.push(`${w.lost} preempted`);
  if (w.refused > 0) parts.push(`${many(w.refused, "creation")} refused (FailedCreate: ${w.failedCreate})`);
  if (w.failed) parts.push("failed: backoffLimit exceeded");
  const origin = w.createdByRun ? " (created by its Deployment)" : w.inInput ? "" : " (not in the input: named by its pods)";
  return `${w.kind} ${w.namespace}/${w.name}${origin}: ${parts.join(", ")}${w.settled ? "" : " (not settled)"}`;
}

/** The settled summary per workload: wanted, running before and after, pending (the first few when brief). */
export function workloadSection(result, { brief = false } = {}) {
  const items = (result.workloads?.items ?? []).filter((w) => !w.parent && (w.created > 0 || w.lost > 0 || w.pending > 0 || w.refused > 0 || w.fromChange));
  if (items.length === 0) return [];
  const lines = items.map(workloadLine);
  const out = ["", `Workloads (those that changed${brief ? `: ${items.length.toLocaleString("en")}` : ""}):`, ...(brief ? firstFew(lines, "  ") : lines.map((l) => `  ${l}`))];
  if (result.workloads.capped) out.push("  the controllers stopped after 20,000 pods: the cascade did not settle");
  return out;
}

function diagnosticLines(result) {
  if (result.diagnostics.length === 0) return [];
  const out = ["", "Diagnostics:"];
  for (const d of result.diagnostics) {
    const where = [d.object, d.path].filter(Boolean).join(" ");
    // A cluster of several files: the file of the line.
    const at = d.source ? `${d.source}${d.line > 0 ? `:${d.line}` : ""}` : d.line > 0 ? `line ${d.line}` : "";
    out.push(`  ${d.severity.padEnd(7)} ${where}${at ? ` (${at})` : ""}: ${d.message}`);
  }
  return out;
}

// What admission changed in the pod, once, at its first attempt:
// "LimitRange team-a/defaults set cpu 100m request for container app (LimitRanger)".
function admissionLines(attempt) {
  if (attempt.attempt !== 1 || !attempt.admission) return [];
  return attempt.admission.map((note) => `${note.object} ${note.change} (${note.plugin})`);
}

// One attempt in full: its verdict, message, victims, steps, the nodes and
// the choice among candidates.
function attemptLines(attempt) {
  const at = attempt.atMs === undefined ? "" : `, at +${formatDuration(attempt.atMs)}`;
  const out = ["", `${verdictLine(attempt)}   [priority ${attempt.priority}, attempt ${attempt.attempt}${at}]`, `  message: ${attempt.message}`];
  out.push(...admissionLines(attempt).map((line) => `  admission: ${line}`));
  for (const v of attempt.victims) {
    const leaves = v.goneAfterMs === undefined ? "" : v.alreadyTerminating ? `, already terminating, gone at +${formatDuration(v.goneAfterMs)}` : `, leaves at +${formatDuration(v.goneAfterMs)}`;
    out.push(`  victim:  ${v.pod} on ${v.node}, priority ${v.priority}${v.pdbViolation ? ", violates its PDB" : ""}${leaves}`);
  }
  for (const step of attempt.trace) out.push(`  ${step.text}`);
  const shown = attempt.nodes.filter((n) => n.filter || n.preemption);
  if (shown.length > 0) out.push("  nodes:");
  for (const node of shown) {
    const score = node.score ? `, score ${node.score.total}` : "";
    out.push(`    ${node.node}: ${describeStatus(node.filter)}${score}`);
    if (node.preemption) {
      out.push(`      preemption: ${node.preemption.verdict}`);
      for (const step of node.preemption.trace) out.push(`        - ${step.text}`);
    }
  }
  if (attempt.selection.length > 0) out.push("  choosing among candidates:");
  for (const step of attempt.selection) {
    const values = Object.entries(step.display).map(([n, s]) => `${n} ${s}`).join(", ");
    const verdict = step.winner ? `${step.winner} wins` : `tie, kept ${step.kept.join(", ")}`;
    out.push(`    ${step.criterion}: ${values}${values ? " -> " : ""}${verdict}`);
    if (step.note) out.push(`      (${step.note})`);
  }
  return out;
}

// What a brief report leaves out, and the options that show it.
function detailHint(result, asked) {
  const tried = new Set(result.pods.map((a) => a.pod));
  const out = [...asked].filter((p) => !tried.has(p)).map((p) => `${p} had no scheduling cycle in this run (--pod names a pending pod: "namespace/name").`);
  const left = result.pods.filter((a) => !asked.has(a.pod)).length;
  if (left > 0) {
    out.push(`${many(left, "scheduling attempt")} not detailed here: --detail shows every attempt node by node, --pod NS/NAME one pod's (repeatable), --events the run in time order.`);
  }
  return out.length > 0 ? ["", ...out] : [];
}

/**
 * Formats the result document as a report a person can read. Over a
 * cluster with a change (result.change) it leads with the change's
 * difference and details only the attempts asked for: detail, every
 * attempt node by node; pods, the attempts of those pods ("ns/name").
 * Without a change every attempt is detailed.
 */
export function formatReport(result, { detail = false, pods = [] } = {}) {
  const brief = result.change !== undefined && !detail;
  const asked = new Set(pods);
  const out = [`podsim: kube-scheduler ${result.kubernetesVersion} semantics (profile ${result.profile})`];
  if (result.pods.length > 0 && result.clock) out.push(describeClock(result.clock));
  out.push(...changeSection(result), ...diagnosticLines(result));
  if (!brief) for (const pdb of result.pdbs) out.push("", `PodDisruptionBudget ${pdb.pdb}: ${pdb.explanation}`);
  if (result.pods.length === 0) out.push("", "No pending pods to schedule.");
  for (const attempt of result.pods) {
    if (!brief || asked.has(attempt.pod)) out.push(...attemptLines(attempt));
  }
  out.push(...workloadSection(result, { brief }));
  if (brief) out.push(...detailHint(result, asked));
  return out.join("\n");
}

// "1,234 pods": counts in a report read with separators.
function many(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

// Text from the scenario (names, messages that quote values) goes in code
// spans: there Markdown, HTML, @mentions and #references are all inert. The
// fence is one backtick longer than the longest run inside; a line break
// would end a table row, so text stays on one line.
function code(text, { inTable = false } = {}) {
  let body = String(text).replace(/\s*[\r\n]+\s*/g, " ");
  if (inTable) body = body.replaceAll("|", "\\|");
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") || (body.startsWith(" ") && body.endsWith(" ")) ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

// The engine's own prose (rule explanations): escaped, not code, to read as text.
function prose(text) {
  return String(text)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .replace(/[\\`*_[\]<>|~&$#@]/g, "\\$&");
}

/** Returns a fence of backticks that no line of text can close. */
function fenceFor(text) {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return "`".repeat(Math.max(3, longest + 1));
}

function markdownVerdict(attempt) {
  const name = code(attempt.pod);
  if (attempt.outcome === "Scheduled") return `${name} → scheduled on ${code(attempt.node)}`;
  if (attempt.outcome === "Nominated") {
    const victims = attempt.victims.map((v) => code(v.pod)).join(", ");
    const evicting = attempt.victims.length === 0 ? "evicting nothing" : `evicting ${many(attempt.victims.length, "pod")}: ${victims}`;
    return `${name} → nominated ${code(attempt.node)}, ${evicting}`;
  }
  return `${name} → cannot be scheduled`;
}

function markdownDecision(d) {
  if (d.outcome === "Scheduled") return `scheduled on ${code(d.node)}`;
  if (d.outcome === "Nominated") {
    return `nominated ${code(d.node)}, ${d.victims.length === 0 ? "evicting nothing" : `evicting ${d.victims.map((v) => code(v)).join(", ")}`}`;
  }
  return "cannot be scheduled";
}

// "3 pending pods in 4 attempts: 1 scheduled, 1 nominated, 1 cannot be
// scheduled, 2 victims evicted": each pod counted by its last attempt.
function outcomeSummary(result) {
  const last = new Map(result.pods.map((a) => [a.pod, a]));
  if (last.size === 0) return "no pending pods to schedule";
  const count = (outcome) => [...last.values()].filter((a) => a.outcome === outcome).length;
  const parts = [
    [count("Scheduled"), "scheduled"],
    [count("Nominated"), "nominated"],
    [count("Unschedulable"), "cannot be scheduled"],
  ]
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n.toLocaleString("en")} ${what}`);
  const victims = result.pods.reduce((sum, a) => sum + a.victims.length, 0);
  if (victims > 0) parts.push(`${many(victims, "victim")} evicted`);
  return `${many(last.size, "pending pod")} in ${many(result.pods.length, "attempt")}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

function more(shown, total, what) {
  return total > shown ? [`- … and ${(total - shown).toLocaleString("en")} more ${what} (the link, or \`podsim run\`, has them all)`] : [];
}

function scenarioSection(scenario, shareLink, clusterName) {
  if (typeof scenario !== "string") return [];
  const what = clusterName ? "Scenario laid over the cluster" : "Scenario";
  if (scenario.length > MARKDOWN_YAML_CHARS) {
    const where = shareLink ? "it is in the link below" : "it is not included";
    return [`The scenario is longer than ${MARKDOWN_YAML_CHARS.toLocaleString("en")} characters: ${where}.`, ""];
  }
  const text = scenario.endsWith("\n") ? scenario : `${scenario}\n`;
  const fence = fenceFor(text);
  return [
    "<details>",
    `<summary>${what} (YAML, ${many(scenario.length, "character")})</summary>`,
    "",
    `${fence}yaml`,
    `${text}${fence}`,
    "",
    "</details>",
    "",
  ];
}

function differencesSection(comparison) {
  if (!comparison || comparison.kind !== "Comparison") return [];
  const [a, b] = comparison.profiles;
  const out = ["### Where the profiles differ", ""];
  if (comparison.differences.length === 0) out.push(`\`${a.name}\` and \`${b.name}\` decide every pod alike.`);
  for (const d of comparison.differences) {
    out.push(`- ${code(d.pod)}: the ${d.kind === "decision" ? "first decision" : "final outcome"} differs`);
    out.push(`  - ${code(a.name)} (kube-scheduler ${a.kubernetesVersion}): ${markdownDecision(d.a)}`);
    out.push(`  - ${code(b.name)} (kube-scheduler ${b.kubernetesVersion}): ${markdownDecision(d.b)}`);
    if (d.together) out.push("  - no single rule explains it; these do together:");
    for (const rule of d.rules) out.push(`  - because (${prose(rule.switch)}): ${prose(rule.text)}`);
  }
  out.push("");
  return out;
}

/**
 * Formats a result as a Markdown report for an issue: a heading, the profile
 * and a summary, the scenario's YAML in a collapsed <details> (when it has at
 * most MARKDOWN_YAML_CHARS characters), each attempt's verdict and
 * kube-scheduler's message, the victims, where two compared profiles differ,
 * the diagnostics, and the link. Options: shareLink (a URL that reopens the
 * scenario; none from the CLI), scenario (the YAML text), comparison (the
 * comparison the result belongs to), clusterName (the loaded dump the
 * scenario was laid over, which the link does not hold).
 */
export function formatMarkdown(result, { shareLink = "", scenario, comparison = null, clusterName = "" } = {}) {
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const out = ["## podsim report", ""];
  out.push(`- **Profile:** ${code(result.profile)}, kube-scheduler v${prose(result.kubernetesVersion)} semantics`);
  if (comparison?.kind === "Comparison") {
    const [a, b] = comparison.profiles;
    out.push(`- **Compared:** ${code(a.name)} with ${code(b.name)}: ${many(comparison.differences.length, "pod")} decided differently`);
  }
  out.push(`- **Outcome:** ${outcomeSummary(result)}`);
  if (errors > 0) out.push(`- **The scenario has ${many(errors, "error")}:** see Diagnostics`);
  if (clusterName) {
    out.push(
      `- **Cluster:** laid over ${code(clusterName)}, a dump loaded in the page; the cluster is not in this report or the link, only what the editors lay over it`,
    );
  }
  out.push("");
  out.push(...scenarioSection(scenario, shareLink, clusterName));

  out.push("### Verdicts", "");
  if (result.pods.length === 0) out.push("No pending pods to schedule.");
  for (const attempt of result.pods.slice(0, MARKDOWN_ROWS)) {
    const meta = `priority ${attempt.priority}${attempt.attempt > 1 ? `, attempt ${attempt.attempt}` : ""}`;
    out.push(`- ${markdownVerdict(attempt)} (${meta})`);
    if (attempt.message) out.push(`  - message: ${code(attempt.message)}`);
    for (const line of admissionLines(attempt)) out.push(`  - admission: ${code(line)}`);
  }
  out.push(...more(MARKDOWN_ROWS, result.pods.length, "attempts"), "");

  const victims = result.pods.flatMap((a) => a.victims.map((v) => ({ ...v, preemptor: a.pod })));
  if (victims.length > 0) {
    out.push("### Victims", "", "| Pod | Node | Priority | PodDisruptionBudget | Evicted for |", "| --- | --- | ---: | --- | --- |");
    for (const v of victims.slice(0, MARKDOWN_ROWS)) {
      const cell = (text) => code(text, { inTable: true });
      out.push(`| ${cell(v.pod)} | ${cell(v.node)} | ${Number(v.priority)} | ${v.pdbViolation ? "**violated**" : "respected"} | ${cell(v.preemptor)} |`);
    }
    if (victims.length > MARKDOWN_ROWS) out.push("", ...more(MARKDOWN_ROWS, victims.length, "victims"));
    out.push("");
  }

  const chains = result.workloads?.chains ?? [];
  const changed = (result.workloads?.items ?? []).filter((w) => !w.parent && (w.created > 0 || w.lost > 0 || w.pending > 0 || w.refused > 0 || w.fromChange));
  if (chains.length > 0 || changed.length > 0) {
    out.push("### Workloads", "");
    for (const chain of chains.slice(0, MARKDOWN_ROWS)) out.push(`- ${code(chain.text)}`);
    out.push(...more(MARKDOWN_ROWS, chains.length, "replacements"));
    if (chains.length > 0 && changed.length > 0) out.push("");
    if (changed.length > 0) {
      out.push("| Workload | Wanted | Running before | Running after | Pending |", "| --- | ---: | ---: | ---: | ---: |");
      for (const w of changed.slice(0, MARKDOWN_ROWS)) {
        out.push(`| ${code(`${w.kind} ${w.namespace}/${w.name}`, { inTable: true })}${w.fromChange ? " (your change)" : ""} | ${w.wanted} | ${w.runningBefore} | ${w.runningAfter} | ${w.pending} |`);
      }
      out.push(...more(MARKDOWN_ROWS, changed.length, "workloads"));
    }
    out.push("");
  }

  out.push(...differencesSection(comparison));

  if (result.diagnostics.length > 0) {
    out.push("### Diagnostics", "");
    for (const d of result.diagnostics.slice(0, MARKDOWN_ROWS)) {
      const where = [d.object, d.path].filter(Boolean).map((part) => code(part));
      if (d.source) where.push(code(`${d.source}${d.line > 0 ? `:${d.line}` : ""}`));
      else if (d.line > 0) where.push(`line ${d.line}`);
      out.push(`- **${prose(d.severity)}** ${where.join(" · ")}${where.length ? ": " : ""}${code(d.message)}`);
    }
    out.push(...more(MARKDOWN_ROWS, result.diagnostics.length, "diagnostics"), "");
  }

  if (shareLink) {
    // A URL's parentheses and spaces would end the link early.
    const href = shareLink.replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
    out.push(`[Open this scenario in the podsim playground](${href})${clusterName ? " (without the cluster)" : ""}`, "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
