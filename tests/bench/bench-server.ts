// The server under benchmark, in its own process (the load generators must not share its CPU): a production
// start through server/bootstrap.ts on the database named by the parent, filled to 1,000 products, plus two
// routes that exist only here: a bare route sending the product list's bytes from a prebuilt Buffer, and the
// uncached database path of the list. Talks to run.ts over IPC.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance as nodePerformance } from "node:perf_hooks";
import type { FastifyReply } from "fastify";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { PrismaClient } from "../../server/db/generated/client.ts";
import type { Database } from "../../server/db/client.ts";
import { catalogueRepository } from "../../server/domain/catalogue/repository.ts";
import { listShopProducts } from "../../server/domain/catalogue/service.ts";
import type { BenchFixtures, BenchRequest, BenchReply, QueryTiming } from "./protocol.ts";

export const BENCH_JWT_SECRET = "bench-secret-that-is-long-enough-for-hs256-0123456789";
const PRODUCTS = 1000;
const USERS = 1000;
const ORDERS = 100;

const kind = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
/** Always a fresh data dir (never the user's ./data), removed again on stop. */
const ownDataDir = mkdtempSync(path.join(tmpdir(), "loja-bench-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  // Production refuses to start without the shop's public address (links are never built on a request's Host).
  PUBLIC_URL: process.env.PUBLIC_URL ?? "http://127.0.0.1",
  LOG_LEVEL: "silent",
  JWT_SECRET: BENCH_JWT_SECRET,
  SEED_DEMO: "true",
  DATA_DIR: ownDataDir,
  PORT: "0",
  HOST: "127.0.0.1",
  // Every bench request comes from 127.0.0.1: the placements per address would stop the placement figure at once.
  PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
});

// The bench customers place again and again: the cap on open unpaid orders is lifted (its check still runs).
const started = await start(config, { logger: false, limits: { messagesPerMinute: 1_000_000, openUnpaidOrders: 1_000_000_000 } });
const { app, deps } = started;
const { db } = deps;

/** Copies the seeded demo products (with their images) until the catalogue has exactly PRODUCTS live ones. */
async function fillCatalogue(database: Database): Promise<void> {
  const n = (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE deleted_at IS NULL"))[0]?.n ?? 0;
  if (n === 0) throw new Error("the demo catalogue was not seeded");
  const missing = PRODUCTS - n;
  if (missing <= 0) return;
  await database.exec(`
    CREATE TEMP TABLE bench_src AS
      SELECT p.*, row_number() OVER (ORDER BY p.created_at, p.id) - 1 AS rn FROM products p WHERE p.deleted_at IS NULL;
    CREATE TEMP TABLE bench_new AS
      SELECT g, 'bench' || lpad(g::text, 5, '0') AS id, s.id AS src_id
      FROM generate_series(1, ${missing}) g JOIN bench_src s ON s.rn = (g - 1) % ${n};
    INSERT INTO products (id, name, description, price, sizes, category, sub_category, bestseller, created_at, updated_at)
      SELECT b.id, s.name || ' ' || b.g, s.description, s.price + b.g, s.sizes, s.category, s.sub_category, s.bestseller,
             now() + b.g * interval '1 millisecond', now()
      FROM bench_new b JOIN bench_src s ON s.id = b.src_id;
    INSERT INTO product_images (id, product_id, position, media_id, thumb_id)
      SELECT b.id || '_' || i.position, b.id, i.position, i.media_id, i.thumb_id
      FROM bench_new b JOIN product_images i ON i.product_id = b.src_id;
    DROP TABLE bench_new; DROP TABLE bench_src;`);
}

async function createFixtures(database: Database): Promise<BenchFixtures> {
  await database.exec(`
    INSERT INTO users (id, name, email, role, updated_at)
      SELECT 'benchuser' || g, 'Cliente ' || g, 'bench' || g || '@exemplo.ao', 'customer', now() FROM generate_series(1, ${USERS}) g
      ON CONFLICT DO NOTHING;
    INSERT INTO users (id, name, email, role, notify_email, updated_at)
      SELECT 'benchquiet' || g, 'Cliente ' || g, 'quiet' || g || '@exemplo.ao', 'customer', false, now() FROM generate_series(1, ${USERS}) g
      ON CONFLICT DO NOTHING;
    INSERT INTO orders (id, user_id, payment_method, address, subtotal, delivery_fee, total_amount, updated_at)
      SELECT 'benchorder' || g, 'benchuser' || g, 'bank_transfer', '{"city":"Luanda"}', 10000, 5000, 15000, now() FROM generate_series(1, ${ORDERS}) g
      ON CONFLICT DO NOTHING;
    -- The shop-wide placements per hour (a setting the console keeps at 100 000 at most) far above the bench's rate.
    UPDATE shop_settings SET placements_per_hour = 1000000000;`);
  const tokens = await Promise.all(
    Array.from({ length: USERS }, (_, i) => deps.tokens.sign({ userId: `benchuser${i + 1}`, role: "customer", sessionVersion: 0 })),
  );
  const quietTokens = await Promise.all(
    Array.from({ length: USERS }, (_, i) => deps.tokens.sign({ userId: `benchquiet${i + 1}`, role: "customer", sessionVersion: 0 })),
  );
  const products = (await listShopProducts(db.prisma)).products
    .filter((p) => p.sizes.length > 0)
    .map((p) => ({ id: p._id, size: p.sizes[0]!, price: p.price }));
  return {
    tokens,
    quietTokens,
    orders: Array.from({ length: ORDERS }, (_, i) => ({ orderId: `benchorder${i + 1}`, userIndex: i })),
    products,
  };
}

await fillCatalogue(db);
deps.productListCache.invalidate();
const fixtures = await createFixtures(db);
const prebuilt = await deps.productListCache.get();

// The same headers and bytes as GET /api/product/list, from a Buffer made before the run.
app.get("/__bench/bare", { compress: false }, (request, reply: FastifyReply) => {
  reply.header("ETag", prebuilt.etag).header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === prebuilt.etag) return reply.status(304).send();
  const accept = String(request.headers["accept-encoding"] ?? "");
  reply.type("application/json; charset=utf-8");
  if (/\bbr\b/.test(accept)) return reply.header("Content-Encoding", "br").send(prebuilt.br);
  if (/\bgzip\b/.test(accept)) return reply.header("Content-Encoding", "gzip").send(prebuilt.gzip);
  return reply.send(prebuilt.identity);
});

