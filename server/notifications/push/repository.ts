// Web Push subscriptions of customers' browsers (installed storefronts).
import type { Db } from "../../db/client.ts";

export interface StoredPushSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  failures: number;
}

const select = { id: true, userId: true, endpoint: true, p256dh: true, auth: true, failures: true } as const;

export const pushRepository = (db: Db) => ({
  /** A browser re-subscribing (or another account signing in on it) takes the endpoint over. */
  save: (userId: string, sub: { endpoint: string; p256dh: string; auth: string }): Promise<StoredPushSubscription> =>
    db.pushSubscription.upsert({
      where: { endpoint: sub.endpoint },
      create: { userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth },
      update: { userId, p256dh: sub.p256dh, auth: sub.auth, failures: 0 },
      select,
    }),

  /** The account's newest `limit` subscriptions (no more are ever pushed to, whatever a race stored). */
  listForUser: (userId: string, limit: number): Promise<StoredPushSubscription[]> =>
    db.pushSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, select }),

  /**
   * Every browser of active staff members (the console's pushes: docs/product/notifications.md#staff-alerts), the
   * newest first, at most `limit`: each member keeps at most MAX_PUSH_SUBSCRIPTIONS anyway.
   */
  listForStaff: (limit: number): Promise<StoredPushSubscription[]> =>
    db.pushSubscription.findMany({
      where: { user: { role: { not: "customer" }, active: true } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select,
    }),

  /** Drops the account's subscriptions beyond its newest `keep`. */
  async keepNewest(userId: string, keep: number): Promise<void> {
    const older = await db.pushSubscription.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: keep,
      select: { id: true },
    });
    if (older.length > 0) await db.pushSubscription.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
  },

  /** The customer unsubscribed on this browser (only their own endpoint). */
  async removeForUser(userId: string, endpoint: string): Promise<boolean> {
    const { count } = await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
    return count > 0;
  },

  async remove(id: string): Promise<void> {
    await db.pushSubscription.deleteMany({ where: { id } });
  },

  async recordSuccess(id: string): Promise<void> {
    await db.pushSubscription.updateMany({ where: { id }, data: { lastSuccessAt: new Date(), failures: 0 } });
  },

  /** Counts a failed delivery; returns the new count (0 when the subscription is gone). */
  async recordFailure(id: string): Promise<number> {
    const rows = await db.pushSubscription.updateManyAndReturn({
      where: { id },
      data: { failures: { increment: 1 } },
      select: { failures: true },
    });
    return rows[0]?.failures ?? 0;
  },
});
