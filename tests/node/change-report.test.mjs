// A change laid over a cluster is the difference it makes: `podsim run
// --apply` and cluster.simulate() lead with what differs from the cluster
// settled without the change (core's ChangeEffect), keep the cluster's own
// activity apart, and collapse long lists; node-by-node detail is for
// --detail and --pod. Measured on a 200-node dump with 10 pending pods and a
// 6-replica Deployment laid over it (bench/dump.mjs: DEPLOYMENT_CHANGE).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { DEPLOYMENT_CHANGE, seededRandom, writeDump } from "../../bench/dump.mjs";
import { loadCluster } from "../../wasm/index.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = join(root, "wasm/cli.mjs");

function podsim(args) {
  return spawnSync("node", [cli, ...args], { encoding: "utf8", cwd: root, maxBuffer: 256 << 20 });
}

const CHANGE = DEPLOYMENT_CHANGE;

const dir = mkdtempSync(join(tmpdir(), "podsim-change-"));
const dump = join(dir, "dump.yaml");
const change = join(dir, "change.yaml");
writeDump(dump, { nodes: 200, pods: 2_000 }, "yaml", seededRandom(1));
writeFileSync(change, CHANGE);

const report = podsim(["run", dump, "--apply", change]);
const lines = report.stdout.split("\n");

test("run --apply: the report leads with the change's difference, short, lists collapsed", () => {
  assert.equal(report.status, 0, report.stderr);
  // Before: 11,999 lines (every attempt node by node, every PDB's status).
  assert.ok(lines.length <= 40, `${lines.length} lines:\n${report.stdout}`);
  assert.equal(lines[3], "Your change (what differs from the cluster settled without it):");
  assert.match(lines[4], /^ {2}Its pods \(6\): 6 bound$/);
  assert.match(report.stdout, /\n {4}shop\/checkout-[a-z0-9]+-[a-z0-9]{5} -> bound on \S+, evicting /);
  assert.match(report.stdout, /\n {4}\.\.\. and 1 more\n/, "six pods: five shown, one counted");
  assert.match(report.stdout, /\n {2}Deployment shop\/checkout: wanted 6, running 0 -> 6, 6 created\n/);
  assert.match(report.stdout, /\n {2}Pods of the cluster that lose their place \(\d+\): \d+ evicted/);
  assert.match(report.stdout, /\n {2}Cascades that start from it \(\d+; a controller replaces what preemption took\):\n/);
  assert.match(report.stdout, /\nThe cluster's own activity \(it happens without your change too\): 10 pending pods/);
  assert.ok(!lines.some((l) => /^ {2}nodes:$/.test(l) || /^PodDisruptionBudget /.test(l)), "no node-by-node detail, no PDB list");
  assert.match(report.stdout, /\n\d+ scheduling attempts not detailed here: --detail shows every attempt node by node, --pod NS\/NAME one pod's/);
});

test("run --apply --detail details every attempt; --pod the attempts of the pods named", () => {
  const detail = podsim(["run", dump, "--apply", change, "--detail"]);
  assert.equal(detail.status, 0, detail.stderr);
  const all = detail.stdout.split("\n");
  assert.ok(all.length > 5_000, `${all.length} lines`);
  assert.ok(all.filter((l) => l === "  nodes:").length > 20);
  const pod = /\n {4}(shop\/checkout-\S+) -> bound/.exec(report.stdout)[1];
  const one = podsim(["run", dump, "--apply", change, "--pod", pod, "--pod", "default/nobody"]);
  assert.equal(one.status, 0, one.stderr);
  const verdicts = one.stdout.split("\n").filter((l) => /\] *$/.test(l) && / -> /.test(l));
  assert.ok(verdicts.length >= 1 && verdicts.every((l) => l.startsWith(`${pod} -> `)), verdicts.join("\n"));
  assert.match(one.stdout, /\n {2}nodes:\n/);
  assert.match(one.stdout, /\ndefault\/nobody had no scheduling cycle in this run/);
  const refused = podsim(["run", dump, "--apply", change, "--detail", "--json"]);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--detail chooses what the report details/);
  const alone = podsim(["run", dump, "--pod", pod]);
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /--pod chooses what a report over a change details: it needs --apply/);
});

test("cluster.simulate: a change gets `change`, its difference; the cluster alone gets none", async () => {
  const cluster = await loadCluster(readFileSync(dump));
  try {
    const alone = await cluster.simulate("");
    assert.equal(alone.change, undefined);
    const result = await cluster.simulate(CHANGE);
    const c = result.change;
    assert.equal(c.pods.length, 6);
    assert.ok(c.pods.every((p) => p.where === "bound" && result.pods[p.attempt].pod === p.pod && result.pods[p.attempt].fromChange));
    // Every pod the change's pods evicted lost its place because of it.
    const evicted = c.pods.flatMap((p) => p.evicted);
    assert.ok(evicted.length > 0);
    for (const pod of evicted) assert.ok(c.displaced.some((d) => d.pod === pod && d.fate === "evicted" && d.byChange), pod);
    // A cascade starts from a pod of the change or from a replacement a cascade created.
    const caused = new Set(c.pods.map((p) => p.pod));
    for (const i of c.cascades) {
      const chain = result.workloads.chains[i];
      assert.ok(caused.has(chain.preemptor), chain.text);
      caused.add(chain.replacement);
    }
    // The cluster's own activity is what it does alone too: its 10 pending pods.
    assert.equal(c.own.pending.length, 10);
    assert.ok(c.own.pending.every((i) => !result.pods[i].fromChange));
    assert.equal(c.cascades.length + c.own.chains.length, result.workloads.chains.length);
  } finally {
    cluster.free();
  }
});
