// What became of an e-mail in the outbox (docs/design/notifications.md#the-outbox): waiting to be sent (or, with no
// SMTP server configured, what would have been sent), sent, or given up on after about a day of retries.
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const isOutboxStatus = (value: string): value is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(value);
