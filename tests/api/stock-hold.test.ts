// Stock held briefly and openly (docs/product/orders.md#stock), from the audit of issue 39: an unpaid order held its
// tracked units for its whole 48 h deadline, for ever once any money or a junk proof was on it, and a 0 kz coupon
// order held them with no deadline at all. Now an unpaid order holds them for the shop's "Reserva de stock" (2 h by
// default, never past its deadline), shown to the shopper and staff; then they go back on sale unless it is paid;
// money that covers it afterwards takes them again or marks the order short for staff. A proof awaiting a decision
// holds an order past its deadline only PROOF_GRACE_HOURS, once; a 0 kz order has a deadline. The rounds are
// driven with the moment they run at (as the payment-deadline tests do), never by waiting hours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { multipart } from "./admin-fixtures.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";
import { expireOverdueOrders, remindHalfway, runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import { releaseEndedHolds } from "../../server/domain/orders/stock-hold.ts";
import { DEFAULT_STOCK_HOLD_HOURS, PROOF_GRACE_HOURS } from "../../shared/unpaid-orders.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

const HOUR = 3_600_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let products: CatalogueProduct[];
let nextProduct = 0;

beforeAll(async () => {
  // The rounds are driven by the tests (the 10 s worker would race them).
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  products = (await liveProducts(t)).filter((p) => p.price >= 1000);
});
afterAll(() => t.close());

/** A product of its own for each test, with `units` tracked in its first size. */
async function tracked(units: number): Promise<{ product: CatalogueProduct; size: string }> {
  const product = products[nextProduct++]!;
  const size = product.sizes[0]!;
  await t.prisma.productStock.create({ data: { productId: product.id, size, quantity: units } });
  return { product, size };
}
const unitsLeft = async (p: { product: CatalogueProduct; size: string }) =>
  (await t.prisma.productStock.findUniqueOrThrow({ where: { productId_size: { productId: p.product.id, size: p.size } } })).quantity;

async function place(c: Customer, p: { product: CatalogueProduct; size: string }, quantity: number): Promise<string> {
  const res = await post(t, "/api/order/place", orderBody([{ product: p.product, size: p.size, quantity }]), c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
const orderRow = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id }, include: { lines: true } });
const shopperOrder = async (c: Customer, id: string) =>
  ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: UserOrder[] }).orders.find((o) => o._id === id)!;
const staffOrder = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: admin.auth })).json() as AdminOrder;
const pay = (id: string, amount: number, bankReference: string) =>
  t.app.inject({ method: "POST", url: `/admin/api/orders/${id}/payments`, headers: admin.auth, payload: { amount, bankReference } });
const shopTexts = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);
/** Just after the order's hold ends. */
const afterHold = async (id: string) => new Date((await orderRow(id)).stockHeldUntil!.getTime() + 1000);

