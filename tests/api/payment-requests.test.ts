// Payment requests (docs/product/payment-requests.md): support asks for an amount agreed after the order; it reaches
// the chat as a card and the shopper by e-mail; paid once by transfer (the statement import matches its own
// reference) or by its Multicaixa reference, it adds to the order's total (extras), the shopper's and staff's orders
// and the owner's numbers; a cancelled or expired request cannot be paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { appWithProxyPay, type ProxyPayStandin } from "../helpers/proxypay-standin.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { multipart } from "./admin-fixtures.ts";
import { runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import type { PaymentRequestSchema } from "../../server/schemas/payment-requests.ts";
import type { DashboardNumbers } from "../../server/schemas/admin-common.ts";

let t: TestApp;
let proxypay: ProxyPayStandin;
let close: (() => Promise<void>) | undefined;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ({ t, proxypay, close } = await appWithProxyPay());
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => close?.());

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
async function importStatement(rows: string[]) {
  const text = ["Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo", ...rows].join("\n");
  const form = multipart([{ name: "file", file: { bytes: Buffer.from(text), filename: "extrato.csv", type: "text/csv" } }]);
  const res = await t.app.inject({
    method: "POST",
    url: "/admin/api/bank-statements",
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { matched: number; unmatched: number };
}
const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id }, include: { payments: true } });
const requestRow = (id: string) => t.prisma.paymentRequest.findUniqueOrThrow({ where: { id } });
const mine = async (c: Customer, id: string) =>
  (
    (await post(t, "/api/order/userorders", {}, c.auth)).json() as {
      orders: { _id: string; extras: number; totalAmount: number; paymentRequests: PaymentRequestSchema[] }[];
    }
  ).orders.find((o) => o._id === id)!;

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

describe("paying a request, exactly once", () => {
  it("by transfer: the statement import matches its reference; the order's totals, staff and the owner's numbers include it", async () => {
    const c = await registerCustomer(t.app);
    const id = await placedOrder(c);
    const before = await order(id);
    const total = before.totalAmount.toNumber();
    const revenue = async () =>
      ((await staffApi(admin, "GET", "/dashboard/numbers?period=today")).json() as { numbers: DashboardNumbers }).numbers.revenue;
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
