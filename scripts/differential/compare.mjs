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
 * The differences between podsim's result and the oracle's, as sentences (none: they agree).
 */
export function differences(result, oracle) {
  const out = [];
  const ours = podsimAttempts(result);
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
    const final = podsimFinal(result);
    for (const part of ["bound", "deleted", "pending"]) {
      if (JSON.stringify(final[part]) !== JSON.stringify(oracle.final[part])) {
        out.push(`final ${part}: podsim ${JSON.stringify(final[part])}, upstream ${JSON.stringify(oracle.final[part])}`);
      }
    }
  }
  return out;
}
