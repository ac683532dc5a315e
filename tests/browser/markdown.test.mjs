// Copy as Markdown and the Embed dialog's element snippet: what a person
// pastes into an issue or a docs page, read back from the clipboard.
import assert from "node:assert/strict";
import { test } from "node:test";

import MarkdownIt from "markdown-it";

import { decodeShare, encodeShare } from "../../web/src/model/share.js";
import { chooseExample, fromMenu, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

// A pod annotation that would close a ``` fence, end the <details>, and run
// script; a class name (quoted back by a diagnostic) with markup, a pipe that
// would split a table cell, and a mention.
const HOSTILE = `apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "1", pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
  annotations:
    note: |
      \`\`\`
      </details><script>window.__pwned=1</script> @octocat #1
      \`\`\`\`
spec:
  priorityClassName: "\`<img src=x onerror=window.__pwned=1>\` | @octocat"
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
`;

// The same pod, valid: its annotation holds the markup, and it is scheduled.
const HOSTILE_VALID = HOSTILE.replace(/ {2}priorityClassName: .*\n/, "");

async function fresh(path = "", options = {}) {
  const opened = await openPage(env.browser, env.server.url + path, options);
  await settled(opened.page);
  return opened;
}

async function withScenario(scenario, options) {
  return fresh(`#${await encodeShare({ scenario, profile: "current" })}`, options);
}

/** Clicks Copy as Markdown; returns the clipboard's text and the status line. */
async function copyMarkdown(page, click = () => fromMenu(page, "#copy-markdown")) {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await click();
  await page.waitForFunction(() => /Markdown/.test(document.getElementById("status").textContent));
  return { markdown: await page.evaluate(() => navigator.clipboard.readText()), status: await page.locator("#status").textContent() };
}

/** Returns the share link a report ends with. */
function linkOf(markdown) {
  const match = /\[Open this scenario in the podsim playground\]\(([^)\s]+)\)/.exec(markdown);
  assert.ok(match, `no link in:\n${markdown}`);
  return match[1];
}

// Renders as GitHub would in the parts that matter: GFM tables, inline HTML on.
const render = (markdown) => new MarkdownIt({ html: true }).render(markdown);
const decodeEntities = (html) =>
  html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");

