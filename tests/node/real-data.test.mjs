// What real tools write, read as people bring it (#29): typed lists from the
// API and client-go, a kubectl cluster-info dump (one file, pod logs and
// all, or its --output-directory tree), a support bundle's folder, several
// files as one cluster, generateName; by the CLI and by loadCluster().
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, test } from "node:test";

import { loadCluster, reducedScenario, simulate } from "../../wasm/index.mjs";
import { isClusterDump, splitStream } from "../../web/src/model/scenario.js";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const fixtures = "tests/fixtures";
const dump = `${fixtures}/cluster-info-dump/dump.json`;
const dumpDir = `${fixtures}/cluster-info-dump/dir`;
const bundle = `${fixtures}/support-bundle/cluster-resources`;

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

// The decision for the dump's pending pod, as every form of it gives it.
function reportVerdict(result) {
  const attempt = result.pods.find((a) => a.pod === "default/nightly-report");
  return attempt && [attempt.outcome, attempt.node, attempt.victims.map((v) => v.pod)];
}

const NOMINATED = ["Nominated", "kind-worker", ["default/web-6d4cf56db6-8h2kq"]];

describe("CLI: what real tools write", () => {
  test("kubectl cluster-info dump printed to one file: typed lists, pod logs between them", () => {
    const r = podsim(["run", dump, "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const result = JSON.parse(r.stdout);
    assert.deepEqual(reportVerdict(result), NOMINATED);
    // The lists of kinds podsim does not read are one warning each; the logs are nothing.
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.line} ${d.object}`).filter((d) => /List$/.test(d)),
      ["153 EventList", "169 ServiceList", "308 EventList", "351 ServiceList"],
    );
    assert.doesNotMatch(r.stderr, /JSON|logs/);
  });

  test("its --output-directory tree, a folder: the files in path order, diagnostics naming each", () => {
    const json = podsim(["run", dumpDir, "--json"]);
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout);
    assert.deepEqual(reportVerdict(result), NOMINATED);
    assert.ok(result.diagnostics.every((d) => d.source?.startsWith(`${dumpDir}/`)), json.stdout);
    const r = podsim(["run", dumpDir]);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stderr.trim().split("\n");
    assert.ok(lines.includes(`${dumpDir}/default/events.json:2: warning: EventList: kind: kind "EventList" is ignored; podsim reads Node, Pod, PriorityClass, PodDisruptionBudget, PersistentVolumeClaim, KubeSchedulerConfiguration, Namespace, LimitRange, RuntimeClass, ResourceQuota and the workloads Deployment, ReplicaSet, StatefulSet, DaemonSet, Job and ReplicationController`), r.stderr);
    assert.ok(lines.some((l) => l.startsWith(`${dumpDir}/default/pods.json:`) && l.includes("no PriorityClass with name batch-high")), r.stderr);
    // logs.txt is not read.
    assert.doesNotMatch(r.stderr, /logs\.txt/);
  });

  test("several files named: one cluster, read in the order given", () => {
    const files = ["nodes.json", "default/pods.json", "kube-system/pods.json"].map((f) => `${dumpDir}/${f}`);
    const r = podsim(["run", ...files, "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const result = JSON.parse(r.stdout);
    assert.deepEqual(reportVerdict(result), NOMINATED);
    assert.deepEqual(
      result.cluster.nodes.map((n) => n.node),
      ["kind-worker", "kind-worker2"],
    );
  });

  test("a support bundle's cluster-resources/: its classes and PDB are read, its other data is one warning a file", () => {
    const r = podsim(["run", bundle]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /default\/nightly-report -> nominated kind-worker, evicting 1 pod: default\/web-6d4cf56db6-8h2kq/);
    assert.match(r.stdout, /PodDisruptionBudget default\/web: status\.disruptionsAllowed 1 as given/);
    const skipped = r.stderr
      .split("\n")
      .filter((l) => l.includes("holds no Kubernetes object"))
      .map((l) => l.slice(0, l.indexOf(":")));
    assert.deepEqual(skipped, [`${bundle}/auth-cani-list/default.json`, `${bundle}/events-errors.json`, `${bundle}/groups.json`]);
    assert.doesNotMatch(r.stderr, /: error: /);
    assert.doesNotMatch(r.stderr, /app\.log/);
  });

  test("a folder without files to read, and a folder among the files with --compare, are refused", () => {
    const empty = mkdtempSync(join(tmpdir(), "podsim-empty-"));
    writeFileSync(join(empty, "notes.txt"), "nothing here\n");
    const r = podsim(["run", empty]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `podsim: ${empty}: holds no .json, .yaml or .yml file\n`);
    const both = podsim(["run", dump, dumpDir, "--compare"]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--compare reads one scenario file/);
  });

  test("reduce over a folder cuts each kept object out of its file, typed-list items with their kind", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "podsim-reduce-")), "reduced.yaml");
    const r = podsim(["reduce", dumpDir, "--pod", "default/nightly-report", "--out", out]);
    assert.equal(r.status, 0, r.stderr);
    const reduced = readFileSync(out, "utf8");
    // The items had no kind of their own in the dump: the cut-out text says it.
    assert.match(reduced, /"apiVersion": "v1",\s+"kind": "Node",\s+"metadata": \{\s+"name": "kind-worker"/);
    assert.match(reduced, /"kind": "Pod",\s+"metadata": \{\s+"name": "nightly-report"/);
    const again = await simulate(reduced, { level: "decision" });
    assert.deepEqual(again.diagnostics.filter((d) => d.severity === "error"), []);
    assert.deepEqual(reportVerdict(again), NOMINATED);
  });

  test("generateName names the object and says so in a note", () => {
    const dir = mkdtempSync(join(tmpdir(), "podsim-generate-"));
    const file = join(dir, "bench.yaml");
    writeFileSync(
      file,
      "kind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: 1, memory: 1Gi, pods: 9}}\n---\n" +
        "kind: Pod\nmetadata: {generateName: bench-}\nspec:\n  containers: [{name: c}]\n",
    );
    const r = podsim(["run", file]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`^${file}:6: info: Pod default/bench-[bcdfghjklmnpqrstvwxz2456789]{5}: metadata\\.generateName: named "bench-[a-z0-9]{5}" as the API server names an object created with a generateName`));
    assert.match(r.stdout, /default\/bench-[a-z0-9]{5} -> scheduled on n1/);
    assert.match(r.stdout, /Diagnostics: 1 note \(on standard error\)/);
  });

  test("a node without status has room for nothing, and the warning names the field", () => {
    const r = podsim(["run", "-"], "kind: Node\nmetadata: {name: n1}\n---\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c}]\n");
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /^<stdin>:1: warning: Node n1: status: is missing, and with it allocatable: the node has room for nothing/);
    assert.match(r.stdout, /default\/p -> cannot be scheduled/);
    assert.match(r.stdout, /message: 0\/1 nodes are available: 1 Too many pods\./);
  });
});

// Every file of a folder as loadCluster() takes them.
function folderSources(folder) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(json|ya?ml)$/.test(name)) found.push({ name: relative(folder, path), text: readFileSync(path), found: true });
    }
  };
  walk(join(root, folder));
  return found;
}

describe("API: loadCluster() takes several files", () => {
  test("a list of {name, text}: one cluster; diagnostics, the summary and objects name the files", async () => {
    const sources = folderSources(bundle);
    const cluster = await loadCluster(sources);
    try {
      assert.equal(cluster.summary.nodes, 2);
      assert.equal(cluster.summary.pods.total, 4);
      assert.deepEqual(cluster.summary.sources, sources.map((s) => s.name));
      assert.deepEqual(cluster.summary.pdbs, [{ line: 8, pdb: "default/web", source: "pod-disruption-budgets/default.json" }]);
      assert.deepEqual(
        cluster.summary.diagnostics.map((d) => `${d.source}: ${d.severity}`),
        ["auth-cani-list/default.json: warning", "events/default.json: warning", "events-errors.json: warning", "groups.json: warning"],
      );
      const [node] = cluster.objects("kind-worker2").objects;
      assert.equal(node.source, "nodes.json");
      const result = await cluster.simulate("");
      assert.deepEqual(reportVerdict(result), NOMINATED);
      // The reduction is cut out of the files.
      const reduction = await cluster.reduce("default/nightly-report");
      assert.deepEqual([...new Set(reduction.kept.map((o) => o.source))].sort(), ["nodes.json", "pods/default.json", "priorityclasses.json"]);
      const text = await reducedScenario(reduction, { cluster: sources });
      assert.deepEqual(reportVerdict(await simulate(text, { level: "decision" })), NOMINATED);
    } finally {
      cluster.free();
    }
  });

  test("one {name, text} names its file; plain chunks stay one unnamed text, as before", async () => {
    const text = readFileSync(join(root, dump), "utf8");
    const named = await loadCluster({ name: "dump.json", text });
    assert.equal(named.summary.nodes, 2);
    assert.ok(named.summary.diagnostics.every((d) => d.source === "dump.json"));
    named.free();
    const chunks = await loadCluster([text.slice(0, 1000), text.slice(1000)]);
    assert.equal(chunks.summary.nodes, 2);
    assert.ok(chunks.summary.diagnostics.every((d) => d.source === undefined));
    assert.equal(chunks.summary.sources, undefined);
    chunks.free();
    await assert.rejects(async () => loadCluster([{ name: "a.yaml", text: "" }, 42]), TypeError);
  });

  test("the API's NodeList and a PodList as two files", async () => {
    const cluster = await loadCluster([
      { name: "nodes.json", text: readFileSync(join(root, fixtures, "api/nodes.json")) },
      { name: "pods.json", text: readFileSync(join(root, dumpDir, "default/pods.json")) },
    ]);
    assert.equal(cluster.summary.nodes, 2);
    assert.equal(cluster.summary.pods.total, 3);
    cluster.free();
  });
});

test("page model: a typed list's items go to their tabs with the list's kind; a large one is a dump", () => {
  const tabs = splitStream("apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: n1}\n- kind: Node\n  metadata: {name: n2}\n");
  assert.equal(tabs.nodes, "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n---\nkind: Node\nmetadata:\n  name: n2\n");
  assert.equal(tabs.other, "");
  const nodes = readFileSync(join(root, fixtures, "api/nodes.json"), "utf8");
  const big = nodes.replace('"items":[', `"items":[${`{"metadata":{"name":"pad","annotations":{"a":"${"x".repeat(20000)}"}}},`}`);
  assert.equal(isClusterDump(big), true);
  assert.equal(isClusterDump(nodes), false, "a small list goes to the editors");
});
