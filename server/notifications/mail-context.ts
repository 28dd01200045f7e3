// Building the context every template needs from the shop's settings (kept in memory by
// domain/settings/settings-cache.ts), and staff alerts (one mail per address the settings list).
import type { Db } from "../db/client.ts";
import type { ShopSettingsRow } from "../domain/settings/repository.ts";
import type { Mail } from "./mail-facts.ts";
import { enqueueMail } from "./outbox.ts";
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

/**
 * Enqueues a staff alert to each of `staff` (the settings' alert addresses: Notifier.mailSettings), in the caller's
 * transaction. `dedupeKey` names the event (e.g. 'staff-new-order:<orderId>'); each address gets it once. Returns
 * how many mails were added.
 */
export async function enqueueStaffAlert(tx: Db, staff: readonly string[], alert: Mail & { dedupeKey: string }): Promise<number> {
  let added = 0;
  for (const to of staff) {
    if (await enqueueMail(tx, { ...alert, to, dedupeKey: `${alert.dedupeKey}:${to}` })) added++;
  }
  return added;
}
