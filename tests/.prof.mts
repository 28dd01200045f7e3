import { chromium } from "/work/main/node_modules/playwright-core/index.mjs";
import { readFileSync, readdirSync } from "node:fs";
const flags = ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync","--disable-dev-shm-usage", ...(process.env.EXTRA??"").split(" ").filter(Boolean)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags, headless: true });
function chromeCpu() { let s = 0; for (const p of readdirSync("/proc")) { if (!/^\d+$/.test(p)) continue; try { const st = readFileSync(`/proc/${p}/stat`, "utf8"); if (!st.includes("(chromium") && !st.includes("(chrome")) continue; const f = st.slice(st.lastIndexOf(")") + 2).split(" "); s += +f[11] + +f[12] + +f[13] + +f[14]; } catch {} } return s / 100; }
const ctx = await browser.newContext({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: Number(process.env.DSF ?? 2), locale: "pt-AO" });
const paths = (process.env.PATHS ?? "/,/about,/contact,/login,/collection").split(",");
for (const round of [1, 2]) for (const p of paths) {
  const c0 = chromeCpu(); const t0 = performance.now();
  const page = await ctx.newPage();
  await page.goto(p.startsWith("about") || p.startsWith("data") ? p : `http://127.0.0.1:4567${p}`, { waitUntil: "load" });
  const c1 = chromeCpu(); const t1 = performance.now();
  await page.waitForTimeout(2000);
  const c2 = chromeCpu();
  await page.close();
  console.log(round, p.padEnd(12), "load", (t1 - t0).toFixed(0), "ms cpu", (c1 - c0).toFixed(2), " idle2s cpu", (c2 - c1).toFixed(2));
}
await browser.close();
