// The forgot/reset routes (mail through the outbox and SMTP, one use, 30 minutes, sessions ended, the link's token
// never readable in the outbox or the console) and, below, the tokens: only the hash is stored, a token works once
// and within 30 minutes, unknown or deactivated accounts get no token (the route answers the same either way).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import {
  consumeResetToken,
  createResetToken,
  hashResetToken,
  RESET_LINKS_PER_WINDOW,
  RESET_TOKEN_TTL_MS,
} from "../../server/domain/users/password-reset.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { CLOSE_INVALID_TOKEN } from "../../shared/realtime.ts";
import { listen, TestSocket, waitFor } from "./chat-fixtures.ts";

let counter = 0;

describe("password-reset tokens", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db?.close());

  const customer = (active = true) =>
    db.prisma.user.create({
      data: { name: "Ana", email: `reset.${process.pid}.${counter++}@exemplo.ao`, passwordHash: "x", active },
      select: { id: true, email: true },
    });

  it("stores only the sha256 of a 32-byte base64url token, valid for 30 minutes", async () => {
    const user = await customer();
    const before = Date.now();
    const request = await createResetToken(db.prisma, `  ${user.email!.toUpperCase()} `);
    expect(request).toMatchObject({ userId: user.id, email: user.email, name: "Ana" });
    expect(request!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(request!.token, "base64url")).toHaveLength(32);
    const rows = await db.prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(request!.token));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(request!.token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(RESET_TOKEN_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS + 5000);
  });

  it("gives no token for an unknown or deactivated account", async () => {
    expect(await createResetToken(db.prisma, "ninguem@exemplo.ao")).toBeNull();
    const gone = await customer(false);
    expect(await createResetToken(db.prisma, gone.email!)).toBeNull();
  });

  it("is single use, and using one link retires the account's other links", async () => {
    const user = await customer();
    const first = await createResetToken(db.prisma, user.email!);
    const second = await createResetToken(db.prisma, user.email!);
    expect(await consumeResetToken(db.prisma, first!.token)).toBe(user.id);
    expect(await consumeResetToken(db.prisma, first!.token)).toBeNull();
    expect(await consumeResetToken(db.prisma, second!.token)).toBeNull();
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    const results = await Promise.all([consumeResetToken(db.prisma, request!.token), consumeResetToken(db.prisma, request!.token)]);
    expect(results.filter((r) => r === user.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  it("refuses an expired token", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    await db.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await consumeResetToken(db.prisma, request!.token)).toBeNull();
  });

  it("refuses tokens that were never issued or are malformed", async () => {
    expect(await consumeResetToken(db.prisma, "A".repeat(43))).toBeNull();
    expect(await consumeResetToken(db.prisma, "")).toBeNull();
    expect(await consumeResetToken(db.prisma, "' OR 1=1 --")).toBeNull();
  });

  it("keeps a token unused when the transaction that consumed it rolls back", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    await expect(
      db.prisma.$transaction(async (tx) => {
        expect(await consumeResetToken(tx, request!.token)).toBe(user.id);
        throw new Error("setting the password failed");
      }),
    ).rejects.toThrow("setting the password failed");
    expect(await consumeResetToken(db.prisma, request!.token)).toBe(user.id);
  });

  it("disappears with the account", async () => {
    const user = await customer();
    await createResetToken(db.prisma, user.email!);
    await db.prisma.user.delete({ where: { id: user.id } });
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("forgot and reset password routes", () => {
  let t: TestApp;
  let url: string;
  let sink: SmtpSink;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  const FORGOT_REPLY = {
    success: true,
    message:
      "Se existir uma conta com este e-mail, enviámos um link para criar uma nova palavra-passe. O link é válido durante 30 minutos.",
  };
  const INVALID = { success: false, message: "Este link já não é válido. Peça um novo." };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ env: { PUBLIC_URL: "https://loja.exemplo.ao", SMTP_URL: sink.url, MAIL_RETRY_SECONDS: "1" } });
    url = await listen(t.app);
    admin = await createStaff(t, "admin");
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const forgot = (email: string) => t.app.inject({ method: "POST", url: "/api/user/forgot-password", payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/user/reset-password", payload: { token, password } });
  const mailsTo = (to: string) => t.prisma.outboxMail.findMany({ where: { to, kind: "password-reset" }, orderBy: { createdAt: "asc" } });
  const received = (to: string) => sink.messages.filter((m) => m.to.includes(to));
  /** The reset link's token from the last mail the shopper received (the mail is written just after the reply). */
  async function linkToken(to: string, count = 1): Promise<string> {
    await waitFor(() => received(to).length >= count, 10_000, "the reset mail");
    const mail = received(to).at(-1)!;
    const link = /https:\/\/loja\.exemplo\.ao\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.html).toContain(`/reset-password?token=${link![1]}`);
    return link![1]!;
  }
  /** Everything the database holds of the address's reset mails, as text. */
  const storedRows = async (to: string) =>
    JSON.stringify(await t.db.query(`SELECT * FROM outbox_mails WHERE "to" = $1 AND kind = 'password-reset'`, [to]));
  const consoleDetail = async (id: string) => {
    const res = await t.app.inject({ method: "GET", url: `/admin/api/outbox/${id}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; html: string; text: string };
  };

  it("keeps the link's token only in the mail as sent: never readable in the outbox, before or after sending, nor in the console", async () => {
    const customer = await registerCustomer(t.app);
    // The mail server is down: the mail waits in the outbox, as it would without SMTP_URL.
    sink.refuse(421);
    let pending: { row: string; detail: Awaited<ReturnType<typeof consoleDetail>> };
    try {
      await forgot(customer.email);
      await waitFor(async () => Boolean((await mailsTo(customer.email))[0]?.lastError), 10_000, "a refused attempt");
      const [row] = await mailsTo(customer.email);
      expect(row!.status).toBe("pending");
      expect(row!.secret).toBeTruthy();
      pending = { row: await storedRows(customer.email), detail: await consoleDetail(row!.id) };
    } finally {
      sink.refuse(null);
    }
    const token = await linkToken(customer.email);
    await waitFor(async () => (await mailsTo(customer.email))[0]?.status === "sent", 10_000, "marked sent");

    expect(pending.row).not.toContain(token);
    expect(pending.detail.status).toBe("pending");
    const sent = await mailsTo(customer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.secret).toBeNull();
    expect(await storedRows(customer.email)).not.toContain(token);
    for (const detail of [pending.detail, await consoleDetail(sent[0]!.id)]) {
      expect(detail.text).toContain("https://loja.exemplo.ao/reset-password?token=(oculto)");
      expect(detail.html).toContain("/reset-password?token=(oculto)");
      expect(`${detail.text}${detail.html}`).not.toContain(token);
    }
    // The token the mail carried works (once).
    expect((await reset(token, "senha-nova-depois-do-link")).statusCode).toBe(200);
  });

  it("answers the same for known, unknown and malformed addresses, and mails a link only to the known one", async () => {
    const customer = await registerCustomer(t.app);
    for (const email of [customer.email.toUpperCase(), "ninguem.aqui@exemplo.ao", "isto-nao-e-email"]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(FORGOT_REPLY);
    }
    await linkToken(customer.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.prisma.outboxMail.count({ where: { to: { in: ["ninguem.aqui@exemplo.ao", "isto-nao-e-email"] } } })).toBe(0);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it("sets the new password once, ends every session of the account, and the old password stops working", async () => {
    const customer = await registerCustomer(t.app);
    const socket = await TestSocket.ready(url, customer.token);
    await forgot(customer.email);
    const token = await linkToken(customer.email);

    const weak = await reset(token, "12345678");
    expect(weak.statusCode).toBe(400);
    const res = await reset(token, "senha-nova-depois-do-link");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Palavra-passe alterada. Já pode entrar com a nova palavra-passe." });
    expect((await socket.closed).code).toBe(CLOSE_INVALID_TOKEN);
    expect((await t.app.inject({ method: "POST", url: "/api/cart/get", headers: customer.auth, payload: {} })).statusCode).toBe(401);

    const again = await reset(token, "outra-senha-qualquer-7");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/user/login", payload: { email: customer.email, password } });
    expect((await login(customer.password)).statusCode).toBe(400);
    expect((await login("senha-nova-depois-do-link")).statusCode).toBe(200);
  });

  it("refuses a link after 30 minutes, a made-up one, and one of an account deactivated since", async () => {
    const customer = await registerCustomer(t.app);
    await forgot(customer.email);
    const token = await linkToken(customer.email);
    await t.prisma.passwordResetToken.updateMany({
      where: { tokenHash: hashResetToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await reset(token, "senha-nova-depois-do-link")).json()).toEqual(INVALID);
    expect((await reset("A".repeat(43), "senha-nova-depois-do-link")).json()).toEqual(INVALID);
    expect((await reset("", "senha-nova-depois-do-link")).statusCode).toBe(400);

    await forgot(customer.email);
    const second = await linkToken(customer.email, 2);
    await t.prisma.user.update({ where: { id: customer.userId }, data: { active: false } });
    expect((await reset(second, "senha-nova-depois-do-link")).json()).toEqual(INVALID);
  });

  it("mails one address at most a few links per window, answering the same", async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < RESET_LINKS_PER_WINDOW + 2; i++) expect((await forgot(customer.email)).json()).toEqual(FORGOT_REPLY);
    await linkToken(customer.email, RESET_LINKS_PER_WINDOW);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(customer.email)).toHaveLength(RESET_LINKS_PER_WINDOW);
    expect(received(customer.email)).toHaveLength(RESET_LINKS_PER_WINDOW);
  });

  // Last: it spends this address's allowance.
  it("limits how many links one client address may ask for", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !statuses.includes(429); i++) statuses.push((await forgot(`pedido.${i}@exemplo.ao`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    const res = await forgot("mais.um@exemplo.ao");
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false });
  });
});
