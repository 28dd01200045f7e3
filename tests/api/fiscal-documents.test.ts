// Fiscal documents against a local stand-in of AppyPay's fiscal documents API (docs/product/fiscal-documents.md):
// the NIF at placement and on the account, one FR per paid order exactly once (twice called, two callers at once,
// a provider down then up, a "restart" that left only the database), the webhook believed only after fetching the
// document again, a lost webhook reconciled by the poll, an NC for a refund referring to the FR, and the documents
// on the staff's and shopper's orders; a paid payment request's own FR, once, whenever it was paid; a refund's NCs
// against the FRs that invoiced the money it gives back, one per FR, never beyond what an FR invoiced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { AppyPayStandin, type FiscalDocumentsStandin } from "../helpers/appypay-standin.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import {
  fiscalRound,
  requestCreditNotesForRefund,
  requestInvoiceForPaidOrder,
  requestInvoiceForPaidRequest,
  retryDelayMs,
} from "../../server/domain/fiscal/service.ts";
import { askPayment, payRequestByTransfer } from "./admin-fixtures.ts";
import type { PaymentRequestSchema } from "../../server/schemas/payment-requests.ts";
import { requestTotal } from "../../server/domain/fiscal/rules.ts";
import type { FiscalDocumentRequest } from "../../server/integrations/appypay/fiscal-documents.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

const SECRET = "fiscal-webhook-secret-0123456789";
const HOUR = 3_600_000;
let standin: AppyPayStandin;
let fiscal: FiscalDocumentsStandin;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let products: CatalogueProduct[];

beforeAll(async () => {
  standin = await new AppyPayStandin().start();
  fiscal = standin.fiscalDocuments();
  t = await buildTestApp({
    env: standin.env({
      FISCAL_PROVIDER: "appypay",
      APPYPAY_WEBHOOK_SECRET: SECRET,
      // The poll of pending documents is driven by the tests (fiscalRound with a later clock), not by the job's timer.
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
});

const fiscalPosts = () => standin.apiCalls().filter((c) => c.method === "POST" && c.path === "/v2.0/fiscal-documents");

async function place(
  c: Customer,
  opts: { nif?: string; quantity?: number; lines?: number } = {},
): Promise<{ orderId: string; total: number }> {
  const lines = products.slice(0, opts.lines ?? 2).map((product) => ({ product, quantity: opts.quantity ?? 2 }));
  const body = orderBody(lines, opts.nif === undefined ? {} : { nif: opts.nif });
  const res = await post(t, "/api/order/place", body, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: (res.json() as { orderId: string }).orderId, total: body.totalAmount };
}

async function pay(orderId: string, amount: number) {
  const res = await t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${orderId}/payments`,
    headers: admin.auth,
    payload: { amount, bankReference: `FISCAL-${orderId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Paid while the order.paid reaction finds no provider (lost): only the callers a test makes ask for the FR. */
async function payUnseen(orderId: string, amount: number) {
  const provider = t.deps.fiscal;
  t.deps.fiscal = undefined;
  try {
    await pay(orderId, amount);
    await t.settled();
  } finally {
    t.deps.fiscal = provider;
  }
}

/** The FR documents the stand-in received for an order (the order's FR row knows its provider id). */
async function requestsOf(orderId: string, type: "FR" | "NC" = "FR") {
  const rows = await t.prisma.fiscalDocument.findMany({ where: { orderId, type, providerId: { not: null } } });
  return rows.map((r) => fiscal.documents.get(r.providerId!)!).filter(Boolean);
}

const webhook = (body: unknown, authorization?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/fiscal/appypay",
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
  });

const staffOrder = async (orderId: string) =>
  (await t.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: admin.auth })).json() as AdminOrder;
const shopperOrder = async (c: Customer, orderId: string) =>
  ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: UserOrder[] }).orders.find((o) => o._id === orderId)!;

describe("the NIF", () => {
  it("refuses a NIF that is neither a company's nor a BI at placement, naming the NIF", async () => {
    const c = await registerCustomer(t.app);
    const lines = [{ product: products[0]!, quantity: 1 }];
    for (const nif of ["12345", "50000000001", "ABC", "004567890L042", "004567890LAA42", "5000000000X"])
      expectError(await post(t, "/api/order/place", orderBody(lines, { nif }), c.auth), 400, /NIF inválido/);
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  it("keeps a company NIF typed with spaces and dots, and a BI in lower case, normalised on the order", async () => {
    const c = await registerCustomer(t.app);
    const company = await place(c, { nif: " 500.000 0000 ", lines: 1, quantity: 1 });
    const person = await place(c, { nif: "004567890la042", lines: 1, quantity: 1 });
    const none = await place(c, { nif: "", lines: 1, quantity: 1 });
    const nifs = async (id: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id } })).nif;
    expect([await nifs(company.orderId), await nifs(person.orderId), await nifs(none.orderId)]).toEqual([
      "5000000000",
      "004567890LA042",
      null,
    ]);
    expect((await staffOrder(company.orderId)).nif).toBe("5000000000");
    expect((await shopperOrder(c, person.orderId)).nif).toBe("004567890LA042");
  });

  it("saves the account's NIF as the default, checked by the same rule", async () => {
    const c = await registerCustomer(t.app);
    const patch = (nif: string | null) => t.app.inject({ method: "PATCH", url: "/api/user/account", headers: c.auth, payload: { nif } });
    expectError(await patch("123"), 400, /NIF inválido/);
    const saved = await patch("500 000 0000");
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { account: { nif: string } }).account.nif).toBe("5000000000");
    expect(((await patch(null)).json() as { account: { nif: string | null } }).account.nif).toBeNull();
  });

  it("looks a NIF up at the provider for the checkout to show its name", async () => {
    const c = await registerCustomer(t.app);
    fiscal.taxpayers.set("5000000000", { name: "Empresa Exemplo, Lda.", status: "A" });
    const found = await t.app.inject({ method: "GET", url: "/api/fiscal/taxpayer/500.000.0000", headers: c.auth });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ success: true, nif: "5000000000", name: "Empresa Exemplo, Lda.", active: true });
    expectError(await t.app.inject({ method: "GET", url: "/api/fiscal/taxpayer/5000000001", headers: c.auth }), 404);
    expectError(await t.app.inject({ method: "GET", url: "/api/fiscal/taxpayer/12", headers: c.auth }), 400, /NIF inválido/);
    expectError(await t.app.inject({ method: "GET", url: "/api/fiscal/taxpayer/5000000000" }), 401);
  });
});

