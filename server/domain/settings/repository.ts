// The shop's one settings row (id 1): the only Prisma caller of the settings domain.
import type { Db } from "../../db/client.ts";

export interface ShopDetails {
  phones: string[];
  emails: string[];
  addresses: string[];
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  iban: string;
  isDemo: boolean;
}

const select = { phones: true, emails: true, addresses: true, bankName: true, accountHolder: true, accountNumber: true, iban: true, isDemo: true } as const;

export const settingsRepository = (db: Db) => ({
  get: (): Promise<ShopDetails | null> => db.shopSettings.findUnique({ where: { id: 1 }, select }),
  /** The row with its last change, as staff edit it. */
  getWithUpdatedAt: (): Promise<(ShopDetails & { updatedAt: Date }) | null> => db.shopSettings.findUnique({ where: { id: 1 }, select: { ...select, updatedAt: true } }),
  save: (data: ShopDetails): Promise<ShopDetails> => db.shopSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data, select }),
});
