// The outbox keeps what each mail states, not its rendering: every kind written and read back through the database
// renders exactly as it did from the event's values (money and dates intact), no row holds HTML or text, a reset
// link's token is sealed and readable only by the sender; and rows written rendered before (the migration) are
// still sent as they were, while the reset links they held are taken out.
import { mkdtempSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPglite, openPglite, openPostgres, Prisma, type Database } from "../../server/db/client.ts";
import { MIGRATIONS_DIR, migrate, readMigrations } from "../../server/db/migrate.ts";
import { composeMail, REDACTED, type Mail } from "../../server/notifications/mail/facts.ts";
import { mailSealer } from "../../server/notifications/mail/secrets.ts";
import { enqueueMail } from "../../server/notifications/outbox/enqueue.ts";
import { startOutboxWorker } from "../../server/notifications/outbox/sender.ts";
import { outboxRepository } from "../../server/notifications/outbox/repository.ts";
import { createSmtpTransport } from "../../server/notifications/mail/transport.ts";
import { renderMail, type MailContext } from "../../server/notifications/mail/templates.ts";
import { adminQuery, openTestDatabase, withDatabase } from "../helpers/test-db.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const ctx: MailContext = {
  baseUrl: "https://loja.exemplo.ao",
  shop: { name: "Kitanda", phones: ["+244 923 000 000"], emails: ["apoio@loja.ao"], iban: "AO06 0040 0000 1234 5678 9012 3" },
};
const sealer = mailSealer("segredo-de-teste-com-comprimento-suficiente-0123456789");
const ORDER_ID = "cm3xyzabc123def456";
const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd";
const at = new Date("2026-11-25T13:30:00.123Z");
const kz = (value: string) => new Prisma.Decimal(value);

/** One mail of every kind, with the values the shop's events hand them (Decimal money, Date times). */
const EVERY_KIND: Mail[] = [
  {
    kind: "order-placed",
    facts: {
      orderId: ORDER_ID,
      customerName: "Ana",
      lines: [
        { name: "Camisa de linho", size: "M", quantity: 2, price: kz("3750.50") },
        { name: "Chapéu", size: null, quantity: 1, price: kz("0") },
      ],
      subtotal: kz("7501.00"),
      deliveryFee: kz("5000.00"),
      total: kz("12501.00"),
      amountDue: kz("12501.00"),
      paymentReference: "LJ7K3Q9P",
      paymentDeadline: at,
      multicaixa: { entity: "01234", reference: "123456789", amount: kz("12501.00") },
      bank: { bankName: "Banco BAI", accountHolder: "Loja, Lda", accountNumber: "123456789", iban: "AO06 0000 0000 0000 0000 0000 1" },
    },
  },
  { kind: "proof-received", facts: { orderId: ORDER_ID, customerName: "Ana" } },
  { kind: "payment-confirmed", facts: { orderId: ORDER_ID, customerName: "Ana", amountPaid: kz("12501.00") } },
  { kind: "order-shipped", facts: { orderId: ORDER_ID, customerName: "Ana" } },
  { kind: "order-delivered", facts: { orderId: ORDER_ID, customerName: "Ana" } },
  {
    kind: "payment-reminder",
    facts: {
      orderId: ORDER_ID,
      customerName: "Ana",
      amountDue: kz("6000.25"),
      paymentReference: "LJ7K3Q9P",
      paymentDeadline: at,
      bank: {},
    },
  },
  { kind: "order-cancelled", facts: { orderId: ORDER_ID, customerName: "Ana", reason: "prazo de pagamento expirado" } },
  {
    kind: "support-replies",
    facts: {
      orderId: ORDER_ID,
      customerName: "Ana",
      replies: [
        { text: "Já confirmámos o stock.", hasAttachment: false, at },
        { text: null, hasAttachment: true, at: new Date(at.getTime() + 60_000) },
      ],
    },
  },
  { kind: "password-reset", facts: { customerName: "Ana", token: TOKEN } },
  { kind: "staff-new-order", facts: { orderId: ORDER_ID, customerName: "Ana", total: kz("12501.00"), paymentMethod: "Transferência" } },
  {
    kind: "staff-payment-on-cancelled",
    facts: { orderId: ORDER_ID, customerName: "Ana", amount: kz("13500.00"), reference: "123456789" },
  },
  {
    kind: "staff-payment-on-closed-request",
    facts: {
      orderId: ORDER_ID,
      customerName: "Ana",
      amount: kz("3000.00"),
      reference: "Multicaixa Express 4b1f",
      why: "Este pedido de pagamento foi cancelado",
    },
  },
  { kind: "staff-new-proof", facts: { orderId: ORDER_ID, customerName: "Ana", amountDue: kz("12501.00") } },
  { kind: "staff-message-waiting", facts: { orderId: ORDER_ID, customerName: "Ana", text: "Olá?", hasAttachment: false } },
];

