// Serves the built page (web/dist) on loopback and drives Debian's chromium
// through playwright-core. Never downloads a browser.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

import { after, before } from "node:test";

import { launchChromium } from "../../scripts/chromium.mjs";
import { PAGE_ROOT, serve as servePage } from "../../wasm/serve.mjs";

export const outputDir = new URL("../../test-output/", import.meta.url).pathname;

/**
 * Starts the package's static server (podsim serve) for root (default
 * web/dist) on a free loopback port; returns {url, close, requests}.
 * options.headers are added to every response.
 */
export async function serve(root = PAGE_ROOT, options = {}) {
  if (!existsSync(join(root, "index.html"))) throw new Error(`${root} has no index.html: run bash scripts/build.sh web first`);
  const requests = [];
  const served = await servePage({ ...options, root, port: 0, onRequest: (path) => requests.push(path) });
  return { url: served.url, requests, close: served.close };
}

/** Content types of the files the test servers send. */
export const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".yaml": "application/yaml; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/**
 * The reply for path under root (a folder's index.html for a folder), for
 * startServer's route: {type, body, headers}, or null when there is no such file.
 */
export function fileReply(root, path, headers = {}) {
  let file = normalize(join(root, path));
  if (!file.startsWith(root) || !existsSync(file)) return null;
  if (statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) return null;
  return { type: TYPES[extname(file)] ?? "application/octet-stream", body: readFileSync(file), headers };
}

/**
 * Starts a loopback server whose route(path, query) returns {type, body,
 * headers} or null; returns {url, requests, close}.
 */
export async function startServer(route) {
  const requests = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const path = decodeURIComponent(url.pathname);
    requests.push(path);
    const reply = route(path, url.searchParams);
    if (!reply) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": reply.type, "cache-control": "no-store", ...reply.headers });
    res.end(reply.body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export async function launch() {
  mkdirSync(outputDir, { recursive: true });
  return launchChromium();
}

/** Opens a fresh page (own context: own storage) and collects its errors. */
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, ...options });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => {});
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("dialog", (d) => {
    errors.push(`unexpected dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.goto(url);
  return { page, context, errors };
}

/** Waits until the status line reports a finished run. */
export async function settled(page) {
  await page.waitForFunction(() => {
    const status = document.getElementById("status");
    return !document.body.classList.contains("busy") && status.textContent.trim() !== "";
  }, null, { timeout: 20000 });
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(outputDir, `${name}.png`), fullPage: false });
}

/**
 * Registers before/after hooks that start the server and the browser for a
 * test file. Returns an object whose server and browser fields are set once
 * the hooks have run.
 */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await serve();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * Registers before/after hooks that write bench/gen.mjs's small YAML dump
 * (100 nodes, 2,000 pods, kubectl-shaped) into a temporary folder. Returns an
 * object whose path field is set once the hook has run.
 */
export function useSmallDump() {
  const dump = { dir: null, path: null };
  before(() => {
    dump.dir = mkdtempSync(join(tmpdir(), "podsim-dump-"));
    execFileSync(process.execPath, [
      new URL("../../bench/gen.mjs", import.meta.url).pathname,
      ...["--dumps", "--sizes", "small", "--formats", "yaml", "--out", dump.dir],
    ]);
    dump.path = join(dump.dir, "dump-small.yaml");
  });
  after(() => rmSync(dump.dir, { recursive: true, force: true }));
  return dump;
}

/** A pod to lay over the small dump: above its classes, it preempts for 6 cpu. */
export const URGENT = `apiVersion: v1
kind: Pod
metadata: {name: urgent-report, namespace: default}
spec:
  priorityClassName: high
  containers: [{name: c, resources: {requests: {cpu: "6", memory: 1Gi}}}]
`;

/** The text of the first verdict on the page. */
export const firstVerdict = (page) => page.locator(".attempt .verdict").first().textContent();
/** The editor of the selected tab. */
export const visibleEditor = (page) => page.locator(".editor:not([hidden]) .cm-content");

/** Replaces every match of word in the visible editor with CodeMirror's search panel, as a person would. */
export async function replaceWord(page, word, replacement) {
  await visibleEditor(page).click();
  await page.keyboard.press("Control+f");
  const panel = page.locator(".editor:not([hidden]) .cm-search");
  await panel.locator("input[name=search]").fill(word);
  await panel.locator("input[name=replace]").fill(replacement);
  await panel.locator("button[name=replaceAll]").click();
  await page.keyboard.press("Escape");
}

// Drops files from disk on the editor at once, as a person drags a
// selection from their file manager.
export async function dropFiles(page, paths) {
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.type = "file";
    input.multiple = true;
    input.id = "test-drop-source";
    input.hidden = true;
    document.body.append(input);
  });
  await page.setInputFiles("#test-drop-source", paths);
  await page.evaluate(() => {
    const input = document.getElementById("test-drop-source");
    const data = new DataTransfer();
    for (const file of input.files) data.items.add(file);
    input.remove();
    const target = document.querySelector(".editor:not([hidden]) .cm-content");
    for (const type of ["dragenter", "dragover", "drop"]) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  });
}

export async function clusterShown(page) {
  await page.waitForSelector(".cluster-panel", { timeout: 60000 });
  await page.waitForFunction(() => /over the cluster/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  await settled(page);
}

/** Opens the gallery (Examples) and chooses the example id, as a person would. */
export async function chooseExample(page, id) {
  await page.locator("#examples-button").click();
  await page.locator(`#examples [data-example="${id}"]`).click();
}

/** Returns the id of the gallery's example the editors hold ("": none). */
export async function shownExample(page) {
  return (await page.locator("#examples").getAttribute("data-shown")) ?? "";
}

/** Clicks a button of a header menu (Export, Compare), opening the menu first when it is closed. */
export async function fromMenu(page, selector) {
  const item = page.locator(selector);
  if (!(await item.isVisible())) {
    const menu = await item.evaluate((el) => el.closest(".menu-list").id);
    await page.locator(`[aria-controls="${menu}"]`).click();
  }
  await item.click();
}
