// An unpaid bank-transfer order past its deadline is cancelled ("prazo de pagamento expirado"), a
// proof awaiting a decision holds it, two instances cancel each order once, and the shopper is reminded once
// at half the time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expireOverdueOrders, remindHalfway } from "../../server/domain/payments/deadlines.ts";
import { liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { multipart } from "./admin-fixtures.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";
import { setTimeout as sleep } from "node:timers/promises";

let t: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  // ≈ 1.1 s to pay; the rounds are driven by the tests (the 10 s worker would race them)
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_HOURS: "0.0003", PAYMENT_DEADLINE_WORKER: "false" } });
  products = await liveProducts(t);
});
afterAll(() => t.close());

/** Places an order (its mails and chat lines follow from its reactions: `t.settled()` before reading them). */
const place = async (c: Customer) =>
  ((await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth)).json() as { orderId: string }).orderId;
const shopTexts = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);

describe("payment deadline expiry", () => {
  it("cancels an order past its deadline within the test, with the reason in history and chat; a pending proof holds another", async () => {
    const c = await registerCustomer(t.app);
    const expiring = await place(c);
    const held = await place(c);
    const form = multipart([
      { name: "orderId", value: held },
      { name: "file", file: { bytes: pdfWithText(["Montante"]), filename: "c.pdf", type: "application/pdf" } },
    ]);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/order/proof", headers: { ...c.auth, ...form.headers }, payload: form.payload }))
        .statusCode,
    ).toBe(200);
    // Not before its deadline (asked as of just before it: a loaded machine may take a second to get here).
    const deadline = (await t.prisma.order.findUniqueOrThrow({ where: { id: expiring } })).paymentDeadline!;
    expect(await expireOverdueOrders(t.prisma, new Date(deadline.getTime() - 1))).not.toContain(expiring);
    await t.settled();
    await sleep(1_300);
    const cancelled = await expireOverdueOrders(t.prisma, new Date());
    await t.settled();
    expect(cancelled).toContain(expiring);
    expect(cancelled).not.toContain(held);
    const row = await t.prisma.order.findUniqueOrThrow({
      where: { id: expiring },
      include: { statusHistory: { orderBy: { createdAt: "asc" } } },
    });
    expect(row.status).toBe("Cancelado");
    expect(row.statusHistory.map((h) => [h.status, h.changedById, h.note])).toEqual([
      ["Aguardando Pagamento", null, null],
      ["Cancelado", null, "prazo de pagamento expirado"],
    ]);
    expect(await shopTexts(c, expiring)).toContain("O estado do pedido mudou para: Cancelado. Motivo: prazo de pagamento expirado");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: held } })).status).toBe("Aguardando Pagamento");
    expect(await expireOverdueOrders(t.prisma, new Date())).not.toContain(expiring);
    await t.settled();
  });

  it("cancels each order once when two instances run at the same moment", async () => {
    const c = await registerCustomer(t.app);
    const ids = [await place(c), await place(c), await place(c)];
    await sleep(1_300);
    const [a, b] = await Promise.all([expireOverdueOrders(t.prisma, new Date()), expireOverdueOrders(t.prisma, new Date())]);
    await t.settled();
    for (const id of ids) {
      expect([a.includes(id), b.includes(id)].filter(Boolean)).toHaveLength(1);
      expect(await t.prisma.orderStatusChange.count({ where: { orderId: id, status: "Cancelado" } })).toBe(1);
    }
  });

  it("reminds the shopper once at half the time", async () => {
    const c = await registerCustomer(t.app);
    const id = await place(c);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id } });
    const halfway = new Date(row.createdAt.getTime() + (row.paymentDeadline!.getTime() - row.createdAt.getTime()) / 2 + 10);
    expect(await remindHalfway(t.prisma, new Date(row.createdAt.getTime() + 1))).not.toContain(id);
    await t.settled();
    expect(await remindHalfway(t.prisma, halfway)).toContain(id);
    await t.settled();
    expect(await remindHalfway(t.prisma, halfway)).not.toContain(id);
    await t.settled();
    const texts = await shopTexts(c, id);
    expect(texts.filter((x) => x.startsWith("Lembrete: o prazo para pagar "))).toHaveLength(1);
    expect(texts[0]).toContain(row.paymentReference!);
  });
});

describe("the deadline worker", () => {
  it("runs with the app (every PAYMENT_DEADLINE_INTERVAL_SECONDS) and cancels an overdue order on its own", async () => {
    const own = await buildTestApp({ env: { PAYMENT_DEADLINE_HOURS: "0.0003", PAYMENT_DEADLINE_INTERVAL_SECONDS: "1" } });
    try {
      const c = await registerCustomer(own.app);
      const res = await post(own, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth);
      const { orderId } = res.json() as { orderId: string };
      let status = "";
      for (let waited = 0; waited < 25_000 && status !== "Cancelado"; waited += 500) {
        await sleep(500);
        status = (await own.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status;
      }
      expect(status).toBe("Cancelado");
    } finally {
      await own.close();
    }
  }, 40_000);
});