describe("mails as stored facts", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db?.close());

  it("renders every kind, read back from the database, exactly as from the event's own values; no row holds HTML or text", async () => {
    await db.exec(`DELETE FROM outbox_mails`);
    for (const [i, mail] of EVERY_KIND.entries()) await enqueueMail(db.prisma, { ...mail, to: `ana${i}@exemplo.ao` }, sealer);
    const rows = await outboxRepository(db.prisma).list({ take: 100 });
    expect(rows).toHaveLength(EVERY_KIND.length);
    // What the sender reads (the claiming UPDATE … RETURNING) and what the console reads (Prisma) alike.
    const claimed = await outboxRepository(db.prisma).claimDue("test", 100, 60_000);
    for (const mail of EVERY_KIND) {
      const expected = renderMail(ctx, mail.kind, mail.facts as never);
      const row = rows.find((r) => r.kind === mail.kind)!;
      const sending = claimed.find((r) => r.kind === mail.kind)!;
      expect(row.html, mail.kind).toBeNull();
      expect(row.text, mail.kind).toBeNull();
      expect(row.subject, mail.kind).toBe(expected.subject);
      expect(composeMail(row, ctx, sealer), mail.kind).toEqual(expected);
      expect(composeMail(sending, ctx, sealer), mail.kind).toEqual(expected);
    }
    const stored = await db.query<{ size: number }>(`SELECT max(pg_column_size(o.*))::int AS size FROM outbox_mails o`);
    expect(stored[0]!.size).toBeLessThan(1500);
  });

  it("seals a reset link's token: no column holds it, the console's rendering redacts it, only the sender's key opens it", async () => {
    await db.exec(`DELETE FROM outbox_mails`);
    await enqueueMail(db.prisma, { kind: "password-reset", to: "ana@exemplo.ao", facts: { customerName: "Ana", token: TOKEN } }, sealer);
    expect(JSON.stringify(await db.query(`SELECT * FROM outbox_mails`))).not.toContain(TOKEN);
    const [row] = await outboxRepository(db.prisma).list();
    const preview = composeMail(row!, ctx);
    expect(preview.text).toContain(`https://loja.exemplo.ao/reset-password?token=${REDACTED}`);
    expect(`${preview.html}${preview.text}`).not.toContain(TOKEN);
    expect(composeMail(row!, ctx, sealer).text).toContain(`https://loja.exemplo.ao/reset-password?token=${TOKEN}`);
    expect(() => composeMail(row!, ctx, mailSealer("outro-segredo-com-comprimento-suficiente-0123456789"))).toThrow(/JWT_SECRET/);
    expect(() =>
      enqueueMail(db.prisma, { kind: "password-reset", to: "ana@exemplo.ao", facts: { customerName: "Ana", token: TOKEN } }),
    ).toThrow(/sealer/);
  });

  it("gives up at once on a reset mail whose token cannot be read, sending nothing", async () => {
    await db.exec(`DELETE FROM outbox_mails`);
    await enqueueMail(db.prisma, { kind: "password-reset", to: "ana@exemplo.ao", facts: { customerName: "Ana", token: TOKEN } }, sealer);
    const sink = await startSmtpSink();
    const transport = createSmtpTransport(sink.url);
    const other = mailSealer("outro-segredo-com-comprimento-suficiente-0123456789");
    const worker = startOutboxWorker({
      db: db.prisma,
      transport,
      compose: async (m) => composeMail(m, ctx, other),
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 50,
    });
    try {
      await expect.poll(async () => (await outboxRepository(db.prisma).list())[0]?.status, { timeout: 10_000 }).toBe("failed");
      const [row] = await outboxRepository(db.prisma).list();
      expect(row).toMatchObject({ attempts: 1, secret: null });
      expect(row!.lastError).toMatch(/JWT_SECRET/);
      expect(sink.messages).toEqual([]);
    } finally {
      await worker.stop();
      transport.close();
      await sink.close();
    }
  });
});

