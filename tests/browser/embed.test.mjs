// The docs embed, <podsim-scenario>, in Chromium: docs pages that include the
// one script (web/dist/embed/podsim-embed.js), written by hand in HTML and
// rendered from Markdown by markdown-it, served by small servers of our own:
// a docs site (which also serves web/dist under /podsim/, as a site that
// hosts the playground beside its docs) and a "CDN" on another port.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import MarkdownIt from "markdown-it";

import { decodeShare } from "../../web/src/model/share.js";
import { TYPES, fileReply, openPage, outputDir, settled, startServer, useBrowser } from "./harness.mjs";

const DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const DOCS = fileURLToPath(new URL("../../docs/embedding.md", import.meta.url));
const scenario = (name) => readFileSync(join(FIXTURES, "scenarios", `${name}.yaml`), "utf8");

// Light and dark: the frame's background in each palette.
const LIGHT = "rgb(255, 255, 255)";
const DARK = "rgb(26, 31, 40)";

// The Markdown fixture as a site generator would publish it.
function markdownPage(embed) {
  const body = new MarkdownIt({ html: true }).render(readFileSync(join(FIXTURES, "embed.md"), "utf8"));
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Preemption, step by step</title>` +
    `<link rel="icon" href="data:,"><link rel="stylesheet" href="docs.css">` +
    `<script type="module" src="${embed}"></script></head>` +
    `<body><main>${body}</main></body></html>\n`
  );
}

// What a docs site with a Content-Security-Policy must allow (embedding.md
// says the same): the script and its .wasm fetch from where the script is,
// a worker from a Blob, WebAssembly, and eval, which the engine's embind
// glue uses to build its bindings. "no-blob" leaves the worker out.
function policy(name, origin) {
  const from = origin ? `'self' ${origin}` : "'self'";
  const worker = name === "no-blob" ? "" : "; worker-src blob:";
  const script = `script-src ${from} 'wasm-unsafe-eval'`;
  return `default-src 'self'; img-src data:; style-src 'self'; ${script}; connect-src ${from}${worker}`;
}

// A docs site: fixture pages under /docs/ with the script's URL filled in
// (and ?csp=name sent with that policy), and (with the playground) web/dist
// under /podsim/.
function docsSite(embed, { playground }) {
  const origin = new URL(embed, "http://x").origin;
  return (path, query) => {
    if (playground && path.startsWith("/podsim/")) return fileReply(DIST, path.slice("/podsim/".length) || "index.html");
    if (!path.startsWith("/docs/")) return null;
    const name = path.slice("/docs/".length);
    if (name === "embed-md.html") return { type: TYPES[".html"], body: markdownPage(embed) };
    const reply = fileReply(FIXTURES, name);
    if (reply && name.endsWith(".html")) reply.body = reply.body.toString("utf8").replaceAll("%PODSIM_EMBED%", embed);
    if (reply && query.has("csp")) {
      reply.headers["content-security-policy"] = policy(query.get("csp"), origin === "http://x" ? null : origin);
    }
    return reply;
  };
}

const env = useBrowser();
const servers = {};

before(async () => {
  if (!existsSync(join(DIST, "embed", "podsim-embed.js"))) {
    throw new Error("web/dist/embed is missing: run npx vite build -c vite.embed.config.js after npx vite build");
  }
  servers.site = await startServer(docsSite("/podsim/embed/podsim-embed.js", { playground: true }));
  // A CDN sends the files with Access-Control-Allow-Origin: *.
  servers.cdn = await startServer((path) => fileReply(DIST, path.slice(1), { "access-control-allow-origin": "*" }));
  servers.crossSite = await startServer(docsSite(`${servers.cdn.url}embed/podsim-embed.js`, { playground: false }));
});

after(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

/** Scrolls to the element and returns its verdict lines once simulated. */
async function verdictsOf(page, id) {
  const el = page.locator(`#${id}`);
  await el.scrollIntoViewIfNeeded();
  const lines = el.locator(".attempt .verdict");
  await lines.first().waitFor({ timeout: 20000 });
  return lines.allTextContents();
}

