// A bank statement of 10 000 lines, `BENCH_MATCHES` of them paying orders, imported by an admin
// (docs/design/performance.md#bank-statement-import): how long the upload takes to answer, and how long until the
// shop is idle again (every matched order told: its chat line, its "Pagamento confirmado" mail). On this checkout,
// and with `BENCH_BEFORE=/path/to/another/checkout` on that one too, in the same run:
// `npx tsx tests/bench/statement-import.ts`. Production shops on the embedded database (tests/bench/shop-client.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printRows, type FigureRow } from "./shop.ts";
import { call, cpuMs, customers, idleCpu, openShop, type Shop } from "./shop-client.ts";

const here = fileURLToPath(new URL("../..", import.meta.url));
const before = process.env.BENCH_BEFORE;
const LINES = 10_000;
const MATCHES = Number(process.env.BENCH_MATCHES ?? 1000);
/** Open unpaid orders an account may hold. */
const PER_CUSTOMER = 3;

const kz = (n: number) => n.toFixed(2).replace(".", ",");

/** `MATCHES` orders placed and still unpaid: their payment references and totals. */
async function unpaidOrders(shop: Shop): Promise<{ reference: string; total: number }[]> {
  const buyers = await customers(shop, Math.ceil(MATCHES / PER_CUSTOMER));
  const orders: { reference: string; total: number }[] = [];
  const total = shop.product.price + shop.fee;
  await Promise.all(
    buyers.map(async (c, i) => {
      const count = Math.min(PER_CUSTOMER, MATCHES - i * PER_CUSTOMER);
      for (let n = 0; n < count; n++)
        await call(
          shop,
          "POST",
          "/api/order/place",
          {
            address: {
              firstName: "Cliente",
              lastName: "Extrato",
              email: c.email,
              street: "Rua 1",
              city: "Luanda",
              state: "Luanda",
              zipcode: "1000",
              country: "Angola",
              phone: c.phone,
            },
            items: [{ _id: shop.product._id, size: shop.product.size, quantity: 1 }],
            totalAmount: total,
            paymentMethod: "cod",
          },
          c.auth,
        );
      const mine = await call<{ orders: { paymentReference: string | null }[] }>(shop, "POST", "/api/order/userorders", {}, c.auth);
      for (const o of mine.orders) if (o.paymentReference) orders.push({ reference: o.paymentReference, total });
    }),
  );
  return orders;
}

/** The bank's CSV: one credit line per order naming its reference with what it owes, the rest other movements. */
function statement(orders: { reference: string; total: number }[]): Buffer {
  const rows = ["Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo"];
  for (let i = 0; i < LINES; i++) {
    const order = orders[i];
    const stamp = `${String(1 + (i % 28)).padStart(2, "0")}-11-2026`;
    rows.push(
      order
        ? `${stamp};${stamp};TRF ${order.reference} CLIENTE ${i};;${kz(order.total)};${kz(1_000_000 + i)}`
        : i % 3 === 0
          ? `${stamp};${stamp};COMPRA TPA LOJA ${i};${kz(1000 + i)};;${kz(1_000_000 + i)}`
          : `${stamp};${stamp};TRF SEM REFERENCIA ${i};;${kz(5000 + i)};${kz(1_000_000 + i)}`,
    );
  }
  return Buffer.from(rows.join("\n"), "utf8");
}

async function importOn(name: string, checkout: string): Promise<FigureRow> {
  const shop = await openShop(name, checkout);
  try {
    const orders = await unpaidOrders(shop);
    const csv = statement(orders);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(csv)], { type: "text/csv" }), "extrato.csv");
    const cpuBefore = await idleCpu(shop.pid);
    const started = performance.now();
    const res = await fetch(`${shop.url}/admin/api/bank-statements`, { method: "POST", headers: shop.adminAuth, body: form });
    const answered = performance.now();
    const body = await res.text();
    if (!res.ok) throw new Error(`import on ${name}: ${res.status} ${body}`);
    const cpuAtAnswer = cpuMs(shop.pid);
    const idleCpuMs = await idleCpu(shop.pid);
    // The idle check waits for 500 ms of quiet: that wait is not the shop's work.
    const settled = performance.now() - 500;
    return {
      figure: `${name}: a ${LINES}-line statement (${csv.length} bytes), ${orders.length} lines paying unpaid orders`,
      value:
        `answered in ${((answered - started) / 1000).toFixed(1)} s (shop CPU ${((cpuAtAnswer - cpuBefore) / 1000).toFixed(1)} s); ` +
        `idle again (every order told) after ${((settled - started) / 1000).toFixed(1)} s (CPU ${((idleCpuMs - cpuBefore) / 1000).toFixed(1)} s); ` +
        `reply: ${body.slice(0, 160)}`,
      goal: "answers in seconds",
      ok: answered - started < 10_000,
    };
  } finally {
    await shop.stop();
  }
}

const rows: FigureRow[] = [];
if (before) rows.push(await importOn("antes", before));
rows.push(await importOn("agora", here));
rows.push({ figure: "machine load", value: readFileSync("/proc/loadavg", "utf8").trim(), goal: "" });
printRows(rows);
