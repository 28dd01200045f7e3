import type { PublicSettings } from "../../../server/schemas/settings.ts";

/** Angolan numbers without their country code have 9 digits (9XX XXX XXX). */
const ANGOLA_LOCAL_DIGITS = 9;
const ANGOLA_CODE = "244";

/**
 * The shop's WhatsApp number as wa.me wants it (digits with the country code). The settings have no WhatsApp
 * field of their own: it is the first phone, as the footer lists it.
 */
export function shopWhatsApp(settings: PublicSettings | null): string | undefined {
  const digits = settings?.phones[0]?.replace(/\D/g, "").replace(/^00/, "");
  if (!digits) return undefined;
  return digits.length === ANGOLA_LOCAL_DIGITS ? `${ANGOLA_CODE}${digits}` : digits;
}

/** A wa.me link: to `number`, or (without one) letting the shopper pick the chat, with `text` ready to send. */
export const whatsAppLink = (text: string, number = "") => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
