// Runs the WebAssembly benchmark in Chromium: a loopback server sends a
// cross-origin-isolated page (so performance.now() ticks in 5 microseconds,
// not 100), the bench module built for the web, and the scenario; the page
// writes the scenario into the module's file system and calls main.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

import { launchChromium } from "../scripts/chromium.mjs";

const ISOLATED = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/**
 * Starts the server and the browser. Returns {version, run(file), close()};
 * run resolves to the benchmark's JSON line, parsed, from a fresh page.
 */
export async function openBrowserBench(program) {
  let scenario = "";
  const server = createServer((req, res) => {
    const send = (type, body) => {
      res.writeHead(200, { ...ISOLATED, "Content-Type": type });
      res.end(body);
    };
    if (req.url === "/") return send("text/html", "<!doctype html><title>podsim benchmark</title>");
    if (req.url === "/bench.js") return send("text/javascript", readFileSync(program));
    if (req.url === "/scenario.json") return send("application/json", readFileSync(scenario));
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  return {
    version: browser.version(),
    async run(file) {
      scenario = file;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        if (!(await page.evaluate(() => self.crossOriginIsolated))) {
          throw new Error("the benchmark page is not cross-origin isolated: its timer would be coarse");
        }
        await page.addScriptTag({ url: `${origin}/bench.js` });
        const out = await page.evaluate(async () => {
          const text = new Uint8Array(await (await fetch("/scenario.json")).arrayBuffer());
          const lines = [];
          const bench = await globalThis.loadBench({ print: (l) => lines.push(l), printErr: (l) => lines.push(l) });
          bench.FS.writeFile("/scenario.json", text);
          const status = bench.callMain(["/scenario.json"]);
          return { status, lines };
        });
        if (out.status !== 0) throw new Error(`benchmark page exited with ${out.status}: ${out.lines.join("\n")}`);
        return JSON.parse(out.lines.at(-1));
      } finally {
        await context.close();
      }
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
