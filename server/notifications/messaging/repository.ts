// The phone messages in the outbox (channel 'whatsapp' or 'sms'): their delivery statuses, the SMS that replaces a
// failed WhatsApp message, the console's list per order; whether a shopper may be reached at a phone; and whose a
// phone that writes to the shop is (only an account that verified it: docs/design/security.md#whatsapp-only-to-its-owner).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { newOrderId } from "../../domain/orders/ids.ts";
import { CANCELLED, DELIVERED } from "../../../shared/orders.ts";

/** Provider statuses in the order they happen: a status never replaces one of a higher rank (they arrive out of order). */
export const DELIVERY_RANK: Readonly<Record<string, number>> = { sent: 1, failed: 2, delivered: 2, read: 3 };

export interface PhoneMessageRow {
  id: string;
  channel: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  deliveryStatus: string | null;
  deliveryStatusAt: Date | null;
  lastError: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
}

const rankSql = (column: Prisma.Sql) =>
  Prisma.sql`CASE ${column} WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 0 END`;

export const phoneMessagesRepository = (db: Db) => ({
  /**
   * Records `status` for the message the provider knows as `providerId`, only when it moves forward (one
   * statement: two webhook calls at once cannot move it back). The row when it changed, else null.
   */
  async recordStatus(providerId: string, status: string, at: Date): Promise<{ id: string; channel: string } | null> {
    const rank = DELIVERY_RANK[status];
    if (!rank) return null;
    const rows = await db.$queryRaw<{ id: string; channel: string }[]>(Prisma.sql`
      UPDATE outbox_mails SET delivery_status = ${status}, delivery_status_at = ${at}
       WHERE provider_id = ${providerId} AND ${rankSql(Prisma.sql`delivery_status`)} < ${rank}::int
       RETURNING id, channel`);
    return rows[0] ?? null;
  },

  /**
   * Writes the SMS that stands in for WhatsApp message `id` (once: its dedupe key names the message), with its
   * sealed secret while the WhatsApp row still holds it (a phone code not yet given up on).
   */
  async fallbackToSms(id: string): Promise<boolean> {
    const count = await db.$executeRaw(Prisma.sql`
      INSERT INTO outbox_mails (id, kind, "to", subject, facts, secret, channel, order_id, user_id, dedupe_key, next_attempt_at, created_at)
      SELECT ${newOrderId()}, kind, "to", subject, facts, secret, 'sms', order_id, user_id, ${`sms-fallback:${id}`},
             (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')
        FROM outbox_mails WHERE id = ${id} AND channel = 'whatsapp'
      ON CONFLICT DO NOTHING`);
    return count > 0;
  },

  /**
   * Whether account `userId` may be sent order messages at this phone: its sign-in phone (the phone login verified
   * it), a phone it confirmed with a code, or the delivery phone of one of its paid orders.
   */
  async reachable(userId: string, e164: string, digits: string): Promise<boolean> {
    const rows = await db.$queryRaw<{ ok: boolean }[]>(Prisma.sql`
      SELECT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND phone = ${e164})
          OR EXISTS (SELECT 1 FROM verified_phones WHERE user_id = ${userId} AND phone = ${e164})
          OR EXISTS (SELECT 1 FROM orders WHERE user_id = ${userId} AND delivery_phone = ${digits} AND paid) AS ok`);
    return rows[0]?.ok === true;
  },

  /** The active customer accounts that verified this phone: signed in with it, or confirmed it with a code. */
  async verifiedOwners(e164: string): Promise<string[]> {
    const users = await db.user.findMany({
      where: { active: true, role: "customer", OR: [{ phone: e164 }, { verifiedPhones: { some: { phone: e164 } } }] },
      select: { id: true },
      take: 2,
    });
    return users.map((u) => u.id);
  },

  /** An order's WhatsApp and SMS messages, oldest first (the console's order page). */
  forOrder(orderId: string): Promise<PhoneMessageRow[]> {
    return db.outboxMail.findMany({
      where: { orderId, channel: { in: ["whatsapp", "sms"] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        channel: true,
        kind: true,
        to: true,
        subject: true,
        status: true,
        deliveryStatus: true,
        deliveryStatusAt: true,
        lastError: true,
        attempts: true,
        createdAt: true,
        sentAt: true,
      },
    });
  },

  /** The order a message from the account's phone is about: its newest order still open (not delivered or cancelled), else its newest. */
  async latestOrderOf(userId: string): Promise<{ id: string; userId: string } | null> {
    const where: Prisma.OrderWhereInput = { userId };
    const select = { id: true, userId: true } as const;
    const orderBy = [{ createdAt: "desc" as const }, { id: "desc" as const }];
    return (
      (await db.order.findFirst({ where: { AND: [where, { status: { notIn: [DELIVERED, CANCELLED] } }] }, select, orderBy })) ??
      (await db.order.findFirst({ where, select, orderBy }))
    );
  },

  /** Whether a shopper's WhatsApp message with Meta's id `messageId` is already in a chat. */
  async inboundSeen(messageId: string): Promise<boolean> {
    return (await db.whatsappInbound.count({ where: { messageId } })) > 0;
  },

  /**
   * Claims WhatsApp message `messageId` for the chat message written in the same transaction; false when another
   * delivery of it already did (a concurrent one waits for that transaction, then finds the id taken).
   */
  async claimInbound(messageId: string, orderId: string | null): Promise<boolean> {
    const count = await db.$executeRaw(Prisma.sql`
      INSERT INTO whatsapp_inbound (message_id, order_id) VALUES (${messageId}, ${orderId}) ON CONFLICT DO NOTHING`);
    return count > 0;
  },

  /** "PARAR": every account this phone belongs to (its sign-in phone or an order's delivery phone) stops WhatsApp. */
  async optOutPhone(digits: string, e164: string): Promise<number> {
    const { count } = await db.user.updateMany({
      where: { whatsappOptIn: true, OR: [{ phone: e164 }, { orders: { some: { deliveryPhone: digits } } }] },
      data: { whatsappOptIn: false, whatsappOptInAt: new Date() },
    });
    return count;
  },
});
