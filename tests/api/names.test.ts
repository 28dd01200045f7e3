// Names without links in mails (docs/product/accounts.md#names), from the audit's proof: shop mails to addresses
// nobody verified carried a shopper's "name" with a URL and an IBAN. A name with a link, an e-mail address, an IBAN
// or a second line is refused at sign-up, on the account page and at checkout; and mails write every name on one
// line, cut at 60 characters, leaving out a name saved before the rule that carries such things.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { ADDRESS, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { composeMail } from "../../server/notifications/mail/facts.ts";
import type { MailContext } from "../../server/notifications/mail/templates.ts";

const WITH_LINK = "O nome não pode ter endereços de sites ou de email, IBAN nem números de conta";
const ONE_LINE = "O nome tem de caber numa linha";
const ctx: MailContext = { baseUrl: "https://loja.exemplo.ao", shop: { name: "Loja", phones: [], emails: [] } };

/** What the audit and its variants typed as a name. */
const BAD_NAMES: [string, string][] = [
  ["Ana — visite http://evil.example/pagar", WITH_LINK],
  ["Ana www.evil.example", WITH_LINK],
  ["Ana evil.example", WITH_LINK],
  ["Ana evil\u200b.example", WITH_LINK],
  ["Ana \uff45\uff56\uff49\uff4c\uff0e\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45", WITH_LINK],
  ["Ana (escreva para pagamentos@evil.example)", WITH_LINK],
  ["Ana pague para AO06 0040 0000 1234 5678 1012 3", WITH_LINK],
  ["Ana conta 1234567891001", WITH_LINK],
  ["Ana\nA sua encomenda foi cancelada", ONE_LINE],
];

let t: TestApp;
let product: CatalogueProduct;
beforeAll(async () => {
  t = await buildTestApp();
  product = (await liveProducts(t))[0]!;
});
afterAll(() => t.close());

const register = (name: string) => post(t, "/api/user/register", { name, email: uniqueEmail("nome"), password: "senha-segura-1" });

describe("a name with a link, an e-mail, an IBAN or a second line", () => {
  it("is refused at sign-up (400, in Portuguese), and no account is made", async () => {
    for (const [name, message] of BAD_NAMES) expectError(await register(name), 400, message);
    expect(await t.prisma.user.count({ where: { name: { startsWith: "Ana " } } })).toBe(0);
  });

  it("is refused on the account page, the name unchanged", async () => {
    const c = await registerCustomer(t.app, { name: "Ana Silva" });
    for (const [name, message] of BAD_NAMES)
      expectError(
        (await t.app.inject({ method: "PATCH", url: "/api/user/account", headers: c.auth, payload: { name } })) as never,
        400,
        message,
      );
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: c.userId } })).name).toBe("Ana Silva");
  });

  it("is refused as the checkout's first or last name, and no order is written", async () => {
    const c = await registerCustomer(t.app);
    for (const [name, message] of BAD_NAMES) {
      expectError(
        await post(t, "/api/order/place", orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, firstName: name } }), c.auth),
        400,
        message,
      );
      expectError(
        await post(t, "/api/order/place", orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, lastName: name } }), c.auth),
        400,
      );
    }
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });
});

describe("real names", () => {
  it("are taken as typed: initials with dots, apostrophes, accents, a company's Lda.", async () => {
    for (const name of ["J. P. Silva", "J.P. Silva", "Conceição d'Almeida", "Dona Zé, Lda.", "Mª José"]) {
      const res = await register(name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    const c = await registerCustomer(t.app);
    const placed = await post(
      t,
      "/api/order/place",
      orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, firstName: "J.P.", lastName: "d'Almeida" } }),
      c.auth,
    );
    expect(placed.statusCode, placed.body).toBe(200);
  });
});

describe("mails", () => {
  async function placedMail(name: string) {
    const c = await registerCustomer(t.app);
    // Saved before the rule existed (or written by hand): the mail must still not carry it.
    await t.prisma.user.update({ where: { id: c.userId }, data: { name } });
    t.deps.sessions.changed(c.userId);
    const res = await post(t, "/api/order/place", orderBody([{ product, quantity: 1 }]), c.auth);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { orderId: string }).orderId;
    await expect.poll(() => t.prisma.outboxMail.count({ where: { dedupeKey: `order-placed:${id}` } })).toBe(1);
    const row = await t.prisma.outboxMail.findFirstOrThrow({ where: { dedupeKey: `order-placed:${id}` } });
    return composeMail(row, ctx);
  }

  it("leave out a stored name that carries a link or an IBAN", async () => {
    const mail = await placedMail("Visite http://evil.example e pague para AO06 0040 0000 1234 5678 1012 3");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("AO06 0040 0000 1234");
    }
    expect(mail.text).toMatch(/^Olá,$/m);
  });

  it("write a name on one line, at most 60 characters", async () => {
    const long = `Ana ${"Maria ".repeat(20)}Silva`;
    const mail = await placedMail(`${long}\n\nA sua encomenda foi cancelada`);
    const greeting = mail.text.split("\n").find((line) => line.startsWith("Olá "))!;
    const name = greeting.slice("Olá ".length, -1);
    expect(Array.from(name)).toHaveLength(60);
    expect(name.endsWith("…")).toBe(true);
    expect(mail.text).not.toMatch(/^A sua encomenda foi cancelada/m);
  });

  it("write the password-reset mail's greeting on one line too", async () => {
    const c = await registerCustomer(t.app, { name: "Ana Silva" });
    await t.prisma.user.update({ where: { id: c.userId }, data: { name: "Ana\r\nSilva" } });
    expect((await post(t, "/api/user/forgot-password", { email: c.email })).statusCode).toBe(200);
    const sent = { kind: "password-reset", to: c.email };
    await expect.poll(() => t.prisma.outboxMail.count({ where: sent })).toBe(1);
    const row = await t.prisma.outboxMail.findFirstOrThrow({ where: sent });
    expect(composeMail(row, ctx).text).toMatch(/^Olá Ana Silva,$/m);
  });
});
