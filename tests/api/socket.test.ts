import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import WebSocket from "ws";
import { buildTestApp, createStaff, registerCustomer, TEST_JWT_SECRET, type Customer, type TestApp } from "../helpers/app.ts";
import { sendSupportReply } from "../../server/domain/chat/service.ts";
import { DEFAULT_HUB_LIMITS } from "../../server/realtime/hub.ts";
import { createOrder, isNewMessage, listen, pngBytes, sendMessage, TestSocket, waitFor, type Frame } from "./chat-fixtures.ts";
import { CLOSE_RECONNECT } from "../../shared/realtime.ts";

let t: TestApp;
let url: string;
let owner: Customer;
let stranger: Customer;
let orderId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
  url = await listen(t.app);
  owner = await registerCustomer(t.app);
  stranger = await registerCustomer(t.app);
  orderId = await createOrder(t.prisma, owner.userId);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function ready(token: string) {
  const s = await TestSocket.ready(url, token);
  sockets.push(s);
  return s;
}
async function open(options: { autoPong?: boolean } = {}) {
  const s = await TestSocket.open(url, options);
  sockets.push(s);
  return s;
}
async function join(s: TestSocket, id: string) {
  const before = t.deps.hub.roomSize(id);
  s.send({ type: "joinRoom", orderId: id });
  await waitFor(() => t.deps.hub.roomSize(id) > before, 5000, "join");
}
const invalidToken = (f: Frame) => f.type === "connect_error";

describe("authentication", () => {
  it("answers a good token with ready", async () => {
    const s = await open();
    s.send({ type: "auth", token: owner.token });
    expect(await s.next(() => true)).toEqual({ type: "ready" });
  });

  it("answers a forged, an expired and a malformed token with connect_error 'invalid token' and close 4401", async () => {
    const forged = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(48)));
    const expired = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [forged, expired, "nao-e-um-token", ""]) {
      const s = await open();
      s.send({ type: "auth", token });
      expect(await s.next(() => true)).toEqual({ type: "connect_error", message: "invalid token" });
      expect((await s.closed).code).toBe(4401);
    }
  });

  it("ends a session when its token expires: connect_error then 4401", async () => {
    const shortLived = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const s = await ready(shortLived);
    expect(await s.next(() => true, 5000)).toEqual({ type: "connect_error", message: "invalid token" });
    expect((await s.closed).code).toBe(4401);
  });

  it("refuses a deactivated staff member's token", async () => {
    const staff = await createStaff(t, "support");
    await t.prisma.user.update({ where: { id: staff.userId }, data: { active: false } });
    const s = await open();
    s.send({ type: "auth", token: staff.token });
    expect(await s.next(() => true)).toEqual({ type: "connect_error", message: "invalid token" });
    expect((await s.closed).code).toBe(4401);
  });

  it("closes a socket that does not authenticate in time with connect_error and 4401", async () => {
    t.deps.hub.setTimings({ authTimeoutMs: 300 });
    try {
      const started = Date.now();
      const s = await open();
      expect(await s.next(invalidToken, 3000)).toEqual({ type: "connect_error", message: "invalid token" });
      expect((await s.closed).code).toBe(4401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      t.deps.hub.setTimings({ authTimeoutMs: 10_000 });
    }
  });

  it("keeps a joinRoom sent right behind the auth frame and applies it once the token is accepted", async () => {
    const id = await createOrder(t.prisma, owner.userId);
    const s = await open();
    s.send({ type: "auth", token: owner.token });
    s.send({ type: "joinRoom", orderId: id });
    expect(await s.next(() => true)).toEqual({ type: "ready" });
    await waitFor(() => t.deps.hub.roomSize(id) === 1, 5000, "queued join");
  });

  it("asks for authentication before anything else, without closing", async () => {
    const s = await open();
    s.send({ type: "joinRoom", orderId });
    expect(await s.next(() => true)).toEqual({ type: "error", message: "Autenticação necessária" });
    s.send({ type: "auth", token: owner.token });
    expect(await s.next(() => true)).toEqual({ type: "ready" });
  });
});

