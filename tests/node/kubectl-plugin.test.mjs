// kubectl-podsim, the kubectl plugin: the kubectl it runs, the podsim run it
// hands the cluster to, usage errors, kubectl missing or failing, and the
// temporary file. kubectl is tests/fixtures/kubectl/kubectl, a fake that
// records its arguments and prints cluster.json: no test needs a cluster.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { profiles } from "../../wasm/index.mjs";
import { expandFile, parseArgs, podsimRunArgs } from "../../wasm/kubectl-podsim.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const plugin = join(root, "wasm/kubectl-podsim.mjs");
const fixtures = join(root, "tests/fixtures/kubectl");
const fakeKubectl = join(fixtures, "kubectl");

const scratch = mkdtempSync(join(tmpdir(), "kubectl-podsim-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// A PATH that holds node and nothing else: no kubectl on it.
const nodeOnly = join(scratch, "node-only");
mkdirSync(nodeOnly);
symlinkSync(process.execPath, join(nodeOnly, "node"));

// What every kubectl get is asked: the kinds podsim reads, in all namespaces, as JSON.
const GET = [
  "get",
  "namespaces,priorityclasses.scheduling.k8s.io,nodes,persistentvolumeclaims,limitranges,resourcequotas,runtimeclasses.node.k8s.io,poddisruptionbudgets.policy,deployments.apps,replicasets.apps,statefulsets.apps,daemonsets.apps,jobs.batch,replicationcontrollers,pods",
  "--all-namespaces",
  "--output",
  "json",
];
const CONFIG_VIEW = ["config", "view", "--minify", "--output", "jsonpath={..namespace}"];

let runs = 0;
/**
 * Runs kubectl-podsim in tests/fixtures/kubectl with the fake kubectl first
 * on PATH and its own TMPDIR; returns spawnSync's result, the fake's calls
 * and what is left in TMPDIR.
 */
function kubectlPodsim(args, { env = {}, input, path } = {}) {
  const box = join(scratch, `run-${++runs}`);
  const tmp = join(box, "tmp");
  mkdirSync(tmp, { recursive: true });
  const log = join(box, "kubectl.log");
  const childEnv = { ...process.env, PATH: path ?? [fixtures, nodeOnly, process.env.PATH].join(delimiter), TMPDIR: tmp, FAKE_KUBECTL_LOG: log };
  delete childEnv.KUBECTL;
  delete childEnv.KUBECTL_PATH;
  const r = spawnSync(process.execPath, [plugin, ...args], { cwd: fixtures, env: { ...childEnv, ...env }, input, encoding: "utf8" });
  const calls = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line)) : [];
  return { ...r, calls, leftovers: readdirSync(tmp) };
}

