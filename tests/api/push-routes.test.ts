// The shopper's push routes: the VAPID key (from the environment or DATA_DIR), subscribing this browser (shape
// checked, one row per endpoint), unsubscribing only one's own. A subscription saved here receives a push.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { browserSubscription, startPushService, type PushService } from "../helpers/push-service.ts";
import { createPushSender } from "../../server/notifications/push/sender.ts";
import { loadVapidKeys } from "../../server/notifications/push/vapid-keys.ts";

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  t = await buildTestApp({ deps: { pushEndpoints: service.endpoints } });
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});

const send = (method: "POST" | "DELETE", payload: unknown, customer?: Customer) =>
  t.app.inject({
    method,
    url: "/api/push/subscribe",
    payload: payload as object,
    headers: { "content-type": "application/json", ...customer?.auth },
  });
const rowsFor = (endpoint: string) => t.prisma.pushSubscription.findMany({ where: { endpoint } });
const plain = (s: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: s.endpoint,
  expirationTime: null,
  keys: s.keys,
});

describe("GET /api/push/key", () => {
  it("answers the VAPID public key kept in DATA_DIR, without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/push/key" });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(publicKey).toBe(loadVapidKeys({ dataDir: t.config.dataDir, env: {} }).publicKey);
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
  });

  it("answers the environment's key when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set", async () => {
    const saved = { pub: process.env.VAPID_PUBLIC_KEY, priv: process.env.VAPID_PRIVATE_KEY };
    const keys = loadVapidKeys({ dataDir: t.config.dataDir, env: {} });
    process.env.VAPID_PUBLIC_KEY = keys.publicKey;
    process.env.VAPID_PRIVATE_KEY = keys.privateKey;
    const other = await buildTestApp();
    try {
      const res = await other.app.inject({ method: "GET", url: "/api/push/key" });
      expect(res.json()).toEqual({ success: true, publicKey: keys.publicKey });
    } finally {
      for (const [name, value] of [
        ["VAPID_PUBLIC_KEY", saved.pub],
        ["VAPID_PRIVATE_KEY", saved.priv],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await other.close();
    }
  });
});

describe("POST /api/push/subscribe", () => {
  it("refuses without a session (401) before reading the body", async () => {
    const res = await send("POST", { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it("stores this browser's subscription, and a push to the shopper reaches it", async () => {
    const ana = await registerCustomer(t.app);
    const browser = browserSubscription(service);
    const res = await send("POST", plain(browser), ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await rowsFor(browser.endpoint)).toMatchObject([{ userId: ana.userId, p256dh: browser.keys.p256dh, auth: browser.keys.auth }]);

    service.answer(201);
    const sender = createPushSender({
      db: t.prisma,
      vapid: loadVapidKeys({ dataDir: t.config.dataDir, env: {} }),
      endpoints: service.endpoints,
    });
    const payload = { title: "Pagamento confirmado", body: "Pedido #ABC123", url: "/orders" };
    expect(await sender.sendToUser(ana.userId, payload)).toEqual(["sent"]);
    expect(JSON.parse(browser.decrypt(service.requests.at(-1)!.body))).toMatchObject(payload);
  });

  it("keeps one subscription per endpoint: subscribing again, or from another account, takes it over", async () => {
    const ana = await registerCustomer(t.app);
    const rui = await registerCustomer(t.app);
    const browser = browserSubscription(service);
    await send("POST", plain(browser), ana);
    await send("POST", plain(browser), ana);
    expect(await rowsFor(browser.endpoint)).toHaveLength(1);
    expect((await send("POST", plain(browser), rui)).statusCode).toBe(200);
    expect(await rowsFor(browser.endpoint)).toMatchObject([{ userId: rui.userId }]);
  });

  it.each([
    ["no keys", (b: ReturnType<typeof plain>) => ({ endpoint: b.endpoint })],
    ["an http endpoint", (b: ReturnType<typeof plain>) => ({ ...b, endpoint: b.endpoint.replace("https:", "http:") })],
    ["a non-URL endpoint", (b: ReturnType<typeof plain>) => ({ ...b, endpoint: "javascript:alert(1)" })],
    ["a p256dh that is not base64url", (b: ReturnType<typeof plain>) => ({ ...b, keys: { ...b.keys, p256dh: "%".repeat(87) } })],
    ["a short auth secret", (b: ReturnType<typeof plain>) => ({ ...b, keys: { ...b.keys, auth: "abc" } })],
    ["an extra field", (b: ReturnType<typeof plain>) => ({ ...b, userId: "someone-else" })],
    ["a string body", () => "texto"],
  ])("refuses %s with 400 and stores nothing", async (_label, shape) => {
    const ana = await registerCustomer(t.app);
    const browser = plain(browserSubscription(service));
    const res = await send("POST", shape(browser), ana);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await t.prisma.pushSubscription.count({ where: { userId: ana.userId } })).toBe(0);
  });
});

describe("DELETE /api/push/subscribe", () => {
  it("removes the caller's own subscription of that endpoint", async () => {
    const ana = await registerCustomer(t.app);
    const browser = browserSubscription(service);
    await send("POST", plain(browser), ana);
    const res = await send("DELETE", { endpoint: browser.endpoint }, ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await rowsFor(browser.endpoint)).toHaveLength(0);
  });

  it("leaves another shopper's subscription alone", async () => {
    const ana = await registerCustomer(t.app);
    const rui = await registerCustomer(t.app);
    const browser = browserSubscription(service);
    await send("POST", plain(browser), ana);
    expect((await send("DELETE", { endpoint: browser.endpoint }, rui)).statusCode).toBe(200);
    expect(await rowsFor(browser.endpoint)).toMatchObject([{ userId: ana.userId }]);
  });

  it("refuses without a session (401) and a missing endpoint (400)", async () => {
    expect((await send("DELETE", { endpoint: "https://push.example/x" })).statusCode).toBe(401);
    const ana = await registerCustomer(t.app);
    expect((await send("DELETE", {}, ana)).statusCode).toBe(400);
  });
});
