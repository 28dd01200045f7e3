// Starting the mail sender with and without SMTP_URL, the template context from the shop's settings, and staff alerts
// fanned out to the addresses the settings name.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { mailSettingsOf } from "../../server/notifications/mail/context.ts";
import { ShopSettingsCache } from "../../server/domain/settings/settings-cache.ts";
import { startMailSender } from "../../server/notifications/outbox/sender.ts";
import { enqueueMail, enqueueStaffAlert } from "../../server/notifications/outbox/enqueue.ts";
import { outboxRepository } from "../../server/notifications/outbox/repository.ts";
import { composeMail, type MailRecord } from "../../server/notifications/mail/facts.ts";
import type { MailContext } from "../../server/notifications/mail/templates.ts";
import { formatKz } from "../../shared/money.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { setTimeout as sleep } from "node:timers/promises";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const mail = { kind: "order-shipped", to: "ana@exemplo.ao", facts: { orderId: "cm3xyzabc123def456", customerName: "Ana" } } as const;
const ctx: MailContext = { baseUrl: "https://loja.exemplo.ao", shop: { phones: [], emails: [] } };
const compose = async (m: MailRecord) => composeMail(m, ctx);

describe("the mail sender and staff alerts", () => {
  let db: Database;
  let sink: SmtpSink;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM outbox_mails`);
    sink.messages.length = 0;
  });

  it("without SMTP_URL sends nothing and keeps the mail pending for the console", async () => {
    const logged: string[] = [];
    const sender = startMailSender({
      db: db.prisma,
      compose,
      env: {},
      logger: { ...quiet, info: (_o, msg) => logged.push(msg) },
      pollMs: 20,
    });
    expect(sender.sending).toBe(false);
    await enqueueMail(db.prisma, mail);
    sender.wake();
    await sleep(300);
    await sender.stop();
    expect(sink.messages).toHaveLength(0);
    expect((await outboxRepository(db.prisma).list()).map((m) => m.status)).toEqual(["pending"]);
    expect(logged.join()).toMatch(/SMTP_URL/);
  });

  it("with SMTP_URL sends as MAIL_FROM", async () => {
    const sender = startMailSender({
      db: db.prisma,
      compose,
      env: { SMTP_URL: sink.url, MAIL_FROM: "Kitanda <pedidos@kitanda.ao>" },
      logger: quiet,
      pollMs: 5000,
    });
    try {
      expect(sender.sending).toBe(true);
      await enqueueMail(db.prisma, mail);
      sender.wake();
      const [received] = await sink.waitForCount(1, 10_000);
      expect(received).toMatchObject({ from: "pedidos@kitanda.ao", to: ["ana@exemplo.ao"], subject: "Pedido #DEF456 enviado" });
    } finally {
      await sender.stop();
    }
  });

  /** The settings as the app reads them for every mail (a fresh cache: the tests below write the row directly). */
  const mailSettings = async () => mailSettingsOf(await new ShopSettingsCache(db.prisma).get(), "https://loja.exemplo.ao");

  it("builds the templates' context from the shop's settings", async () => {
    const settings = await db.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } });
    const { ctx } = await mailSettings();
    expect(ctx).toEqual({
      baseUrl: "https://loja.exemplo.ao",
      shop: {
        phones: settings.phones,
        emails: settings.emails,
        bankName: settings.bankName,
        accountHolder: settings.accountHolder,
        accountNumber: settings.accountNumber,
        iban: settings.iban,
      },
    });
  });

  it("reads the settings through a transaction that asks for them, never waiting on a read outside it", async () => {
    const cache = new ShopSettingsCache(db.prisma);
    const outside: Promise<unknown>[] = [];
    const inside = await db.prisma.$transaction(
      async (tx) => {
        // Started by another caller while the transaction runs: on the embedded database it waits for the transaction.
        outside.push(cache.get());
        return cache.get(tx);
      },
      { timeout: 3_000 },
    );
    expect(inside?.iban).toBe((await db.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).iban);
    expect(await outside[0]).toEqual(inside);
    // Kept: the next caller, inside a transaction or not, is answered from memory.
    expect(await cache.get()).toEqual(inside);
  });

  it("sends a staff alert once to each address in the settings", async () => {
    await db.prisma.shopSettings.update({ where: { id: 1 }, data: { staffAlertEmails: [] } });
    const none = await mailSettings();
    const facts = { orderId: "cm3xyzabc123def456", customerName: "Ana", total: 12500, paymentMethod: "Transferência" };
    expect(await enqueueStaffAlert(db.prisma, none.staff, { kind: "staff-new-order", dedupeKey: "staff-new-order:1", facts })).toBe(0);

    await db.prisma.shopSettings.update({
      where: { id: 1 },
      data: { staffAlertEmails: ["Gerente@Loja.ao", " gerente@loja.ao ", "apoio@loja.ao", ""] },
    });
    const { staff } = await mailSettings();
    expect(staff).toEqual(["gerente@loja.ao", "apoio@loja.ao"]);
    expect(
      await db.prisma.$transaction((tx) =>
        enqueueStaffAlert(tx, staff, { kind: "staff-new-order", dedupeKey: "staff-new-order:2", facts }),
      ),
    ).toBe(2);
    expect(await enqueueStaffAlert(db.prisma, staff, { kind: "staff-new-order", dedupeKey: "staff-new-order:2", facts })).toBe(0);
    const rows = await outboxRepository(db.prisma).list();
    expect(rows.map((r) => r.to).sort()).toEqual(["apoio@loja.ao", "gerente@loja.ao"]);
    expect(rows.every((r) => r.kind === "staff-new-order" && r.subject === `Novo pedido #DEF456 — ${formatKz(12500)}`)).toBe(true);
  });
});
