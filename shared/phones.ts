// Phone numbers as staff type them into a search: "923 111 222", "923111222", "+244 923 111 222" and
// "00244923111222" are one phone. Angola's numbering plan is closed (every number is 9 digits after the country
// code 244), so a number is compared by its 9 national digits; any other number by all of its digits. The database
// keeps the same digits for every order's delivery phone (`loja_phone_digits`, migration 20261127100000), and
// this rule stays one that SQL can say as simply: that is why it is digits, not a phone library's E.164 parsing.

import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/** Angola's country calling code. */
export const ANGOLA_CALLING_CODE = "244";

/** The digits a phone is compared by: the 9 national digits of an Angolan number, else every digit. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, "");
  if (digits.length === 14 && digits.startsWith(`00${ANGOLA_CALLING_CODE}`)) return digits.slice(5);
  if (digits.length === 12 && digits.startsWith(ANGOLA_CALLING_CODE)) return digits.slice(3);
  return digits;
}

/** Shortest part of a phone a search looks for (fewer digits would match most orders). */
const MIN_PHONE_SEARCH_DIGITS = 4;

/**
 * What a search for (part of) a phone looks for: the digits, without a country code the text starts with
 * ("+244 923", "00244 923 1"); null when the text is not a phone (letters, or too few digits).
 */
export function phoneSearchDigits(text: string): string | null {
  const q = text.trim();
  if (!/^[\d\s+().-]+$/.test(q)) return null;
  const prefixed = /^(\+|00)\s*244/.test(q) ? q.replace(/^(\+|00)\s*244/, "") : q;
  const digits = phoneDigits(prefixed);
  return digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : null;
}

// Sending to a phone (wa.me links, WhatsApp, SMS) needs the number in E.164 ("+244923456789"): libphonenumber-js
// knows every country's plan, so a typed "923 456 789", "00244 923 456 789" or "+351 912 345 678" becomes one
// form and an impossible number is told apart (docs/product/checkout.md#checkout-rules). Its "min" metadata
// (about 80 kB) checks lengths and prefixes, which is what a checkout needs.

/** A checkout phone that is digits but no number anywhere (too short, too long, an impossible prefix). */
export const INVALID_PHONE = "Número de telefone inválido. Escreva-o como 923 456 789 ou +244 923 456 789";

/** The phone in E.164 ("+2449XXXXXXXX" for Angola, the default country), or null when it is not a valid number. */
export function toE164(text: string | null | undefined): string | null {
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text.trim(), "AO");
  return parsed?.isValid() ? parsed.number : null;
}

/** The phone as wa.me and the WhatsApp Cloud API want it: E.164's digits without "+"; null when invalid. */
export function waNumber(text: string | null | undefined): string | null {
  return toE164(text)?.slice(1) ?? null;
}

/**
 * The number the storefront's wa.me links open (docs/product/storefront.md#product-page): the settings' WhatsApp
 * number, else the first phone, as E.164's digits; null when neither is a phone.
 */
export const shopWhatsAppNumber = (whatsapp: string, phones: readonly string[]): string | null => waNumber(whatsapp || phones[0]);

// Where WhatsApp and SMS may go (docs/design/security.md#whatsapp-and-sms-only-where-they-should-go): Angola, and the
// countries the owner added by their calling code. The code is read from the number by libphonenumber-js, so
// "+2449…" and "+35191…" are told apart by the numbering plans, not by a prefix compare ("+24" is not "+244").

/** The country calling code of a phone in E.164 ("244", "351", "882"), or null when it is not a valid number. */
export function callingCodeOf(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.countryCallingCode : null;
}

/** Every country's calling code (non-geographic ones such as +882 satellite networks are no country's). */
let countryCodes: Set<string> | undefined;

/** A country's calling code, digits only ("351", "55"): what the owner's allow-list may hold. */
export const isCountryCallingCode = (code: string): boolean =>
  (countryCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c) as string))).has(code);

/** The calling code as typed in the console ("+351", "00351", " 351 "): its digits; "" when there are none. */
export const callingCodeDigits = (text: string): string => text.replace(/\D/g, "").replace(/^00/, "");

/** Whether a phone in E.164 may receive WhatsApp or SMS: Angolan, or of a country the owner allowed. */
export function messagingAllowedTo(e164: string, allowedCodes: readonly string[]): boolean {
  const code = callingCodeOf(e164);
  return code !== null && (code === ANGOLA_CALLING_CODE || allowedCodes.includes(code));
}
