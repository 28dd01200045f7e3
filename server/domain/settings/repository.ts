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
  save: (data: ShopDetails): Promise<ShopDetails> => db.shopSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data, select }),
});
