// Payment requests (docs/product/payment-requests.md): support asks for an amount agreed after the order; it reaches
// the chat as a card and the shopper by e-mail; paid once by transfer (the statement import matches its own
// reference), by its Multicaixa reference or by Multicaixa Express (AppyPay's stand-in), it adds to the order's total (extras), the shopper's and staff's orders
// and the owner's numbers; a cancelled or expired request cannot be paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ProxyPayStandin, STANDIN_API_KEY, STANDIN_ENTITY_ID } from "../helpers/proxypay-standin.ts";
import { AppyPayStandin, type ChargesStandin } from "../helpers/appypay-standin.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { importStatement as importStatementAs } from "./admin-fixtures.ts";
import { runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import type { PaymentRequestSchema } from "../../server/schemas/payment-requests.ts";
import type { DashboardNumbers } from "../../server/schemas/admin-common.ts";

const APPYPAY_SECRET = "request-webhook-secret-0123456789abcdef";
let t: TestApp;
let proxypay: ProxyPayStandin;
let appypay: AppyPayStandin;
let charges: ChargesStandin;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  proxypay = await new ProxyPayStandin().start();
  appypay = await new AppyPayStandin().start();
  charges = appypay.charges();
  t = await buildTestApp({
    env: appypay.env({
      PROXYPAY_API_KEY: STANDIN_API_KEY,
      PROXYPAY_ENTITY: String(STANDIN_ENTITY_ID),
      PROXYPAY_BASE_URL: proxypay.url,
      APPYPAY_GPO_METHOD: "GPO_53c70da3-1c88-4391-8b60-ab4757fbb044",
      APPYPAY_WEBHOOK_SECRET: APPYPAY_SECRET,
      APPYPAY_RECONCILE_SECONDS: "3600",
      PAYMENT_DEADLINE_WORKER: "false",
    }),
  });
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(async () => {
  await t?.close();
  await proxypay?.stop();
  await appypay?.stop();
});

const staffApi = (who: { auth: Record<string, string> }, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function placedOrder(c: Customer) {
  const res = await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
async function ask(orderId: string, body: object = { amount: 8000, reason: "Entrega para a Huíla" }) {
  const res = await staffApi(support, "POST", `/orders/${orderId}/payment-requests`, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { request: PaymentRequestSchema }).request;
}
const importStatement = (rows: string[]) => importStatementAs(t, admin, rows);
const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id }, include: { payments: true } });
const requestRow = (id: string) => t.prisma.paymentRequest.findUniqueOrThrow({ where: { id } });
const mine = async (c: Customer, id: string) =>
  (
    (await post(t, "/api/order/userorders", {}, c.auth)).json() as {
      orders: { _id: string; extras: number; totalAmount: number; paymentRequests: PaymentRequestSchema[] }[];
    }
  ).orders.find((o) => o._id === id)!;

const payByMcx = (c: Customer, orderId: string, paymentRequestId: string) =>
  post(t, "/api/order/mcx-express", { orderId, paymentRequestId, phoneNumber: "923 456 789" }, c.auth);