/** A database with no tables yet, on the kind this project tests. */
async function openEmptyDatabase(): Promise<Database> {
  if (inject("dbKind") === "pglite") return openPglite(await createPglite());
  const serverUrl = inject("dbServerUrl")!;
  const name = `loja_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const db = await openPostgres(withDatabase(serverUrl, name), 2);
  const close = db.close;
  return Object.assign(db, {
    close: async () => {
      await close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    },
  });
}

describe("outbox rows written rendered, before the outbox kept facts", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openEmptyDatabase();
  });
  afterAll(() => db?.close());

  it("are carried by the migration: still sent as they were written, their reset links taken out", async () => {
    const all = await readMigrations();
    const facts = all.findIndex((m) => m.name.endsWith("_outbox_mail_facts"));
    const earlier = mkdtempSync(path.join(tmpdir(), "loja-migrations-"));
    for (const m of all.slice(0, facts)) cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(earlier, m.name), { recursive: true });
    await migrate(db, earlier);

    const confirmation = renderMail(ctx, "order-placed", EVERY_KIND[0]!.facts as never);
    const link = (token: string) => `https://loja.exemplo.ao/reset-password?token=${token}`;
    const insert = (id: string, kind: string, status: string, content: { subject: string; html: string; text: string }) =>
      db.query(
        `INSERT INTO outbox_mails (id, kind, "to", subject, html, text, status, next_attempt_at, sent_at)
         VALUES ($1, $2, 'ana@exemplo.ao', $3, $4, $5, $6, now() AT TIME ZONE 'UTC', CASE WHEN $6 = 'sent' THEN now() AT TIME ZONE 'UTC' END)`,
        [id, kind, content.subject, content.html, content.text, status],
      );
    await insert("placed", "order-placed", "pending", confirmation);
    const reset = (token: string) => ({
      subject: "Redefinir a sua palavra-passe",
      html: `<a href="${link(token)}">Redefinir</a>`,
      text: `Redefinir a palavra-passe: ${link(token)}`,
    });
    await insert("reset-sent", "password-reset", "sent", reset(TOKEN));
    await insert("reset-waiting", "password-reset", "pending", reset(TOKEN.split("").reverse().join("")));

    expect(await migrate(db)).toEqual(all.slice(facts).map((m) => m.name));

    const rows = await db.query<{ id: string; status: string; html: string; text: string; last_error: string | null }>(
      `SELECT id, status, html, text, last_error FROM outbox_mails ORDER BY id`,
    );
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(JSON.stringify(rows)).not.toContain(TOKEN.split("").reverse().join(""));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId["reset-sent"]).toMatchObject({ status: "sent", text: `Redefinir a palavra-passe: ${link(REDACTED)}` });
    expect(byId["reset-waiting"]!.status).toBe("failed");
    expect(byId["reset-waiting"]!.last_error).toMatch(/Peça um novo link/);
    expect(byId["placed"]).toMatchObject({ status: "pending", html: confirmation.html, text: confirmation.text });

    // The confirmation written rendered leaves as it was written.
    const sink = await startSmtpSink();
    const transport = createSmtpTransport(sink.url);
    const worker = startOutboxWorker({
      db: db.prisma,
      transport,
      compose: async (m) => composeMail(m, { ...ctx, baseUrl: "https://outra.exemplo.ao" }, sealer),
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 50,
    });
    try {
      const [received] = await sink.waitForCount(1);
      expect(received).toMatchObject({ to: ["ana@exemplo.ao"], subject: confirmation.subject });
      expect(received!.text.trim()).toBe(confirmation.text.trim());
      await expect
        .poll(async () => (await outboxRepository(db.prisma).list({ take: 10 })).find((m) => m.id === "placed")?.status)
        .toBe("sent");
      expect(sink.messages).toHaveLength(1);
    } finally {
      await worker.stop();
      transport.close();
      await sink.close();
    }
  });
});
