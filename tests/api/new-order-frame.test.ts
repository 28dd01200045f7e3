// Staff consoles hear of a new order live: placing one sends a `newOrder` frame to every staff socket (on every
// instance when several share PostgreSQL), never to customers, and a replayed placement sends nothing again.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { listen, TestSocket } from "./chat-fixtures.ts";
import { liveProducts, orderBody, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let wsUrl: string;
let products: CatalogueProduct[];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { SEED_DEMO: "true" } });
  wsUrl = await listen(t.app);
  products = await liveProducts(t);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const ready = async (url: string, token: string) => {
  const s = await TestSocket.ready(url, token);
  sockets.push(s);
  return s;
};

/** One body per key: a retry sends the very same placement. */
const bodies = new Map<string, ReturnType<typeof orderBody>>();
const place = (token: string, key: string) => {
  if (!bodies.has(key)) bodies.set(key, orderBody([{ product: products[0]!, quantity: 2 }]));
  return t.app.inject({
    method: "POST",
    url: "/api/order/place",
    headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
    payload: bodies.get(key)!,
  });
};

const isNewOrder = (orderId?: string) => (f: { type: string; orderId?: string }) =>
  f.type === "newOrder" && (!orderId || f.orderId === orderId);

describe("the newOrder frame", () => {
  it("reaches every staff socket with the order's id and total, and no customer's", async () => {
    const [admin, support] = [await createStaff(t, "admin"), await createStaff(t, "support")];
    const shopper = await registerCustomer(t.app);
    const [adminSocket, supportSocket, shopperSocket] = [
      await ready(wsUrl, admin.token),
      await ready(wsUrl, support.token),
      await ready(wsUrl, shopper.token),
    ];

    const res = await place(shopper.token, `novo-${Date.now()}`);
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json() as { orderId: string };
    const total = products[0]!.price * 2 + 5000;
    expect(await adminSocket.next(isNewOrder(orderId))).toEqual({ type: "newOrder", orderId, totalAmount: total });
    expect(await supportSocket.next(isNewOrder(orderId))).toEqual({ type: "newOrder", orderId, totalAmount: total });
    await expect(shopperSocket.next(isNewOrder(), 300)).rejects.toThrow(/no matching frame/);
  });

  it("is not sent again when the same placement is retried (idempotency key)", async () => {
    const staff = await createStaff(t, "support");
    const shopper = await registerCustomer(t.app);
    const socket = await ready(wsUrl, staff.token);
    const key = `repetido-${Date.now()}`;
    const first = await place(shopper.token, key);
    const { orderId } = first.json() as { orderId: string };
    await socket.next(isNewOrder(orderId));
    const again = await place(shopper.token, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { orderId: string }).orderId).toBe(orderId);
    await expect(socket.next(isNewOrder(), 300)).rejects.toThrow(/no matching frame/);
  });
});

// Each project registers only the suite for its database, so nothing shows as skipped.
if (inject("dbKind") === "postgres")
  describe("with two instances on one PostgreSQL database", () => {
    let b: TestApp;

    beforeAll(async () => {
      b = await buildOtherInstance(t);
    });
    afterAll(() => b?.close());

    it("tells staff connected to the other instance", async () => {
      const staff = await createStaff(t, "admin");
      const shopper = await registerCustomer(t.app);
      const onB = await ready(await listen(b.app), staff.token);
      const res = await place(shopper.token, `outra-${Date.now()}`);
      const { orderId } = res.json() as { orderId: string };
      expect(await onB.next(isNewOrder(orderId))).toMatchObject({ type: "newOrder", orderId });
    });
  });
