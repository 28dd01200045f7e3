// What became of an e-mail in the outbox (docs/design/notifications.md#the-outbox): waiting to be sent (or, with no
// SMTP server configured, what would have been sent), sent, or given up on after about a day of retries. A WhatsApp
// or SMS message the shop's rules kept back (a country not allowed, a phone its shopper never confirmed, a daily cap)
// is "blocked", with the reason in Portuguese (docs/design/security.md#whatsapp-and-sms-only-where-they-should-go).
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "blocked"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const isOutboxStatus = (value: string): value is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(value);
