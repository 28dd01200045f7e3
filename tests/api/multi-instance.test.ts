// Several server instances on one PostgreSQL database: chat messages and catalogue changes travel between
// them through LISTEN/NOTIFY. On the embedded database there is one instance and fan-out is in-process.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { sendSupportReply } from "../../server/domain/chat/service.ts";
import { createOrder, isNewMessage, listen, sendMessage, TestSocket, waitFor } from "./chat-fixtures.ts";
import { CLOSE_INVALID_TOKEN } from "../../shared/realtime.ts";
import { liveProducts, orderBody } from "./commerce-fixtures.ts";

const onPostgres = inject("dbKind") === "postgres";

const productNames = async (app: FastifyInstance) =>
  ((await app.inject({ method: "GET", url: "/api/product/list" })).json() as { products: { _id: string; name: string }[] }).products;

// Each project registers only the suite for its database, so nothing shows as skipped.
if (onPostgres)
  describe("two instances on one PostgreSQL database", () => {
    let a: TestApp;
    let b: TestApp;
    let urlA: string;
    let urlB: string;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      a = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
      // Instance B: its own pool, hub and caches, the same database and secret.
      b = await buildOtherInstance(a, { limits: { messagesPerMinute: 1000 } });
      urlA = await listen(a.app);
      urlB = await listen(b.app);
      expect(a.deps.bus.kind).toBe("postgres");
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await b?.close();
      await a?.close();
    });

    const ready = async (url: string, token: string) => {
      const s = await TestSocket.ready(url, token);
      sockets.push(s);
      return s;
    };

    it("delivers a message posted on A to the owner's and staff's sockets on B, and never to another customer", async () => {
      const owner = await registerCustomer(a.app);
      const stranger = await registerCustomer(a.app);
      const staff = await createStaff(a, "support");
      const orderId = await createOrder(a.prisma, owner.userId);
      const room = await ready(urlB, owner.token);
      room.send({ type: "joinRoom", orderId });
      await waitFor(() => b.deps.hub.roomSize(orderId) === 1, 5000, "join on B");
      const global = await ready(urlB, owner.token);
      const staffB = await ready(urlB, staff.token);
      const spy = await ready(urlB, stranger.token);

      const res = await sendMessage(a.app, owner.auth, { orderId, text: "enviada para A" });
      expect(res.statusCode).toBe(200);
      const sent = res.json().message;
      expect((await room.next(isNewMessage(orderId))).message).toEqual(sent);
      expect((await global.next(isNewMessage(orderId))).message).toEqual(sent);
      expect((await staffB.next(isNewMessage(orderId))).message).toMatchObject({ ...sent, authorName: null });
      expect(await spy.settle((f) => f.type === "newMessage")).toEqual([]);
      expect(await room.settle(isNewMessage(orderId))).toEqual([]);
    });

    it("delivers a support reply made on B to the owner's socket on A", async () => {
      const owner = await registerCustomer(a.app);
      const staff = await createStaff(a, "admin");
      const orderId = await createOrder(a.prisma, owner.userId);
      const onA = await ready(urlA, owner.token);
      const posted = await sendSupportReply(b.prisma, { orderId, staffUserId: staff.userId, text: "Resposta a partir de B", file: null });
      await b.settled();
      await b.deps.hub.publishMessage(posted);
      const reply = posted.message;
      expect((await onA.next(isNewMessage(orderId))).message).toMatchObject({
        _id: reply._id,
        sender: "support",
        text: "Resposta a partir de B",
      });
    });

    it("carries a message too long for a NOTIFY payload by reference, complete", async () => {
      const owner = await registerCustomer(a.app);
      const orderId = await createOrder(a.prisma, owner.userId);
      const onB = await ready(urlB, owner.token);
      const text = "ã".repeat(4000);
      expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(8000);
      const res = await sendMessage(a.app, owner.auth, { orderId, text });
      expect((await onB.next(isNewMessage(orderId))).message).toEqual(res.json().message);
    });

    it("invalidates B's product list cache when the catalogue changes on A", async () => {
      const before = await productNames(b.app);
      const target = before[0]!;
      await a.prisma.product.update({ where: { id: target._id }, data: { name: "Nome mudado em A" } });
      // B serves its cached list until told.
      expect((await productNames(b.app)).find((p) => p._id === target._id)?.name).toBe(target.name);
      a.deps.productListCache.invalidate();
      await waitFor(
        async () => (await productNames(b.app)).find((p) => p._id === target._id)?.name === "Nome mudado em A",
        5000,
        "B's list to change",
      );
      // A remote announcement is not forwarded back (no echo): B's cache stays warm afterwards.
      const etag = (await b.app.inject({ method: "GET", url: "/api/product/list" })).headers.etag;
      await new Promise((r) => setTimeout(r, 300));
      expect((await b.app.inject({ method: "GET", url: "/api/product/list", headers: { "if-none-match": String(etag) } })).statusCode).toBe(
        304,
      );
    });

    it("places orders on B with the settings an admin saved on A a moment before (B keeps them in memory until told)", async () => {
      const admin = await createStaff(a, "admin");
      const settings = (body?: object) =>
        a.app.inject({
          method: body ? "PUT" : "GET",
          url: "/admin/api/settings/1",
          headers: admin.auth,
          ...(body ? { payload: body } : {}),
        });
      const { phones, emails, addresses, bankName, accountHolder, accountNumber, iban } = (await settings()).json() as Record<
        string,
        unknown
      >;
      const save = async (hours: number) =>
        expect(
          (await settings({ phones, emails, addresses, bankName, accountHolder, accountNumber, iban, paymentDeadlineHours: hours }))
            .statusCode,
        ).toBe(200);
      const [product] = await liveProducts(a);
      const customer = await registerCustomer(a.app);
      const hoursOfOrderOnB = async () => {
        const before = Date.now();
        const res = await b.app.inject({
          method: "POST",
          url: "/api/order/place",
          headers: customer.auth,
          payload: orderBody([{ product: product!, quantity: 1 }]),
        });
        expect(res.statusCode, res.body).toBe(200);
        const row = await a.prisma.order.findUniqueOrThrow({ where: { id: (res.json() as { orderId: string }).orderId } });
        return (row.paymentDeadline!.getTime() - before) / 3_600_000;
      };
      try {
        await save(24);
        expect(await hoursOfOrderOnB()).toBeCloseTo(24, 2);
        await save(7);
        // The announcement travels by NOTIFY: B forgets its copy within moments, well inside its 10 s safety TTL.
        await waitFor(async () => (await b.deps.shopSettings.get())?.paymentDeadlineHours === 7, 3000, "B to read the new deadline");
        expect(await hoursOfOrderOnB()).toBeCloseTo(7, 2);
      } finally {
        await save(48);
      }
    });

    it("closes a socket held on B within 5 s when A deactivates its staff member, and B refuses the token at once", async () => {
      const admin = await createStaff(a, "admin");
      const agent = await createStaff(a, "support");
      const owner = await registerCustomer(a.app);
      const orderId = await createOrder(a.prisma, owner.userId);
      const onB = await ready(urlB, agent.token);
      const staffOnB = () => b.app.inject({ method: "GET", url: "/admin/api/orders", headers: agent.auth });
      // B has the session cached now: only the announcement can end it in time.
      expect((await staffOnB()).statusCode).toBe(200);

      const off = await a.app.inject({
        method: "PUT",
        url: `/admin/api/staff/${agent.userId}`,
        headers: admin.auth,
        payload: { active: false },
      });
      expect(off.statusCode).toBe(200);
      expect((await sendMessage(a.app, owner.auth, { orderId, text: "logo depois da desativação" })).statusCode).toBe(200);
      const closed = await Promise.race([onB.closed, new Promise<"open">((r) => setTimeout(() => r("open"), 5000))]);
      expect(closed).toMatchObject({ code: CLOSE_INVALID_TOKEN });
      expect(onB.frames.filter((f) => f.type === "newMessage")).toEqual([]);
      expect((await staffOnB()).statusCode).toBe(401);
    });

    it("ends a customer's sessions on B when they log out on A", async () => {
      const owner = await registerCustomer(a.app);
      const onB = await ready(urlB, owner.token);
      expect((await a.app.inject({ method: "POST", url: "/api/user/logout", headers: owner.auth })).statusCode).toBe(200);
      expect((await onB.closed).code).toBe(CLOSE_INVALID_TOKEN);
      expect((await b.app.inject({ method: "POST", url: "/api/cart/get", headers: owner.auth, payload: {} })).statusCode).toBe(401);
    });

    it("keeps delivering after the LISTEN connections are lost and come back", async () => {
      const owner = await registerCustomer(a.app);
      const orderId = await createOrder(a.prisma, owner.userId);
      const onB = await ready(urlB, owner.token);
      const dbName = new URL(a.db.url!).pathname.slice(1);
      await a.db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'loja-realtime' AND datname = $1", [
        dbName,
      ]);
      await waitFor(
        async () =>
          (
            await a.db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'loja-realtime' AND datname = $1",
              [dbName],
            )
          )[0]!.n === 2,
        10_000,
        "both LISTEN connections back",
      );
      const res = await sendMessage(a.app, owner.auth, { orderId, text: "depois da falha" });
      expect((await onB.next(isNewMessage(orderId))).message).toEqual(res.json().message);
    });
  });

if (!onPostgres)
  describe("one instance on the embedded database (in-process fan-out)", () => {
    let t: TestApp;
    let url: string;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await t.close();
    });

    it("delivers in-process to the owner's and staff's sockets without any database round trip", async () => {
      expect(t.deps.bus.kind).toBe("local");
      const owner = await registerCustomer(t.app);
      const staff = await createStaff(t, "support");
      const orderId = await createOrder(t.prisma, owner.userId);
      const mine = await TestSocket.ready(url, owner.token);
      const staffSocket = await TestSocket.ready(url, staff.token);
      sockets.push(mine, staffSocket);
      const res = await sendMessage(t.app, owner.auth, { orderId, text: "local" });
      expect((await mine.next(isNewMessage(orderId))).message).toEqual(res.json().message);
      expect((await staffSocket.next(isNewMessage(orderId))).message).toMatchObject(res.json().message);
    });

    it("rebuilds the product list after a catalogue change", async () => {
      const before = await productNames(t.app);
      const target = before[0]!;
      await t.prisma.product.update({ where: { id: target._id }, data: { name: "Nome mudado" } });
      t.deps.productListCache.invalidate();
      expect((await productNames(t.app)).find((p) => p._id === target._id)?.name).toBe("Nome mudado");
    });
  });
