// Assignment live across consoles: `PUT /admin/api/conversations/:orderId/assignee` sends an `assigneeChanged`
// frame to every staff socket (the caller's other tabs too; on every instance when several share PostgreSQL), never
// to a customer, so another open inbox shows the new assignee without a reload.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { makeOrder } from "./admin-fixtures.ts";
import { listen, TestSocket, type Frame } from "./chat-fixtures.ts";

let t: TestApp;
let wsUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  wsUrl = await listen(t.app);
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

type Staff = Awaited<ReturnType<typeof createStaff>>;
const assign = (orderId: string, assigneeId: string | null, who: Staff) =>
  t.app.inject({ method: "PUT", url: `/admin/api/conversations/${orderId}/assignee`, headers: who.auth, payload: { assigneeId } });

const isAssignment = (orderId?: string) => (f: Frame) => f.type === "assigneeChanged" && (!orderId || f.orderId === orderId);

describe("the assigneeChanged frame", () => {
  it("reaches both agents' consoles with the new assignee (and nobody), and no customer's socket", async () => {
    const [ana, bruno] = [await createStaff(t, "support"), await createStaff(t, "admin")];
    const shopper = await registerCustomer(t.app);
    const order = await makeOrder(t, shopper.userId);
    const [anaSocket, brunoSocket, shopperSocket] = [
      await ready(wsUrl, ana.token),
      await ready(wsUrl, bruno.token),
      await ready(wsUrl, shopper.token),
    ];
    const name = (await t.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).name;

    // Bruno gives it to Ana: Ana's console (and Bruno's own) hear of it.
    const res = await assign(order.id, ana.userId, bruno);
    expect(res.statusCode, res.body).toBe(200);
    const given = { type: "assigneeChanged", orderId: order.id, assignee: { id: ana.userId, name }, byId: bruno.userId };
    expect(await anaSocket.next(isAssignment(order.id))).toEqual(given);
    expect(await brunoSocket.next(isAssignment(order.id))).toEqual(given);

    // Ana hands it back to nobody.
    expect((await assign(order.id, null, ana)).statusCode).toBe(200);
    const released = { type: "assigneeChanged", orderId: order.id, assignee: null, byId: ana.userId };
    expect(await brunoSocket.next(isAssignment(order.id))).toEqual(released);
    expect(await anaSocket.next(isAssignment(order.id))).toEqual(released);

    await expect(shopperSocket.next(isAssignment(), 300)).rejects.toThrow(/no matching frame/);
  });

  it("is not sent when the assignment is refused", async () => {
    const agent = await createStaff(t, "support");
    const shopper = await registerCustomer(t.app);
    const order = await makeOrder(t, shopper.userId);
    const socket = await ready(wsUrl, agent.token);
    expect((await assign(order.id, shopper.userId, agent)).statusCode).toBe(400);
    expect((await assign("nao-existe", agent.userId, agent)).statusCode).toBe(404);
    await expect(socket.next(isAssignment(), 300)).rejects.toThrow(/no matching frame/);
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
      const [here, there] = [await createStaff(t, "admin"), await createStaff(t, "support")];
      const shopper = await registerCustomer(t.app);
      const order = await makeOrder(t, shopper.userId);
      const onB = await ready(await listen(b.app), there.token);
      expect((await assign(order.id, there.userId, here)).statusCode).toBe(200);
      expect(await onB.next(isAssignment(order.id))).toMatchObject({
        type: "assigneeChanged",
        orderId: order.id,
        assignee: { id: there.userId },
        byId: here.userId,
      });
    });
  });
