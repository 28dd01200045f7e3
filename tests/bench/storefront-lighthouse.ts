// Lighthouse (npm, v12) against the production storefront, driving the system Chromium: mobile performance of
// `/`, `/collection` and a product page, on Lighthouse's default mobile profile (Moto G Power screen, slow 4G:
// 150 ms RTT, 1.6 Mbit/s, CPU 4x slower) and on its "Regular 3G" profile (300 ms RTT, 700 kbit/s, CPU 4x),
// both with the default "simulate" throttling method: the page is loaded unthrottled and Lighthouse's Lantern
// model replays it under the profile, so a busy shared machine does not skew the figures as real throttling would.
// Each page and profile is run RUNS times; score, LCP and TBT are each the median of the runs, each run is listed
// with the machine's load average beside it. `npm run bench` runs this with BENCH_PARTS including `others`.
// Run: npx tsx tests/bench/storefront-lighthouse.ts   (`npm run bench` calls the default export)
// LIGHTHOUSE_REPORTS=<dir> also writes every run's full JSON report there (for the details behind a figure).
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { openDatabase } from "../../server/db/client.ts";
import { PRODUCTS, scaleProductsSql } from "./catalogue-scale.ts";
import { median, printRows, startBenchShop, withBenchShop, type BenchShop, type FigureRow } from "./shop.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
/** The demo catalogue a fresh shop seeds (SEED_DEMO). */
const DEMO_PRODUCTS = 57;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;

/** The flags the brief gives for the system Chromium under chrome-launcher. */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

interface Profile {
  name: string;
  /** Lighthouse's own constants (lighthouse/core/config/constants.js → Lantern's throttling table). */
  throttling: typeof constants.throttling.mobileSlow4G;
  lcpGoal: number;
  /** Score and TBT goals hold on the default profile; on Regular 3G the goal is LCP alone. */
  scoreGoal?: number;
  tbtGoal?: number;
}
const PROFILES: Profile[] = [
  { name: "default mobile (slow 4G)", throttling: constants.throttling.mobileSlow4G, lcpGoal: 2500, scoreGoal: 95, tbtGoal: 200 },
  // The web's "good" LCP, for every page, on the networks Angolan shoppers arrive on.
  { name: "Regular 3G", throttling: constants.throttling.mobileRegular3G, lcpGoal: 2500 },
];

