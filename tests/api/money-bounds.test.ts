// Money fields agree with their Decimal(12,2) columns: anything above 9 999 999 999,99 kz is a Portuguese 400
// naming the field at the edge (before, a price valid for the schema overflowed the column: "Dados inválidos").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { MAX_AMOUNT, amountTooLarge } from "../../shared/money.ts";
import { expectError, makeOrder } from "./admin-fixtures.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

async function productBody(price: number) {
  const image = await t.prisma.productImage.findFirstOrThrow();
  return {
    name: "Gerador Industrial",
    description: "Muito caro",
    price,
    sizes: ["Único"],
    category: "Moda",
    subCategory: "Moda Masculina",
    bestseller: false,
    images: [{ mediaId: image.mediaId, thumbId: image.thumbId }],
  };
}
const createProduct = async (price: number) =>
  t.app.inject({ method: "POST", url: "/admin/api/products", headers: admin.auth, payload: await productBody(price) });

describe("money bounds", () => {
  it("stores a product priced at the column's maximum exactly", async () => {
    const res = await createProduct(MAX_AMOUNT);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: res.json().id } })).price.toFixed(2)).toBe("9999999999.99");
  });

  it.each([10_000_000_000, 9_999_999_999.995, 1e15])("refuses a price of %d with a Portuguese 400 naming the field", async (price) => {
    expectError(await createProduct(price), 400, amountTooLarge("O campo price"));
  });

  it("says so in kwanza", () => {
    expect(amountTooLarge("O campo price")).toBe("O campo price não pode ser superior a 9\u00a0999\u00a0999\u00a0999,99 kz");
  });

  it("refuses a payment above the maximum with a Portuguese 400", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/payments`,
      headers: admin.auth,
      payload: { amount: 1e10, bankReference: "BAI-1" },
    });
    expectError(res, 400, amountTooLarge("O campo amount"));
  });

  it("refuses a payment that would take the amount paid past the maximum, and records nothing", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await t.prisma.order.update({ where: { id: order.id }, data: { amountPaid: MAX_AMOUNT - 1 } });
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/payments`,
      headers: admin.auth,
      // Marked as an overpayment (the order is already covered), so the ceiling is what refuses it.
      payload: { amount: 2, bankReference: "BAI-2", overpayment: true },
    });
    expectError(res, 400, amountTooLarge("O total pago"));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("9999999998.99");
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("refuses an order whose total would overflow, though each price fits", async () => {
    const c = await registerCustomer(t.app);
    const [product] = await liveProducts(t);
    await t.prisma.product.update({ where: { id: product!.id }, data: { price: MAX_AMOUNT } });
    const res = await post(t, "/api/order/place", orderBody([{ product: product!, quantity: 2 }], { totalAmount: 1000 }), c.auth);
    expectError(res, 400, amountTooLarge("O total do pedido"));
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  it("refuses a client total above the maximum at the edge", async () => {
    const c = await registerCustomer(t.app);
    const [, product] = await liveProducts(t);
    expectError(
      await post(t, "/api/order/place", orderBody([{ product: product!, quantity: 1 }], { totalAmount: 1e11 }), c.auth),
      400,
      amountTooLarge("O campo totalAmount"),
    );
  });
});
