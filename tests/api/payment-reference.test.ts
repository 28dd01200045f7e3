// Every bank-transfer order gets a payment reference (typeable, unique) and a deadline (from
// PAYMENT_DEADLINE_HOURS, else the shop setting, default 48 h); /api/order/place refuses card payment; the
// shopper's orders carry the money fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { ordersRepository } from "../../server/domain/orders/repository.ts";
import { Prisma } from "../../server/db/client.ts";
import { ADDRESS, DELIVERY_FEE, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

const REFERENCE = /^LJ[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/;
const HOUR = 3_600_000;

let t: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
});
afterAll(() => t.close());

const place = (app: TestApp, c: Customer, body: unknown) => post(app, "/api/order/place", body, c.auth);
const ordersOf = async (app: TestApp, c: Customer) =>
  (await post(app, "/api/order/userorders", {}, c.auth)).json() as { orders: Record<string, unknown>[] };

describe("payment reference and deadline (bank transfer)", () => {
  it("gives each order a distinct typeable reference and a deadline 48 h out by default", async () => {
    const before = Date.now();
    const ids: string[] = [];
    let c!: Customer;
    for (let i = 0; i < 12; i++) {
      // A shopper may have 3 unpaid orders at once: four shoppers place three each.
      if (i % 3 === 0) c = await registerCustomer(t.app);
      const res = await place(t, c, orderBody([{ product: products[i % 4]!, quantity: 1 }]));
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json() as object).sort()).toEqual(["message", "orderId", "success"]);
      ids.push((res.json() as { orderId: string }).orderId);
    }
    const rows = await t.prisma.order.findMany({ where: { id: { in: ids } } });
    for (const row of rows) {
      expect(row.paymentReference).toMatch(REFERENCE);
      const hours = (row.paymentDeadline!.getTime() - before) / HOUR;
      expect(hours).toBeGreaterThan(47.99);
      expect(hours).toBeLessThan(48.01);
    }
    expect(new Set(rows.map((r) => r.paymentReference)).size).toBe(12);
  });

  it("never writes a second order with a reference already taken (the placement draws another)", async () => {
    const c = await registerCustomer(t.app);
    const taken = (await t.prisma.order.findFirstOrThrow({ where: { paymentReference: { not: null } } })).paymentReference;
    const p = products[0]!;
    const priced = { productId: p.id, name: p.name, image: "", price: new Prisma.Decimal(p.price), size: p.sizes[0]!, quantity: 1 };
    const order = {
      id: `clash-${Date.now()}`,
      userId: c.userId,
      status: "Aguardando Pagamento",
      paymentMethod: "bank_transfer",
      address: { ...ADDRESS },
      subtotal: new Prisma.Decimal(p.price),
      deliveryFee: new Prisma.Decimal(DELIVERY_FEE),
      totalAmount: new Prisma.Decimal(p.price + DELIVERY_FEE),
      idempotencyKey: null,
      requestHash: null,
      stripeSessionId: null,
      paymentReference: taken,
      paymentDeadline: new Date(Date.now() + HOUR),
      lines: [priced],
    };
    expect(await ordersRepository(t.prisma).insertOrder(order, { clearCart: true })).toBe(false);
    expect(await t.prisma.order.count({ where: { id: order.id } })).toBe(0);
    expect(await ordersRepository(t.prisma).insertOrder({ ...order, paymentReference: "LJTESTE22" }, { clearCart: true })).toBe(true);
  });

  it("takes the deadline from the shop setting when PAYMENT_DEADLINE_HOURS is not set", async () => {
    await t.prisma.shopSettings.upsert({
      where: { id: 1 },
      create: {
        id: 1,
        phones: [],
        emails: [],
        addresses: [],
        bankName: "B",
        accountHolder: "H",
        accountNumber: "1",
        iban: "AO06",
        paymentDeadlineHours: 12.5,
      },
      update: { paymentDeadlineHours: 12.5 },
    });
    t.deps.shopSettings.forget(); // placement keeps the settings in memory
    try {
      const c = await registerCustomer(t.app);
      const before = Date.now();
      const { orderId } = (await place(t, c, orderBody([{ product: products[1]!, quantity: 1 }]))).json() as { orderId: string };
      const row = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      expect((row.paymentDeadline!.getTime() - before) / HOUR).toBeCloseTo(12.5, 2);
    } finally {
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { paymentDeadlineHours: 48 } });
      t.deps.shopSettings.forget(); // placement keeps the settings in memory
    }
  });

  it("applies a deadline saved in the console to the very next order (placement keeps the settings in memory)", async () => {
    const admin = await createStaff(t, "admin");
    const settings = (body?: object) =>
      t.app.inject({ method: body ? "PUT" : "GET", url: "/admin/api/settings/1", headers: admin.auth, ...(body ? { payload: body } : {}) });
    const { phones, emails, addresses, bankName, accountHolder, accountNumber, iban } = (await settings()).json() as Record<
      string,
      unknown
    >;
    const save = async (hours: number) =>
      expect(
        (await settings({ phones, emails, addresses, bankName, accountHolder, accountNumber, iban, paymentDeadlineHours: hours }))
          .statusCode,
      ).toBe(200);
    const c = await registerCustomer(t.app);
    const hoursOfNextOrder = async () => {
      const before = Date.now();
      const { orderId } = (await place(t, c, orderBody([{ product: products[3]!, quantity: 1 }]))).json() as { orderId: string };
      return ((await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).paymentDeadline!.getTime() - before) / HOUR;
    };
    try {
      await save(24);
      expect(await hoursOfNextOrder()).toBeCloseTo(24, 2); // read once: kept now
      await save(6);
      expect(await hoursOfNextOrder()).toBeCloseTo(6, 2);
    } finally {
      await save(48);
    }
    expect(await hoursOfNextOrder()).toBeCloseTo(48, 2);
  });

  it("takes the deadline from PAYMENT_DEADLINE_HOURS (decimals allowed) over the shop setting", async () => {
    const other = await buildTestApp({ env: { PAYMENT_DEADLINE_HOURS: "0.25" } });
    try {
      const c = await registerCustomer(other.app);
      const before = Date.now();
      const { orderId } = (await place(other, c, orderBody([{ product: products[2]!, quantity: 1 }]))).json() as { orderId: string };
      const row = await other.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      expect(row.paymentDeadline!.getTime() - before).toBeGreaterThan(0.25 * HOUR - 5_000);
      expect(row.paymentDeadline!.getTime() - before).toBeLessThan(0.25 * HOUR + 5_000);
    } finally {
      await other.close();
    }
  });

  it("refuses a bad PAYMENT_DEADLINE_HOURS with one line naming it", () => {
    for (const bad of ["0", "-1", "abc", "1e3", "721", "2h"]) {
      expect(() => loadConfig({ PAYMENT_DEADLINE_HOURS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PAYMENT_DEADLINE_HOURS: bad })).toThrow(/^PAYMENT_DEADLINE_HOURS must be a number greater than 0/);
    }
    expect(loadConfig({ PAYMENT_DEADLINE_HOURS: "0.0003" }).paymentDeadlineHours).toBe(0.0003);
    expect(loadConfig({}).paymentDeadlineHours).toBeUndefined();
  });
});

