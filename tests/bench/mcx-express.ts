// npx tsx tests/bench/mcx-express.ts: what POST /api/order/mcx-express costs beyond AppyPay (docs/design/performance.md).
// The shop (a production start on a fresh embedded database, or BENCH_DATABASE_URL's PostgreSQL) asks a local
// AppyPay stand-in that answers after 0 ms, then after DELAY ms: the request should grow by one round trip (the
// POST /charges; the token is cached) and AppyPay should see exactly one call per request. Prints the figures and
// exits 1 when more than one round trip was added.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { AppyPayStandin } from "../helpers/appypay-standin.ts";

const DELAY = Number(process.env.BENCH_APPYPAY_DELAY_MS ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const SECRET = "bench-webhook-secret-0123456789abcdef";

const standin = await new AppyPayStandin().start();
standin.charges();
const dataDir = mkdtempSync(path.join(tmpdir(), "loja-bench-mcx-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  PUBLIC_URL: "http://127.0.0.1",
  LOG_LEVEL: "silent",
  JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-0123456789",
  SEED_DEMO: "true",
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
  PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
  PAYMENT_DEADLINE_WORKER: "false",
  ...standin.env({ APPYPAY_GPO_METHOD: "GPO_53c70da3-1c88-4391-8b60-ab4757fbb044", APPYPAY_WEBHOOK_SECRET: SECRET }),
});
const { app, close } = await start(config, { logger: false, limits: { registerPerWindow: 1_000_000, openUnpaidOrders: 1_000_000 } });

const inject = async <T>(url: string, payload: unknown, token?: string) => {
  const res = await app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

const products = (await app.inject({ method: "GET", url: "/api/product/list" })).json() as {
  products: { _id: string; price: number; sizes: string[] }[];
};
const product = products.products.find((p) => p.sizes.length > 0 && p.price > 0)!;
const fee = (
  (await app.inject({ method: "GET", url: `/api/delivery/options?state=Luanda&city=Luanda&subtotal=${product.price}` })).json() as {
    options: { fee: number }[];
  }
).options[0]!.fee;

let n = 0;
/** A new shopper (each may ask 20 charges a minute) with one unpaid order. */
async function order(): Promise<{ token: string; orderId: string }> {
  const email = `bench.mcx.${Date.now()}.${n++}@exemplo.ao`;
  const { token } = await inject<{ token: string }>("/api/user/register", { name: "Bench", email, password: "senha-segura-1" });
  const address = {
    firstName: "Bench",
    lastName: "Mcx",
    email,
    street: "Rua 1",
    city: "Luanda",
    state: "Luanda",
    zipcode: "1000",
    country: "Angola",
    phone: `+244 923 ${String(100_000 + n)}`,
  };
  const { orderId } = await inject<{ orderId: string }>(
    "/api/order/place",
    { address, items: [{ _id: product._id, size: product.sizes[0], quantity: 1 }], totalAmount: product.price + fee, paymentMethod: "cod" },
    token,
  );
  return { token, orderId };
}

/** Median wall time of REQUESTS charges with AppyPay answering after `delay` ms, and AppyPay's calls per request. */
async function measure(delay: number): Promise<{ median: number; callsPerRequest: number }> {
  const orders = [];
  for (let i = 0; i < REQUESTS; i++) orders.push(await order());
  standin.delayMs = delay;
  const before = standin.calls.length;
  const times: number[] = [];
  for (const o of orders) {
    const t0 = performance.now();
    await inject("/api/order/mcx-express", { orderId: o.orderId, phoneNumber: "923 456 789" }, o.token);
    times.push(performance.now() - t0);
  }
  const calls = standin.calls.length - before;
  standin.delayMs = 0;
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, callsPerRequest: calls / REQUESTS };
}

/** What one bare round trip to the stand-in costs at `delay` (its timer overshoots a little under load). */
async function roundTrip(delay: number): Promise<number> {
  standin.delayMs = delay;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await (await fetch(`${standin.url}/v2.0/charges/bench`)).text();
    times.push(performance.now() - t0);
  }
  standin.delayMs = 0;
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

try {
  // Warm: the first request signs in (the token is cached for an hour after it) and compiles the route.
  const warm = await order();
  await inject("/api/order/mcx-express", { orderId: warm.orderId, phoneNumber: "923456789" }, warm.token);
  const direct = await measure(0);
  const delayed = await measure(DELAY);
  const added = delayed.median - direct.median;
  const oneTrip = (await roundTrip(DELAY)) - (await roundTrip(0));
  const roundTrips = added / oneTrip;
  console.log(`POST /api/order/mcx-express (${config.databaseUrl ? "PostgreSQL" : "embedded"}), ${REQUESTS} requests each:`);
  console.log(`  AppyPay at 0 ms: median ${direct.median.toFixed(1)} ms; at ${DELAY} ms: median ${delayed.median.toFixed(1)} ms`);
  console.log(
    `  added ${added.toFixed(1)} ms; one bare round trip to the stand-in adds ${oneTrip.toFixed(1)} ms: ${roundTrips.toFixed(2)} round trips; AppyPay calls per request: ${delayed.callsPerRequest}`,
  );
  const ok = roundTrips <= 1.15 && delayed.callsPerRequest === 1;
  console.log(ok ? "  OK: one gateway round trip" : "  MORE than one gateway round trip");
  process.exitCode = ok ? 0 : 1;
} finally {
  await close();
  await standin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
