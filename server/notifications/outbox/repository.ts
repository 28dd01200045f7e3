// The outbox table: mails written with the events that cause them (their facts, not their rendering: see
// mail/facts.ts), claimed and marked by the sender.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { newOrderId } from "../../domain/orders/ids.ts";
import type { Json, MailRecord, StoredMail } from "../mail/facts.ts";
import type { OutboxStatus } from "../../../shared/outbox.ts";

/** Which sender claims a row (docs/design/notifications.md#whatsapp-and-sms). */
export type OutboxChannel = "email" | "whatsapp" | "sms";

export interface NewMail extends Omit<StoredMail, "kind"> {
  kind: string;
  /** 'email' when left out; for 'whatsapp' and 'sms', `to` is an E.164 phone. */
  channel?: OutboxChannel;
  /** The order a phone message is about. */
  orderId?: string | null;
  /** The shopper a phone message is for (per-account cap, the phone's verification). */
  userId?: string | null;
  to: string;
  /** Mails with the same key are one mail: the second enqueue is a no-op. */
  dedupeKey?: string | null;
}

export interface ClaimedMail extends MailRecord {
  id: string;
  to: string;
  channel: string;
  orderId: string | null;
  userId: string | null;
  /** Including the one just claimed. */
  attempts: number;
  createdAt: Date;
}

export type { OutboxStatus };

export interface OutboxRow extends ClaimedMail {
  deliveryStatus: string | null;
  status: OutboxStatus;
  dedupeKey: string | null;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
}

// Timestamp columns hold UTC (as Prisma writes them); the raw SQL compares them with the database's clock in UTC
// whatever the session's time zone.
const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

const rowSelect = {
  id: true,
  kind: true,
  to: true,
  subject: true,
  facts: true,
  secret: true,
  html: true,
  text: true,
  attempts: true,
  createdAt: true,
  status: true,
  dedupeKey: true,
  nextAttemptAt: true,
  lastError: true,
  sentAt: true,
  channel: true,
  orderId: true,
  userId: true,
  deliveryStatus: true,
} as const;

const listWhere = (f: { status?: OutboxStatus; q?: string }): Prisma.OutboxMailWhereInput => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.q
    ? { OR: [{ to: { contains: f.q, mode: "insensitive" } }, { subject: { contains: f.q, mode: "insensitive" } }, { kind: f.q }] }
    : {}),
});