export interface LighthouseRun {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Bytes the first visit moves (Lighthouse's total-byte-weight: every request, as transferred). */
  bytes: number;
  /** Opportunities and diagnostics that cost something, for finding out why a page misses a goal. */
  issues: string[];
  /** The machine's 1-minute load average as the run ended: a shared machine's figures are read beside it. */
  load: number;
}

function configFor(profile: Profile): Config {
  // The default config already is the mobile one; only the network/CPU profile changes between runs.
  return {
    extends: "lighthouse:default",
    settings: { onlyCategories: ["performance"], throttlingMethod: "simulate", throttling: profile.throttling },
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: such a run is retried. */
async function audit(port: number, url: string, profile: Profile, attempt = 1): Promise<LighthouseRun> {
  const flags: Flags = { port, output: "json", logLevel: "error" };
  const result = await lighthouse(url, flags, configFor(profile));
  if (result?.lhr.runtimeError && attempt < 3) return audit(port, url, profile, attempt + 1);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${++reportCount}-${new URL(url).pathname.split("/")[1] || "home"}-${profile.throttling.rttMs}ms.json`;
    writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const issues = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.scoreDisplayMode === "metricSavings" || a.scoreDisplayMode === "numeric" || a.scoreDisplayMode === "binary"),
    )
    .filter(
      (a) =>
        ![
          "largest-contentful-paint",
          "first-contentful-paint",
          "total-blocking-time",
          "cumulative-layout-shift",
          "speed-index",
          "interactive",
          "max-potential-fid",
        ].includes(a.id),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric("largest-contentful-paint"),
    fcp: metric("first-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    speedIndex: metric("speed-index"),
    bytes: metric("total-byte-weight"),
    issues,
    load: loadavg()[0]!,
  };
}

/** The run whose LCP is the median (for FCP, CLS, Speed Index, bytes and flags); score, LCP and TBT are each their own median. */
const medianRun = (runs: LighthouseRun[]) => [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)]!;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** The three pages on both profiles against one running shop. */
async function auditShop(shop: BenchShop, chromePath: string, expected: number): Promise<FigureRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const rows: FigureRow[] = [];
  try {
    // The shop's own count, so a figure never stands for a catalogue of another size than it says.
    const { products, total } = (await (await fetch(`${shop.url}/api/catalogue/products?sort=newest&pageSize=1`)).json()) as {
      products: { _id: string }[];
      total: number;
    };
    const productId = products[0]?._id;
    if (!productId) throw new Error("The seeded shop has no products");
    if (total !== expected) throw new Error(`The shop lists ${total} products, not ${expected}`);
    const label = `${total.toLocaleString("en")} products:`;
    const pages = [
      { name: "/", url: `${shop.url}/` },
      { name: "/collection", url: `${shop.url}/collection` },
      { name: "/product/:id", url: `${shop.url}/product/${productId}` },
    ];
    // One throwaway load so the server's caches and the first-start work do not count against the first page.
    await audit(chrome.port, pages[0]!.url, PROFILES[0]!);
    for (const profile of PROFILES) {
      for (const p of pages) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, p.url, profile));
        const m = medianRun(runs);
        const score = median(runs.map((r) => r.score));
        const lcp = median(runs.map((r) => r.lcp));
        const tbt = median(runs.map((r) => r.tbt));
        const lcpGoal = profile.lcpGoal;
        const ok = score >= (profile.scoreGoal ?? 0) && lcp <= lcpGoal && tbt <= (profile.tbtGoal ?? Infinity);
        rows.push({
          figure: `${label} ${p.name}, ${profile.name}: score / LCP / TBT (median of ${RUNS}: ${runs
            .map((r) => `${r.score} / ${seconds(r.lcp)} / ${Math.round(r.tbt)} ms at load ${r.load.toFixed(1)}`)
            .join("; ")})`,
          value: `${score} / ${seconds(lcp)} / ${Math.round(tbt)} ms`,
          goal: `${profile.scoreGoal ? `≥ ${profile.scoreGoal}` : "-"} / ≤ ${seconds(lcpGoal)} / ${profile.tbtGoal ? `≤ ${profile.tbtGoal} ms` : "-"}`,
          ok,
        });
        rows.push({
          figure: `${label} ${p.name}, ${profile.name}: FCP, CLS, Speed Index, bytes of the first visit (median-LCP run)`,
          value: `${seconds(m.fcp)}, ${m.cls.toFixed(3)}, ${seconds(m.speedIndex)}, ${Math.round(m.bytes / 1024)} KiB`,
          goal: "",
        });
        if (!ok && m.issues.length)
          rows.push({ figure: `${label} ${p.name}, ${profile.name}: Lighthouse flags`, value: m.issues.join("; "), goal: "" });
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/**
 * The demo catalogue first, then the same shop grown to 10,000 more products with distinct names:
 * the pages must stay as light and fast at the shop's real size. LIGHTHOUSE_SIZES=demo or =scale runs one.
 */
export default async function storefrontLighthouse(): Promise<FigureRow[]> {
  const sizes = (process.env.LIGHTHOUSE_SIZES || "demo,scale").split(",");
  return withBenchShop("lighthouse", {}, async (shop, chromePath, dataDir) => {
    const rows: FigureRow[] = [];
    if (sizes.includes("demo")) rows.push(...(await auditShop(shop, chromePath, DEMO_PRODUCTS)));
    if (!sizes.includes("scale")) return rows;
    // The embedded database belongs to the running shop: stop it, add the products, start it again.
    await shop.stop();
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await db.exec(scaleProductsSql());
    } finally {
      await db.close();
    }
    const grown = await startBenchShop(dataDir);
    try {
      rows.push(...(await auditShop(grown, chromePath, DEMO_PRODUCTS + PRODUCTS)));
    } finally {
      await grown.stop();
    }
    return rows;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  printRows(await storefrontLighthouse());
  process.exit(0);
}
