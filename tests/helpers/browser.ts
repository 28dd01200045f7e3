// Chromium for end-to-end tests: Debian's packages driven by playwright-core (never a downloaded browser).
// The e2e global setup starts one for the whole run (tests/helpers/e2e.ts connects to it). Without a browser the
// e2e suites skip with a printed reason, except where E2E_REQUIRED=1 (CI) makes it a failure.
// The tests prefer Chromium's headless shell (Debian's chromium-headless-shell, the browser Playwright itself runs
// headless tests in): the same Blink and V8 without the full browser around them, ~0.65× the machine CPU for the
// same browser files (docs/design/testing.md#the-browser). The bench's first-screen figures keep the full browser,
// the one shoppers run.
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

export const NO_BROWSER = "[e2e] skipped: no Chromium found (install Debian's chromium-headless-shell or chromium, or set CHROME_PATH)";

const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const firstPresent = (candidates: (string | undefined)[]) => candidates.find((c): c is string => Boolean(c) && existsSync(c!));

/** The full browser (the bench's first-screen figures): CHROME_PATH, else the system Chromium. */
export function chromiumPath(): string | undefined {
  return firstPresent([process.env.CHROME_PATH, ...FULL_BROWSERS]);
}

/** The browser the e2e tests drive: CHROME_PATH, else the headless shell, else the full browser. */
export function testBrowserPath(): string | undefined {
  return firstPresent([process.env.CHROME_PATH, "/usr/bin/chromium-headless-shell", ...FULL_BROWSERS]);
}

/**
 * Starts Chromium as a server that every test file connects to (each in browser contexts of its own).
 * Undefined, with the reason printed, where there is no Chromium; an error instead where E2E_REQUIRED=1.
 */
export async function launchBrowserServer(): Promise<BrowserServer | undefined> {
  const executablePath = testBrowserPath();
  if (executablePath) return chromium.launchServer({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  if (process.env.E2E_REQUIRED === "1")
    throw new Error("E2E_REQUIRED=1 but no Chromium was found (install Debian's chromium-headless-shell or chromium, or set CHROME_PATH)");
  console.warn(NO_BROWSER);
  return undefined;
}
