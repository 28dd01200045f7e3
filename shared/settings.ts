// The shop settings' fields whose change needs the acting admin's own password (docs/product/console.md#definições-admins),
// and the payment deadline's range.

/** Where every shopper's money goes. */
export const BANK_FIELDS = ["bankName", "accountHolder", "accountNumber", "iban"] as const;
/** Who shoppers call and write to, and where staff alerts go. */
export const CONTACT_LISTS = ["phones", "emails", "addresses", "staffAlertEmails"] as const;
/** The same, with the shop's WhatsApp number (one value, not a list). */
export const CONTACT_FIELDS = [...CONTACT_LISTS, "whatsapp"] as const;

export const isBankField = (field: string): boolean => (BANK_FIELDS as readonly string[]).includes(field);
export const isContactField = (field: string): boolean => (CONTACT_FIELDS as readonly string[]).includes(field);

/** Where shoppers pay and reach the shop, and who is alerted, as an admin reads them (the e-mail telling admins of a change). */
export const GUARDED_FIELD_LABELS: Record<(typeof BANK_FIELDS)[number] | (typeof CONTACT_FIELDS)[number], string> = {
  bankName: "Banco",
  accountHolder: "Titular da conta",
  accountNumber: "Número da conta",
  iban: "IBAN",
  phones: "Telefones",
  emails: "E-mails",
  addresses: "Moradas",
  staffAlertEmails: "Alertas por email à equipa",
  whatsapp: "WhatsApp da loja",
};

/** The longest time to pay a bank-transfer order, in hours (30 days); the shortest is anything above 0. */
export const MAX_PAYMENT_DEADLINE_HOURS = 720;

/** After how many hours untouched a signed-in shopper's cart gets its reminder (docs/product/notifications.md#abandoned-cart). */
export const DEFAULT_CART_REMINDER_HOURS = 24;
export const MIN_CART_REMINDER_HOURS = 1;
export const MAX_CART_REMINDER_HOURS = 168;

/**
 * Where and how much the shop sends by WhatsApp and SMS (docs/design/security.md#whatsapp-and-sms-only-where-they-should-go):
 * the countries besides Angola and the daily caps. Each message costs the shop money, so a change needs the admin's
 * password like the bank details.
 */
export const MESSAGING_FIELDS = [
  "messagingCountryCodes",
  "messagingPerPhoneDaily",
  "messagingPerAccountDaily",
  "messagingShopDaily",
] as const;
export const isMessagingField = (field: string): boolean => (MESSAGING_FIELDS as readonly string[]).includes(field);

/** The daily caps' defaults and bounds (messages in 24 hours): a phone, an account, the whole shop. */
export const MESSAGING_CAPS = {
  messagingPerPhoneDaily: { default: 10, min: 1, max: 100 },
  messagingPerAccountDaily: { default: 20, min: 1, max: 200 },
  messagingShopDaily: { default: 500, min: 1, max: 100_000 },
} as const;
export type MessagingCapField = keyof typeof MESSAGING_CAPS;
/** At most this many countries besides Angola. */
export const MAX_MESSAGING_COUNTRIES = 20;
