// No money kept silently: an order with money recorded survives its deadline (flagged to staff once: a note, an
// alert, still in the Pagamentos queue; the shopper told what comes next); cancelling an order with money needs
// its refund recorded (POST /admin/api/orders/:id/refunds, made or "por devolver"); customer totals are net of refunds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder } from "./admin-fixtures.ts";
import { expireOverdueOrders, flagOverdueWithMoney } from "../../server/domain/payments/deadlines.ts";
import { formatKz } from "../../shared/money.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

const ALERTS = "alertas@loja.exemplo.ao";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  await t.prisma.shopSettings.upsert({
    where: { id: 1 },
    create: {
      id: 1,
      phones: [],
      emails: [],
      addresses: [],
      bankName: "BAI",
      accountHolder: "Loja",
      accountNumber: "1",
      iban: "AO06",
      staffAlertEmails: [ALERTS],
    },
    update: { staffAlertEmails: [ALERTS] },
  });
  t.deps.shopSettings.forget();
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, auth = support.auth) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const shopMessages = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);
const overdue = async (c: Customer) => {
  const order = await makeOrder(t, c.userId);
  return t.prisma.order.update({ where: { id: order.id }, data: { paymentDeadline: new Date(Date.now() - 60_000) } });
};

describe("the deadline never cancels an order with money", () => {
  it("keeps a partly paid order past its deadline, flags it to staff once and tells the shopper", async () => {
    const c = await registerCustomer(t.app);
    const partly = await overdue(c);
    const unpaid = await overdue(c);
    expect((await api("POST", `/orders/${partly.id}/payments`, { amount: 1000, bankReference: "PARCIAL-1" }, admin.auth)).statusCode).toBe(
      200,
    );
    const now = new Date();
    const cancelled = await expireOverdueOrders(t.prisma, now);
    await t.settled();
    expect(cancelled).toContain(unpaid.id);
    expect(cancelled).not.toContain(partly.id);
    expect(await flagOverdueWithMoney(t.prisma, now)).toContain(partly.id);
    await t.settled();
    expect(await flagOverdueWithMoney(t.prisma, new Date())).not.toContain(partly.id);
    await t.settled();

    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: partly.id }, include: { notes: true } });
    expect(row.status).toBe("Aguardando Pagamento");
    expect(row.notes.map((n) => n.text)).toEqual([expect.stringContaining(`Prazo de pagamento expirado com ${formatKz(1000)} recebidos`)]);
    const alerts = await t.prisma.outboxMail.findMany({ where: { kind: "staff-deadline-with-money", dedupeKey: { contains: partly.id } } });
    expect(alerts.map((m) => m.to)).toEqual([ALERTS]);
    await t.settled();
    expect((await shopMessages(c, partly.id)).at(-1)).toContain(
      `O prazo de pagamento terminou, mas já recebemos ${formatKz(1000)}. O pedido não foi cancelado`,
    );
    const queue = (await api("GET", `/payments?range=${encodeURIComponent("[0,999]")}`)).json() as AdminOrder[];
    expect(queue.map((o) => o.id)).toContain(partly.id);
  });
});

describe("POST /admin/api/orders/:id/refunds and cancelling with money", () => {
  it("refuses to cancel an order with money until its refund is recorded, then tells the shopper", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expect((await api("POST", `/orders/${order.id}/payments`, { amount: 5000, bankReference: "DEV-1" }, admin.auth)).statusCode).toBe(200);
    expectError(await api("PUT", `/orders/${order.id}`, { status: "Cancelado" }), 409, /registe a devolução/);
    expectError(await api("PUT", `/orders/${order.id}`, { status: "Cancelado", reason: "Sem stock" }, admin.auth), 409);
    expectError(await api("POST", `/orders/${order.id}/refunds`, { amount: 5000 }), 400, /por devolver/);
    expectError(await api("POST", `/orders/${order.id}/refunds`, { amount: 6000, pending: true }), 409, /excede/);
    expectError(await api("POST", `/orders/${order.id}/refunds`, { amount: 100, bankReference: "X", pending: true }), 400);
    const part = await api("POST", `/orders/${order.id}/refunds`, { amount: 2000, bankReference: "BAI-DEV-77" });
    expect(part.statusCode, part.body).toBe(200);
    expectError(await api("PUT", `/orders/${order.id}`, { status: "Cancelado" }), 409);
    const rest = await api("POST", `/orders/${order.id}/refunds`, { amount: 3000, pending: true, note: "Cliente envia IBAN" });
    expect(rest.statusCode, rest.body).toBe(200);
    const o: AdminOrder = rest.json();
    expect(o.amountRefunded).toBe(5000);
    expect(o.refunds.map((r) => [r.amount, r.bankReference, r.status])).toEqual([
      [2000, "BAI-DEV-77", "done"],
      [3000, null, "pending"],
    ]);
    const cancel = await api("PUT", `/orders/${order.id}`, { status: "Cancelado" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The shopper's orders carry each refund and the sum (docs/product/orders.md#refunds).
    const mine = (await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} })).json() as {
      orders: { _id: string; amountRefunded: number; refunds: { amount: number; status: string; createdAt: string }[] }[];
    };
    const shown = mine.orders.find((o) => o._id === order.id)!;
    expect(shown.amountRefunded).toBe(5000);
    expect(shown.refunds.map((r) => [r.amount, r.status])).toEqual([
      [2000, "done"],
      [3000, "pending"],
    ]);
    await t.settled();
    expect(await shopMessages(c, order.id)).toEqual(
      expect.arrayContaining([
        `Devolvemos ${formatKz(2000)} (ref. BAI-DEV-77).`,
        `Vamos devolver ${formatKz(3000)}: a equipa da loja vai contactá-lo para combinar a devolução.`,
      ]),
    );
  });

  it("checks who calls before the body, and the order", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expectError(await t.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/refunds`, payload: { amount: -1 } }), 401);
    expectError(await api("POST", `/orders/${order.id}/refunds`, { amount: -1 }, c.auth), 403);
    expectError(await api("POST", `/orders/naoexiste/refunds`, { amount: 1, pending: true }), 404);
    expectError(await api("POST", `/orders/${order.id}/refunds`, { amount: 1, pending: true }), 409);
  });

  it("counts a customer's money net of refunds", async () => {
    const c = await registerCustomer(t.app);
    const a = await makeOrder(t, c.userId);
    const b = await makeOrder(t, c.userId);
    await api("POST", `/orders/${a.id}/payments`, { amount: 3000, bankReference: "NET-1" }, admin.auth);
    await api("POST", `/orders/${b.id}/payments`, { amount: 2000, bankReference: "NET-2" }, admin.auth);
    await api("POST", `/orders/${b.id}/refunds`, { amount: 2000, bankReference: "NET-DEV-2" });
    expect((await api("PUT", `/orders/${b.id}`, { status: "Cancelado" })).statusCode).toBe(200);
    const customer = (await api("GET", `/customers/${c.userId}`)).json() as { totalSpent: number };
    expect(customer.totalSpent).toBe(3000);
  });
});