describe("one FR per paid order", () => {
  it("asks for exactly one FR with the buyer's NIF (company, BI or Consumidor final) and lines that add up to what was paid", async () => {
    const c = await registerCustomer(t.app);
    const cases = [
      { nif: "5000000000", taxId: "5000000000" },
      { nif: "004567890LA042", taxId: "004567890LA042" },
      { nif: undefined, taxId: "999999999" },
    ];
    for (const { nif, taxId } of cases) {
      const { orderId, total } = await place(c, { nif });
      await pay(orderId, total);
      await requestInvoiceForPaidOrder(t.deps, orderId);
      await requestInvoiceForPaidOrder(t.deps, orderId);
      // The order.paid reaction asks too, and may hold the claim while these return: read once it is done.
      await t.settled();
      const sent = await requestsOf(orderId);
      expect(sent).toHaveLength(1);
      const body = sent[0]!.body as unknown as FiscalDocumentRequest;
      expect(body).toMatchObject({ documentType: "FR", customerTaxID: taxId, customerCountry: "AO" });
      if (!nif) expect(body.companyName).toBe("Consumidor final");
      expect(body.lines.map((l) => l.productCode)).toEqual([products[0]!.id, products[1]!.id, "ENTREGA"]);
      expect(requestTotal(body, "geral")).toBe(total);
      expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(1);
    }
  });

  it("asks for the FR by itself when the order is paid (the order.paid reaction), and for the NC of a refund", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await pay(orderId, total);
    await t.settled();
    expect(await requestsOf(orderId)).toHaveLength(1);
    const fr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR" } });
    fiscal.issue(fr.providerId!);
    expect((await webhook(fiscal.webhookBody(fr.providerId!), `Bearer ${SECRET}`)).statusCode).toBe(200);
    const refund = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: admin.auth,
      payload: { amount: 1000, pending: true },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.settled();
    expect(await requestsOf(orderId, "NC")).toHaveLength(1);
  });

  it("asks for nothing before the order is paid", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await pay(orderId, total - 1000);
    expect(await requestInvoiceForPaidOrder(t.deps, orderId)).toBeNull();
    expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(0);
  });

  it("sends one FR however many callers ask at once (the reaction twice, and the sweep)", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await payUnseen(orderId, total);
    const before = fiscalPosts().length;
    await Promise.all([
      requestInvoiceForPaidOrder(t.deps, orderId),
      requestInvoiceForPaidOrder(t.deps, orderId),
      fiscalRound(t.deps, { checkAfterMs: HOUR }),
      requestInvoiceForPaidOrder(t.deps, orderId),
    ]);
    expect(await requestsOf(orderId)).toHaveLength(1);
    expect(fiscalPosts().length - before).toBe(1);
    expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(1);
  });

  it("ends with one FR when the provider answers 503 twice, retrying after the back-off", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    fiscal.failNextPosts = 2;
    // The order.paid reaction makes the first attempt (503); asking again now changes nothing: it is not due.
    await pay(orderId, total);
    await t.settled();
    const first = await requestInvoiceForPaidOrder(t.deps, orderId);
    expect(first).toMatchObject({ status: "pending", providerId: null, attempts: 1 });
    expect(first!.lastError).toMatch(/503/);
    // Not due yet: the back-off holds it.
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect((await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId } })).attempts).toBe(1);
    let later = Date.now() + retryDelayMs(1) + 1000;
    await fiscalRound(t.deps, { checkAfterMs: HOUR, now: new Date(later) });
    const second = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId } });
    expect([second.attempts, second.providerId]).toEqual([2, null]);
    later += retryDelayMs(2) + 1000;
    await fiscalRound(t.deps, { checkAfterMs: HOUR, now: new Date(later) });
    const done = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId } });
    expect(done.attempts).toBe(3);
    expect(done.providerId).not.toBeNull();
    expect(await requestsOf(orderId)).toHaveLength(1);
  });

  it("sends the FR of an order paid while nothing reacted (a restart in between) from the database, once", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    // The reaction to order.paid is lost (the provider unset while it ran, as a shop restarted in between would
    // have lost it before the events existed): the sweep finds the paid order without its FR.
    await payUnseen(orderId, total);
    expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(0);
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(await requestsOf(orderId)).toHaveLength(1);
  });
});

