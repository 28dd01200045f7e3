// WhatsApp and SMS through the outbox, against local stand-ins for Meta's Graph API and Twilio: one message per
// event to a shopper who chose the channel (none to one who did not), with the right template and parameters; SMS
// in one segment; the dispatch with its tracking or pickup point; a WhatsApp failure replaced by one SMS; the signed
// webhook (verification, statuses that never move back, a shopper's text in the order's chat live and once however
// often Meta delivers it, "PARAR"); and a shop without configuration that writes none. Each shopper first confirms
// their phone with a code, as order messages go only to a confirmed phone (phone-owner.test.ts proves that part).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { sendSupportReply } from "../../server/domain/chat/service.ts";
import { runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import {
  GraphStandIn,
  inboundBody,
  messagingEnv,
  signedWebhook,
  statusesBody,
  TWILIO_FROM,
  TwilioStandIn,
  WA_VERIFY_TOKEN,
} from "../helpers/messaging-standins.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { luandaDateTime } from "../../shared/messaging.ts";
import { ADDRESS, liveProducts, orderBody, type CatalogueProduct } from "./commerce-fixtures.ts";
import { DEMO_DELIVERY } from "../../server/demo/seed.ts";
import { isNewMessage, listen, TestSocket, waitFor } from "./chat-fixtures.ts";
import { confirmPhone, isCodeSms, isCodeTemplate } from "./phone-fixtures.ts";

const BASE = "https://loja.exemplo.ao";
let t: TestApp;
let graph: GraphStandIn;
let twilio: TwilioStandIn;
let product: CatalogueProduct;
let admin: Awaited<ReturnType<typeof createStaff>>;
let wsUrl: string;
let phoneCounter = 0;
/** A phone of its own per test, so the stand-ins' records tell the tests apart. */
const nextPhone = () => `92${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter++).padStart(4, "0")}`;

beforeAll(async () => {
  graph = await new GraphStandIn().start();
  twilio = await new TwilioStandIn().start();
  t = await buildTestApp({ env: { ...messagingEnv(graph, twilio), PUBLIC_URL: BASE, MAIL_DIGEST_DELAY_SECONDS: "1" } });
  wsUrl = await listen(t.app);
  [product] = (await liveProducts(t)) as [CatalogueProduct];
  admin = await createStaff(t, "admin");
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
  await twilio?.stop();
});

async function place(c: Customer, phone: string, extra: Record<string, unknown> = {}) {
  await confirmPhone(t, { graph, twilio }, c, phone);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/place",
    headers: c.auth,
    payload: orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, phone }, ...extra }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
const phoneRows = (orderId: string) =>
  t.prisma.outboxMail.findMany({ where: { orderId, channel: { in: ["whatsapp", "sms"] } }, orderBy: { createdAt: "asc" } });
/** Order messages the stand-ins received (the codes confirming phones aside). */
const sentTo = (digits: string) => graph.sent.filter((m) => m.to === digits && !isCodeTemplate(m));
const smsTo = (e164: string) => twilio.sent.filter((m) => m.to === e164 && !isCodeSms(m));
const webhook = (body: unknown, headers: Record<string, string>, payload = JSON.stringify(body)) =>
  t.app.inject({ method: "POST", url: "/api/whatsapp/webhook", headers, payload });
const move = (orderId: string, status: string) =>
  t.app.inject({ method: "PUT", url: `/admin/api/orders/${orderId}`, headers: admin.auth, payload: { status } });
