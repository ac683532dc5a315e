// The playground offline: the service worker keeps the build after a first
// visit, the page then loads and simulates with no network, and a new build
// replaces the old cache once the page has said so (docs/offline.md).
import assert from "node:assert/strict";
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { test } from "node:test";

import { listFiles, writeServiceWorker } from "../../scripts/service-worker.mjs";
import { chooseExample, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const dist = new URL("../../web/dist/", import.meta.url).pathname;
const gallery = JSON.parse(readFileSync(new URL("../../web/examples/gallery.json", import.meta.url), "utf8"));
const env = useBrowser();

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

// The files the main build wrote (the embed build adds embed/ later, which
// sw.js leaves to the network).
const mainBuild = (dir) => listFiles(dir).filter((file) => !file.startsWith("embed/"));

/** Copies the main build into a temporary folder; returns its path. */
function copyBuild() {
  const dir = mkdtempSync(join(tmpdir(), "podsim-offline-"));
  cpSync(dist, dir, { recursive: true, filter: (path) => path !== join(dist, "embed") });
  return dir;
}

/**
 * Serves dir under base on loopback, with GitHub Pages' ten minutes of HTTP
 * caching; a file changed in dir is served changed (once the HTTP cache lets
 * it). Returns {url, close}.
 */
async function serveFolder(dir, base = "/podsim/") {
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    if (!path.startsWith(base)) {
      res.writeHead(404).end("not found");
      return;
    }
    let file = join(dir, normalize(decodeURIComponent(path.slice(base.length))).replace(/^(\.\.[/\\])+/, ""));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "max-age=600" });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}${base}`, close };
}

// The service worker has installed every file and runs the page.
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

const cacheNames = (page) => page.evaluate(() => caches.keys());

// Records what the page and its engine worker load from now on, and whether
// the service worker answered (not the network, nor the HTTP cache).
function recordResponses(page) {
  const responses = [];
  page.on("response", (r) => responses.push({ url: r.url(), fromServiceWorker: r.fromServiceWorker() }));
  return responses;
}

function assertAllCached(responses) {
  const urls = responses.map((r) => r.url);
  for (const pattern of [/\/(\?.*)?$/, /\/index-.*\.js$/, /\/index-.*\.css$/, /\/engine-worker-.*\.js$/, /\.wasm$/]) {
    assert.ok(urls.some((url) => pattern.test(url)), `nothing loaded matches ${pattern}: ${urls.join(", ")}`);
  }
  assert.deepEqual(responses.filter((r) => !r.fromServiceWorker).map((r) => r.url), [], "loaded without the service worker");
}

const firstVerdict = (page) => page.locator(".attempt .verdict").first().textContent();

/** Returns the {version, files} a build's sw.js precaches. */
function precacheOf(dir) {
  return JSON.parse(/^const PRECACHE = (.*);$/m.exec(readFileSync(join(dir, "sw.js"), "utf8"))[1]);
}

// Picks a gallery example and waits for its first expected verdict.
async function pickExample(page, example) {
  await chooseExample(page, example.id);
  await settled(page);
  const name = example.expect[0].pod.replace(/^default\//, "");
  await page.waitForFunction((n) => document.querySelector(".attempt .verdict")?.textContent.startsWith(n), name);
}

test("offline: sw.js precaches every file of the build, under a version of their contents", () => {
  const precache = precacheOf(dist);
  assert.deepEqual(precache.files, mainBuild(dist));
  for (const pattern of [/^index\.html$/, /^assets\/index-.*\.js$/, /^assets\/index-.*\.css$/, /^assets\/engine-worker-.*\.js$/, /^assets\/podsim-.*\.wasm$/]) {
    assert.ok(precache.files.some((file) => pattern.test(file)), `no file matches ${pattern}`);
  }
  assert.match(precache.version, /^[0-9a-f]{16}$/);
  const dir = copyBuild();
  try {
    assert.equal(writeServiceWorker(dir).version, precache.version, "the same files make the same version");
    // One byte of the engine, flipped in place (same name, same size).
    const wasm = join(dir, precache.files.find((file) => file.endsWith(".wasm")));
    const bytes = readFileSync(wasm);
    bytes[bytes.length >> 1] ^= 1;
    writeFileSync(wasm, bytes);
    assert.notEqual(writeServiceWorker(dir).version, precache.version, "one changed byte makes another version");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("offline: after the first visit, the page loads and simulates with the network off", async () => {
  const { page, errors, context } = await openPage(env.browser, env.server.url);
  await settled(page);
  await controlled(page);
  assert.equal(await page.locator(".update-notice").count(), 0, "a first visit says nothing");
  const names = await cacheNames(page);
  assert.equal(names.length, 1, names.join(", "));
  assert.equal(names[0], `podsim ${env.server.url} ${precacheOf(dist).version}`);

  const seen = env.server.requests.length;
  await context.setOffline(true);
  const responses = recordResponses(page);
  await page.reload();
  await settled(page);
  assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
  const example = gallery.find((e) => e.id === "profiles-terminating-pod");
  await pickExample(page, example);
  assert.equal(await firstVerdict(page), "web → nominated node-a, evicting 1 pod: old-web");
  assert.equal(await page.locator("#lesson").textContent(), example.lesson);
  await screenshot(page, "30-offline-network-off");
  assertAllCached(responses);
  assert.deepEqual(env.server.requests.slice(seen), [], "nothing reached the server");
  assert.deepEqual(errors, []);
  await context.close();
});

test("offline: with its server stopped, the page at a sub-path loads, simulates and embeds", async () => {
  const dir = copyBuild();
  const server = await serveFolder(dir);
  try {
    const { page, errors, context } = await openPage(env.browser, server.url);
    await settled(page);
    await controlled(page);
    assert.deepEqual(await cacheNames(page), [`podsim ${server.url} ${precacheOf(dir).version}`], "one cache, named for the sub-path");
    // What the build does not hold (the embed build's files, missing files)
    // goes to the network untouched.
    mkdirSync(join(dir, "embed"));
    writeFileSync(join(dir, "embed", "probe.txt"), "from the network");
    const probe = (path) => page.evaluate((p) => fetch(p).then(async (r) => `${r.status} ${await r.text()}`), path);
    assert.equal(await probe("./embed/probe.txt"), "200 from the network");
    assert.equal(await probe("./missing.js"), "404 not found");
    assert.deepEqual(errors.splice(0), ["Failed to load resource: the server responded with a status of 404 (Not Found)"]);

    await server.close();
    const responses = recordResponses(page);
    await page.reload();
    await settled(page);
    await page.getByRole("tab", { name: /Pending/ }).click();
    await page.locator(".editor:not([hidden]) .cm-content").click();
    await page.keyboard.press("Control+f");
    const panel = page.locator(".editor:not([hidden]) .cm-search");
    await panel.locator("input[name=search]").fill("critical");
    await panel.locator("input[name=replace]").fill("batch");
    await panel.locator("button[name=replaceAll]").click();
    await page.keyboard.press("Escape");
    await settled(page);
    await page.waitForFunction(() => document.querySelector(".attempt .verdict")?.textContent.includes("cannot be scheduled"));
    assert.equal(await firstVerdict(page), "payments-api → cannot be scheduled");
    await screenshot(page, "31-offline-server-stopped");

    await page.goto(`${server.url}?embed&readonly`);
    await settled(page);
    assert.ok(await page.locator("body.embed").count(), "the embed mode of the cached page");
    assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
    assertAllCached(responses);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("offline: a new build replaces the old cache, and the page says so", async () => {
  const dir = copyBuild();
  const server = await serveFolder(dir);
  try {
    const { page, errors, context } = await openPage(env.browser, server.url);
    await settled(page);
    await controlled(page);
    const [old] = await cacheNames(page);

    // The next version: other content, and sw.js regenerated as the build does.
    const html = readFileSync(join(dir, "index.html"), "utf8");
    writeFileSync(join(dir, "index.html"), html.replace("</head>", '  <meta name="podsim-test" content="v2" />\n  </head>'));
    const { version } = writeServiceWorker(dir);
    const next = `podsim ${server.url} ${version}`;
    assert.notEqual(next, old);

    // The old version still runs the page; the new one installs and waits.
    await page.reload();
    await settled(page);
    const notice = page.locator(".update-notice");
    await notice.waitFor({ timeout: 20000 });
    assert.equal(await notice.locator("span").textContent(), "podsim was updated. Reload to use the new version.");
    assert.equal(await page.locator("meta[name=podsim-test]").count(), 0);
    assert.deepEqual((await cacheNames(page)).sort(), [old, next].sort());
    await screenshot(page, "32-offline-update-notice");
    await page.getByRole("button", { name: "Toggle dark mode" }).click();
    await screenshot(page, "33-offline-update-notice-dark");
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, "34-offline-update-notice-phone");

    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Reload" }).click()]);
    await settled(page);
    assert.equal(await page.locator("meta[name=podsim-test]").count(), 1, "the new version runs the page");
    assert.equal(await page.locator(".update-notice").count(), 0);
    assert.deepEqual(await cacheNames(page), [next], "the old cache is gone");

    // And the new version is the one kept for offline use.
    await server.close();
    await page.reload();
    await settled(page);
    assert.equal(await page.locator("meta[name=podsim-test]").count(), 1);
    assert.equal(await firstVerdict(page), "payments-api → nominated node-a, evicting 2 pods: report-1, report-2");
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
