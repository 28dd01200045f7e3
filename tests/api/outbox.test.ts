// The e-mail outbox against a real SMTP server in the test process: written with the event's transaction, sent
// once, retried through an outage without loss, given up after its time, and — on PostgreSQL — sent once by two
// workers sharing the database.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../../server/db/client.ts";
import { composeMail } from "../../server/notifications/mail/facts.ts";
import { enqueueMail, type OutgoingMail } from "../../server/notifications/outbox/enqueue.ts";
import { outboxRepository, type ClaimedMail } from "../../server/notifications/outbox/repository.ts";
import { retryDelayMs, startOutboxWorker, type OutboxWorker, type RetryPolicy } from "../../server/notifications/outbox/sender.ts";
import type { MailContext } from "../../server/notifications/mail/templates.ts";
import { createSmtpTransport, type MailTransport, type SmtpTransport } from "../../server/notifications/mail/transport.ts";
import { formatKz } from "../../shared/money.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { setTimeout as sleep } from "node:timers/promises";

const onPostgres = inject("dbKind") === "postgres";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const FAST_RETRY: RetryPolicy = { firstDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000 };

const waitUntil = async (check: () => Promise<boolean>, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const ctx: MailContext = { baseUrl: "https://loja.exemplo.ao", shop: { phones: [], emails: [] } };
/** The sender renders each mail from its facts when it leaves. */
const compose = async (m: ClaimedMail) => composeMail(m, ctx);
/** A payment confirmation for order "pedido-<n>" (its subject ends in #<n> padded to six). */
const orderNo = (n: number | string) => String(n).padStart(6, "0");
const mail = (n: number | string, extra: { dedupeKey?: string } = {}): OutgoingMail => ({
  kind: "payment-confirmed",
  to: `cliente${n}@exemplo.ao`,
  facts: { orderId: `pedido-${orderNo(n)}`, customerName: "Ana", amountPaid: 12500 },
  ...extra,
});
const subjectOf = (n: number | string) => `Pagamento confirmado — pedido #${orderNo(n)}`;

describe("the outbox worker", () => {
  let db: Database;
  let sink: SmtpSink;
  let transport: SmtpTransport;
  let worker: OutboxWorker | undefined;

  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
    sink = await startSmtpSink();
    transport = createSmtpTransport(sink.url, "Loja <loja@exemplo.ao>");
  });
  afterAll(async () => {
    transport?.close();
    await sink?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM outbox_mails`);
    sink.messages.length = 0;
    sink.refuse(null);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const start = (retry = FAST_RETRY, t: MailTransport = transport) => {
    worker = startOutboxWorker({ db: db.prisma, transport: t, compose, logger: quiet, pollMs: 50, retry });
    return worker;
  };

  it("sends a mail written in a committed transaction once, to its recipient, with the amount and the link", async () => {
    await db.prisma.$transaction(async (tx) => {
      expect(await enqueueMail(tx, mail(1))).toBe(true);
    });
    start();
    const [received] = await sink.waitForCount(1);
    await sleep(300); // a few more polls: nothing is sent twice
    expect(sink.messages).toHaveLength(1);
    expect(received!.to).toEqual(["cliente1@exemplo.ao"]);
    expect(received!.from).toBe("loja@exemplo.ao");
    expect(received!.subject).toBe(subjectOf(1));
    expect(received!.text).toContain(formatKz(12500));
    expect(received!.html).toContain(formatKz(12500));
    expect(received!.text).toContain("https://loja.exemplo.ao/orders");
    expect(received!.html).toContain('href="https://loja.exemplo.ao/orders"');
    const [row] = await outboxRepository(db.prisma).list();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("sends nothing for a transaction that rolled back", async () => {
    await expect(
      db.prisma.$transaction(async (tx) => {
        await enqueueMail(tx, mail(2));
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    start();
    await sleep(300);
    expect(sink.messages).toHaveLength(0);
    expect(await outboxRepository(db.prisma).list()).toEqual([]);
  });

  it("makes a second enqueue with the same dedupeKey a no-op, inside the same transaction too", async () => {
    await db.prisma.$transaction(async (tx) => {
      expect(await enqueueMail(tx, mail(3, { dedupeKey: "order-placed:abc" }))).toBe(true);
      expect(await enqueueMail(tx, mail(3, { dedupeKey: "order-placed:abc" }))).toBe(false);
    });
    expect(await enqueueMail(db.prisma, mail(3, { dedupeKey: "order-placed:abc" }))).toBe(false);
    start();
    await sink.waitForCount(1);
    await sleep(300);
    expect(sink.messages).toHaveLength(1);
    expect(await outboxRepository(db.prisma).list()).toHaveLength(1);
  });

  it("keeps mail through an SMTP outage and sends each once after the server comes back", async () => {
    sink.refuse(421);
    for (const n of [10, 11, 12]) await enqueueMail(db.prisma, mail(n));
    start();
    await waitUntil(async () => (await outboxRepository(db.prisma).list()).every((m) => m.attempts >= 2), "retries during the outage");
    expect(sink.messages).toHaveLength(0);
    const during = await outboxRepository(db.prisma).list();
    for (const m of during) {
      expect(m.status).toBe("pending");
      expect(m.lastError).toMatch(/421/);
      expect(m.nextAttemptAt.getTime()).toBeGreaterThan(m.createdAt.getTime());
    }
    sink.refuse(null);
    await sink.waitForCount(3);
    await sleep(600);
    expect(sink.messages.map((m) => m.subject).sort()).toEqual([subjectOf(10), subjectOf(11), subjectOf(12)]);
    await waitUntil(
      async () => (await outboxRepository(db.prisma).list()).every((m) => m.status === "sent" && m.lastError === null),
      "all marked sent",
    );
  });

  it("gives up on a mail still refused after its time, keeping the last error", async () => {
    sink.refuse(550);
    await enqueueMail(db.prisma, mail(20));
    start({ ...FAST_RETRY, giveUpAfterMs: 0 });
    await waitUntil(async () => (await outboxRepository(db.prisma).list())[0]?.status === "failed", "failed");
    const [row] = await outboxRepository(db.prisma).list();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/550/);
    expect(sink.messages).toHaveLength(0);
  });

  it("stop() waits for the mail being sent and leaves it marked sent", async () => {
    let sending!: () => void;
    const started = new Promise<void>((r) => (sending = r));
    const slow: MailTransport = {
      async send(m) {
        sending();
        await sleep(400);
        await transport.send(m);
      },
    };
    await enqueueMail(db.prisma, mail(30));
    const w = start(FAST_RETRY, slow);
    await started;
    await w.stop();
    expect(sink.messages).toHaveLength(1);
    const [row] = await outboxRepository(db.prisma).list();
    expect(row!.status).toBe("sent");
  });

  it("backs off 30 s, 1 min, 2 min … up to 1 h", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});

if (onPostgres)
  describe("two workers on one PostgreSQL database", () => {
    let db: Database;
    let other: Database;
    let sink: SmtpSink;
    let transport: SmtpTransport;

    beforeAll(async () => {
      db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
      other = await openPostgres(db.url!, 5);
      sink = await startSmtpSink();
      transport = createSmtpTransport(sink.url);
    });
    afterAll(async () => {
      transport?.close();
      await sink?.close();
      await other?.close();
      await db?.close();
    });

    it("sends each of 50 mails exactly once", async () => {
      for (let n = 0; n < 50; n++) await enqueueMail(db.prisma, mail(n));
      // Small batches and a little time per mail, so the two instances claim side by side.
      const slowly: MailTransport = {
        send: async (m) => {
          await sleep(5);
          await transport.send(m);
        },
      };
      const workers = [
        startOutboxWorker({ db: db.prisma, transport: slowly, compose, logger: quiet, pollMs: 20, batchSize: 3, workerId: "a" }),
        startOutboxWorker({ db: other.prisma, transport: slowly, compose, logger: quiet, pollMs: 20, batchSize: 3, workerId: "b" }),
      ];
      try {
        await sink.waitForCount(50, 30_000);
        await sleep(500);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const subjects = sink.messages.map((m) => m.subject);
      expect(subjects).toHaveLength(50);
      expect(new Set(subjects).size).toBe(50);
      const rows = await outboxRepository(db.prisma).list({ take: 100 });
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(50);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    });
  });
