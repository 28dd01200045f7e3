// The owner's numbers and the accountant's CSV exports at 100,000 orders (a year of them, one every five minutes,
// each with a line; a payment for every paid one), on the embedded database and on PostgreSQL when it is
// reachable. Reports p50/p95 in process (app.inject) beside the reference the scale bench uses (GET /robots.txt, no
// database), so figures from different machines compare as ratios. Run alone with `BENCH_PARTS=reports npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { createStaffAccount } from "../../server/domain/users/service.ts";
import { luandaIsoDay } from "../../shared/dashboard.ts";

const CUSTOMERS = 20_000;
export const REPORT_ORDERS = 100_000;
const STATUSES = ["Aguardando Pagamento", "Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue", "Cancelado"];

export function seedSql(): string {
  const statuses = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(",")}]`;
  return `
    INSERT INTO users (id, name, email, role, updated_at, created_at)
      SELECT 'repuser' || g, 'Cliente ' || g, 'rep' || g || '@exemplo.ao', 'customer', now(), now() - g * interval '1 hour'
      FROM generate_series(1, ${CUSTOMERS}) g;
    INSERT INTO orders (id, user_id, status, payment_method, address, subtotal, delivery_fee, total_amount, amount_paid,
                        payment_deadline, created_at, updated_at)
      -- Only the last two days' orders still await payment: older ones were cancelled at their deadline.
      SELECT 'reporder' || g, 'repuser' || (1 + g % ${CUSTOMERS}),
             CASE WHEN g % 6 = 0 AND g > 576 THEN 'Cancelado' ELSE (${statuses})[1 + g % 6] END, CASE WHEN g % 5 = 0 THEN 'stripe' ELSE 'bank_transfer' END,
             jsonb_build_object('city', 'Luanda'), 10000 + g % 50000, 2500, 12500 + g % 50000,
             CASE WHEN g % 6 IN (1, 2, 3, 4) THEN 12500 + g % 50000 ELSE 0 END,
             now() - g * interval '5 minutes' + interval '48 hours', now() - g * interval '5 minutes', now()
      FROM generate_series(1, ${REPORT_ORDERS}) g;
    INSERT INTO order_lines (id, order_id, product_id, position, name, image, price, size, quantity)
      SELECT 'repline' || g, 'reporder' || g, NULL, 0, 'Produto ' || (g % 200), '', 10000 + g % 50000, 'Único', 1
      FROM generate_series(1, ${REPORT_ORDERS}) g;
    INSERT INTO payments (id, order_id, amount, bank_reference, bank_reference_key, received_at, actor)
      SELECT 'reppay' || g, 'reporder' || g, 12500 + g % 50000, 'BAI-TRF-' || g, 'baitrfrep' || g,
             now() - g * interval '5 minutes' + interval '3 hours', CASE WHEN g % 3 = 0 THEN 'Multicaixa' ELSE 'Bench' END
      FROM generate_series(1, ${REPORT_ORDERS}) g WHERE g % 6 IN (1, 2, 3, 4);
    ANALYZE;`;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

type BenchRow = { figure: string; value: string; goal: string; ok?: boolean };

async function measureOn(label: string, databaseUrl: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-reports-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    JWT_SECRET: "reports-bench-secret-that-is-long-enough-0123456789",
    SEED_DEMO: "true",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    PAYMENT_DEADLINE_WORKER: "false",
  });
  const started = await start(config, { logger: false, serveApps: false });
  const { app, deps } = started;
  const rows: BenchRow[] = [];
  try {
    const seedStart = performance.now();
    await deps.db.exec(seedSql());
    rows.push({
      figure: `${label}: seeded`,
      value: `${REPORT_ORDERS.toLocaleString("en")} orders, lines and ${Math.round((REPORT_ORDERS * 4) / 6).toLocaleString("en")} payments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      goal: "",
    });
    const admin = await createStaffAccount(deps.db.prisma, {
      email: "reports-admin@exemplo.ao",
      password: "bench-senha-forte-9",
      role: "admin",
    });
    const auth = { authorization: `Bearer ${await deps.tokens.sign({ userId: admin.id, role: "admin", sessionVersion: 0 })}` };
    const time = async (url: string, rounds: number, headers: Record<string, string> = {}) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.rawPayload.length;
      }
      return { p50: pct(times, 50), p95: pct(times, 95), bytes };
    };
    const reference = await time("/robots.txt", 25);
    rows.push({
      figure: `${label}: reference GET /robots.txt in process (no database)`,
      value: `p50 ${reference.p50.toFixed(2)} ms, p95 ${reference.p95.toFixed(2)} ms`,
      goal: "",
    });
    const measure = async (figure: string, url: string, rounds: number, goalMs: number) => {
      const t = await time(url, rounds, auth);
      rows.push({
        figure: `${label}: ${figure}`,
        value: `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${(t.p95 / reference.p50).toFixed(0)}× the reference), ${(t.bytes / 1024).toFixed(0)} KB`,
        goal: `p95 ≤ ${goalMs} ms`,
        ok: t.p95 <= goalMs,
      });
    };
    for (const period of ["today", "7d", "30d"])
      await measure(`dashboard numbers, ${period}`, `/admin/api/dashboard/numbers?period=${period}`, 15, 250);
    const day = (daysAgo: number) => luandaIsoDay(new Date(Date.now() - daysAgo * 86_400_000));
    await measure("orders.csv, 30 days (≈8,600 rows)", `/admin/api/reports/orders.csv?from=${day(29)}&to=${day(0)}`, 5, 1500);
    await measure("payments.csv, 30 days (≈5,800 rows)", `/admin/api/reports/payments.csv?from=${day(29)}&to=${day(0)}`, 5, 1500);
    await measure("orders.csv, a year (100,000 rows)", `/admin/api/reports/orders.csv?from=${day(360)}&to=${day(0)}`, 3, 15000);
    return rows;
  } finally {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PGlite always; PostgreSQL on a fresh database when BENCH_DATABASE_URL's server (default the local one) answers. */
export default async function reportsScale(): Promise<BenchRow[]> {
  const rows = await measureOn("PGlite", "");
  const server = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `loja_reports_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE DATABASE "${name}"`);
  } catch (error) {
    rows.push({ figure: "PostgreSQL", value: `not measured: ${(error as Error).message}`, goal: "" });
    return rows;
  }
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    rows.push(...(await measureOn("PostgreSQL", url.toString())));
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }
  return rows;
}
