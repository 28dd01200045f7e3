// Every Multicaixa payment is a row keyed by ProxyPay's payment id, whatever it meets: a payment matching no order
// (or unreadable) is kept, logged and alerted before it is acknowledged; a payment on a cancelled order is reported
// once, and re-delivered after a reopen counts nothing; no note text can silence a payment; a reference ProxyPay
// hands out again draws a new one at placement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { pollMulticaixaPayments } from "../../server/jobs/payment-deadlines.ts";
import { appWithProxyPay, type ProxyPayStandin } from "../helpers/proxypay-standin.ts";
import type { ProxyPayPayment } from "../../server/integrations/proxypay.ts";
import { liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

const ALERTS = "alertas@loja.exemplo.ao";
let t: TestApp;
let proxypay: ProxyPayStandin;
let close: (() => Promise<void>) | undefined;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ({ t, proxypay, close } = await appWithProxyPay());
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  await t.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [ALERTS] } });
  t.deps.shopSettings.forget();
});
afterAll(() => close?.());

const place = async (c: Customer) => {
  const res = await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return t.prisma.order.findUniqueOrThrow({ where: { id: (res.json() as { orderId: string }).orderId } });
};
const notify = (payment: ProxyPayPayment) => {
  const { body, headers } = proxypay.webhookFor(payment);
  return t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers, payload: body });
};
let strayId = 90_000_000_001;
/** A payment ProxyPay reports for a reference no order of this shop holds. */
const stray = (over: Partial<ProxyPayPayment> = {}): ProxyPayPayment => {
  const payment: ProxyPayPayment = {
    id: strayId++,
    amount: "7500.00",
    reference_id: 999_000_001,
    datetime: new Date().toISOString(),
    ...over,
  };
  proxypay.pending.set(payment.id, payment);
  return payment;
};
const alertsFor = (paymentId: number | string) =>
  t.prisma.outboxMail.count({ where: { kind: "staff-multicaixa-unmatched", dedupeKey: { contains: String(paymentId) } } });

describe("Multicaixa payments as rows", () => {
  it("keeps a payment matching no order, alerts staff once, and records no money", async () => {
    const payment = stray();
    expect((await notify(payment)).statusCode).toBe(200);
    expect((await notify(payment)).statusCode).toBe(200);
    expect(await t.prisma.multicaixaPayment.findUniqueOrThrow({ where: { paymentId: String(payment.id) } })).toMatchObject({
      outcome: "unknown-reference",
      referenceId: "999000001",
      orderId: null,
    });
    await t.settled();
    expect(await alertsFor(payment.id)).toBe(1);
    expect(await t.prisma.payment.count({ where: { externalId: String(payment.id) } })).toBe(0);
  });

  it("stores what the poller finds (unreadable amounts too) before acknowledging it", async () => {
    const unknown = stray();
    const malformed = stray({ amount: "abc" });
    await pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!);
    await t.settled();
    expect(proxypay.pending.has(unknown.id)).toBe(false);
    expect(proxypay.pending.has(malformed.id)).toBe(false);
    const rows = await t.prisma.multicaixaPayment.findMany({ where: { paymentId: { in: [String(unknown.id), String(malformed.id)] } } });
    expect(rows.map((r) => [r.paymentId, r.outcome]).sort()).toEqual(
      [
        [String(unknown.id), "unknown-reference"],
        [String(malformed.id), "malformed"],
      ].sort(),
    );
    expect(rows.find((r) => r.outcome === "malformed")!.raw).toMatchObject({ amount: "abc" });
    await t.settled();
    expect(await alertsFor(malformed.id)).toBe(1);
  });

  it("acknowledges nothing when the row cannot be stored", async () => {
    const payment = stray();
    // ProxyPay answers the list, but the database is not reachable for this payment's row: the poll fails first.
    await t.prisma.$executeRawUnsafe(
      `ALTER TABLE multicaixa_payments ADD CONSTRAINT refuse_test CHECK (payment_id <> '${String(payment.id)}') NOT VALID`,
    );
    try {
      await expect(pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!)).rejects.toThrow();
      expect(proxypay.pending.has(payment.id)).toBe(true);
    } finally {
      await t.prisma.$executeRawUnsafe("ALTER TABLE multicaixa_payments DROP CONSTRAINT refuse_test");
    }
    await pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!);
    await t.settled();
    expect(proxypay.pending.has(payment.id)).toBe(false);
  });

  it("counts a payment on a cancelled order never, and not after a reopen either", async () => {
    const c = await registerCustomer(t.app);
    const order = await place(c);
    const paid = proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber());
    const staff = (status: string, reason?: string) =>
      t.app.inject({ method: "PUT", url: `/admin/api/orders/${order.id}`, headers: admin.auth, payload: { status, reason } });
    expect((await staff("Cancelado", "Cliente desistiu")).statusCode).toBe(200);
    expect((await notify(paid)).statusCode).toBe(200);
    expect((await staff("Aguardando Pagamento", "Cliente afinal quer o pedido")).statusCode).toBe(200);
    // ProxyPay delivers the same payment again (a retry, the poller).
    expect((await notify(paid)).statusCode).toBe(200);
    await pollMulticaixaPayments(t.prisma, t.deps.payments.proxypay!);
    await t.settled();
    const after = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true, notes: true } });
    expect([after.amountPaid.toNumber(), after.payments.length, after.notes.length]).toEqual([0, 0, 1]);
    expect(await t.prisma.multicaixaPayment.findUniqueOrThrow({ where: { paymentId: String(paid.id) } })).toMatchObject({
      outcome: "order-cancelled",
      orderId: order.id,
    });
  });

  it("is not silenced by a note that happens to contain the payment's id", async () => {
    const c = await registerCustomer(t.app);
    const order = await place(c);
    const paid = proxypay.pay(order.multicaixaReference!, 1000);
    await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/notes`,
      headers: admin.auth,
      payload: { text: `Cliente diz que pagou (pagamento ProxyPay ${paid.id})` },
    });
    expect((await notify(paid)).statusCode).toBe(200);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(1000);
  });

  it("draws a new reference when ProxyPay hands out one an older order holds", async () => {
    const c = await registerCustomer(t.app);
    const first = await place(c);
    // ProxyPay's counter goes back: the next reference id is the first order's.
    (proxypay as unknown as { nextReference: number }).nextReference = Number(first.multicaixaReference);
    const second = await place(c);
    expect(second.multicaixaReference).toMatch(/^\d+$/);
    expect(second.multicaixaReference).not.toBe(first.multicaixaReference);
  });
});
