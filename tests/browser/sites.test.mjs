// <podsim-scenario> in real documentation sites: tests/sites/vitepress (npm's
// vitepress) and tests/sites/mkdocs (MkDocs, built with its default theme and
// with Material for MkDocs, which scripts/setup.sh installs into
// build/mkdocs-venv from PyPI), each with three scenarios written as
// docs/embedding.md's recipes say. Each test builds its site (the build is part
// of the test) into build/sites/, with web/dist (the playground and its
// embed/) copied in as a site that hosts podsim itself, serves it under a base
// path and opens it in Chromium: every embed shows its verdicts, nothing is
// logged as an error, the engine starts once, keys typed in an embed's editor
// stay there, and in VitePress and Material the embeds work after client-side
// navigation; in VitePress they follow the site's appearance switch.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { fileReply, firstVerdict, openPage, outputDir, settled, startServer, useBrowser } from "./harness.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIST = join(ROOT, "web/dist");
const SITES = join(ROOT, "build/sites");
const MKDOCS = join(ROOT, "build/mkdocs-venv/bin/mkdocs");
const BASE = "/handbook/";
// The frame's background in the embed's dark palette.
const DARK = "rgb(26, 31, 40)";
const run = promisify(execFile);

// What each embed of a site's preemption page shows, in page order.
const VERDICTS = {
  vitepress: [
    ["checkout → nominated worker-1, evicting 1 pod: nightly-report", "checkout → scheduled on worker-1"],
    ["api → nominated node-b, evicting 1 pod: cache-0", "api → scheduled on node-b"],
    [
      "web → nominated node-a, evicting 1 pod: batch",
      "vip → nominated node-a, evicting 1 pod: batch",
      "vip → scheduled on node-a",
      "web → cannot be scheduled",
      "web → cannot be scheduled",
    ],
  ],
  mkdocs: [
    [
      "notebook → nominated node-1, evicting 1 pod: backfill",
      "training → cannot be scheduled",
      "notebook → scheduled on node-1",
      "training → scheduled on node-1",
    ],
    ["fraud-check → nominated node-1, evicting 1 pod: ledger-0", "fraud-check → scheduled on node-1"],
    ["search-api → nominated node-a, evicting 1 pod: indexer", "search-api → scheduled on node-a"],
  ],
};

const env = useBrowser();

/**
 * Copies tests/sites/name to build/sites/label with web/dist at podsim/ under
 * assets (the folder the generator copies as it is), and runs build(source,
 * out) into build/sites/label-out. Returns {out, ms}, the built site and how
 * long the build took.
 */