describe("the stock hold of an unpaid order", () => {
  it("gives the audit's 40 units back when the holds end: two unpaid orders no longer keep a product sold out", async () => {
    const p = await tracked(40);
    const hoarder = await registerCustomer(t.app);
    const first = await place(hoarder, p, 20);
    const second = await place(hoarder, p, 20);
    expect(await unitsLeft(p)).toBe(0);
    const other = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/add", { itemId: p.product.id, size: p.size }, other.auth), 409, "Este tamanho está esgotado");

    // Held for the shop's 2 h from placement, shown to the shopper and to staff.
    const row = await orderRow(first);
    expect(row.stockHeldUntil!.getTime() - row.createdAt.getTime()).toBeCloseTo(DEFAULT_STOCK_HOLD_HOURS * HOUR, -4);
    expect((await shopperOrder(hoarder, first)).stockHeldUntil).toBe(row.stockHeldUntil!.toISOString());
    expect((await staffOrder(first)).stockHeldUntil).toBe(row.stockHeldUntil!.toISOString());
    expect((await staffOrder(first)).lines.map((l) => [l.held, l.short])).toEqual([[true, false]]);

    // Not a moment before the hold ends; then the units are on sale again, once.
    expect(await releaseEndedHolds(t.prisma, new Date(row.stockHeldUntil!.getTime() - 1000))).not.toContain(first);
    await t.settled();
    const released = await releaseEndedHolds(t.prisma, await afterHold(second));
    await t.settled();
    expect(released).toEqual(expect.arrayContaining([first, second]));
    expect(await unitsLeft(p)).toBe(40);
    expect(await releaseEndedHolds(t.prisma, await afterHold(second))).toEqual([]);
    await t.settled();
    expect(await unitsLeft(p)).toBe(40);
    expect((await post(t, "/api/cart/add", { itemId: p.product.id, size: p.size }, other.auth)).statusCode).toBe(200);

    // The orders still await payment, say so openly, and hold nothing now.
    expect((await orderRow(first)).status).toBe("Aguardando Pagamento");
    expect((await shopperOrder(hoarder, first)).stockHeldUntil).toBeNull();
    const staff = await staffOrder(first);
    expect(staff.stockHeldUntil).toBeNull();
    expect(staff.stockReleasedAt).not.toBeNull();
    expect(staff.lines.map((l) => l.held)).toEqual([false]);
    expect((await shopTexts(hoarder, first)).some((x) => x.startsWith("A reserva dos artigos deste pedido terminou"))).toBe(true);
  });

  it("is ended by the payment-deadline round itself, and a partly paid order holds no longer than an unpaid one", async () => {
    const p = await tracked(3);
    const c = await registerCustomer(t.app);
    const id = await place(c, p, 1);
    const total = (await orderRow(id)).totalAmount.toNumber();
    expect((await pay(id, Math.floor(total / 2), "BAI-PARTE-1")).statusCode).toBe(200);
    expect(await unitsLeft(p)).toBe(2);
    // The payment's reactions lock the order while they run, and the round skips a locked order (SKIP LOCKED: the
    // next round takes it): the round is run once they are done.
    await t.settled();
    await runPaymentDeadlines(t.prisma, await afterHold(id));
    await t.settled();
    expect(await unitsLeft(p)).toBe(3);
    expect((await orderRow(id)).status).toBe("Aguardando Pagamento");
  });

  it("takes the units again when money covers the order after its hold ended", async () => {
    const p = await tracked(5);
    const c = await registerCustomer(t.app);
    const id = await place(c, p, 2);
    await t.settled(); // the round skips an order its reactions still lock
    await releaseEndedHolds(t.prisma, await afterHold(id));
    await t.settled();
    expect(await unitsLeft(p)).toBe(5);
    const res = await pay(id, (await orderRow(id)).totalAmount.toNumber(), "BAI-TUDO-1");
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(id)).status).toBe("Pagamento Confirmado");
    expect(await unitsLeft(p)).toBe(3);
    expect((await orderRow(id)).lines.map((l) => [l.reserved, l.holdReleased, l.stockShort])).toEqual([[true, false, false]]);
    // Delivered, they are gone for good; nothing is taken or given twice.
    expect(
      (await t.app.inject({ method: "PUT", url: `/admin/api/orders/${id}`, headers: admin.auth, payload: { status: "Entregue" } }))
        .statusCode,
    ).toBe(200);
    expect(await unitsLeft(p)).toBe(3);
  });

  it("marks an order paid after its hold, whose units were sold meanwhile, short: a note and an alert for staff, never oversold", async () => {
    const p = await tracked(2);
    const [late, prompt] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const id = await place(late, p, 2);
    await t.settled(); // the round skips an order its reactions still lock
    await releaseEndedHolds(t.prisma, await afterHold(id));
    await t.settled();
    const other = await place(prompt, p, 2);
    expect(await unitsLeft(p)).toBe(0);

    const res = await pay(id, (await orderRow(id)).totalAmount.toNumber(), "BAI-TARDE-1");
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(id)).status).toBe("Pagamento Confirmado");
    expect(await unitsLeft(p)).toBe(0);
    const staff = await staffOrder(id);
    expect(staff.lines.map((l) => [l.held, l.short])).toEqual([[false, true]]);
    const notes = await t.prisma.orderNote.findMany({ where: { orderId: id } });
    expect(notes.map((n) => [n.authorId, n.text])).toEqual([[null, expect.stringContaining(`"${p.product.name}" tamanho ${p.size} × 2`)]]);
    await t.settled();
    expect(
      await t.prisma.outboxMail.count({
        where: { kind: "staff-paid-without-stock", dedupeKey: { startsWith: `staff-paid-without-stock:${id}` } },
      }),
    ).toBeGreaterThan(0);
    // The prompt shopper's order keeps its units.
    expect((await orderRow(other)).lines.map((l) => l.reserved)).toEqual([true]);
  });

  it("follows the owner's setting, and never outlasts the payment deadline", async () => {
    await t.prisma.shopSettings.update({ where: { id: 1 }, data: { stockHoldHours: 0.5 } });
    t.deps.shopSettings.forget();
    try {
      const p = await tracked(4);
      const id = await place(await registerCustomer(t.app), p, 1);
      const row = await orderRow(id);
      expect(row.stockHeldUntil!.getTime() - row.createdAt.getTime()).toBeCloseTo(0.5 * HOUR, -4);
    } finally {
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { stockHoldHours: DEFAULT_STOCK_HOLD_HOURS } });
      t.deps.shopSettings.forget();
    }
    const quick = await buildTestApp({ env: { PAYMENT_DEADLINE_HOURS: "1", PAYMENT_DEADLINE_WORKER: "false" } });
    try {
      await quick.prisma.shopSettings.update({ where: { id: 1 }, data: { stockHoldHours: 5 } });
      const product = (await liveProducts(quick))[0]!;
      await quick.prisma.productStock.create({ data: { productId: product.id, size: product.sizes[0]!, quantity: 3 } });
      const c = await registerCustomer(quick.app);
      const res = await post(quick, "/api/order/place", orderBody([{ product, quantity: 1 }]), c.auth);
      const row = await quick.prisma.order.findUniqueOrThrow({ where: { id: (res.json() as { orderId: string }).orderId } });
      expect(row.stockHeldUntil).toEqual(row.paymentDeadline);
    } finally {
      await quick.close();
    }
  });

  it("holds nothing, and shows no hold, for an order without tracked sizes", async () => {
    const untracked = products[nextProduct++]!;
    const c = await registerCustomer(t.app);
    const res = await post(t, "/api/order/place", orderBody([{ product: untracked, quantity: 1 }]), c.auth);
    const id = (res.json() as { orderId: string }).orderId;
    expect((await orderRow(id)).stockHeldUntil).toBeNull();
    expect((await shopperOrder(c, id)).stockHeldUntil).toBeNull();
  });
});