export const outboxRepository = (db: Db) => ({
  /** Writes `mails` in one statement; a mail whose dedupe key is taken is skipped. How many were written. */
  insertMany: (mails: NewMail[]): Promise<number> => (mails.length ? db.$executeRaw(insertRows(mails)) : Promise.resolve(0)),

  /** Inserts the mail unless one with its dedupeKey exists (ON CONFLICT DO NOTHING keeps the caller's transaction alive). */

  async insert(mail: NewMail): Promise<boolean> {
    const { count } = await db.outboxMail.createMany({
      data: [
        {
          kind: mail.kind,
          to: mail.to,
          subject: mail.subject,
          facts: mail.facts as Prisma.InputJsonValue,
          secret: mail.secret,
          dedupeKey: mail.dedupeKey ?? null,
          channel: mail.channel ?? "email",
          orderId: mail.orderId ?? null,
          userId: mail.userId ?? null,
          nextAttemptAt: new Date(),
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  },

  /**
   * Claims up to `limit` due mails for `workerId` until `lockMs` from now, counting the attempt. SKIP LOCKED lets
   * two instances claim at the same moment without waiting on each other or taking the same rows.
   */
  async claimDue(workerId: string, limit: number, lockMs: number, channels: readonly OutboxChannel[] = ["email"]): Promise<ClaimedMail[]> {
    const rows = await db.$queryRaw<
      {
        id: string;
        kind: string;
        to: string;
        subject: string;
        facts: unknown;
        secret: string | null;
        html: string | null;
        text: string | null;
        attempts: number;
        created_at: Date;
        channel: string;
        order_id: string | null;
        user_id: string | null;
      }[]
    >(Prisma.sql`
      UPDATE outbox_mails
         SET locked_until = ${NOW} + make_interval(secs => ${lockMs / 1000}::float8), locked_by = ${workerId}, attempts = attempts + 1
       WHERE id IN (SELECT id FROM outbox_mails
                     WHERE status = 'pending' AND channel = ANY(${[...channels]}::text[])
                       AND next_attempt_at <= ${NOW} AND (locked_until IS NULL OR locked_until < ${NOW})
                     ORDER BY next_attempt_at
                     LIMIT ${limit}::int
                     FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, "to", subject, facts, secret, html, text, attempts, created_at, channel, order_id, user_id`);
    return rows
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.to,
        subject: r.subject,
        facts: r.facts,
        secret: r.secret,
        html: r.html,
        text: r.text,
        attempts: Number(r.attempts),
        createdAt: r.created_at,
        channel: r.channel,
        orderId: r.order_id,
        userId: r.user_id,
      }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  },

  /** Gives back claimed mails this worker will not send (it is stopping): another instance takes them at once. */
  async release(ids: string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await db.outboxMail.updateMany({
      where: { id: { in: ids }, lockedBy: workerId, status: "pending" },
      data: { lockedUntil: null, lockedBy: null, attempts: { decrement: 1 } },
    });
  },

  /** The backlog for the metrics: pending mails (and how long the oldest has waited) and mails given up on. */
  async backlog(): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
    const [pending, failed, oldest] = await Promise.all([
      db.outboxMail.count({ where: { status: "pending" } }),
      db.outboxMail.count({ where: { status: "failed" } }),
      db.outboxMail.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    ]);
    return { pending, failed, oldestPendingAt: oldest?.createdAt ?? null };
  },

  /** Only the worker holding the claim may settle the mail. A settled mail's secrets are erased: it is never sent again. */
  async markSent(id: string, workerId: string, providerId?: string): Promise<void> {
    await db.outboxMail.updateMany({
      where: { id, lockedBy: workerId, status: "pending" },
      data: { status: "sent", sentAt: new Date(), lastError: null, lockedUntil: null, lockedBy: null, secret: null, providerId },
    });
  },

  async scheduleRetry(id: string, workerId: string, error: string, nextAttemptAt: Date): Promise<void> {
    await db.outboxMail.updateMany({
      where: { id, lockedBy: workerId, status: "pending" },
      data: { nextAttemptAt, lastError: error, lockedUntil: null, lockedBy: null },
    });
  },

  async markFailed(id: string, workerId: string, error: string): Promise<void> {
    await db.outboxMail.updateMany({
      where: { id, lockedBy: workerId, status: "pending" },
      data: { status: "failed", lastError: error, lockedUntil: null, lockedBy: null, secret: null },
    });
  },

  /** A phone message the shop's rules keep back: never sent, `reason` shown in the console; its secrets erased. */
  async markBlocked(id: string, workerId: string, reason: string): Promise<void> {
    await db.outboxMail.updateMany({
      where: { id, lockedBy: workerId, status: "pending" },
      data: { status: "blocked", lastError: reason, lockedUntil: null, lockedBy: null, secret: null },
    });
  },

  /** Newest first unless told, for the console's outbox page. */
  list(
    opts: { status?: OutboxStatus; q?: string; skip?: number; take?: number; orderBy?: Prisma.OutboxMailOrderByWithRelationInput[] } = {},
  ): Promise<OutboxRow[]> {
    return db.outboxMail.findMany({
      where: listWhere(opts),
      orderBy: opts.orderBy ?? [{ createdAt: "desc" }, { id: "desc" }],
      skip: opts.skip ?? 0,
      take: opts.take ?? 50,
      select: rowSelect,
    }) as Promise<OutboxRow[]>;
  },

  count(status?: OutboxStatus, q?: string): Promise<number> {
    return db.outboxMail.count({ where: listWhere({ status, q }) });
  },

  get(id: string): Promise<OutboxRow | null> {
    return db.outboxMail.findUnique({ where: { id }, select: rowSelect }) as Promise<OutboxRow | null>;
  },
});

/** One INSERT of many mails (unnest of one array per column); ON CONFLICT DO NOTHING skips a dedupe key already used. */
function insertRows(mails: NewMail[]): Prisma.Sql {
  const column = <K extends keyof NewMail>(key: K) => mails.map((m) => m[key] ?? null);
  return Prisma.sql`
        INSERT INTO outbox_mails (id, kind, "to", subject, facts, secret, dedupe_key, channel, order_id, user_id, next_attempt_at, created_at)
        SELECT m.id, m.kind, m."to", m.subject, m.facts::jsonb, m.secret, m.dedupe_key, m.channel, m.order_id, m.user_id, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')
        FROM unnest(${mails.map(() => newOrderId())}::text[], ${column("kind")}::text[], ${column("to")}::text[], ${column("subject")}::text[],
                               ${mails.map((m) => JSON.stringify(m.facts satisfies Json))}::text[], ${column("secret")}::text[], ${column("dedupeKey")}::text[],
                               ${mails.map((m) => m.channel ?? "email")}::text[], ${column("orderId")}::text[], ${column("userId")}::text[])
             AS m(id, kind, "to", subject, facts, secret, dedupe_key, channel, order_id, user_id)
        ON CONFLICT DO NOTHING`;
}
