// The catalogue search alone at 10,000 products (goal p95 ≤ 50 ms on this machine), on both databases, in a
// minute instead of the whole scale bench (catalogue-scale.ts, which also seeds 100,000 orders):
//   npx tsx tests/bench/catalogue-search.ts
// Seeds the scale bench's 10,000 products once per database — a temporary PGlite directory, and a fresh database
// `loja_search_bench` on the PostgreSQL server of SEARCH_BENCH_PG (default postgresql://postgres@127.0.0.1:5432,
// dropped and created again each run; never `test`) — then times every query SEARCH_BENCH_ROUNDS times (default
// 60, after 3 unmeasured) in process (app.inject, the whole route: search, then the page's products) and prints
// p50/p95 beside a reference of the same run (GET /robots.txt: no database). The rounds are interleaved (each
// round asks every query once) so a burst of load from elsewhere spreads over all figures.
// SEARCH_BENCH_DBS=pglite or =postgres runs one database; SEARCH_BENCH_EXPLAIN=1 also prints each search's
// EXPLAIN ANALYZE (which indexes the planner used).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { SEARCH_PLANNER_COSTS, expandWithSynonyms, searchQuery } from "../../server/domain/catalogue/search.ts";
import { PRODUCTS, scaleProductsSql } from "./catalogue-scale.ts";

const ROUNDS = Number(process.env.SEARCH_BENCH_ROUNDS || 60);
const WARM_UP = 3;
const GOAL_MS = 50;
const PG_SERVER = process.env.SEARCH_BENCH_PG || "postgresql://postgres@127.0.0.1:5432";
const PG_DATABASE = "loja_search_bench";
const DBS = (process.env.SEARCH_BENCH_DBS || "pglite,postgres").split(",");
const EXPLAIN = process.env.SEARCH_BENCH_EXPLAIN === "1";

/** The scale bench's searches, short words (one in 1,120 names, one also a sub-category), and others for comparison. */
export const SEARCHES = [
  "tenis",
  "TÉNIS",
  "telefone",
  "portatl",
  "sofa kalunga",
  "berbequim pro",
  "cadeira escritorio preta",
  "pro",
  "tv",
  "nadaaquiexiste",
];
const OTHERS: [string, string][] = [
  ["search 'telefone', page 3 by price", "/api/catalogue/products?q=telefone&sort=price_asc&page=3"],
  ["search 'pro' in Moda, newest", "/api/catalogue/products?q=pro&category=Moda&sort=newest"],
  ["collection page 1, no search", "/api/catalogue/products"],
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function freshPgDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${PG_SERVER}/${PG_DATABASE}`;
}

async function benchOne(kind: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-search-bench-"));
  const databaseUrl = kind === "postgres" ? await freshPgDatabase() : "";
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    JWT_SECRET: "search-bench-secret-that-is-long-enough-0123456789",
    SEED_DEMO: "true",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
  });
  const started = await start(config, { logger: false, serveApps: false });
  const { app, deps } = started;
  try {
    const seedStart = performance.now();
    await deps.db.exec(scaleProductsSql());
    deps.productListCache.invalidate();
    console.log(
      `\n${kind}: ${PRODUCTS.toLocaleString("en")} products seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${ROUNDS} rounds`,
    );

    const cases: [string, string][] = [
      ["reference: GET /robots.txt (no database)", "/robots.txt"],
      ...SEARCHES.map((text): [string, string] => [`search "${text}"`, `/api/catalogue/products?q=${encodeURIComponent(text)}`]),
      ...OTHERS,
    ];
    const times = new Map(cases.map(([figure]) => [figure, [] as number[]]));
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      for (const [figure, url] of cases) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (round >= WARM_UP) times.get(figure)!.push(ms);
        if (round === 0 && url.startsWith("/api/")) times.set(`${figure}#total`, [(res.json() as { total: number }).total]);
      }
    }
    const reference = pct(times.get(cases[0]![0])!, 50);
    for (const [figure] of cases) {
      const xs = times.get(figure)!;
      const p95 = pct(xs, 95);
      const total = times.get(`${figure}#total`)?.[0];
      const goal = figure.startsWith("search") ? (p95 <= GOAL_MS ? " ✓" : " ✗") : "  ";
      console.log(
        `${goal} ${figure.padEnd(42)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms${total === undefined ? "" : `  (${total} found; p95 ${(p95 / reference).toFixed(0)}× the reference)`}`,
      );
    }

    if (EXPLAIN) {
      const groups = await deps.db.prisma.searchSynonym.findMany({ select: { words: true } });
      for (const text of SEARCHES) {
        const sql = searchQuery(
          {
            words: expandWithSynonyms(
              text,
              groups.map((g) => g.words),
            ),
            categories: [],
            subCategories: [],
          },
          "relevance",
          0,
          24,
        );
        const prisma = deps.db.prisma;
        const [, plan] = await prisma.$transaction([
          prisma.$executeRaw(SEARCH_PLANNER_COSTS),
          prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql.text}`, ...sql.values),
        ]);
        console.log(`\n--- ${kind} EXPLAIN ANALYZE "${text}"\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
  } finally {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await benchOne(kind);
