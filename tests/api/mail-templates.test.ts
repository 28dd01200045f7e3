// The Portuguese e-mails: what each says (amounts as the apps show them, links, bank and Multicaixa details),
// HTML-escaped values, a plain-text part, and the order-placed mail delivered through the outbox and SMTP.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { enqueueMail } from "../../server/notifications/outbox/enqueue.ts";
import { startOutboxWorker } from "../../server/notifications/outbox/sender.ts";
import { createSmtpTransport } from "../../server/notifications/mail/transport.ts";
import {
  escapeHtml,
  formatLuandaDateTime,
  orderCancelledMail,
  orderDeliveredMail,
  orderPlacedMail,
  orderShippedMail,
  passwordResetMail,
  paymentConfirmedMail,
  paymentReminderMail,
  proofReceivedMail,
  renderMail,
  staffMessageWaitingMail,
  staffNewOrderMail,
  staffNewProofMail,
  supportRepliesMail,
  type MailContent,
  type MailContext,
  type MailFacts,
} from "../../server/notifications/mail/templates.ts";
import { composeMail, type MailRecord } from "../../server/notifications/mail/facts.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const NBSP = "\u00a0";
const ORDER_ID = "cm3xyzabc123def456";
const ctx: MailContext = {
  baseUrl: "https://loja.exemplo.ao/",
  shop: {
    name: null,
    phones: ["+244 923 000 000"],
    emails: ["apoio@loja.ao"],
    bankName: "Banco BAI",
    accountHolder: "Loja, Lda",
    accountNumber: "123456789",
    iban: "AO06 0040 0000 1234 5678 9012 3",
  },
};
const EVIL = `Ana <script>alert("x")</script> O'Neil & filhos`;
const deadline = new Date("2026-11-25T13:30:00Z");

const placedFacts: MailFacts<"order-placed"> = {
  orderId: ORDER_ID,
  customerName: "Ana",
  lines: [
    { name: "Camisa de linho", size: "M", quantity: 2, price: 3750 },
    { name: "Chapéu", quantity: 1, price: 0 },
  ],
  subtotal: 7500,
  deliveryFee: 5000,
  total: 12500,
  amountDue: 12500,
  paymentReference: "LJ7K3Q9P",
  paymentDeadline: deadline,
  multicaixa: { entity: "01234", reference: "123 456 789", amount: 12500 },
};
const placed = () => orderPlacedMail(ctx, placedFacts);

const every: Record<string, (name: string) => MailContent> = {
  orderPlaced: (name) =>
    orderPlacedMail(ctx, {
      orderId: ORDER_ID,
      customerName: name,
      lines: [{ name, quantity: 1, price: 1 }],
      subtotal: 1,
      deliveryFee: 0,
      total: 1,
    }),
  proofReceived: (name) => proofReceivedMail(ctx, { orderId: ORDER_ID, customerName: name }),
  paymentConfirmed: (name) => paymentConfirmedMail(ctx, { orderId: ORDER_ID, customerName: name, amountPaid: 12500 }),
  shipped: (name) => orderShippedMail(ctx, { orderId: ORDER_ID, customerName: name }),
  delivered: (name) => orderDeliveredMail(ctx, { orderId: ORDER_ID, customerName: name }),
  reminder: (name) =>
    paymentReminderMail(ctx, { orderId: ORDER_ID, customerName: name, amountDue: 100, paymentReference: name, paymentDeadline: deadline }),
  cancelled: (name) => orderCancelledMail(ctx, { orderId: ORDER_ID, customerName: name, reason: name }),
  supportReplies: (name) => supportRepliesMail(ctx, { orderId: ORDER_ID, customerName: name, replies: [{ text: name, at: deadline }] }),
  cartReminder: (name) => renderMail(ctx, "cart-reminder", { customerName: name, lines: [{ name, size: name, quantity: 2, price: 1 }] }),
  passwordReset: (name) => passwordResetMail(ctx, { customerName: name, token: "abc" }),
  staffNewOrder: (name) => staffNewOrderMail(ctx, { orderId: ORDER_ID, customerName: name, total: 1, paymentMethod: "Transferência" }),
  staffNewProof: (name) => staffNewProofMail(ctx, { orderId: ORDER_ID, customerName: name, amountDue: 1 }),
  staffReturnRequested: (name) =>
    renderMail(ctx, "staff-return-requested", { orderId: ORDER_ID, customerName: name, returnId: name, what: name, lines: [name] }),
  returnUpdate: (name) => renderMail(ctx, "return-update", { orderId: ORDER_ID, customerName: name, status: name, text: name }),
  staffMessageWaiting: (name) => staffMessageWaitingMail(ctx, { orderId: ORDER_ID, customerName: name, text: name }),
};

