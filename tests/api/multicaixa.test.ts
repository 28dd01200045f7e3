// Multicaixa "Pagamento por Referência" through ProxyPay, against a local stand-in: every bank-transfer
// order gets a reference valid until its deadline; signed notifications record the payment once; a forged or
// missing signature changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expireOverdueOrders } from "../../server/domain/payments/deadlines.ts";
import { pollMulticaixaPayments } from "../../server/jobs/payment-deadlines.ts";
import { appWithProxyPay, type ProxyPayStandin } from "../helpers/proxypay-standin.ts";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let proxypay: ProxyPayStandin;
let close: (() => Promise<void>) | undefined;
let products: CatalogueProduct[];
beforeAll(async () => {
  ({ t, proxypay, close } = await appWithProxyPay());
  products = await liveProducts(t);
});
afterAll(() => close?.());

const place = async (c: Customer) =>
  ((await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth)).json() as { orderId: string }).orderId;
const notify = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers, payload: body });

describe("Multicaixa references (ProxyPay)", () => {
  it("gives a bank-transfer order a reference for its total until its deadline, shown in userorders", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.multicaixaReference).toMatch(/^\d+$/);
    const reference = proxypay.references.get(order.multicaixaReference!)!;
    expect(reference).toMatchObject({
      amount: order.totalAmount.toNumber(),
      end_datetime: order.paymentDeadline!.toISOString(),
      deleted: false,
    });
    const mine = ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: { multicaixa: unknown }[] }).orders[0]!;
    expect(mine.multicaixa).toEqual({ entity: "12345", reference: order.multicaixaReference, amount: order.totalAmount.toNumber() });
  });

  it("records a signed payment once (actor Multicaixa), confirming the order; a replay is counted once", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const { body, headers } = proxypay.webhookFor(proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber()));
    expect((await notify(body, headers)).json()).toEqual({ success: true });
    expect((await notify(body, headers)).statusCode).toBe(200);
    const after = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true } });
    expect([after.status, after.paid, after.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", true, order.totalAmount.toNumber()]);
    expect(after.payments.map((p) => p.actor)).toEqual(["Multicaixa"]);
  });

  it("leaves a smaller payment as partly paid", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const { body, headers } = proxypay.webhookFor(proxypay.pay(order.multicaixaReference!, 100));
    expect((await notify(body, headers)).statusCode).toBe(200);
    const mine = (
      (await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: { _id: string; status: string; paymentState: string }[] }
    ).orders.find((o) => o._id === orderId)!;
    expect([mine.status, mine.paymentState]).toEqual(["Aguardando Pagamento", "partial"]);
  });

  it("changes nothing for a forged or missing X-Signature", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const { body, headers } = proxypay.webhookFor(proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber()));
    expectError(await notify(body, { "content-type": "application/json" }), 401, "Assinatura inválida");
    expectError(await notify(body, { ...headers, "x-signature": "0".repeat(64) }), 401);
    expectError(await notify(body.replace(/"amount":"[^"]+"/, '"amount":"999999.00"'), headers), 401);
    const after = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect([after.status, after.amountPaid.toNumber()]).toEqual(["Aguardando Pagamento", 0]);
    expect(await t.prisma.payment.count({ where: { orderId } })).toBe(0);
  });

  it("withdraws the reference when staff cancel the order or its deadline passes", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [await place(c), await place(c)];
    const refOf = async (id: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id } })).multicaixaReference!;
    const staff = await createStaff(t, "support");
    expect(
      (await t.app.inject({ method: "PUT", url: `/admin/api/orders/${a}`, headers: staff.auth, payload: { status: "Cancelado" } }))
        .statusCode,
    ).toBe(200);
    await t.settled();
    expect(proxypay.references.get(await refOf(a))!.deleted).toBe(true);
    const deadline = (await t.prisma.order.findUniqueOrThrow({ where: { id: b } })).paymentDeadline!;
    expect(await expireOverdueOrders(t.prisma, new Date(deadline.getTime() + 1))).toContain(b);
    await t.settled();
    expect(proxypay.references.get(await refOf(b))!.deleted).toBe(true);
  });

  it("catches a payment no webhook delivered by polling, records it once and acknowledges it", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const paid = proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber());
    expect(await pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!)).toBeGreaterThanOrEqual(1);
    await t.settled();
    expect(proxypay.pending.has(paid.id)).toBe(false);
    const { body, headers } = proxypay.webhookFor(paid);
    expect((await notify(body, headers)).statusCode).toBe(200);
    expect(await t.prisma.payment.count({ where: { orderId } })).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("Pagamento Confirmado");
  });

  it("reports money that reaches a cancelled order: a note and an e-mail for staff, a chat message for the shopper, once", async () => {
    const alerts = "alertas@loja.exemplo.ao";
    await t.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [alerts] } });
    t.deps.shopSettings.forget();
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    // The shopper pays at an ATM while staff cancel the order.
    const paid = proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber());
    const staff = await createStaff(t, "support");
    expect(
      (await t.app.inject({ method: "PUT", url: `/admin/api/orders/${orderId}`, headers: staff.auth, payload: { status: "Cancelado" } }))
        .statusCode,
    ).toBe(200);
    const { body, headers } = proxypay.webhookFor(paid);
    // Delivered by the webhook and the poller at the same moment, then by a retry of the webhook.
    const [first] = await Promise.all([notify(body, headers), pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!)]);
    await t.settled();
    expect(first.statusCode).toBe(200);
    expect((await notify(body, headers)).statusCode).toBe(200);

    const after = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true, notes: true } });
    expect([after.status, after.amountPaid.toNumber(), after.payments.length]).toEqual(["Cancelado", 0, 0]);
    expect(after.notes).toHaveLength(1);
    expect(after.notes[0]).toMatchObject({ authorId: null });
    expect(after.notes[0]!.text).toContain(String(paid.id));
    expect(after.notes[0]!.text).toMatch(/recebido depois do cancelamento .* devolva-o ao cliente/);
    const shopMessages = await t.prisma.message.findMany({
      where: { orderId, sender: "shop", text: { contains: "depois de este pedido ter sido cancelado" } },
    });
    expect(shopMessages).toHaveLength(1);
    const mails = await t.prisma.outboxMail.findMany({
      where: { kind: "staff-payment-on-cancelled", dedupeKey: { contains: String(paid.id) } },
    });
    expect(mails.map((m) => m.to)).toEqual([alerts]);
    expect(mails[0]!.subject).toMatch(/^Pagamento recebido para um pedido cancelado/);
    expect(await t.prisma.multicaixaPayment.findUniqueOrThrow({ where: { paymentId: String(paid.id) } })).toMatchObject({
      outcome: "order-cancelled",
      orderId,
      ledgerPaymentId: null,
    });
    // The shopper's own view: the money did not count, the order stays cancelled.
    const mine = ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: { _id: string; status: string }[] }).orders.find(
      (o) => o._id === orderId,
    )!;
    expect(mine.status).toBe("Cancelado");
  });

  it("needs PROXYPAY_API_KEY and PROXYPAY_ENTITY together", () => {
    expect(() => loadConfig({ PROXYPAY_API_KEY: "k" })).toThrow(ConfigError);
    expect(loadConfig({ PROXYPAY_API_KEY: "k", PROXYPAY_ENTITY: "12345" }).proxypay).toEqual({
      apiKey: "k",
      entity: "12345",
      baseUrl: "https://api.proxypay.co.ao",
    });
  });
});

