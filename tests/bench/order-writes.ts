// Placement and a status change on two checkouts of the shop, side by side in one run (docs/design/performance.md#
// placement-and-status-changes-before-and-after): `BENCH_BEFORE=/path/to/another/checkout npx tsx tests/bench/order-writes.ts`.
// Each checkout's production shop (embedded database, demo catalogue, its apps not needed) serves the same work in
// alternating rounds, so a busy moment of the machine falls on both: `BENCH_ORDERS` placements by as many fresh
// customers, `BENCH_CONCURRENCY` at a time, then a staff move of each of those orders to Cancelado (what the
// shopper is told, the chat line, the stock given back). Each figure is the median of `BENCH_ROUNDS` rounds: the
// requests per second, and the shop's CPU per request counted until it is idle again, so the reactions that follow
// the answer (mails, chat lines: after the commit since domain events) are paid for too.
// The other checkout needs its dependencies (a worktree with this one's node_modules linked, and `npm run
// prisma:generate` run in it) and its server bundle is built on its first start.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { median, printRows, type FigureRow } from "./shop.ts";
import { call, customers, idleCpu, openShop, type Shop } from "./shop-client.ts";

const here = fileURLToPath(new URL("../..", import.meta.url));
const before = process.env.BENCH_BEFORE;
if (!before) throw new Error("BENCH_BEFORE: the other checkout to compare with (e.g. a worktree of the commit before a change)");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
/** Runs `work` over `items`, `CONCURRENCY` at a time; answers requests per second and the shop's CPU per request. */
async function measure<T>(shop: Shop, items: T[], work: (item: T) => Promise<unknown>): Promise<{ rps: number; cpuPerRequest: number }> {
  const cpuBefore = await idleCpu(shop.pid);
  const queue = [...items];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await idleCpu(shop.pid);
  return { rps: items.length / seconds, cpuPerRequest: (cpuAfter - cpuBefore) / items.length };
}

async function round(shop: Shop) {
  const buyers = await customers(shop, ORDERS);
  const orderIds: string[] = [];
  const placement = await measure(shop, buyers, async (c) => {
    const { orderId } = await call<{ orderId: string }>(
      shop,
      "POST",
      "/api/order/place",
      {
        address: {
          firstName: "Cliente",
          lastName: "Bench",
          email: c.email,
          street: "Rua 1",
          city: "Luanda",
          state: "Luanda",
          zipcode: "1000",
          country: "Angola",
          phone: c.phone,
        },
        items: [{ _id: shop.product._id, size: shop.product.size, quantity: 1 }],
        totalAmount: shop.product.price + shop.fee,
        paymentMethod: "cod",
      },
      c.auth,
    );
    orderIds.push(orderId);
  });
  const statusChange = await measure(shop, orderIds, (id) =>
    call(shop, "PUT", `/admin/api/orders/${id}`, { status: "Cancelado", reason: "Bench" }, shop.adminAuth),
  );
  return { placement, statusChange };
}

const shops = [await openShop("antes", before), await openShop("agora", here)];
try {
  const results = new Map<string, Awaited<ReturnType<typeof round>>[]>(shops.map((s) => [s.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which goes first, so neither always meets a warmer (or busier) machine.
    for (const shop of r % 2 === 0 ? shops : [...shops].reverse()) results.get(shop.name)!.push(await round(shop));
    process.stdout.write(".");
  }
  console.log();
  const rows: FigureRow[] = [];
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  for (const what of ["placement", "statusChange"] as const) {
    const of = (name: string) => results.get(name)!.map((x) => x[what]);
    const [b, a] = [of("antes"), of("agora")];
    const rpsRatios = b.map((x, i) => a[i]!.rps / x.rps);
    const cpuRatios = b.map((x, i) => a[i]!.cpuPerRequest / x.cpuPerRequest);
    const label = what === "placement" ? "POST /api/order/place" : "PUT /admin/api/orders/:id → Cancelado";
    rows.push({
      figure: `${label}, ${ORDERS} a round at ${CONCURRENCY} at a time, ${ROUNDS} rounds (load ${load})`,
      value:
        `requests/s now ÷ before: median ${median(rpsRatios).toFixed(2)} (rounds ${rpsRatios.map((x) => x.toFixed(2)).join(", ")}; ` +
        `before ${median(b.map((x) => x.rps)).toFixed(1)}/s, now ${median(a.map((x) => x.rps)).toFixed(1)}/s); ` +
        `shop CPU per request with its reactions now ÷ before: median ${median(cpuRatios).toFixed(2)} ` +
        `(before ${median(b.map((x) => x.cpuPerRequest)).toFixed(1)} ms, now ${median(a.map((x) => x.cpuPerRequest)).toFixed(1)} ms)`,
      goal: "requests/s ≥ 0.95 of before",
      ok: median(rpsRatios) >= 0.95,
    });
  }
  printRows(rows);
} finally {
  await Promise.all(shops.map((s) => s.stop()));
}
