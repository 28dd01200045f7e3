// Measures the console's production build in Chromium on this machine: a cold load of /admin/ until the
// login form is usable (the first screen), the JavaScript it needed, and the sign-in until the dashboard shows.
// Run: npx tsx tests/bench/console-first-screen.ts   (builds the apps if stale, starts a shop on a free port)
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "../helpers/browser.ts";
import { median, withBenchShop } from "./shop.ts";

const RUNS = 5;
const ADMIN = { email: "admin@loja.local", password: "bench-admin-password-1" };

/** Measures the console's first screen; `npm run bench` calls it, `npx tsx` on this file runs it alone. */
export default function consoleFirstScreen() {
  return withBenchShop("console", { DEMO_ADMIN_PASSWORD: ADMIN.password }, async (shop, executablePath) => {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
    const firstScreen: number[] = [];
    const dashboard: number[] = [];
    let loginJs = 0;
    let appJs = 0;
    try {
      for (let i = 0; i < RUNS; i++) {
        // A fresh context each run: empty cache, no session, as a first visit.
        const context = await browser.newContext();
        const page = await context.newPage();
        let js = 0;
        page.on("response", async (r) => {
          if (r.request().resourceType() === "script")
            js += Number(r.headers()["content-length"] ?? (await r.body().catch(() => Buffer.alloc(0))).length);
        });
        const started = Date.now();
        await page.goto(`${shop.url}/admin/`);
        await page.locator("#email").waitFor();
        firstScreen.push(Date.now() - started);
        loginJs = js;
        await page.locator("#email").fill(ADMIN.email);
        await page.locator("#password").fill(ADMIN.password);
        const signIn = Date.now();
        await page.getByRole("button", { name: "Entrar" }).click();
        await page.getByText("Receita deste mês").waitFor({ timeout: 60_000 });
        dashboard.push(Date.now() - signIn);
        appJs = js - loginJs;
        await context.close();
      }
    } finally {
      await browser.close();
    }
    console.log(
      `console first screen (login form usable, cold cache), median of ${RUNS}: ${median(firstScreen)} ms  [${firstScreen.join(", ")}]`,
    );
    console.log(`  JavaScript for the login screen: ${(loginJs / 1024).toFixed(0)} KiB over the wire`);
    console.log(`sign-in to dashboard shown (loads react-admin lazily), median: ${median(dashboard)} ms  [${dashboard.join(", ")}]`);
    console.log(`  JavaScript loaded after sign-in: ${(appJs / 1024).toFixed(0)} KiB over the wire`);
    return {
      firstScreenMs: median(firstScreen),
      loginJsKiB: Math.round(loginJs / 1024),
      dashboardMs: median(dashboard),
      appJsKiB: Math.round(appJs / 1024),
    };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await consoleFirstScreen();