// A signed notification with an impossible payment date (2099, or before Multicaixa existed) is refused and records
// nothing; a payment dated now, or a few hours ahead (clocks, time zones), is recorded.
async function orderPaidAt(datetime: string) {
  const orderId = await place(await registerCustomer(t.app));
  const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  const payment = { ...proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber()), datetime };
  const { body, headers } = proxypay.webhookFor(payment);
  const res = await notify(body, headers);
  return { res, orderId };
}

describe("ProxyPay webhook payment dates", () => {
  it.each(["2099-01-01T10:00:00.000Z", new Date(Date.now() + 3 * 24 * 3600_000).toISOString(), "1999-12-31T23:00:00.000Z"])(
    "refuses a payment dated %s and records nothing",
    async (datetime) => {
      const { res, orderId } = await orderPaidAt(datetime);
      expectError(res, 400, "Notificação inválida: data de pagamento impossível");
      expect(await t.prisma.payment.count({ where: { orderId } })).toBe(0);
    },
  );

  it("records payments dated now or a few hours ahead", async () => {
    for (const datetime of [new Date().toISOString(), new Date(Date.now() + 3 * 3600_000).toISOString()]) {
      const { res, orderId } = await orderPaidAt(datetime);
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.prisma.payment.count({ where: { orderId } })).toBe(1);
    }
  });
});
