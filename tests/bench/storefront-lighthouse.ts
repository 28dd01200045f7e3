// Lighthouse (npm, v12) against the production storefront, driving the system Chromium: mobile performance of
// `/`, `/collection` and a product page, on Lighthouse's default mobile profile (Moto G Power screen, slow 4G:
// 150 ms RTT, 1.6 Mbit/s, CPU 4x slower) and on its "Regular 3G" profile (300 ms RTT, 700 kbit/s, CPU 4x),
// both with the default "simulate" throttling method: the page is loaded unthrottled and Lighthouse's Lantern
// model replays it under the profile, so a busy shared machine does not skew the figures as real throttling would.
// Each page and profile is run LIGHTHOUSE_RUNS times (5); score, LCP, TBT and main-thread work are each the median
// of the runs, and each run is listed with Lighthouse's benchmarkIndex (how fast this machine ran its own
// calibration loop) and the load average beside it: the simulated figures scale with the machine's speed, so a
// figure is read with the machine it came from (docs/design/performance.md#lighthouse-on-this-machine).
// `npm run bench` runs this with BENCH_PARTS including `others`.
// Run: npx tsx tests/bench/storefront-lighthouse.ts   (`npm run bench` calls the default export)
// LIGHTHOUSE_REPORTS=<dir> also writes every run's full JSON report there (for the details behind a figure).
// LIGHTHOUSE_TRACES=<dir> writes each run's Chrome trace there (tests/bench/trace-breakdown.ts reads one: where
// the main thread's time went, "Other" included).
// LIGHTHOUSE_PROFILES=default or =3g runs one profile; LIGHTHOUSE_PAGES=home,collection,product some pages.
// LIGHTHOUSE_COMPARE=<another checkout of the shop> starts that checkout too (its own fresh data dir, built when
// stale) and interleaves its runs with this one's, run by run: a before/after on the same machine at the same time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { openDatabase } from "../../server/db/client.ts";
import { PRODUCTS, scaleProductsSql } from "./catalogue-scale.ts";
import { median, printRows, startBenchShop, withBenchShop, type BenchShop, type FigureRow } from "./shop.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
const COMPARE = process.env.LIGHTHOUSE_COMPARE ? path.resolve(process.env.LIGHTHOUSE_COMPARE) : undefined;
const PAGES = (process.env.LIGHTHOUSE_PAGES || "home,collection,product").split(",");
/** The demo catalogue a fresh shop seeds (SEED_DEMO). */
const DEMO_PRODUCTS = 57;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const TRACES = process.env.LIGHTHOUSE_TRACES;
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
  /** Score, TBT and main-thread goals hold on the default profile; on Regular 3G the goal is LCP alone. */
  scoreGoal?: number;
  tbtGoal?: number;
  mainThreadGoal?: number;
}
const ALL_PROFILES: (Profile & { key: string })[] = [
  {
    key: "default",
    name: "default mobile (slow 4G)",
    throttling: constants.throttling.mobileSlow4G,
    lcpGoal: 2500,
    scoreGoal: 95,
    tbtGoal: 150,
    mainThreadGoal: 2000,
  },
  // The web's "good" LCP, for every page, on the networks Angolan shoppers arrive on.
  { key: "3g", name: "Regular 3G", throttling: constants.throttling.mobileRegular3G, lcpGoal: 2500 },
];
const PROFILES = ALL_PROFILES.filter((p) => (process.env.LIGHTHOUSE_PROFILES || "default,3g").split(",").includes(p.key));

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
  /** Lighthouse's main-thread work (mainthread-work-breakdown: the simulated CPU time, all categories). */
  mainThread: number;
  /** Its categories over 100 ms, largest first ("Other 1.2 s, Script Evaluation 0.6 s"). */
  breakdown: string;
  /** Lighthouse's benchmarkIndex: this machine's speed at its calibration loop as the run started (higher is faster). */
  benchmarkIndex: number;
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
  const name = `${++reportCount}-${new URL(url).pathname.split("/")[1] || "home"}-${profile.throttling.rttMs}ms.json`;
  for (const [dir, content] of [
    [REPORTS, lhr],
    [TRACES, result.artifacts.Trace],
  ] as const) {
    if (!dir) continue;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), JSON.stringify(content));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const groups = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)
    ?.items;
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
    mainThread: metric("mainthread-work-breakdown"),
    breakdown: (groups ?? [])
      .filter((g) => g.duration >= 100)
      .map((g) => `${g.groupLabel} ${seconds(g.duration)}`)
      .join(", "),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load: loadavg()[0]!,
  };
}

/** The run whose LCP is the median (for FCP, CLS, Speed Index, bytes and flags); score, LCP and TBT are each their own median. */
const medianRun = (runs: LighthouseRun[]) => [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)]!;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** The page list of a running shop, with the product page of its newest product. */
async function pagesOf(shop: BenchShop, expected: number) {
  // The shop's own count, so a figure never stands for a catalogue of another size than it says.
  const { products, total } = (await (await fetch(`${shop.url}/api/catalogue/products?sort=newest&pageSize=1`)).json()) as {
    products: { _id: string }[];
    total: number;
  };
  const productId = products[0]?._id;
  if (!productId) throw new Error("The seeded shop has no products");
  if (total !== expected) throw new Error(`The shop lists ${total} products, not ${expected}`);
  return [
    { key: "home", name: "/", url: `${shop.url}/` },
    { key: "collection", name: "/collection", url: `${shop.url}/collection` },
    { key: "product", name: "/product/:id", url: `${shop.url}/product/${productId}` },
  ].filter((p) => PAGES.includes(p.key));
}