async function buildSite(name, assets, build, label = name) {
  if (!existsSync(join(DIST, "embed", "podsim-embed.js"))) throw new Error("web/dist/embed is missing: run bash scripts/build.sh web first");
  const source = join(SITES, label);
  const out = join(SITES, `${label}-out`);
  rmSync(source, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(SITES, { recursive: true });
  cpSync(join(ROOT, "tests/sites", name), source, { recursive: true });
  cpSync(DIST, join(source, assets, "podsim"), { recursive: true });
  const started = Date.now();
  await build(source, out);
  return { out, ms: Date.now() - started };
}

/** Serves the built site under BASE; returns the server (startServer's). */
function serveSite(out) {
  return startServer((path) => (path.startsWith(BASE) ? fileReply(out, path.slice(BASE.length)) : null));
}

/** Scrolls to each embed in turn and returns its verdict lines once simulated. */
async function verdicts(page) {
  const embeds = page.locator("podsim-scenario");
  await embeds.first().waitFor({ state: "attached" });
  const all = [];
  for (let i = 0; i < (await embeds.count()); i++) {
    const embed = embeds.nth(i);
    await embed.scrollIntoViewIfNeeded();
    await embed.locator(".attempt .verdict").first().waitFor({ timeout: 30000 });
    all.push(await embed.locator(".attempt .verdict").allTextContents());
  }
  return all;
}

/** Checks the page's embeds: their verdicts, no error shown, links to the site's playground. */
async function checkEmbeds(page, site, url) {
  assert.deepEqual(await verdicts(page), VERDICTS[site], `${site}: the verdicts of its three embeds`);
  const embeds = page.locator("podsim-scenario");
  for (let i = 0; i < VERDICTS[site].length; i++) {
    assert.equal(await embeds.nth(i).locator(".status.error").count(), 0, `${site}: embed ${i + 1} shows no error`);
    await page.waitForFunction((n) => document.querySelectorAll("podsim-scenario")[n].shadowRoot.querySelector("a.open")?.href.includes("#v1:"), i);
    const link = new URL(await embeds.nth(i).locator("a.open").getAttribute("href"));
    assert.equal(link.origin + link.pathname, `${url}${BASE.slice(1)}podsim/index.html`, `${site}: embed ${i + 1}'s playground`);
  }
  // One engine for the page, however many embeds and pages it showed (its
  // worker runs from a Blob; the site's search may have one of its own).
  const engines = page.workers().filter((w) => w.url().startsWith("blob:"));
  assert.equal(engines.length, 1, `${site}: one engine worker`);
}

/**
 * Types text at the end of the first embed's editor, as a reader would, and
 * checks it arrived: the site's own keyboard shortcuts must not take the keys.
 */
async function typeInEditor(page, site, text) {
  const embed = page.locator("podsim-scenario").first();
  await embed.scrollIntoViewIfNeeded();
  await embed.locator("button.edit").click();
  const editor = embed.locator("textarea");
  await editor.press("Control+End");
  const before = await editor.inputValue();
  const url = page.url();
  let left = null;
  const leaving = (request) => {
    if (request.isNavigationRequest()) left = request.url();
  };
  page.on("request", leaving);
  await page.keyboard.type(text);
  // A shortcut that navigates does so at once; give it a moment to show.
  await page.waitForTimeout(300);
  page.off("request", leaving);
  assert.equal(left, null, "typing did not leave the page");
  assert.equal(page.url(), url);
  assert.equal(await editor.inputValue(), before + text, "every key typed reached the editor");
  // The edit is simulated: the comment changes no verdict.
  await page.waitForFunction(() => !document.querySelector("podsim-scenario").shadowRoot.querySelector(".frame.busy"));
  assert.deepEqual(await embed.locator(".attempt .verdict").allTextContents(), VERDICTS[site][0]);
}

async function screenshots(browser, url, site) {
  for (const width of [1400, 390]) {
    const { page, context } = await openPage(browser, url, { viewport: { width, height: 900 }, colorScheme: "light" });
    await verdicts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(outputDir, `sites-${site}-${width}.png`), fullPage: true });
    await context.close();
  }
}

test("sites: a VitePress site (base path, client-side navigation, local search, appearance switch) with three embeds", async (t) => {
  const started = Date.now();
  const { out, ms } = await buildSite("vitepress", "public", (source, dest) =>
    run(join(ROOT, "node_modules/.bin/vitepress"), ["build", source, "--outDir", dest], { cwd: ROOT }),
  );
  t.diagnostic(`vitepress build: ${ms} ms`);
  // Vue renders the element into the built page (it is a custom element, not
  // a component to resolve), so the page is whole before any script runs.
  const html = readFileSync(join(out, "preemption.html"), "utf8");
  assert.equal(html.match(/<podsim-scenario[\s>]/g)?.length, 3, "the built page holds the three elements");
  const server = await serveSite(out);
  try {
    // Loaded directly.
    const direct = await openPage(env.browser, `${server.url}handbook/preemption.html`, { colorScheme: "light" });
    await checkEmbeds(direct.page, "vitepress", server.url);
    // VitePress's local search opens on "/" unless the reader is typing in a field.
    await typeInEditor(direct.page, "vitepress", "\n# see docs/preemption, n p s /\n");
    assert.equal(await direct.page.locator(".VPLocalSearchBox").count(), 0, "the search box stayed closed");
    assert.deepEqual(direct.errors, []);
    await direct.context.close();

    // Reached by client-side navigation from the home page, then away and back.
    const { page, errors, context } = await openPage(env.browser, `${server.url}handbook/`, { colorScheme: "light" });
    await page.evaluate(() => (window.samePage = true));
    await page.locator(".vp-doc a", { hasText: "preemption page" }).click();
    await page.waitForURL(/preemption\.html$/);
    await checkEmbeds(page, "vitepress", server.url);
    await page.locator(".VPSidebar a", { hasText: "Overview" }).click();
    await page.waitForURL(/handbook\/$/);
    await page.goBack();
    await page.waitForURL(/preemption\.html$/);
    await checkEmbeds(page, "vitepress", server.url);
    assert.equal(await page.evaluate(() => window.samePage), true, "the navigation was client-side");

    // The appearance switch (class="dark" on <html>) turns the embeds dark, as the recipe's script does.
    await page.locator(".VPNavBarAppearance .VPSwitchAppearance").click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    const backgrounds = await page.locator("podsim-scenario").evaluateAll((els) =>
      els.map((el) => getComputedStyle(el.shadowRoot.querySelector(".frame")).backgroundColor),
    );
    assert.deepEqual(backgrounds, [DARK, DARK, DARK]);

    // Open in playground, clicked: the site's router leaves the link alone, and
    // the playground the site hosts under its base path shows the same verdict.
    const [playground] = await Promise.all([context.waitForEvent("page"), page.locator("podsim-scenario").first().locator("a.open").click()]);
    await playground.waitForLoadState();
    assert.equal(new URL(playground.url()).pathname, `${BASE}podsim/index.html`);
    await settled(playground);
    assert.equal(await firstVerdict(playground), VERDICTS.vitepress[0][0]);
    assert.equal(new URL(page.url()).pathname, `${BASE}preemption.html`, "the docs page stayed");
    assert.deepEqual(errors, []);
    await context.close();
    await screenshots(env.browser, `${server.url}handbook/preemption.html`, "vitepress");
    t.diagnostic(`vitepress: build and checks ${Date.now() - started} ms`);
  } finally {
    await server.close();
  }
});

