// The audit's proofs for WhatsApp and SMS (docs/design/security.md#whatsapp-only-to-its-owner and
// #whatsapp-and-sms-only-where-they-should-go), against the local stand-ins for Meta's Graph API and Twilio:
// - mallory orders with alice's number as delivery phone: alice's WhatsApp never reaches mallory's order (it waits for
//   staff, who may post it to one of that phone's orders or dismiss it), and nothing of mallory's order goes to
//   alice's number; alice, once she confirmed her number, writes into her own order;
// - a shopper confirms a phone with a code (hashed at rest, 10 minutes, 5 tries, one a minute);
// - SMS only to Angola unless the owner allowed another country (+882, +674, +960, +53, +44 get nothing), only to a
//   confirmed phone or one of a paid order, and no more than the daily caps per phone, per account and for the shop;
// - a signed WhatsApp message without an id is dropped; one with an id is added once however often it is delivered.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { sendSupportReply } from "../../server/domain/chat/service.ts";
import { GraphStandIn, inboundBody, messagingEnv, signedWebhook, TwilioStandIn } from "../helpers/messaging-standins.ts";
import { phoneMessageRows } from "../../server/notifications/messaging/enqueue.ts";
import { outboxRepository } from "../../server/notifications/outbox/repository.ts";
import { WHATSAPP_TEMPLATES } from "../../server/notifications/messaging/templates.ts";
import { ADDRESS, expectError, liveProducts, orderBody, type CatalogueProduct } from "./commerce-fixtures.ts";
import { waitFor } from "./chat-fixtures.ts";
import { confirmPhone, isCodeSms, isCodeTemplate } from "./phone-fixtures.ts";

let t: TestApp;
let graph: GraphStandIn;
let twilio: TwilioStandIn;
let product: CatalogueProduct;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let phoneCounter = 0;
/** An Angolan phone of its own per use (9 digits), so the stand-ins' records tell the tests apart. */
const nextPhone = () => `93${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter++).padStart(4, "0")}`;
const stand = () => ({ graph, twilio });

beforeAll(async () => {
  graph = await new GraphStandIn().start();
  twilio = await new TwilioStandIn().start();
  t = await buildTestApp({ env: { ...messagingEnv(graph, twilio), MAIL_DIGEST_DELAY_SECONDS: "1" } });
  [product] = (await liveProducts(t)) as [CatalogueProduct];
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
  await twilio?.stop();
});

async function place(c: Customer, phone: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/place",
    headers: c.auth,
    payload: orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, phone }, ...extra }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
/** Order messages the stand-ins received for a phone (E.164), the codes confirming phones aside. */
const whatsappTo = (e164: string) => graph.sent.filter((m) => `+${m.to}` === e164 && !isCodeTemplate(m));
const smsTo = (e164: string) => twilio.sent.filter((m) => m.to === e164 && !isCodeSms(m));
const phoneRows = (where: { orderId?: string; to?: string }) =>
  t.prisma.outboxMail.findMany({ where: { ...where, channel: { in: ["whatsapp", "sms"] } }, orderBy: { createdAt: "asc" } });
/** Waits until every phone row matching `where` has left "pending" (sent, failed or kept back). */
async function settled(where: { orderId?: string; to?: string }, count: number) {
  await waitFor(
    async () => {
      const rows = await phoneRows(where);
      return rows.length >= count && rows.every((r) => r.status !== "pending");
    },
    60_000,
    `${count} phone messages settled`,
  );
  return phoneRows(where);
}
const webhook = (body: unknown) => {
  const signed = signedWebhook(body);
  return t.app.inject({ method: "POST", url: "/api/whatsapp/webhook", headers: signed.headers, payload: signed.payload });
};
const clientMessages = (orderId: string) =>
  t.prisma.message.findMany({ where: { orderId, sender: "client" }, orderBy: { createdAt: "asc" } });