const appypayWebhook = (body: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/appypay",
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${APPYPAY_SECRET}` },
  });
const chatRequests = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      paymentRequests: PaymentRequestSchema[];
    }
  ).paymentRequests;
const revenue = async () =>
  ((await staffApi(admin, "GET", "/dashboard/numbers?period=today")).json() as { numbers: DashboardNumbers }).numbers.revenue;

describe("POST /admin/api/orders/:id/payment-requests", () => {
  it("is staff's: a shopper is refused (403), bad input is 400, an unknown order 404", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/admin/api/orders/${id}/payment-requests`,
          headers: c.auth,
          payload: { amount: 1, reason: "x" },
        })
      ).statusCode,
    ).toBe(403);
    expectError(await staffApi(support, "POST", `/orders/${id}/payment-requests`, { amount: 0, reason: "Entrega" }), 400);
    expectError(
      await staffApi(support, "POST", `/orders/${id}/payment-requests`, { amount: 100, reason: "  " }),
      400,
      "Indique o motivo do pedido de pagamento",
    );
    expectError(await staffApi(support, "POST", `/orders/${id}/payment-requests`, { amount: 100.001, reason: "Entrega" }), 400);
    expectError(await staffApi(support, "POST", "/orders/nao-existe/payment-requests", { amount: 100, reason: "Entrega" }), 404);
  });

  it("posts a card in the chat and tells the shopper by e-mail, with its own reference and a Multicaixa reference", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const request = await ask(id);
    expect(request).toMatchObject({ amount: 8000, reason: "Entrega para a Huíla", status: "open", createdBy: "Suporte Teste" });
    expect(request.reference).toMatch(/^LJ[2-9A-Z]{7}$/);
    expect(request.multicaixa).toEqual({ entity: "12345", reference: expect.stringMatching(/^\d+$/), amount: 8000 });
    expect(proxypay.references.get(request.multicaixa!.reference)).toMatchObject({ amount: 8000, end_datetime: request.expiresAt });
    await t.settled();
    const messages = (await t.app.inject({ method: "GET", url: `/api/message/${id}`, headers: c.auth })).json() as {
      messages: { text: string; paymentRequestId?: string }[];
    };
    const card = messages.messages.find((m) => m.paymentRequestId === request.id)!;
    expect(card.text).toMatch(/^Pedido de pagamento · 8\s000,00\skz · Entrega para a Huíla/);
    const mail = await t.prisma.outboxMail.findFirstOrThrow({ where: { kind: "payment-request" }, orderBy: { createdAt: "desc" } });
    expect(mail.subject).toContain("Pedido de pagamento");
    expect((await mine(c, id)).paymentRequests).toEqual([
      expect.objectContaining({ id: request.id, status: "open", reference: request.reference }),
    ]);
  });
});

/**
 * Money a closed request could not take, on an order still alive (docs/product/payment-requests.md): one chat line
 * matching `line` and one staff alert about the closed request (once per payment `paymentId`), and nothing speaking
 * of a cancelled order.
 */
