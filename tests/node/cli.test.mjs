// The CLI: `node wasm/cli.mjs` and `npx podsim`, exit codes and stdin.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "wasm/cli.mjs");
const basic = join(root, "tests/conformance/preempt-basic/scenario.yaml");

function podsim(args, input) {
  return spawnSync("node", [cli, ...args], { input, encoding: "utf8", cwd: root });
}

test("CLI: a report names the verdict, the victims and the message", () => {
  const r = podsim(["run", basic]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /default\/p -> nominated node1, evicting 2 pods: default\/p1\.1, default\/p1\.2/);
  assert.match(r.stdout, /message: 0\/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory\./);
  assert.match(r.stdout, /lowest highest-priority victim: node1 highest victim priority 0, node3 highest victim priority 100 -> node1 wins/);
});

test("CLI: --json prints the result document", () => {
  const r = podsim(["run", basic, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.apiVersion, "podsim/v1");
  assert.equal(result.pods[0].node, "node1");
});

test("CLI: run --decision prints each pending pod's first cycle alone", () => {
  const r = podsim(["run", basic, "--json", "--decision"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.level, "decision");
  assert.deepEqual(result.pods.map((a) => [a.pod, a.outcome, a.node]), [["default/p", "Nominated", "node1"]]);
  const wrong = podsim(["run", basic, "--decision", "--compare"]);
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /--decision .* cannot be combined with --compare/);
});

test("CLI: reads stdin with -", () => {
  const text = spawnSync("cat", [basic], { encoding: "utf8" }).stdout;
  const r = podsim(["run", "-", "--json"], text);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).pods[0].outcome, "Nominated");
});

test("CLI: exit code 1 for input errors, with the JSON still printed", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-"));
  const file = join(dir, "bad.yaml");
  writeFileSync(file, "kind: Pod\nmetadata: {name: web}\nspec:\n  priorityClassName: gold\n  containers: [{name: c}]\n");
  const r = podsim(["run", file, "--json"]);
  assert.equal(r.status, 1);
  const d = JSON.parse(r.stdout).diagnostics[0];
  assert.equal(d.object, "Pod default/web");
  assert.equal(d.path, "spec.priorityClassName");
  assert.equal(d.line, 4);
  assert.match(d.message, /no PriorityClass with name gold was found/);
});

test("CLI: exit code 2 for wrong usage", () => {
  for (const args of [[], ["simulate", basic], ["run"], ["run", basic, "--frobnicate"], ["run", basic, "--seed", "x"]]) {
    const r = podsim(args);
    assert.equal(r.status, 2, `args ${args}`);
    assert.match(r.stderr, /usage: podsim run/);
  }
  assert.equal(podsim(["run", "/nonexistent.yaml"]).status, 2);
  assert.equal(podsim(["--help"]).status, 0);
});

test("CLI: --apply of a Deployment without requests into a namespace with a LimitRange simulates the defaulted requests, and says which LimitRange gave them", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-limits-"));
  // n1 has 500m left; the LimitRange gives each container 750m.
  writeFileSync(
    join(dir, "cluster.yaml"),
    `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy, namespace: team}
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: team}
spec:
  limits:
  - type: Container
    defaultRequest: {cpu: 750m, memory: 128Mi}
    default: {cpu: "1", memory: 256Mi}
`,
  );
  writeFileSync(
    join(dir, "web.yaml"),
    `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: x}]
`,
  );
  const args = ["run", join(dir, "cluster.yaml"), "--apply", join(dir, "web.yaml"), "-n", "team"];
  const r = podsim(args);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ {2}Its pods \(1\): 1 pending$/m);
  assert.match(r.stdout, /^ {2}Admission: LimitRange team\/defaults filled in the requests or limits of 1 of its pods \(LimitRanger\)$/m);
  const json = JSON.parse(podsim([...args, "--json"]).stdout);
  const web = json.pods.find((p) => p.fromChange);
  assert.match(web.message, /^0\/1 nodes are available: 1 Insufficient cpu\./);
  assert.deepEqual(web.admission, [
    {
      plugin: "LimitRanger",
      object: "LimitRange team/defaults",
      change: "set cpu 750m, memory 128Mi request for container app; cpu 1, memory 256Mi limit for container app",
    },
  ]);
  // In another namespace, without a LimitRange, the same Deployment fits.
  const elsewhere = JSON.parse(podsim(["run", join(dir, "cluster.yaml"), "--apply", join(dir, "web.yaml"), "-n", "other", "--json"]).stdout);
  assert.equal(elsewhere.pods.find((p) => p.fromChange).outcome, "Scheduled");
});

