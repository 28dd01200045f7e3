// Limits shared by every instance (issue 39's low finding: the per-customer limits lived in memory per instance, so
// two replicas doubled them). The request limits of cart, order and chat writes, the placements per address and
// the cap on open unpaid orders are counted in the database: two app instances on one PostgreSQL database give one
// allowance between them. On the embedded database (one process by design) the counts are the database's too.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { createOrder, sendMessage } from "./chat-fixtures.ts";
import { ADDRESS, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { TOO_MANY_UNPAID_ORDERS } from "../../shared/unpaid-orders.ts";

const onPostgres = inject("dbKind") === "postgres";
/** An order body the server refuses at once (400): the request limiter counts it all the same. */
const empty = { address: ADDRESS, items: [], totalAmount: 0, paymentMethod: "cod" };

// Each project registers only the suite for its database, so nothing shows as skipped.
if (onPostgres)
  describe("two instances on one PostgreSQL database", () => {
    let a: TestApp;
    let b: TestApp;
    let product: CatalogueProduct;

    beforeAll(async () => {
      a = await buildTestApp({ env: { PLACEMENTS_PER_ADDRESS_PER_HOUR: "3" }, limits: { messagesPerMinute: 4 } });
      b = await buildOtherInstance(a, { limits: { messagesPerMinute: 4 } });
      product = (await liveProducts(a))[0]!;
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("gives a customer 30 placement attempts a minute between both instances, not 30 on each", async () => {
      const c = await registerCustomer(a.app);
      for (let i = 0; i < 15; i++) expect((await post(a, "/api/order/place", empty, c.auth)).statusCode).toBe(400);
      for (let i = 0; i < 15; i++) expect((await post(b, "/api/order/place", empty, c.auth)).statusCode).toBe(400);
      expectError(await post(b, "/api/order/place", empty, c.auth), 429, /^Demasiados pedidos\./);
      expectError(await post(a, "/api/order/place", empty, c.auth), 429, /^Demasiados pedidos\./);
    });

    it("gives a customer one allowance of chat messages across both instances", async () => {
      const c = await registerCustomer(a.app);
      const orderId = await createOrder(a.prisma, c.userId);
      for (const app of [a.app, b.app, a.app, b.app])
        expect((await sendMessage(app, c.auth, { orderId, text: "olá" })).statusCode).toBe(200);
      expect((await sendMessage(b.app, c.auth, { orderId, text: "mais uma" })).statusCode).toBe(429);
      expect((await sendMessage(a.app, c.auth, { orderId, text: "e outra" })).statusCode).toBe(429);
    });

    it("gives a customer 300 cart writes a minute between both instances", async () => {
      const c = await registerCustomer(a.app);
      const get = (t: TestApp) => post(t, "/api/cart/get", {}, c.auth);
      for (let i = 0; i < 150; i++) expect((await get(i % 2 ? a : b)).statusCode).toBe(200);
      for (let i = 0; i < 150; i++) expect((await get(i % 2 ? b : a)).statusCode).toBe(200);
      expectError(await get(a), 429);
      expectError(await get(b), 429);
    });

    it("counts an address's placements on both instances together", async () => {
      const accounts: Customer[] = [];
      for (let i = 0; i < 4; i++) accounts.push(await registerCustomer(a.app));
      const body = () => orderBody([{ product, quantity: 1 }]);
      expect((await post(a, "/api/order/place", body(), accounts[0]!.auth, "41.63.9.1")).statusCode).toBe(200);
      expect((await post(b, "/api/order/place", body(), accounts[1]!.auth, "41.63.9.1")).statusCode).toBe(200);
      expect((await post(a, "/api/order/place", body(), accounts[2]!.auth, "41.63.9.1")).statusCode).toBe(200);
      expectError(await post(b, "/api/order/place", body(), accounts[3]!.auth, "41.63.9.1"), 429, /^Foram feitos demasiados pedidos/);
    });

    it("lets one account place at most 3 unpaid orders sent at once to both instances", async () => {
      const c = await registerCustomer(a.app);
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(i % 2 ? a : b, "/api/order/place", orderBody([{ product, quantity: 1 }]), c.auth, `41.63.8.${i}`),
        ),
      );
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of replies.filter((x) => x.statusCode !== 200)) expectError(r, 409, TOO_MANY_UNPAID_ORDERS);
    });
  });

if (!onPostgres)
  describe("one instance on the embedded database", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it("keeps the request limiter's counts in the database, per route and customer", async () => {
      const c = await registerCustomer(t.app);
      for (let i = 0; i < 3; i++) expect((await post(t, "/api/cart/get", {}, c.auth)).statusCode).toBe(200);
      const row = await t.prisma.attemptCounter.findUniqueOrThrow({ where: { key: `request:POST /api/cart/get:user:${c.userId}` } });
      expect(row.count).toBe(3);
      // A restart (another app on the same database) would find the same count: the allowance is not in memory.
      await t.prisma.attemptCounter.update({ where: { key: row.key }, data: { count: 300 } });
      expectError(await post(t, "/api/cart/get", {}, c.auth), 429);
    });
  });
