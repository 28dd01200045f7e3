// Two instances of the shop on one PostgreSQL database ask for the same order's FR at the same moment (each the
// reaction to `order.paid`, each its sweep): AppyPay receives one request (docs/design/fiscal-documents.md#exactly-once).
// The same for the NCs of two refunds that credit the order's FR and a payment request's FR: one NC per refund and FR.
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { AppyPayStandin, type FiscalDocumentsStandin } from "../helpers/appypay-standin.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { askPayment, payRequestByTransfer } from "./admin-fixtures.ts";
import { checkDocument, fiscalRound, requestCreditNotesForRefund, requestInvoiceForPaidOrder } from "../../server/domain/fiscal/service.ts";

let standin: AppyPayStandin;
let fiscal: FiscalDocumentsStandin;
let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  standin = await new AppyPayStandin().start();
  fiscal = standin.fiscalDocuments();
  t = await buildTestApp({
    env: standin.env({ FISCAL_PROVIDER: "appypay", APPYPAY_RECONCILE_SECONDS: "3600", PAYMENT_DEADLINE_WORKER: "false" }),
  });
  other = await buildOtherInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await standin?.stop();
});

it("sends one FR when two instances ask for it at once, over and over", async () => {
  const admin = await createStaff(t, "admin");
  const c = await registerCustomer(t.app);
  const products = (await liveProducts(t)).filter((p) => p.price > 0);
  for (let round = 0; round < 5; round++) {
    const body = orderBody([{ product: products[round % products.length]!, quantity: 1 }]);
    const placed = await post(t, "/api/order/place", body, c.auth);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/payments`,
      headers: admin.auth,
      payload: { amount: body.totalAmount, bankReference: `INST-${round}-${orderId}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await Promise.all([
      requestInvoiceForPaidOrder(t.deps, orderId),
      requestInvoiceForPaidOrder(other.deps, orderId),
      fiscalRound(other.deps, { checkAfterMs: 3_600_000 }),
      requestInvoiceForPaidOrder(other.deps, orderId),
      requestInvoiceForPaidOrder(t.deps, orderId),
    ]);
    // Each instance's order.paid reaction asks as well and may still hold the claim the callers above yielded to.
    await Promise.all([t.settled(), other.settled()]);
    const rows = await t.prisma.fiscalDocument.findMany({ where: { orderId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerId).not.toBeNull();
    expect(fiscal.posted().filter((d) => d.id === rows[0]!.providerId)).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
  }
  // Every accepted request belongs to one of the orders' rows: none was sent twice.
  expect(fiscal.posted()).toHaveLength(await t.prisma.fiscalDocument.count({ where: { providerId: { not: null } } }));
});

it("writes and sends one NC per refund and FR when two instances ask at once", async () => {
  const admin = await createStaff(t, "admin");
  const c = await registerCustomer(t.app);
  const product = (await liveProducts(t)).find((p) => p.price > 0)!;
  for (let round = 0; round < 3; round++) {
    const body = orderBody([{ product, quantity: 1 }]);
    const placed = await post(t, "/api/order/place", body, c.auth);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    const total = body.totalAmount;
    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/payments`,
      headers: admin.auth,
      payload: { amount: total, bankReference: `INST-NC-${round}-${orderId}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await payRequestByTransfer(t, admin, await askPayment(t, admin, orderId, 3000));
    await Promise.all([t.settled(), other.settled()]);
    // Both FRs issued, so each NC is sent as soon as it is written.
    for (const fr of await t.prisma.fiscalDocument.findMany({ where: { orderId, type: "FR" } })) {
      fiscal.issue(fr.providerId!);
      await checkDocument(t.deps, fr.id);
    }
    // Two refunds recorded while nothing reacted: only the callers below ask, from both instances at once.
    const providers = [t.deps.fiscal, other.deps.fiscal];
    t.deps.fiscal = other.deps.fiscal = undefined;
    try {
      for (const [amount, reference] of [
        [total - 1000, "A"],
        [3500, "B"],
      ] as const) {
        const refunded = await t.app.inject({
          method: "POST",
          url: `/admin/api/orders/${orderId}/refunds`,
          headers: admin.auth,
          payload: { amount, bankReference: `INST-DEV-${reference}-${round}-${orderId}` },
        });
        expect(refunded.statusCode, refunded.body).toBe(200);
      }
      await Promise.all([t.settled(), other.settled()]);
    } finally {
      [t.deps.fiscal, other.deps.fiscal] = providers;
    }
    const first = await t.prisma.refund.findFirstOrThrow({ where: { orderId, bankReference: { startsWith: "INST-DEV-A-" } } });
    const second = await t.prisma.refund.findFirstOrThrow({ where: { orderId, bankReference: { startsWith: "INST-DEV-B-" } } });
    await Promise.all([
      requestCreditNotesForRefund(t.deps, second.id),
      requestCreditNotesForRefund(other.deps, first.id),
      fiscalRound(other.deps, { checkAfterMs: 3_600_000 }),
      requestCreditNotesForRefund(other.deps, second.id),
      requestCreditNotesForRefund(t.deps, first.id),
      fiscalRound(t.deps, { checkAfterMs: 3_600_000 }),
    ]);
    const notes = await t.prisma.fiscalDocument.findMany({ where: { orderId, type: "NC" } });
    expect(
      notes.map((n) => [n.refundId === first.id ? "A" : "B", n.paymentRequestId ? "request" : "order", n.amount.toNumber()]).sort(),
    ).toEqual(
      [
        ["A", "order", total - 1000],
        ["B", "order", 1000],
        ["B", "request", 2500],
      ].sort(),
    );
    for (const note of notes) {
      expect(note.providerId).not.toBeNull();
      expect(note.attempts).toBe(1);
      expect(fiscal.posted().filter((d) => d.id === note.providerId)).toHaveLength(1);
    }
  }
  expect(fiscal.posted()).toHaveLength(await t.prisma.fiscalDocument.count({ where: { providerId: { not: null } } }));
});