test("CLI: --apply of a Deployment into a namespace whose ResourceQuota is nearly used up reports the creations the quota refused", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-quota-"));
  // team may run 2 pods; one runs already, so web gets one of its three.
  // The ReplicaSet is refused when it first syncs, and again when its pod
  // is bound (an update of its pod syncs it).
  writeFileSync(
    join(dir, "cluster.yaml"),
    `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy, namespace: team}
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: 500m}}}]
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: two-pods, namespace: team}
spec:
  hard: {pods: "2"}
`,
  );
  writeFileSync(
    join(dir, "web.yaml"),
    `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: x, resources: {requests: {cpu: 500m}}}]
`,
  );
  const args = ["run", join(dir, "cluster.yaml"), "--apply", join(dir, "web.yaml"), "-n", "team"];
  const r = podsim(args);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ {2}Its pods \(1\): 1 bound$/m);
  assert.match(
    r.stdout,
    /^ {2}Deployment team\/web: wanted 3, running 0 -> 1, 1 created, 2 creations refused \(FailedCreate: Error creating: pods "web-\w+-\w{5}" is forbidden: exceeded quota: two-pods, requested: pods=1, used: pods=2, limited: pods=2\) \(not settled\)$/m,
  );
  assert.match(r.stderr, /warning: ReplicaSet team\/web-\w+: FailedCreate: Error creating: pods "web-\w+-\w{5}" is forbidden: exceeded quota: two-pods/);
  const json = JSON.parse(podsim([...args, "--json"]).stdout);
  const refused = json.clock.events.filter((e) => e.kind === "refused");
  assert.equal(refused.length, 2);
  assert.equal(refused[0].quota, "team/two-pods");
  assert.equal(refused[0].pod, "");
});

test("CLI: options as util.parseArgs reads them: --flag=value, -n=NS, --apply repeated, options first, -- ends them", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-args-"));
  const pod = (name) => `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}}\nspec:\n  priority: 5\n  containers: [{name: c, resources: {requests: {cpu: 100m}}}]\n`;
  writeFileSync(join(dir, "a.yaml"), pod("a"));
  writeFileSync(join(dir, "b.yaml"), pod("b"));
  writeFileSync(join(dir, "-odd.yaml"), readFileSync(basic, "utf8"));
  const r = podsim(["run", "--json", "--seed=7", "-n=shop", basic, "--apply", join(dir, "a.yaml"), "--apply", join(dir, "b.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  const changed = JSON.parse(r.stdout).pods.filter((p) => p.fromChange).map((p) => p.pod);
  assert.deepEqual([...new Set(changed)].sort(), ["shop/a", "shop/b"]);
  const odd = spawnSync("node", [cli, "run", "--json", "--", "-odd.yaml"], { encoding: "utf8", cwd: dir });
  assert.equal(odd.status, 0, odd.stderr);
  assert.equal(JSON.parse(odd.stdout).pods[0].node, "node1");
  for (const command of ["run", "diff", "reduce", "serve"]) {
    const help = podsim([command, "-h"]);
    assert.equal(help.status, 0, command);
    assert.match(help.stdout, /^usage: podsim run /, command);
  }
});

test("CLI: npx podsim works the same from the repo root", () => {
  const r = spawnSync("npx", ["--no-install", "podsim", "run", basic, "--json"], { encoding: "utf8", cwd: root });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).pods[0].node, "node1");
});