/** Staff record the whole amount from the bank statement: the order is paid. */
async function pay(orderId: string) {
  const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  return t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${orderId}/payments`,
    headers: admin.auth,
    payload: { amount: order.totalAmount.toNumber(), bankReference: `BAI-${orderId}` },
  });
}

describe("WhatsApp order updates", () => {
  it("a shopper who ticked WhatsApp at checkout gets one order-placed template with amount, reference, deadline and link", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    const digits = `244${phone}`;
    await waitFor(() => sentTo(digits).length === 1, 60_000, "the WhatsApp message");
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const [message] = sentTo(digits);
    expect(message).toMatchObject({ name: "loja_pedido_recebido", language: "pt_PT" });
    expect(message!.params).toEqual([
      "Ana",
      shortOrderId(orderId),
      formatKz(order.totalAmount),
      luandaDateTime(order.paymentDeadline!),
      `transferência com o descritivo ${order.paymentReference}`,
      `${BASE}/confirmacaotransferencia?orderId=${orderId}`,
    ]);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: c.userId } });
    expect(user.whatsappOptIn).toBe(true);
    expect(user.whatsappOptInAt).not.toBeNull();
    await waitFor(async () => (await phoneRows(orderId))[0]?.status === "sent", 10_000, "row sent");
    const rows = await phoneRows(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "whatsapp", to: `+${digits}`, providerId: message!.id });
    expect(smsTo(`+${digits}`)).toHaveLength(0);
  });

  it("tells payment confirmed and dispatched once each; a shopper who did not opt in gets nothing", async () => {
    const chose = await registerCustomer(t.app);
    const quiet = await registerCustomer(t.app);
    const phone = nextPhone();
    const quietPhone = nextPhone();
    const orderId = await place(chose, phone, { whatsappOptIn: true });
    const quietOrder = await place(quiet, quietPhone);
    for (const id of [orderId, quietOrder]) {
      expect((await pay(id)).statusCode).toBe(200);
      expect((await move(id, "Em Preparação")).statusCode).toBe(200);
      expect((await move(id, "Enviado")).statusCode).toBe(200);
    }
    const digits = `244${phone}`;
    await waitFor(() => sentTo(digits).length === 3, 60_000, "three WhatsApp messages");
    expect(sentTo(digits).map((m) => m.name)).toEqual(["loja_pedido_recebido", "loja_pagamento_confirmado", "loja_pedido_enviado"]);
    expect(sentTo(digits)[2]!.params).toEqual(["Ana", shortOrderId(orderId), `${BASE}/orders`]);
    // Written in the events' transactions: none exists for the shopper who did not choose a channel.
    expect(await phoneRows(quietOrder)).toHaveLength(0);
    expect(sentTo(`244${quietPhone}`)).toHaveLength(0);
  });

  it("an account-page opt-in, then a WhatsApp refusal (not on WhatsApp): one SMS instead, never both twice", async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: "PATCH", url: "/api/user/account", headers: c.auth, payload: { whatsappOptIn: true } });
    const phone = nextPhone();
    graph.notOnWhatsApp.add(`244${phone}`);
    const orderId = await place(c, phone);
    await waitFor(() => smsTo(`+244${phone}`).length === 1, 60_000, "the fallback SMS");
    // The stand-in has it: the row is marked sent right after.
    await waitFor(async () => (await phoneRows(orderId)).every((r) => r.status !== "pending"), 10_000, "settled");
    const rows = await phoneRows(orderId);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ["whatsapp", "failed"],
      ["sms", "sent"],
    ]);
    expect(sentTo(`244${phone}`)).toHaveLength(0);
    expect(smsTo(`+244${phone}`)[0]).toMatchObject({ from: TWILIO_FROM });
  });
});

describe("SMS order updates", () => {
  it("a shopper who chose SMS only gets one text in one GSM-7 segment with amount, IBAN short form, description and deadline", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { smsOptIn: true });
    await waitFor(() => smsTo(`+244${phone}`).length === 1, 60_000, "the SMS");
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const [sms] = smsTo(`+244${phone}`);
    expect(sms!.body.length).toBeLessThanOrEqual(160);
    // GSM-7's basic set: no accents a segment of 70 would need.
    expect(sms!.body).toMatch(/^[A-Za-z0-9 .,:#/+\-?!()'"@_&%=;*]+$/);
    expect(sms!.body).toContain(`Pedido #${shortOrderId(orderId)}`);
    expect(sms!.body).toContain(formatKz(order.totalAmount).replace(/[\u00a0\u202f]/g, " "));
    expect(sms!.body).toContain(`Descritivo ${order.paymentReference}`);
    expect(sms!.body).toContain("IBAN ...");
    expect(sentTo(`244${phone}`)).toHaveLength(0);
    const [row] = await phoneRows(orderId);
    // The console's outbox lists it beside the e-mails and shows what it said.
    const shown = await t.app.inject({ method: "GET", url: `/admin/api/outbox/${row!.id}`, headers: admin.auth });
    expect(shown.json()).toMatchObject({ channel: "sms", to: `+244${phone}`, text: sms!.body });
  });
});

