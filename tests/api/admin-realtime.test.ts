import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { TestSocket, isNewMessage, listen, sendMessage, waitFor } from "./chat-fixtures.ts";
import { makeOrder, multipart } from "./admin-fixtures.ts";

let t: TestApp;
let wsUrl: string;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  wsUrl = await listen(t.app);
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const reply = (orderId: string, text: string) => {
  const body = multipart([{ name: "text", value: text }]);
  return t.app.inject({
    method: "POST",
    url: `/admin/api/conversations/${orderId}/messages`,
    headers: { ...support.auth, ...body.headers },
    payload: body.payload,
  });
};

describe("support replies in real time", () => {
  it("reaches the shopper's open chat and their other sockets live, as sender support without staff fields", async () => {
    const customer = await registerCustomer(t.app);
    const order = await makeOrder(t, customer.userId);
    const chat = await TestSocket.ready(wsUrl, customer.token);
    const elsewhere = await TestSocket.ready(wsUrl, customer.token);
    chat.send({ type: "joinRoom", orderId: order.id });
    await waitFor(() => t.deps.hub.roomSize(order.id) === 1, 5000, "join");

    const res = await reply(order.id, "Pagamento recebido, obrigado!");
    expect(res.statusCode, res.body).toBe(200);

    const inRoom = await chat.next(isNewMessage(order.id));
    expect(inRoom.message).toMatchObject({ sender: "support", text: "Pagamento recebido, obrigado!", orderId: order.id });
    expect(inRoom.message).not.toHaveProperty("authorName");
    const notification = await elsewhere.next(isNewMessage(order.id));
    expect(notification.orderId).toBe(order.id);
    chat.close();
    elsewhere.close();
  });

  it("pushes a customer's new message to staff sockets, which the inbox then counts as unread", async () => {
    const customer = await registerCustomer(t.app);
    const order = await makeOrder(t, customer.userId);
    const staffSocket = await TestSocket.ready(wsUrl, support.token);
    const before = (await t.app.inject({ method: "GET", url: "/admin/api/conversations/unread-count", headers: support.auth })).json()
      .count;
    const sent = await sendMessage(t.app, customer.auth, { orderId: order.id, text: "Já fiz a transferência" });
    expect(sent.statusCode, sent.body).toBe(200);
    const frame = await staffSocket.next(isNewMessage(order.id));
    expect(frame.message).toMatchObject({ sender: "client", text: "Já fiz a transferência" });
    const after = (await t.app.inject({ method: "GET", url: "/admin/api/conversations/unread-count", headers: support.auth })).json().count;
    expect(after).toBe(before + 1);
    staffSocket.close();
  });
});
