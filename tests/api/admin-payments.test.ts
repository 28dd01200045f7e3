// Staff record money received (POST /admin/api/orders/:id/payments); the order is confirmed when the
// total is covered, partly paid otherwise; every status change and payment is told in the order's chat by the shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder } from "./admin-fixtures.ts";
import { formatKz } from "../../shared/money.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const pay = (orderId: string, payload: unknown, auth: Record<string, string> = support.auth) =>
  t.app.inject({ method: "POST", url: `/admin/api/orders/${orderId}/payments`, headers: auth, payload: payload as object });
const shopMessages = async (orderId: string, auth: Record<string, string>) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);

describe("POST /admin/api/orders/:id/payments", () => {
  // An admin's payment counts at once; support's waits for the bank or an admin (tests/api/confirmed-payments.test.ts).
  it("confirms the order when an admin's payment covers the total: paid, history by the admin, chat message", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const res = await pay(
      order.id,
      { amount: total, bankReference: "BAI-778812", receivedAt: new Date(Date.now() - 3_600_000).toISOString(), note: "Extrato de hoje" },
      admin.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: total, paymentState: "paid" });
    expect(o.payments).toEqual([
      expect.objectContaining({ amount: total, bankReference: "BAI-778812", note: "Extrato de hoje", actor: "Admin Teste" }),
    ]);
    expect(o.history.at(-1)).toMatchObject({ status: "Pagamento Confirmado", by: { id: admin.userId, name: "Admin Teste" } });
    await t.settled();
    expect(await shopMessages(order.id, c.auth)).toEqual([`Recebemos ${formatKz(total)} (ref. BAI-778812). Pagamento confirmado.`]);
    const row = await t.prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect([row.recordedById, row.amount.toNumber()]).toEqual([admin.userId, total]);
  });

  it("leaves a partly paid order awaiting payment, then confirms it when the rest arrives", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const part = await pay(order.id, { amount: 1000.5, bankReference: "REF-1" }, admin.auth);
    expect(part.json()).toMatchObject({ status: "Aguardando Pagamento", paid: false, amountPaid: 1000.5, paymentState: "partial" });
    const rest = await pay(order.id, { amount: Math.round((total - 1000.5) * 100) / 100, bankReference: "REF-2" }, admin.auth);
    expect(rest.json()).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: total, paymentState: "paid" });
    await t.settled();
    expect(await shopMessages(order.id, c.auth)).toEqual([
      `Recebemos ${formatKz(1000.5)} (ref. REF-1). Falta pagar ${formatKz(total - 1000.5)}.`,
      `Recebemos ${formatKz(total - 1000.5)} (ref. REF-2). Pagamento confirmado.`,
    ]);
  });

  it("counts two payments recorded at once both", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const results = await Promise.all([
      pay(order.id, { amount: 10, bankReference: "A" }, admin.auth),
      pay(order.id, { amount: 15, bankReference: "B" }, admin.auth),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(25);
  });

  it("refuses a cancelled order (409) and an unknown one (404), recording nothing", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId, { status: "Cancelado" });
    expectError(
      await pay(order.id, { amount: 100, bankReference: "X" }),
      409,
      "Este pedido está cancelado: não é possível registar pagamentos",
    );
    expectError(await pay("naoexiste", { amount: 100, bankReference: "X" }), 404, "Pedido não encontrado");
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(0);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(0);
  });

  it("validates the amount, the reference and the date within the column's bounds", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    for (const amount of [0, -5, 10_000_000_000, "100", null]) expectError(await pay(order.id, { amount, bankReference: "X" }), 400);
    expectError(await pay(order.id, { amount: 1.005, bankReference: "X" }), 400, "O valor pode ter no máximo 2 casas decimais");
    expectError(await pay(order.id, { amount: 1, bankReference: "" }), 400);
    expectError(await pay(order.id, { amount: 1, bankReference: "   " }), 400, "Indique a referência do banco");
    expectError(await pay(order.id, { amount: 1, bankReference: "x".repeat(101) }), 400);
    expectError(
      await pay(order.id, { amount: 1, bankReference: "X", receivedAt: new Date(Date.now() + 3_600_000).toISOString() }),
      400,
      "A data de receção não pode ser no futuro",
    );
    expectError(await pay(order.id, { amount: 1, bankReference: "X", receivedAt: "ontem" }), 400);
    expectError(await pay(order.id, { amount: 1, bankReference: "X", paid: true }), 400, "Campo não permitido: paid");
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(0);
    const max = await pay(order.id, { amount: 9_999_999_999.99, bankReference: "MAX", overpayment: true });
    expect(max.statusCode, max.body).toBe(200);
  });

  it("checks who calls before the body: no token 401, a customer 403, whatever the body", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expectError(await t.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/payments`, payload: { amount: -1 } }), 401);
    expectError(await pay(order.id, { amount: -1 }, c.auth), 403);
    expectError(await pay(order.id, { amount: 10, bankReference: "X" }, c.auth), 403);
  });
});

describe("shop messages on status changes", () => {
  it("tells the shopper each status change (with the reason), never as unread for support", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId, { status: "Enviado" });
    const put = (payload: object) => t.app.inject({ method: "PUT", url: `/admin/api/orders/${order.id}`, headers: admin.auth, payload });
    expect((await put({ status: "Entregue" })).statusCode).toBe(200);
    expect((await put({ status: "Enviado", reason: "Morada errada, volta a sair" })).statusCode).toBe(200);
    await t.settled();
    expect(await shopMessages(order.id, c.auth)).toEqual([
      "O estado do pedido mudou para: Entregue",
      "O estado do pedido mudou para: Enviado. Motivo: Morada errada, volta a sair",
    ]);
    const detail: AdminOrder = (await t.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}`, headers: admin.auth })).json();
    expect(detail.unread).toBe(0);
    const messages = (
      await t.app.inject({ method: "GET", url: `/admin/api/conversations/${order.id}/messages`, headers: admin.auth })
    ).json();
    expect(JSON.stringify(messages)).toContain('"sender":"shop"');
  });
});
