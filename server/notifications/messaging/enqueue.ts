// Which phone message an event writes (docs/product/notifications.md#whatsapp-and-sms), in the event's own
// transaction like its e-mails: WhatsApp to a shopper who chose it (when the shop configured WhatsApp), else SMS
// to one who chose SMS (when configured); never both for one event. A failed WhatsApp message is replaced by one
// SMS later (sender.ts, webhook.ts). Without a valid phone, an active account or a configured channel: nothing.
import { toE164 } from "../../../shared/phones.ts";
import { encode } from "../mail/facts.ts";
import type { NewMail, OutboxChannel } from "../outbox/repository.ts";
import { phoneSubject, type PhoneFacts, type PhoneKind } from "./templates.ts";

/** The channels the shop configured (WHATSAPP_*, SMS_PROVIDER). */
export interface PhoneChannels {
  whatsapp: boolean;
  sms: boolean;
}

export interface PhoneRecipient {
  active: boolean;
  whatsappOptIn: boolean;
  smsOptIn: boolean;
}

/** The channel a shopper is reached on for an event, if any. */
export function phoneChannel(channels: PhoneChannels, r: PhoneRecipient): Exclude<OutboxChannel, "email"> | null {
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
      dedupeKey: `${channel}:${kind}:${event}`,
    },
  ];
}
