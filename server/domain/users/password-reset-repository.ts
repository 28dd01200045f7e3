// Password-reset tokens: only their sha256 is stored; consuming one is a single atomic UPDATE.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export const passwordResetRepository = (db: Db) => ({
  /** The active account with this (lower-cased) e-mail. */
  findActiveUserByEmail: (email: string) =>
    db.user.findFirst({ where: { email, active: true }, select: { id: true, name: true, email: true } }),

  /** Holds the account's row until the transaction ends, so two requests at once count each other's links. */
  async lockUser(userId: string): Promise<void> {
    await db.$queryRaw(Prisma.sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  },

  /** Links sent to the account since `since` (the per-address limit). */
  countSince: (userId: string, since: Date) => db.passwordResetToken.count({ where: { userId, createdAt: { gte: since } } }),

  create: (userId: string, tokenHash: string, expiresAt: Date) =>
    db.passwordResetToken.create({ data: { userId, tokenHash, expiresAt }, select: { id: true } }),

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so two requests with the same link
   * cannot both succeed. Returns the account's id, or null.
   */
  async consume(tokenHash: string): Promise<string | null> {
    const now = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
    const rows = await db.$queryRaw<{ user_id: string }[]>(Prisma.sql`
      UPDATE password_reset_tokens SET used_at = ${now}
       WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
       RETURNING user_id`);
    return rows[0]?.user_id ?? null;
  },

  /** Other links sent to the account stop working once one was used. */
  async retireOthers(userId: string): Promise<void> {
    await db.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  },
});