async function expectKeptForClosedRequest(orderId: string, paymentId: string, line: RegExp) {
  await t.settled();
  expect((await order(orderId)).status).toBe("Aguardando Pagamento");
  const shopLines = (await t.prisma.message.findMany({ where: { orderId, sender: "shop" }, select: { text: true } })).map(
    (m) => m.text ?? "",
  );
  expect(shopLines.filter((text) => line.test(text))).toHaveLength(1);
  expect(shopLines.join("\n")).not.toMatch(/depois de este pedido ter sido cancelado/);
  const alerts = await t.prisma.outboxMail.findMany({
    where: {
      OR: ["staff-payment-on-closed-request", "staff-payment-on-cancelled"].map((kind) => ({
        dedupeKey: { startsWith: `${kind}:${paymentId}:` },
      })),
    },
  });
  expect(alerts.length).toBeGreaterThan(0);
  expect(new Set(alerts.map((a) => a.kind))).toEqual(new Set(["staff-payment-on-closed-request"]));
  expect(alerts[0]!.subject).toMatch(/^Pagamento recebido para um pedido de pagamento fechado — #[0-9A-Z]{6}$/);
}

describe("paying a request, exactly once", () => {
  it("by transfer: the statement import matches its reference; the order's totals, staff and the owner's numbers include it", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const before = await order(id);
    const total = before.totalAmount.toNumber();
    const request = await ask(id);
    const row = `28-11-2026;28-11-2026;TRF ${request.reference} ANA SILVA;;8.000,00;1.250.000,00`;
    expect(await importStatement([row])).toMatchObject({ matched: 1 });
    // The same line again is a duplicate: nothing is paid twice.
    expect(await importStatement([row])).toMatchObject({ matched: 0, unmatched: 0 });
    const after = await order(id);
    expect([after.extras.toNumber(), after.totalAmount.toNumber(), after.amountPaid.toNumber()]).toEqual([8000, total + 8000, 8000]);
    expect(after.status).toBe("Aguardando Pagamento");
    expect((await requestRow(request.id)).status).toBe("paid");
    expect(after.payments).toHaveLength(1);
    expect(await mine(c, id)).toMatchObject({ extras: 8000, totalAmount: total + 8000 });
    const staffView = (await staffApi(support, "GET", `/orders/${id}`)).json() as {
      extras: number;
      paymentRequests: PaymentRequestSchema[];
    };
    expect(staffView.extras).toBe(8000);
    expect(staffView.paymentRequests[0]!.status).toBe("paid");

    // The order's own transfer then pays what is left: paid, and counted with its extras.
    const owed = await revenue();
    const orderLine = `28-11-2026;28-11-2026;TRF ${before.paymentReference} ANA SILVA;;${total.toFixed(2).replace(".", ",")};1.250.000,00`;
    expect(await importStatement([orderLine])).toMatchObject({ matched: 1 });
    expect((await order(id)).status).toBe("Pagamento Confirmado");
    expect(await revenue()).toBe(owed + total + 8000);
  });

  it("by its Multicaixa reference, once (a replayed notification changes nothing); its reference is withdrawn", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const request = await ask(id, { amount: 12_500, reason: "Diferença da troca" });
    const { body, headers } = proxypay.webhookFor(proxypay.pay(request.multicaixa!.reference, 12_500));
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await order(id);
    expect([after.extras.toNumber(), after.amountPaid.toNumber()]).toEqual([12_500, 12_500]);
    expect(after.payments.map((p) => p.actor)).toEqual(["Multicaixa"]);
    expect((await requestRow(request.id)).status).toBe("paid");
    await t.settled();
    expect(proxypay.references.get(request.multicaixa!.reference)!.deleted).toBe(true);
  });

  it("by its Multicaixa reference after it was cancelled or expired: kept for staff to give back, in the closed request's words", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const cancelled = await ask(id, { amount: 2500, reason: "Embrulho" });
    // The shopper pays at the terminal as staff cancel the request: ProxyPay tells the shop afterwards.
    const { body, headers } = proxypay.webhookFor(proxypay.pay(cancelled.multicaixa!.reference, 2500));
    expect((await staffApi(support, "POST", `/orders/${id}/payment-requests/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const res = await t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const after = await order(id);
    expect([after.extras.toNumber(), after.amountPaid.toNumber(), after.payments.length]).toEqual([0, 0, 0]);
    const paymentId = String((JSON.parse(body) as { id: number | string }).id);
    await expectKeptForClosedRequest(
      id,
      paymentId,
      /^Recebemos 2\s500,00\skz \(ref\. Multicaixa \d+\) para um pedido de pagamento que já não podia ser pago \(este pedido de pagamento foi cancelado\)\. Este valor não conta para o pedido/,
    );
    const notes = await t.prisma.orderNote.findMany({ where: { orderId: id }, select: { text: true } });
    expect(notes.map((n) => n.text).join("\n")).toMatch(
      /Pagamento de 2\s500,00\skz recebido \(ref\. Multicaixa \d+\) para um pedido de pagamento que já não podia ser pago/,
    );
    const mail = await t.prisma.outboxMail.findFirstOrThrow({
      where: { dedupeKey: { startsWith: `staff-payment-on-closed-request:${paymentId}:` } },
    });
    expect(mail.facts).toMatchObject({ orderId: id, amount: 2500, why: "Este pedido de pagamento foi cancelado" });

    const expiring = await ask(id, { amount: 1500, reason: "Cartão" });
    const late = proxypay.webhookFor(proxypay.pay(expiring.multicaixa!.reference, 1500));
    await t.prisma.paymentRequest.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(
      (await t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers: late.headers, payload: late.body })).statusCode,
    ).toBe(200);
    await expectKeptForClosedRequest(
      id,
      String((JSON.parse(late.body) as { id: number | string }).id),
      /para um pedido de pagamento que já não podia ser pago \(este pedido de pagamento expirou\)/,
    );
    expect((await order(id)).amountPaid.toNumber()).toBe(0);
  });

  it("by Multicaixa Express, once: exactly its amount, never two live charges for it, settled on AppyPay's own answer; the order's totals and the owner's numbers include it", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const total = (await order(id)).totalAmount.toNumber();
    const request = await ask(id, { amount: 8000, reason: "Entrega para a Huíla" });
    const tries = await Promise.all([0, 1, 2].map(() => payByMcx(c, id, request.id)));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([202, 409, 409]);
    for (const again of tries.filter((r) => r.statusCode === 409)) expectError(again, 409, /à espera de aprovação/);
    const first = tries.find((r) => r.statusCode === 202)!;
    const charge = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: (first.json() as { chargeId: string }).chargeId } });
    expect([charge.paymentRequestId, charge.amount.toNumber(), charge.status]).toEqual([request.id, 8000, "pending"]);
    expect(await t.prisma.mcxExpressCharge.count({ where: { paymentRequestId: request.id } })).toBe(1);
    expect(charges.charges.get(charge.gatewayId!)!.body).toMatchObject({ amount: 8000, paymentInfo: { phoneNumber: "923456789" } });
    // The order's own money owed has a charge of its own, side by side.
    const own = await post(t, "/api/order/mcx-express", { orderId: id, phoneNumber: "923456789" }, c.auth);
    expect(own.statusCode, own.body).toBe(202);

    // The webhook's body is never believed: a claimed success while AppyPay says pending pays nothing.
    const forged = charges.webhookBody(charge.gatewayId!, { responseStatus: { successful: true, status: "Success", code: 100 } });
    expect((await appypayWebhook(forged)).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe("open");

    charges.approve(charge.gatewayId!);
    const replies = await Promise.all([0, 1, 2].map(() => appypayWebhook(charges.webhookBody(charge.gatewayId!))));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const after = await order(id);
    expect([after.extras.toNumber(), after.totalAmount.toNumber(), after.amountPaid.toNumber(), after.status]).toEqual([
      8000,
      total + 8000,
      8000,
      "Aguardando Pagamento",
    ]);
    expect(after.payments.map((p) => [p.actor, p.amount.toNumber(), p.externalId])).toEqual([
      ["Multicaixa Express", 8000, `appypay:${charge.gatewayId}`],
    ]);
    const paid = await requestRow(request.id);
    expect([paid.status, paid.paymentId]).toEqual(["paid", after.payments[0]!.id]);
    expectError(await payByMcx(c, id, request.id), 409, "Este pedido de pagamento já está pago");
    const card = (await chatRequests(c, id)).find((r) => r.id === request.id)!;
    expect([card.status, card.mcxExpress?.charge?.status]).toEqual(["paid", "paid"]);
    const staffView = (await staffApi(admin, "GET", `/orders/${id}`)).json() as {
      extras: number;
      mcxExpressCharges: { paymentRequestId: string | null; status: string }[];
    };
    expect(staffView.extras).toBe(8000);
    expect(staffView.mcxExpressCharges.map((ch) => [ch.paymentRequestId, ch.status])).toEqual([
      [request.id, "paid"],
      [null, "pending"],
    ]);

    // The order's own charge pays the rest: paid, and the owner's revenue counts its total with the request's amount.
    const before = await revenue();
    const ownCharge = await t.prisma.mcxExpressCharge.findFirstOrThrow({ where: { orderId: id, paymentRequestId: null } });
    charges.approve(ownCharge.gatewayId!);
    expect((await appypayWebhook(charges.webhookBody(ownCharge.gatewayId!))).statusCode).toBe(200);
    const settled = await order(id);
    expect([settled.status, settled.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", total + 8000]);
    expect(await revenue()).toBe(before + total + 8000);
    await t.settled();
    expect(proxypay.references.get(request.multicaixa!.reference)!.deleted).toBe(true);

    // Given back through AppyPay, the request's charge gives back the request's money (its FR is what an NC credits);
    // a refund by transfer gives back the order's own first (docs/design/money.md#refund-shares).
    const appypayRefund = await staffApi(admin, "POST", `/orders/${id}/payments/${paid.paymentId}/appypay-refund`, {
      amount: 2000,
      note: "Entrega não feita",
    });
    expect(appypayRefund.statusCode, appypayRefund.body).toBe(200);
    const byTransfer = await staffApi(admin, "POST", `/orders/${id}/refunds`, { amount: 1000, bankReference: `DEV-${id}` });
    expect(byTransfer.statusCode, byTransfer.body).toBe(200);
    const shares = await t.prisma.refundShare.findMany({ where: { refund: { orderId: id } }, include: { refund: true } });
    expect(
      shares
        .map((sh) => [sh.refund.bankReference?.startsWith("AppyPay ") ? "appypay" : "transfer", sh.paymentRequestId, sh.amount.toNumber()])
        .sort(),
    ).toEqual(
      [
        ["appypay", request.id, 2000],
        ["transfer", null, 1000],
      ].sort(),
    );
  });

  it("by Multicaixa Express: a cancelled or expired request cannot be charged, and money approved after it closed is kept for staff, never counted", async () => {
    const c = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const cancelled = await ask(id, { amount: 3000, reason: "Depósito" });
    expectError(await payByMcx(stranger, id, cancelled.id), 404);
    expectError(await payByMcx(c, id, "nao-existe"), 404, "Pedido de pagamento não encontrado neste pedido");
    const started = await payByMcx(c, id, cancelled.id);
    expect(started.statusCode, started.body).toBe(202);
    expect((await staffApi(support, "POST", `/orders/${id}/payment-requests/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expectError(await payByMcx(c, id, cancelled.id), 409, "Este pedido de pagamento foi cancelado");
    // The shopper approved it in the app after the shop cancelled the request: kept, never counted.
    const charge = await t.prisma.mcxExpressCharge.findFirstOrThrow({ where: { paymentRequestId: cancelled.id } });
    charges.approve(charge.gatewayId!);
    expect((await appypayWebhook(charges.webhookBody(charge.gatewayId!))).statusCode).toBe(200);
    expect((await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: charge.id } })).status).toBe("kept");
    const after = await order(id);
    expect([after.extras.toNumber(), after.amountPaid.toNumber(), after.payments.length]).toEqual([0, 0, 0]);
    expect((await requestRow(cancelled.id)).status).toBe("cancelled");
    const notes = await t.prisma.orderNote.findMany({ where: { orderId: id }, select: { text: true } });
    expect(notes.map((n) => n.text).join("\n")).toMatch(
      /pedido de pagamento que já não podia ser pago \(este pedido de pagamento foi cancelado\)/,
    );
    // The order is alive: the shopper's line and staff's alert speak of the closed request, never of a cancelled order.
    await expectKeptForClosedRequest(
      id,
      charge.gatewayId!,
      /Recebemos 3\s000,00\skz \(ref\. Multicaixa Express [^)]+\) para um pedido de pagamento que já não podia ser pago \(este pedido de pagamento foi cancelado\)/,
    );

    const expiring = await ask(id, { amount: 4000, reason: "Artigo extra", expiresInHours: 1 });
    await t.prisma.paymentRequest.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await payByMcx(c, id, expiring.id), 409, "Este pedido de pagamento expirou");
    expect(await t.prisma.mcxExpressCharge.count({ where: { paymentRequestId: expiring.id } })).toBe(0);
  });

  it("refuses to pay a cancelled or expired request: the statement line waits with why", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const cancelled = await ask(id, { amount: 3000, reason: "Depósito" });
    const cancel = await staffApi(support, "POST", `/orders/${id}/payment-requests/${cancelled.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectError(
      await staffApi(support, "POST", `/orders/${id}/payment-requests/${cancelled.id}/cancel`),
      409,
      "Este pedido de pagamento foi cancelado",
    );
    const expiring = await ask(id, { amount: 4000, reason: "Artigo extra", expiresInHours: 1 });
    await t.settled(); // the round skips an order its reactions still lock
    await runPaymentDeadlines(t.prisma, new Date(Date.now() + 2 * 3_600_000));
    expect((await requestRow(expiring.id)).status).toBe("expired");
    await t.settled();
    expect(proxypay.references.get(cancelled.multicaixa!.reference)!.deleted).toBe(true);

    const result = await importStatement([
      `28-11-2026;28-11-2026;TRF ${cancelled.reference};;3.000,00;1.000,00`,
      `28-11-2026;28-11-2026;TRF ${expiring.reference};;4.000,00;1.000,00`,
    ]);
    expect(result).toMatchObject({ matched: 0, unmatched: 2 });
    const problems = await t.prisma.bankStatementLine.findMany({ where: { suggestedOrderId: id }, select: { problem: true } });
    expect(problems.map((p) => p.problem).sort()).toEqual(["Este pedido de pagamento expirou", "Este pedido de pagamento foi cancelado"]);
    expect((await order(id)).extras.toNumber()).toBe(0);
    const lines = await t.prisma.message.findMany({ where: { orderId: id, sender: "shop" }, select: { text: true } });
    expect(lines.map((l) => l.text).join("\n")).toMatch(/foi cancelado pela loja/);
  });
});
