// Support replies the shopper has not read and was not yet e-mailed about, and the mark of what was e-mailed.
import type { Db } from "../db/client.ts";
import { Prisma } from "../db/client.ts";

export interface PendingReply {
  orderId: string;
  messageId: string;
  text: string | null;
  hasAttachment: boolean;
  createdAt: Date;
  userId: string;
  customerName: string;
  /** Null when the shopper is not e-mailed (no address, or e-mails off): only their phone is told. */
  email: string | null;
}

export const replyDigestRepository = (db: Db) => ({
  /** Unread support replies after each order's digest mark, for shoppers who accept e-mail, WhatsApp or SMS. Oldest first. */
  async pendingReplies(limit = 500): Promise<PendingReply[]> {
    const rows = await db.$queryRaw<
      {
        order_id: string;
        id: string;
        text: string | null;
        has_attachment: boolean;
        created_at: Date;
        user_id: string;
        name: string;
        email: string | null;
      }[]
    >(Prisma.sql`
      SELECT m.order_id, m.id, m.text, (m.media_id IS NOT NULL) AS has_attachment, m.created_at, u.id AS user_id, u.name,
             CASE WHEN u.notify_email THEN u.email END AS email
        FROM messages m
        JOIN orders o ON o.id = m.order_id
        JOIN users u ON u.id = o.user_id
        LEFT JOIN support_reply_digests d ON d.order_id = m.order_id
       WHERE m.sender = 'support' AND m.read_by_client_at IS NULL
         AND (d.covered_until IS NULL OR m.created_at > d.covered_until)
         AND u.active AND ((u.notify_email AND u.email IS NOT NULL) OR u.whatsapp_opt_in OR u.sms_opt_in)
       ORDER BY m.created_at, m.id
       LIMIT ${limit}::int`);
    return rows.map((r) => ({
      orderId: r.order_id,
      messageId: r.id,
      text: r.text,
      hasAttachment: r.has_attachment,
      createdAt: r.created_at,
      userId: r.user_id,
      customerName: r.name,
      email: r.email,
    }));
  },

  /** Moves the order's mark forward (never back). */
  async markCovered(orderId: string, coveredUntil: Date): Promise<void> {
    await db.$executeRaw(Prisma.sql`
      INSERT INTO support_reply_digests (order_id, covered_until) VALUES (${orderId}, ${coveredUntil})
      ON CONFLICT (order_id) DO UPDATE SET covered_until = GREATEST(support_reply_digests.covered_until, EXCLUDED.covered_until)`);
  },
});
