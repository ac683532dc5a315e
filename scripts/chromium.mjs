// Launches Debian's chromium through playwright-core, headless; never a
// downloaded browser. Shared by the browser tests and the benchmark.
import { existsSync } from "node:fs";

import { chromium } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

export function hasChromium() {
  return existsSync(chromiumPath);
}

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
