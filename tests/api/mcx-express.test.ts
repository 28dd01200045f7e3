// Multicaixa Express through AppyPay's charges API, against a local stand-in (docs/product/orders.md#multicaixa-express):
// one charge of what the order owes with the configured method and the phone; no second charge while one is pending;
// the webhook refused without its secret and never believed (the shop asks GET /charges/{id}); four identical
// webhooks record one payment; a declined charge leaves a new try; a success for another amount never confirms; a lost
// answer or webhook is recovered by the reconciliation; the shopper's orders show the latest charge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { AppyPayStandin, type ChargesStandin } from "../helpers/appypay-standin.ts";
import { ProxyPayStandin, STANDIN_API_KEY, STANDIN_ENTITY_ID } from "../helpers/proxypay-standin.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { reconcileCharges } from "../../server/domain/payments/mcx-express.ts";
import { mcxExpressSetup } from "../../server/deps.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

const SECRET = "mcx-webhook-secret-0123456789abcdef";
const METHOD = "GPO_53c70da3-1c88-4391-8b60-ab4757fbb044";
const MINUTE = 60_000;
let standin: AppyPayStandin;
let charges: ChargesStandin;
/** The shop gives orders Multicaixa references too: a paid charge withdraws its order's. */
let proxypay: ProxyPayStandin;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let products: CatalogueProduct[];

beforeAll(async () => {
  standin = await new AppyPayStandin().start();
  charges = standin.charges();
  proxypay = await new ProxyPayStandin().start();
  t = await buildTestApp({
    env: standin.env({
      PROXYPAY_API_KEY: STANDIN_API_KEY,
      PROXYPAY_ENTITY: String(STANDIN_ENTITY_ID),
      PROXYPAY_BASE_URL: proxypay.url,
      APPYPAY_GPO_METHOD: METHOD,
      APPYPAY_WEBHOOK_SECRET: SECRET,
      // The reconciliation is driven by the tests (reconcileCharges with a later clock), not by the job's timer.
      APPYPAY_RECONCILE_SECONDS: "3600",
      PAYMENT_DEADLINE_WORKER: "false",
    }),
  });
  admin = await createStaff(t, "admin");
  products = (await liveProducts(t)).filter((p) => p.price > 0);
});
afterAll(async () => {
  await t?.close();
  await standin?.stop();
  await proxypay?.stop();
});

async function place(c: Customer): Promise<{ orderId: string; total: number }> {
  const body = orderBody([{ product: products[0]!, quantity: 2 }]);
  const res = await post(t, "/api/order/place", body, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: (res.json() as { orderId: string }).orderId, total: body.totalAmount };
}

const pay = (c: Customer, orderId: string, phoneNumber = "923 456 789") =>
  post(t, "/api/order/mcx-express", { orderId, phoneNumber }, c.auth);

async function charged(c: Customer, orderId: string, phoneNumber?: string) {
  const res = await pay(c, orderId, phoneNumber);
  expect(res.statusCode, res.body).toBe(202);
  const reply = res.json() as { chargeId: string; status: string; expiresAt: string };
  const row = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: reply.chargeId } });
  return { reply, row, gateway: charges.charges.get(row.gatewayId ?? "") };
}

const webhook = (body: unknown, authorization: string | null = `Bearer ${SECRET}`) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/appypay",
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
  });

const orderOf = (orderId: string) => t.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true } });
const shopperOrder = async (c: Customer, orderId: string) =>
  ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: UserOrder[] }).orders.find((o) => o._id === orderId)!;
const chargePosts = () => standin.apiCalls().filter((c) => c.method === "POST" && c.path === "/v2.0/charges");

