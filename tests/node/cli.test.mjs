// The CLI: `node wasm/cli.mjs` and `npx podsim`, exit codes and stdin.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

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
  assert.match(r.stdout, /lowest highest-priority victim: node1=0 node3=-100 -> kept node1/);
});

test("CLI: --json prints the result document", () => {
  const r = podsim(["run", basic, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.apiVersion, "podsim/v1");
  assert.equal(result.pods[0].node, "node1");
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
  assert.match(bad.stderr, /unknown profile "v9" \(known: current, v1\.14\)/);
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
  assert.match(r.stdout, /^## podsim report\n\n- \*\*Profile:\*\* `current`, kube-scheduler v1\.35 semantics\n/);
  assert.match(r.stdout, /^- `default\/p` → nominated `node1`, evicting 2 pods: `default\/p1\.1`, `default\/p1\.2` \(priority 1000\)$/m);
  assert.match(r.stdout, /^ {2}- message: `0\/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory\.`$/m);
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
  assert.match(compared.stdout, /^ {2}- `current` \(kube-scheduler 1\.35\): nominated `node-b`, evicting `default\/cache`$/m);

  const both = podsim(["run", basic, "--markdown", "--json"]);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--json and --markdown print different things/);
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
    kubernetesVersion: "1.35",
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
