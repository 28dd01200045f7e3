// Web Push against a local push service: the payload arrives encrypted for the browser's keys (decrypted here as
// a browser would) with a VAPID signature; a 410 removes the subscription; failures are counted. VAPID keys come
// from the environment or are generated once into DATA_DIR.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { createPushSender, type PushSender } from "../../server/notifications/push/sender.ts";
import { removePushSubscription, savePushSubscription } from "../../server/notifications/push/subscriptions.ts";
import { loadVapidKeys } from "../../server/notifications/push/vapid-keys.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { browserSubscription, startPushService, type PushService } from "../helpers/push-service.ts";

let counter = 0;

describe("VAPID keys", () => {
  it("are generated once into DATA_DIR/vapid.json, readable only by the owner, and kept across restarts", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "loja-vapid-"));
    const first = loadVapidKeys({ dataDir, env: {} });
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(statSync(path.join(dataDir, "vapid.json")).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ dataDir, env: {} })).toEqual(first);
    expect(first.subject).toMatch(/^mailto:/);
  });

  it("come from the environment when set", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "loja-vapid-"));
    const keys = loadVapidKeys({
      dataDir,
      env: { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv", VAPID_SUBJECT: "https://loja.exemplo.ao" },
    });
    expect(keys).toEqual({ publicKey: "pub", privateKey: "priv", subject: "https://loja.exemplo.ao" });
    expect(() => loadVapidKeys({ dataDir, env: { VAPID_PUBLIC_KEY: "pub" } })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

describe("web push to a local push service", () => {
  let db: Database;
  let service: PushService;
  let sender: PushSender;

  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
    service = await startPushService();
    const vapid = loadVapidKeys({
      dataDir: mkdtempSync(path.join(tmpdir(), "loja-vapid-")),
      env: { VAPID_SUBJECT: "mailto:apoio@loja.ao" },
    });
    sender = createPushSender({ db: db.prisma, vapid, endpoints: service.endpoints, maxFailures: 3 });
  });
  afterAll(async () => {
    await service?.close();
    await db?.close();
  });

  const customer = () =>
    db.prisma.user.create({ data: { name: "Ana", email: `push.${process.pid}.${counter++}@exemplo.ao` }, select: { id: true } });

  it("delivers a payload only the subscribed browser can decrypt, signed with the shop's VAPID key", async () => {
    service.answer(201);
    const user = await customer();
    const browser = browserSubscription(service);
    await savePushSubscription(db.prisma, service.endpoints, user.id, browser);
    const payload = { title: "Nova resposta do suporte", body: "Pedido #DEF456: Enviamos amanhã.", url: "/message/cm3xyzabc123def456" };
    expect(await sender.sendToUser(user.id, payload)).toEqual(["sent"]);

    const request = service.requests.at(-1)!;
    expect(request.path).toBe(new URL(browser.endpoint).pathname);
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${sender.publicKey}$`));
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.body.toString("utf8")).not.toContain("Enviamos");
    expect(() => browserSubscription(service).decrypt(request.body), "another browser's keys").toThrow();
    expect(JSON.parse(browser.decrypt(request.body))).toEqual(payload);

    const stored = await db.prisma.pushSubscription.findUniqueOrThrow({ where: { endpoint: browser.endpoint } });
    expect(stored.lastSuccessAt).toBeInstanceOf(Date);
    expect(stored.failures).toBe(0);
  });

  it("removes a subscription the push service says is gone (410)", async () => {
    const user = await customer();
    const browser = browserSubscription(service);
    await savePushSubscription(db.prisma, service.endpoints, user.id, browser);
    service.answer(410);
    expect(await sender.sendToUser(user.id, { title: "t", body: "b", url: "/orders" })).toEqual(["removed"]);
    expect(await db.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
    service.answer(201);
  });

  it("counts other failures, resets them on success, and drops a subscription failing too often", async () => {
    const user = await customer();
    const browser = browserSubscription(service);
    await savePushSubscription(db.prisma, service.endpoints, user.id, browser);
    const payload = { title: "t", body: "b", url: "/orders" };
    service.answer(500);
    expect(await sender.sendToUser(user.id, payload)).toEqual(["failed"]);
    expect(await sender.sendToUser(user.id, payload)).toEqual(["failed"]);
    expect((await db.prisma.pushSubscription.findUniqueOrThrow({ where: { endpoint: browser.endpoint } })).failures).toBe(2);
    service.answer(201);
    expect(await sender.sendToUser(user.id, payload)).toEqual(["sent"]);
    expect((await db.prisma.pushSubscription.findUniqueOrThrow({ where: { endpoint: browser.endpoint } })).failures).toBe(0);
    service.answer(500);
    for (let i = 0; i < 2; i++) expect(await sender.sendToUser(user.id, payload)).toEqual(["failed"]);
    expect(await sender.sendToUser(user.id, payload)).toEqual(["removed"]);
    expect(await db.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
    service.answer(201);
  });

  it("sends to each of a customer's browsers, and a browser re-subscribing under another account moves to it", async () => {
    const ana = await customer();
    const rui = await customer();
    const phone = browserSubscription(service);
    const laptop = browserSubscription(service);
    await savePushSubscription(db.prisma, service.endpoints, ana.id, phone);
    await savePushSubscription(db.prisma, service.endpoints, ana.id, laptop);
    expect(await sender.sendToUser(ana.id, { title: "t", body: "b", url: "/orders" })).toEqual(["sent", "sent"]);
    await savePushSubscription(db.prisma, service.endpoints, rui.id, laptop);
    expect(await sender.sendToUser(ana.id, { title: "t", body: "b", url: "/orders" })).toEqual(["sent"]);
    expect(await removePushSubscription(db.prisma, ana.id, laptop.endpoint)).toBe(false);
    expect(await removePushSubscription(db.prisma, rui.id, laptop.endpoint)).toBe(true);
    expect(await sender.sendToUser(rui.id, { title: "t", body: "b", url: "/orders" })).toEqual([]);
  });
});