async function pay(orderId: string) {
  const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  const res = await t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${orderId}/payments`,
    headers: admin.auth,
    payload: { amount: order.totalAmount.toNumber(), bankReference: `BAI-${orderId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Sets the WhatsApp/SMS settings as an admin does in the console (the password step-up included). */
async function messagingSettings(patch: Record<string, unknown>, password: string | null = admin.password) {
  const current = (await t.app.inject({ method: "GET", url: "/admin/api/settings/1", headers: admin.auth })).json() as Record<
    string,
    unknown
  >;
  const keep = ["phones", "emails", "addresses", "bankName", "accountHolder", "accountNumber", "iban"] as const;
  return t.app.inject({
    method: "PUT",
    url: "/admin/api/settings/1",
    headers: admin.auth,
    payload: { ...Object.fromEntries(keep.map((k) => [k, current[k]])), ...patch, ...(password ? { currentPassword: password } : {}) },
  });
}

describe("WhatsApp only to its owner", () => {
  it("mallory orders with alice's number: alice's WhatsApp waits for staff, never in mallory's order, and mallory's order messages do not reach alice's number", async () => {
    const alicePhone = nextPhone();
    const alice = `+244${alicePhone}`;
    // Mallory signed in with her own phone (the phone login sets it) and typed alice's number at checkout.
    const mallory = await registerCustomer(t.app, { name: "Mallory" });
    const malloryPhone = `+244${nextPhone()}`;
    await t.prisma.user.update({ where: { id: mallory.userId }, data: { phone: malloryPhone } });
    const orderId = await place(mallory, alicePhone, { whatsappOptIn: true });

    // Nothing of mallory's order goes to alice's number: kept back, with the reason for staff.
    const [placed] = await settled({ orderId }, 1);
    expect(placed).toMatchObject({ kind: "order-placed", to: alice, status: "blocked" });
    expect(placed!.lastError).toMatch(/não confirmado/);

    // Alice writes to the shop from her phone.
    const words = "Já paguei. O meu IBAN é AO06 0040 0000 1234 5678 9012 3, moro na Rua da Missão 5";
    expect((await webhook(inboundBody(`244${alicePhone}`, words))).statusCode).toBe(200);
    expect(await clientMessages(orderId)).toEqual([]);
    const seen = await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: mallory.auth });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain("IBAN");

    // It waits for staff, support included: from, text, when.
    const list = await t.app.inject({
      method: "GET",
      url: `/admin/api/whatsapp-inbox?filter=${encodeURIComponent(JSON.stringify({ state: "waiting", q: alicePhone }))}`,
      headers: support.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [waiting] = list.json() as { id: string; from: string; text: string; receivedAt: string; state: string }[];
    expect(waiting).toMatchObject({ from: alice, text: words, state: "waiting" });
    expect(Date.parse(waiting!.receivedAt)).not.toBeNaN();
    // Staff see the orders the phone appears on, and that mallory's account never confirmed it.
    const shown = (
      await t.app.inject({ method: "GET", url: `/admin/api/whatsapp-inbox/${waiting!.id}`, headers: support.auth })
    ).json() as { orders: { id: string; phoneVerified: boolean }[] };
    expect(shown.orders).toEqual([expect.objectContaining({ id: orderId, phoneVerified: false })]);

    // Support answers on mallory's order: the reply's WhatsApp notice does not go to alice's number (nor mallory's).
    await sendSupportReply(t.prisma, { orderId, staffUserId: support.userId, text: "Recebemos, obrigado", file: null });
    await t.settled();
    const rows = await settled({ orderId }, 2);
    expect(rows[1]).toMatchObject({ kind: "support-replies", to: alice, status: "blocked" });
    expect(whatsappTo(alice)).toEqual([]);
    expect(whatsappTo(malloryPhone)).toEqual([]);
    expect(smsTo(alice)).toEqual([]);
  });

  it("alice, signed in with her number, writes into her own order even when mallory's newer order carries it", async () => {
    const alicePhone = nextPhone();
    const alice = await registerCustomer(t.app, { name: "Alice" });
    // The phone login verified it (a code confirming it counts the same: whatsapp-sms.test.ts).
    await t.prisma.user.update({ where: { id: alice.userId }, data: { phone: `+244${alicePhone}` } });
    const aliceOrder = await place(alice, alicePhone, { whatsappOptIn: true });
    const mallory = await registerCustomer(t.app, { name: "Mallory" });
    const malloryOrder = await place(mallory, alicePhone, { whatsappOptIn: true });

    expect((await webhook(inboundBody(`244${alicePhone}`, "Quando chega a minha encomenda?"))).statusCode).toBe(200);
    expect((await clientMessages(aliceOrder)).map((m) => m.text)).toEqual(["Quando chega a minha encomenda?"]);
    expect(await clientMessages(malloryOrder)).toEqual([]);
    // Alice's order messages reach her; mallory's, to the same number, do not.
    const [aliceRow] = await settled({ orderId: aliceOrder }, 1);
    const [malloryRow] = await settled({ orderId: malloryOrder }, 1);
    expect(aliceRow!.status).toBe("sent");
    expect(malloryRow!.status).toBe("blocked");
  });

  it("staff post a waiting message to one of that phone's orders once, or dismiss it; another phone's order is refused", async () => {
    const phone = nextPhone();
    const shopper = await registerCustomer(t.app);
    const orderId = await place(shopper, phone);
    const other = await place(await registerCustomer(t.app), nextPhone());
    for (const text of ["Mudei de morada", "Promoção imperdível!!!"])
      expect((await webhook(inboundBody(`244${phone}`, text))).statusCode).toBe(200);
    const waiting = await t.prisma.whatsappUnassigned.findMany({ where: { fromPhone: `+244${phone}` }, orderBy: { receivedAt: "asc" } });
    expect(waiting.map((w) => [w.text, w.state])).toEqual([
      ["Mudei de morada", "waiting"],
      ["Promoção imperdível!!!", "waiting"],
    ]);
    const [move, spam] = waiting as [(typeof waiting)[0], (typeof waiting)[0]];
    const assign = (id: string, order: string) =>
      t.app.inject({ method: "POST", url: `/admin/api/whatsapp-inbox/${id}/assign`, headers: support.auth, payload: { orderId: order } });

    expectError(await assign(move.id, other), 400, /não é deste número/);
    const posted = await assign(move.id, orderId);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ state: "assigned", order: { id: orderId } });
    expect((await clientMessages(orderId)).map((m) => m.text)).toEqual(["Mudei de morada"]);
    // Twice, or dismissed after: it was already handled.
    expectError(await assign(move.id, orderId), 409);
    expectError(await t.app.inject({ method: "POST", url: `/admin/api/whatsapp-inbox/${move.id}/dismiss`, headers: admin.auth }), 409);
    expect(await clientMessages(orderId)).toHaveLength(1);

    const dismissed = await t.app.inject({ method: "POST", url: `/admin/api/whatsapp-inbox/${spam.id}/dismiss`, headers: admin.auth });
    expect(dismissed.json()).toMatchObject({ state: "dismissed", decidedBy: "Admin Teste" });
    expect(await clientMessages(orderId)).toHaveLength(1);
    // Meta delivering the dismissed message again adds nothing anywhere.
    expect((await webhook(inboundBody(`244${phone}`, "Promoção imperdível!!!", spam.messageId))).statusCode).toBe(200);
    expect(await t.prisma.whatsappUnassigned.count({ where: { fromPhone: `+244${phone}` } })).toBe(2);
    // Shoppers have no access to the inbox.
    expectError(await t.app.inject({ method: "GET", url: "/admin/api/whatsapp-inbox", headers: shopper.auth }), 403);
  });

  it("a signed message without an id is dropped, however often it comes; one with an id is added once", async () => {
    const phone = nextPhone();
    const alice = await registerCustomer(t.app);
    await t.prisma.user.update({ where: { id: alice.userId }, data: { phone: `+244${phone}` } });
    const orderId = await place(alice, phone);
    const withoutId = inboundBody(`244${phone}`, "Sem identificador");
    delete (withoutId.entry[0]!.changes[0]!.value.messages[0] as { id?: string }).id;
    for (let i = 0; i < 2; i++) expect((await webhook(withoutId)).statusCode).toBe(200);
    expect(await clientMessages(orderId)).toEqual([]);
    expect(await t.prisma.whatsappUnassigned.count({ where: { fromPhone: `+244${phone}` } })).toBe(0);

    const withId = inboundBody(`244${phone}`, "Com identificador");
    for (let i = 0; i < 2; i++) expect((await webhook(withId)).statusCode).toBe(200);
    expect((await clientMessages(orderId)).map((m) => m.text)).toEqual(["Com identificador"]);
  });
});