const ask = (orderId: string, amount: number) => askPayment(t, admin, orderId, amount);
const payByTransfer = (request: PaymentRequestSchema) => payRequestByTransfer(t, admin, request);

describe("a payment request's own FR", () => {
  const requestDocuments = (paymentRequestId: string) => t.prisma.fiscalDocument.findMany({ where: { paymentRequestId } });

  it("asks for one FR of its own for a request paid after the order's FR, for its amount and reason, once however many ask", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c, { nif: "5000000000" });
    await pay(orderId, total);
    await t.settled();
    const orderFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR" } });
    fiscal.issue(orderFr.providerId!);
    expect((await webhook(fiscal.webhookBody(orderFr.providerId!), `Bearer ${SECRET}`)).statusCode).toBe(200);

    const request = await ask(orderId, 8000);
    await payByTransfer(request);
    await t.settled();
    await Promise.all([
      requestInvoiceForPaidRequest(t.deps, request.id),
      requestInvoiceForPaidRequest(t.deps, request.id),
      fiscalRound(t.deps, { checkAfterMs: HOUR }),
    ]);
    const [own] = await requestDocuments(request.id);
    expect(await requestDocuments(request.id)).toHaveLength(1);
    expect([own!.type, own!.orderId, own!.amount.toNumber(), own!.customerTaxID]).toEqual(["FR", orderId, 8000, "5000000000"]);
    const body = fiscal.documents.get(own!.providerId!)!.body as unknown as FiscalDocumentRequest;
    expect(body).toMatchObject({ documentType: "FR", customerTaxID: "5000000000" });
    expect(body.lines.map((l) => [l.productCode, l.productDescription])).toEqual([
      ["PEDIDO-PAGAMENTO", expect.stringContaining("Entrega para a Huíla")],
    ]);
    expect(requestTotal(body, "geral")).toBe(8000);
    // The order's own FR is untouched: still one, for its goods.
    expect(await t.prisma.fiscalDocument.count({ where: { orderId, type: "FR", paymentRequestId: null } })).toBe(1);
    fiscal.issue(own!.providerId!);
    expect((await webhook(fiscal.webhookBody(own!.providerId!), `Bearer ${SECRET}`)).statusCode).toBe(200);
    const shown = (await shopperOrder(c, orderId)).fiscalDocuments;
    expect(shown.map((d) => [d.type, d.status])).toEqual([
      ["FR", "issued"],
      ["FR", "issued"],
    ]);
  });

  it("keeps the order's FR to its goods when a request was paid first, and the sweep asks for a request's FR a reaction missed", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    const request = await ask(orderId, 2500);
    // Paid while nothing reacted (the provider unset): only the sweep can ask for its FR.
    const provider = t.deps.fiscal;
    t.deps.fiscal = undefined;
    try {
      await payByTransfer(request);
      await t.settled();
    } finally {
      t.deps.fiscal = provider;
    }
    expect(await requestDocuments(request.id)).toHaveLength(0);
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(await requestDocuments(request.id)).toHaveLength(1);

    // The order's own money: its FR is for its goods (the total less the request's amount, invoiced apart).
    await pay(orderId, total);
    await t.settled();
    const orderFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR", paymentRequestId: null } });
    expect(orderFr.amount.toNumber()).toBe(total);
    expect(requestTotal(fiscal.documents.get(orderFr.providerId!)!.body as unknown as FiscalDocumentRequest, "geral")).toBe(total);
  });
});

