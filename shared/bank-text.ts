// Bank details written into free text: where a name or a saved answer would carry someone's IBAN or account number
// to shoppers (docs/design/security.md#bank-details-in-text). A shopper's name in the shop's mails, a quick reply an
// agent pastes into a chat: both reach people who pay by transfer, so an IBAN there redirects money.
import { toE164 } from "./phones.ts";
import { visibleText } from "./visible-text.ts";

/**
 * An IBAN as people write it: a country's two letters, two check digits, then 11–30 letters and digits, grouped with
 * spaces, dots or hyphens ("AO06 0040 0000 1234 5678 1012 3"); with at least ten digits in all, so words are not
 * taken for one. Read on the text as it shows (full-width digits, zero-width spaces between groups).
 */
const IBAN_LIKE = /(?<![A-Z0-9])[A-Z]{2}[ .-]?\d{2}(?:[ .-]?[A-Z0-9]){11,30}(?![A-Z0-9])/g;

/**
 * Nine digits or more in one run, single spaces, dots or hyphens between them (an account number, a NIB, a card), with
 * the + of an international phone number when there is one.
 */
const DIGIT_RUN = /(?<!\d)(?:\+ ?)?\d(?:[ .-]?\d){8,}(?!\d)/g;

const digitCount = (text: string) => text.replace(/\D/g, "").length;

/**
 * The first IBAN or account number the text carries, as it shows, or null. A run of digits that is a phone number
 * (valid for Angola, or for any country when written with + or 00) is no account: shops write their WhatsApp.
 */
export function bankDetailsIn(text: string): string | null {
  const shown = visibleText(text).toUpperCase();
  for (const match of shown.matchAll(IBAN_LIKE)) if (digitCount(match[0]) >= 10) return match[0].trim();
  for (const match of shown.matchAll(DIGIT_RUN)) if (!toE164(match[0])) return match[0].trim();
  return null;
}