describe("confirming a phone", () => {
  it("sends a 6-digit code by WhatsApp (copy-code button) kept only as a keyed digest; a wrong code, five tries, an expired code are refused", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const ask = () => t.app.inject({ method: "POST", url: "/api/user/phone/code", headers: c.auth, payload: { phone } });
    const sent = await ask();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ phone: `+244${phone}`, channel: "whatsapp", alreadyVerified: false });
    expect((sent.json() as { message: string }).message).toMatch(
      /^Enviámos um código por WhatsApp para \+244\d{9}\. É válido durante 10 minutos\.$/,
    );
    await waitFor(() => graph.sent.some((m) => isCodeTemplate(m) && m.to === `244${phone}`), 60_000, "the code");
    const message = graph.sent.find((m) => isCodeTemplate(m) && m.to === `244${phone}`)!;
    const code = message.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    expect(message).toMatchObject({ name: WHATSAPP_TEMPLATES.phoneCode.name, language: "pt_PT", button: code });
    // At rest: neither the code row nor the outbox row holds the code.
    const [stored] = await t.prisma.phoneCode.findMany({ where: { userId: c.userId } });
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    // The stand-in answers before the outbox row is marked sent: wait for the row, not the message.
    const [row] = await settled({ to: `+244${phone}` }, 1);
    expect(row).toMatchObject({ kind: "phone-code", status: "sent", secret: null });
    expect(JSON.stringify(row)).not.toContain(code);
    const preview = await t.app.inject({ method: "GET", url: `/admin/api/outbox/${row!.id}`, headers: admin.auth });
    expect(preview.body).not.toContain(code);
    // One code a minute per phone.
    expectError(await ask(), 429, /Aguarde um minuto/);

    const confirm = (typed: string) =>
      t.app.inject({ method: "POST", url: "/api/user/phone/confirm", headers: c.auth, payload: { phone, code: typed } });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expectError(await confirm(wrong), 400, "Código inválido ou expirado.");
    // Five tries spent: even the right code no longer confirms it.
    expectError(await confirm(code), 400, "Demasiadas tentativas. Peça um novo código.");
    const account = (await t.app.inject({ method: "GET", url: "/api/user/account", headers: c.auth })).json() as {
      account: { verifiedPhones: string[]; phoneCodeChannels: string[] };
    };
    expect(account.account).toMatchObject({ verifiedPhones: [], phoneCodeChannels: ["whatsapp", "sms"] });

    // A later code, expired before it is typed.
    await t.prisma.attemptCounter.delete({ where: { key: `phone-code:minute:+244${phone}` } });
    expect((await ask()).statusCode).toBe(200);
    await waitFor(() => graph.sent.filter((m) => isCodeTemplate(m) && m.to === `244${phone}`).length === 2, 60_000, "second code");
    const second = graph.sent.filter((m) => isCodeTemplate(m) && m.to === `244${phone}`)[1]!.params[0]!;
    await t.prisma.phoneCode.updateMany({ where: { userId: c.userId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await confirm(second), 400, "Código inválido ou expirado.");
  });

  it("by SMS when asked; the sign-in phone needs no code; a +882 number gets none", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const e164 = await confirmPhone(t, stand(), c, phone, "sms");
    const [sms] = twilio.sent.filter((m) => m.to === e164 && isCodeSms(m));
    expect(sms!.body).toMatch(/: o seu codigo de confirmacao e \d{6}\. Valido 10 minutos\. Nao o partilhe com ninguem\.$/);
    expect(graph.sent.filter((m) => `+${m.to}` === e164)).toEqual([]);

    const signedIn = await registerCustomer(t.app);
    const own = `+244${nextPhone()}`;
    await t.prisma.user.update({ where: { id: signedIn.userId }, data: { phone: own } });
    const res = await t.app.inject({ method: "POST", url: "/api/user/phone/code", headers: signedIn.auth, payload: { phone: own } });
    expect(res.json()).toMatchObject({ alreadyVerified: true, channel: null });
    expect(await t.prisma.phoneCode.count({ where: { userId: signedIn.userId } })).toBe(0);

    expectError(
      await t.app.inject({ method: "POST", url: "/api/user/phone/code", headers: c.auth, payload: { phone: "+882 16 123456" } }),
      400,
      /Não enviamos mensagens para números de \+882/,
    );
    expectError(
      await t.app.inject({ method: "POST", url: "/api/user/phone/code", headers: c.auth, payload: { phone: "12" } }),
      400,
      /Número de telefone inválido/,
    );
  });
});

