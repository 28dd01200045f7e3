// Writing mail to the outbox (docs/design/notifications.md#the-outbox): in the same transaction as the event that
// causes it, so a rolled-back event sends nothing and a committed one loses nothing. A row keeps the mail's facts
// (mail/facts.ts); the sender (sender.ts) renders and sends it after the commit.
import type { Db } from "../../db/client.ts";
import { storedMail, type Mail } from "../mail/facts.ts";
import type { MailSealer } from "../mail/secrets.ts";
import { outboxRepository, type NewMail } from "./repository.ts";

/** A mail to enqueue: its recipient, its kind and the facts it states as of now. */
export type OutgoingMail = Mail & { to: string; dedupeKey?: string | null };

/** The outbox row of `mail` (a kind with secret facts needs the sealer). */
export function newMail({ to, dedupeKey, ...mail }: OutgoingMail, sealer?: MailSealer): NewMail {
  if (!to.trim()) throw new Error("enqueueMail: empty recipient");
  return { ...storedMail(mail as Mail, sealer), to, dedupeKey };
}

/** Writes a mail to the outbox with the caller's transaction client. False when its dedupeKey was already used. */
export function enqueueMail(tx: Db, mail: OutgoingMail, sealer?: MailSealer): Promise<boolean> {
  return outboxRepository(tx).insert(newMail(mail, sealer));
}

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
