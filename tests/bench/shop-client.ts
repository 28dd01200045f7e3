// A bench's client of a production shop process (tests/bench/shop.ts): the shop opened with its demo admin and
// without the owner's hourly cap, fresh customers each from an address of its own, JSON calls, and the shop's CPU
// time read from /proc (to count what a request costs with the reactions that follow it).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBenchShop, type BenchShop } from "./shop.ts";

const ADMIN_PASSWORD = "bench-admin-password-1";
const CLOCK_TICKS = 100;

/** The process's CPU time (user + system), in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Waits until the shop used less than 20 ms of CPU in 500 ms (its reactions done), and answers its CPU time then. */
export async function idleCpu(pid: number): Promise<number> {
  let last = cpuMs(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMs(pid);
    if (now - last < 20) return now;
    last = now;
  }
}

export interface Shop extends BenchShop {
  name: string;
  adminAuth: Record<string, string>;
  product: { _id: string; price: number; size: string };
  fee: number;
}

let clientNumber = 0;
/** Each customer's delivery phone of its own (the shop caps open unpaid orders per phone). */
let phones = 0;
/** Every customer comes from an address of its own (the shop trusts the bench's X-Forwarded-For), as real shoppers do. */
const fromAddress = () => ({ "x-forwarded-for": `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber++ & 255}` });

export async function call<T>(shop: { url: string }, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.url}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A shop of `checkout` on a fresh embedded database, or, with BENCH_POSTGRES (a server's URL, e.g.
 * postgresql://postgres@127.0.0.1:5432/postgres), on a fresh PostgreSQL database of its own (its CPU then runs in the
 * database's processes too: compare requests per second, not the shop's CPU).
 */
export async function openShop(name: string, checkout: string): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `loja-bench-writes-${name}-`));
  const server = process.env.BENCH_POSTGRES;
  const database = `loja_bench_${name}_${process.pid}`;
  const env: Record<string, string> = {
    DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    TRUST_PROXY: "127.0.0.1",
    PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
    LOG_LEVEL: "error",
  };
  if (server) {
    const url = new URL(server);
    execFileSync("psql", [server, "-q", "-c", `DROP DATABASE IF EXISTS ${database}`, "-c", `CREATE DATABASE ${database}`]);
    url.pathname = `/${database}`;
    Object.assign(env, { DATABASE_URL: url.href, JWT_SECRET: "bench-jwt-secret-that-is-long-enough-0123456789", SEED_DEMO: "true" });
    // No demo admin on PostgreSQL: the shop's own command creates one (its migrations run first).
    execFileSync(process.execPath, [path.join(checkout, "scripts/cli.mjs"), "db-migrate"], {
      cwd: checkout,
      env: { ...process.env, ...env },
    });
    execFileSync(
      process.execPath,
      [
        path.join(checkout, "scripts/cli.mjs"),
        "staff-create",
        "--email",
        "admin@loja.local",
        "--password",
        ADMIN_PASSWORD,
        "--role",
        "admin",
      ],
      { cwd: checkout, env: { ...process.env, ...env } },
    );
  }
  const started = await startBenchShop(dataDir, env, checkout);
  const stop = async () => {
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (server) execFileSync("psql", [server, "-qc", `DROP DATABASE IF EXISTS ${database}`]);
  };
  const { token } = await call<{ token: string }>(started, "POST", "/admin/api/auth/login", {
    email: "admin@loja.local",
    password: ADMIN_PASSWORD,
  });
  const adminAuth = { authorization: `Bearer ${token}` };
  // The whole shop's hourly cap would stop the bench: the owner's highest.
  const settings = await call<Record<string, unknown>>(started, "GET", "/admin/api/settings/1", undefined, adminAuth);
  const { id: _id, isDemo: _demo, updatedAt: _at, changes: _changes, ...editable } = settings;
  await call(started, "PUT", "/admin/api/settings/1", { ...editable, placementsPerHour: 100_000 }, adminAuth);
  const { products } = await call<{ products: { _id: string; price: number; sizes: string[] }[] }>(started, "GET", "/api/product/list");
  const product = products.find((p) => p.sizes.length > 0 && p.price > 0)!;
  const query = new URLSearchParams({ state: "Luanda", city: "Luanda", subtotal: String(product.price) });
  const { options } = await call<{ options: { fee: number }[] }>(started, "GET", `/api/delivery/options?${query}`);
  return { ...started, stop, name, adminAuth, product: { ...product, size: product.sizes[0]! }, fee: options[0]!.fee };
}

/** `count` new customers, each with a delivery phone of its own. */
export async function customers(shop: Shop, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `bench.${shop.name}.${Date.now()}.${clientNumber}.${i}@exemplo.ao`;
      const headers = fromAddress();
      const { token } = await call<{ token: string }>(
        shop,
        "POST",
        "/api/user/register",
        { name: "Cliente Bench", email, password: "senha-segura-1" },
        headers,
      );
      const phone = `92${String(1_000_000 + phones++).slice(-7)}`;
      return { auth: { authorization: `Bearer ${token}`, ...headers }, email, phone };
    }),
  );
}
