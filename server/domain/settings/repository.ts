// The shop's one settings row (id 1) and its audit trail: the only Prisma caller of the settings domain.
import type { Db, Prisma } from "../../db/client.ts";

/** The settings row as every reader gets it (the storefront, the console, placement, the e-mails): one select, one type. */
export interface ShopSettingsRow {
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
  /** The shop's WhatsApp number in E.164 ("" : the first phone is the WhatsApp one). */
  whatsapp: string;
  /** Abandoned-cart reminders on or off, and after how many whole hours untouched a cart gets one. */
  cartReminderEnabled: boolean;
  cartReminderHours: number;
  /** Countries (calling codes) WhatsApp and SMS may go to besides Angola, and the daily caps (shared/settings.ts). */
  messagingCountryCodes: string[];
  messagingPerPhoneDaily: number;
  messagingPerAccountDaily: number;
  messagingShopDaily: number;
  /** Hours an unpaid order holds its tracked units (docs/product/orders.md#stock). */
  stockHoldHours: number;
  /** Orders the whole shop takes per hour at most (docs/product/checkout.md#placement-limits). */
  placementsPerHour: number;
  /** Pay on delivery (docs/product/pay-on-delivery.md): hours to confirm, refusals before a phone loses it. */
  payOnDeliveryConfirmHours: number;
  payOnDeliveryRefusalLimit: number;
  /** The shop as its fiscal documents name it: company name and NIF as the AGT knows them ("" until set), its IVA regime. */
  fiscalCompanyName: string;
  fiscalNif: string;
  fiscalVatRegime: string;
  /** Returns (docs/product/returns.md): days after Entregue a shopper may ask (0: off), and the policy shown first. */
  returnWindowDays: number;
  returnPolicy: string;
  isDemo: boolean;
  updatedAt: Date;
}

/** What a save writes (the row's time is the database's). */
export type ShopSettingsValues = Omit<ShopSettingsRow, "updatedAt">;

interface NewSettingsChange {
  changedById: string;
  field: string;
  before: string;
  after: string;
}

interface SettingsChangeRow {
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
  whatsapp: true,
  cartReminderEnabled: true,
  cartReminderHours: true,
  messagingCountryCodes: true,
  messagingPerPhoneDaily: true,
  messagingPerAccountDaily: true,
  messagingShopDaily: true,
  stockHoldHours: true,
  placementsPerHour: true,
  payOnDeliveryConfirmHours: true,
  payOnDeliveryRefusalLimit: true,
  fiscalCompanyName: true,
  fiscalNif: true,
  fiscalVatRegime: true,
  returnWindowDays: true,
  returnPolicy: true,
  isDemo: true,
  updatedAt: true,
} as const satisfies Prisma.ShopSettingsSelect;

type SelectedRow = Prisma.ShopSettingsGetPayload<{ select: typeof select }>;

// The deadline and the stock hold are Decimal(8,2) columns; two decimals are exact as a number. The alert addresses' column admits
// NULL (rows from before it existed hold it): read as none.
const toRow = (row: SelectedRow): ShopSettingsRow => ({
  ...row,
  paymentDeadlineHours: row.paymentDeadlineHours.toNumber(),
  stockHoldHours: row.stockHoldHours.toNumber(),
  payOnDeliveryConfirmHours: row.payOnDeliveryConfirmHours.toNumber(),
  staffAlertEmails: row.staffAlertEmails ?? [],
  messagingCountryCodes: row.messagingCountryCodes ?? [],
});

export const settingsRepository = (db: Db) => ({
  /** The row, null before it exists (the seed or the first save writes it). */
  get: async (): Promise<ShopSettingsRow | null> => {
    const row = await db.shopSettings.findUnique({ where: { id: 1 }, select });
    return row && toRow(row);
  },
  /** Holds the row until the transaction ends, so two saves read and audit one after the other. */
  lock: async (): Promise<void> => {
    await db.$queryRaw`SELECT id FROM shop_settings WHERE id = 1 FOR UPDATE`;
  },
  save: async (data: ShopSettingsValues): Promise<void> => {
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
