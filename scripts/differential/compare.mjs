// podsim's result document against the oracle's answer (upstream's kube-scheduler), for the
// fields both fill: each attempt's outcome, node, victims, PDB violations and message, the pods
// admission rejected, and at the run level the end state. Where upstream leaves the answer to
// chance (the preemption's random candidate offset, its final tie in map order) the oracle lists
// every answer it can give, and podsim's must be one of them. See docs/fidelity.md.

const sorted = (list) => [...list].sort();

/** podsim's attempts in the oracle's shape (one per attempt, in order). */
export function podsimAttempts(result) {
  return result.pods.map((a) => ({
    pod: a.pod,
    outcome: a.outcome,
    node: a.node ?? "",
    victims: sorted(a.victims.map((v) => v.pod)),
    pdbViolations: a.pdbViolations,
    message: a.message,
  }));
}

/** The pods podsim's admission refused, by "ns/name". */
export function podsimRejected(result) {
  const rejected = new Set();
  for (const d of result.diagnostics) {
    const m = /^Pod ([^ ]+) /.exec(d.object ?? "");
    if (d.severity === "error" && m && /forbidden/.test(d.message)) rejected.add(m[1]);
  }
  return rejected;
}

/** The end state of a run by the rules of tests/conformance/README.md. */
export function podsimFinal(result) {
  const last = new Map();
  for (const attempt of result.pods) last.set(attempt.pod, attempt);
  const deleted = new Set(result.pods.flatMap((attempt) => attempt.victims.map((v) => v.pod)));
  const pictured = result.cluster?.pods ?? [];
  const bound = new Map();
  for (const p of pictured) if (!p.pending && p.node && !deleted.has(p.pod)) bound.set(p.pod, p.node);
  for (const [pod, attempt] of last) {
    if (attempt.outcome === "Scheduled" && !deleted.has(pod)) bound.set(pod, attempt.node);
  }
  const toSchedule = new Set([...last.keys(), ...pictured.filter((p) => p.pending).map((p) => p.pod)]);
  return {
    bound: Object.fromEntries([...bound].sort(([a], [b]) => a.localeCompare(b))),
    deleted: sorted(deleted),
    pending: sorted([...toSchedule].filter((pod) => !bound.has(pod) && !deleted.has(pod))),
  };
}

/**
 * The pods podsim's controllers created, in creation order: {pod, workload, time}, the time it
 * enters the queue (after a Job's backoff: upstream creates it then). A ReplicaSet a
 * rollout created is named by its Deployment, as the oracle names it (its name is a hash).
 */
export function podsimCreated(result) {
  const made = new Map();
  for (const item of result.workloads?.items ?? []) {
    if (item.kind === "ReplicaSet" && item.createdByRun && item.parent) {
      made.set(`ReplicaSet ${item.namespace}/${item.name}`, `Deployment ${item.namespace}/${item.parent} (new ReplicaSet)`);
    }
  }
  const events = result.clock?.events ?? [];
  // The oracle leaves out of its controllers' deletions every pod that was some attempt's victim
  // (oracle/controllers.go, result): which of the two deleted it first is not in its answer.
  const victims = new Set(result.pods.flatMap((attempt) => attempt.victims.map((v) => v.pod)));
  return {
    created: events.filter((e) => e.kind === "created").map((e) => ({ pod: e.pod, workload: made.get(e.workload) ?? e.workload, time: e.until ?? e.time })),
    deleted: events.filter((e) => e.kind === "deleted" && !victims.has(e.pod)).map((e) => ({ pod: e.pod, time: e.time })),
  };
}

/**
 * Names for the pods the controllers made with random suffixes (all but a StatefulSet's, whose
 * names are their ordinals): the workload and the pod's place among that workload's creations,
 * `<ReplicaSet default/web #2>`. Both sides' names map so, and compare by owner and count.
 */
function renamer(created) {
  const names = new Map();
  const counts = new Map();
  for (const c of created) {
    if (c.workload.startsWith("StatefulSet ")) continue;
    const n = (counts.get(c.workload) ?? 0) + 1;
    counts.set(c.workload, n);
    names.set(c.pod, `<${c.workload} #${n}>`);
  }
  const rename = (pod) => names.get(pod) ?? pod;
  // In messages too ("Successfully assigned default/web-x7k2p to node-1").
  rename.text = (text) => (text ?? "").replace(/[a-z0-9.-]+\/[a-z0-9.-]+/g, (m) => names.get(m) ?? m);
  return rename;
}

/** The attempts and end state with the controllers' pods renamed (see renamer). */
function renamed(attempts, final, rename) {
  const attemptsOut = attempts.map((a) => ({
    ...a,
    pod: rename(a.pod),
    message: rename.text(a.message),
    victims: sorted(a.victims.map((v) => rename(typeof v === "string" ? v : v.pod))),
    alternatives: a.alternatives?.map((b) => ({ ...b, victims: b.victims.map(rename) })),
  }));
  const finalOut = final && {
    bound: Object.fromEntries(Object.entries(final.bound).map(([p, n]) => [rename(p), n]).sort(([a], [b]) => a.localeCompare(b))),
    deleted: sorted(final.deleted.map(rename)),
    pending: sorted(final.pending.map(rename)),
  };
  return [attemptsOut, finalOut];
}

