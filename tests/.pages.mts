import { chromium } from "/work/main/node_modules/playwright-core/index.mjs";
import { readFileSync, readdirSync } from "node:fs";
const flags = ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync","--disable-dev-shm-usage", ...(process.env.EXTRA??"").split(" ").filter(Boolean)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags, headless: true });
function chromeCpu() { let s = 0; for (const p of readdirSync("/proc")) { if (!/^\d+$/.test(p)) continue; try { const st = readFileSync(`/proc/${p}/stat`, "utf8"); if (!st.includes("(chromium") && !st.includes("(chrome")) continue; const f = st.slice(st.lastIndexOf(")") + 2).split(" "); s += +f[11] + +f[12] + +f[13] + +f[14]; } catch {} } return s / 100; }
const settle = () => new Promise((r) => setTimeout(r, 1500));
const ctx = await browser.newContext({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
const url = process.env.URL ?? "about:blank";
{ const p = await ctx.newPage(); await p.goto(url); await p.close(); await settle(); }
let c0 = chromeCpu(); let t0 = performance.now();
for (let i = 0; i < 10; i++) { const p = await ctx.newPage(); await p.goto(url); await p.close(); }
await settle(); console.log("10 new pages", (chromeCpu() - c0).toFixed(2), "s cpu", (performance.now() - t0).toFixed(0));
const p = await ctx.newPage(); await p.goto(url); await settle();
c0 = chromeCpu(); t0 = performance.now();
for (let i = 0; i < 10; i++) { await p.goto(url + (url.includes("?") ? "&" : "?") + "i=" + i); }
await settle(); console.log("10 gotos same page", (chromeCpu() - c0).toFixed(2), "s cpu", (performance.now() - t0).toFixed(0));
c0 = chromeCpu(); t0 = performance.now();
for (let i = 0; i < 10; i++) { await p.goto("about:blank"); await p.goto(url); }
await settle(); console.log("10 blank+goto same page", (chromeCpu() - c0).toFixed(2), "s cpu", (performance.now() - t0).toFixed(0));
await browser.close();
