// The shop's one settings row (id 1) and its audit trail: the only Prisma caller of the settings domain.
import type { Db } from "../../db/client.ts";

export interface ShopDetails {
  phones: string[];
  emails: string[];
  addresses: string[];
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  iban: string;
  paymentDeadlineHours: number;
  /** Who receives staff alerts by e-mail (new order, new proof, customer message waiting). */
  staffAlertEmails: string[];
  isDemo: boolean;
}

export interface NewSettingsChange {
  changedById: string;
  field: string;
  before: string;
  after: string;
}

export interface SettingsChangeRow {
  field: string;
  before: string;
  after: string;
  createdAt: Date;
  changedBy: { id: string; name: string; email: string | null } | null;
}

const select = {
  phones: true,
  emails: true,
  addresses: true,
  bankName: true,
  accountHolder: true,
  accountNumber: true,
  iban: true,
  paymentDeadlineHours: true,
  staffAlertEmails: true,
  isDemo: true,
} as const;

// The deadline is a Decimal(8,2) column; two decimals are exact as a number.
// Rows from before the alert addresses existed hold NULL there.
const toDetails = <T extends { paymentDeadlineHours: { toNumber(): number }; staffAlertEmails: string[] | null }>(row: T) => ({
  ...row,
  paymentDeadlineHours: row.paymentDeadlineHours.toNumber(),
  staffAlertEmails: row.staffAlertEmails ?? [],
});

export const settingsRepository = (db: Db) => ({
  /** The IBAN shoppers are told to pay to (a PDF proof is compared with it). */
  iban: async (): Promise<string | null> => (await db.shopSettings.findUnique({ where: { id: 1 }, select: { iban: true } }))?.iban ?? null,
  get: async (): Promise<ShopDetails | null> => {
    const row = await db.shopSettings.findUnique({ where: { id: 1 }, select });
    return row && toDetails(row);
  },
  /** The row with its last change, as staff edit it. */
  getWithUpdatedAt: async (): Promise<(ShopDetails & { updatedAt: Date }) | null> => {
    const row = await db.shopSettings.findUnique({ where: { id: 1 }, select: { ...select, updatedAt: true } });
    return row && toDetails(row);
  },
  /** Holds the row until the transaction ends, so two saves read and audit one after the other. */
  lock: async (): Promise<void> => {
    await db.$queryRaw`SELECT id FROM shop_settings WHERE id = 1 FOR UPDATE`;
  },
  save: async (data: ShopDetails): Promise<void> => {
    await db.shopSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data, select: { id: true } });
  },
  recordChanges: async (changes: NewSettingsChange[]): Promise<void> => {
    if (changes.length > 0) await db.settingsChange.createMany({ data: changes });
  },
  /** The newest changes first (one save's rows share a time; the id keeps their order stable). */
  listChanges: (take: number): Promise<SettingsChangeRow[]> =>
    db.settingsChange.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: { field: true, before: true, after: true, createdAt: true, changedBy: { select: { id: true, name: true, email: true } } },
    }),
});