/** With the controllers on: what they created and deleted, by owner and count and time. */
function workloadDifferences(ours, theirs, renameOurs, renameTheirs) {
  const out = [];
  const list = (items, rename) => items.map((c) => `${rename(c.pod)} at ${c.time}`);
  const a = list(ours.created, renameOurs);
  const b = list(theirs.created ?? [], renameTheirs);
  if (JSON.stringify(sorted(a)) !== JSON.stringify(sorted(b))) {
    out.push(`created: podsim ${JSON.stringify(sorted(a))}, upstream ${JSON.stringify(sorted(b))}`);
  }
  const c = sorted(ours.deleted.map((d) => renameOurs(d.pod)));
  const d = sorted((theirs.deleted ?? []).map((x) => renameTheirs(x.pod)));
  if (JSON.stringify(c) !== JSON.stringify(d)) out.push(`deleted by controllers: podsim ${JSON.stringify(c)}, upstream ${JSON.stringify(d)}`);
  return out;
}

/**
 * The differences between podsim's result and the oracle's, as sentences (none: they agree).
 */
export function differences(result, oracle) {
  if (oracle.workloads) return workloadRunDifferences(result, oracle);
  return compared(podsimAttempts(result), podsimFinal(result), result, oracle);
}

/**
 * Two oracles' documents (two releases of upstream, scripts/differential/oracle-versions.mjs)
 * compared as podsim's is, the first in podsim's seat: its answer must be one of the second's.
 */
export function oracleDifferences(a, b) {
  const attempts = a.pods.map((p) => ({ ...p, node: p.node ?? "", victims: sorted(p.victims.map((v) => v.pod)) }));
  const rejected = { diagnostics: Object.keys(a.rejected ?? {}).map((pod) => ({ severity: "error", object: `Pod ${pod} `, message: "forbidden" })) };
  if (!b.workloads) return compared(attempts, a.final, rejected, b);
  const ours = { created: a.workloads?.created ?? [], deleted: a.workloads?.deleted ?? [] };
  const renameOurs = renamer(ours.created);
  const renameTheirs = renamer(b.workloads.created ?? []);
  const [attemptsA, finalA] = renamed(attempts, a.final, renameOurs);
  const [attemptsB, finalB] = renamed(b.pods, b.final, renameTheirs);
  const upstream = { ...b, pods: attemptsB.map((p) => ({ ...p, victims: p.victims.map((v) => ({ pod: v })) })), final: finalB };
  return [...compared(attemptsA, finalA, rejected, upstream), ...workloadDifferences(ours, b.workloads, renameOurs, renameTheirs)];
}

/** A run with the controllers on: the controllers' pods renamed on both sides, then compared. */
function workloadRunDifferences(result, oracle) {
  const ours = podsimCreated(result);
  const renameOurs = renamer(ours.created);
  const renameTheirs = renamer(oracle.workloads.created ?? []);
  const [attempts, final] = renamed(podsimAttempts(result), podsimFinal(result), renameOurs);
  const [theirAttempts, theirFinal] = renamed(oracle.pods, oracle.final, renameTheirs);
  const upstream = { ...oracle, pods: theirAttempts.map((a) => ({ ...a, victims: a.victims.map((v) => ({ pod: v })) })), final: theirFinal };
  return [...compared(attempts, final, result, upstream), ...workloadDifferences(ours, oracle.workloads, renameOurs, renameTheirs)];
}

function compared(ours, final, result, oracle) {
  const out = [];
  if (ours.length !== oracle.pods.length) {
    out.push(`attempts: podsim made ${ours.length}, upstream ${oracle.pods.length} ` +
      `(podsim: ${ours.map((a) => a.pod).join(" ")}; upstream: ${oracle.pods.map((a) => a.pod).join(" ")})`);
  }
  const n = Math.min(ours.length, oracle.pods.length);
  for (let i = 0; i < n; i++) {
    const a = ours[i];
    const u = oracle.pods[i];
    const where = `attempt ${i + 1} (${u.pod})`;
    if (a.pod !== u.pod) {
      out.push(`${where}: podsim scheduled ${a.pod} here`);
      continue;
    }
    if (a.outcome !== u.outcome) out.push(`${where}: outcome ${a.outcome}, upstream ${u.outcome}`);
    const answers = u.alternatives?.length ? u.alternatives : [{ node: u.node, victims: u.victims.map((v) => v.pod) }];
    const fits = answers.some((b) => b.node === a.node && JSON.stringify(sorted(b.victims)) === JSON.stringify(a.victims));
    if (!fits) {
      out.push(`${where}: podsim ${a.node || "-"} [${a.victims.join(" ")}], upstream ` +
        answers.map((b) => `${b.node || "-"} [${sorted(b.victims).join(" ")}]`).join(" or "));
    }
    if (a.pdbViolations !== u.pdbViolations) out.push(`${where}: pdbViolations ${a.pdbViolations}, upstream ${u.pdbViolations}`);
    // A pod that fits names its node in the message: where upstream's selectHost could pick any of
    // several tied nodes (v1.31's reservoir sampling, its alternatives), podsim's pick names its own.
    const message = fits && a.outcome === "Scheduled" && u.node !== a.node ? u.message.replace(` to ${u.node}`, ` to ${a.node}`) : u.message;
    if (a.message !== message) out.push(`${where}: message\n    podsim:   ${a.message}\n    upstream: ${message}`);
  }
  const rejected = podsimRejected(result);
  const upstreamRejected = new Set(Object.keys(oracle.rejected ?? {}));
  for (const pod of rejected) if (!upstreamRejected.has(pod)) out.push(`admission: podsim rejects ${pod}, upstream admits it`);
  for (const pod of upstreamRejected) if (!rejected.has(pod)) out.push(`admission: upstream rejects ${pod} (${oracle.rejected[pod]})`);
  if (oracle.final) {
    for (const part of ["bound", "deleted", "pending"]) {
      if (JSON.stringify(final[part]) !== JSON.stringify(oracle.final[part])) {
        out.push(`final ${part}: podsim ${JSON.stringify(final[part])}, upstream ${JSON.stringify(oracle.final[part])}`);
      }
    }
  }
  return out;
}
