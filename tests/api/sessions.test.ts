// Sessions that can end: logout, password change or reset, deactivation and role change refuse the
// account's older tokens on the shopper API, the staff API and sockets, whose open sockets close with 4401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { CLOSE_INVALID_TOKEN } from "../../shared/realtime.ts";
import { SESSION_CACHE_TTL_MS } from "../../server/domain/users/sessions.ts";
import { createOrder, isNewMessage, listen, sendMessage, SocketPool, type TestSocket } from "./chat-fixtures.ts";

let t: TestApp;
let url: string;
let admin: Awaited<ReturnType<typeof createStaff>>;
const sockets = new SocketPool();

beforeAll(async () => {
  t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
  url = await listen(t.app);
  admin = await createStaff(t, "admin");
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const ready = (token: string) => sockets.ready(url, token);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const shopperApi = (token: string) => t.app.inject({ method: "POST", url: "/api/cart/get", headers: bearer(token), payload: {} });
const staffApi = (token: string) => t.app.inject({ method: "GET", url: "/admin/api/orders", headers: bearer(token) });
const updateStaff = (id: string, payload: object) =>
  t.app.inject({ method: "PUT", url: `/admin/api/staff/${id}`, headers: admin.auth, payload });
const expired = { success: false, message: "Sessão expirada. Por favor, faça login novamente." };

/** The socket closes with 4401 within 5 s (after a connect_error frame, as for a bad token). */
async function expectEnded(socket: TestSocket) {
  const closed = await Promise.race([socket.closed, new Promise<"open">((r) => setTimeout(() => r("open"), 5000))]);
  expect(closed).toMatchObject({ code: CLOSE_INVALID_TOKEN });
  expect(socket.frames.some((f) => f.type === "connect_error")).toBe(true);
}

describe("ending sessions", () => {
  it("closes a deactivated support agent's socket at once, sends it nothing after, and refuses the token everywhere", async () => {
    const agent = await createStaff(t, "support");
    const owner = await registerCustomer(t.app);
    const orderId = await createOrder(t.prisma, owner.userId);
    const socket = await ready(agent.token);
    expect((await sendMessage(t.app, owner.auth, { orderId, text: "antes" })).statusCode).toBe(200);
    await socket.next(isNewMessage(orderId));
    expect((await shopperApi(agent.token)).statusCode).toBe(200);

    expect((await updateStaff(agent.userId, { active: false })).statusCode).toBe(200);
    expect((await sendMessage(t.app, owner.auth, { orderId, text: "depois da desativação" })).statusCode).toBe(200);
    await expectEnded(socket);
    expect(socket.frames.filter((f) => f.type === "newMessage")).toEqual([]);

    for (const res of [await shopperApi(agent.token), await staffApi(agent.token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expired);
    }
    const again = await sockets.open(url);
    again.send({ type: "auth", token: agent.token });
    expect((await again.closed).code).toBe(CLOSE_INVALID_TOKEN);
  });

  it("ends every session of a staff member whose role or password an admin changes, and only then", async () => {
    const agent = await createStaff(t, "support");
    const socket = await ready(agent.token);
    expect((await updateStaff(agent.userId, { name: "Novo nome" })).statusCode).toBe(200);
    expect((await staffApi(agent.token)).statusCode).toBe(200);

    expect((await updateStaff(agent.userId, { role: "admin", currentPassword: admin.password })).statusCode).toBe(200);
    await expectEnded(socket);
    expect((await staffApi(agent.token)).statusCode).toBe(401);

    const login = await t.app.inject({
      method: "POST",
      url: "/admin/api/auth/login",
      payload: { email: agent.email, password: agent.password },
    });
    expect(login.statusCode).toBe(200);
    const second = login.json().token as string;
    expect((await staffApi(second)).statusCode).toBe(200);
    expect((await updateStaff(agent.userId, { password: "outra-senha-da-equipa-2", currentPassword: admin.password })).statusCode).toBe(
      200,
    );
    expect((await staffApi(second)).statusCode).toBe(401);
  });

  it("logs out every device of the account: old tokens get 401, sockets close", async () => {
    const customer = await registerCustomer(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: customer.email, password: customer.password },
    });
    const otherDevice = login.json().token as string;
    const socket = await ready(otherDevice);

    const res = await t.app.inject({ method: "POST", url: "/api/user/logout", headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    await expectEnded(socket);
    for (const token of [customer.token, otherDevice]) {
      expect((await shopperApi(token)).json()).toEqual(expired);
      expect((await t.app.inject({ method: "POST", url: "/api/user/logout", headers: bearer(token) })).statusCode).toBe(401);
    }
    // Signing in again opens a new session.
    const back = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: customer.email, password: customer.password },
    });
    expect((await shopperApi(back.json().token as string)).statusCode).toBe(200);
  });

  it("changes the password: other sessions end, the caller goes on with the new token, the old password no longer signs in", async () => {
    const customer = await registerCustomer(t.app);
    const other = (
      await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: customer.email, password: customer.password } })
    ).json().token as string;
    const socket = await ready(other);
    const own = await ready(customer.token);
    const change = (token: string, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/user/change-password", headers: bearer(token), payload });

    const wrong = await change(customer.token, { currentPassword: "nao-e-esta-senha", newPassword: "nova-senha-segura-9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: "A palavra-passe atual está incorreta" });
    expect((await change(customer.token, { currentPassword: customer.password, newPassword: "12345678" })).statusCode).toBe(400);
    expect((await shopperApi(other)).statusCode).toBe(200);

    const res = await change(customer.token, { currentPassword: customer.password, newPassword: "nova-senha-segura-9" });
    expect(res.statusCode).toBe(200);
    const { token, message, success } = res.json() as { token: string; message: string; success: boolean };
    expect({ success, message }).toEqual({ success: true, message: "Palavra-passe alterada com sucesso" });
    await expectEnded(socket);
    // The caller's own socket is carried over to the new session (the caller was not logged out)…
    t.deps.hub.sweep();
    await new Promise((r) => setTimeout(r, 300));
    expect(own.ws.readyState).toBe(own.ws.OPEN);
    expect(own.frames.some((f) => f.type === "connect_error")).toBe(false);
    // …while its old token opens nothing new.
    const reopened = await sockets.open(url);
    reopened.send({ type: "auth", token: customer.token });
    expect((await reopened.closed).code).toBe(CLOSE_INVALID_TOKEN);
    expect((await shopperApi(other)).statusCode).toBe(401);
    expect((await shopperApi(customer.token)).statusCode).toBe(401);
    expect((await shopperApi(token)).statusCode).toBe(200);
    await ready(token);

    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: customer.email, password } });
    expect((await login(customer.password)).statusCode).toBe(400);
    expect((await login("nova-senha-segura-9")).statusCode).toBe(200);
  });

  it("still ends a session changed behind the app's back (an announcement lost) once the cached state expires", async () => {
    // An app of its own with a short safety TTL (SESSION_CACHE_TTL_MS is 30 s): the same mechanism, sooner.
    const ttlMs = 1_000;
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(ttlMs);
    const short = await buildTestApp({ deps: { sessionTtlMs: ttlMs } });
    try {
      const shortUrl = await listen(short.app);
      const customer = await registerCustomer(short.app);
      const socket = await sockets.ready(shortUrl, customer.token);
      const api = () => short.app.inject({ method: "POST", url: "/api/cart/get", headers: bearer(customer.token), payload: {} });
      expect((await api()).statusCode).toBe(200);
      await short.prisma.user.update({ where: { id: customer.userId }, data: { sessionVersion: { increment: 1 } } });
      expect((await api()).statusCode).toBe(200); // still trusted from memory: nothing announced the change
      await new Promise((r) => setTimeout(r, ttlMs + 200));
      expect((await api()).statusCode).toBe(401);
      // The heartbeat's sweep checks every socket's session again.
      short.deps.hub.sweep();
      await expectEnded(socket);
    } finally {
      await short.close();
    }
  });

  it("refuses the change and logout routes without a session", async () => {
    for (const path of ["/api/user/logout", "/api/user/change-password"]) {
      const res = await t.app.inject({ method: "POST", url: path, payload: { currentPassword: "x", newPassword: "y" } });
      expect(res.statusCode).toBe(401);
    }
  });
});