describe("asking for a charge", () => {
  it("charges exactly what the order still owes, once, to the phone in any format, with the configured method, asynchronously, with one sign-in", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    // Part of it came by transfer first: the charge asks for the rest.
    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/payments`,
      headers: admin.auth,
      payload: { amount: 1000, bankReference: `MCX-PART-${orderId}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const signInsBefore = standin.calls.filter((call) => call.path === "/oauth2/token").length;
    const before = Date.now();
    const { reply, row, gateway } = await charged(c, orderId, "+244 923 456 789");
    expect(reply.status).toBe("pending");
    const expires = new Date(reply.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(89_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(90_000);
    expect(gateway!.accept).toBe("application/vnd.appypay.asyncapi+json");
    expect(gateway!.body).toMatchObject({
      amount: total - 1000,
      currency: "AOA",
      paymentMethod: METHOD,
      paymentInfo: { phoneNumber: "923456789" },
      merchantTransactionId: row.merchantTransactionId,
    });
    expect(row.merchantTransactionId).toMatch(/^[A-Za-z0-9]{1,15}$/);
    expect(gateway!.body.description).toMatch(/^[A-Za-z0-9 ]+$/);
    expect([row.status, row.amount.toNumber(), row.phoneNumber]).toEqual(["pending", total - 1000, "923456789"]);

    // A second order's charge: a new merchantTransactionId, the token reused.
    const other = await place(c);
    const second = await charged(c, other.orderId, "00244923456789");
    expect(second.row.merchantTransactionId).not.toBe(row.merchantTransactionId);
    expect(standin.calls.filter((call) => call.path === "/oauth2/token").length - signInsBefore).toBeLessThanOrEqual(1);

    const mine = await shopperOrder(c, orderId);
    expect(mine.mcxExpress).toEqual({
      charge: expect.objectContaining({
        chargeId: reply.chargeId,
        status: "pending",
        message: null,
        phoneNumber: "923 456 789",
        amount: total - 1000,
      }),
    });
  });

  it("creates no second charge while one is pending, and refuses paid, cancelled, other people's orders and phones that are not Angolan mobiles", async () => {
    const c = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const { orderId } = await place(c);
    await charged(c, orderId);
    const posts = chargePosts().length;
    const [again, twice] = await Promise.all([pay(c, orderId), pay(c, orderId)]);
    expectError(again, 409, /à espera de aprovação/);
    expectError(twice, 409, /à espera de aprovação/);
    expect(chargePosts().length).toBe(posts);
    expect(await t.prisma.mcxExpressCharge.count({ where: { orderId } })).toBe(1);

    expectError(await pay(stranger, orderId), 404);
    expectError(await post(t, "/api/order/mcx-express", { orderId: "nao-existe", phoneNumber: "923456789" }, c.auth), 404);
    const fresh = await place(c);
    for (const phone of ["222 123 456", "+351 912 345 678", "92345678", "telefone", "923 456 7890"])
      expectError(await pay(c, fresh.orderId, phone), 400, /telemóvel angolano/);
    expectError(await post(t, "/api/order/mcx-express", { orderId: fresh.orderId }, c.auth), 400);
    expectError(await post(t, "/api/order/mcx-express", { orderId: fresh.orderId, phoneNumber: "923456789" }), 401);

    const cancelled = await post(t, "/api/order/cancel", { orderId: fresh.orderId }, c.auth);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expectError(await pay(c, fresh.orderId), 409, /cancelado/);
    const settled = await place(c);
    const total = (await orderOf(settled.orderId)).totalAmount.toNumber();
    await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${settled.orderId}/payments`,
      headers: admin.auth,
      payload: { amount: total, bankReference: `MCX-FULL-${settled.orderId}` },
    });
    expectError(await pay(c, settled.orderId), 409, /já está pago/);
    expect(chargePosts().length).toBe(posts);
  });

  it("fails a charge AppyPay refused (502) and lets the shopper try again", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    charges.refuseNext = 1;
    expectError(await pay(c, orderId), 502, /não aceitou/);
    expect((await t.prisma.mcxExpressCharge.findFirstOrThrow({ where: { orderId } })).status).toBe("failed");
    await charged(c, orderId);
  });
});

describe("the webhook", () => {
  it("is refused without the portal's secret, and nothing is recorded", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    const { gateway } = await charged(c, orderId);
    charges.approve(gateway!.id);
    expectError(await webhook(charges.webhookBody(gateway!.id), null), 401);
    expectError(await webhook(charges.webhookBody(gateway!.id), "Bearer not-the-secret-at-all-0123"), 401);
    expectError(await webhook(charges.webhookBody(gateway!.id), `Basic ${Buffer.from("appypay:wrong").toString("base64")}`), 401);
    const order = await orderOf(orderId);
    expect([order.paid, order.payments.length]).toEqual([false, 0]);
  });

  it("never believes its body: a success claimed while AppyPay says pending records nothing", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    const { gateway, row } = await charged(c, orderId);
    const forged = charges.webhookBody(gateway!.id, {
      responseStatus: { successful: true, status: "Success", code: 100, message: "Obrigado!" },
    });
    expect((await webhook(forged)).statusCode).toBe(200);
    const order = await orderOf(orderId);
    expect([order.paid, order.payments.length]).toEqual([false, 0]);
    const after = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: row.id } });
    expect([after.status, after.attempts]).toEqual(["pending", 1]);
    expect(standin.apiCalls().some((call) => call.method === "GET" && call.path === `/v2.0/charges/${gateway!.id}`)).toBe(true);
    // A charge that is not ours changes nothing either.
    expect((await webhook({ id: "00000000-0000-4000-8000-000000000000", merchantTransactionId: "NOTOURS1" })).statusCode).toBe(200);
    expectError(await webhook({ hello: "world" }), 400);
  });

  it("records four identical webhooks at once as one payment (actor Multicaixa Express, keyed by AppyPay's id), confirms the order and tells the shopper", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    const { gateway, reply } = await charged(c, orderId);
    charges.approve(gateway!.id);
    const replies = await Promise.all(Array.from({ length: 4 }, () => webhook(charges.webhookBody(gateway!.id))));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const order = await orderOf(orderId);
    expect([order.status, order.paid, order.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", true, total]);
    expect(order.payments.map((p) => [p.actor, p.externalId, p.amount.toNumber(), p.bankReference])).toEqual([
      ["Multicaixa Express", `appypay:${gateway!.id}`, total, `Multicaixa Express ${gateway!.id}`],
    ]);
    const row = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: reply.chargeId } });
    expect([row.status, row.ledgerPaymentId, row.code]).toEqual(["paid", order.payments[0]!.id, 100]);
    // Once more later: still one.
    expect((await webhook(charges.webhookBody(gateway!.id))).statusCode).toBe(200);
    expect(await t.prisma.payment.count({ where: { orderId } })).toBe(1);

    await t.settled();
    const lines = await t.prisma.message.findMany({ where: { orderId, sender: "shop" }, select: { text: true } });
    expect(lines.some((m) => m.text?.includes(`Multicaixa Express ${gateway!.id}`))).toBe(true);
    expect(
      await t.prisma.outboxMail.count({ where: { kind: "payment-confirmed", to: c.email, facts: { path: ["orderId"], equals: orderId } } }),
    ).toBe(1);
    // The order's Multicaixa reference can no longer be paid.
    const reference = order.multicaixaReference!;
    expect(reference).toBeTruthy();
    await expect.poll(() => proxypay.references.get(reference)?.deleted).toBe(true);
    const mine = await shopperOrder(c, orderId);
    expect([mine.status, mine.mcxExpress?.charge?.status]).toEqual(["Pagamento Confirmado", "paid"]);
  });

  it("leaves a declined charge's order unpaid, tells the reason and allows a new try", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    for (const [code, reason] of [
      [231, /Recusou o pagamento/],
      [209, /Saldo insuficiente/],
      [211, /90 segundos/],
    ] as const) {
      const { gateway, reply } = await charged(c, orderId);
      charges.fail(gateway!.id, code);
      expect((await webhook(charges.webhookBody(gateway!.id))).statusCode).toBe(200);
      const mine = await shopperOrder(c, orderId);
      expect(mine.mcxExpress?.charge).toMatchObject({ chargeId: reply.chargeId, status: "failed", message: expect.stringMatching(reason) });
      expect([mine.status, mine.payment]).toEqual(["Aguardando Pagamento", false]);
    }
    await charged(c, orderId);
  });

  it("never confirms the order on a success for another amount: kept as a mismatch and alerted to staff", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    const { gateway, reply } = await charged(c, orderId);
    charges.approve(gateway!.id, total - 1);
    expect((await webhook(charges.webhookBody(gateway!.id))).statusCode).toBe(200);
    const order = await orderOf(orderId);
    expect([order.paid, order.status, order.payments.length]).toEqual([false, "Aguardando Pagamento", 0]);
    const row = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: reply.chargeId } });
    expect([row.status, row.gatewayAmount?.toNumber()]).toEqual(["mismatch", total - 1]);
    await t.settled();
    expect(
      await t.prisma.outboxMail.count({
        where: { kind: "staff-mcx-express-charge", dedupeKey: { startsWith: `staff-mcx-express-charge:${row.id}` } },
      }),
    ).toBeGreaterThan(0);
    expect((await shopperOrder(c, orderId)).mcxExpress?.charge?.status).toBe("review");
  });
});

describe("the reconciliation", () => {
  const setup = () => mcxExpressSetup(t.deps)!;
  const later = (ms: number) => new Date(Date.now() + ms);

  it("recovers a lost webhook: the charge still pending after the reconciliation delay is asked of AppyPay and recorded", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    const { gateway, reply } = await charged(c, orderId);
    charges.approve(gateway!.id);
    // Not due yet (APPYPAY_RECONCILE_SECONDS is an hour here).
    await reconcileCharges(t.prisma, setup(), later(MINUTE));
    expect((await orderOf(orderId)).paid).toBe(false);
    await reconcileCharges(t.prisma, setup(), later(61 * MINUTE));
    const order = await orderOf(orderId);
    expect([order.paid, order.payments.length]).toEqual([true, 1]);
    expect((await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: reply.chargeId } })).status).toBe("paid");
  });

  it("finds a charge whose answer was lost by its merchantTransactionId, and lets a new try ask about an expired one first", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    charges.loseNextAnswers = 1;
    const { row } = await charged(c, orderId);
    expect(row.gatewayId).toBeNull();
    const atGateway = charges.posted().find((g) => g.body.merchantTransactionId === row.merchantTransactionId)!;
    charges.fail(atGateway.id, 210);
    // Its 90 s are over and no webhook came: the new try asks AppyPay first, finds it failed, and charges again.
    await t.prisma.mcxExpressCharge.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await charged(c, orderId);
    const first = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: row.id } });
    expect([first.status, first.gatewayId, first.code]).toEqual(["failed", atGateway.id, 210]);
  });

  it("marks a charge AppyPay never heard of as failed once its time is over, and one still pending after a day as failed with a staff alert", async () => {
    const c = await registerCustomer(t.app);
    const lost = await place(c);
    charges.loseNextAnswers = 1;
    const { row } = await charged(c, lost.orderId);
    charges.charges.delete(charges.posted().find((g) => g.body.merchantTransactionId === row.merchantTransactionId)!.id);
    await reconcileCharges(t.prisma, setup(), later(61 * MINUTE));
    expect((await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("failed");

    const stuck = await place(c);
    const { row: pending } = await charged(c, stuck.orderId);
    for (const ms of [61 * MINUTE, 2 * 60 * MINUTE]) await reconcileCharges(t.prisma, setup(), later(ms));
    expect((await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("pending");
    await reconcileCharges(t.prisma, setup(), later(25 * 60 * MINUTE));
    const after = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: pending.id } });
    expect([after.status, after.attempts]).toEqual(["failed", 2]);
    await t.settled();
    expect(
      await t.prisma.outboxMail.count({
        where: { kind: "staff-mcx-express-charge", dedupeKey: { startsWith: `staff-mcx-express-charge:${pending.id}` } },
      }),
    ).toBeGreaterThan(0);
    expect((await shopperOrder(c, stuck.orderId)).mcxExpress?.charge?.message).toMatch(/Não foi possível confirmar/);
  });
});

describe("staff", () => {
  it("see each charge on the order (phone, amount, state, AppyPay's id, attempts) and give a payment back through AppyPay, in part, never beyond it", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    const declined = await charged(c, orderId);
    charges.fail(declined.gateway!.id, 209);
    await webhook(charges.webhookBody(declined.gateway!.id));
    const paid = await charged(c, orderId);
    charges.approve(paid.gateway!.id);
    await webhook(charges.webhookBody(paid.gateway!.id));
    const view = async () =>
      (await t.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: admin.auth })).json() as AdminOrder;
    const before = await view();
    expect(before.mcxExpressCharges!.map((ch) => [ch.phoneNumber, ch.amount, ch.status, ch.code, ch.gatewayId, ch.attempts])).toEqual([
      ["923 456 789", total, "failed", 209, declined.gateway!.id, 1],
      ["923 456 789", total, "paid", 100, paid.gateway!.id, 1],
    ]);
    const paymentId = before.mcxExpressCharges![1]!.paymentId!;
    expect(before.payments.map((p) => p.id)).toEqual([paymentId]);

    const refund = (amount: number, headers = admin.auth, id = paymentId) =>
      t.app.inject({
        method: "POST",
        url: `/admin/api/orders/${orderId}/payments/${id}/appypay-refund`,
        headers,
        payload: { amount, note: "Tamanho errado" },
      });
    const support = await createStaff(t, "support");
    expectError(await refund(1000, support.auth), 403);
    expectError(await refund(total + 1), 409, /excede/);
    const part = await refund(1000);
    expect(part.statusCode, part.body).toBe(200);
    const after = part.json() as AdminOrder;
    expect([after.amountRefunded, after.refunds.map((r) => [r.amount, r.status, r.bankReference?.startsWith("AppyPay ")])]).toEqual([
      1000,
      [[1000, "done", true]],
    ]);
    expect(after.mcxExpressCharges![1]!.refunded).toBe(1000);
    expect(charges.charges.get(paid.gateway!.id)!.refunded).toBe(1000);
    expect(
      standin
        .apiCalls()
        .filter((call) => call.path === `/v2.0/refunds/${paid.gateway!.id}`)
        .at(-1)!.body,
    ).toMatchObject({ amount: 1000 });
    // AppyPay refuses more than is left: nothing is recorded, and the reservation is given back.
    charges.charges.get(paid.gateway!.id)!.refunded = total;
    expectError(await refund(500), 502, /AppyPay não confirmou/);
    const unchanged = await view();
    expect([unchanged.amountRefunded, unchanged.mcxExpressCharges![1]!.refunded]).toEqual([1000, 1000]);
    await t.settled();
    expect(await t.prisma.domainEvent.count({ where: { name: "refund.recorded", orderId } })).toBe(1);
  });
});

describe("without Multicaixa Express configured", () => {
  it("answers a Portuguese 4xx, offers nothing on the shopper's orders, and refuses the webhook", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    const gateway = t.deps.payments.mcxExpress;
    t.deps.payments.mcxExpress = undefined;
    try {
      expectError(await pay(c, orderId), 400, "O pagamento por Multicaixa Express não está disponível");
      expect((await shopperOrder(c, orderId)).mcxExpress).toBeNull();
      expectError(await webhook({ id: "x" }), 404);
    } finally {
      t.deps.payments.mcxExpress = gateway;
    }
  });
});
