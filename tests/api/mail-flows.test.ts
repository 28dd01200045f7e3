// The shop's notifications end to end: each event writes its e-mail in its own transaction, the
// worker sends it through a real SMTP server (smtp-server + mailparser, in this process) once, with the right
// recipient, amounts as the apps write them (formatKz) and links on PUBLIC_URL; an SMTP outage delays mail and
// loses none; support replies reach a shopper with no open socket in one e-mail per window; web push reaches
// the shopper's browser (a local push service that decrypts like a browser). Several instances sending the same
// outbox: mail-flows-instances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp-sink.ts";
import { browserSubscription, startPushService, type PushService } from "../helpers/push-service.ts";
import { formatKz } from "../../shared/money.ts";
import { Prisma } from "../../server/db/client.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { DEADLINE_EXPIRED_REASON } from "../../shared/payments.ts";
import { runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import { formatLuandaDateTime } from "../../server/notifications/mail/templates.ts";
import { savePushSubscription } from "../../server/notifications/push/subscriptions.ts";
import { liveProducts, orderBody } from "./commerce-fixtures.ts";
import { listen, multipart, sendMessage, sendProof, TestSocket, waitFor } from "./chat-fixtures.ts";
import { setTimeout as sleep } from "node:timers/promises";

const BASE = "https://loja.exemplo.ao";
const ALERTS = "alertas@loja.exemplo.ao";
/** Support replies gather this long (MAIL_DIGEST_DELAY_SECONDS): wide enough for two replies on a loaded machine. */
const WINDOW_SECONDS = 3;

describe("e-mail and push on the shop's events", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let push: PushService;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let wsUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    push = await startPushService();
    t = await buildTestApp({
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: "Loja <pedidos@loja.exemplo.ao>",
        PUBLIC_URL: BASE,
        MAIL_DIGEST_DELAY_SECONDS: String(WINDOW_SECONDS),
        MAIL_RETRY_SECONDS: "1",
        PAYMENT_DEADLINE_WORKER: "false",
      },
      deps: { pushEndpoints: push.endpoints },
    });
    await t.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [ALERTS] } });
    t.deps.shopSettings.forget(); // placement keeps the settings in memory
    admin = await createStaff(t, "admin");
    wsUrl = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
    await sink?.close();
    await push?.close();
  });

  const mailsTo = (to: string, subject?: RegExp) => sink.messages.filter((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
  /** Waits for the mail, then for the outbox to be empty of pending mail, and checks it came exactly once. */
  async function onlyMail(to: string, subject: RegExp, ms = 20_000): Promise<ReceivedMail> {
    await waitFor(() => mailsTo(to, subject).length > 0, ms, `mail to ${to} ${subject}`);
    await waitFor(async () => (await t.prisma.outboxMail.count({ where: { status: "pending" } })) === 0, ms, "outbox drained");
    const mails = mailsTo(to, subject);
    expect(mails, `${subject} once`).toHaveLength(1);
    expect(mails[0]!.from).toBe("pedidos@loja.exemplo.ao");
    return mails[0]!;
  }

  async function placeOrder(c: Customer) {
    const [product] = await liveProducts(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/place",
      headers: c.auth,
      payload: orderBody([{ product: product!, quantity: 2 }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { orderId: string }).orderId;
    return {
      orderId,
      label: `#${shortOrderId(orderId)}`,
      product: product!,
      order: await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } }),
    };
  }
  const move = (orderId: string, status: string, reason?: string) =>
    t.app.inject({
      method: "PUT",
      url: `/admin/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { status, ...(reason ? { reason } : {}) },
    });
  async function reply(orderId: string, text: string) {
    const body = await multipart({ text });
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/api/conversations/${orderId}/messages`,
      headers: { ...body.headers, ...admin.auth },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("confirms an order to the shopper with lines, total, amount to pay, reference, deadline and bank details; alerts staff", async () => {
    const ana = await registerCustomer(t.app, { name: "Ana Kiala" });
    const { orderId, label, product, order } = await placeOrder(ana);
    const settings = await t.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } });
    const mail = await onlyMail(ana.email, new RegExp(`^Pedido ${label} recebido$`));
    expect(mail.text).toContain("Olá Ana Kiala,");
    expect(mail.text).toContain(`2 × ${product.name}`);
    expect(mail.text).toContain(`Total: ${formatKz(order.totalAmount)}`);
    expect(mail.text).toContain(`Valor a pagar: ${formatKz(order.totalAmount)}`);
    expect(mail.text).toContain(order.paymentReference!);
    expect(mail.text).toContain(formatLuandaDateTime(order.paymentDeadline!));
    expect(mail.text).toContain(`IBAN: ${settings.iban}`);
    expect(mail.text).toContain(`${BASE}/orders`);
    expect(mail.html).toContain(`href="${BASE}/orders"`);

    const alert = await onlyMail(ALERTS, new RegExp(`^Novo pedido ${label} — ${formatKz(order.totalAmount)}$`));
    expect(alert.text).toContain(`${BASE}/admin/#/orders/${orderId}/show`);
    expect(alert.text).toContain("Ana Kiala");
  });

  it("states the order as placed: lines, totals, reference, deadline, name and bank details changed before it leaves do not alter it", async () => {
    const ana = await registerCustomer(t.app, { name: "Ana Como Pediu" });
    const settings = await t.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } });
    const later = {
      name: "Outro Nome",
      product: "Artigo Trocado",
      reference: "ZZ99ZZ99",
      iban: "AO06 9999 9999 9999 9999 9999 9",
      total: 7,
    };
    // The mail server is down when the order is placed: the confirmation waits in the outbox while everything changes.
    sink.refuse(421);
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    let preview: { text: string; html: string };
    try {
      placed = await placeOrder(ana);
      const row = () => t.prisma.outboxMail.findFirst({ where: { to: ana.email, kind: "order-placed" } });
      await waitFor(async () => Boolean((await row())?.lastError), 10_000, "a refused attempt");
      expect((await row())!.html).toBeNull();
      await t.prisma.orderLine.updateMany({ where: { orderId: placed.orderId }, data: { name: later.product, price: later.total } });
      await t.prisma.order.update({
        where: { id: placed.orderId },
        data: {
          subtotal: later.total,
          totalAmount: later.total,
          paymentReference: later.reference,
          paymentDeadline: new Date(placed.order.paymentDeadline!.getTime() + 86_400_000),
        },
      });
      await t.prisma.user.update({ where: { id: ana.userId }, data: { name: later.name } });
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { iban: later.iban } });
      t.deps.shopSettings.forget(); // placement keeps the settings in memory
      const detail = await t.app.inject({ method: "GET", url: `/admin/api/outbox/${(await row())!.id}`, headers: admin.auth });
      preview = detail.json();
    } finally {
      sink.refuse(null);
    }
    try {
      const mail = await onlyMail(ana.email, new RegExp(`^Pedido ${placed.label} recebido$`));
      for (const part of [mail.text, preview.text]) {
        expect(part).toContain("Olá Ana Como Pediu,");
        expect(part).toContain(`2 × ${placed.product.name}`);
        expect(part).toContain(`Total: ${formatKz(placed.order.totalAmount)}`);
        expect(part).toContain(`Valor a pagar: ${formatKz(placed.order.totalAmount)}`);
        expect(part).toContain(placed.order.paymentReference!);
        expect(part).toContain(formatLuandaDateTime(placed.order.paymentDeadline!));
        expect(part).toContain(`IBAN: ${settings.iban}`);
        for (const changed of [later.name, later.product, later.reference, later.iban, formatKz(later.total)])
          expect(part).not.toContain(changed);
      }
    } finally {
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { iban: settings.iban } });
      t.deps.shopSettings.forget();
    }
  });

  it("tells the shopper of the proof, the confirmed payment, shipping and delivery; staff of the proof; pushes go to the browser", async () => {
    const ana = await registerCustomer(t.app, { name: "Ana" });
    const browser = browserSubscription(push);
    await savePushSubscription(t.prisma, push.endpoints, ana.userId, browser);
    const { orderId, label, order } = await placeOrder(ana);

    const sent = await sendProof(t.app, ana.auth, orderId);
    expect(sent.statusCode, sent.body).toBe(200);
    await onlyMail(ana.email, new RegExp(`^Comprovativo recebido — pedido ${label}$`));
    const staffProof = await onlyMail(ALERTS, new RegExp(`^Novo comprovativo — pedido ${label}$`));
    expect(staffProof.text).toContain(`Valor em falta: ${formatKz(order.totalAmount)}`);

    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/payments`,
      headers: admin.auth,
      payload: { amount: order.totalAmount.toNumber(), bankReference: "BAI-77" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirmed = await onlyMail(ana.email, new RegExp(`^Pagamento confirmado — pedido ${label}$`));
    expect(confirmed.text).toContain(formatKz(order.totalAmount));
    await waitFor(() => push.requests.length === 1, 5000, "payment push");
    expect(JSON.parse(browser.decrypt(push.requests[0]!.body))).toEqual({
      title: "Pagamento confirmado",
      body: `Confirmámos o pagamento do pedido ${label}.`,
      url: "/orders",
      tag: `order-${orderId}`,
    });

    expect((await move(orderId, "Enviado")).statusCode).toBe(200);
    await onlyMail(ana.email, new RegExp(`^Pedido ${label} enviado$`));
    await waitFor(() => push.requests.length === 2, 5000, "shipping push");
    expect(JSON.parse(browser.decrypt(push.requests[1]!.body))).toMatchObject({ title: "Pedido enviado", url: "/orders" });

    expect((await move(orderId, "Entregue")).statusCode).toBe(200);
    await onlyMail(ana.email, new RegExp(`^Pedido ${label} entregue$`));
    expect(push.requests).toHaveLength(2);
  });

  it("tells the shopper of a cancellation with its reason, whether staff cancelled or the deadline passed, and reminds before it", async () => {
    const ana = await registerCustomer(t.app);
    const cancelled = await placeOrder(ana);
    expect((await move(cancelled.orderId, "Cancelado", "Artigo esgotado")).statusCode).toBe(200);
    const byStaff = await onlyMail(ana.email, new RegExp(`^Pedido ${cancelled.label} cancelado$`));
    expect(byStaff.text).toContain("Motivo: Artigo esgotado");
    expect(byStaff.text).toContain(`${BASE}/message/${cancelled.orderId}`);

    const late = await placeOrder(ana);
    const created = late.order.createdAt.getTime();
    const deadline = late.order.paymentDeadline!.getTime();
    await t.settled(); // the round skips an order its reactions still lock
    await runPaymentDeadlines(t.prisma, new Date(created + (deadline - created) / 2 + 1000));
    await t.settled();
    const reminder = await onlyMail(ana.email, new RegExp(`^Lembrete: pagamento do pedido ${late.label}$`));
    expect(reminder.text).toContain(`Valor a pagar: ${formatKz(late.order.totalAmount)}`);
    await runPaymentDeadlines(t.prisma, new Date(deadline + 1000));
    await t.settled();
    const expired = await onlyMail(ana.email, new RegExp(`^Pedido ${late.label} cancelado$`));
    expect(expired.text).toContain(`Motivo: ${DEADLINE_EXPIRED_REASON}`);
  });

  it("sends the shopper nothing optional once e-mail is turned off (staff are still alerted, at the admins' own addresses while none is set)", async () => {
    const quiet = await registerCustomer(t.app);
    // Through the account page's call: the account is kept in memory with its session (placement reads it there).
    expect(
      (await t.app.inject({ method: "PATCH", url: "/api/user/account", headers: quiet.auth, payload: { notifyEmail: false } })).statusCode,
    ).toBe(200);
    const { label } = await placeOrder(quiet);
    await onlyMail(ALERTS, new RegExp(`^Novo pedido ${label}`));
    expect(mailsTo(quiet.email)).toEqual([]);

    // No alert address in the settings: every active admin is alerted at their own address (support and a
    // deactivated admin are not).
    const support = await createStaff(t, "support");
    const gone = await createStaff(t, "admin");
    await t.prisma.user.update({ where: { id: gone.userId }, data: { active: false } });
    await t.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [] } });
    t.deps.shopSettings.forget(); // placement keeps the settings in memory
    try {
      const { order, label } = await placeOrder(quiet);
      expect(order.status).toBe("Aguardando Pagamento");
      await onlyMail(admin.email, new RegExp(`^Novo pedido ${label}`));
      const alerts = await t.prisma.outboxMail.findMany({ where: { kind: "staff-new-order", dedupeKey: { contains: order.id } } });
      expect(alerts.map((m) => m.to)).toContain(admin.email.toLowerCase());
      expect(alerts.map((m) => m.to)).not.toContain(support.email.toLowerCase());
      expect(alerts.map((m) => m.to)).not.toContain(gone.email.toLowerCase());
      expect(alerts.map((m) => m.to)).not.toContain(ALERTS);
    } finally {
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [ALERTS] } });
      t.deps.shopSettings.forget(); // placement keeps the settings in memory
    }
  });

  it("e-mails support replies to a shopper with no open page: one mail per window with every reply and the chat link, plus a push", async () => {
    const ana = await registerCustomer(t.app);
    const browser = browserSubscription(push, "replies");
    await savePushSubscription(t.prisma, push.endpoints, ana.userId, browser);
    const { orderId, label } = await placeOrder(ana);
    const pushesBefore = push.requests.length;
    await reply(orderId, "Já confirmámos o stock.");
    await reply(orderId, "Enviamos amanhã de manhã.");
    const mail = await onlyMail(ana.email, new RegExp(`^2 novas respostas sobre o pedido ${label}$`));
    expect(mail.text).toContain("> Já confirmámos o stock.");
    expect(mail.text).toContain("> Enviamos amanhã de manhã.");
    expect(mail.text).toContain(`${BASE}/message/${orderId}`);
    expect(mail.html).toContain(`href="${BASE}/message/${orderId}"`);

    const pushes = push.requests.slice(pushesBefore).filter((r) => r.path === new URL(browser.endpoint).pathname);
    expect(pushes).toHaveLength(2);
    expect(JSON.parse(browser.decrypt(pushes[0]!.body))).toEqual({
      title: `Resposta sobre o pedido ${label}`,
      body: "Já confirmámos o stock.",
      url: `/message/${orderId}`,
      tag: `chat-${orderId}`,
    });

    await reply(orderId, "Saiu agora.");
    const later = await onlyMail(ana.email, new RegExp(`^Nova resposta sobre o pedido ${label}$`));
    expect(later.text).toContain("> Saiu agora.");
    expect(later.text).not.toContain("Já confirmámos");
  });

  it("does not e-mail a reply to a shopper with an open socket; once they leave with it unread, it is mailed", async () => {
    const ana = await registerCustomer(t.app);
    const { orderId, label } = await placeOrder(ana);
    await onlyMail(ana.email, /recebido$/);
    const socket = await TestSocket.ready(wsUrl, ana.token);
    sockets.push(socket);
    await reply(orderId, "Vê na app?");
    await socket.next((f) => f.type === "newMessage");
    await sleep((WINDOW_SECONDS + 2) * 1000); // past the window and a few sweeps
    expect(mailsTo(ana.email, /resposta/)).toEqual([]);
    socket.close();
    const mail = await onlyMail(ana.email, new RegExp(`^Nova resposta sobre o pedido ${label}$`));
    expect(mail.text).toContain("> Vê na app?");
  });

  it("alerts staff once of a customer message waiting while no staff member is online", async () => {
    const ana = await registerCustomer(t.app, { name: "Ana Waiting" });
    const { orderId, label } = await placeOrder(ana);
    expect((await sendMessage(t.app, ana.auth, { orderId, text: "Olá, alguém?" })).statusCode).toBe(200);
    expect((await sendMessage(t.app, ana.auth, { orderId, text: "Ainda aqui." })).statusCode).toBe(200);
    const alert = await onlyMail(ALERTS, new RegExp(`^Mensagem à espera — pedido ${label}$`));
    expect(alert.text).toContain("> Olá, alguém?");
    expect(alert.text).toContain(`${BASE}/admin/#/conversations/${orderId}/show`);

    const staffSocket = await TestSocket.ready(wsUrl, admin.token);
    sockets.push(staffSocket);
    const other = await placeOrder(ana);
    expect((await sendMessage(t.app, ana.auth, { orderId: other.orderId, text: "Outra pergunta" })).statusCode).toBe(200);
    await onlyMail(ana.email, new RegExp(`^Pedido ${other.label} recebido$`));
    expect(mailsTo(ALERTS, new RegExp(`^Mensagem à espera — pedido ${other.label}$`))).toEqual([]);
    staffSocket.close();
  });

  it("lists the outbox for admins under /admin/api/outbox (simple-rest), with the HTML and text on the detail", async () => {
    const ana = await registerCustomer(t.app);
    const { label } = await placeOrder(ana);
    await onlyMail(ana.email, new RegExp(`^Pedido ${label} recebido$`));
    const list = await t.app.inject({
      method: "GET",
      url: `/admin/api/outbox?filter=${encodeURIComponent(JSON.stringify({ q: ana.email, status: "sent" }))}&range=[0,9]`,
      headers: admin.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["content-range"]).toBe("outbox 0-0/1");
    const [row] = list.json() as { id: string; to: string; status: string; attempts: number; html?: string }[];
    expect(row).toMatchObject({ to: ana.email, status: "sent", attempts: 1, subject: `Pedido ${label} recebido`, kind: "order-placed" });
    expect(row!.html).toBeUndefined();
    const detail = (await t.app.inject({ method: "GET", url: `/admin/api/outbox/${row!.id}`, headers: admin.auth })).json();
    expect(detail.html).toContain("<!doctype html>");
    expect(detail.text).toContain(`${BASE}/orders`);

    const support = await createStaff(t, "support");
    expect((await t.app.inject({ method: "GET", url: "/admin/api/outbox", headers: support.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/admin/api/outbox/${row!.id}`, headers: support.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/outbox" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/outbox/nope", headers: admin.auth })).json()).toEqual({
      success: false,
      message: "E-mail não encontrado",
    });
    const badFilter = await t.app.inject({
      method: "GET",
      url: `/admin/api/outbox?filter=${encodeURIComponent(JSON.stringify({ status: "lost" }))}`,
      headers: admin.auth,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/admin/api/outbox?sort=${encodeURIComponent(JSON.stringify(["html", "ASC"]))}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("kept no rendered mail for any of these events: each row holds the facts its mail states", async () => {
    const kinds = await t.prisma.outboxMail.groupBy({ by: ["kind"], _count: true });
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      expect.arrayContaining([
        "order-placed",
        "staff-new-order",
        "proof-received",
        "payment-confirmed",
        "order-shipped",
        "order-cancelled",
      ]),
    );
    expect(
      await t.prisma.outboxMail.count({
        where: { OR: [{ html: { not: null } }, { text: { not: null } }, { facts: { equals: Prisma.DbNull } }] },
      }),
    ).toBe(0);
  });

  it("keeps mail through an SMTP outage and sends it once the server is back, once", async () => {
    const port = Number(new URL(sink.url).port);
    await sink.close();
    const ana = await registerCustomer(t.app);
    const { orderId, label } = await placeOrder(ana);
    await waitFor(
      async () => Boolean((await t.prisma.outboxMail.findFirst({ where: { to: ana.email } }))?.lastError),
      10_000,
      "a failed attempt",
    );
    const pending = await t.prisma.outboxMail.findFirstOrThrow({ where: { to: ana.email } });
    expect(pending.status).toBe("pending");
    expect(pending.lastError).toBeTruthy();
    sink = await startSmtpSink(port);
    const mail = await onlyMail(ana.email, new RegExp(`^Pedido ${label} recebido$`), 20_000);
    expect(mail.text).toContain(orderId.slice(-6).toUpperCase());
    const sent = await t.prisma.outboxMail.findFirstOrThrow({ where: { to: ana.email } });
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });
});