/** The element's "Open in playground" link, decoded: {url, share}. */
async function linkOf(page, id) {
  const open = page.locator(`#${id} a.open`);
  await page.waitForFunction((i) => /#v1:/.test(document.getElementById(i).shadowRoot.querySelector("a.open").href), id);
  const url = new URL(await open.getAttribute("href"));
  return { url, share: await decodeShare(url.hash) };
}

/**
 * Calls check until it returns something truthy, and returns that; fails
 * after timeout ms. For what the page cannot wait on itself: a share link
 * decodes asynchronously, and waitForFunction takes a Promise for true.
 */
async function until(check, what, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for the link to carry the expected scenario; returns the one it carries. */
async function sharedScenario(page, id, expected) {
  let scenario = null;
  await until(async () => (scenario = (await linkOf(page, id)).share.scenario) === expected, `${id}'s link to carry the scenario`).catch(() => {});
  return scenario;
}

const frameBackground = (page, id) =>
  page.locator(`#${id} .frame`).evaluate((el) => getComputedStyle(el).backgroundColor);

async function screenshot(page, name, fullPage = true) {
  await page.screenshot({ path: join(outputDir, `${name}.png`), fullPage });
}

test("embed: a hand-written HTML page: element text, a script inside, and src, with playground links", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`, {
    viewport: { width: 900, height: 1000 },
  });
  const expected = {
    preempt: ["payments-api → nominated worker-a, evicting 1 pod: scratch-runner", "payments-api → scheduled on worker-a"],
    scheduled: ["shop/web → scheduled on node-1"],
    never: ["reports → cannot be scheduled"],
  };
  for (const [id, lines] of Object.entries(expected)) assert.deepEqual(await verdictsOf(page, id), lines, id);

  // Each link carries the scenario exactly as written (indentation removed,
  // blank lines kept) to the playground shipped beside the script.
  const files = { preempt: "preempt", scheduled: "scheduled", never: "never" };
  for (const [id, file] of Object.entries(files)) {
    const { url, share } = await linkOf(page, id);
    assert.equal(url.origin + url.pathname, `${servers.site.url}podsim/index.html`, id);
    assert.equal(share.scenario, scenario(file), id);
    assert.deepEqual([share.profile, share.compare], ["current", false], id);
  }

  // The default parts: verdicts, messages and victims; show= picks others.
  const preempt = page.locator("#preempt");
  assert.match(
    await preempt.locator(".attempt .message").first().textContent(),
    /^0\/2 nodes are available: 2 Insufficient cpu\. preemption: found a potential placement for pod on node [\w-]+, preempting \d+ victims?$/,
  );
  const victim = await preempt.locator("table.victims tbody td").allTextContents();
  assert.deepEqual(victim, ["scratch-runnerleaves at +30 s", "worker-a", "10", "respected"]);
  assert.equal(await page.locator("#preempt .picture").count(), 0);
  assert.equal(await page.locator("#scheduled .picture .column").count(), 1);
  assert.equal(await page.locator("#never .attempt .message").first().isVisible(), true);
  assert.match(await page.locator("#never .attempt .message").first().textContent(), /^0\/1 nodes are available: 1 Insufficient cpu\./);
  assert.equal(await page.locator("#preempt .about").textContent(), "kube-scheduler v1.37");

  // readonly: no Edit; theme: dark for #scheduled, light for the others.
  assert.equal(await page.locator("#never button.edit").isVisible(), false);
  assert.equal(await page.locator("#preempt button.edit").isVisible(), true);
  assert.equal(await frameBackground(page, "scheduled"), DARK);
  assert.equal(await frameBackground(page, "preempt"), LIGHT);
  // The page's styles for buttons stop at the shadow root.
  const border = await page.locator("#preempt button.edit").evaluate((el) => getComputedStyle(el).borderTopColor);
  assert.notEqual(border, "rgb(255, 165, 0)");

  // Three elements, one engine.
  assert.equal(page.workers().length, 1);
  assert.equal(servers.site.requests.filter((p) => p === "/podsim/embed/podsim.wasm").length >= 1, true);
  await screenshot(page, "embed-01-html");

  // The link opens the playground on the same scenario and the same verdict.
  const { url } = await linkOf(page, "preempt");
  const playground = await openPage(env.browser, url.href);
  await settled(playground.page);
  assert.equal(
    await playground.page.locator(".attempt .verdict").first().textContent(),
    "payments-api → nominated worker-a, evicting 1 pod: scratch-runner",
  );
  await playground.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: a Markdown page from markdown-it: a fenced block, element text, a script before", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed-md.html`, {
    viewport: { width: 900, height: 1000 },
  });
  assert.deepEqual(await verdictsOf(page, "compare"), ["web → nominated node-a, evicting 1 pod: batch-new", "web → scheduled on node-a"]);
  assert.deepEqual(await verdictsOf(page, "two-nodes"), ["api → nominated node-1, evicting 1 pod: cache", "api → scheduled on node-1"]);
  assert.deepEqual(await verdictsOf(page, "class"), ["checkout → nominated node-x, evicting 1 pod: indexer", "checkout → scheduled on node-x"]);

  // compare: the differences between the profiles, as the engine gives them.
  assert.equal(await page.locator("#compare .badge-differs").count(), 1);
  assert.match(await page.locator("#compare .differences").textContent(), /v1\.14nominated node-a, evicting batch-old/);
  assert.equal(await page.locator("#compare .about").textContent(), "kube-scheduler v1.37 · compared with v1.14");
  // show="verdicts victims picture": no messages, a picture of both nodes.
  assert.equal(await page.locator("#two-nodes .attempt .message").first().isVisible(), false);
  assert.equal(await page.locator("#two-nodes .picture .column").count(), 2);
  assert.equal(await page.locator("#two-nodes .pod.victim").count(), 1);
  // profile="v1.14".
  assert.equal(await page.locator("#class .about").textContent(), "kube-scheduler v1.14 (profile v1.14)");

  const links = {
    compare: ["victim-order", "current", true],
    "two-nodes": ["two-nodes", "current", false],
    class: ["class", "v1.14", false],
  };
  for (const [id, [file, profile, compare]] of Object.entries(links)) {
    const { url, share } = await linkOf(page, id);
    assert.equal(url.pathname, "/podsim/index.html", id);
    assert.equal(share.scenario, scenario(file), id);
    assert.deepEqual([share.profile, share.compare], [profile, compare], id);
  }
  assert.equal(page.workers().length, 1);
  await screenshot(page, "embed-02-markdown");
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: code blocks as Docusaurus, Hugo and MkDocs render them, and src=\"#id\"", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/sources.html`, {
    viewport: { width: 900, height: 1000 },
  });
  for (const id of ["docusaurus", "hugo", "hugo-table", "hugo-inline", "mkdocs", "by-id"]) {
    assert.deepEqual(await verdictsOf(page, id), ["reports → cannot be scheduled"], id);
    assert.equal((await linkOf(page, id)).share.scenario, scenario("never"), id);
  }
  // Inline code in the paragraph before is prose, not a scenario: the element says where to put one.
  const prose = page.locator("#prose-before");
  await prose.scrollIntoViewIfNeeded();
  assert.match(await prose.locator(".status.error").textContent(), /^This scenario could not be read: no scenario: put the YAML in a ```yaml block/);
  assert.equal(await prose.locator(".attempt").count(), 0);
  // The page's own button keeps the page's style.
  const border = await page.locator("button.clean-btn").evaluate((el) => getComputedStyle(el).borderTopColor);
  assert.equal(border, "rgb(255, 165, 0)");
  await screenshot(page, "embed-03-sources");
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: the engine loads when an element nears the view, once for the page", async () => {
  const { page, errors, context } = await openPage(env.browser, "about:blank");
  // Every worker the page makes, counted in the page as it is made.
  await page.addInitScript(() => {
    window.__workersMade = 0;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.__workersMade++;
      }
    };
  });
  const wasmRequests = () => servers.site.requests.filter((p) => p.endsWith("/podsim.wasm")).length;
  const before = wasmRequests();
  await page.goto(`${servers.site.url}docs/lazy.html`);
  // The elements' observer (made when the script ran, before the page's
  // load) has said whether they are near once an observer made after it
  // has: observers report in the order they were made. An element it found
  // near would have made the worker by then (reading an element's own text
  // waits on nothing).
  const near = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const observer = new IntersectionObserver(
          (entries) => {
            observer.disconnect();
            resolve(entries.map((e) => e.isIntersecting));
          },
          { rootMargin: "200px 0px" },
        );
        for (const id of ["far", "broken"]) observer.observe(document.getElementById(id));
      }),
  );
  assert.deepEqual(near, [false, false], "both elements start far from the view");
  assert.equal(await page.evaluate(() => window.__workersMade), 0, "no worker before an element is near");
  assert.equal(page.workers().length, 0, "no worker before an element is near");
  assert.equal(wasmRequests(), before, "no .wasm before an element is near");
  assert.equal(await page.locator("#far .status").textContent(), "Simulated when it scrolls into view.");
  assert.equal(await page.locator("#far a.open").isHidden(), true, "nothing read yet: no link");

  assert.deepEqual(await verdictsOf(page, "far"), ["shop/web → scheduled on node-1"]);
  assert.equal(await page.evaluate(() => window.__workersMade), 1);
  assert.equal(page.workers().length, 1);
  assert.equal(wasmRequests(), before + 1);

  // The second element, further down, uses the same worker; its YAML names
  // an unknown class: a diagnostic, not a crash.
  const broken = page.locator("#broken");
  await broken.scrollIntoViewIfNeeded();
  await broken.locator(".diagnostic.error").waitFor({ timeout: 20000 });
  assert.equal(await broken.locator(".diagnostic.error .where").textContent(), "Pod default/web · spec.priorityClassName · line 5");
  assert.match(await broken.locator(".diagnostic.error .text").textContent(), /no PriorityClass with name gold was found/);
  assert.equal(await broken.locator(".status").textContent(), "1 error in the scenario.");
  assert.equal(await page.evaluate(() => window.__workersMade), 1);
  assert.equal(page.workers().length, 1);
  assert.equal(wasmRequests(), before + 1);
  await screenshot(page, "embed-04-diagnostic", false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: the script and the .wasm served from another origin, as from a CDN", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.crossSite.url}docs/embed.html`);
  assert.deepEqual(await verdictsOf(page, "preempt"), [
    "payments-api → nominated worker-a, evicting 1 pod: scratch-runner",
    "payments-api → scheduled on worker-a",
  ]);
  assert.deepEqual(await verdictsOf(page, "never"), ["reports → cannot be scheduled"]);
  assert.ok(servers.cdn.requests.includes("/embed/podsim-embed.js"));
  assert.ok(servers.cdn.requests.includes("/embed/podsim.wasm"));
  assert.ok(!servers.crossSite.requests.some((p) => /podsim-embed\.js|\.wasm$/.test(p)));
  // The playground is the one beside the script, on the CDN.
  const { url } = await linkOf(page, "preempt");
  assert.equal(url.origin + url.pathname, `${servers.cdn.url}index.html`);
  assert.equal(page.workers().length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: under a Content-Security-Policy: works with the documented one, says what is missing otherwise", async () => {
  for (const server of [servers.site, servers.crossSite]) {
    const { page, errors, context } = await openPage(env.browser, `${server.url}docs/embed.html?csp=strict`);
    assert.deepEqual(await verdictsOf(page, "never"), ["reports → cannot be scheduled"], server.url);
    assert.equal(await frameBackground(page, "never"), LIGHT, "the styles apply");
    assert.deepEqual(errors, [], server.url);
    await context.close();
  }
  const { page, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html?csp=no-blob`);
  const status = page.locator("#preempt .status.error");
  await status.waitFor({ timeout: 20000 });
  assert.match(await status.textContent(), /^The engine failed: the engine's worker could not start \(does the page's Content-Security-Policy allow worker-src blob:\?\)\.$/);
  assert.ok((await linkOf(page, "preempt")).share.scenario, "the link to the playground still works");
  await context.close();
});

test("embed: Edit re-simulates as you type; a YAML error shows a diagnostic, and Reset restores", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`, {
    viewport: { width: 900, height: 1000 },
  });
  const el = page.locator("#preempt");
  const first = () => el.locator(".attempt .verdict").first().textContent();
  await verdictsOf(page, "preempt");
  await el.locator("button.edit").click();
  const textarea = el.locator("textarea");
  assert.equal(await textarea.inputValue(), scenario("preempt"));

  // Below scratch-runner's priority, payments-api cannot preempt it.
  const lower = scenario("preempt").replace("priority: 1000", "priority: 5");
  await textarea.fill(lower);
  await page.waitForFunction(
    () => document.querySelector("#preempt").shadowRoot.querySelector(".attempt .verdict").textContent === "payments-api → cannot be scheduled",
    null,
    { timeout: 20000 },
  );
  assert.equal(await el.locator("table.victims").count(), 0);
  assert.equal(await sharedScenario(page, "preempt", lower), lower);

  // Names from YAML are text, never markup: a node named like an HTML tag,
  // which the engine's diagnostics quote.
  const payload = "<img src=x onerror=window.__pwned=1>";
  const hostile = lower.replaceAll("worker-a", `'${payload}'`);
  await textarea.fill(hostile);
  // Its result is on screen once the diagnostic for the node's name is,
  // however its text is drawn.
  const nameError = el.locator(".diagnostic.error", { hasText: "Node · metadata.name · line 3" });
  await nameError.waitFor({ timeout: 20000 });
  assert.equal(await nameError.locator(".text").textContent(), `invalid name "${payload}"; expected a lowercase RFC 1123 subdomain (a-z, 0-9, '-' and '.', starting and ending with a letter or digit, at most 253 characters)`);
  assert.match(await el.locator(".diagnostic.error", { hasText: "spec.nodeName" }).locator(".text").textContent(), new RegExp(`^bound to node "${payload}", which is not in the scenario`));
  assert.equal(await el.locator("img").count(), 0, "no element made from the name");
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await textarea.fill(lower);
  await page.waitForFunction(() => !document.querySelector("#preempt").shadowRoot.querySelector(".diagnostic"), null, { timeout: 20000 });

  // A syntax error: a diagnostic with its line; the last good result, dimmed.
  const broken = `${lower}  oops: [\n`;
  await textarea.fill(broken);
  await el.locator(".diagnostic.error").waitFor({ timeout: 20000 });
  assert.match(await el.locator(".diagnostic.error .where").first().textContent(), /line \d+$/);
  assert.ok(await el.locator(".body.stale").count());
  assert.match(await el.locator(".status").textContent(), /error.* in the scenario: showing the last good result, dimmed\./);
  assert.equal(await first(), "payments-api → cannot be scheduled");
  await screenshot(page, "embed-05-edit-error", false);

  // The diagnostic jumps to its line in the editor.
  const line = Number(/line (\d+)$/.exec(await el.locator(".diagnostic.error .where").first().textContent())[1]);
  await el.locator(".diagnostic.error button").first().click();
  const selected = await textarea.evaluate((t) => t.value.slice(0, t.selectionStart).split("\n").length);
  assert.equal(selected, line);

  await el.locator("button.reset").click();
  await page.waitForFunction(
    () => document.querySelector("#preempt").shadowRoot.querySelector(".attempt .verdict").textContent.includes("nominated worker-a"),
  );
  assert.equal(await el.locator(".diagnostic").count(), 0);
  assert.equal(await textarea.inputValue(), scenario("preempt"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: an element added later by script, its yaml property, and show=\"yaml\"", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`);
  await verdictsOf(page, "preempt");
  // As a single-page site adds a page's elements after navigating.
  await page.evaluate((text) => {
    const el = document.createElement("podsim-scenario");
    el.id = "added";
    el.setAttribute("show", "yaml verdicts");
    el.yaml = text;
    document.querySelector("main").prepend(el);
  }, scenario("scheduled"));
  assert.deepEqual(await verdictsOf(page, "added"), ["shop/web → scheduled on node-1"]);
  assert.equal(await page.locator("#added pre.source").textContent(), scenario("scheduled"));
  assert.equal(await page.locator("#added .attempt .message").first().isVisible(), false);
  // Setting the property again simulates the new text.
  await page.evaluate((text) => (document.getElementById("added").yaml = text), scenario("never"));
  await page.waitForFunction(() =>
    document.getElementById("added").shadowRoot.querySelector(".attempt .verdict")?.textContent.includes("reports"),
  );
  assert.equal(await page.evaluate(() => document.getElementById("added").yaml), scenario("never"));
  assert.equal(page.workers().length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: caption= above the verdicts until an edit, playground= where the link goes, show=\"warnings\" the engine's warnings", async () => {
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`, {
    viewport: { width: 900, height: 1000 },
  });
  await verdictsOf(page, "preempt");
  const caption = "payments-api outranks scratch-runner: it takes worker-a";
  // A field kube-scheduler's API does not have: the engine warns, and simulates.
  const typo = scenario("scheduled").replace("  priority: 100\n", "  priority: 100\n  priorityClass: gold\n");
  // The same misspelling alone: the pod runs at the default priority.
  const defaulted = scenario("scheduled").replace("  priority: 100\n", "  priorityClass: gold\n");
  await page.evaluate(
    ({ preempt, typo, caption, defaulted }) => {
      const add = (id, attributes, yaml) => {
        const el = document.createElement("podsim-scenario");
        el.id = id;
        for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
        el.yaml = yaml;
        document.querySelector("main").prepend(el);
      };
      add("captioned", { caption, playground: "https://example.org/podsim/" }, preempt);
      add("warned", { show: "verdicts warnings" }, typo);
      add("quiet", {}, typo);
      add("defaulted", {}, defaulted);
    },
    { preempt: scenario("preempt"), typo, caption, defaulted },
  );
  const preempted = ["payments-api → nominated worker-a, evicting 1 pod: scratch-runner", "payments-api → scheduled on worker-a"];
  assert.deepEqual(await verdictsOf(page, "captioned"), preempted);

  // caption: above the verdicts, and only where it is set.
  const lesson = page.locator("#captioned .lesson");
  assert.deepEqual(await lesson.allTextContents(), [caption]);
  const [above, verdicts] = [await lesson.boundingBox(), await page.locator("#captioned .attempt").first().boundingBox()];
  assert.ok(above.y + above.height <= verdicts.y, "the caption is above the verdicts");
  assert.equal(await page.locator("#preempt .lesson").count(), 0);

  // playground: the link goes there, with the scenario; changed, it follows.
  const { url, share } = await linkOf(page, "captioned");
  assert.equal(url.origin + url.pathname, "https://example.org/podsim/");
  assert.equal(share.scenario, scenario("preempt"));
  await page.evaluate(() => document.getElementById("captioned").setAttribute("playground", "../elsewhere/"));
  await page.waitForFunction((href) => document.getElementById("captioned").shadowRoot.querySelector("a.open").href.startsWith(href), `${servers.site.url}elsewhere/#v1:`);

  // An edit takes the caption away (it described the scenario as written); Reset brings it back.
  const captioned = page.locator("#captioned");
  await captioned.locator("button.edit").click();
  await captioned.locator("textarea").fill(scenario("preempt").replace("priority: 1000", "priority: 5"));
  await page.waitForFunction(
    () => document.getElementById("captioned").shadowRoot.querySelector(".attempt .verdict").textContent === "payments-api → cannot be scheduled",
    null,
    { timeout: 20000 },
  );
  assert.equal(await lesson.count(), 0, "no caption over an edited scenario");
  await captioned.locator("button.reset").click();
  await page.waitForFunction(
    () => document.getElementById("captioned").shadowRoot.querySelector(".attempt .verdict").textContent.includes("nominated worker-a"),
    null,
    { timeout: 20000 },
  );
  assert.deepEqual(await lesson.allTextContents(), [caption]);

  // show="warnings": the warning is listed; without it, the same
  // scenario's result (drawn with its diagnostics) lists none.
  assert.deepEqual(await verdictsOf(page, "warned"), ["shop/web → scheduled on node-1"]);
  const warning = page.locator("#warned .diagnostic.warning");
  assert.equal(await warning.count(), 1);
  assert.equal(await warning.locator(".where").textContent(), "Pod shop/web · spec.priorityClass · line 12");
  assert.match(await warning.locator(".text").textContent(), /^unknown field \(not in the Kubernetes [\d.]+ API for Pod; did you mean priorityClassName\?\)$/);
  // The pod sets spec.priority: the misspelt class changes nothing, and its verdict says nothing of it.
  assert.equal(await page.locator("#warned .attempt .effect").count(), 0);
  // Without spec.priority the verdict says why the priority is 0, with no show button: the element has no editors to show it in.
  await until(async () => (await page.locator("#defaulted .attempt .effect").count()) === 1, "the defaulted pod's note");
  assert.match(await page.locator("#defaulted .attempt .effect").textContent(), /^priority 0 because spec\.priorityClass was not read: /);
  assert.equal(await page.locator("#defaulted .effect-show").count(), 0);
  assert.deepEqual(await verdictsOf(page, "quiet"), ["shop/web → scheduled on node-1"]);
  assert.equal(await page.locator("#quiet .diagnostic").count(), 0);
  await screenshot(page, "embed-07-caption-warnings", false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: light and dark follow the page's scheme unless theme= says", async () => {
  for (const [scheme, expected] of [
    ["light", { preempt: LIGHT, scheduled: DARK, never: LIGHT }],
    ["dark", { preempt: DARK, scheduled: DARK, never: LIGHT }],
  ]) {
    const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`, {
      colorScheme: scheme,
      viewport: { width: 900, height: 1000 },
    });
    for (const [id, background] of Object.entries(expected)) {
      await verdictsOf(page, id);
      assert.equal(await frameBackground(page, id), background, `${scheme}: ${id}`);
    }
    if (scheme === "dark") await screenshot(page, "embed-06-dark");
    assert.deepEqual(errors, []);
    await context.close();
  }
  // A site with its own toggle sets theme= from it: the snippet in embedding.md.
  const { page, errors, context } = await openPage(env.browser, `${servers.site.url}docs/embed.html`);
  const snippet = /<script type="module">\n(  const sync[^]*?)<\/script>/.exec(readFileSync(DOCS, "utf8"))[1];
  await page.addScriptTag({ type: "module", content: snippet });
  await verdictsOf(page, "preempt");
  assert.equal(await frameBackground(page, "preempt"), LIGHT);
  await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
  await page.waitForFunction(() => document.getElementById("preempt").getAttribute("theme") === "dark");
  assert.equal(await frameBackground(page, "preempt"), DARK);
  assert.deepEqual(errors, []);
  await context.close();
});
