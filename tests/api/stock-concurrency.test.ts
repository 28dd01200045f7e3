// Nothing oversells under concurrency (docs/design/money.md#stock): 40 shoppers at once after the last 5 units of
// one size → exactly 5 orders placed, 35 refused with the product and size named, stock 0, and 5 units held.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let product: CatalogueProduct;
let customers: Customer[];

beforeAll(async () => {
  t = await buildTestApp();
  product = (await liveProducts(t))[0]!;
  await t.prisma.productStock.create({ data: { productId: product.id, size: product.sizes[0]!, quantity: 5 } });
  customers = [];
  for (let i = 0; i < 40; i++) customers.push(await registerCustomer(t.app));
});
afterAll(() => t.close());

describe("the last units under concurrency", () => {
  it("places exactly 5 of 40 concurrent orders for the last 5 units and leaves 0", async () => {
    const size = product.sizes[0]!;
    // Forty shoppers, each with their own delivery phone (one phone may have 3 unpaid orders).
    const body = () => orderBody([{ product, size, quantity: 1 }]);
    const replies = await Promise.all(customers.map((c) => post(t, "/api/order/place", body(), c.auth)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(35);
    for (const r of replies.filter((x) => x.statusCode === 409))
      expect((r.json() as { message: string }).message).toContain(`"${product.name}" no tamanho ${size}`);
    const left = await t.prisma.productStock.findUniqueOrThrow({ where: { productId_size: { productId: product.id, size } } });
    expect(left.quantity).toBe(0);
    const held = await t.prisma.orderLine.aggregate({ where: { productId: product.id, size, reserved: true }, _sum: { quantity: true } });
    expect(held._sum.quantity).toBe(5);
  });
});
