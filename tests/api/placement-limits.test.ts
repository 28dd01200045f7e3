// Who may place how many orders (docs/product/checkout.md#placement-limits), from the audit of issue 39: one account
// held a product's stock with unpaid orders, and four fresh accounts placed 120 orders in 6 s from one address. Now:
// at most 3 open unpaid orders per account and per delivery phone (across accounts, in any typing of the number),
// placements per client address (TRUST_PROXY's) and for the whole shop per hour, all counted in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, freshPhone, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { TOO_MANY_UNPAID_FOR_PHONE, TOO_MANY_UNPAID_ORDERS } from "../../shared/unpaid-orders.ts";

let t: TestApp;
let product: CatalogueProduct;
beforeAll(async () => {
  t = await buildTestApp();
  product = (await liveProducts(t))[0]!;
});
afterAll(() => t.close());

const body = (phone = freshPhone()) => {
  const b = orderBody([{ product, quantity: 1 }]);
  return { ...b, address: { ...b.address, phone } };
};
const place = (c: Customer, payload: object, remoteAddress?: string, headers: Record<string, string> = {}) =>
  post(t, "/api/order/place", payload, { ...c.auth, ...headers }, remoteAddress);
const placed = async (c: Customer, payload: object = body()) => {
  const res = await place(c, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
};
const cancel = (c: Customer, orderId: string) => post(t, "/api/order/cancel", { orderId }, c.auth);

describe("open unpaid orders per account", () => {
  it("refuses a fourth unpaid order with 409 and the reason, writing nothing; paying or cancelling one frees a place", async () => {
    const c = await registerCustomer(t.app);
    const ids = [await placed(c), await placed(c), await placed(c)];
    expectError(await place(c, body()), 409, TOO_MANY_UNPAID_ORDERS);
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(3);
    // A paid order is no longer open unpaid.
    await t.prisma.order.update({ where: { id: ids[0]! }, data: { status: "Pagamento Confirmado", paid: true } });
    const fourth = await placed(c);
    expectError(await place(c, body()), 409, TOO_MANY_UNPAID_ORDERS);
    // Neither is a cancelled one: the shopper's own cancellation frees a place.
    expect((await cancel(c, fourth)).statusCode).toBe(200);
    await placed(c);
  });

  it("lets at most 3 of 10 placements sent at once by one account through", async () => {
    const c = await registerCustomer(t.app);
    const replies = await Promise.all(Array.from({ length: 10 }, () => place(c, body())));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expectError(r, 409, TOO_MANY_UNPAID_ORDERS);
    expect(await t.prisma.order.count({ where: { userId: c.userId, status: "Aguardando Pagamento" } })).toBe(3);
  });

  it("answers a retried placement (same Idempotency-Key) with its first order even when that order filled the account", async () => {
    const c = await registerCustomer(t.app);
    await placed(c);
    await placed(c);
    const third = body();
    const first = await place(c, third, undefined, { "idempotency-key": "third" });
    const again = await place(c, third, undefined, { "idempotency-key": "third" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });
});

describe("open unpaid orders per delivery phone", () => {
  it("refuses a fourth unpaid order for one phone from another account, whichever way the number is typed", async () => {
    const [a, b, c, d] = [
      await registerCustomer(t.app),
      await registerCustomer(t.app),
      await registerCustomer(t.app),
      await registerCustomer(t.app),
    ];
    await placed(a, body("+244 931 222 333"));
    await placed(b, body("931222333"));
    await placed(c, body("00244 931 222 333"));
    expectError(await place(d, body("244931222333")), 409, TOO_MANY_UNPAID_FOR_PHONE);
    expectError(await place(d, body("+244 931-222-333".replace(/-/g, " "))), 409, TOO_MANY_UNPAID_FOR_PHONE);
    // Another phone is another count.
    await placed(d, body("+244 931 222 334"));
  });

  it("compares a foreign number typed with + or 00 as one phone", async () => {
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await registerCustomer(t.app));
    await placed(accounts[0]!, body("+351 912 345 678"));
    await placed(accounts[1]!, body("00351912345678"));
    await placed(accounts[2]!, body("+351912345678"));
    expectError(await place(accounts[3]!, body("00351 912 345 678")), 409, TOO_MANY_UNPAID_FOR_PHONE);
  });
});

describe("placements per address", () => {
  it("refuses the audit's burst: four fresh accounts sending 30 orders each at once from one address", async () => {
    const own = await buildTestApp({ env: { PLACEMENTS_PER_ADDRESS_PER_HOUR: "20" } });
    try {
      const accounts: Customer[] = [];
      for (let i = 0; i < 4; i++) accounts.push(await registerCustomer(own.app));
      const replies = await Promise.all(
        accounts.flatMap((c) => Array.from({ length: 30 }, () => post(own, "/api/order/place", body(), c.auth, "41.63.1.10"))),
      );
      const statuses = replies.map((r) => r.statusCode);
      // Where 120 orders were placed: at most 3 open unpaid orders per account, within the address's 20 an hour; every
      // other one refused with its reason (409 the account's cap, 429 the address's limit), none by a failure.
      expect(statuses.every((s) => [200, 409, 429].includes(s))).toBe(true);
      const placedCount = statuses.filter((s) => s === 200).length;
      expect(placedCount).toBeGreaterThan(0);
      expect(placedCount).toBeLessThanOrEqual(12);
      for (const c of accounts) expect(await own.prisma.order.count({ where: { userId: c.userId } })).toBeLessThanOrEqual(3);
      expect(await own.prisma.order.count({ where: { userId: { in: accounts.map((c) => c.userId) } } })).toBe(placedCount);
      // Nothing counts beyond what was placed: the refused attempts gave their counts back.
      const counter = await own.prisma.attemptCounter.findUniqueOrThrow({ where: { key: "place:address:41.63.1.10" } });
      expect(counter.count).toBe(placedCount);
    } finally {
      await own.close();
    }
  });

  it("allows PLACEMENTS_PER_ADDRESS_PER_HOUR from one address, then 429 in Portuguese; other addresses are unaffected", async () => {
    const own = await buildTestApp({ env: { PLACEMENTS_PER_ADDRESS_PER_HOUR: "2" } });
    try {
      const [a, b, c] = [await registerCustomer(own.app), await registerCustomer(own.app), await registerCustomer(own.app)];
      expect((await post(own, "/api/order/place", body(), a.auth, "41.63.1.20")).statusCode).toBe(200);
      expect((await post(own, "/api/order/place", body(), b.auth, "41.63.1.20")).statusCode).toBe(200);
      expectError(
        await post(own, "/api/order/place", body(), c.auth, "41.63.1.20"),
        429,
        /^Foram feitos demasiados pedidos a partir desta ligação à Internet\. Tente novamente dentro de \d+ minutos\.$/,
      );
      expect((await post(own, "/api/order/place", body(), c.auth, "41.63.1.21")).statusCode).toBe(200);
      // A refused placement is not counted: the address's count stays at its limit, not beyond.
      const counter = await own.prisma.attemptCounter.findUniqueOrThrow({ where: { key: "place:address:41.63.1.20" } });
      expect(counter.count).toBe(2);
      // A placement refused for another reason (a changed total) gives its count back.
      const stale = { ...body(), totalAmount: 1 };
      expect((await post(own, "/api/order/place", stale, c.auth, "41.63.1.22")).statusCode).toBe(409);
      expect((await own.prisma.attemptCounter.findUnique({ where: { key: "place:address:41.63.1.22" } }))?.count ?? 0).toBe(0);
    } finally {
      await own.close();
    }
  });

  it("counts the address X-Forwarded-For names only behind a TRUST_PROXY", async () => {
    const trusting = await buildTestApp({ env: { PLACEMENTS_PER_ADDRESS_PER_HOUR: "1", TRUST_PROXY: "127.0.0.1" } });
    try {
      const [a, b] = [await registerCustomer(trusting.app), await registerCustomer(trusting.app)];
      const via = (c: Customer, client: string) =>
        post(trusting, "/api/order/place", body(), { ...c.auth, "x-forwarded-for": client }, "127.0.0.1");
      expect((await via(a, "41.63.2.1")).statusCode).toBe(200);
      expect((await via(b, "41.63.2.2")).statusCode).toBe(200);
      expect((await via(b, "41.63.2.1")).statusCode).toBe(429);
    } finally {
      await trusting.close();
    }
    const direct = await buildTestApp({ env: { PLACEMENTS_PER_ADDRESS_PER_HOUR: "1" } });
    try {
      const [a, b] = [await registerCustomer(direct.app), await registerCustomer(direct.app)];
      // Without a trusted proxy the header is the client's own word: both come from the connection's address.
      expect((await post(direct, "/api/order/place", body(), { ...a.auth, "x-forwarded-for": "41.63.3.1" }, "41.63.3.9")).statusCode).toBe(
        200,
      );
      expect((await post(direct, "/api/order/place", body(), { ...b.auth, "x-forwarded-for": "41.63.3.2" }, "41.63.3.9")).statusCode).toBe(
        429,
      );
    } finally {
      await direct.close();
    }
  });
});

describe("placements for the whole shop", () => {
  it("stops at the owner's orders per hour, whatever the addresses, with a Portuguese reason", async () => {
    const own = await buildTestApp();
    try {
      await own.prisma.shopSettings.update({ where: { id: 1 }, data: { placementsPerHour: 3 } });
      own.deps.shopSettings.forget();
      const accounts: Customer[] = [];
      for (let i = 0; i < 4; i++) accounts.push(await registerCustomer(own.app));
      for (let i = 0; i < 3; i++)
        expect((await post(own, "/api/order/place", body(), accounts[i]!.auth, `41.63.4.${i}`)).statusCode).toBe(200);
      expectError(
        await post(own, "/api/order/place", body(), accounts[3]!.auth, "41.63.4.9"),
        429,
        /^A loja está a receber demasiados pedidos neste momento\. Tente novamente dentro de \d+ minutos\.$/,
      );
    } finally {
      await own.close();
    }
  });
});