const runLine = (r: LighthouseRun) =>
  `${r.score} / ${seconds(r.lcp)} / ${Math.round(r.tbt)} ms / ${seconds(r.mainThread)} (benchmarkIndex ${Math.round(r.benchmarkIndex)}, load ${r.load.toFixed(1)})`;

function rowsFor(label: string, page: string, profile: Profile, runs: LighthouseRun[]): FigureRow[] {
  const m = medianRun(runs);
  const score = median(runs.map((r) => r.score));
  const lcp = median(runs.map((r) => r.lcp));
  const tbt = median(runs.map((r) => r.tbt));
  const mainThread = median(runs.map((r) => r.mainThread));
  const ok =
    score >= (profile.scoreGoal ?? 0) &&
    lcp <= profile.lcpGoal &&
    tbt <= (profile.tbtGoal ?? Infinity) &&
    mainThread <= (profile.mainThreadGoal ?? Infinity);
  const rows: FigureRow[] = [
    {
      figure: `${label} ${page}, ${profile.name}: score / LCP / TBT / main-thread work (median of ${runs.length}: ${runs.map(runLine).join("; ")})`,
      value: `${score} / ${seconds(lcp)} / ${Math.round(tbt)} ms / ${seconds(mainThread)}`,
      goal: `${profile.scoreGoal ? `≥ ${profile.scoreGoal}` : "-"} / ≤ ${seconds(profile.lcpGoal)} / ${profile.tbtGoal ? `≤ ${profile.tbtGoal} ms` : "-"} / ${profile.mainThreadGoal ? `≤ ${seconds(profile.mainThreadGoal)}` : "-"}`,
      ok,
    },
    {
      figure: `${label} ${page}, ${profile.name}: FCP, CLS, Speed Index, bytes of the first visit, main-thread work by kind (median-LCP run)`,
      value: `${seconds(m.fcp)}, ${m.cls.toFixed(3)}, ${seconds(m.speedIndex)}, ${Math.round(m.bytes / 1024)} KiB; ${m.breakdown}`,
      goal: "",
    },
  ];
  if (!ok && m.issues.length)
    rows.push({ figure: `${label} ${page}, ${profile.name}: Lighthouse flags`, value: m.issues.join("; "), goal: "" });
  return rows;
}

/**
 * The pages on each profile against one running shop, or against two (`compare`: another checkout's shop on the
 * same catalogue), run by run in turn so both see the same machine.
 */
async function auditShop(shop: BenchShop, chromePath: string, expected: number, compare?: BenchShop): Promise<FigureRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const rows: FigureRow[] = [];
  try {
    const shops = [{ label: `${expected.toLocaleString("en")} products:`, pages: await pagesOf(shop, expected) }];
    if (compare) {
      shops[0]!.label = `${expected.toLocaleString("en")} products, this checkout:`;
      shops.push({ label: `${expected.toLocaleString("en")} products, ${COMPARE}:`, pages: await pagesOf(compare, expected) });
    }
    // One throwaway load each so the server's caches and the first-start work do not count against the first page.
    for (const s of shops) await audit(chrome.port, s.pages[0]!.url, PROFILES[0]!);
    for (const profile of PROFILES) {
      const runs = shops.map((s) => s.pages.map(() => [] as LighthouseRun[]));
      for (let i = 0; i < RUNS; i++)
        for (let p = 0; p < shops[0]!.pages.length; p++)
          for (let k = 0; k < shops.length; k++) runs[k]![p]!.push(await audit(chrome.port, shops[k]!.pages[p]!.url, profile));
      shops[0]!.pages.forEach((page, p) => shops.forEach((s, k) => rows.push(...rowsFor(s.label, page.name, profile, runs[k]![p]!))));
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
    // The other checkout (LIGHTHOUSE_COMPARE) on its own data dir, seeded the same way; built by its start when stale.
    const compareDir = COMPARE ? mkdtempSync(path.join(tmpdir(), "loja-bench-lighthouse-compare-")) : undefined;
    const startCompare = () => (COMPARE ? startBenchShop(compareDir!, { SKIP_BUILD: "0" }, COMPARE) : Promise.resolve(undefined));
    let other = await startCompare();
    try {
      const rows: FigureRow[] = [];
      if (sizes.includes("demo")) rows.push(...(await auditShop(shop, chromePath, DEMO_PRODUCTS, other)));
      if (!sizes.includes("scale")) return rows;
      // The embedded database belongs to the running shop: stop it, add the products, start it again.
      await shop.stop();
      await other?.stop();
      for (const dir of [dataDir, ...(compareDir ? [compareDir] : [])]) {
        const db = await openDatabase({ databaseUrl: undefined, dataDir: dir });
        try {
          await db.exec(scaleProductsSql());
        } finally {
          await db.close();
        }
      }
      const grown = await startBenchShop(dataDir);
      other = await startCompare();
      try {
        rows.push(...(await auditShop(grown, chromePath, DEMO_PRODUCTS + PRODUCTS, other)));
      } finally {
        await grown.stop();
      }
      return rows;
    } finally {
      await other?.stop();
      if (compareDir) rmSync(compareDir, { recursive: true, force: true });
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  printRows(await storefrontLighthouse());
  process.exit(0);
}
