// Two instances of the shop on one PostgreSQL database ask for the same order's FR at the same moment (each the
// reaction to `order.paid`, each its sweep): AppyPay receives one request (docs/design/fiscal-documents.md#exactly-once).
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { AppyPayStandin, type FiscalDocumentsStandin } from "../helpers/appypay-standin.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { fiscalRound, requestInvoiceForPaidOrder } from "../../server/domain/fiscal/service.ts";

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
