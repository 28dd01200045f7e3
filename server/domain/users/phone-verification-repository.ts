// phone_codes and verified_phones: the codes sent to confirm a phone (only their keyed digest) and the phones each
// account proved are theirs (docs/design/security.md#whatsapp-only-to-its-owner).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export interface LiveCode {
  id: string;
  codeHash: string;
  attempts: number;
}

export const phoneVerificationRepository = (db: Db) => ({
  async createCode(code: { userId: string; phone: string; codeHash: string; expiresAt: Date }): Promise<string> {
    return (await db.phoneCode.create({ data: code, select: { id: true } })).id;
  },

  /** The newest code of this account for this phone that is neither used nor expired. */
  liveCode: (userId: string, phone: string): Promise<LiveCode | null> =>
    db.phoneCode.findFirst({
      where: { userId, phone, usedAt: null, expiresAt: { gt: new Date() } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, codeHash: true, attempts: true },
    }),

  /**
   * Counts one try at code `id` when it has tries left (one statement: concurrent tries cannot pass the limit).
   * False when none were left.
   */
  async takeTry(id: string, maxTries: number): Promise<boolean> {
    const count = await db.$executeRaw(Prisma.sql`
      UPDATE phone_codes SET attempts = attempts + 1 WHERE id = ${id} AND attempts < ${maxTries}::int AND used_at IS NULL`);
    return count === 1;
  },

  /** Uses the code (once: a second use of it finds it used) and every other code of this account for this phone. */
  async use(id: string, userId: string, phone: string): Promise<boolean> {
    const now = new Date();
    const { count } = await db.phoneCode.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
    if (count === 1) await db.phoneCode.updateMany({ where: { userId, phone, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  },

  async verify(userId: string, phone: string): Promise<void> {
    await db.verifiedPhone.upsert({
      where: { userId_phone: { userId, phone } },
      create: { userId, phone },
      update: { verifiedAt: new Date() },
    });
  },

  /** Whether the account signed in with this phone (E.164) or confirmed it. */
  async isVerified(userId: string, phone: string): Promise<boolean> {
    const found = await db.user.count({ where: { id: userId, OR: [{ phone }, { verifiedPhones: { some: { phone } } }] } });
    return found > 0;
  },

  /** The phones the account confirmed, oldest first. */
  verifiedPhones: async (userId: string): Promise<string[]> =>
    (await db.verifiedPhone.findMany({ where: { userId }, orderBy: { verifiedAt: "asc" }, select: { phone: true } })).map((p) => p.phone),
});
