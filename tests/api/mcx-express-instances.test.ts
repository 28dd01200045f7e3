// Two instances of the shop on one PostgreSQL database settle one Multicaixa Express charge at the same moment (AppyPay's
// webhook, repeated, reaching both, while each runs its reconciliation): one ledger payment, the order confirmed once
// (docs/design/money.md#multicaixa-express-appypay).
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";
import { AppyPayStandin, type ChargesStandin } from "../helpers/appypay-standin.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { reconcileCharges } from "../../server/domain/payments/mcx-express.ts";
import { mcxExpressSetup } from "../../server/deps.ts";

const SECRET = "mcx-webhook-secret-0123456789abcdef";
let standin: AppyPayStandin;
let charges: ChargesStandin;
let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  standin = await new AppyPayStandin().start();
  charges = standin.charges();
  t = await buildTestApp({
    env: standin.env({
      APPYPAY_GPO_METHOD: "GPO_53c70da3-1c88-4391-8b60-ab4757fbb044",
      APPYPAY_WEBHOOK_SECRET: SECRET,
      APPYPAY_RECONCILE_SECONDS: "3600",
      PAYMENT_DEADLINE_WORKER: "false",
    }),
  });
  other = await buildOtherInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await standin?.stop();
});

const webhook = (app: TestApp, body: unknown) =>
  app.app.inject({
    method: "POST",
    url: "/api/payments/appypay",
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
  });

it("records one payment when both instances settle the same charge at once, over and over", async () => {
  const c = await registerCustomer(t.app);
  const products = (await liveProducts(t)).filter((p) => p.price > 0);
  const later = new Date(Date.now() + 2 * 3_600_000);
  for (let round = 0; round < 5; round++) {
    const body = orderBody([{ product: products[round % products.length]!, quantity: 1 }]);
    const placed = await post(t, "/api/order/place", body, c.auth);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    const asked = await post(other, "/api/order/mcx-express", { orderId, phoneNumber: "923456789" }, c.auth);
    expect(asked.statusCode, asked.body).toBe(202);
    const row = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: (asked.json() as { chargeId: string }).chargeId } });
    charges.approve(row.gatewayId!);
    const hook = charges.webhookBody(row.gatewayId!);
    const replies = await Promise.all([
      webhook(t, hook),
      webhook(other, hook),
      reconcileCharges(t.prisma, mcxExpressSetup(t.deps)!, later),
      reconcileCharges(other.prisma, mcxExpressSetup(other.deps)!, later),
      webhook(other, hook),
      webhook(t, hook),
    ]);
    for (const reply of [replies[0], replies[1], replies[4], replies[5]]) expect((reply as { statusCode: number }).statusCode).toBe(200);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true, statusHistory: true } });
    expect([order.paid, order.amountPaid.toNumber(), order.payments.length]).toEqual([true, body.totalAmount, 1]);
    expect(order.statusHistory.filter((h) => h.status === "Pagamento Confirmado")).toHaveLength(1);
    const settled = await t.prisma.mcxExpressCharge.findUniqueOrThrow({ where: { id: row.id } });
    expect([settled.status, settled.ledgerPaymentId]).toEqual(["paid", order.payments[0]!.id]);
  }
  await Promise.all([t.settled(), other.settled()]);
  expect(await t.prisma.domainEvent.count({ where: { name: "charge.settled" } })).toBe(5);
});