describe("the provider's result", () => {
  async function requested(c: Customer) {
    const { orderId, total } = await place(c, { nif: "5000000000" });
    await pay(orderId, total);
    // The order.paid reaction asks for the FR by itself: once it ran, the row holds the provider's id.
    await t.settled();
    const row = (await requestInvoiceForPaidOrder(t.deps, orderId))!;
    expect(row.providerId).not.toBeNull();
    return { orderId, total, row, providerId: row.providerId! };
  }

  it("believes the webhook only with the secret, and then only what the provider says when asked again", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, providerId } = await requested(c);
    const forged = { fiscalDocument: { id: providerId, documentNo: "FR FORJADA/1", documentStatus: "Success" } };
    expectError(await webhook(forged), 401);
    expectError(await webhook(forged, "Bearer outro-segredo-qualquer-0000"), 401);
    // With the secret but the provider still processing: nothing moves (the body is not believed).
    expect((await webhook(forged, `Bearer ${SECRET}`)).statusCode).toBe(200);
    expect((await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId } })).status).toBe("pending");

    const issued = fiscal.issue(providerId);
    const basic = `Basic ${Buffer.from(`appypay:${SECRET}`).toString("base64")}`;
    expect((await webhook(fiscal.webhookBody(providerId), basic)).statusCode).toBe(200);
    const row = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId } });
    expect(row).toMatchObject({ status: "issued", number: issued.documentNo });
    // A repeated webhook changes nothing.
    expect((await webhook(fiscal.webhookBody(providerId), `Bearer ${SECRET}`)).statusCode).toBe(200);
    // The shopper is e-mailed the number once.
    await t.settled();
    const mails = (await t.prisma.outboxMail.findMany({ where: { kind: "fiscal-document-issued", to: c.email } })).filter(
      (m) => (m.facts as { orderId?: string }).orderId === orderId,
    );
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(`Fatura-recibo ${issued.documentNo}`)]);

    const staff = await staffOrder(orderId);
    expect(staff.fiscalDocuments).toEqual([
      { id: row.id, type: "FR", status: "issued", number: issued.documentNo, url: expect.stringMatching(/^\/media\//) },
    ]);
    const shopper = await shopperOrder(c, orderId);
    expect(shopper.fiscalDocuments).toEqual(staff.fiscalDocuments);
    const pdf = await t.app.inject({ method: "GET", url: shopper.fiscalDocuments[0]!.url! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("asks the provider about a document whose webhook never came, and keeps a rejection", async () => {
    const c = await registerCustomer(t.app);
    const lost = await requested(c);
    const refused = await requested(c);
    fiscal.issue(lost.providerId);
    fiscal.reject(refused.providerId, "Número de documento duplicado para a série informada");
    // Before APPYPAY_RECONCILE_SECONDS nobody asks.
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect((await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId: lost.orderId } })).status).toBe("pending");
    await fiscalRound(t.deps, { checkAfterMs: HOUR, now: new Date(Date.now() + 2 * HOUR) });
    expect(await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId: lost.orderId } })).toMatchObject({ status: "issued" });
    const rejected = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId: refused.orderId } });
    expect(rejected).toMatchObject({ status: "rejected", lastError: expect.stringContaining("duplicado") });
    // Rejected: the sweep asks for no second FR by itself; staff "Tentar de novo" asks for a corrected one.
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(await t.prisma.fiscalDocument.count({ where: { orderId: refused.orderId } })).toBe(1);
    const retry = await t.app.inject({ method: "POST", url: `/admin/api/fiscal-documents/${rejected.id}/retry`, headers: admin.auth });
    expect(retry.statusCode, retry.body).toBe(200);
    const sent = await requestsOf(refused.orderId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ documentType: "FR", documentStatus: "N" });
  });

  it("tells the staff alert addresses once of a document still not issued a day after it was asked for", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await payUnseen(orderId, total);
    const asked = { orderId, type: "FR", source: "provider", customerTaxID: "999999999", amount: total };
    const [old, young] = await Promise.all([
      t.prisma.fiscalDocument.create({
        data: { ...asked, status: "failed", lastError: "AppyPay respondeu 400", createdAt: new Date(Date.now() - 25 * HOUR) },
      }),
      t.prisma.fiscalDocument.create({ data: { ...asked, type: "NC", source: "manual", status: "pending" } }),
    ]);
    const alerts = async (documentId: string) => {
      await t.settled();
      return t.prisma.outboxMail.findMany({
        where: { kind: "staff-fiscal-overdue", dedupeKey: { startsWith: `staff-fiscal-overdue:${documentId}:` } },
      });
    };
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    const told = await alerts(old.id);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.subject).toContain("Fatura-recibo por emitir há mais de 24 h");
    expect(await alerts(young.id)).toEqual([]);
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(await alerts(old.id)).toHaveLength(told.length);
    await t.prisma.fiscalDocument.deleteMany({ where: { id: { in: [old.id, young.id] } } });
  });

  it("lists documents for staff and lets admins (only) try a failed one again", async () => {
    const support = await createStaff(t, "support");
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await payUnseen(orderId, total);
    const row = await t.prisma.fiscalDocument.create({
      data: {
        orderId,
        type: "FR",
        source: "provider",
        status: "failed",
        customerTaxID: "999999999",
        amount: total,
        lastError: "AppyPay respondeu 400",
      },
    });
    const list = await t.app.inject({
      method: "GET",
      url: `/admin/api/fiscal-documents?filter=${encodeURIComponent(JSON.stringify({ status: "failed" }))}`,
      headers: support.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { id: string }[]).map((d) => d.id)).toContain(row.id);
    expectError(await t.app.inject({ method: "POST", url: `/admin/api/fiscal-documents/${row.id}/retry`, headers: support.auth }), 403);
    const retry = await t.app.inject({ method: "POST", url: `/admin/api/fiscal-documents/${row.id}/retry`, headers: admin.auth });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as { document: { status: string } }).document.status).toBe("pending");
    expect(await requestsOf(orderId)).toHaveLength(1);
    expectError(await t.app.inject({ method: "POST", url: `/admin/api/fiscal-documents/${row.id}/retry`, headers: admin.auth }), 409);
  });
});

