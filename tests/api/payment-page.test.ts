// What the payment page reads of a shopper's order: a cancelled one says who ended it and why (its payment time
// ran out, the shop cancelled it, or the shopper left a card payment unfinished); any other order has none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expireOverdueOrders } from "../../server/domain/payments/deadlines.ts";
import { liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { CARD_NOT_COMPLETED_REASON, DEADLINE_EXPIRED_REASON, cancelledBy } from "../../shared/payments.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

let t: TestApp;
let products: CatalogueProduct[];
let shopper: Customer;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  products = await liveProducts(t);
  shopper = await registerCustomer(t.app);
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const place = async () => {
  const res = await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), shopper.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
};
const myOrder = async (id: string) => {
  const res = await post(t, "/api/order/userorders", {}, shopper.auth);
  return (res.json() as { orders: UserOrder[] }).orders.find((o) => o._id === id)!;
};

describe("a shopper's order on the payment page", () => {
  it("says a cancelled order was cancelled by the shop, with the reason staff wrote", async () => {
    const id = await place();
    expect((await myOrder(id)).cancellation).toBeNull();
    const res = await t.app.inject({
      method: "PUT",
      url: `/admin/api/orders/${id}`,
      headers: support.auth,
      payload: { status: "Cancelado", note: "Produto sem stock" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await myOrder(id);
    expect(order.status).toBe("Cancelado");
    expect(order.cancellation).toMatchObject({ by: "shop", reason: "Produto sem stock" });
    expect(Date.parse(order.cancellation!.at!)).not.toBeNaN();
  });

  it("says an order whose payment time ran out was cancelled by the deadline", async () => {
    const id = await place();
    await t.prisma.order.update({ where: { id }, data: { paymentDeadline: new Date(Date.now() - 60_000) } });
    expect(await expireOverdueOrders(t.prisma, new Date())).toContain(id);
    await t.settled();
    expect((await myOrder(id)).cancellation).toMatchObject({ by: "deadline", reason: DEADLINE_EXPIRED_REASON });
  });

  it("reads an unfinished card payment as the shopper's, and any other change without staff as the shop's", () => {
    expect(cancelledBy({ byStaff: false, note: CARD_NOT_COMPLETED_REASON })).toBe("shopper");
    expect(cancelledBy({ byStaff: true, note: DEADLINE_EXPIRED_REASON })).toBe("shop");
    expect(cancelledBy({ byStaff: false, note: null })).toBe("shop");
  });
});