// MkDocs, or null (and the test skipped, loudly) where setup could not install it.
function mkdocs(t) {
  if (existsSync(MKDOCS)) return MKDOCS;
  const why = "MkDocs is not installed in build/mkdocs-venv (scripts/setup.sh installs it from PyPI; was PyPI out of reach?)";
  process.stderr.write(`\nsites.test.mjs: SKIPPING the MkDocs site: ${why}\n\n`);
  t.skip(why);
  return null;
}

/**
 * Builds tests/sites/mkdocs with its config file (mkdocs.yml, or material.yml
 * for Material for MkDocs) and serves it; returns the server. The server
 * starts first: Material's instant navigation needs site_url, set from it.
 */
async function mkdocsSite(t, config, label) {
  const server = await serveSite(join(SITES, `${label}-out`));
  const env = { ...process.env, SITE_URL: `${server.url}${BASE.slice(1)}` };
  const { ms } = await buildSite(
    "mkdocs",
    "docs",
    (source, dest) => run(mkdocs(t), ["build", "--strict", "--quiet", "-f", join(source, config), "-d", dest], { env }),
    label,
  );
  t.diagnostic(`${label} build: ${ms} ms`);
  return server;
}

test("sites: an MkDocs site (directory URLs, the theme's keyboard shortcuts) with three embeds", async (t) => {
  if (!mkdocs(t)) return;
  const started = Date.now();
  const server = await mkdocsSite(t, "mkdocs.yml", "mkdocs");
  try {
    const { page, errors, context } = await openPage(env.browser, `${server.url}handbook/preemption/`, { colorScheme: "light" });
    await checkEmbeds(page, "mkdocs", server.url);
    // The mkdocs theme's shortcuts: n and p go to the next and previous page, s opens the search.
    await typeInEditor(page, "mkdocs", "\n# n p s ? next, previous, search\n");
    assert.equal(await page.locator("#mkdocs_search_modal.show").count(), 0, "the search dialog stayed closed");
    assert.deepEqual(errors, []);
    await context.close();
    await screenshots(env.browser, `${server.url}handbook/preemption/`, "mkdocs");
    t.diagnostic(`mkdocs: build and checks ${Date.now() - started} ms`);
  } finally {
    await server.close();
  }
});

test("sites: the MkDocs site with Material for MkDocs: instant navigation, its keyboard shortcuts", async (t) => {
  if (!mkdocs(t)) return;
  const started = Date.now();
  const server = await mkdocsSite(t, "material.yml", "material");
  try {
    const { page, errors, context } = await openPage(env.browser, `${server.url}handbook/`, { colorScheme: "light" });
    // Instant navigation starts once Material has read the sitemap.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => (window.samePage = true));
    await page.locator("article a", { hasText: "preemption page" }).click();
    await page.waitForURL(/preemption\/$/);
    await checkEmbeds(page, "mkdocs", server.url);
    assert.equal(await page.evaluate(() => window.samePage), true, "the navigation was Material's instant one");
    // Material's shortcuts: f, s and / open the search, n and p go to the next and previous page
    // (Material looks for the focused field inside shadow roots itself; checked all the same).
    await typeInEditor(page, "mkdocs", "\n# f s / n p\n");
    assert.equal(await page.locator("#__search").isChecked(), false, "the search stayed closed");
    assert.deepEqual(errors, []);
    await context.close();
    await screenshots(env.browser, `${server.url}handbook/preemption/`, "material");
    t.diagnostic(`material: build and checks ${Date.now() - started} ms`);
  } finally {
    await server.close();
  }
});