test("CLI: --profile v1.14 runs the v1.14 semantics and says so", () => {
  const example = join(root, "web/examples/profiles-victim-order.yaml");
  const r = podsim(["run", example, "--profile", "v1.14", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.kubernetesVersion, "1.14");
  assert.equal(result.profile, "v1.14");
  assert.deepEqual(result.pods[0].victims.map((v) => v.pod), ["default/batch-old"]);
  const report = podsim(["run", example, "--profile", "v1.14"]);
  assert.match(report.stdout, /^podsim: kube-scheduler 1\.14 semantics \(profile v1\.14\)/);
  const bad = podsim(["run", example, "--profile", "v9"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown profile "v9" \(known: current, v1\.35, v1\.31, v1\.14\)/);
});

test("CLI: --compare shows each differing pod, both decisions and the rule", () => {
  const r = podsim(["run", join(root, "web/examples/profiles-pdb-budget.yaml"), "--compare"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /default\/web: the first decision differs/);
  assert.match(r.stdout, /current {2}nominated node-b, evicting default\/cache/);
  assert.match(r.stdout, /v1\.14 {4}nominated node-a, evicting default\/db-0, default\/db-1/);
  assert.match(r.stdout, /because \(PDB violation\): v1\.14 counts a victim as violating only when/);
  const same = podsim(["run", basic, "--compare"]);
  assert.match(same.stdout, /Both profiles decide every pod alike\./);
});

test("CLI: a kubectl dump streams in from a pipe, and YAML and JSON decide alike", () => {
  // 100 nodes and 2,000 pods as kubectl prints them (managedFields, status,
  // images and all): 17 MB of YAML, 39 MB of JSON.
  const dir = mkdtempSync(join(tmpdir(), "podsim-dump-"));
  const gen = spawnSync("node", [join(root, "bench/gen.mjs"), "--dumps", "--sizes", "small", "--out", dir], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  const reports = ["yaml", "json"].map((format) => {
    const r = spawnSync("bash", ["-c", `cat "${join(dir, `dump-small.${format}`)}" | node "${cli}" run -`], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  });
  // The dump's pending pods each get a verdict; nothing is reported wrong.
  const verdicts = reports[0].match(/^\S+ -> cannot be scheduled/gm) ?? [];
  assert.equal(verdicts.length, 10, reports[0].slice(0, 2000));
  assert.doesNotMatch(reports[0], /Diagnostics:/);
  assert.equal(reports[1], reports[0]);
});

test("CLI: --markdown prints the issue report: profile, verdicts, messages, victims and the scenario, without a link", () => {
  const r = podsim(["run", basic, "--markdown"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^## podsim report\n\n- \*\*Profile:\*\* `current`, kube-scheduler v1\.37 semantics\n/);
  assert.match(r.stdout, /^- `default\/p` → nominated `node1`, evicting 2 pods: `default\/p1\.1`, `default\/p1\.2` \(priority 1000\)$/m);
  assert.match(r.stdout, /^ {2}- message: `0\/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory\. preemption: found a potential placement for pod on node node1, preempting 2 victims`$/m);
  assert.match(r.stdout, /^\| `default\/p1\.1` \| `node1` \| 0 \| respected \| `default\/p` \|$/m);
  const yaml = /```yaml\n([\s\S]*?)```\n\n<\/details>/.exec(r.stdout);
  assert.equal(yaml?.[1], readFileSync(basic, "utf8"));
  assert.doesNotMatch(r.stdout, /podsim playground\]\(|### Diagnostics/);
  // From standard input, the same report.
  assert.equal(podsim(["run", "-", "--markdown"], readFileSync(basic, "utf8")).stdout, r.stdout);
});

test("CLI: --markdown leaves out a scenario over 20,000 characters, reports diagnostics, and compares", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-md-"));
  const long = join(dir, "long.yaml");
  const node = (i) => `apiVersion: v1\nkind: Node\nmetadata: {name: node-${i}}\nstatus: {allocatable: {cpu: "1", pods: "10"}}\n`;
  writeFileSync(long, Array.from({ length: 300 }, (_, i) => node(i)).join("---\n"));
  const r = podsim(["run", long, "--markdown"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^The scenario is longer than 20,000 characters: it is not included\.$/m);
  assert.doesNotMatch(r.stdout, /<details>/);

  const bad = join(dir, "bad.yaml");
  writeFileSync(bad, "kind: Pod\nmetadata: {name: web}\nspec:\n  priorityClassName: gold\n  containers: [{name: c}]\n");
  const errors = podsim(["run", bad, "--markdown"]);
  assert.equal(errors.status, 1);
  assert.match(errors.stdout, /^- \*\*The scenario has 1 error:\*\* see Diagnostics$/m);
  assert.match(errors.stdout, /^- \*\*error\*\* `Pod default\/web` · `spec\.priorityClassName` · line 4: `pods "web" is forbidden: no PriorityClass with name gold was found/m);

  const compared = podsim(["run", join(root, "web/examples/profiles-pdb-budget.yaml"), "--compare", "--markdown"]);
  assert.equal(compared.status, 0, compared.stderr);
  assert.match(compared.stdout, /^- \*\*Compared:\*\* `current` with `v1\.14`: 1 pod decided differently$/m);
  assert.match(compared.stdout, /^ {2}- `current` \(kube-scheduler 1\.37\): nominated `node-b`, evicting `default\/cache`$/m);

  const both = podsim(["run", basic, "--markdown", "--json"]);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--json, --markdown and --events print different things: choose one/);
});

test("report: free text stays inert Markdown: code spans, pipes in tables, fences, the link", async () => {
  const { formatMarkdown } = await import("../../wasm/report.mjs");
  const cli = await import("../../wasm/cli.mjs");
  const report = await import("../../wasm/report.mjs");
  assert.equal(cli.formatReport, report.formatReport, "the CLI exports the shared formatter");
  assert.equal(cli.formatComparison, report.formatComparison);
  const victim = { pod: "ns/a|b", node: "n`1", priority: 7, pdbViolation: true };
  const result = {
    profile: "current",
    kubernetesVersion: "1.37",
    diagnostics: [{ severity: "warning", object: "Pod ns/a|b", path: "", line: 0, message: "`x` <img src=x> @all #1\n- [link](http://e)" }],
    pods: [{ pod: "ns/p", outcome: "Nominated", node: "n`1", victims: [victim], message: "1. <b>@all</b> ``y``", priority: 5, attempt: 1 }],
  };
  const scenario = "a: |\n  ```\n  ````` x\n";
  const markdown = formatMarkdown(result, { scenario, shareLink: "https://e.org/p (1)/#v1:abc" });
  assert.match(markdown, /^``````yaml$/m, "a fence longer than the scenario's longest run");
  assert.match(markdown, /^\| `ns\/a\\\|b` \| ``n`1`` \| 7 \| \*\*violated\*\* \| `ns\/p` \|$/m);
  assert.match(markdown, /^- `ns\/p` → nominated ``n`1``, evicting 1 pod: `ns\/a\|b` \(priority 5\)$/m);
  assert.match(markdown, /^ {2}- message: ``` 1\. <b>@all<\/b> ``y`` ```$/m);
  assert.match(markdown, /^- \*\*warning\*\* `Pod ns\/a\|b`: `` `x` <img src=x> @all #1 - \[link\]\(http:\/\/e\) ``$/m);
  assert.match(markdown, /\]\(https:\/\/e\.org\/p%20%281%29\/#v1:abc\)$/m);
  // Rendered, only the report's own markup is markup.
  const { default: MarkdownIt } = await import("markdown-it");
  const html = new MarkdownIt({ html: true }).render(markdown);
  const outsideCode = html.replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
  assert.doesNotMatch(outsideCode, /<img|<b>|@all|<a href="http:\/\/e"/);
  assert.equal((html.match(/<td[ >]/g) ?? []).length, 5, "one row of five cells");
  assert.match(html, /<code class="language-yaml">a: \|\n {2}```\n {2}````` x\n<\/code>/);
});

describe("CLI: plain messages, empty input, --version, diagnostics on stderr (#17 item 11)", () => {
  const dir = mkdtempSync(join(tmpdir(), "podsim-nits-"));
  const write = (name, text) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const EMPTY =
    "warning: the input holds no Kubernetes objects; podsim reads Node, Pod, PriorityClass, PodDisruptionBudget, " +
    "PersistentVolumeClaim, KubeSchedulerConfiguration, Namespace, LimitRange, RuntimeClass, ResourceQuota and the workloads Deployment, ReplicaSet, StatefulSet, " +
    "DaemonSet, Job and ReplicationController objects as YAML or JSON, alone or in lists, e.g. what kubectl get " +
    "priorityclasses,nodes,pods,pdb -A -o yaml prints";
  const bad = write("bad.yaml", "kind: Pod\nmetadata: {name: web}\nspec:\n  priorityClassName: gold\n  containers: [{name: c}]\n");
  const GOLD =
    'error: Pod default/web: spec.priorityClassName: pods "web" is forbidden: no PriorityClass with name gold was found ' +
    "(known: system-cluster-critical, system-node-critical)";
  // A node and a ConfigMap: simulated, with one warning.
  const warned = write(
    "warned.yaml",
    'kind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "1", pods: "10"}}\n---\nkind: ConfigMap\nmetadata: {name: c}\n',
  );
  const IGNORED =
    'warning: ConfigMap: kind: kind "ConfigMap" is ignored; podsim reads Node, Pod, PriorityClass, PodDisruptionBudget, ' +
    "PersistentVolumeClaim, KubeSchedulerConfiguration, Namespace, LimitRange, RuntimeClass, ResourceQuota and the workloads Deployment, ReplicaSet, StatefulSet, DaemonSet, Job and ReplicationController";

  test("a file that cannot be read says why in words, with exit code 2", () => {
    const file = write("file.yaml", "");
    // A folder is read as a cluster (real-data.test.mjs), except by --compare.
    for (const [path, words, extras] of [
      [join(dir, "missing.yaml"), "no such file", [[], ["--compare"]]],
      [dir, "is a directory, not a file", [["--compare"]]],
      [join(file, "below"), "no such file (a part of the path is not a directory)", [[], ["--compare"]]],
    ]) {
      for (const extra of extras) {
        const r = podsim(["run", path, ...extra]);
        assert.equal(r.status, 2, `${path} ${extra}`);
        assert.equal(r.stderr, `podsim: ${path}: ${words}\n`);
        assert.equal(r.stdout, "");
      }
    }
  });

  // root reads any file: run as nobody then, which needs the checkout to
  // be readable by others (a clone inside a private mktemp folder is not).
  const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const cliReadable = spawnSync("test", ["-r", cli], user).status === 0;
  test("a file without read permission says permission denied", { skip: cliReadable ? false : `nobody cannot read ${cli}` }, () => {
    const locked = write("locked.yaml", readFileSync(basic, "utf8"));
    chmodSync(locked, 0o000);
    chmodSync(dir, 0o755);
    const r = spawnSync("node", [cli, "run", locked], { encoding: "utf8", cwd: "/", ...user });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, `podsim: ${locked}: permission denied\n`);
  });

  test("input with no objects is a warning on stderr and exit code 1, from the engine", async () => {
    for (const [name, text] of [
      ["empty.yaml", ""],
      ["comments.yaml", "# to be written\n\n   \n"],
      ["markers.yaml", "---\n---\n"],
      ["list.yaml", "apiVersion: v1\nitems: []\nkind: List\n"],
      ["list.json", '{"apiVersion": "v1", "kind": "List", "items": []}\n'],
    ]) {
      const file = write(name, text);
      const r = podsim(["run", file]);
      assert.equal(r.status, 1, name);
      assert.equal(r.stderr, `${file}: ${EMPTY}\n`, name);
      assert.equal(r.stdout, "podsim: kube-scheduler 1.37 semantics (profile current)\n\nNo pending pods to schedule.\n\nDiagnostics: 1 warning (on standard error)\n");
    }
    const piped = podsim(["run", "-", "--json"], "");
    assert.equal(piped.status, 1);
    assert.equal(piped.stderr, `<stdin>: ${EMPTY}\n`);
    assert.deepEqual(JSON.parse(piped.stdout).diagnostics.map((d) => [d.severity, d.line, d.message]), [["warning", 0, EMPTY.slice("warning: ".length)]]);
    const compared = podsim(["run", write("empty-again.yaml", ""), "--compare"]);
    assert.equal(compared.status, 1);
    assert.equal(compared.stderr.split("\n").length, 2, "once, though both profiles ran");
    // The API says the same; an objectless scenario laid over a cluster does not.
    const { loadCluster, simulate } = await import("../../wasm/index.mjs");
    assert.equal((await simulate("")).diagnostics[0].message, EMPTY.slice("warning: ".length));
    const cluster = await loadCluster(readFileSync(basic, "utf8"));
    assert.deepEqual((await cluster.simulate("")).diagnostics, []);
    cluster.free();
  });

  test("--version and -V print the package's version and the semantics", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    for (const flag of ["--version", "-V"]) {
      const r = podsim([flag]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `podsim ${version} (kube-scheduler 1.37 semantics; profiles: current, v1.35, v1.31, v1.14)\n`);
    }
    // Installed, the version is the package's own: package.json beside wasm/.
    const installed = mkdtempSync(join(tmpdir(), "podsim-installed-"));
    mkdirSync(join(installed, "wasm/build"), { recursive: true });
    for (const file of ["wasm/cli.mjs", "wasm/index.mjs", "wasm/options.mjs", "wasm/report.mjs", "wasm/serve.mjs", "wasm/build/podsim.mjs", "wasm/build/podsim.wasm"]) {
      copyFileSync(join(root, file), join(installed, file));
    }
    writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "podsim", version: "9.8.7", type: "module" }));
    const r = spawnSync("node", [join(installed, "wasm/cli.mjs"), "--version"], { encoding: "utf8", cwd: "/" });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^podsim 9\.8\.7 \(kube-scheduler 1\.37 semantics; profiles: current, v1\.35, v1\.31, v1\.14\)\n$/);
    assert.match(podsim(["--help"]).stdout, /-V, --version {2}print podsim's version/);
  });

  test("diagnostics go to stderr as file:line: severity: message; the report counts them", () => {
    const r = podsim(["run", bad]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `${bad}:4: ${GOLD}\n`);
    assert.doesNotMatch(r.stdout, /gold/);
    assert.match(r.stdout, /\n\nDiagnostics: 1 error \(on standard error\)\n$/);
    // Standard input is <stdin>; warnings alone still exit 0.
    const piped = podsim(["run", "-"], readFileSync(bad, "utf8"));
    assert.equal(piped.stderr, `<stdin>:4: ${GOLD}\n`);
    const warning = podsim(["run", warned]);
    assert.equal(warning.status, 0);
    assert.equal(warning.stderr, `${warned}:5: ${IGNORED}\n`);
    assert.match(warning.stdout, /\n\nDiagnostics: 1 warning \(on standard error\)\n$/);
    // A clean run prints nothing on stderr and no count.
    const clean = podsim(["run", basic]);
    assert.equal(clean.stderr, "");
    assert.doesNotMatch(clean.stdout, /Diagnostics/);
    // --compare lists them too, each once.
    const compared = podsim(["run", bad, "--compare"]);
    assert.equal(compared.status, 1);
    assert.equal(compared.stderr, `${bad}:4: ${GOLD}\n`);
    assert.match(compared.stdout, /\n\nDiagnostics: 1 error \(on standard error\)\n$/);
  });

  test("--json and --markdown keep the diagnostics in the document, and on stderr only when the exit code is 1", () => {
    for (const format of ["--json", "--markdown"]) {
      const failed = podsim(["run", bad, format]);
      assert.equal(failed.status, 1, format);
      assert.equal(failed.stderr, `${bad}:4: ${GOLD}\n`, format);
      assert.match(failed.stdout, /no PriorityClass with name gold was found/, format);
      const passed = podsim(["run", warned, format]);
      assert.equal(passed.status, 0, format);
      assert.equal(passed.stderr, "", format);
      assert.match(passed.stdout, /kind \\?"ConfigMap\\?" is ignored/, format);
    }
    const json = JSON.parse(podsim(["run", warned, "--json"]).stdout);
    assert.deepEqual(json.diagnostics.map((d) => [d.severity, d.object, d.path, d.line]), [["warning", "ConfigMap", "kind", 5]]);
  });
});
