// Names from YAML are untrusted, and so is a shared link: payloads must
// render as inert text, and the page's CSP must refuse inline script.
import assert from "node:assert/strict";
import { test } from "node:test";

import { encodeShare } from "../../web/src/model/share.js";
import { openPage, screenshot, settled, useBrowser } from "./harness.mjs";

const PAYLOADS = [
  `<img src=x onerror="window.__pwned=1">`,
  `<script>window.__pwned=1</script>`,
  `"><svg onload="window.__pwned=1">`,
];

const SCENARIO = `apiVersion: v1
kind: Node
metadata:
  name: '${PAYLOADS[0]}'
status: {allocatable: {cpu: "1", pods: "10"}}
---
apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels: {team: '${PAYLOADS[2]}'}
status: {allocatable: {cpu: "1", pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: '${PAYLOADS[1]}'}}
spec:
  priorityClassName: '${PAYLOADS[1]}'
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: default}
spec:
  nodeSelector: {zone: '${PAYLOADS[2]}'}
  containers: [{name: c, resources: {requests: {cpu: 100m}}}]
`;

const env = useBrowser();

async function assertInert(page) {
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "a payload ran");
  const injected = await page.evaluate(
    () => document.querySelectorAll("#result-body img, #result-body svg, #result-body script, #diagnostics img, #diagnostics svg, #diagnostics script").length,
  );
  assert.equal(injected, 0, "markup from the scenario became elements");
  const text = await page.locator("#diagnostics").textContent();
  assert.ok(text.includes(PAYLOADS[0]), "the payload shows as text");
  assert.ok(text.includes("<script>window.__pwned=1</script>"));
}

test("xss: payloads in names, classes and labels render as inert text", async () => {
  const { page, errors, context } = await openPage(env.browser, env.server.url);
  await settled(page);
  await page.getByRole("tab", { name: "All" }).click();
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(SCENARIO);
  await page.keyboard.press("Control+Enter");
  await settled(page);
  await page.waitForSelector(".diagnostic.error");
  await assertInert(page);
  // The scenario has errors, so the last good result stays, dimmed.
  assert.equal(await page.locator("#result-body.stale").count(), 1);
  await screenshot(page, "08-xss-editor");
  assert.deepEqual(errors.filter((e) => !e.includes("Content Security Policy")), []);
  await context.close();
});

test("xss: the same payloads through a share link stay inert", async () => {
  const fragment = await encodeShare({ scenario: SCENARIO, profile: `v1.14<img src=x onerror="window.__pwned=1">` });
  const { page, context } = await openPage(env.browser, `${env.server.url}#${fragment}`);
  await settled(page);
  await page.waitForSelector(".diagnostic.error");
  await assertInert(page);
  // The profile in the link is shown in the banner, as text.
  assert.match(await page.locator("#banner").textContent(), /asks for the "v1\.14<img src=x/);
  assert.equal(await page.locator("#banner img").count(), 0);
  await screenshot(page, "09-xss-link");
  await context.close();
});

test("xss: the Content-Security-Policy forbids inline script", async () => {
  const { page, context } = await openPage(env.browser, env.server.url);
  await settled(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  assert.match(policy, /script-src 'self'(;|$)/);
  assert.doesNotMatch(policy, /unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-inline/);
  const ran = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inline = 1";
    document.body.append(s);
    return window.__inline;
  });
  assert.equal(ran, undefined);
  await context.close();
});

test("xss: payloads in a pasted dump render as inert text in the Cluster panel", async () => {
  // A kubectl List past the size that makes it a dump (16 KiB).
  const node = (name, labels) => ({ apiVersion: "v1", kind: "Node", metadata: { name, labels }, status: { allocatable: { cpu: "4", pods: "110" } } });
  const items = [node(PAYLOADS[0], { team: PAYLOADS[2] })];
  for (let i = 0; i < 200; i++) items.push(node(`node-${i}`, { zone: PAYLOADS[1] }));
  const dump = JSON.stringify({ apiVersion: "v1", kind: "List", items }, null, 2);
  const { page, errors, context } = await openPage(env.browser, env.server.url);
  await settled(page);
  await page.locator(".editor:not([hidden]) .cm-content").click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), dump);
  await page.keyboard.press("Control+v");
  await page.waitForSelector(".cluster-panel", { timeout: 20000 });
  // The engine refuses the name, and says so: the message quotes it.
  assert.ok((await page.locator(".problem-list").textContent()).includes(`invalid name "${PAYLOADS[0]}"`));
  await page.locator("#cluster-search").fill("<script>");
  await page.waitForFunction(() => /of 200 matching/.test(document.querySelector(".pager")?.textContent));
  assert.ok((await page.locator(".cluster-object").first().textContent()).includes(`zone=${PAYLOADS[1]}`));
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "a payload ran");
  assert.equal(await page.locator("#cluster img, #cluster svg, #cluster script").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
