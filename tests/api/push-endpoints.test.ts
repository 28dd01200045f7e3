// Push subscriptions point only at the browsers' push services: the shop as deployed (no stand-in) refuses any
// other endpoint, private and loopback addresses, other ports and plain http; a name of a push service that
// resolves to a private address is refused on subscribe and when connecting; an account keeps at most 10
// subscriptions (its oldest dropped), and subscribing is rate-limited.
import { lookup as realLookup, type LookupAddress } from "node:dns";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { browserSubscription, startPushService, type PushService } from "../helpers/push-service.ts";
import { browserPushServices, isPublicAddress, isPushServiceUrl } from "../../server/notifications/push/endpoints.ts";
import { MAX_PUSH_SUBSCRIPTIONS, NOT_A_PUSH_SERVICE, savePushSubscription } from "../../server/notifications/push/subscriptions.ts";
import { SUBSCRIBES_PER_MINUTE } from "../../server/routes/shop/push.ts";

const keys = (service: PushService) => browserSubscription(service).keys;
/** A DNS stand-in: every name resolves to `address`. */
const resolvingTo =
  (address: string) =>
  (...args: unknown[]) => {
    const callback = args.at(-1) as (error: Error | null, addresses: LookupAddress[]) => void;
    queueMicrotask(() => callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]));
  };

describe("the deployed shop's subscribe route", () => {
  let t: TestApp;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });
  const subscribe = (customer: Customer, endpoint: string) =>
    t.app.inject({ method: "POST", url: "/api/push/subscribe", headers: customer.auth, payload: { endpoint, keys: keys(service) } });

  it.each([
    "https://169.254.169.254/latest/meta-data/",
    "https://127.0.0.1:4943/push/x",
    "https://localhost:5432/push/x",
    "https://[::1]:8443/push/x",
    "https://10.0.0.5/push/x",
    "https://push.example/device-1",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
    "https://notify.windows.com.evil.example/w/x",
  ])("refuses %s with 400 and stores nothing", async (endpoint) => {
    const ana = await registerCustomer(t.app);
    const res = await subscribe(ana, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) as unknown });
    expect(await t.prisma.pushSubscription.count({ where: { userId: ana.userId } })).toBe(0);
  });

  it("the stand-in itself is refused without the test-only rule", async () => {
    const ana = await registerCustomer(t.app);
    expect((await subscribe(ana, browserSubscription(service).endpoint)).json()).toEqual({ success: false, message: NOT_A_PUSH_SERVICE });
  });

  it("rate-limits subscribing per account", async () => {
    const ana = await registerCustomer(t.app);
    const statuses: number[] = [];
    for (let i = 0; i <= SUBSCRIBES_PER_MINUTE; i++) statuses.push((await subscribe(ana, "https://127.0.0.1/x")).statusCode);
    expect(statuses.slice(0, SUBSCRIBES_PER_MINUTE).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("at most 10 subscriptions per account", () => {
  let t: TestApp;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    t = await buildTestApp({ deps: { pushEndpoints: service.endpoints } });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it("keeps the newest 10 and pushes to those alone", async () => {
    const ana = await registerCustomer(t.app);
    const browsers = Array.from({ length: 13 }, () => browserSubscription(service));
    // Ten through the route (its rate limit allows ten a minute), the rest as later days' subscriptions would.
    for (const browser of browsers.slice(0, 10)) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/push/subscribe",
        headers: ana.auth,
        payload: { endpoint: browser.endpoint, keys: browser.keys },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const browser of browsers.slice(10)) await savePushSubscription(t.prisma, service.endpoints, ana.userId, browser);
    const kept = await t.prisma.pushSubscription.findMany({ where: { userId: ana.userId } });
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(new Set(kept.map((row) => row.endpoint))).toEqual(new Set(browsers.slice(-MAX_PUSH_SUBSCRIPTIONS).map((b) => b.endpoint)));
    const before = service.requests.length;
    t.deps.notifier.committed([{ userId: ana.userId, payload: { title: "Olá", body: "Teste", url: "/orders" } }]);
    await expect.poll(() => service.requests.length - before, { timeout: 10_000 }).toBe(MAX_PUSH_SUBSCRIPTIONS);
  });
});

describe("the push-service rule", () => {
  it("admits the browsers' push services on https port 443 only", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://updates-autopush.stage.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
      "https://fcm.googleapis.com:443/fcm/send/abc",
    ])
      expect(isPushServiceUrl(ok), ok).toBe(true);
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:80/fcm/send/abc",
      "https://googleapis.com/fcm/send/abc",
      "https://push.services.mozilla.com.evil.example/x",
      "https://.notify.windows.com/x",
      "https://142.250.184.138/fcm/send/abc",
    ])
      expect(isPushServiceUrl(bad), bad).toBe(false);
  });

  it("knows which addresses are not public", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["142.250.184.138", "2a00:1450:4003:80e::200a", "::ffff:142.250.184.138"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses a push service's name that resolves to a private address, on subscribe and when connecting", async () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
    expect(await browserPushServices(resolvingTo("142.250.184.138") as unknown as typeof realLookup).resolvesPublic(endpoint)).toBe(true);
    const rebound = browserPushServices(resolvingTo("127.0.0.1") as unknown as typeof realLookup);
    expect(await rebound.resolvesPublic(endpoint)).toBe(false);
    expect(await browserPushServices(resolvingTo("169.254.169.254") as unknown as typeof realLookup).resolvesPublic(endpoint)).toBe(false);
    // A listener on loopback that must never be reached through the agent.
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as { port: number };
    const { request } = await import("node:https");
    const failure = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = request({ host: "fcm.googleapis.com", port, path: "/", agent: rebound.agent }, () => resolve(new Error("answered")));
      req.on("error", resolve);
      req.end();
    });
    expect(failure.code).toBe("EADDRNOTPUBLIC");
    expect(connections).toBe(0);
    rebound.agent.destroy();
    await new Promise((resolve) => listener.close(resolve));
  });
});
