// A support reply reaches a shopper who has no page open by e-mail within 2 minutes: a sweep (every ~30 s) takes
// the unread replies not yet e-mailed, waits until the oldest of an order's is `delayMs` old (so replies written
// in that window are joined in one e-mail) and enqueues one mail per order with a link to /message/{orderId}.
// A shopper with an open connection is skipped: the app shows the reply, and if it stays unread after they
// leave, a later sweep mails it.
import type { Db, PrismaClient } from "../db/client.ts";
import { enqueueMail } from "./outbox/enqueue.ts";
import { replyDigestRepository, type PendingReply } from "./reply-digest-repository.ts";

const DIGEST_DELAY_MS = 60_000;

interface DigestSweepOptions {
  db: PrismaClient;
  /** Whether the shopper has an open connection now (the realtime hub knows). */
  isOnline(userId: string): boolean;
  delayMs?: number;
  now?: Date;
  /** Writes the digest's WhatsApp / SMS message in its transaction (order-events.ts supportRepliesByPhone). */
  byPhone?: (tx: Db, orderId: string, event: string) => Promise<void>;
}

/** One sweep; returns the ids of the orders whose shopper was e-mailed. */
export async function sweepSupportReplyDigests(opts: DigestSweepOptions): Promise<string[]> {
  const delayMs = opts.delayMs ?? DIGEST_DELAY_MS;
  const now = (opts.now ?? new Date()).getTime();
  const byOrder = new Map<string, PendingReply[]>();
  for (const reply of await replyDigestRepository(opts.db).pendingReplies()) {
    byOrder.set(reply.orderId, [...(byOrder.get(reply.orderId) ?? []), reply]);
  }
  const mailed: string[] = [];
  for (const [orderId, replies] of byOrder) {
    const first = replies[0]!;
    const last = replies.at(-1)!;
    if (now - first.createdAt.getTime() < delayMs || opts.isOnline(first.userId)) continue;
    const facts = {
      orderId,
      customerName: first.customerName,
      replies: replies.map((r) => ({ text: r.text, hasAttachment: r.hasAttachment, at: r.createdAt })),
    };
    await opts.db.$transaction(async (tx) => {
      await replyDigestRepository(tx).markCovered(orderId, last.createdAt);
      // Two instances sweeping at once build the same digest: its key makes it one mail (and one phone message).
      if (first.email)
        await enqueueMail(tx, {
          kind: "support-replies",
          to: first.email,
          dedupeKey: `support-replies:${orderId}:${last.messageId}`,
          facts,
        });
      await opts.byPhone?.(tx, orderId, last.messageId);
    });
    mailed.push(orderId);
  }
  return mailed;
}
