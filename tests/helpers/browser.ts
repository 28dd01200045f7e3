// Chromium for end-to-end tests: Debian's package driven by playwright-core (never a downloaded browser).
// Without a browser the e2e suites skip with a printed reason, except where E2E_REQUIRED=1 (CI) makes it a failure.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c!));
}

/** Whether e2e tests can run here; prints why not when they cannot. */
export function browserAvailable(): boolean {
  if (chromiumPath()) return true;
  if (process.env.E2E_REQUIRED === "1")
    throw new Error("E2E_REQUIRED=1 but no Chromium was found (install Debian's chromium or set CHROME_PATH)");
  console.warn("[e2e] skipped: no Chromium found (install Debian's chromium or set CHROME_PATH)");
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("No Chromium found");
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}
