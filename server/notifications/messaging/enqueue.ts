// Which phone message an event writes (docs/product/notifications.md#whatsapp-and-sms), in the event's own
// transaction like its e-mails: WhatsApp to a shopper who chose it (when the shop configured WhatsApp), else SMS
// to one who chose SMS (when configured); never both for one event. A failed WhatsApp message is replaced by one
// SMS later (sender.ts, webhook.ts). Without a valid phone, an active account or a configured channel: nothing.
// Whether a written row may leave (the country, a phone its shopper confirmed, the daily caps) the sender decides
// as it sends (policy.ts): what it keeps back stays in the outbox, marked with why.
import type { PhoneChannel, PhoneChannels } from "../../../shared/phone-codes.ts";
import { toE164 } from "../../../shared/phones.ts";
import { encode } from "../mail/facts.ts";
import type { NewMail } from "../outbox/repository.ts";
import { PHONE_CODE_KIND, PHONE_CODE_SUBJECT, phoneSubject, type PhoneFacts, type PhoneKind } from "./templates.ts";

/** The channels the shop configured (WHATSAPP_*, SMS_PROVIDER). */
export type { PhoneChannel, PhoneChannels } from "../../../shared/phone-codes.ts";
export { phoneCodeChannels } from "../../../shared/phone-codes.ts";

export interface PhoneRecipient {
  /** The shopper's account: its phone verification and its daily cap decide whether the row leaves. */
  id: string;
  active: boolean;
  whatsappOptIn: boolean;
  smsOptIn: boolean;
}

/** The channel a shopper is reached on for an event, if any. */
export function phoneChannel(channels: PhoneChannels, r: Omit<PhoneRecipient, "id">): PhoneChannel | null {
  if (!r.active) return null;
  if (channels.whatsapp && r.whatsappOptIn) return "whatsapp";
  if (channels.sms && r.smsOptIn) return "sms";
  return null;
}

/**
 * The outbox row (none or one) of a phone message. `event` names the event (e.g. the order id, or the digest's
 * last message): the same event written twice is one message.
 */
export function phoneMessageRows(
  channels: PhoneChannels,
  recipient: PhoneRecipient,
  phone: string | null | undefined,
  kind: PhoneKind,
  facts: PhoneFacts,
  event: string = facts.orderId,
): NewMail[] {
  const channel = phoneChannel(channels, recipient);
  const to = toE164(phone);
  if (!channel || !to) return [];
  return [
    {
      channel,
      kind,
      to,
      subject: phoneSubject(kind, facts.orderId, facts),
      facts: encode(facts),
      secret: null,
      orderId: facts.orderId,
      userId: recipient.id,
      dedupeKey: `${channel}:${kind}:${event}`,
    },
  ];
}

/** The row of a code confirming `to` (E.164) for account `userId`: the code sealed, never readable in the outbox. */
export function phoneCodeRow(channel: PhoneChannel, userId: string, to: string, sealedCode: string, codeId: string): NewMail {
  return {
    channel,
    kind: PHONE_CODE_KIND,
    to,
    subject: PHONE_CODE_SUBJECT,
    facts: {},
    secret: sealedCode,
    orderId: null,
    userId,
    dedupeKey: `${channel}:${PHONE_CODE_KIND}:${codeId}`,
  };
}
