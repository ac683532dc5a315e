// Serves the built page (web/dist) on loopback and drives Debian's chromium
// through playwright-core. Never downloads a browser.
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

import { after, before } from "node:test";

import { launchChromium } from "../../scripts/chromium.mjs";

const root = new URL("../../web/dist/", import.meta.url).pathname;
export const outputDir = new URL("../../test-output/", import.meta.url).pathname;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** Starts a static server for web/dist; returns {url, close, requests}. */
export async function serve() {
  if (!existsSync(join(root, "index.html"))) throw new Error("web/dist is missing: run npx vite build first");
  const requests = [];
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    requests.push(path);
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((r) => server.close(r)) };
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