// The list without the cache: the Prisma query, the view and JSON on every request.
app.get("/__bench/list-db", { compress: false }, async (_request, reply: FastifyReply) => {
  reply.type("application/json; charset=utf-8");
  return reply.send(JSON.stringify(await listShopProducts(db.prisma)));
});

// The machine's floor for a write: the same app (its global hooks: headers, compression) answering a POST of the
// cart add's body with the cart add's reply, without authentication, rate limit or database.
app.post("/__bench/empty", async () => ({ success: true, message: "Produto adicionado ao carrinho!" }));

// How many domain events still wait for their reactions (a placed order's notices are written after its commit):
// the runner waits for none before the next measurement, so no figure pays for the previous one's backlog.
app.get("/__bench/notices-due", async () => {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM domain_events WHERE done_at IS NULL");
  return { due: rows[0]?.n ?? 0 };
});

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;

/** The SQL Prisma runs for the product list, captured from a logging client on the same database. */
async function capturePrismaSql(url: string): Promise<{ sql: string; params: unknown[] }[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: "event", level: "query" }] });
  const captured: { sql: string; params: unknown[] }[] = [];
  client.$on("query", (e) => captured.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] }));
  await catalogueRepository(client).listLive();
  await client.$disconnect();
  await pool.end();
  return captured;
}

let capturedSql: { sql: string; params: unknown[] }[] | undefined;

async function timeQueries(iterations: number, sql: { sql: string; params: unknown[] }[] | undefined): Promise<QueryTiming> {
  const statements = sql ?? capturedSql ?? (db.url ? (capturedSql = await capturePrismaSql(db.url)) : undefined);
  if (!statements) throw new Error("no captured SQL for the raw comparison");
  const prismaTimes: number[] = [];
  const rawTimes: number[] = [];
  const repo = catalogueRepository(db.prisma);
  for (let i = 0; i < 20; i++) {
    await repo.listLive();
    for (const s of statements) await db.query(s.sql, s.params);
  }
  // Interleaved so both paths see the same machine load.
  for (let i = 0; i < iterations; i++) {
    let t0 = performance.now();
    await repo.listLive();
    prismaTimes.push(performance.now() - t0);
    t0 = performance.now();
    for (const s of statements) await db.query(s.sql, s.params);
    rawTimes.push(performance.now() - t0);
  }
  const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { prismaP50: p50(prismaTimes), rawP50: p50(rawTimes), statements: statements.length, sql: statements };
}

const send = (reply: BenchReply) => process.send?.(reply);
process.on("message", (request: BenchRequest) => {
  void (async () => {
    try {
      if (request.type === "queries") send({ type: "queries", timing: await timeQueries(request.iterations, request.sql) });
      else if (request.type === "stats") {
        const cpu = process.cpuUsage();
        send({
          type: "stats",
          hub: deps.hub.stats(),
          cpuMs: (cpu.user + cpu.system) / 1000,
          eluActiveMs: nodePerformance.eventLoopUtilization().active,
        });
      } else if (request.type === "stop") {
        await started.close();
        rmSync(ownDataDir, { recursive: true, force: true });
        send({ type: "stopped" });
        process.exit(0);
      }
    } catch (error) {
      send({ type: "error", message: (error as Error).stack ?? String(error) });
    }
  })();
});
send({ type: "ready", url: `http://127.0.0.1:${port}`, kind, fixtures });
