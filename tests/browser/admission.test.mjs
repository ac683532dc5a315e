// Admission on the page (#31): the gallery's LimitRange example shows, under
// each admitted pod's first attempt, which LimitRange gave it its requests,
// and the pods preempt because of them; with the LimitRange elsewhere they fit.
// The RuntimeClass example narrows the candidates to the sandbox nodes; the
// quota example shows the creations a ResourceQuota refused.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chooseExample, openPage, replaceWord, screenshot, settled, useBrowser } from "./harness.mjs";

const env = useBrowser();

test("admission: the LimitRange example names the LimitRange under each api pod, and moving it to another namespace removes the preemptions", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  try {
    await settled(page);
    await chooseExample(page, "limitrange-defaults");
    await settled(page);
    const first = page.locator(".attempt").first();
    assert.match(await first.locator(".verdict").textContent(), /^shop\/api-679b77db9c-\w+ → nominated node-\w, evicting 1 pod: batch\/etl-\d$/);
    const notes = page.locator(".attempt .admission li");
    assert.equal(await notes.count(), 2, "one note per api pod, at its first attempt");
    assert.equal(
      await notes.first().textContent(),
      "LimitRange shop/container-defaults set cpu 1500m, memory 256Mi request for container api; cpu 2, memory 512Mi limit for container api",
    );
    await screenshot(page, "admission-limitrange");

    // The LimitRange moved to another namespace: the api pods ask for
    // nothing and fit at once.
    await page.getByRole("tab", { name: /^Other/ }).click();
    await replaceWord(page, "container-defaults, namespace: shop", "container-defaults, namespace: staging");
    await page.waitForFunction(() => !document.querySelector(".attempt .admission"), null, { timeout: 20000 });
    await settled(page);
    const verdicts = await page.locator(".attempt .verdict").allTextContents();
    assert.ok(verdicts.length === 2 && verdicts.every((v) => /→ scheduled on node-\w$/.test(v)), verdicts.join(" | "));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("admission: the RuntimeClass example shows the class's overhead, node selector and toleration, and the preemption they cause", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  try {
    await settled(page);
    await chooseExample(page, "runtimeclass-narrows");
    await settled(page);
    const first = page.locator(".attempt").first();
    assert.equal(await first.locator(".verdict").textContent(), "security/scanner → nominated node-g2, evicting 1 pod: batch/untrusted-4");
    assert.equal(
      await first.locator(".admission li").textContent(),
      "RuntimeClass gvisor set overhead cpu 250m, memory 120Mi; node selector sandbox=gvisor; tolerations sandbox=gvisor:NoSchedule",
    );
    await screenshot(page, "admission-runtimeclass");
    // Without the class the pod goes to node-a, which has room.
    await page.getByRole("tab", { name: /^Pending/ }).click();
    await replaceWord(page, "runtimeClassName: gvisor", "# runtimeClassName: gvisor");
    await page.waitForFunction(() => !document.querySelector(".attempt .admission"), null, { timeout: 20000 });
    await settled(page);
    assert.equal(await page.locator(".attempt .verdict").first().textContent(), "security/scanner → scheduled on node-a");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("admission: the quota example shows the ReplicaSet's refused creations, and a larger quota lets every trainer pod preempt", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  try {
    await settled(page);
    await chooseExample(page, "quota-caps-preemption");
    await settled(page);
    const nominated = async () => (await page.locator(".attempt .verdict").allTextContents()).filter((v) => / → nominated /.test(v));
    assert.equal((await nominated()).length, 2, "two trainer pods preempt");
    const refused = page.locator(".workloads-panel .failed-create");
    assert.equal(await refused.count(), 1);
    assert.match(
      await refused.textContent(),
      /^FailedCreate ×3: Error creating: pods "trainer-64f84bcf5c-\w{5}" is forbidden: exceeded quota: urgent-pods, requested: pods=1, used: pods=2, limited: pods=2$/,
    );
    await refused.scrollIntoViewIfNeeded();
    await screenshot(page, "admission-quota");

    // A quota of 4 urgent pods: all four are created and preempt.
    await page.getByRole("tab", { name: /^Other/ }).click();
    await replaceWord(page, 'hard: {pods: "2"', 'hard: {pods: "4"');
    await page.waitForFunction(() => !document.querySelector(".workloads-panel .failed-create"), null, { timeout: 20000 });
    await settled(page);
    assert.equal((await nominated()).length, 4, (await nominated()).join(" | "));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
