// The iframe embed (#17 item 8): the Embed dialog's options (caption,
// panels, theme, height, grow to fit), the frame in a host page (editors
// collapsed above the result, the height it reports, the options applied),
// and Open in playground carrying the reader's edits.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";

import { decodeShare } from "../../web/src/model/share.js";
import { firstVerdict, fromMenu, openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

const CAPTION = "node-a wins: its victims have the lowest priority";

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

/** Serves html as the only page of a docs site on another origin (another port); returns {url, close}. */
async function hostSite(html) {
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref(); // a test that fails before closing it still ends
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Writes an iframe snippet in the playground's Embed dialog with the options this file checks. */
async function writeSnippet() {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await settled(page);
  await fromMenu(page, "#embed");
  await page.locator("#embed-caption").fill(CAPTION);
  await page.locator("input[name=embed-panel][value=picture]").uncheck();
  await page.locator("input[name=embed-panel][value=nodes]").check();
  await page.locator("#embed-theme").selectOption("dark");
  await page.locator("#embed-height").fill("480");
  await page.locator("#embed-height").dispatchEvent("change");
  await page.waitForFunction(() => document.getElementById("embed-snippet").value.includes('height="480"'));
  const snippet = await page.locator("#embed-snippet").inputValue();
  await screenshot(page, "embed-frame-dialog");
  assert.deepEqual(errors, []);
  await context.close();
  return snippet;
}

test("embed frame: the dialog writes the options into the iframe's link, and a script that checks the origin", async () => {
  const snippet = await writeSnippet();
  const src = /src="([^"]+)"/.exec(snippet)[1].replaceAll("&amp;", "&");
  const url = new URL(src);
  assert.equal(url.searchParams.get("panels"), "victims,nodes");
  assert.equal(url.searchParams.get("theme"), "dark");
  assert.ok(url.searchParams.has("embed"));
  assert.match(snippet, / height="480" /);
  assert.match(snippet, / data-podsim-resize><\/iframe>\n<script>/);
  assert.ok(snippet.includes(`e.origin !== ${JSON.stringify(url.origin)}`), snippet);
  const link = await decodeShare(url.hash);
  assert.equal(link.caption, CAPTION);
  assert.match(link.scenario, /name: payments-api/);
});

test("embed frame: in a host page the frame grows to its content, shows the options, and Open in playground carries edits", async () => {
  const snippet = await writeSnippet();
  const site = await hostSite(`<!doctype html><html><body style="margin:0"><h1>Docs</h1><p>Before.</p>${snippet}<p id="after">After.</p></body></html>`);
  const host = await openPage(env.browser, site.url, { viewport: { width: 1000, height: 800 } });
  const iframe = host.page.locator("iframe");
  const frame = host.page.frameLocator("iframe");
  await frame.locator(".attempt .verdict").first().waitFor({ timeout: 30000 });
  const inner = host.page.frames().find((f) => f !== host.page.mainFrame());
  await inner.waitForFunction(() => !document.body.classList.contains("busy") && document.getElementById("status").textContent.trim() !== "");

  // The frame is as tall as its content: nothing to scroll inside it.
  const fits = async () => {
    const [outer, content] = [await iframe.evaluate((f) => f.getBoundingClientRect().height), await inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height))];
    return Math.abs(outer - content) <= 1 ? content : null;
  };
  await host.page.waitForFunction(() => document.querySelector("iframe").style.height !== "");
  const collapsed = await fits();
  assert.ok(collapsed !== null && collapsed !== 480, `frame height follows content (${collapsed})`);

  // The options: caption, panels, theme; the editors one line above the result.
  assert.equal(await frame.locator("#lesson").textContent(), CAPTION);
  assert.equal(await frame.locator("#picture").isHidden(), true);
  assert.equal(await frame.locator("#nodes").isVisible(), true);
  assert.equal(await inner.evaluate(() => document.documentElement.dataset.theme), "dark");
  const bar = await frame.locator("#editor-details summary").boundingBox();
  const status = await frame.locator("#status").boundingBox();
  assert.ok(bar.y < status.y, "the collapsed editors sit above the result");
  await screenshot(host.page, "embed-frame-host");

  // Opening the editors grows the frame.
  await frame.locator("#editor-details summary").click();
  await host.page.waitForFunction((h) => parseFloat(document.querySelector("iframe").style.height) > h + 200, collapsed);
  assert.ok((await fits()) !== null);

  // An edit: the caption goes (it described the original), and the link carries the edit.
  await frame.getByRole("tab", { name: /Pending/ }).click();
  await frame.locator(".editor:not([hidden]) .cm-content").click();
  await host.page.keyboard.press("Control+End");
  await host.page.keyboard.insertText("\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: added-by-reader}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: 100m}}}]\n");
  await inner.waitForFunction(() => document.getElementById("open-playground").href.length > 0 && document.getElementById("lesson").hidden);
  // The link follows after a pause in typing: until then it holds the scenario without the edit.
  const { href, link } = await until(async () => {
    const href = await frame.locator("#open-playground").getAttribute("href");
    const link = await decodeShare(new URL(href).hash).catch(() => null);
    return link?.scenario.includes("added-by-reader") ? { href, link } : null;
  }, "Open in playground to carry the edit");
  assert.equal(link.caption, "");
  assert.equal(new URL(href).search, "", "the playground, not the embed");
  await screenshot(host.page, "embed-frame-edited");
  assert.deepEqual(host.errors, []);
  await host.context.close();
  await site.close();

  // The link opens the edited scenario in the playground.
  const opened = await openPage(env.browser, href);
  await settled(opened.page);
  await opened.page.getByRole("tab", { name: /Pending/ }).click();
  assert.match(await opened.page.locator(".editor:not([hidden]) .cm-content").textContent(), /added-by-reader/);
  assert.match(await firstVerdict(opened.page), /payments-api|added-by-reader/);
  assert.deepEqual(opened.errors, []);
  await opened.context.close();
});

test("embed frame: a share link's caption shows as the lesson until an edit, and old links without one still open", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await settled(page);
  await fromMenu(page, "#embed");
  // The dialog opens with its snippet written; the caption typed, it is written again with it.
  await page.locator("#embed-dialog[open]").waitFor();
  const without = await page.locator("#embed-snippet").inputValue();
  assert.notEqual(without, "");
  await page.locator("#embed-caption").fill(CAPTION);
  await page.waitForFunction((before) => document.getElementById("embed-snippet").value !== before, without);
  const src = /src="([^"]+)"/.exec(await page.locator("#embed-snippet").inputValue())[1].replaceAll("&amp;", "&");
  await context.close();
  const url = new URL(src);
  url.search = "";
  const opened = await openPage(env.browser, url.toString());
  await settled(opened.page);
  assert.equal(await opened.page.locator("#lesson").textContent(), CAPTION);
  assert.deepEqual(errors, []);
  assert.deepEqual(opened.errors, []);
  await opened.context.close();
});
