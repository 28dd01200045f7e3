// The shopper's unread markers: /api/order/userorders counts the support and shop messages of each order the
// shopper has not read; opening the chat (or telling the server a reply was seen while it was open) clears them.
// Only one's own orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { createOrder, multipart, sendMessage } from "./chat-fixtures.ts";

let t: TestApp;
let support: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

async function reply(orderId: string, text: string) {
  const body = await multipart({ text });
  const res = await t.app.inject({
    method: "POST",
    url: `/admin/api/conversations/${orderId}/messages`,
    headers: { ...support.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
}

async function unread(customer: Customer): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: "POST", url: "/api/order/userorders", payload: {}, headers: customer.auth });
  expect(res.statusCode).toBe(200);
  const { orders } = res.json() as { orders: { _id: string; unreadMessages: number }[] };
  return Object.fromEntries(orders.map((o) => [o._id, o.unreadMessages]));
}

const markRead = (orderId: string, customer?: Customer) =>
  t.app.inject({ method: "POST", url: `/api/message/${orderId}/read`, headers: customer?.auth ?? {} });

describe("unread support messages on the shopper's orders", () => {
  it("counts support and shop messages per order, not the shopper's own", async () => {
    const ana = await registerCustomer(t.app);
    const first = await createOrder(t.prisma, ana.userId);
    const second = await createOrder(t.prisma, ana.userId);
    expect(await unread(ana)).toEqual({ [first]: 0, [second]: 0 });

    expect((await sendMessage(t.app, ana.auth, { orderId: first, text: "Olá, já pagaram?" })).statusCode).toBe(200);
    await reply(first, "Sim, obrigado.");
    await reply(first, "Enviamos amanhã.");
    // A status change posts a shop message in the chat.
    const moved = await t.app.inject({
      method: "PUT",
      url: `/admin/api/orders/${second}`,
      headers: support.auth,
      payload: { status: "Cancelado" },
    });
    expect(moved.statusCode).toBe(200);
    await t.settled();
    expect(await t.prisma.message.count({ where: { orderId: second, sender: "shop" } })).toBe(1);
    expect(await unread(ana)).toEqual({ [first]: 2, [second]: 1 });
  });

  it("opening the chat marks them read", async () => {
    const ana = await registerCustomer(t.app);
    const orderId = await createOrder(t.prisma, ana.userId);
    await reply(orderId, "Recebemos o comprovativo.");
    expect((await unread(ana))[orderId]).toBe(1);
    expect((await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: ana.auth })).statusCode).toBe(200);
    expect((await unread(ana))[orderId]).toBe(0);
  });

  it("a reply seen live in the open chat is marked read by POST /api/message/:orderId/read", async () => {
    const ana = await registerCustomer(t.app);
    const orderId = await createOrder(t.prisma, ana.userId);
    await reply(orderId, "Já está a caminho.");
    const res = await markRead(orderId, ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await unread(ana))[orderId]).toBe(0);
    const row = await t.prisma.message.findFirstOrThrow({ where: { orderId, sender: "support" } });
    expect(row.readByClientAt).toBeInstanceOf(Date);
  });

  it("refuses another shopper's order (404) and a missing session (401), leaving the marker", async () => {
    const ana = await registerCustomer(t.app);
    const rui = await registerCustomer(t.app);
    const orderId = await createOrder(t.prisma, ana.userId);
    await reply(orderId, "Olá Ana.");
    const other = await markRead(orderId, rui);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: "Pedido inválido ou não encontrado." });
    expect((await markRead(orderId)).statusCode).toBe(401);
    expect((await markRead("nao-existe", ana)).statusCode).toBe(404);
    expect((await unread(ana))[orderId]).toBe(1);
  });
});