describe("card payment on /api/order/place", () => {
  it("is refused with 400 and writes nothing", async () => {
    const c = await registerCustomer(t.app);
    expectError(
      await place(t, c, orderBody([{ product: products[0]!, quantity: 1 }], { paymentMethod: "stripe" })),
      400,
      "Para pagar com cartão use /api/order/stripe",
    );
    expectError(
      await place(t, c, orderBody([{ product: products[0]!, quantity: 1 }], { paymentMethod: "paypal" })),
      400,
      "Método de pagamento inválido",
    );
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });
});

describe("POST /api/order/userorders (money fields)", () => {
  it("adds the reference, deadline, amount paid, payment state, proofs and Multicaixa to each order; others' orders are unaffected", async () => {
    const [c, other] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const { orderId } = (await place(t, c, orderBody([{ product: products[3]!, quantity: 2 }]))).json() as { orderId: string };
    const { orderId: otherId } = (await place(t, other, orderBody([{ product: products[3]!, quantity: 1 }]))).json() as { orderId: string };
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const [mine] = (await ordersOf(t, c)).orders;
    expect(mine).toMatchObject({
      _id: orderId,
      paymentMethod: "bank_transfer",
      paymentReference: row.paymentReference,
      paymentDeadline: row.paymentDeadline!.toISOString(),
      amountPaid: 0,
      paymentState: "unpaid",
      proofs: [],
      multicaixa: null,
    });
    await t.prisma.order.update({ where: { id: orderId }, data: { amountPaid: 1000 } });
    expect((await ordersOf(t, c)).orders[0]).toMatchObject({ amountPaid: 1000, paymentState: "partial" });
    const theirs = (await ordersOf(t, other)).orders;
    expect(theirs.map((o) => [o._id, o.amountPaid, o.paymentState])).toEqual([[otherId, 0, "unpaid"]]);
    expect(theirs[0]!.paymentReference).not.toBe(row.paymentReference);
  });
});