describe("a proof awaiting a decision", () => {
  const sendProof = async (c: Customer, orderId: string) => {
    const form = multipart([
      { name: "orderId", value: orderId },
      { name: "file", file: { bytes: pdfWithText(["Comprovativo"]), filename: "c.pdf", type: "application/pdf" } },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/proof",
      headers: { ...c.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { proof: { _id: string } }).proof._id;
  };

  it("holds the order past its deadline only PROOF_GRACE_HOURS, once: a refused proof replaced at once does not extend it", async () => {
    const p = await tracked(2);
    const c = await registerCustomer(t.app);
    const id = await place(c, p, 1);
    const deadline = (await orderRow(id)).paymentDeadline!.getTime();
    const junk = await sendProof(c, id);
    // Past the deadline, the pending proof keeps it (staff have the grace to decide).
    expect(await expireOverdueOrders(t.prisma, new Date(deadline + HOUR))).not.toContain(id);
    await t.settled();
    const refused = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${id}/proofs/${junk}/refuse`,
      headers: admin.auth,
      payload: { reason: "Não é um comprovativo" },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await sendProof(c, id);
    expect(await expireOverdueOrders(t.prisma, new Date(deadline + (PROOF_GRACE_HOURS - 1) * HOUR))).not.toContain(id);
    await t.settled();
    // The grace counts from the deadline, whatever proofs came since.
    expect(await expireOverdueOrders(t.prisma, new Date(deadline + PROOF_GRACE_HOURS * HOUR + 60_000))).toContain(id);
    await t.settled();
    expect((await orderRow(id)).status).toBe("Cancelado");
  });

  it("does not hold the order's units past the stock hold", async () => {
    const p = await tracked(1);
    const c = await registerCustomer(t.app);
    const id = await place(c, p, 1);
    await sendProof(c, id);
    await t.settled(); // the round skips an order its reactions still lock
    await releaseEndedHolds(t.prisma, await afterHold(id));
    await t.settled();
    expect(await unitsLeft(p)).toBe(1);
  });
});

describe("an order a discount code brought to 0 kz", () => {
  it("has a deadline like any other: no reminder to pay nothing, and cancelled at the deadline unless staff confirm it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/admin/api/coupons",
      headers: admin.auth,
      payload: { code: "OFERTA39", kind: "fixed", value: 10_000_000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const p = await tracked(2);
    const c = await registerCustomer(t.app);
    const placeFree = async () => {
      const res = await post(
        t,
        "/api/order/place",
        orderBody([{ product: p.product, size: p.size, quantity: 1 }], { totalAmount: 0, couponCode: "OFERTA39" }),
        c.auth,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { orderId: string }).orderId;
    };
    const free = await placeFree();
    const row = await orderRow(free);
    expect(row.totalAmount.toNumber()).toBe(0);
    expect(row.paymentDeadline).not.toBeNull();
    expect((await shopperOrder(c, free)).paymentDeadline).toBe(row.paymentDeadline!.toISOString());
    const halfway = new Date((row.createdAt.getTime() + row.paymentDeadline!.getTime()) / 2 + 1000);
    expect(await remindHalfway(t.prisma, halfway)).not.toContain(free);
    await t.settled();
    expect(await expireOverdueOrders(t.prisma, new Date(row.paymentDeadline!.getTime() + 1000))).toContain(free);
    await t.settled();
    expect((await orderRow(free)).status).toBe("Cancelado");
    expect(await unitsLeft(p)).toBe(2);

    // Confirmed by staff in time (nothing to record), it is paid and keeps its units.
    const kept = await placeFree();
    const confirmed = await t.app.inject({
      method: "PUT",
      url: `/admin/api/orders/${kept}`,
      headers: admin.auth,
      payload: { status: "Pagamento Confirmado" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await expireOverdueOrders(t.prisma, new Date((await orderRow(kept)).paymentDeadline!.getTime() + 1000))).not.toContain(kept);
    await t.settled();
    expect(await unitsLeft(p)).toBe(1);
  });
});
