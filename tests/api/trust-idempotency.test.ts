// Trust: an order placement retried with the same Idempotency-Key, ten times in a row and ten times at once,
// makes one order and gets the same answer every time; the key with another body is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
});
afterAll(() => t.close());

const REPLAYS = 10;

describe("Idempotency-Key replayed", () => {
  it(`${REPLAYS} times in a row: one order, one answer`, async () => {
    const c = await registerCustomer(t.app);
    await post(t, "/api/cart/add", { itemId: products[0]!.id, size: products[0]!.sizes[0] }, c.auth);
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    const replies = [];
    for (let i = 0; i < REPLAYS; i++)
      replies.push(await post(t, "/api/order/place", body, { ...c.auth, "idempotency-key": "sequencia-1" }));
    const bodies = new Set(replies.map((r) => r.body));
    const orders = await t.prisma.order.count({ where: { userId: c.userId } });
    console.log(
      `idempotency (sequential, ${t.db.kind}): ${REPLAYS} replays → statuses ${[...new Set(replies.map((r) => r.statusCode))].join(",")}, distinct answers ${bodies.size}, orders ${orders}`,
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(bodies.size).toBe(1);
    expect(orders).toBe(1);
    expect(await t.prisma.orderStatusChange.count({ where: { order: { userId: c.userId } } })).toBe(1);
  });

  it(`${REPLAYS} times at once: one order, one answer`, async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([
      { product: products[1]!, quantity: 2 },
      { product: products[2]!, quantity: 1 },
    ]);
    const replies = await Promise.all(
      Array.from({ length: REPLAYS }, () => post(t, "/api/order/place", body, { ...c.auth, "idempotency-key": "paralelo-1" })),
    );
    const bodies = new Set(replies.map((r) => r.body));
    const orders = await t.prisma.order.count({ where: { userId: c.userId } });
    const lines = await t.prisma.orderLine.count({ where: { order: { userId: c.userId } } });
    console.log(
      `idempotency (parallel, ${t.db.kind}): ${REPLAYS} concurrent replays → statuses ${[...new Set(replies.map((r) => r.statusCode))].join(",")}, distinct answers ${bodies.size}, orders ${orders}, lines ${lines}`,
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(REPLAYS).fill(200));
    expect(bodies.size).toBe(1);
    expect(orders).toBe(1);
    expect(lines).toBe(2);
  });

  it("with another body under the same key: refused with 409, still one order", async () => {
    const c = await registerCustomer(t.app);
    const key = { ...c.auth, "idempotency-key": "outro-corpo" };
    const first = await post(t, "/api/order/place", orderBody([{ product: products[3]!, quantity: 1 }]), key);
    expect(first.statusCode).toBe(200);
    const variants = [
      orderBody([{ product: products[3]!, quantity: 2 }]),
      orderBody([{ product: products[4]!, quantity: 1 }]),
      orderBody([{ product: products[3]!, quantity: 1 }], { address: { ...orderBody([]).address, city: "Benguela" } }),
    ];
    const answers = await Promise.all(variants.map((v) => post(t, "/api/order/place", v, key)));
    for (const a of answers) expectError(a, 409, "Esta chave de idempotência já foi usada para um pedido diferente");
    console.log(
      `idempotency (other body, ${t.db.kind}): ${variants.length} different bodies → statuses ${answers.map((a) => a.statusCode).join(",")}`,
    );
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(1);
  });

  it("treats the same body with its fields in another order as the same request", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[5]!, quantity: 1 }]);
    const reordered = {
      paymentMethod: body.paymentMethod,
      totalAmount: body.totalAmount,
      items: body.items,
      address: Object.fromEntries(Object.entries(body.address).reverse()),
    };
    const a = await post(t, "/api/order/place", body, { ...c.auth, "idempotency-key": "ordem" });
    const b = await post(t, "/api/order/place", reordered, { ...c.auth, "idempotency-key": "ordem" });
    expect(b.body).toBe(a.body);
  });
});
