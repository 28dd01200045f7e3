// A coupon's uses are exact under concurrency (docs/design/money.md#coupons): 20 shoppers place orders with a coupon
// of `maxUses: 5` at once → exactly 5 orders carry it, 15 are refused with the reason, nothing else is written; one
// customer firing several orders at once with a one-per-customer code gets it once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { DELIVERY_FEE, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import type { AdminCoupon } from "../../server/schemas/coupons.ts";

let t: TestApp;
let product: CatalogueProduct;
let customers: Customer[];
let coupon: AdminCoupon;
let admin: Awaited<ReturnType<typeof createStaff>>;

async function newCoupon(payload: Record<string, unknown>): Promise<AdminCoupon> {
  const res = await t.app.inject({ method: "POST", url: "/admin/api/coupons", headers: admin.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminCoupon;
}

beforeAll(async () => {
  t = await buildTestApp();
  product = (await liveProducts(t))[0]!;
  admin = await createStaff(t, "admin");
  coupon = await newCoupon({ code: "CINCO", kind: "fixed", value: 100, maxUses: 5 });
  customers = [];
  for (let i = 0; i < 20; i++) customers.push(await registerCustomer(t.app));
});
afterAll(() => t.close());

describe("the last uses of a coupon under concurrency", () => {
  it("gives the coupon to exactly 5 of 20 concurrent orders and refuses the rest with the reason", async () => {
    // Twenty shoppers, each with their own delivery phone (one phone may have 3 unpaid orders).
    const body = () => orderBody([{ product, quantity: 1 }], { couponCode: "cinco", totalAmount: product.price + DELIVERY_FEE - 100 });
    const replies = await Promise.all(customers.map((c) => post(t, "/api/order/place", body(), c.auth)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of replies.filter((x) => x.statusCode === 409))
      expect((r.json() as { message: string }).message).toBe("Este código de desconto já foi usado o número máximo de vezes");
    expect(await t.prisma.order.count({ where: { couponId: coupon.id } })).toBe(5);
    expect(await t.prisma.order.count({ where: { userId: { in: customers.map((c) => c.userId) } } })).toBe(5);
  });

  it("gives one customer firing 8 orders at once with a one-per-customer code exactly one", async () => {
    await newCoupon({ code: "SOUMA", kind: "fixed", value: 100, maxUsesPerCustomer: 1 });
    const one = await registerCustomer(t.app);
    const body = orderBody([{ product, quantity: 1 }], { couponCode: "SOUMA", totalAmount: product.price + DELIVERY_FEE - 100 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(t, "/api/order/place", body, one.auth)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ success: false, message: "Já usou este código de desconto num pedido" });
  });
});