describe("malformed and oversized frames", () => {
  it("answers garbage with an error frame and keeps the socket usable", async () => {
    const s = await ready(owner.token);
    for (const bad of [
      "{not json",
      "null",
      "42",
      '"texto"',
      "[]",
      '{"type":"joinRoom"}',
      '{"type":"joinRoom","orderId":5}',
      '{"type":"dance"}',
      '{"type":"joinRoom","orderId":"' + "x".repeat(300) + '"}',
    ]) {
      s.send(bad);
      expect(await s.next(() => true)).toEqual({ type: "error", message: "Mensagem inválida" });
    }
    s.ws.send(Buffer.from([0xff, 0x00, 0x13]), { binary: true });
    expect(await s.next(() => true)).toEqual({ type: "error", message: "Mensagem inválida" });
    await join(s, orderId);
    const res = await sendMessage(t.app, owner.auth, { orderId, text: "ainda aqui" });
    expect(res.statusCode).toBe(200);
    expect((await s.next(isNewMessage(orderId))).message).toMatchObject({ text: "ainda aqui" });
  });

  it("closes a socket that sends a frame over the size limit (1009) and the server keeps serving", async () => {
    const s = await open();
    s.send({ type: "auth", token: "x".repeat(64 * 1024) });
    expect((await s.closed).code).toBe(1009);
    const other = await ready(owner.token);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a socket that floods frames (1008)", async () => {
    const s = await ready(stranger.token);
    for (let i = 0; i < 200; i++) s.send({ type: "leaveRoom", orderId: "nada" });
    expect((await s.closed).code).toBe(1008);
  });
});

describe("rooms and delivery", () => {
  it("refuses joinRoom to a customer who does not own the order, and never delivers that order's messages to them", async () => {
    const members = t.deps.hub.roomSize(orderId);
    const spy = await ready(stranger.token);
    spy.send({ type: "joinRoom", orderId });
    expect(await spy.next(() => true)).toEqual({ type: "error", message: "Pedido inválido ou não encontrado." });
    spy.send({ type: "joinRoom", orderId: "nao-existe" });
    expect(await spy.next(() => true)).toEqual({ type: "error", message: "Pedido inválido ou não encontrado." });
    expect(t.deps.hub.roomSize(orderId)).toBe(members);

    const watcher = await ready(owner.token);
    await sendMessage(t.app, owner.auth, { orderId, text: "privado" });
    await watcher.next(isNewMessage(orderId));
    const staff = await createStaff(t, "support");
    await t.deps.hub.publishMessage(
      await sendSupportReply(t.prisma, { orderId, staffUserId: staff.userId, text: "também privado", file: null }),
    );
    await watcher.next(isNewMessage(orderId));
    expect(await spy.settle((f) => f.type === "newMessage")).toEqual([]);
  });

  it("delivers a new message once to a socket in the room and to the owner's other sockets (global notification)", async () => {
    const id = await createOrder(t.prisma, owner.userId);
    const inRoom = await ready(owner.token);
    const elsewhere = await ready(owner.token);
    await join(inRoom, id);
    const png = await pngBytes();
    const res = await sendMessage(t.app, owner.auth, { orderId: id, text: "com foto" }, [
      { bytes: png, fileName: "foto.png", contentType: "image/png" },
    ]);
    const sent = res.json().message;
    const roomFrame = await inRoom.next(isNewMessage(id));
    expect(roomFrame).toEqual({ type: "newMessage", orderId: id, message: sent });
    expect(await elsewhere.next(isNewMessage(id))).toEqual({ type: "newMessage", orderId: id, message: sent });
    // Owner and room member at once: still one frame.
    expect(await inRoom.settle(isNewMessage(id))).toEqual([]);
  });

  it("delivers a support reply (sent through the domain function) to the owner's room and global channel", async () => {
    const id = await createOrder(t.prisma, owner.userId);
    const staff = await createStaff(t, "support");
    const chat = await ready(owner.token);
    const global = await ready(owner.token);
    await join(chat, id);
    const posted = await sendSupportReply(t.prisma, { orderId: id, staffUserId: staff.userId, text: "Nova resposta", file: null });
    await t.settled();
    await t.deps.hub.publishMessage(posted);
    const reply = posted.message;
    for (const s of [chat, global]) {
      const frame = await s.next(isNewMessage(id));
      expect(frame.message).toEqual({
        _id: reply._id,
        orderId: id,
        sender: "support",
        text: "Nova resposta",
        fileUrl: null,
        type: null,
        fileName: null,
        createdAt: reply.createdAt,
      });
    }
  });

  it("gives staff sockets every conversation's messages with the staff fields, and lets staff join any room", async () => {
    const admin = await createStaff(t, "admin");
    const support = await createStaff(t, "support");
    const a = await ready(admin.token);
    const s = await ready(support.token);
    const other = await registerCustomer(t.app);
    const otherOrder = await createOrder(t.prisma, other.userId);
    await join(s, otherOrder);
    await sendMessage(t.app, owner.auth, { orderId, text: "do primeiro cliente" });
    await sendMessage(t.app, other.auth, { orderId: otherOrder, text: "do segundo cliente" });
    for (const staff of [a, s]) {
      const first = await staff.next(isNewMessage(orderId));
      const second = await staff.next(isNewMessage(otherOrder));
      expect(first.message).toMatchObject({ text: "do primeiro cliente", sender: "client", authorName: null, readBySupportAt: null });
      expect(second.message).toMatchObject({ text: "do segundo cliente" });
    }
    // In the room and staff at once: one frame.
    expect(await s.settle(isNewMessage(otherOrder))).toEqual([]);
  });

  it("stops room delivery after leaveRoom and forgets closed sockets", async () => {
    const staff = await createStaff(t, "support");
    const id = await createOrder(t.prisma, owner.userId);
    const s = await ready(staff.token);
    await join(s, id);
    s.send({ type: "leaveRoom", orderId: id });
    await waitFor(() => t.deps.hub.roomSize(id) === 0, 5000, "leave");
    const c = await ready(owner.token);
    await join(c, id);
    const before = t.deps.hub.stats().sockets;
    c.close();
    await waitFor(() => t.deps.hub.roomSize(id) === 0 && t.deps.hub.stats().sockets === before - 1, 5000, "close");
  });
});

