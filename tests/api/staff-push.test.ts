// Web push to staff browsers (docs/product/notifications.md#staff-alerts): a console browser subscribes under
// /admin/api/push (staff only, authorisation before validation); a new order, a new proof and a shopper's message
// while no staff member is online push to every active staff member's browsers, opening the order in the console,
// and never to shoppers' browsers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { browserSubscription, startPushService, type BrowserSubscription, type PushService } from "../helpers/push-service.ts";
import { savePushSubscription } from "../../server/notifications/push/subscriptions.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { sendMessage, sendProof, waitFor } from "./chat-fixtures.ts";

let t: TestApp;
let push: PushService;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp({ deps: { pushEndpoints: push.endpoints } });
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const plain = (s: BrowserSubscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });
const subscribe = (auth: Record<string, string>, body: unknown, method: "POST" | "DELETE" = "POST") =>
  t.app.inject({
    method,
    url: "/admin/api/push/subscribe",
    headers: { "content-type": "application/json", ...auth },
    payload: body as object,
  });
/** What reached one browser, decrypted as the browser would. */
const received = (browser: BrowserSubscription) =>
  push.requests
    .filter((r) => r.path === new URL(browser.endpoint).pathname)
    .map((r) => JSON.parse(browser.decrypt(r.body)) as { title: string; body: string; url: string; tag?: string });

/** A bank-transfer order of `c` (one unit of the catalogue's first product), as stored. */
async function placeOrder(c: Customer) {
  const res = await post(t, "/api/order/place", orderBody([{ product: (await liveProducts(t))[0]!, quantity: 1 }]), c.auth);
  expect(res.statusCode, res.body).toBe(200);
  const { orderId } = res.json() as { orderId: string };
  return { orderId, order: await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } }) };
}

