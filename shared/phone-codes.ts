// The codes that confirm a phone (docs/product/accounts.md#confirming-a-phone): which channels can carry one (the
// shop's configured WhatsApp and SMS, WhatsApp first) and how long one is valid. The server's rules, its messages
// and the account page read them here.

/** The phone channels a shop may configure. */
export type PhoneChannel = "whatsapp" | "sms";

/** Which phone channels the shop configured. */
export interface PhoneChannels {
  whatsapp: boolean;
  sms: boolean;
}

/** Minutes a code stays valid. */
export const PHONE_CODE_MINUTES = 10;

/** The channels a code can go by, WhatsApp first. */
export const phoneCodeChannels = (channels: PhoneChannels): PhoneChannel[] => [
  ...(channels.whatsapp ? (["whatsapp"] as const) : []),
  ...(channels.sms ? (["sms"] as const) : []),
];
