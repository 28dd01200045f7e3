// The storefront's first screen as a shopper on a cheap phone gets it: a cold load of the production build in
// Chromium with Lighthouse's mobile conditions (slow 4G: 150 ms, 1.6 Mbit/s; CPU 4x slower; 412x823 screen)
// and on 3G (300 ms, 750 kbit/s). Measures first and largest contentful paint, blocking time and bytes, for the
// home page and for a product page opened from a shared link.
// Run: npx tsx tests/bench/storefront-first-screen.ts   (`npm run bench` calls the default export)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS } from "../helpers/browser.ts";
import { median, printRows, withBenchShop, type FigureRow } from "./shop.ts";

const RUNS = 3;

interface Profile {
  name: string;
  latency: number;
  down: number;
  up: number;
  cpu: number;
}
const PROFILES: Profile[] = [
  { name: "slow 4G", latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8, cpu: 4 },
  { name: "3G", latency: 300, down: (750 * 1024) / 8, up: (250 * 1024) / 8, cpu: 4 },
];

/** Lighthouse's "good" thresholds for mobile; the home page's LCP includes the 1 s skeleton. */
const GOALS = { fcp: 1800, lcp: 2500, tbt: 200 };

interface Sample {
  fcp: number;
  lcp: number;
  tbt: number;
  bytes: number;
}

// Collected in the page from its first byte: LCP candidates until the first input, and long tasks.
const OBSERVE = `
  window.__lcp = 0; window.__tbt = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tbt += Math.max(0, e.duration - 50); }).observe({ type: "longtask", buffered: true });
`;

async function coldLoad(browser: Browser, url: string, profile: Profile, ready: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.down,
    uploadThroughput: profile.up,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  // Let late images (hero, gallery) land so the largest paint is final.
  await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
  const sample = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __tbt: number };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    return { fcp, lcp: w.__lcp, tbt: w.__tbt };
  });
  await context.close();
  return { ...sample, bytes };
}

const ms = (n: number) => `${Math.round(n)} ms`;

export default async function storefrontFirstScreen(): Promise<FigureRow[]> {
  return withBenchShop("storefront", {}, async (shop, executablePath) => {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
    const rows: FigureRow[] = [];
    try {
      const { products } = (await (await fetch(`${shop.url}/api/product/list`)).json()) as { products: { _id: string }[] };
      const pages = [
        { name: "home", url: `${shop.url}/`, ready: "[data-testid=hero-slide]" },
        {
          name: "product page (shared link)",
          url: `${shop.url}/product/${products.at(-1)?._id ?? ""}`,
          ready: "text=ADICIONAR AO CARRINHO",
        },
      ];
      for (const profile of PROFILES) {
        for (const p of pages) {
          const samples: Sample[] = [];
          for (let i = 0; i < RUNS; i++) samples.push(await coldLoad(browser, p.url, profile, p.ready));
          const m = (k: keyof Sample) => median(samples.map((s) => s[k]));
          const strict = profile === PROFILES[0];
          const label = `${p.name}, ${profile.name}, CPU ${profile.cpu}x`;
          rows.push({
            figure: `${label}: FCP`,
            value: ms(m("fcp")),
            goal: strict ? `≤ ${ms(GOALS.fcp)}` : "",
            ok: strict ? m("fcp") <= GOALS.fcp : undefined,
          });
          rows.push({
            figure: `${label}: LCP`,
            value: ms(m("lcp")),
            goal: strict ? `≤ ${ms(GOALS.lcp)}` : "",
            ok: strict ? m("lcp") <= GOALS.lcp : undefined,
          });
          rows.push({
            figure: `${label}: blocking time`,
            value: ms(m("tbt")),
            goal: strict ? `≤ ${ms(GOALS.tbt)}` : "",
            ok: strict ? m("tbt") <= GOALS.tbt : undefined,
          });
          rows.push({ figure: `${label}: bytes`, value: `${(m("bytes") / 1024).toFixed(0)} KB`, goal: "" });
        }
      }
    } finally {
      await browser.close();
    }
    return rows;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) printRows(await storefrontFirstScreen());