describe("/admin/api/push", () => {
  it("answers the shop's VAPID key and keeps a console browser's subscription, for staff only", async () => {
    const key = await t.app.inject({ method: "GET", url: "/admin/api/push/key", headers: support.auth });
    expect(key.statusCode).toBe(200);
    expect(key.json().publicKey).toBe((await t.app.inject({ method: "GET", url: "/api/push/key" })).json().publicKey);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/push/key" })).statusCode).toBe(401);

    const shopper = await registerCustomer(t.app);
    // Authorisation before validation: a shopper or no session is refused whatever the body.
    expect((await subscribe(shopper.auth, { nonsense: true })).statusCode).toBe(403);
    expect((await subscribe({}, { nonsense: true })).statusCode).toBe(401);
    expect((await subscribe(support.auth, { nonsense: true })).statusCode).toBe(400);
    // Only a browser's push service is an address.
    expect((await subscribe(support.auth, { ...plain(browserSubscription(push)), endpoint: "https://evil.example/x" })).statusCode).toBe(
      400,
    );

    const browser = browserSubscription(push);
    expect((await subscribe(support.auth, plain(browser))).statusCode).toBe(200);
    expect(await t.prisma.pushSubscription.findMany({ where: { endpoint: browser.endpoint }, select: { userId: true } })).toEqual([
      { userId: support.userId },
    ]);
    expect((await subscribe(support.auth, { endpoint: browser.endpoint }, "DELETE")).statusCode).toBe(200);
    expect(await t.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
  });
});

describe("pushes to staff browsers", () => {
  it("a new order, its proof and a shopper's message while nobody is online: each staff browser once; shoppers' browsers none", async () => {
    const adminBrowser = browserSubscription(push);
    const supportBrowser = browserSubscription(push);
    const goneBrowser = browserSubscription(push);
    const shopperBrowser = browserSubscription(push);
    expect((await subscribe(admin.auth, plain(adminBrowser))).statusCode).toBe(200);
    expect((await subscribe(support.auth, plain(supportBrowser))).statusCode).toBe(200);
    const gone = await createStaff(t, "support");
    expect((await subscribe(gone.auth, plain(goneBrowser))).statusCode).toBe(200);
    await t.prisma.user.update({ where: { id: gone.userId }, data: { active: false } });
    const ana = await registerCustomer(t.app, { name: "Ana Kiala" });
    await savePushSubscription(t.prisma, push.endpoints, ana.userId, shopperBrowser);

    const { orderId, order } = await placeOrder(ana);
    const label = `#${shortOrderId(orderId)}`;
    const orderUrl = `/admin/#/orders/${orderId}/show`;
    await waitFor(() => received(adminBrowser).length === 1 && received(supportBrowser).length === 1, 20_000, "new-order pushes");
    expect(received(adminBrowser)[0]).toEqual({
      title: `Novo pedido ${label}`,
      body: `Ana Kiala — ${formatKz(order.totalAmount)}`,
      url: orderUrl,
      tag: `staff-order-${orderId}`,
    });

    const sent = await sendProof(t.app, ana.auth, orderId);
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(() => received(supportBrowser).length === 2, 20_000, "proof push");
    expect(received(supportBrowser)[1]).toMatchObject({ title: `Novo comprovativo — pedido ${label}`, url: orderUrl });

    // Staff read the proof's message; the shopper writes with nobody from staff online.
    await t.app.inject({ method: "POST", url: `/admin/api/conversations/${orderId}/read`, headers: admin.auth, payload: {} });
    expect((await sendMessage(t.app, ana.auth, { orderId, text: "Já paguei, podem confirmar?" })).statusCode).toBe(200);
    await waitFor(() => received(adminBrowser).length === 3, 20_000, "message push");
    expect(received(adminBrowser)[2]).toEqual({
      title: `Mensagem de Ana Kiala — pedido ${label}`,
      body: "Já paguei, podem confirmar?",
      url: `/admin/#/conversations/${orderId}/show`,
      tag: `staff-chat-${orderId}`,
    });
    expect(received(supportBrowser)).toHaveLength(3);
    expect(received(goneBrowser)).toEqual([]);
    // The shopper's browser heard only what is theirs (no staff notice).
    expect(received(shopperBrowser).filter((p) => p.url.startsWith("/admin/"))).toEqual([]);
  });

  it("a conversation given to a member by another pushes to that member's browsers only; taking it oneself, none", async () => {
    const mine = browserSubscription(push);
    const theirs = browserSubscription(push);
    expect((await subscribe(support.auth, plain(mine))).statusCode).toBe(200);
    expect((await subscribe(admin.auth, plain(theirs))).statusCode).toBe(200);
    const before = received(theirs).length;
    const { orderId } = await placeOrder(await registerCustomer(t.app, { name: "Rui Mateus" }));
    await waitFor(() => received(mine).length > 0, 20_000, "new-order push");
    const seen = received(mine).length;
    const assign = (auth: Record<string, string>, assigneeId: string | null) =>
      t.app.inject({ method: "PUT", url: `/admin/api/conversations/${orderId}/assignee`, headers: auth, payload: { assigneeId } });
    expect((await assign(admin.auth, support.userId)).statusCode).toBe(200);
    await waitFor(() => received(mine).length === seen + 1, 20_000, "assignment push");
    expect(received(mine).at(-1)).toEqual({
      title: `Conversa atribuída a si — pedido #${shortOrderId(orderId)}`,
      body: "Rui Mateus · atribuída por Admin Teste",
      url: `/admin/#/conversations/${orderId}/show`,
      tag: `staff-chat-${orderId}`,
    });
    // Taken by oneself, or given back to nobody: nobody is pushed.
    expect((await assign(admin.auth, admin.userId)).statusCode).toBe(200);
    expect((await assign(support.auth, null)).statusCode).toBe(200);
    await t.settled();
    expect(received(mine)).toHaveLength(seen + 1);
    expect(received(theirs).filter((p) => p.title.startsWith("Conversa atribuída"))).toHaveLength(0);
    expect(received(theirs).length).toBeGreaterThan(before);
  });
});