describe("a nota de crédito for a refund", () => {
  it("asks for one NC for the refunded amount, referring to the FR, once the FR has its number", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c, { nif: "5000000000" });
    await pay(orderId, total);
    await t.settled();
    const fr = (await requestInvoiceForPaidOrder(t.deps, orderId))!;
    const refund = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: admin.auth,
      payload: { amount: 2000, bankReference: "DEV-FISCAL-1" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.settled();
    const refundId = (await t.prisma.refund.findFirstOrThrow({ where: { orderId } })).id;
    // The FR is still pending: the NC waits for its number.
    await requestCreditNotesForRefund(t.deps, refundId);
    expect(await requestsOf(orderId, "NC")).toHaveLength(0);
    const issued = fiscal.issue(fr.providerId!);
    expect((await webhook(fiscal.webhookBody(fr.providerId!), `Bearer ${SECRET}`)).statusCode).toBe(200);
    await fiscalRound(t.deps, { checkAfterMs: HOUR, now: new Date(Date.now() + 2 * 60_000) });
    await requestCreditNotesForRefund(t.deps, refundId);
    const sent = await requestsOf(orderId, "NC");
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as unknown as FiscalDocumentRequest;
    expect(body).toMatchObject({ documentType: "NC", customerTaxID: "5000000000" });
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]!.referenceInfo).toEqual({ reference: issued.documentNo, reason: "Devolução" });
    expect(requestTotal(body, "geral")).toBe(2000);
    expect((await staffOrder(orderId)).fiscalDocuments.map((d) => [d.type, d.status])).toEqual([
      ["FR", "issued"],
      ["NC", "pending"],
    ]);
  });
});

