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

/** The longest time to pay a bank-transfer order, in hours (30 days); the shortest is anything above 0. */
export const MAX_PAYMENT_DEADLINE_HOURS = 720;

/** After how many hours untouched a signed-in shopper's cart gets its reminder (docs/product/notifications.md#abandoned-cart). */
export const DEFAULT_CART_REMINDER_HOURS = 24;
export const MIN_CART_REMINDER_HOURS = 1;
export const MAX_CART_REMINDER_HOURS = 168;
