// The context every template needs, from the shop's settings (kept in memory by domain/settings/settings-cache.ts):
// the shop's contacts and bank account, the public base URL links start with, and who receives staff alerts.
import type { ShopSettingsRow } from "../../domain/settings/repository.ts";
import type { BankAccount, MailContext } from "./templates.ts";

/** What the e-mails read of the settings row (null before it exists). */
type SettingsRow = Pick<
  ShopSettingsRow,
  "phones" | "emails" | "bankName" | "accountHolder" | "accountNumber" | "iban" | "staffAlertEmails"
> | null;

/** The context and the staff alert addresses from the settings row, and the public base URL links are built on. */
export function mailSettingsOf(row: SettingsRow, baseUrl: string): { ctx: MailContext; staff: string[] } {
  return { ctx: contextOf(row, baseUrl), staff: alertAddressesOf(row) };
}

function contextOf(row: SettingsRow, baseUrl: string): MailContext {
  return {
    baseUrl,
    shop: {
      phones: row?.phones ?? [],
      emails: row?.emails ?? [],
      bankName: row?.bankName,
      accountHolder: row?.accountHolder,
      accountNumber: row?.accountNumber,
      iban: row?.iban,
    },
  };
}

/** The shop's bank account as the context has it: a mail that says where to pay keeps it as of its event. */
export const bankOf = ({ shop }: MailContext): BankAccount => ({
  bankName: shop.bankName,
  accountHolder: shop.accountHolder,
  accountNumber: shop.accountNumber,
  iban: shop.iban,
});

/** Distinct, trimmed, lower-cased addresses that receive staff alerts. */
const alertAddressesOf = (row: SettingsRow): string[] => [
  ...new Set((row?.staffAlertEmails ?? []).map((a) => a.trim().toLowerCase()).filter(Boolean)),
];