describe("the dispatch message carries what staff said at dispatch", () => {
  let pickupId: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/api/pickup-points",
      headers: admin.auth,
      payload: DEMO_DELIVERY.pickupPoints[0]!,
    });
    pickupId = (res.json() as { id: string }).id;
  });
  const ship = (orderId: string, shipment?: object) =>
    t.app.inject({
      method: "PUT",
      url: `/admin/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { status: "Enviado", ...(shipment ? { shipment } : {}) },
    });
  async function prepared(extra: Record<string, unknown>, pickup = false) {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    await confirmPhone(t, { graph, twilio }, c, phone);
    const body = orderBody([{ product, quantity: 1 }], {
      address: { ...ADDRESS, phone },
      ...extra,
      ...(pickup ? { deliveryOptionId: pickupId } : {}),
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/place",
      headers: c.auth,
      payload: pickup ? { ...body, totalAmount: body.totalAmount - 5000 } : body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json() as { orderId: string };
    expect((await pay(orderId)).statusCode).toBe(200);
    expect((await move(orderId, "Em Preparação")).statusCode).toBe(200);
    return { orderId, phone };
  }

  it("WhatsApp: carrier and tracking code in the tracked template", async () => {
    const { orderId, phone } = await prepared({ whatsappOptIn: true });
    const res = await ship(orderId, { carrier: "Moto Express Luanda", trackingCode: "ME-123", expectedAt: "2026-12-01T10:00:00.000Z" });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(() => sentTo(`244${phone}`).length === 3, 60_000, "three WhatsApp messages");
    expect(sentTo(`244${phone}`)[2]).toMatchObject({
      name: "loja_pedido_enviado_seguimento",
      params: [
        "Ana",
        shortOrderId(orderId),
        "transportadora Moto Express Luanda, código de seguimento ME-123, entrega prevista 01/12/2026",
        `${BASE}/orders`,
      ],
    });
  });

  it("WhatsApp and SMS: a pickup order is ready to collect at the point's address, until a day", async () => {
    const [point] = DEMO_DELIVERY.pickupPoints;
    const wa = await prepared({ whatsappOptIn: true }, true);
    const sms = await prepared({ smsOptIn: true }, true);
    for (const { orderId } of [wa, sms]) expect((await ship(orderId)).statusCode).toBe(200);
    await waitFor(() => sentTo(`244${wa.phone}`).length === 3, 60_000, "three WhatsApp messages");
    await waitFor(() => smsTo(`+244${sms.phone}`).length === 3, 60_000, "three SMS");
    const template = sentTo(`244${wa.phone}`)[2]!;
    expect(template.name).toBe("loja_pedido_pronto_levantar");
    expect(template.params.slice(0, 3)).toEqual(["Ana", shortOrderId(wa.orderId), point!.name]);
    expect(template.params[3]).toContain(point!.address);
    expect(template.params[4]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(template.params[5]).toBe(`${BASE}/orders`);
    const text = smsTo(`+244${sms.phone}`)[2]!.body;
    expect(text).toContain(`#${shortOrderId(sms.orderId)} esta pronto para levantar em ${point!.name}, ${point!.address}, ate `);
    const [, , row] = await phoneRows(sms.orderId);
    expect(row!.subject).toBe(`Pedido #${shortOrderId(sms.orderId)} pronto para levantar`);
  });
});