describe("SMS and WhatsApp only where they should go", () => {
  it("the audit's foreign numbers (+882, +674, +960, +53, +44) get no SMS; an Angolan one of a paid order does", async () => {
    const foreign = ["+882 16 123456", "+674 555 1234", "+960 771 2345", "+53 5 2123456", "+44 7911 123456"];
    const orders: string[] = [];
    for (const phone of foreign) orders.push(await place(await registerCustomer(t.app), phone, { smsOptIn: true }));
    for (const [i, orderId] of orders.entries()) {
      const [row] = await settled({ orderId }, 1);
      expect(row!.status, foreign[i]).toBe("blocked");
      expect(row!.lastError).toMatch(/fora de Angola/);
    }
    const foreignSends = [...twilio.sent, ...graph.sent.map((m) => ({ to: `+${m.to}` }))].filter((m) => !m.to.startsWith("+244"));
    expect(foreignSends).toEqual([]);

    // An Angolan number typed at checkout and never confirmed: nothing until the order is paid.
    const phone = nextPhone();
    const orderId = await place(await registerCustomer(t.app), phone, { smsOptIn: true });
    const [placed] = await settled({ orderId }, 1);
    expect(placed).toMatchObject({ status: "blocked", lastError: expect.stringMatching(/não confirmado/) });
    await pay(orderId);
    const [, confirmed] = await settled({ orderId }, 2);
    expect(confirmed).toMatchObject({ kind: "payment-confirmed", status: "sent" });
    expect(smsTo(`+244${phone}`)).toHaveLength(1);
  });

  it("the owner's allow-list opens a country, changed only with the admin's password", async () => {
    expectError(await messagingSettings({ messagingCountryCodes: ["+351"] }, null), 403, /envios de WhatsApp e SMS/);
    expectError(await messagingSettings({ messagingCountryCodes: ["+999"] }), 400, /não é o indicativo de um país/);
    const saved = await messagingSettings({ messagingCountryCodes: ["+351", "00244"] });
    expect(saved.statusCode, saved.body).toBe(200);
    // Angola is always in: it is not kept in the list.
    expect(saved.json()).toMatchObject({ messagingCountryCodes: ["351"] });
    try {
      const c = await registerCustomer(t.app);
      const e164 = await confirmPhone(t, stand(), c, "+351 912 345 678", "sms");
      expect(e164).toBe("+351912345678");
      expectError(
        await t.app.inject({ method: "POST", url: "/api/user/phone/code", headers: c.auth, payload: { phone: "+44 7911 123457" } }),
        400,
        /\+44/,
      );
    } finally {
      expect((await messagingSettings({ messagingCountryCodes: [] })).statusCode).toBe(200);
    }
  });

  it("a phone over its daily cap gets no more, an account over its cap neither, and the shop stops at its own", async () => {
    const saved = await messagingSettings({ messagingPerPhoneDaily: 3, messagingPerAccountDaily: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const c = await registerCustomer(t.app);
      const first = nextPhone();
      // 1: the code; 2: order placed; 3: payment confirmed; 4: dispatched, over the phone's 3.
      await confirmPhone(t, stand(), c, first);
      const orderId = await place(c, first, { whatsappOptIn: true });
      await settled({ orderId }, 1);
      await pay(orderId);
      await settled({ orderId }, 2);
      for (const status of ["Em Preparação", "Enviado"]) {
        const moved = await t.app.inject({ method: "PUT", url: `/admin/api/orders/${orderId}`, headers: admin.auth, payload: { status } });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const rows = await settled({ orderId }, 3);
      expect(rows.map((r) => [r.kind, r.status])).toEqual([
        ["order-placed", "sent"],
        ["payment-confirmed", "sent"],
        ["order-shipped", "blocked"],
      ]);
      expect(rows[2]!.lastError).toBe("Não enviada: limite de 3 mensagens em 24 horas para este número");
      expect(whatsappTo(`+244${first}`)).toHaveLength(2);

      // A second phone of the same account: its code is the account's 4th message, its order's the 5th.
      const second = nextPhone();
      await confirmPhone(t, stand(), c, second);
      const next = await place(c, second, { whatsappOptIn: true });
      const [over] = await settled({ orderId: next }, 1);
      expect(over).toMatchObject({ status: "blocked", lastError: "Não enviada: limite de 4 mensagens em 24 horas para esta conta" });

      // The shop's cap: what it counted so far in 24 hours, plus one.
      await waitFor(async () => (await t.prisma.outboxMail.count({ where: { status: "pending", channel: { not: "email" } } })) === 0);
      const counted = (await t.prisma.attemptCounter.findUniqueOrThrow({ where: { key: "messages:shop" } })).count;
      expect((await messagingSettings({ messagingShopDaily: counted + 1, messagingPerAccountDaily: 20 })).statusCode).toBe(200);
      const [one, two] = [await registerCustomer(t.app), await registerCustomer(t.app)];
      // Each step's messages counted before the next one's (the shop's cap is reached in this order).
      const last = await place(one, nextPhone(), { smsOptIn: true });
      await t.settled();
      await pay(last);
      await t.settled();
      const beyond = await place(two, nextPhone(), { smsOptIn: true });
      await t.settled();
      await pay(beyond);
      await t.settled();
      const [, lastConfirmed] = await settled({ orderId: last }, 2);
      const [, beyondConfirmed] = await settled({ orderId: beyond }, 2);
      expect([lastConfirmed!.status, beyondConfirmed!.status]).toEqual(["sent", "blocked"]);
      expect(beyondConfirmed!.lastError).toBe(`Não enviada: limite da loja de ${counted + 1} mensagens em 24 horas`);
    } finally {
      const restored = await messagingSettings({ messagingPerPhoneDaily: 10, messagingPerAccountDaily: 20, messagingShopDaily: 500 });
      expect(restored.statusCode).toBe(200);
    }
  });

  it("the console's list shows a message kept back with its Portuguese reason", async () => {
    const orderId = await place(await registerCustomer(t.app), "+53 5 2123457", { smsOptIn: true });
    const [row] = await settled({ orderId }, 1);
    const list = await t.app.inject({
      method: "GET",
      url: `/admin/api/outbox?filter=${encodeURIComponent(JSON.stringify({ status: "blocked", q: "+5352123457" }))}`,
      headers: admin.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: row!.id,
        channel: "sms",
        status: "blocked",
        lastError: "Não enviada: número de fora de Angola (+53), país não permitido nas Definições",
      }),
    ]);
  });
});