describe("kubectl-podsim: the kubectl it runs", () => {
  test("one kubectl get of every kind podsim reads, in all namespaces, as JSON, after asking for the context's namespace", () => {
    const r = kubectlPodsim(["-f", "change.yaml"]);
    assert.deepEqual(
      r.calls.map((c) => c.argv),
      [CONFIG_VIEW, GET],
    );
  });

  test("--context and --kubeconfig pass through to both calls, written either way", () => {
    for (const args of [
      ["-f", "change.yaml", "--context", "prod-eu", "--kubeconfig", "/home/u/.kube/prod"],
      ["--context=prod-eu", "--kubeconfig=/home/u/.kube/prod", "--filename=change.yaml"],
    ]) {
      const r = kubectlPodsim(args);
      const passed = ["--kubeconfig", "/home/u/.kube/prod", "--context", "prod-eu"];
      assert.deepEqual(
        r.calls.map((c) => c.argv),
        [
          [...CONFIG_VIEW, ...passed],
          [...GET, ...passed],
        ],
        `args ${args}`,
      );
    }
  });

  test("-n names the namespace: kubectl is not asked for the context's", () => {
    for (const args of [["-f", "change.yaml", "-n", "shop"], ["-nshop", "-fchange.yaml"], ["--namespace=shop", "-f=change.yaml"]]) {
      assert.deepEqual(
        kubectlPodsim(args).calls.map((c) => c.argv),
        [GET],
        `args ${args}`,
      );
    }
  });

  test("$KUBECTL, else $KUBECTL_PATH (the kubectl that ran the plugin), is run instead of kubectl on PATH", () => {
    for (const name of ["KUBECTL", "KUBECTL_PATH"]) {
      const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop"], { path: nodeOnly, env: { [name]: fakeKubectl } });
      assert.deepEqual(
        r.calls.map((c) => c.argv),
        [GET],
        name,
      );
    }
  });

  test("kubectl's output goes straight to a private temporary file, removed after the run", () => {
    const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop"]);
    const [get] = r.calls;
    if (get.stdout !== null) assert.match(get.stdout, /\/kubectl-podsim-[^/]+\/kubectl-get\.json$/);
    assert.equal(get.mode, 0o600);
    assert.deepEqual(r.leftovers, []);
    if (get.stdout !== null) assert.ok(!existsSync(get.stdout));
  });

  test("Ctrl+C while kubectl runs stops it and removes the temporary file", async () => {
    const box = join(scratch, "interrupted");
    const tmp = join(box, "tmp");
    mkdirSync(tmp, { recursive: true });
    const log = join(box, "kubectl.log");
    const env = { ...process.env, PATH: [fixtures, nodeOnly, process.env.PATH].join(delimiter), TMPDIR: tmp, FAKE_KUBECTL_LOG: log, FAKE_KUBECTL_HANG: "1" };
    delete env.KUBECTL;
    delete env.KUBECTL_PATH;
    const child = spawn(process.execPath, [plugin, "-f", "change.yaml", "-n", "shop"], { cwd: fixtures, env, stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 10_000;
    while (!(existsSync(log) && readFileSync(log, "utf8").includes('"get"'))) {
      assert.ok(Date.now() < deadline, "the fake kubectl never ran");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(readdirSync(tmp).length, 1, "the temporary folder exists while kubectl runs");
    child.kill("SIGINT");
    assert.deepEqual(await exited, { code: 130, signal: null });
    assert.deepEqual(readdirSync(tmp), []);
    const { pid } = JSON.parse(readFileSync(log, "utf8").trim());
    assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, "kubectl was stopped");
  });
});

describe("kubectl-podsim: what podsim run is given", () => {
  const parsed = (argv) => parseArgs(argv);

  test("the cluster, --config as the first --apply, each file in order, the namespace and the options passed on", () => {
    const args = parsed(["-f", "a.yaml", "--config", "sched.yaml", "-f", "b.yaml", "--json", "--profile=v1.14", "--seed", "7", "--start-time", "2024-05-01T08:00:00Z", "--api-latency=200", "--no-controllers"]);
    assert.deepEqual(podsimRunArgs(args, "/tmp/k/kubectl-get.json", args.files, "shop"), [
      "run",
      "/tmp/k/kubectl-get.json",
      "--apply",
      "sched.yaml",
      "--apply",
      "a.yaml",
      "--apply",
      "b.yaml",
      "--namespace",
      "shop",
      "--json",
      "--profile",
      "v1.14",
      "--seed",
      "7",
      "--start-time",
      "2024-05-01T08:00:00Z",
      "--api-latency",
      "200",
      "--no-controllers",
    ]);
    assert.deepEqual(podsimRunArgs(parsed(["-f", "-", "--markdown"]), "c.json", ["-"], ""), ["run", "c.json", "--apply", "-", "--markdown"]);
  });

  test("flags are read as kubectl reads them: -f x, -fx, -f=x, --filename=x, commas, grouped booleans", () => {
    assert.deepEqual(parsed(["-f", "a.yaml", "-fb.yaml", "-f=c.yaml", "--filename=d.yaml,e.yaml", "--filename", "f.json"]).files, ["a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml", "f.json"]);
    const grouped = parsed(["-Rf", "manifests/"]);
    assert.equal(grouped.recursive, true);
    assert.deepEqual(grouped.files, ["manifests/"]);
    assert.equal(parsed(["-f", "a.yaml", "--json=true"]).json, true);
    assert.equal(parsed(["-f", "a.yaml", "--json=false"]).json, false);
    assert.equal(parsed(["-f", "-"]).files[0], "-");
  });

  test("a directory is its .yaml, .yml and .json files in name order; -R adds its subdirectories'", () => {
    const dir = join(scratch, "manifests");
    mkdirSync(join(dir, "sub"), { recursive: true });
    for (const name of ["b.yaml", "a.json", "notes.txt", "c.yml", "sub/d.yaml"]) writeFileSync(join(dir, name), "{}\n");
    assert.deepEqual(expandFile(dir, false), ["a.json", "b.yaml", "c.yml"].map((f) => join(dir, f)));
    assert.deepEqual(expandFile(dir, true), ["a.json", "b.yaml", "c.yml", "sub/d.yaml"].map((f) => join(dir, f)));
    assert.deepEqual(expandFile(join(dir, "notes.txt"), false), [join(dir, "notes.txt")], "a file named with -f is read whatever its name");
    mkdirSync(join(scratch, "empty"));
    assert.throws(() => expandFile(join(scratch, "empty"), false), /a directory with no \.yaml, \.yml or \.json files \(-R reads its subdirectories too\)/);
  });
});

describe("kubectl-podsim: usage", () => {
  test("wrong usage says what is wrong, prints the usage, exits with 2 and runs no kubectl", () => {
    const cases = [
      [[], /missing -f FILE: the change to simulate/],
      [["change.yaml"], /unexpected argument change\.yaml: the files to simulate go after -f/],
      [["-f"], /-f takes a value/],
      [["-f", "change.yaml", "--frobnicate"], /unknown option --frobnicate/],
      [["-f", "change.yaml", "-x"], /unknown option -x/],
      [["-f", "change.yaml", "-o", "yaml"], /-o is not an option here: --json prints the result document, --markdown an issue-ready report/],
      [["-f", "change.yaml", "-A"], /the cluster is always read in all namespaces/],
      [["-f", "change.yaml", "--dry-run=server"], /every run is a dry run/],
      [["-f", "change.yaml", "--context"], /--context takes a value/],
      [["-f", "change.yaml", "--namespace", "--json"], /--namespace takes a value/],
      [["-f", "change.yaml", "-n", "Shop_1"], /-n takes a namespace name .*not "Shop_1"/],
      [["-f", "change.yaml", "--json", "--markdown"], /--json and --markdown print different things: choose one/],
      [["-f", "-", "--config", "-"], /standard input \(-\) can be read only once/],
      [["-f", "https://example.com/pod.yaml"], /URLs are not read; download the file and give its path/],
      [["-f", "missing.yaml"], /kubectl-podsim: missing\.yaml: no such file/],
      [["-f", "change.yaml", "--config", "."], /--config \.: is a directory, not a file/],
      [["-f", "change.yaml", "--seed", "x"], /--seed takes a non-negative integer/],
      [["-f", "change.yaml", "--start-time", "yesterday"], /--start-time takes an RFC 3339 time/],
      [["-f", "change.yaml", "--api-latency", "-5"], /--api-latency takes a value/],
      [["-f", "change.yaml", "--json=yes"], /--json takes no value \(or =true, =false\)/],
    ];
    for (const [args, message] of cases) {
      const r = kubectlPodsim(args);
      assert.equal(r.status, 2, `args ${args}: ${r.stderr}`);
      assert.match(r.stderr, message, `args ${args}`);
      assert.match(r.stderr, /usage: kubectl podsim -f FILE/, `args ${args}`);
      assert.deepEqual(r.calls, [], `args ${args}: kubectl ran`);
    }
  });

  test("an unknown profile fails before kubectl runs, naming the known ones", async () => {
    const known = (await profiles()).map((p) => p.name).join(", ");
    const r = kubectlPodsim(["-f", "change.yaml", "--profile", "v9"]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `kubectl-podsim: unknown profile "v9" (known: ${known})\n`);
    assert.deepEqual(r.calls, []);
  });

  test("--help prints the usage; --version podsim's version", () => {
    const help = kubectlPodsim(["--help"]);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: kubectl podsim -f FILE/);
    assert.match(help.stdout, /--config FILE +the scheduler's KubeSchedulerConfiguration/);
    const version = kubectlPodsim(["--version"]);
    assert.equal(version.status, 0, version.stderr);
    const { version: expected } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    assert.match(version.stdout, new RegExp(`^podsim ${expected.replaceAll(".", "\\.")} \\(kube-scheduler `));
    assert.deepEqual(help.calls.concat(version.calls), []);
  });
});

describe("kubectl-podsim: when kubectl cannot read the cluster", () => {
  test("kubectl missing: says to install it or put it on PATH, exits with 1", () => {
    const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop"], { path: nodeOnly });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      "kubectl-podsim: cannot run kubectl: it is not on PATH; install kubectl (https://kubernetes.io/docs/tasks/tools/) or put it on PATH, or set KUBECTL to its path\n",
    );
    assert.deepEqual(r.leftovers, []);
    const named = kubectlPodsim(["-f", "change.yaml", "-n", "shop"], { path: nodeOnly, env: { KUBECTL: "/nonexistent/kubectl" } });
    assert.equal(named.status, 1);
    assert.equal(named.stderr, "kubectl-podsim: cannot run kubectl: /nonexistent/kubectl does not exist; set KUBECTL to kubectl's path\n");
  });

  test("kubectl failing: its message is relayed, nothing is simulated, its exit code is kept", () => {
    const message = 'error: context "prod-eu" does not exist\n';
    const r = kubectlPodsim(["-f", "change.yaml", "--context", "prod-eu"], { env: { FAKE_KUBECTL_EXIT: "1", FAKE_KUBECTL_STDERR: message } });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `${message}kubectl-podsim: kubectl get failed (exit 1) (its message is above): nothing was simulated\n`);
    assert.equal(r.stdout, "");
    assert.deepEqual(r.leftovers, []);
    const other = kubectlPodsim(["-f", "change.yaml", "-n", "shop"], { env: { FAKE_KUBECTL_EXIT: "3" } });
    assert.equal(other.status, 3);
    assert.equal(other.stderr, "kubectl-podsim: kubectl get failed (exit 3) and said nothing: nothing was simulated\n");
  });

  test("forbidden kinds: names them and the list permission podsim needs", () => {
    const stderr = [
      'Error from server (Forbidden): poddisruptionbudgets.policy is forbidden: User "jane@example.com" cannot list resource "poddisruptionbudgets" in API group "policy" at the cluster scope',
      'Error from server (Forbidden): nodes is forbidden: User "jane@example.com" cannot list resource "nodes" in API group "" at the cluster scope',
      "",
    ].join("\n");
    const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop"], { env: { FAKE_KUBECTL_EXIT: "1", FAKE_KUBECTL_STDERR: stderr } });
    assert.equal(r.status, 1);
    assert.ok(r.stderr.startsWith(stderr), "kubectl's message comes first");
    assert.match(
      r.stderr,
      /kubectl-podsim: kubectl may not list poddisruptionbudgets\.policy, nodes \(Forbidden, above\); podsim reads the cluster with list on namespaces, .*, pods in all namespaces: nothing was simulated\n$/,
    );
  });

  test("kubectl's warnings on a get that succeeds are relayed", () => {
    const warning = "Warning: v1 ComponentStatus is deprecated in v1.19+\n";
    const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop", "--json"], { env: { FAKE_KUBECTL_STDERR: warning } });
    assert.ok(r.stderr.startsWith(warning), r.stderr);
    assert.doesNotMatch(r.stderr, /kubectl get failed/);
  });
});

describe("kubectl-podsim: the simulation", () => {
  const result = (r) => {
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  // The plugin hands the cluster to podsim run and the change as --apply: a
  // CLI that lost --apply fails here, and the runs below fail with it.
  test("podsim run, which the plugin runs, takes the change as --apply", () => {
    const help = spawnSync(process.execPath, [join(root, "wasm/cli.mjs"), "run", "--help"], { encoding: "utf8" });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^usage: podsim run <scenario\.yaml \| folder \| ->\.\.\. \[--apply change\.yaml\]\.\.\./);
  });

  test("the change's pod is simulated against the cluster kubectl printed, and the report names it", () => {
    const r = kubectlPodsim(["-f", "change.yaml", "-n", "shop"]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\n {4}shop\/payments-api -> bound on node-c, evicting shop\/report-7c9d8f5b6d-tw9p5\n/);
    assert.deepEqual(r.leftovers, []);
    const [first] = result(kubectlPodsim(["-f", "change.yaml", "-n", "shop", "--json"])).pods;
    assert.equal(first.pod, "shop/payments-api");
    assert.equal(first.outcome, "Nominated");
    assert.deepEqual(
      first.victims.map((v) => v.pod),
      ["shop/report-7c9d8f5b6d-tw9p5"],
    );
  });

  test("the change's objects that name no namespace get -n's, else the context's, else default", () => {
    const pod = (r) => result(r).pods[0].pod;
    assert.equal(pod(kubectlPodsim(["-f", "change.yaml", "-n", "shop", "--json"])), "shop/payments-api");
    assert.equal(pod(kubectlPodsim(["-f", "change.yaml", "--json"], { env: { FAKE_KUBECTL_NAMESPACE: "shop" } })), "shop/payments-api");
    assert.equal(pod(kubectlPodsim(["-f", "change.yaml", "--json"])), "default/payments-api");
  });

  test("--config is the scheduler's configuration: without DefaultPreemption the pod waits", () => {
    const [first] = result(kubectlPodsim(["-f", "change.yaml", "-n", "shop", "--config", "scheduler-config.yaml", "--json"])).pods;
    assert.equal(first.pod, "shop/payments-api");
    assert.equal(first.outcome, "Unschedulable");
    assert.deepEqual(first.victims, []);
  });

  test("-f - reads the change from standard input", () => {
    const change = readFileSync(join(fixtures, "change.yaml"), "utf8");
    const [first] = result(kubectlPodsim(["-f", "-", "-n", "shop", "--json"], { input: change })).pods;
    assert.equal(first.pod, "shop/payments-api");
  });
});