describe("e-mail templates", () => {
  for (const [kind, build] of Object.entries(every)) {
    it(`${kind}: escapes every interpolated value in the HTML and carries a plain-text part`, () => {
      const mail = build(EVIL);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain(`"x"`);
      expect(mail.html).toContain(escapeHtml(EVIL));
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; filhos");
      expect(mail.text).toContain(EVIL);
      expect(mail.text.replaceAll(EVIL, "")).not.toMatch(/<[a-z/]/i);
      expect(mail.html).toContain("Loja");
      expect(mail.text).toContain("+244 923 000 000");
      expect(mail.text).toContain("apoio@loja.ao");
    });
  }

  it("order placed: items, total, amount to pay, reference, deadline, bank details and Multicaixa", () => {
    const mail = placed();
    expect(mail.subject).toBe("Pedido #DEF456 recebido");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Camisa de linho");
      expect(part).toContain(`7${NBSP}500,00 kz`);
      expect(part).toContain(`5${NBSP}000,00 kz`);
      expect(part).toContain(`12${NBSP}500,00 kz`);
      expect(part).toContain("LJ7K3Q9P");
      expect(part).toContain("25/11/2026 às 14:30");
      expect(part).toContain("AO06 0040 0000 1234 5678 9012 3");
      expect(part).toContain("Banco BAI");
      expect(part).toContain("01234");
      expect(part).toContain("123 456 789");
    }
    expect(mail.text).toContain(`2 × Camisa de linho (M) — 7${NBSP}500,00 kz`);
    expect(mail.text).toContain("Valor a pagar: 12\u00a0500,00 kz");
    // The payment page's names and order: Multicaixa first, then the transfer with its own "Descritivo da transferência".
    expect(mail.text).toContain("Descritivo da transferência: LJ7K3Q9P");
    expect(mail.text.match(/^Referência:/gm)).toHaveLength(1);
    const at = (s: string) => mail.text.indexOf(s);
    expect(at("Entidade: 01234")).toBeLessThan(at("Referência: 123 456 789"));
    expect(at("Referência: 123 456 789")).toBeLessThan(at("Montante:"));
    expect(at("Montante:")).toBeLessThan(at("IBAN:"));
    expect(mail.text).toContain("https://loja.exemplo.ao/orders");
    expect(mail.html).toContain('href="https://loja.exemplo.ao/orders"');
  });

  it("uses the shop's name when its settings carry one", () => {
    const mail = orderShippedMail({ ...ctx, shop: { ...ctx.shop, name: "Kitanda & Co" } }, { orderId: ORDER_ID, customerName: "Ana" });
    expect(mail.html).toContain("Kitanda &amp; Co");
    expect(mail.text).toContain("Kitanda & Co");
    expect(mail.text).toContain("Enviado");
  });

  it("omits bank and Multicaixa details the order or the shop does not have", () => {
    const mail = paymentReminderMail(
      { ...ctx, shop: { phones: [], emails: [] } },
      { orderId: ORDER_ID, customerName: "Ana", amountDue: 12500 },
    );
    expect(mail.text).toContain(`Valor a pagar: 12${NBSP}500,00 kz`);
    expect(mail.text).not.toContain("IBAN");
    expect(mail.text).not.toContain("Entidade");
  });

  it("cancelled: carries the reason", () => {
    const mail = orderCancelledMail(ctx, { orderId: ORDER_ID, customerName: "Ana", reason: "prazo de pagamento expirado" });
    expect(mail.text).toContain("Motivo: prazo de pagamento expirado");
  });

  it("support replies: joins several replies in one mail with a link to the order's chat", () => {
    const mail = supportRepliesMail(ctx, {
      orderId: ORDER_ID,
      customerName: "Ana",
      replies: [
        { text: "Já confirmámos o stock.", at: new Date("2026-11-23T10:00:00Z") },
        { text: null, hasAttachment: true, at: new Date("2026-11-23T10:01:00Z") },
        { text: "Enviamos amanhã.", at: new Date("2026-11-23T10:02:00Z") },
      ],
    });
    expect(mail.subject).toMatch(/^3 novas respostas/);
    expect(mail.text).toContain("> Já confirmámos o stock.");
    expect(mail.text).toContain("> (anexo)");
    expect(mail.text).toContain("> Enviamos amanhã.");
    expect(mail.text).toContain(`https://loja.exemplo.ao/message/${ORDER_ID}`);
    expect(mail.html).toContain(`href="https://loja.exemplo.ao/message/${ORDER_ID}"`);
  });

  it("password reset: a link to /reset-password with the token, valid 30 minutes", () => {
    const mail = passwordResetMail(ctx, { customerName: "Ana", token: "tok-EN_123" });
    expect(mail.text).toContain("https://loja.exemplo.ao/reset-password?token=tok-EN_123");
    expect(mail.html).toContain('href="https://loja.exemplo.ao/reset-password?token=tok-EN_123"');
    expect(mail.text).toContain("30 minutos");
  });

  it("staff alerts link to the console", () => {
    expect(staffNewOrderMail(ctx, { orderId: ORDER_ID, customerName: "Ana", total: 12500, paymentMethod: "Transferência" }).text).toContain(
      `https://loja.exemplo.ao/admin/#/orders/${ORDER_ID}/show`,
    );
    expect(staffMessageWaitingMail(ctx, { orderId: ORDER_ID, customerName: "Ana", text: "Olá?" }).text).toContain(
      `https://loja.exemplo.ao/admin/#/conversations/${ORDER_ID}/show`,
    );
  });

  it("writes dates in Luanda's time", () => {
    expect(formatLuandaDateTime(new Date("2026-12-31T23:30:00Z"))).toBe("01/01/2027 às 00:30");
  });
});

describe("the order-placed e-mail through the outbox and SMTP", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db?.close());

  it("arrives once at the shopper's address with the amount as the apps show it and the links", async () => {
    const sink = await startSmtpSink();
    const transport = createSmtpTransport(sink.url, "Loja <loja@exemplo.ao>");
    const compose = async (m: MailRecord) => composeMail(m, ctx);
    const worker = startOutboxWorker({ db: db.prisma, transport, compose, logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
    try {
      const mail = placed();
      await db.prisma.$transaction((tx) =>
        enqueueMail(tx, { kind: "order-placed", to: "ana@exemplo.ao", dedupeKey: `order-placed:${ORDER_ID}`, facts: placedFacts }),
      );
      worker.wake();
      const [received] = await sink.waitForCount(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.messages).toHaveLength(1);
      expect(received!.to).toEqual(["ana@exemplo.ao"]);
      expect(received!.subject).toBe(mail.subject);
      expect(received!.text).toContain(`Total: 12${NBSP}500,00 kz`);
      expect(received!.text).toContain("https://loja.exemplo.ao/orders");
      expect(received!.html).toContain(`12${NBSP}500,00 kz`);
    } finally {
      await worker.stop();
      transport.close();
      await sink.close();
    }
  });
});