test("markdown: one click copies the profile, verdicts, messages, victims and a link to the scenario", async () => {
  const { page, errors, context } = await fresh();
  const { markdown, status } = await copyMarkdown(page);
  assert.equal(status, `Copied a Markdown report (${markdown.length.toLocaleString("en")} characters).`);
  assert.match(markdown, /^## podsim report\n/);
  assert.match(markdown, /^- \*\*Profile:\*\* `current`, kube-scheduler v1\.37 semantics$/m);
  assert.match(markdown, /^- \*\*Outcome:\*\* 1 pending pod in 2 attempts: 1 scheduled, 2 victims evicted$/m);
  assert.match(
    markdown,
    /^- `default\/payments-api` → nominated `node-a`, evicting 2 pods: `default\/report-1`, `default\/report-2` \(priority 100000\)\n {2}- message: `0\/3 nodes are available: 3 Insufficient cpu\. preemption: found a potential placement for pod on node node-a, preempting 2 victims`$/m,
  );
  assert.match(markdown, /^- `default\/payments-api` → scheduled on `node-a` \(priority 100000, attempt 2\)$/m);
  assert.match(markdown, /^\| Pod \| Node \| Priority \| PodDisruptionBudget \| Evicted for \|$/m);
  assert.match(markdown, /^\| `default\/report-1` \| `node-a` \| 100 \| respected \| `default\/payments-api` \|$/m);
  assert.match(markdown, /^\| `default\/report-2` \| `node-a` \| 100 \| respected \| `default\/payments-api` \|$/m);
  assert.doesNotMatch(markdown, /### Diagnostics/);
  // The scenario, collapsed, in a yaml fence; the link decodes to the same text.
  const yaml = /<details>\n<summary>Scenario \(YAML, [\d,]+ characters\)<\/summary>\n\n```yaml\n([\s\S]*?)```\n\n<\/details>/.exec(markdown);
  assert.ok(yaml, markdown);
  const shared = await decodeShare(new URL(linkOf(markdown)).hash);
  assert.equal(shared.scenario, yaml[1]);
  assert.match(shared.scenario, /name: payments-api/);
  assert.equal(shared.profile, "current");
  // It renders: a table with two victims, the YAML as code.
  const html = render(markdown);
  assert.equal((html.match(/<tr>/g) ?? []).length, 3);
  assert.match(html, /<code class="language-yaml">/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("markdown: the Export menu follows Share in the keyboard order; Enter opens it on Copy as Markdown, which Enter copies", async () => {
  const { page, context } = await fresh();
  await page.locator("#share").focus();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "export-button");
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("#export-button").getAttribute("aria-expanded"), "true");
  assert.equal(await page.evaluate(() => document.activeElement.id), "copy-markdown");
  const { markdown } = await copyMarkdown(page, () => page.keyboard.press("Enter"));
  assert.equal(await page.locator("#export-button").getAttribute("aria-expanded"), "false", "a choice closes the menu");
  assert.equal(await page.evaluate(() => document.activeElement.id), "export-button", "and the keyboard is back on its button");
  assert.match(markdown, /^## podsim report/);
  await context.close();
});

test("markdown: the compared profiles, a violated PDB and the v1.14 profile are reported", async () => {
  const { page, context } = await fresh();
  await chooseExample(page, "profiles-pdb-budget");
  await settled(page);
  await page.waitForSelector(".differences .difference");
  let { markdown } = await copyMarkdown(page);
  assert.match(markdown, /^- \*\*Compared:\*\* `current` with `v1\.14`: 1 pod decided differently$/m);
  assert.match(markdown, /^### Where the profiles differ$/m);
  assert.match(markdown, /^ {2}- `v1\.14` \(kube-scheduler 1\.14\): nominated `node-a`, evicting `default\/db-0`, `default\/db-1`$/m);
  assert.match(markdown, /^ {2}- because \(PDB violation\): v1\.14 counts a victim as violating only when/m);
  assert.deepEqual((await decodeShare(new URL(linkOf(markdown)).hash)).compare, true);

  await fromMenu(page, "#compare");
  await chooseExample(page, "pdb-last-resort");
  await settled(page);
  await page.locator("#profile").selectOption("v1.14");
  await settled(page);
  await page.waitForFunction(() => document.body.dataset.profile === "v1.14" && !document.body.classList.contains("busy"));
  ({ markdown } = await copyMarkdown(page));
  assert.match(markdown, /^- \*\*Profile:\*\* `v1\.14`, kube-scheduler v1\.14 semantics$/m);
  assert.doesNotMatch(markdown, /Where the profiles differ/);
  const link = await decodeShare(new URL(linkOf(markdown)).hash);
  assert.deepEqual([link.profile, link.compare], ["v1.14", false]);
  await context.close();
});

test("markdown: backticks, HTML and mentions in the scenario stay inside the fence and code spans", async () => {
  const { page, errors, context } = await withScenario(HOSTILE);
  await page.waitForSelector(".diagnostic.error");
  const { markdown } = await copyMarkdown(page);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // A fence longer than the YAML's longest run of backticks.
  assert.match(markdown, /^`````yaml$/m);
  assert.match(markdown, /^- \*\*The scenario has 1 error:\*\* see Diagnostics$/m);
  assert.match(markdown, /^### Diagnostics$/m);
  const html = render(markdown);
  // The YAML comes back whole from the rendered code block, and nothing else
  // of it became markup: one <details>, no img or script, no mention outside code.
  const code = /<code class="language-yaml">([\s\S]*?)<\/code>/.exec(html);
  assert.equal(decodeEntities(code[1]), HOSTILE);
  const outsideCode = html.replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
  assert.equal((outsideCode.match(/<details>/g) ?? []).length, 1);
  assert.equal((outsideCode.match(/<\/details>/g) ?? []).length, 1);
  assert.doesNotMatch(outsideCode, /<img|<script|@octocat/);
  // The diagnostic quotes the class name, in one code span on one line.
  const diagnostic = /^- \*\*error\*\* .*$/m.exec(markdown)[0];
  assert.match(
    diagnostic,
    /`Pod default\/web` · `spec\.priorityClassName` · line 17: ``pods "web" is forbidden: no PriorityClass with name `<img src=x onerror=window\.__pwned=1>` \| @octocat was found \(known: [^`]+\)``$/,
  );
  assert.equal((await decodeShare(new URL(linkOf(markdown)).hash)).scenario, HOSTILE);
  assert.deepEqual(errors, []);
  await context.close();
});

test("markdown: a long scenario stays in the link only; a loaded cluster is said not to be in it", async () => {
  const nodes = Array.from({ length: 300 }, (_, i) => `apiVersion: v1\nkind: Node\nmetadata: {name: node-${i}}\nstatus: {allocatable: {cpu: "1", pods: "10"}}\n`);
  const long = nodes.join("---\n");
  assert.ok(long.length > 20_000);
  const { page, context } = await withScenario(long);
  let { markdown } = await copyMarkdown(page);
  assert.match(markdown, /^The scenario is longer than 20,000 characters: it is in the link below\.$/m);
  assert.doesNotMatch(markdown, /<details>/);
  assert.equal((await decodeShare(new URL(linkOf(markdown)).hash)).scenario, long);

  // A kubectl List past the size that makes it a dump (16 KiB), pasted.
  const node = (name) => ({ apiVersion: "v1", kind: "Node", metadata: { name }, status: { allocatable: { cpu: "4", pods: "110" } } });
  const dump = JSON.stringify({ apiVersion: "v1", kind: "List", items: Array.from({ length: 200 }, (_, i) => node(`dump-${i}`)) }, null, 2);
  await page.getByRole("tab", { name: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), dump);
  await page.keyboard.press("Control+v");
  await page.waitForSelector(".cluster-panel", { timeout: 20000 });
  await settled(page);
  await page.getByRole("tab", { name: /Pending/ }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.insertText("apiVersion: v1\nkind: Pod\nmetadata: {name: extra}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: 100m}}}]\n");
  await page.keyboard.press("Control+Enter");
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent));
  ({ markdown } = await copyMarkdown(page));
  assert.match(markdown, /^- \*\*Cluster:\*\* laid over `pasted text`, a dump loaded in the page; the cluster is not in this report or the link/m);
  assert.match(markdown, /<summary>Scenario laid over the cluster \(YAML, \d+ characters\)<\/summary>/);
  assert.match(markdown, /^- `default\/extra` → scheduled on `dump-\d+`/m);
  assert.match(markdown, /\(without the cluster\)$/m);
  await context.close();
});

test("markdown: the Embed dialog offers the <podsim-scenario> element, read-only too", async () => {
  const { page, errors, context } = await withScenario(HOSTILE_VALID);
  await fromMenu(page, "#embed");
  await page.waitForFunction(() => document.getElementById("embed-snippet").value.startsWith("<iframe"));
  await page.locator("#embed-kind-element").check();
  await page.locator("#embed-readonly").check();
  const snippet = await page.locator("#embed-snippet").inputValue();
  assert.equal(snippet.split("\n")[0], `<script type="module" src="${env.server.url}embed/podsim-embed.js"></script>`);
  // The dialog's panels (victims and the picture) as the element's parts.
  assert.match(snippet, /\n<podsim-scenario readonly show="verdicts,messages,victims,picture">\n/);
  assert.match(snippet, /&lt;\/details>&lt;script>window\.__pwned=1&lt;\/script>/);
  // Parsed as HTML, the element holds the whole scenario as its text.
  const parsed = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    const element = doc.querySelector("podsim-scenario");
    return {
      readonly: element.hasAttribute("readonly"),
      children: element.children.length,
      yaml: element.textContent,
      after: element.nextSibling?.textContent ?? null,
    };
  }, snippet);
  assert.equal(parsed.children, 0);
  assert.equal(parsed.readonly, true);
  // (The line break after the tag is the element's to drop: it dedents.)
  assert.equal(parsed.yaml.replace(/^\n/, ""), HOSTILE_VALID);
  assert.equal(parsed.after, null);
  await screenshot(page, "40-markdown-embed-element");
  // Unchecked, and back to the iframe, which keeps its form.
  await page.locator("#embed-readonly").uncheck();
  assert.match(await page.locator("#embed-snippet").inputValue(), /\n<podsim-scenario show="verdicts,messages,victims,picture">\n/);
  await page.locator("#embed-kind-iframe").check();
  assert.match(await page.locator("#embed-snippet").inputValue(), /^<iframe src="[^"]+\?embed&amp;panels=victims,picture#v1:[^"]+"/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("markdown: the element snippet runs in a docs page", async () => {
  const { page, context } = await fresh();
  await fromMenu(page, "#embed");
  await page.locator("#embed-kind-element").check();
  const snippet = await page.locator("#embed-snippet").inputValue();
  // The default example's lesson comes as the caption.
  assert.match(snippet, /<podsim-scenario caption="payments-api fits nowhere; [^"]+" show="[a-z,]+">/);
  // A docs page of the same origin, without the playground's policy.
  const docs = `${env.server.url}docs-page.html`;
  await context.route(docs, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><html><body><h1>Docs</h1>\n${snippet}\n</body></html>` }),
  );
  await page.goto(docs);
  await page.waitForFunction(() => document.querySelector("podsim-scenario")?.shadowRoot?.querySelector(".attempt .verdict"), null, {
    timeout: 20000,
  });
  const verdict = await page.evaluate(() => document.querySelector("podsim-scenario").shadowRoot.querySelector(".attempt .verdict").textContent);
  assert.equal(verdict, "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  const caption = await page.evaluate(() => document.querySelector("podsim-scenario").shadowRoot.querySelector(".lesson")?.textContent);
  assert.match(caption ?? "", /^payments-api fits nowhere; node-a wins/);
  await context.close();
});

test("markdown: the header fits with the Export menu, wide and on a phone", async () => {
  for (const [width, name] of [
    [1280, "41-markdown-header-1280"],
    [390, "42-markdown-header-390"],
  ]) {
    const { page, context } = await fresh("", { viewport: { width, height: 800 } });
    const fit = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: innerWidth,
      button: document.getElementById("export-button").getBoundingClientRect().toJSON(),
    }));
    assert.ok(fit.scroll <= fit.width, `${width} px: the page scrolls sideways (${fit.scroll} px)`);
    assert.ok(fit.button.right <= fit.width && fit.button.width > 0, `${width} px: the button is off screen`);
    await screenshot(page, name);
    await context.close();
  }
});