describe("the WhatsApp webhook", () => {
  it("answers Meta's verification only with our verify token", async () => {
    const ok = await t.app.inject({
      method: "GET",
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ success: false });
  });

  it("records statuses only from a signed body, and never moves one back", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    await waitFor(async () => Boolean((await phoneRows(orderId))[0]?.providerId), 60_000, "sent");
    const wamid = (await phoneRows(orderId))[0]!.providerId!;
    const status = async () => (await phoneRows(orderId))[0]!.deliveryStatus;

    const forged = signedWebhook(statusesBody([{ id: wamid, status: "read" }]), "not-the-app-secret");
    expect((await webhook(null, forged.headers, forged.payload)).statusCode).toBe(401);
    const unsigned = signedWebhook(statusesBody([{ id: wamid, status: "read" }]));
    expect((await webhook(null, { "content-type": "application/json" }, unsigned.payload)).statusCode).toBe(401);
    // A valid signature of another body does not carry this one.
    const other = signedWebhook(statusesBody([{ id: wamid, status: "sent" }]));
    expect((await webhook(null, other.headers, unsigned.payload)).statusCode).toBe(401);
    expect(await status()).toBeNull();

    // Out of order, as they can arrive: each leaves the furthest state seen.
    for (const [told, kept] of [
      ["delivered", "delivered"],
      ["sent", "delivered"],
      ["read", "read"],
      ["delivered", "read"],
      ["failed", "read"],
    ]) {
      const signed = signedWebhook(statusesBody([{ id: wamid, status: told! }]));
      expect((await webhook(null, signed.headers, signed.payload)).statusCode).toBe(200);
      expect(await status()).toBe(kept);
    }
    // "failed" after "read" changed nothing, and wrote no SMS.
    expect(await phoneRows(orderId)).toHaveLength(1);
    // The console's order page shows it.
    const page = await t.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: admin.auth });
    expect(page.json().phoneMessages).toEqual([
      expect.objectContaining({ channel: "whatsapp", status: "sent", deliveryStatus: "read", to: `+244${phone}` }),
    ]);
  });

  it("a failed status replaces the WhatsApp message with one SMS, however often it is told", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    await waitFor(async () => Boolean((await phoneRows(orderId))[0]?.providerId), 60_000, "sent");
    const wamid = (await phoneRows(orderId))[0]!.providerId!;
    const failed = signedWebhook(statusesBody([{ id: wamid, status: "failed" }]));
    for (let i = 0; i < 3; i++) expect((await webhook(null, failed.headers, failed.payload)).statusCode).toBe(200);
    await waitFor(() => smsTo(`+244${phone}`).length === 1, 60_000, "the fallback SMS");
    await waitFor(async () => (await phoneRows(orderId)).every((r) => r.status === "sent"), 10_000, "settled");
    expect((await phoneRows(orderId)).map((r) => r.channel)).toEqual(["whatsapp", "sms"]);
    expect(smsTo(`+244${phone}`)).toHaveLength(1);
  });

  it("a shopper's text lands in their open order's chat live, once however often Meta delivers it; PARAR turns WhatsApp off", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    const staff = await TestSocket.ready(wsUrl, admin.token);
    const signed = signedWebhook(inboundBody(`244${phone}`, "Já fiz a transferência, obrigado"));
    expect((await webhook(null, signed.headers, signed.payload)).statusCode).toBe(200);
    const frame = await staff.next(isNewMessage(orderId));
    expect(frame.message).toMatchObject({ sender: "client", text: "Já fiz a transferência, obrigado" });
    staff.close();
    // Meta retries a delivery it did not see answered (same wamid), sometimes twice at once: the text stays once.
    const retried = await Promise.all([webhook(null, signed.headers, signed.payload), webhook(null, signed.headers, signed.payload)]);
    expect(retried.map((r) => r.statusCode)).toEqual([200, 200]);
    const messages = await t.prisma.message.findMany({ where: { orderId, sender: "client" } });
    expect(messages.map((m) => m.text)).toEqual(["Já fiz a transferência, obrigado"]);
    // Another message with the same words is another message.
    const again = signedWebhook(inboundBody(`244${phone}`, "Já fiz a transferência, obrigado"));
    expect((await webhook(null, again.headers, again.payload)).statusCode).toBe(200);
    expect(await t.prisma.message.count({ where: { orderId, sender: "client" } })).toBe(2);

    const stop = signedWebhook(inboundBody(`244${phone}`, " parar "));
    expect((await webhook(null, stop.headers, stop.payload)).statusCode).toBe(200);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: c.userId } });
    expect(user.whatsappOptIn).toBe(false);
    // PARAR is not a chat message, and the next event sends nothing on WhatsApp.
    expect(await t.prisma.message.count({ where: { orderId, sender: "client" } })).toBe(2);
    expect((await pay(orderId)).statusCode).toBe(200);
    expect(await phoneRows(orderId)).toHaveLength(1);
  });
});

describe("support replies by phone", () => {
  it("a shopper away from the shop gets one WhatsApp message per digest, linking the order's chat", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    await waitFor(() => sentTo(`244${phone}`).length === 1, 60_000, "order placed");
    for (const text of ["Olá Ana", "Já confirmámos o stock"])
      await sendSupportReply(t.prisma, { orderId, staffUserId: admin.userId, text, file: null });
    await t.settled();
    await waitFor(() => sentTo(`244${phone}`).length === 2, 60_000, "the digest's message");
    const digest = sentTo(`244${phone}`)[1]!;
    expect(digest).toMatchObject({ name: "loja_resposta_suporte" });
    expect(digest.params).toEqual(["Ana", shortOrderId(orderId), `${BASE}/message/${orderId}`]);
    expect((await phoneRows(orderId)).filter((r) => r.kind === "support-replies")).toHaveLength(1);
  });
});

