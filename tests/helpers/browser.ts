// Chromium for end-to-end tests: Debian's package driven by playwright-core (never a downloaded browser).
// The e2e global setup starts one for the whole run (tests/helpers/e2e.ts connects to it). Without a browser the
// e2e suites skip with a printed reason, except where E2E_REQUIRED=1 (CI) makes it a failure.
import { existsSync } from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export const NO_BROWSER = "[e2e] skipped: no Chromium found (install Debian's chromium or set CHROME_PATH)";

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c!));
}

/**
 * Starts Chromium as a server that every test file connects to (each in browser contexts of its own).
 * Undefined, with the reason printed, where there is no Chromium; an error instead where E2E_REQUIRED=1.
 */
export async function launchBrowserServer(): Promise<BrowserServer | undefined> {
  const executablePath = chromiumPath();
  if (executablePath) return chromium.launchServer({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  if (process.env.E2E_REQUIRED === "1")
    throw new Error("E2E_REQUIRED=1 but no Chromium was found (install Debian's chromium or set CHROME_PATH)");
  console.warn(NO_BROWSER);
  return undefined;
}
