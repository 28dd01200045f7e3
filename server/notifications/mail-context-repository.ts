// What the e-mails need from the shop's settings: contacts, bank details, staff alert addresses.
import type { Db } from "../db/client.ts";

export const mailContextRepository = (db: Db) => ({
  shopSettings: () =>
    db.shopSettings.findUnique({
      where: { id: 1 },
      select: { phones: true, emails: true, bankName: true, accountHolder: true, accountNumber: true, iban: true, staffAlertEmails: true },
    }),
});
