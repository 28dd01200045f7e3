// The support team's tools (docs/product/chat.md#the-staff-side): saved answers ("Respostas rápidas") and internal notes on an order.
import { bankDetailsIn } from "./bank-text.ts";

export const MAX_QUICK_REPLY_TITLE = 80;
/** A quick reply is inserted into a chat message, so it is no longer than one. */
export { MAX_MESSAGE_TEXT as MAX_QUICK_REPLY_TEXT } from "./chat.ts";
export const MAX_NOTE_TEXT = 2000;

/** The shop's bank details as the settings hold them. */
export interface BankDetails {
  bankName: string;
  accountHolder: string;
  iban: string;
}

/** The placeholders a quick reply may carry, each filled from the shop's settings when an agent inserts it. */
const QUICK_REPLY_PLACEHOLDERS = {
  "{banco}": (bank: BankDetails) => bank.bankName,
  "{titular}": (bank: BankDetails) => bank.accountHolder,
  "{iban}": (bank: BankDetails) => bank.iban,
} as const;

/**
 * The IBAN or account number a quick reply's text writes out by hand (placeholders aside), or null. The shop's own
 * bank details reach a reply through {iban}, filled from the settings, which only an admin changes with their
 * password; a literal one could be anyone's, so saving it takes the admin's password too
 * (docs/product/chat.md#quick-replies).
 */
export const quickReplyBankDetails = (text: string): string | null => bankDetailsIn(text.replace(/\{(banco|titular|iban)\}/g, " "));

export const QUICK_REPLY_PASSWORD_REQUIRED =
  "Esta resposta escreve um IBAN ou número de conta: use {iban} para os dados bancários da loja, ou confirme a sua palavra-passe para a guardar assim";

/** The reply's text with every placeholder replaced by the shop's current value. */
export const fillQuickReply = (text: string, bank: BankDetails): string =>
  text.replace(/\{(banco|titular|iban)\}/g, (placeholder) =>
    QUICK_REPLY_PLACEHOLDERS[placeholder as keyof typeof QUICK_REPLY_PLACEHOLDERS](bank),
  );
