// Rows of who is online on which instance (realtime_presence).
import type { PrismaClient } from "../db/client.ts";

export interface PresentUser {
  userId: string;
  staff: boolean;
}

export const presenceRepository = (db: PrismaClient) => ({
  /** This instance's rows become `users` (one transaction, so no other instance sees them vanish between). */
  async replace(instanceId: string, users: PresentUser[], at: Date): Promise<void> {
    await db.$transaction([
      db.realtimePresence.deleteMany({ where: { instanceId } }),
      db.realtimePresence.createMany({
        data: users.map((u) => ({ instanceId, userId: u.userId, staff: u.staff, seenAt: at })),
        skipDuplicates: true,
      }),
    ]);
  },

  /** Rows of other instances written since `since` (this instance's own sockets are asked of its hub). */
  othersSince: (instanceId: string, since: Date): Promise<PresentUser[]> =>
    db.realtimePresence.findMany({
      where: { instanceId: { not: instanceId }, seenAt: { gte: since } },
      select: { userId: true, staff: true },
    }),

  async removeOlderThan(before: Date): Promise<void> {
    await db.realtimePresence.deleteMany({ where: { seenAt: { lt: before } } });
  },

  async removeInstance(instanceId: string): Promise<void> {
    await db.realtimePresence.deleteMany({ where: { instanceId } });
  },
});