describe("heartbeat", () => {
  it("drops a socket that stops answering pings and keeps one that answers", async () => {
    const dead = await open({ autoPong: false });
    dead.send({ type: "auth", token: owner.token });
    await dead.next((f) => f.type === "ready");
    const alive = await ready(owner.token);
    t.deps.hub.setTimings({ heartbeatMs: 150 });
    try {
      const { code } = await dead.closed;
      expect(code).toBe(1006);
      await new Promise((r) => setTimeout(r, 400));
      expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      t.deps.hub.setTimings({ heartbeatMs: 30_000 });
    }
  });
});

describe("caps", () => {
  const rejected = async (s: TestSocket) => {
    expect((await s.closed).code).toBe(1008);
    expect(s.frames).toContainEqual({ type: "error", message: "Demasiadas ligações abertas. Feche outros separadores e tente novamente." });
  };

  it("refuses an account's socket beyond the per-user cap, and takes one again once another closed", async () => {
    const busy = await registerCustomer(t.app);
    const held = await Promise.all(Array.from({ length: DEFAULT_HUB_LIMITS.socketsPerUser }, () => ready(busy.token)));
    const extra = await open();
    extra.send({ type: "auth", token: busy.token });
    await rejected(extra);
    expect(extra.frames.some((f) => f.type === "ready")).toBe(false);
    held[0]!.close();
    await held[0]!.closed;
    await ready(busy.token);
    for (const s of held) s.close();
  });

  it("refuses unauthenticated sockets from one address beyond the cap; authenticating frees a place", async () => {
    const waiting = await Promise.all(Array.from({ length: DEFAULT_HUB_LIMITS.unauthenticatedPerAddress }, () => open()));
    await rejected(await open());
    waiting[0]!.send({ type: "auth", token: stranger.token });
    await waiting[0]!.next((f) => f.type === "ready");
    const next = await open();
    next.send({ type: "auth", token: stranger.token });
    await next.next((f) => f.type === "ready");
    for (const s of waiting) s.close();
    await Promise.all(waiting.map((s) => s.closed));
  });

  it("answers joins of an unknown order from memory after the first lookup", async () => {
    const s = await ready(stranger.token);
    const before = t.deps.hub.stats().ownerLookups;
    for (let i = 0; i < 40; i++) s.send({ type: "joinRoom", orderId: "pedido-que-nao-existe" });
    for (let i = 0; i < 40; i++) await s.next((f) => f.type === "error");
    expect(t.deps.hub.stats().ownerLookups - before).toBeLessThanOrEqual(1);
    // A real order is still found (and then remembered).
    await join(s, await createOrder(t.prisma, stranger.userId));
  });
});

describe("plain HTTP", () => {
  it("answers a request without the WebSocket upgrade with 426 in the API's error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/ws" });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ success: false, message: "Esta ligação só aceita WebSocket" });
  });
});

describe("shutdown", () => {
  it("closes every socket with the reconnect code (1012) when the app closes", async () => {
    const other = await buildTestApp();
    const otherUrl = await listen(other.app);
    const customer = await registerCustomer(other.app);
    const s = await TestSocket.ready(otherUrl, customer.token);
    await other.close();
    expect((await s.closed).code).toBe(CLOSE_RECONNECT);
  });
});