// The caps are counted in the database: two instances sending at once share them.
if (inject("dbKind") === "postgres")
  describe("two instances on one PostgreSQL database", () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await buildOtherInstance(t);
      await b.app.ready();
    });
    afterAll(() => b?.close());

    it("send no more to one phone than its cap, whichever instance's sender claims each message", async () => {
      expect((await messagingSettings({ messagingPerPhoneDaily: 4 })).statusCode).toBe(200);
      try {
        const c = await registerCustomer(t.app);
        const phone = nextPhone();
        const e164 = await confirmPhone(t, stand(), c, phone);
        const orderId = await place(c, phone);
        // Eight support-reply notices for the confirmed phone, written at once for both senders to claim.
        const user = { id: c.userId, active: true, whatsappOptIn: true, smsOptIn: false };
        const rows = Array.from({ length: 8 }, (_, i) =>
          phoneMessageRows(t.deps.notifier.phoneChannels, user, phone, "support-replies", { orderId, firstName: "Ana" }, `burst-${i}`),
        ).flat();
        await outboxRepository(t.prisma).insertMany(rows);
        t.deps.notifier.committed();
        b.deps.notifier.committed();
        const done = await settled({ orderId }, 8);
        // The code was the first of the phone's four.
        expect(done.filter((r) => r.status === "sent")).toHaveLength(3);
        expect(done.filter((r) => r.status === "blocked")).toHaveLength(5);
        expect(whatsappTo(e164)).toHaveLength(3);
      } finally {
        expect((await messagingSettings({ messagingPerPhoneDaily: 10 })).statusCode).toBe(200);
      }
    });
  });
