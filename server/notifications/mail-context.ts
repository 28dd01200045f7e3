// Building the context every template needs, and staff alerts (one mail per address from the shop's settings).
import type { Db } from "../db/client.ts";
import { mailContextRepository } from "./mail-context-repository.ts";
import { enqueueMail } from "./outbox.ts";
import type { MailContent, MailContext } from "./templates.ts";

/** What the e-mails read of the settings row (null before it exists). */
type SettingsRow = Pick<
  NonNullable<Awaited<ReturnType<ReturnType<typeof mailContextRepository>["shopSettings"]>>>,
  "phones" | "emails" | "bankName" | "accountHolder" | "accountNumber" | "iban" | "staffAlertEmails"
> | null;

/** The shop's contacts and bank details from its settings, and the public base URL links are built on. */
export async function loadMailContext(db: Db, baseUrl: string): Promise<MailContext> {
  return contextOf(await mailContextRepository(db).shopSettings(), baseUrl);
}

/** The context and the staff alert addresses from a settings row already read (placement keeps it in memory). */
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

/** Distinct, trimmed, lower-cased addresses that receive staff alerts. */
export async function staffAlertAddresses(db: Db): Promise<string[]> {
  return alertAddressesOf(await mailContextRepository(db).shopSettings());
}

const alertAddressesOf = (row: SettingsRow): string[] => [...new Set((row?.staffAlertEmails ?? []).map((a) => a.trim().toLowerCase()).filter(Boolean))];

/**
 * Enqueues a staff alert to each address in the settings, in the caller's transaction. `dedupeKey` names the
 * event (e.g. 'staff-new-order:<orderId>'); each address gets it once. Returns how many mails were added.
 */
export async function enqueueStaffAlert(tx: Db, alert: { kind: string; dedupeKey: string; content: MailContent }): Promise<number> {
  let added = 0;
  for (const to of await staffAlertAddresses(tx)) {
    if (await enqueueMail(tx, { kind: alert.kind, to, dedupeKey: `${alert.dedupeKey}:${to}`, ...alert.content })) added++;
  }
  return added;
}
