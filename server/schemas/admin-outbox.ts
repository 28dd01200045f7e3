import { Type, type Static } from "typebox";
import { OUTBOX_STATUSES } from "../../shared/outbox.ts";

/** One e-mail of the outbox as the console lists it (html and text only on the detail, with any secret in it redacted). */
export const AdminOutboxMail = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  /** 'email', 'whatsapp' or 'sms' (then `to` is a phone and `deliveryStatus` what the provider reported). */
  channel: Type.Optional(Type.String()),
  deliveryStatus: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  to: Type.String(),
  subject: Type.String(),
  /**
   * 'pending' (waiting, or would be sent: without SMTP_URL nothing leaves), 'sent', 'failed', or 'blocked' (a WhatsApp
   * or SMS message the shop's rules kept back: `lastError` says why).
   */
  status: Type.Union([
    Type.Literal(OUTBOX_STATUSES[0]),
    Type.Literal(OUTBOX_STATUSES[1]),
    Type.Literal(OUTBOX_STATUSES[2]),
    Type.Literal(OUTBOX_STATUSES[3]),
  ]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  nextAttemptAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  html: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
});
export type AdminOutboxMail = Static<typeof AdminOutboxMail>;