describe("the payment reminder by phone", () => {
  it("at half the time to pay: one reminder template with what is left, the deadline and how to pay", async () => {
    const c = await registerCustomer(t.app);
    const phone = nextPhone();
    const orderId = await place(c, phone, { whatsappOptIn: true });
    await waitFor(() => sentTo(`244${phone}`).length === 1, 60_000, "order placed");
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const created = order.createdAt.getTime();
    const halfway = new Date(created + (order.paymentDeadline!.getTime() - created) / 2 + 1000);
    await t.settled(); // the round skips an order its reactions still lock
    await runPaymentDeadlines(t.prisma, halfway);
    await t.settled();
    await waitFor(() => sentTo(`244${phone}`).length === 2, 60_000, "the reminder");
    expect(sentTo(`244${phone}`)[1]).toMatchObject({
      name: "loja_lembrete_pagamento",
      params: [
        "Ana",
        shortOrderId(orderId),
        formatKz(order.totalAmount),
        luandaDateTime(order.paymentDeadline!),
        `transferência com o descritivo ${order.paymentReference}`,
        `${BASE}/confirmacaotransferencia?orderId=${orderId}`,
      ],
    });
  });
});

describe("without WhatsApp or SMS configured", () => {
  it("the shop works as before: no phone message is written, the webhook is not there", async () => {
    const plain = await buildTestApp({ env: { PUBLIC_URL: BASE } });
    try {
      const c = await registerCustomer(plain.app);
      const [item] = (await liveProducts(plain)) as [CatalogueProduct];
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/order/place",
        headers: c.auth,
        payload: orderBody([{ product: item, quantity: 1 }], {
          address: { ...ADDRESS, phone: nextPhone() },
          whatsappOptIn: true,
          smsOptIn: true,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { orderId } = res.json() as { orderId: string };
      // The placed-order notices are written by a round right after placement: wait for its e-mail.
      await waitFor(
        async () => (await plain.prisma.outboxMail.count({ where: { dedupeKey: `order-placed:${orderId}` } })) > 0,
        20_000,
        "round",
      );
      expect(await plain.prisma.outboxMail.count({ where: { channel: { in: ["whatsapp", "sms"] } } })).toBe(0);
      const signed = signedWebhook(statusesBody([{ id: "wamid.X", status: "read" }]));
      expect(
        (await plain.app.inject({ method: "POST", url: "/api/whatsapp/webhook", headers: signed.headers, payload: signed.payload }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await plain.app.inject({
            method: "GET",
            url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1`,
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

// Each project registers only the suite for its database, so nothing shows as skipped.
if (inject("dbKind") === "postgres")
  describe("two instances on one PostgreSQL database", () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await buildOtherInstance(t);
      await b.app.ready();
    });
    afterAll(() => b?.close());

    it("send each WhatsApp message once, whichever instance's sender claims it", async () => {
      // A shopper per order (one may have 3 unpaid orders at once), signed up on either instance.
      const customers = await Promise.all(Array.from({ length: 8 }, (_, i) => registerCustomer(i % 2 ? b.app : t.app)));
      const phones = Array.from({ length: 8 }, () => nextPhone());
      for (const [i, phone] of phones.entries()) await confirmPhone(t, { graph, twilio }, customers[i]!, phone);
      const placed = await Promise.all(
        phones.map(async (phone, i) => {
          const res = await (i % 2 ? b.app : t.app).inject({
            method: "POST",
            url: "/api/order/place",
            headers: customers[i]!.auth,
            payload: orderBody([{ product, quantity: 1 }], { address: { ...ADDRESS, phone }, whatsappOptIn: true }),
          });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as { orderId: string }).orderId;
        }),
      );
      await waitFor(() => phones.every((p) => sentTo(`244${p}`).length >= 1), 60_000, "every message");
      await waitFor(
        async () => (await t.prisma.outboxMail.count({ where: { orderId: { in: placed }, status: "pending" } })) === 0,
        20_000,
        "phone outbox drained",
      );
      for (const p of phones) expect(sentTo(`244${p}`)).toHaveLength(1);
      const rows = await t.prisma.outboxMail.findMany({ where: { orderId: { in: placed } }, select: { attempts: true, status: true } });
      expect(rows.every((r) => r.attempts === 1 && r.status === "sent")).toBe(true);
    });
  });