describe("the NCs of a refund follow the money it gives back", () => {
  /** The FR issued by the AGT (the webhook delivered): answers its number. */
  async function issued(providerId: string): Promise<string> {
    const doc = fiscal.issue(providerId);
    expect((await webhook(fiscal.webhookBody(providerId), `Bearer ${SECRET}`)).statusCode).toBe(200);
    return doc.documentNo!;
  }
  async function refund(orderId: string, amount: number): Promise<string> {
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: admin.auth,
      payload: { amount, bankReference: `DEV-${orderId}-${amount}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.settled();
    return (await t.prisma.refund.findFirstOrThrow({ where: { orderId, bankReference: `DEV-${orderId}-${amount}` } })).id;
  }
  /** The refund's NCs as sent: [FR number referred to, amount], the order's own FR's first. */
  async function creditNotes(refundId: string): Promise<[string, number][]> {
    const rows = await t.prisma.fiscalDocument.findMany({
      where: { refundId, type: "NC" },
      orderBy: [{ paymentRequestId: { sort: "asc", nulls: "first" } }],
    });
    return rows.map((r) => {
      expect(r.providerId).not.toBeNull();
      const body = fiscal.documents.get(r.providerId!)!.body as unknown as FiscalDocumentRequest;
      expect(requestTotal(body, "geral")).toBe(r.amount.toNumber());
      return [body.lines[0]!.referenceInfo!.reference, r.amount.toNumber()];
    });
  }
  /** An order paid in full with its FR issued, and a paid request (a province's delivery) with its FR issued. */
  async function paidWithRequest(requestAmount: number) {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c, { nif: "5000000000" });
    await pay(orderId, total);
    await t.settled();
    const orderFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR", paymentRequestId: null } });
    const request = await ask(orderId, requestAmount);
    await payByTransfer(request);
    await t.settled();
    const requestFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { paymentRequestId: request.id, type: "FR" } });
    return { orderId, total, request, orderFrNo: await issued(orderFr.providerId!), requestFrNo: await issued(requestFr.providerId!) };
  }

  it("credits the order's FR alone for a refund within what it invoiced", async () => {
    const { orderId, orderFrNo } = await paidWithRequest(5000);
    expect(await creditNotes(await refund(orderId, 1500))).toEqual([[orderFrNo, 1500]]);
  });

  it("credits the order's FR and the request's FR, one NC each, for a refund of both", async () => {
    const { orderId, total, orderFrNo, requestFrNo } = await paidWithRequest(5000);
    const refundId = await refund(orderId, total + 5000);
    expect(await creditNotes(refundId)).toEqual([
      [orderFrNo, total],
      [requestFrNo, 5000],
    ]);
    // The staff order and /orders list both.
    expect((await staffOrder(orderId)).fiscalDocuments.map((d) => d.type)).toEqual(["FR", "FR", "NC", "NC"]);
  });

  it("credits the request's FR when only a deposit was paid (the order's own money never came)", async () => {
    const c = await registerCustomer(t.app);
    const { orderId } = await place(c);
    const deposit = await ask(orderId, 3000);
    await payByTransfer(deposit);
    await t.settled();
    expect(await t.prisma.fiscalDocument.count({ where: { orderId, type: "FR", paymentRequestId: null } })).toBe(0);
    const depositFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { paymentRequestId: deposit.id, type: "FR" } });
    const number = await issued(depositFr.providerId!);
    expect(await creditNotes(await refund(orderId, 3000))).toEqual([[number, 3000]]);
  });

  it("credits what an earlier refund left of the order's FR, then the request's FR", async () => {
    const { orderId, total, orderFrNo, requestFrNo } = await paidWithRequest(5000);
    expect(await creditNotes(await refund(orderId, total - 1000))).toEqual([[orderFrNo, total - 1000]]);
    expect(await creditNotes(await refund(orderId, 4000))).toEqual([
      [orderFrNo, 1000],
      [requestFrNo, 3000],
    ]);
    // What is left of the request's money, and the sweep asks for nothing more.
    expect(await creditNotes(await refund(orderId, 2000))).toEqual([[requestFrNo, 2000]]);
    const before = fiscalPosts().length;
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(fiscalPosts().length).toBe(before);
  });

  it("writes one NC per FR however many ask at once, and the sweep sends NCs that waited for their FR's number", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await pay(orderId, total);
    const request = await ask(orderId, 4000);
    await payByTransfer(request);
    await t.settled();
    // Both FRs still pending, and the refunds recorded while nothing reacted: only the callers below ask, at once.
    const provider = t.deps.fiscal;
    t.deps.fiscal = undefined;
    let first: string, second: string;
    try {
      first = await refund(orderId, total - 500);
      second = await refund(orderId, 4500);
    } finally {
      t.deps.fiscal = provider;
    }
    expect(await t.prisma.fiscalDocument.count({ where: { orderId, type: "NC" } })).toBe(0);
    await Promise.all([
      requestCreditNotesForRefund(t.deps, first),
      requestCreditNotesForRefund(t.deps, second),
      requestCreditNotesForRefund(t.deps, second),
      fiscalRound(t.deps, { checkAfterMs: HOUR }),
      requestCreditNotesForRefund(t.deps, first),
    ]);
    const notes = await t.prisma.fiscalDocument.findMany({ where: { orderId, type: "NC" } });
    expect(notes.map((n) => [n.refundId === first ? "first" : "second", n.paymentRequestId, n.amount.toNumber()]).sort()).toEqual(
      [
        ["first", null, total - 500],
        ["second", null, 500],
        ["second", request.id, 4000],
      ].sort(),
    );
    expect(notes.every((n) => n.providerId === null)).toBe(true);
    const orderFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR", paymentRequestId: null } });
    const requestFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { paymentRequestId: request.id, type: "FR" } });
    const [orderFrNo, requestFrNo] = [await issued(orderFr.providerId!), await issued(requestFr.providerId!)];
    await fiscalRound(t.deps, { checkAfterMs: HOUR, now: new Date(Date.now() + 2 * 60_000) });
    expect(await creditNotes(first)).toEqual([[orderFrNo, total - 500]]);
    expect(await creditNotes(second)).toEqual([
      [orderFrNo, 500],
      [requestFrNo, 4000],
    ]);
  });
  it("never credits an FR beyond what it invoiced, even for shares written before the rule (two refunds at once)", async () => {
    const c = await registerCustomer(t.app);
    const { orderId, total } = await place(c);
    await pay(orderId, total);
    await t.settled();
    const orderFr = await t.prisma.fiscalDocument.findFirstOrThrow({ where: { orderId, type: "FR", paymentRequestId: null } });
    await issued(orderFr.providerId!);
    // Two refunds as the migration kept them (each all the order's own money), together more than its FR invoiced.
    const legacy = (amount: number) =>
      t.prisma.refund.create({
        data: { orderId, amount, status: "done", bankReference: `ANTIGA-${amount}`, actor: "Admin", shares: { create: [{ amount }] } },
      });
    const [a, b] = [await legacy(total - 1000), await legacy(3000)];
    await Promise.all([
      requestCreditNotesForRefund(t.deps, a.id),
      requestCreditNotesForRefund(t.deps, b.id),
      requestCreditNotesForRefund(t.deps, b.id),
      requestCreditNotesForRefund(t.deps, a.id),
    ]);
    const notes = await t.prisma.fiscalDocument.findMany({ where: { orderId, type: "NC" } });
    expect(notes).toHaveLength(2);
    expect(notes.reduce((sum, n) => sum + n.amount.toNumber(), 0)).toBe(total);
    for (const note of notes) expect(note.amount.toNumber()).toBeLessThanOrEqual(note.refundId === a.id ? total - 1000 : 3000);
    // The sweep does not come back for what is left of the second: the FR is credited in full.
    const before = fiscalPosts().length;
    await fiscalRound(t.deps, { checkAfterMs: HOUR });
    expect(fiscalPosts().length).toBe(before);
  });
});
